/* Lua's angle constraint (core/angle.c): a userdata holding a tt_angle_id.
 *
 *   local k = world:angle{ a = hip, b = knee, c = ankle, min = 0, max = 2.6 }
 *   world:angle{ a = p, b = q, c = r, rest = 0.3, compliance = 1e-3 }
 * The bend at b is 0 when a, b, c are in line; signed in 2D
 * (counter-clockwise positive), in [0, pi] in 3D; radians. Without rest or
 * compliance but with min or max, it only limits (a free joint); without
 * any of them it keeps the bend it has (rigid). rest defaults to the bend
 * now, compliance (rad/(N m)) to 0, min and max to -pi and pi.
 *   k.rest, k.compliance, k.min, k.max                (read and write)
 *   k.a, k.b, k.c, k.angle (the bend now)             (read only)
 *   k:destroy() */
#include <math.h>
#include <stddef.h>

#include "bind.h"

#define NAME "angle"

static tt_angle_id check(lua_State *L, int arg)
{
	tt_angle_id id = *(tt_angle_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_angle_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_ANGLE_STALE));
	return id;
}

static void push(lua_State *L, tt_angle_id id)
{
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
}

static tt_angle_id self(lua_State *L)
{
	return *(tt_angle_id *)lua_touserdata(L, 1);
}

static int get_a(lua_State *L)
{
	tt_bind_push_particle(L, tt_angle_get_def(self(L)).a);
	return 1;
}

static int get_b(lua_State *L)
{
	tt_bind_push_particle(L, tt_angle_get_def(self(L)).b);
	return 1;
}

static int get_c(lua_State *L)
{
	tt_bind_push_particle(L, tt_angle_get_def(self(L)).c);
	return 1;
}

static int get_angle(lua_State *L)
{
	lua_pushnumber(L, tt_angle_get_angle(self(L)));
	return 1;
}

/* The float field at offset of the definition: read, or written back. */
static int get_field(lua_State *L, size_t offset)
{
	tt_angle_def def = tt_angle_get_def(self(L));
	lua_pushnumber(L, *(float *)((char *)&def + offset));
	return 1;
}

static int set_field(lua_State *L, size_t offset)
{
	tt_angle_def def = tt_angle_get_def(self(L));
	*(float *)((char *)&def + offset) = tt_bind_prop_float(L);
	tt_bind_prop_status(L, tt_angle_set_def(self(L), &def));
	return 0;
}

#define FIELD(name)                                                   \
	static int get_##name(lua_State *L)                           \
	{                                                             \
		return get_field(L, offsetof(tt_angle_def, name));    \
	}                                                             \
	static int set_##name(lua_State *L)                           \
	{                                                             \
		return set_field(L, offsetof(tt_angle_def, name));    \
	}
FIELD(rest)
FIELD(compliance)
FIELD(min)
FIELD(max)

static int angle_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_angle_destroy(check(L, 1)));
	return 0;
}

static int angle_tostring(lua_State *L)
{
	tt_angle_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_angle_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_angle_valid(*(const tt_angle_id *)id) ? TT_OK
							: TT_ERR_ANGLE_STALE;
}

static int has(lua_State *L, int arg, const char *key)
{
	int present = lua_getfield(L, arg, key) != LUA_TNIL;
	lua_pop(L, 1);
	return present;
}

/* world:angle{...} */
int tt_bind_world_angle(lua_State *L)
{
	static const char *const keys[] = {"a",	  "b",	 "c",	"rest",
					   "min", "max", "compliance", NULL};
	tt_world_id world = tt_bind_check_world(L, 1);
	tt_bind_check_options(L, 2, keys);
	tt_angle_def def = tt_angle_def_default();
	int limits_only = (has(L, 2, "min") || has(L, 2, "max")) &&
			  !has(L, 2, "rest") && !has(L, 2, "compliance");
	def.a = tt_bind_option_particle(L, 2, "a", world);
	def.b = tt_bind_option_particle(L, 2, "b", world);
	def.c = tt_bind_option_particle(L, 2, "c", world);
	def.rest = tt_bind_opt_float(L, 2, "rest", def.rest);
	def.compliance = limits_only ? INFINITY
				     : tt_bind_opt_float(L, 2, "compliance", 0.0f);
	def.min = tt_bind_opt_float(L, 2, "min", def.min);
	def.max = tt_bind_opt_float(L, 2, "max", def.max);
	tt_angle_id id;
	tt_bind_check_status(L, 2, tt_angle_create(world, &def, &id));
	push(L, id);
	return 1;
}

static const luaL_Reg methods[] = {
	{"destroy", angle_destroy},
	{NULL, NULL},
};

static const tt_prop props[] = {
	{"a", get_a, NULL},
	{"b", get_b, NULL},
	{"c", get_c, NULL},
	{"angle", get_angle, NULL},
	{"rest", get_rest, set_rest},
	{"compliance", get_compliance, set_compliance},
	{"min", get_min, set_min},
	{"max", get_max, set_max},
	{NULL, NULL, NULL},
};

void tt_bind_angle_class(lua_State *L)
{
	static const tt_class cls = {NAME, methods, props, alive,
				     angle_tostring, NULL, NULL};
	tt_bind_class(L, &cls);
}
