/* g:solid{...}: a lit solid drawn by the view (view/solids.c), read from
 * an option table in the manner of world:collider{...}:
 *
 *   g:solid{shape = "sphere", center = {x, y, z}, radius = r}
 *   g:solid{shape = "capsule", center, radius, length, rotation}  axis: local x
 *   g:solid{shape = "box", center, size = {w, h, d}, rotation}
 *   g:solid{shape = "plane", center, normal, size = s}       an s x s patch
 *   g:solid{shape = "hull", center, points = {{x, y, z}, ...}, rotation}
 *
 * rotation is a quaternion {w, x, y, z} (default {1, 0, 0, 0}); length and
 * size are whole lengths, as for colliders. */
#include <math.h>

#include "bind.h"
#include "draw.h"

#define MAX_POINTS 64

static const char *const shapes[] = {"sphere", "capsule", "box", "plane",
				     "hull", NULL};

static void read_rotation(lua_State *L, int arg, float q[4])
{
	q[0] = 1.0f, q[1] = q[2] = q[3] = 0.0f;
	if (lua_getfield(L, arg, "rotation") == LUA_TNIL) {
		lua_pop(L, 1);
		return;
	}
	int ok = lua_istable(L, -1) && luaL_len(L, -1) == 4;
	for (int i = 0; ok && i < 4; i++) {
		lua_geti(L, -1, i + 1);
		q[i] = (float)lua_tonumberx(L, -1, &ok);
		ok = ok && isfinite(q[i]);
		lua_pop(L, 1);
	}
	if (!ok || q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] == 0.0f)
		luaL_argerror(L, arg, "rotation must be a quaternion {w, x, y, z} "
				      "of finite numbers, not all 0");
	lua_pop(L, 1);
}

static int read_points(lua_State *L, int arg, tt_vec3 *points)
{
	if (lua_getfield(L, arg, "points") != LUA_TTABLE)
		luaL_argerror(L, arg, "a hull needs points = {{x, y, z}, ...}");
	lua_Integer n = luaL_len(L, -1);
	if (n < 4 || n > MAX_POINTS)
		luaL_argerror(L, arg, "a hull needs 4 to 64 points");
	for (int i = 0; i < n; i++) {
		lua_geti(L, -1, i + 1);
		points[i] = tt_bind_check_vec(L, lua_gettop(L));
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
	return (int)n;
}

static float positive(lua_State *L, int arg, const char *key, float def)
{
	float v = tt_bind_opt_float(L, arg, key, def);
	if (!(v > 0.0f))
		luaL_argerror(L, arg, lua_pushfstring(L, "%s must be > 0", key));
	return v;
}

void tt_bind_read_solid(lua_State *L, int arg, tt_solid *s, tt_vec3 *points)
{
	static const char *const keys[] = {"shape", "center", "rotation", "radius",
					   "length", "size", "normal", "points",
					   NULL};
	luaL_checktype(L, arg, LUA_TTABLE);
	tt_bind_check_options(L, arg, keys);
	int shape = tt_bind_opt_enum(L, arg, "shape", shapes, 0);
	*s = (tt_solid){.shape = (tt_solid_shape)shape};
	s->center = tt_bind_opt_vec(L, arg, "center", (tt_vec3){0, 0, 0});
	read_rotation(L, arg, s->rotation);
	if (s->shape == TT_SOLID_SPHERE || s->shape == TT_SOLID_CAPSULE)
		s->radius = positive(L, arg, "radius", 0.5f);
	if (s->shape == TT_SOLID_CAPSULE)
		s->half_length = 0.5f * positive(L, arg, "length", 1.0f);
	if (s->shape == TT_SOLID_BOX) {
		tt_vec3 size = tt_bind_opt_vec(L, arg, "size", (tt_vec3){1, 1, 1});
		s->half_extents =
			(tt_vec3){0.5f * size.x, 0.5f * size.y, 0.5f * size.z};
	}
	if (s->shape == TT_SOLID_PLANE) {
		s->normal = tt_bind_opt_vec(L, arg, "normal", (tt_vec3){0, 1, 0});
		s->half_size = 0.5f * positive(L, arg, "size", 20.0f);
	}
	if (s->shape == TT_SOLID_HULL) {
		s->point_count = read_points(L, arg, points);
		s->points = points;
	}
}
