/* taut.mesh: triangle meshes (core/mesh.h) as userdata, drawn by
 * g:mesh(mesh [, texture]) in 2D and 3D.
 *
 *   taut.mesh{vertices = {{x, y [, z]}, ...}, triangles = {{1, 2, 3}, ...},
 *             uvs = {{u, v}, ...}}         uvs optional, one per vertex
 *   taut.mesh("file.obj")                  Wavefront OBJ (core/mesh_obj.c)
 *   #mesh, mesh.vertex_count, mesh.triangle_count, mesh.has_uv
 *   mesh:vertex(i) --> {x, y, z}     mesh:set_vertices({{x, y, z}, ...} [, first])
 *   mesh:bounds() --> lo, hi
 *
 * Indices are 1-based in Lua, as OBJ's are. uv (0, 0) is the image's bottom
 * left. The vertices are meant to be written in bulk from C by the
 * composites that drive them (tt_bind_check_mesh gives the tt_mesh); a
 * frame draws them with no Lua call per vertex. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/mesh.h"
#include "bind.h"
#include "guard.h"

#define NAME "mesh"
#define MAX_OBJ_BYTES ((long)1 << 30)

tt_mesh *tt_bind_check_mesh(lua_State *L, int arg)
{
	return tt_bind_check_box(L, arg, NAME);
}

static int mesh_gc(lua_State *L)
{
	tt_mesh **p = tt_bind_check_self(L, NAME, "__gc");
	tt_mesh_destroy(*p);
	*p = NULL;
	return 0;
}

static int mesh_len(lua_State *L)
{
	tt_mesh **p = tt_bind_check_self(L, NAME, "__len");
	if (!*p)
		return luaL_error(L, "cannot read '#' (" NAME " was closed)");
	lua_pushinteger(L, (*p)->vertex_count);
	return 1;
}

static int mesh_vertex(lua_State *L)
{
	tt_mesh *m = tt_bind_check_mesh(L, 1);
	lua_Integer i = luaL_checkinteger(L, 2);
	luaL_argcheck(L, i >= 1 && i <= m->vertex_count, 2, "vertex index out of range");
	const float *p = m->position + 3 * (i - 1);
	tt_bind_push_vec(L, (tt_vec3){p[0], p[1], p[2]}, 1);
	return 1;
}

/* Item k (1-based) of the list at idx, a list of min..3 finite numbers,
 * into out (missing ones 0); else an error on argument arg naming what. */
static void list_item(lua_State *L, int idx, int arg, lua_Integer k, int min,
		      float *out, const char *what)
{
	int ok = lua_geti(L, idx, k) == LUA_TTABLE;
	lua_Integer n = ok ? luaL_len(L, -1) : 0;
	ok = ok && n >= min && n <= 3;
	for (int c = 0; c < 3; c++) {
		int is_num = 1;
		out[c] = 0.0f;
		if (ok && c < n) {
			lua_geti(L, -1, c + 1);
			out[c] = (float)lua_tonumberx(L, -1, &is_num);
			lua_pop(L, 1);
		}
		ok = ok && is_num && isfinite(out[c]);
	}
	lua_pop(L, 1);
	if (!ok)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s %d must be %d to 3 finite "
						      "numbers", what, (int)k, min));
}

/* The n vertices of the list at idx into m from vertex first (0-based). */
static void fill_vertices(lua_State *L, int idx, int arg, tt_mesh *m,
			  lua_Integer first, lua_Integer n)
{
	for (lua_Integer k = 1; k <= n; k++)
		list_item(L, idx, arg, k, 2, m->position + 3 * (first + k - 1),
			  "vertex");
}

static int mesh_set_vertices(lua_State *L)
{
	tt_mesh *m = tt_bind_check_mesh(L, 1);
	luaL_checktype(L, 2, LUA_TTABLE);
	lua_Integer first = luaL_optinteger(L, 3, 1), n = luaL_len(L, 2);
	luaL_argcheck(L, first >= 1 && first - 1 + n <= m->vertex_count, 3,
		      "vertices past the end of the mesh");
	fill_vertices(L, 2, 2, m, first - 1, n);
	return 0;
}

static int mesh_bounds(lua_State *L)
{
	tt_vec3 lo, hi;
	tt_mesh_bounds(tt_bind_check_mesh(L, 1), &lo, &hi);
	tt_bind_push_vec(L, lo, 1);
	tt_bind_push_vec(L, hi, 1);
	return 2;
}

/* Fields, then the methods (upvalue 1: not the metatable, whose __gc a
 * script must not reach). */
static int mesh_index(lua_State *L)
{
	tt_mesh *m = tt_bind_box_index(L, NAME);
	const char *key = luaL_checkstring(L, 2);
	if (strcmp(key, "vertex_count") == 0)
		lua_pushinteger(L, m->vertex_count);
	else if (strcmp(key, "triangle_count") == 0)
		lua_pushinteger(L, m->triangle_count);
	else if (strcmp(key, "has_uv") == 0)
		lua_pushboolean(L, m->has_uv);
	else if (lua_getfield(L, lua_upvalueindex(1), key) == LUA_TNIL)
		return luaL_error(L, NAME " has no field '%s'", key);
	return 1;
}

void tt_bind_push_mesh(lua_State *L, tt_mesh *mesh)
{
	static const luaL_Reg methods[] = {
		{"vertex", mesh_vertex}, {"set_vertices", mesh_set_vertices},
		{"bounds", mesh_bounds}, {NULL, NULL},
	};
	static const luaL_Reg events[] = {
		{"__len", mesh_len}, {"__gc", mesh_gc}, {NULL, NULL},
	};
	tt_mesh **p = lua_newuserdatauv(L, sizeof *p, 0);
	*p = mesh;
	if (luaL_newmetatable(L, NAME)) {
		tt_bind_protect(L, NAME);
		luaL_setfuncs(L, events, 0);
		luaL_newlib(L, methods);
		lua_pushcclosure(L, mesh_index, 1);
		lua_setfield(L, -2, "__index");
	}
	lua_setmetatable(L, -2);
}

/* The field `key` of the options at 1 pushed: its length, or -1 when it
 * is nil and not required. */
static lua_Integer list_field(lua_State *L, const char *key, int required)
{
	int type = lua_getfield(L, 1, key);
	if (type == LUA_TNIL && !required)
		return -1;
	if (type != LUA_TTABLE)
		luaL_argerror(L, 1, lua_pushfstring(L, "'%s' must be a list", key));
	return luaL_len(L, -1);
}

static void bad_index(lua_State *L, int t, float index, int count)
{
	if (index == floorf(index) && fabsf(index) < 1e9f)
		lua_pushfstring(L, "%d", (int)index);
	else
		lua_pushfstring(L, "%f", (lua_Number)index);
	luaL_argerror(L, 1, lua_pushfstring(L, "triangle %d names vertex %s, but "
					    "the mesh has %d vertices", t + 1,
					    lua_tostring(L, -1), count));
}

/* The triangles list at idx into m (1-based in, 0-based stored). */
static void fill_triangles(lua_State *L, int idx, tt_mesh *m)
{
	for (int t = 0; t < m->triangle_count; t++) {
		float c[3];
		list_item(L, idx, 1, t + 1, 3, c, "triangle");
		for (int k = 0; k < 3; k++) {
			if (c[k] < 1.0f || c[k] > (float)m->vertex_count ||
			    c[k] != floorf(c[k]))
				bad_index(L, t, c[k], m->vertex_count);
			m->triangle[3 * t + k] = (int32_t)c[k] - 1;
		}
	}
}

static void fill_uvs(lua_State *L, int idx, tt_mesh *m)
{
	for (int i = 0; i < m->vertex_count; i++) {
		float uv[3];
		list_item(L, idx, 1, i + 1, 2, uv, "uv");
		m->uv[2 * i] = uv[0], m->uv[2 * i + 1] = uv[1];
	}
}

/* taut.mesh{vertices, triangles, uvs}: stack 2, 3, 4 hold the lists. */
static int from_table(lua_State *L)
{
	static const char *const keys[] = {"vertices", "triangles", "uvs", NULL};
	tt_bind_check_options(L, 1, keys);
	lua_Integer nv = list_field(L, "vertices", 1);
	lua_Integer nt = list_field(L, "triangles", 1);
	lua_Integer nuv = list_field(L, "uvs", 0);
	luaL_argcheck(L, nv >= 1 && nv <= TT_MESH_MAX_VERTICES, 1,
		      "a mesh needs 1 to 16777216 vertices");
	luaL_argcheck(L, nt >= 1, 1, "no triangles (a mesh needs at least one)");
	luaL_argcheck(L, nt <= TT_MESH_MAX_TRIANGLES, 1, "too many triangles");
	if (nuv >= 0 && nuv != nv)
		luaL_argerror(L, 1, lua_pushfstring(L, "%d uvs for %d vertices "
						    "(one each)", (int)nuv, (int)nv));
	tt_mesh *m = tt_mesh_create((int)nv, (int)nt, nuv >= 0);
	if (!m)
		return luaL_error(L, "not enough memory for the mesh");
	tt_bind_push_mesh(L, m);  /* Lua owns it now: an error below frees it */
	fill_vertices(L, 2, 1, m, 0, nv);
	fill_triangles(L, 3, m);
	if (nuv >= 0)
		fill_uvs(L, 4, m);
	return 1;
}

/* The whole file at path, malloc'd; NULL and the reason on failure. */
static char *read_file(const char *path, size_t *size, const char **why)
{
	FILE *f = fopen(path, "rb");
	long n = -1;
	char *text = NULL;
	if (f && fseek(f, 0, SEEK_END) == 0)
		n = ftell(f);
	if (f && n >= 0 && n < MAX_OBJ_BYTES && fseek(f, 0, SEEK_SET) == 0)
		text = malloc((size_t)n + 1);
	*why = !f ? strerror(errno) : n >= MAX_OBJ_BYTES ? "over 1 GiB"
						       : "cannot read it";
	if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
		free(text);
		text = NULL;
	}
	if (f)
		fclose(f);
	*size = (size_t)n;
	return text;
}

/* taut.mesh("file.obj"): errors name the file and its line. */
static int from_obj(lua_State *L)
{
	const char *path = tt_sandbox_path(L, 1, 0), *why;
	size_t size;
	char *text = read_file(path, &size, &why), err[256];
	if (!text)
		return luaL_error(L, "cannot read mesh '%s' (%s)", path, why);
	int line;
	tt_mesh *m = tt_mesh_parse_obj(text, size, &line, err, sizeof err);
	free(text);
	if (!m && line > 0)
		return luaL_error(L, "%s:%d: %s", path, line, err);
	if (!m)
		return luaL_error(L, "%s: %s", path, err);
	tt_bind_push_mesh(L, m);
	return 1;
}

int tt_bind_mesh_create(lua_State *L)
{
	if (lua_type(L, 1) == LUA_TSTRING)
		return from_obj(L);
	luaL_argcheck(L, lua_istable(L, 1), 1,
		      "a table {vertices, triangles [, uvs]} or an OBJ file name "
		      "expected");
	return from_table(L);
}
