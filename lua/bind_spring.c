/* Lua's spring (distance constraint): a userdata holding a tt_spring_id.
 *
 *   local s = world:spring{ a = p, b = q, compliance = 1e-4, kind = "tether" }
 *   s.rest_length, s.compliance, s.stretch_damping (1/s, damps the rate it
 *   stretches at: for soft springs), s.kind,
 *   s.max_force (breaks above it: event "break"),
 *   s.max_strain (tears past it: event "cut")          (read and write)
 *   s.a, s.b, s.length, s.strain, s.force (N, last substep)  (read only)
 *   s:destroy(), s:cut(t) (see bind_cut.c) */
#include <string.h>

#include "bind.h"

#define NAME "spring"

const char *const tt_bind_spring_kinds[] = {"rod", "tether", "spring", NULL};
#define kinds tt_bind_spring_kinds

tt_spring_id tt_bind_check_spring(lua_State *L, int arg)
{
	tt_spring_id id = *(tt_spring_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_spring_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_SPRING_STALE));
	return id;
}

void tt_bind_push_spring(lua_State *L, tt_spring_id id)
{
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
}

static tt_spring_id self(lua_State *L)
{
	return *(tt_spring_id *)lua_touserdata(L, 1);
}

static int get_a(lua_State *L)
{
	tt_bind_push_particle(L, tt_spring_get_a(self(L)));
	return 1;
}

static int get_b(lua_State *L)
{
	tt_bind_push_particle(L, tt_spring_get_b(self(L)));
	return 1;
}

static int get_length(lua_State *L)
{
	lua_pushnumber(L, tt_spring_get_length(self(L)));
	return 1;
}

static int get_strain(lua_State *L)
{
	tt_spring_id id = self(L);
	float rest = tt_spring_get_rest_length(id);
	lua_pushnumber(L, rest > 0.0f ? (tt_spring_get_length(id) - rest) / rest
				      : 0.0f);
	return 1;
}

static int get_rest_length(lua_State *L)
{
	lua_pushnumber(L, tt_spring_get_rest_length(self(L)));
	return 1;
}

static int set_rest_length(lua_State *L)
{
	tt_bind_prop_status(L, tt_spring_set_rest_length(self(L),
							 tt_bind_prop_float(L)));
	return 0;
}

static int get_compliance(lua_State *L)
{
	lua_pushnumber(L, tt_spring_get_compliance(self(L)));
	return 1;
}

static int set_compliance(lua_State *L)
{
	tt_bind_prop_status(L, tt_spring_set_compliance(self(L),
							tt_bind_prop_float(L)));
	return 0;
}

static int get_stretch_damping(lua_State *L)
{
	lua_pushnumber(L, tt_spring_get_stretch_damping(self(L)));
	return 1;
}

static int set_stretch_damping(lua_State *L)
{
	tt_bind_prop_status(L, tt_spring_set_stretch_damping(self(L),
							     tt_bind_prop_float(L)));
	return 0;
}

/* 'damping' on a spring damped only its stretching, which a rod never
 * does, so scenes that set it expecting motion to settle were misled: it
 * is now stretch_damping, and the old name says so. */
#define RENAMED "a spring's 'damping' is now 'stretch_damping' (it damps " \
		"stretching only); to damp motion give the particles or the " \
		"rope a 'damping'"

static int renamed_get(lua_State *L)
{
	return luaL_error(L, "cannot read 'damping' (" RENAMED ")");
}

static int renamed_set(lua_State *L)
{
	return luaL_error(L, "cannot set 'damping' (" RENAMED ")");
}

static int get_force(lua_State *L)
{
	lua_pushnumber(L, tt_spring_get_force(self(L)));
	return 1;
}

static int get_max_force(lua_State *L)
{
	lua_pushnumber(L, tt_spring_get_max_force(self(L)));
	return 1;
}

static int set_max_force(lua_State *L)
{
	tt_bind_prop_status(L, tt_spring_set_max_force(self(L),
						       tt_bind_prop_float(L)));
	return 0;
}

static int get_drag(lua_State *L)
{
	lua_pushnumber(L, tt_spring_get_drag(self(L)));
	return 1;
}

static int set_drag(lua_State *L)
{
	tt_bind_prop_status(L, tt_spring_set_drag(self(L), tt_bind_prop_float(L)));
	return 0;
}

static int get_max_strain(lua_State *L)
{
	lua_pushnumber(L, tt_spring_get_max_strain(self(L)));
	return 1;
}

static int set_max_strain(lua_State *L)
{
	tt_bind_prop_status(L, tt_spring_set_max_strain(self(L),
							tt_bind_prop_float(L)));
	return 0;
}

static int get_kind(lua_State *L)
{
	lua_pushstring(L, tt_spring_kind_name(tt_spring_get_kind(self(L))));
	return 1;
}

static int set_kind(lua_State *L)
{
	const char *name = lua_tostring(L, 3);
	for (int k = 0; name && kinds[k]; k++)
		if (strcmp(kinds[k], name) == 0)
			return tt_spring_set_kind(self(L), (tt_spring_kind)k), 0;
	return luaL_error(L, "cannot set 'kind' (expected rod, tether, spring)");
}

static int spring_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_spring_destroy(tt_bind_check_spring(L, 1)));
	return 0;
}

static int spring_tostring(lua_State *L)
{
	tt_spring_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_spring_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_spring_valid(*(const tt_spring_id *)id) ? TT_OK
							  : TT_ERR_SPRING_STALE;
}

/* world:spring{...}: the options a spring is made from. */
int tt_bind_spring_create(lua_State *L, tt_world_id world, int arg)
{
	static const char *const keys[] = {"a",	"b", "rest_length", "compliance",
					   "stretch_damping", "kind", "max_force",
					   "drag", "max_strain", NULL};
	if (lua_istable(L, arg) && lua_getfield(L, arg, "damping") != LUA_TNIL)
		luaL_argerror(L, arg, RENAMED);
	tt_bind_check_options(L, arg, keys);
	tt_spring_def def = tt_spring_def_default();
	def.a = tt_bind_option_particle(L, arg, "a", world);
	def.b = tt_bind_option_particle(L, arg, "b", world);
	def.rest_length = tt_bind_opt_float(L, arg, "rest_length", -1.0f);
	def.compliance = tt_bind_opt_float(L, arg, "compliance", 0.0f);
	def.stretch_damping = tt_bind_opt_float(L, arg, "stretch_damping", 0.0f);
	def.kind = (tt_spring_kind)tt_bind_opt_enum(L, arg, "kind", kinds,
						    TT_SPRING_ROD);
	def.max_force = tt_bind_opt_float(L, arg, "max_force", 0.0f);
	def.drag = tt_bind_opt_float(L, arg, "drag", 0.0f);
	def.max_strain = tt_bind_opt_float(L, arg, "max_strain", 0.0f);
	tt_spring_id id;
	tt_bind_check_status(L, arg, tt_spring_create(world, &def, &id));
	tt_bind_push_spring(L, id);
	return 1;
}

static const luaL_Reg methods[] = {
	{"destroy", spring_destroy},
	{"cut", tt_bind_spring_cut},
	{NULL, NULL},
};

static const tt_prop props[] = {
	{"a", get_a, NULL},
	{"b", get_b, NULL},
	{"length", get_length, NULL},
	{"strain", get_strain, NULL},
	{"rest_length", get_rest_length, set_rest_length},
	{"compliance", get_compliance, set_compliance},
	{"stretch_damping", get_stretch_damping, set_stretch_damping},
	{"damping", renamed_get, renamed_set},
	{"kind", get_kind, set_kind},
	{"force", get_force, NULL},
	{"max_force", get_max_force, set_max_force},
	{"drag", get_drag, set_drag},
	{"max_strain", get_max_strain, set_max_strain},
	{NULL, NULL, NULL},
};

void tt_bind_spring_class(lua_State *L)
{
	static const tt_class cls = {NAME, methods, props, alive,
				     spring_tostring, NULL, NULL};
	tt_bind_class(L, &cls);
}
