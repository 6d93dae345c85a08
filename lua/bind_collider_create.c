/* world:collider{...}: reading a collider definition from an option
 * table (see bind_collider.c for the keys of each shape; the 3D ones are
 * read by bind_collider3.c). */
#include <math.h>

#include "bind.h"

void tt_bind_collider_points(lua_State *L, int arg, tt_collider_def *def,
			     int min, int max, const char *expected)
{
	if (lua_getfield(L, arg, "points") == LUA_TNIL) {
		lua_pop(L, 1);
		return;
	}
	int t = lua_gettop(L);
	lua_Integer n = lua_istable(L, t) ? luaL_len(L, t) : -1;
	if (n < min || n > max)
		luaL_argerror(L, arg, lua_pushfstring(L, "points: a table of %d to "
					     "%d %s expected", min, max, expected));
	for (int i = 0; i < n; i++) {
		lua_geti(L, t, i + 1);
		if (lua_type(L, -1) != LUA_TTABLE || luaL_len(L, -1) < 2)
			luaL_argerror(L, arg, lua_pushfstring(L, "points[%d]: %s "
							     "expected", i + 1, expected));
		def->points[i] = tt_bind_check_vec(L, lua_gettop(L));
		lua_pop(L, 1);
	}
	def->point_count = (int)n;
	lua_pop(L, 1);
}

int tt_bind_collider_normal(lua_State *L, int arg, int is_3d, tt_vec3 *n)
{
	*n = tt_bind_opt_vec(L, arg, "normal", (tt_vec3){0, 0, 0});
	n->z = is_3d ? n->z : 0.0f;
	if (n->x != 0.0f || n->y != 0.0f || n->z != 0.0f)
		return 1;
	lua_getfield(L, arg, "normal");
	if (!lua_isnil(L, -1))
		luaL_argerror(L, arg, "normal: non-zero vector expected");
	lua_pop(L, 1);
	return 0;
}

/* A plane's normal = {x, y} turns it: the normal is (0, 1) turned by
 * angle, so angle = atan2(-x, y). */
static void read_normal(lua_State *L, int arg, tt_collider_def *def)
{
	tt_vec3 n;
	if (tt_bind_collider_normal(L, arg, 0, &n))
		def->angle = atan2f(-n.x, n.y);
}

int tt_bind_collider_create(lua_State *L, tt_world_id world, int arg)
{
	static const char *const keys[] = {
		"shape",       "center",     "angle",    "radius",
		"length",      "size",       "points",   "normal",
		"friction",    "kinetic_friction",       "restitution",
		"velocity",    "angular_velocity",       "enabled",
		"group",       "mask",       "rotation", NULL};
	tt_bind_check_options(L, arg, keys);
	int is_3d = tt_world_get_def(world).is_3d;
	tt_collider_def def = tt_collider_def_default();
	def.shape = tt_bind_collider_shape(L, arg, is_3d);
	def.position = tt_bind_opt_vec(L, arg, "center", def.position);
	def.radius = tt_bind_opt_float(L, arg, "radius", def.radius);
	def.length = tt_bind_opt_float(L, arg, "length", def.length);
	def.size = tt_bind_opt_vec(L, arg, "size", def.size);
	if (is_3d) {
		tt_bind_collider3_options(L, arg, &def);
	} else {
		tt_bind_collider3_refuse(L, arg);
		def.angle = tt_bind_opt_float(L, arg, "angle", def.angle);
		tt_bind_collider_points(L, arg, &def, 3, TT_MAX_POLYGON, "{x, y}");
		read_normal(L, arg, &def);
		def.angular_velocity = tt_bind_opt_float(L, arg, "angular_velocity",
							 0.0f);
	}
	def.friction = tt_bind_opt_float(L, arg, "friction", def.friction);
	def.kinetic_friction = tt_bind_opt_float(L, arg, "kinetic_friction",
						 def.kinetic_friction);
	def.restitution = tt_bind_opt_float(L, arg, "restitution", def.restitution);
	def.velocity = tt_bind_opt_vec(L, arg, "velocity", def.velocity);
	def.enabled = tt_bind_opt_bool(L, arg, "enabled", 1);
	def.group = tt_bind_opt_bits(L, arg, "group", def.group);
	def.mask = tt_bind_opt_bits(L, arg, "mask", def.mask);
	tt_collider_id id;
	tt_bind_check_status(L, arg, tt_collider_create(world, &def, &id));
	tt_bind_push_collider(L, id);
	return 1;
}
