/* World queries in Lua:
 *
 *   world:raycast(origin, direction [, max_distance [, what]]) -> hit or nil
 *     what: "all" (default), "colliders" or "springs"
 *     hit = { point, normal, distance, collider = c } for a collider, or
 *           { point, normal, distance, spring = s, fraction = f } for a
 *           rope segment (f from its end a to b)
 *   world:overlap(center [, radius]) -> { collider, ... }
 *   world:particles_in(lo, hi)       -> { particle, ... } in the box
 *   world:colliders()                -> every collider, in order
 * Hits are plain tables made fresh each call, so a script may keep them. */
#include <math.h>

#include "bind.h"

static void set_vec(lua_State *L, const char *key, tt_vec3 v, int is_3d)
{
	tt_bind_push_vec(L, v, is_3d);
	lua_setfield(L, -2, key);
}

int tt_bind_world_raycast(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_vec3 origin = tt_bind_check_vec(L, 2), dir = tt_bind_check_vec(L, 3);
	float max = lua_isnoneornil(L, 4) ? INFINITY : tt_bind_check_float(L, 4);
	luaL_argcheck(L, max >= 0.0f, 4, "max_distance must be >= 0");
	static const char *const whats[] = {"all", "colliders", "springs", NULL};
	static const int bits[] = {TT_RAY_ALL, TT_RAY_COLLIDERS, TT_RAY_SPRINGS};
	int what = bits[luaL_checkoption(L, 5, "all", whats)];
	tt_ray_hit hit;
	tt_status status;
	int found = tt_world_raycast(id, origin, dir, max, what, &hit, &status);
	tt_bind_check_status(L, status == TT_ERR_DIRECTION ? 3 : 2, status);
	if (!found) {
		lua_pushnil(L);
		return 1;
	}
	int is_3d = tt_world_get_def(id).is_3d;
	lua_createtable(L, 0, 5);
	set_vec(L, "point", hit.point, is_3d);
	set_vec(L, "normal", hit.normal, is_3d);
	lua_pushnumber(L, hit.distance);
	lua_setfield(L, -2, "distance");
	if (hit.collider.index1) {
		tt_bind_push_collider(L, hit.collider);
		lua_setfield(L, -2, "collider");
	} else {
		tt_bind_push_spring(L, hit.spring);
		lua_setfield(L, -2, "spring");
		lua_pushnumber(L, hit.fraction);
		lua_setfield(L, -2, "fraction");
	}
	return 1;
}

int tt_bind_world_overlap(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_vec3 center = tt_bind_check_vec(L, 2);
	float radius = lua_isnoneornil(L, 3) ? 0.0f : tt_bind_check_float(L, 3);
	luaL_argcheck(L, radius >= 0.0f, 3, "radius must be >= 0");
	int n = tt_world_overlap(id, center, radius, NULL, 0);
	tt_collider_id *found = lua_newuserdatauv(L, (size_t)(n ? n : 1) *
							 sizeof *found, 0);
	tt_world_overlap(id, center, radius, found, n);
	lua_createtable(L, n, 0);
	for (int k = 0; k < n; k++) {
		tt_bind_push_collider(L, found[k]);
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

int tt_bind_world_particles_in(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_vec3 lo = tt_bind_check_vec(L, 2), hi = tt_bind_check_vec(L, 3);
	if (!tt_world_get_def(id).is_3d)
		lo.z = hi.z = 0.0f;
	int n = tt_world_particles_in_box(id, lo, hi, NULL, 0);
	int32_t *index = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof *index, 0);
	tt_world_particles_in_box(id, lo, hi, index, n);
	lua_createtable(L, n, 0);
	for (int k = 0; k < n; k++) {
		tt_bind_push_particle(L, tt_world_particle_at(id, index[k]));
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

int tt_bind_world_colliders(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	int n = tt_world_collider_count(id);
	lua_createtable(L, n, 0);
	for (int k = 0; k < n; k++) {
		tt_bind_push_collider(L, tt_world_collider_at(id, k));
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}
