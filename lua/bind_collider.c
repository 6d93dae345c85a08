/* Lua's collider: a userdata holding a tt_collider_id.
 *
 *   local c = world:collider{ shape = "box", center = {0, 12}, size = {60, 1},
 *                             angle = 0, friction = 0.5, restitution = 0 }
 *   shapes: circle (radius), capsule (radius, length), box (size), polygon
 *   (points, about center), plane (center, normal or angle).
 *   c.position, c.angle, c.velocity, c.angular_velocity, c.friction,
 *   c.kinetic_friction, c.restitution, c.enabled, c.group, c.mask (read and
 *   write; position and angle teleport), c.shape, c.world, and the
 *   geometry it was made with: c.radius, c.length, c.size, c.points
 *   (read only)
 *   c:move_to(position [, angle])   c:destroy()
 * In a 3D world (bind_collider3.c) c.rotation replaces c.angle and
 * c.angular_velocity is a vector.
 * Collision filters (group, mask) are bit sets 0 .. 0xffffffff, shared with
 * particles (see tt_collide_filter). */
#include <stddef.h>
#include <string.h>

#include "bind.h"

#define NAME "collider"


tt_collider_id tt_bind_check_collider(lua_State *L, int arg)
{
	tt_collider_id id = *(tt_collider_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_collider_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_COLLIDER_STALE));
	return id;
}

void tt_bind_push_collider(lua_State *L, tt_collider_id id)
{
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
}

/* A bit set: an integer in [0, 2^32). */
static int to_bits(lua_State *L, int idx, uint32_t *out)
{
	int ok;
	lua_Integer n = lua_tointegerx(L, idx, &ok);
	*out = (uint32_t)n;
	return ok && n >= 0 && n <= 0xffffffffLL;
}

uint32_t tt_bind_opt_bits(lua_State *L, int arg, const char *key, uint32_t def)
{
	if (lua_getfield(L, arg, key) == LUA_TNIL) {
		lua_pop(L, 1);
		return def;
	}
	uint32_t bits;
	if (!to_bits(L, -1, &bits))
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: integer in [0, "
					     "0xffffffff] expected", key));
	lua_pop(L, 1);
	return bits;
}

uint32_t tt_bind_prop_bits(lua_State *L)
{
	uint32_t bits;
	if (!to_bits(L, 3, &bits))
		luaL_error(L, "cannot set '%s' (integer in [0, 0xffffffff] "
			   "expected)", lua_tostring(L, 2));
	return bits;
}

static tt_collider_id self(lua_State *L)
{
	return *(tt_collider_id *)lua_touserdata(L, 1);
}

static int is_3d(tt_collider_id id)
{
	return tt_world_get_def(id.world).is_3d;
}

/* Float properties live in tt_collider_def, found by name. */
static const struct {
	const char *name;
	size_t offset;
} floats[] = {
	{"angle", offsetof(tt_collider_def, angle)},
	{"angular_velocity", offsetof(tt_collider_def, angular_velocity)},
	{"friction", offsetof(tt_collider_def, friction)},
	{"kinetic_friction", offsetof(tt_collider_def, kinetic_friction)},
	{"restitution", offsetof(tt_collider_def, restitution)},
	{"radius", offsetof(tt_collider_def, radius)},
	{"length", offsetof(tt_collider_def, length)},
};

static float *float_field(lua_State *L, tt_collider_def *def)
{
	const char *key = lua_tostring(L, 2);
	size_t k = 0;
	while (strcmp(floats[k].name, key) != 0)
		k++;  /* only the names of props[] reach here */
	return (float *)((char *)def + floats[k].offset);
}

static int get_float(lua_State *L)
{
	tt_collider_def def = tt_collider_get_def(self(L));
	lua_pushnumber(L, *float_field(L, &def));
	return 1;
}

static int set_float(lua_State *L)
{
	tt_collider_def def = tt_collider_get_def(self(L));
	*float_field(L, &def) = tt_bind_prop_float(L);
	tt_bind_prop_status(L, tt_collider_set_def(self(L), &def));
	return 0;
}

/* angle: 2D only; angular_velocity: a number in 2D, a vector in 3D. */
static int get_angle(lua_State *L)
{
	tt_bind_collider_needs(L, 0, "read");
	return get_float(L);
}

static int set_angle(lua_State *L)
{
	tt_bind_collider_needs(L, 0, "set");
	return set_float(L);
}

static int get_angular(lua_State *L)
{
	return tt_bind_collider_is_3d(L) ? tt_bind_collider_get_spin(L)
					 : get_float(L);
}

static int set_angular(lua_State *L)
{
	return tt_bind_collider_is_3d(L) ? tt_bind_collider_set_spin(L)
					 : set_float(L);
}

/* position, velocity or size, by the key at 2. */
static tt_vec3 *vec_field(lua_State *L, tt_collider_def *def)
{
	char c = lua_tostring(L, 2)[0];
	return c == 'p' ? &def->position : c == 's' ? &def->size : &def->velocity;
}

static int get_vec(lua_State *L)
{
	tt_collider_def def = tt_collider_get_def(self(L));
	tt_bind_push_vec(L, *vec_field(L, &def), is_3d(self(L)));
	return 1;
}

static int set_vec(lua_State *L)
{
	tt_collider_def def = tt_collider_get_def(self(L));
	*vec_field(L, &def) = tt_bind_prop_vec(L);
	tt_bind_prop_status(L, tt_collider_set_def(self(L), &def));
	return 0;
}

/* c.points: a polygon's or hull's points about its centre (else empty). */
static int get_points(lua_State *L)
{
	tt_collider_def def = tt_collider_get_def(self(L));
	lua_createtable(L, def.point_count, 0);
	for (int i = 0; i < def.point_count; i++) {
		tt_bind_push_vec(L, def.points[i], is_3d(self(L)));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int get_enabled(lua_State *L)
{
	lua_pushboolean(L, tt_collider_get_def(self(L)).enabled);
	return 1;
}

static int set_enabled(lua_State *L)
{
	if (!lua_isboolean(L, 3))
		luaL_error(L, "cannot set 'enabled' (boolean expected, got %s)",
			   luaL_typename(L, 3));
	tt_collider_def def = tt_collider_get_def(self(L));
	def.enabled = lua_toboolean(L, 3);
	tt_bind_prop_status(L, tt_collider_set_def(self(L), &def));
	return 0;
}

static int get_bits(lua_State *L)
{
	tt_collider_def def = tt_collider_get_def(self(L));
	lua_pushinteger(L, lua_tostring(L, 2)[0] == 'g' ? def.group : def.mask);
	return 1;
}

static int set_bits(lua_State *L)
{
	tt_collider_def def = tt_collider_get_def(self(L));
	*(lua_tostring(L, 2)[0] == 'g' ? &def.group : &def.mask) =
		tt_bind_prop_bits(L);
	tt_bind_prop_status(L, tt_collider_set_def(self(L), &def));
	return 0;
}

static int get_shape(lua_State *L)
{
	lua_pushstring(L, tt_shape_kind_name(tt_collider_get_def(self(L)).shape));
	return 1;
}

static int get_world(lua_State *L)
{
	tt_bind_push_world(L, self(L).world, 0);
	return 1;
}

/* c:move_to(position [, angle]): reach it at the end of the next step. */
static int collider_move_to(lua_State *L)
{
	tt_collider_id id = tt_bind_check_collider(L, 1);
	if (is_3d(id))
		return tt_bind_collider_move_to3(L, id);
	tt_bind_collider_refuse_rotation(L, 3);
	tt_vec3 to = tt_bind_check_vec(L, 2);
	float angle = lua_isnoneornil(L, 3) ? tt_collider_get_def(id).angle
					    : tt_bind_check_float(L, 3);
	tt_bind_check_status(L, 2, tt_collider_move_to(id, to, angle));
	return 0;
}

static int collider_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_collider_destroy(tt_bind_check_collider(L, 1)));
	return 0;
}

static int collider_tostring(lua_State *L)
{
	tt_collider_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_collider_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_collider_valid(*(const tt_collider_id *)id)
		       ? TT_OK
		       : TT_ERR_COLLIDER_STALE;
}

static const luaL_Reg methods[] = {
	{"move_to", collider_move_to},
	{"destroy", collider_destroy},
	{NULL, NULL},
};

static const tt_prop props[] = {
	{"position", get_vec, set_vec},
	{"velocity", get_vec, set_vec},
	{"angle", get_angle, set_angle},
	{"angular_velocity", get_angular, set_angular},
	{"rotation", tt_bind_collider_get_rotation, tt_bind_collider_set_rotation},
	{"friction", get_float, set_float},
	{"kinetic_friction", get_float, set_float},
	{"restitution", get_float, set_float},
	{"enabled", get_enabled, set_enabled},
	{"group", get_bits, set_bits},
	{"mask", get_bits, set_bits},
	{"shape", get_shape, NULL},
	{"radius", get_float, NULL},
	{"length", get_float, NULL},
	{"size", get_vec, NULL},
	{"points", get_points, NULL},
	{"world", get_world, NULL},
	{NULL, NULL, NULL},
};

void tt_bind_collider_class(lua_State *L)
{
	static const tt_class cls = {NAME, methods, props, alive,
				     collider_tostring, NULL, NULL};
	tt_bind_class(L, &cls);
}
