/* Colliders of a 3D world in Lua: the 3D side of world:collider{...} and
 * of a collider's properties.
 *
 *   world:collider{ shape = "sphere" | "capsule" | "box" | "plane" | "hull",
 *                   center = {x, y, z}, rotation = {w, x, y, z},
 *                   radius, length (capsule, along its local x),
 *                   size = {x, y, z} (box), normal = {x, y, z} (plane),
 *                   points = {{x, y, z}, ...} (hull: 4 to 32),
 *                   angular_velocity = {x, y, z} (axis times rad/s), ... }
 *   c.rotation (read and write: a teleport), c:move_to(position [, rotation])
 * The names of the other dimension are errors that say what to use:
 * "shape 'circle' is 2D: in a 3D world use 'sphere'", "angle is 2D: in a
 * 3D world use rotation = {w, x, y, z}", and the same the other way. */
#include <string.h>

#include "bind.h"

static const char *const shapes2[] = {"circle", "capsule", "box", "plane",
				      "polygon", NULL};
static const char *const shapes3[] = {"sphere", "capsule", "box", "plane",
				      "hull", NULL};
static const tt_shape_kind kinds3[] = {TT_SHAPE_SPHERE, TT_SHAPE_CAPSULE,
				       TT_SHAPE_BOX, TT_SHAPE_PLANE,
				       TT_SHAPE_HULL};
/* The names one dimension has and the other lacks, pair by pair. */
static const char *const only2[] = {"circle", "polygon"};
static const char *const only3[] = {"sphere", "hull"};

#define ANGLE_IS_2D "angle is 2D: in a 3D world use rotation = {w, x, y, z}"
#define ROTATION_IS_3D "rotation is 3D: in a 2D world use angle"

static const char *dimension(int is_3d)
{
	return is_3d ? "3D" : "2D";
}

int tt_bind_collider_shape(lua_State *L, int arg, int is_3d)
{
	if (lua_getfield(L, arg, "shape") == LUA_TSTRING)
		for (int k = 0; k < 2; k++) {
			const char *mine = is_3d ? only3[k] : only2[k];
			const char *theirs = is_3d ? only2[k] : only3[k];
			if (strcmp(lua_tostring(L, -1), theirs) == 0)
				luaL_argerror(L, arg, lua_pushfstring(
					L, "shape '%s' is %s: in a %s world use '%s'",
					theirs, dimension(!is_3d), dimension(is_3d),
					mine));
		}
	lua_pop(L, 1);
	int i = tt_bind_opt_enum(L, arg, "shape", is_3d ? shapes3 : shapes2, 2);
	return is_3d ? kinds3[i] : (tt_shape_kind)i;
}

/* An option of the other dimension, refused with what to use instead. */
static void refuse(lua_State *L, int arg, const char *key, const char *why)
{
	if (lua_getfield(L, arg, key) != LUA_TNIL)
		luaL_argerror(L, arg, why);
	lua_pop(L, 1);
}

void tt_bind_collider3_refuse(lua_State *L, int arg)
{
	refuse(L, arg, "rotation", ROTATION_IS_3D);
}

void tt_bind_collider3_options(lua_State *L, int arg, tt_collider_def *def)
{
	tt_vec3 n;
	refuse(L, arg, "angle", ANGLE_IS_2D);
	def->rotation = tt_bind_opt_quat(L, arg, "rotation", def->rotation);
	tt_bind_collider_points(L, arg, def, 4, TT_MAX_HULL, "{x, y, z}");
	if (tt_bind_collider_normal(L, arg, 1, &n))  /* local +y is the normal */
		def->rotation = tt_quat_between((tt_vec3){0, 1, 0}, n);
	def->spin = tt_bind_opt_vec(L, arg, "angular_velocity", def->spin);
}

static tt_collider_id self(lua_State *L)
{
	return *(tt_collider_id *)lua_touserdata(L, 1);
}

int tt_bind_collider_is_3d(lua_State *L)
{
	return tt_world_get_def(self(L).world).is_3d;
}

void tt_bind_collider_needs(lua_State *L, int is_3d, const char *verb)
{
	if (tt_bind_collider_is_3d(L) != is_3d)
		luaL_error(L, "cannot %s '%s' (%s)", verb, lua_tostring(L, 2),
			   is_3d ? ROTATION_IS_3D : ANGLE_IS_2D);
}

int tt_bind_collider_get_rotation(lua_State *L)
{
	tt_bind_collider_needs(L, 1, "read");
	tt_bind_push_quat(L, tt_collider_get_def(self(L)).rotation);
	return 1;
}

int tt_bind_collider_set_rotation(lua_State *L)
{
	tt_bind_collider_needs(L, 1, "set");
	tt_collider_def def = tt_collider_get_def(self(L));
	def.rotation = tt_bind_prop_quat(L);
	tt_bind_prop_status(L, tt_collider_set_def(self(L), &def));
	return 0;
}

int tt_bind_collider_get_spin(lua_State *L)
{
	tt_bind_push_vec(L, tt_collider_get_def(self(L)).spin, 1);
	return 1;
}

int tt_bind_collider_set_spin(lua_State *L)
{
	tt_collider_def def = tt_collider_get_def(self(L));
	def.spin = tt_bind_prop_vec(L);
	tt_bind_prop_status(L, tt_collider_set_def(self(L), &def));
	return 0;
}

/* c:move_to(position [, rotation]) in a 3D world. */
int tt_bind_collider_move_to3(lua_State *L, tt_collider_id id)
{
	tt_vec3 to = tt_bind_check_vec(L, 2);
	if (lua_type(L, 3) == LUA_TNUMBER)
		luaL_argerror(L, 3, ANGLE_IS_2D);
	tt_quat q = lua_isnoneornil(L, 3) ? tt_collider_get_def(id).rotation
					  : tt_bind_check_quat(L, 3);
	tt_bind_check_status(L, 2, tt_collider_move_to_3d(id, to, q));
	return 0;
}

void tt_bind_collider_refuse_rotation(lua_State *L, int arg)
{
	if (lua_type(L, arg) == LUA_TTABLE)
		luaL_argerror(L, arg, ROTATION_IS_3D);
}
