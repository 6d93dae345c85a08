/* Lua's binding: a dense render mesh driven by a cloth (core/binding.h).
 *
 *   local skin = taut.mesh{...}            -- laid over the cloth at rest
 *   local b = cape:bind(skin [, {min_area = 0.01}])
 *   b:update() --> fallbacks              -- from the cloth as it is now
 *   g:mesh(b, texture)                     -- update, then draw its mesh
 *   g:binding(b)                           -- the debug layer
 *                                          -- (bind_binding_draw.c)
 *   b:vertex(i) --> triangle, u, v, w, offset   (triangle 1-based)
 *   b:skinned(i) --> {x, y, z}             -- where vertex i falls back to
 *   b.fallbacks, b.hidden, b.mesh, b.cloth, #b (vertices)
 *   b.min_area                             -- read and write
 * The userdata owns the core binding and keeps the mesh alive; its cloth
 * gone, every call says so. Called inside scene.draw, an update reads the
 * positions drawn between steps, so the mesh follows the blended proxy. */
#include "../core/binding.h"
#include "bind.h"

#define NAME "binding"


static tt_binding *self(lua_State *L)
{
	return *(tt_binding **)lua_touserdata(L, 1);
}

static tt_status alive(const void *ud)
{
	tt_binding *b = *(tt_binding *const *)ud;
	return b && tt_cloth_valid(tt_binding_cloth(b)) ? TT_OK
							: TT_ERR_CLOTH_STALE;
}

int tt_bind_is_binding(lua_State *L, int arg)
{
	return luaL_testudata(L, arg, NAME) != NULL;
}

tt_binding *tt_bind_check_binding(lua_State *L, int arg)
{
	tt_binding **p = tt_bind_check_class(L, arg, NAME);
	tt_status status = alive(p);
	if (status != TT_OK)
		luaL_argerror(L, arg, tt_status_message(status));
	return *p;
}

tt_mesh *tt_bind_binding_update(lua_State *L, int arg)
{
	tt_binding *b = tt_bind_check_binding(L, arg);
	lua_getiuservalue(L, arg, 1);
	tt_mesh *m = tt_bind_check_mesh(L, -1);
	tt_bind_check_status(L, arg, tt_binding_update(b, m));
	return m;
}

void tt_bind_binding_update_at(lua_State *L, int arg)
{
	tt_bind_binding_update(L, arg);
	lua_replace(L, arg);
}

static int binding_update(lua_State *L)
{
	tt_bind_binding_update(L, 1);
	lua_pushinteger(L, tt_binding_fallbacks(self(L)));
	return 1;
}

static int check_vertex(lua_State *L, tt_binding *b)
{
	lua_Integer i = luaL_checkinteger(L, 2);
	int n = tt_binding_vertex_count(b);
	luaL_argcheck(L, i >= 1 && i <= n, 2,
		      lua_pushfstring(L, "index out of range 1..%d", n));
	return (int)i - 1;
}

static int binding_vertex(lua_State *L)
{
	tt_binding *b = tt_bind_check_binding(L, 1);
	tt_bound v = tt_binding_vertex(b, check_vertex(L, b));
	lua_pushinteger(L, v.triangle + 1);
	lua_pushnumber(L, v.u);
	lua_pushnumber(L, v.v);
	lua_pushnumber(L, v.w);
	lua_pushnumber(L, v.offset);
	return 5;
}

static int binding_skinned(lua_State *L)
{
	tt_binding *b = tt_bind_check_binding(L, 1);
	tt_bind_push_vec(L, tt_binding_skinned(b, check_vertex(L, b)), 1);
	return 1;
}

static int binding_len(lua_State *L)
{
	lua_pushinteger(L, tt_binding_vertex_count(self(L)));
	return 1;
}

static int get_fallbacks(lua_State *L)
{
	lua_pushinteger(L, tt_binding_fallbacks(self(L)));
	return 1;
}

static int get_hidden(lua_State *L)
{
	lua_pushinteger(L, tt_binding_hidden(self(L)));
	return 1;
}

static int get_mesh(lua_State *L)
{
	lua_getiuservalue(L, 1, 1);
	return 1;
}

static int get_cloth(lua_State *L)
{
	tt_bind_push_cloth(L, tt_binding_cloth(self(L)));
	return 1;
}

static int get_min_area(lua_State *L)
{
	lua_pushnumber(L, tt_binding_get_min_area(self(L)));
	return 1;
}

static int set_min_area(lua_State *L)
{
	tt_bind_prop_status(L, tt_binding_set_min_area(self(L), tt_bind_prop_float(L)));
	return 0;
}

static int binding_tostring(lua_State *L)
{
	lua_pushfstring(L, NAME "(%d vertices)%s", tt_binding_vertex_count(self(L)),
			alive(lua_touserdata(L, 1)) == TT_OK ? "" : " (cloth destroyed)");
	return 1;
}

static int binding_gc(lua_State *L)
{
	tt_binding **p = lua_touserdata(L, 1);
	tt_binding_destroy(*p);
	*p = NULL;
	return 0;
}

void tt_bind_binding_class(lua_State *L)
{
	static const luaL_Reg methods[] = {
		{"update", binding_update},
		{"vertex", binding_vertex},
		{"skinned", binding_skinned},
		{NULL, NULL},
	};
	static const tt_prop props[] = {
		{"fallbacks", get_fallbacks, NULL},
		{"hidden", get_hidden, NULL},
		{"mesh", get_mesh, NULL},
		{"cloth", get_cloth, NULL},
		{"min_area", get_min_area, set_min_area},
		{NULL, NULL, NULL},
	};
	static const tt_class cls = {NAME,		methods,    props, alive,
				     binding_tostring, binding_gc, binding_len};
	tt_bind_class(L, &cls);
}

/* cloth:bind(mesh [, {min_area}]) */
int tt_bind_cloth_bind(lua_State *L)
{
	static const char *const keys[] = {"min_area", NULL};
	tt_cloth_id cloth = tt_bind_check_cloth(L, 1);
	tt_mesh *m = tt_bind_check_mesh(L, 2);
	int options = !lua_isnoneornil(L, 3);
	if (options)
		tt_bind_check_options(L, 3, keys);
	tt_binding **p = lua_newuserdatauv(L, sizeof *p, 1);
	*p = NULL;
	luaL_setmetatable(L, NAME);
	lua_pushvalue(L, 2);
	lua_setiuservalue(L, -2, 1);
	tt_bind_check_status(L, 1, tt_binding_create(cloth, m, p));
	if (options) {
		float min_area = tt_bind_opt_float(L, 3, "min_area",
						   tt_binding_get_min_area(*p));
		tt_bind_check_status(L, 3, tt_binding_set_min_area(*p, min_area));
	}
	return 1;
}
