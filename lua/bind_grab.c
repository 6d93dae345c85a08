/* Lua's grab (core/grab.c): a soft, force-limited pull of a particle.
 *
 *   local g = world:grab{ particle = p, target = {x, y} }
 *   world:grab{ particle = p, target = t, stiffness = 5, damping = 0.7,
 *               max_force = 200 }
 * stiffness is the spring's frequency (Hz) with the mass of the body the
 * particle belongs to, damping its damping ratio (1 critical), max_force
 * the most it pulls with (N; 0, the default: 10 times the body's weight).
 *   g.target, g.stiffness, g.damping, g.max_force          (read and write)
 *   g.particle, g.force (N, the last step's pull), g.force_limit (N, in
 *   effect), g.body_mass (kg), g.at_limit (true while it pulls with all it
 *   may; event "grab_limit" when it begins)                 (read only)
 *   g:destroy() (it goes by itself with its particle) */
#include <stddef.h>

#include "bind.h"

#define NAME "grab"

static tt_grab_id check(lua_State *L, int arg)
{
	tt_grab_id id = *(tt_grab_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_grab_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_GRAB_STALE));
	return id;
}

static tt_grab_id self(lua_State *L)
{
	return *(tt_grab_id *)lua_touserdata(L, 1);
}

static int get_particle(lua_State *L)
{
	tt_bind_push_particle(L, tt_grab_get_def(self(L)).particle);
	return 1;
}

static int get_target(lua_State *L)
{
	tt_grab_id id = self(L);
	tt_bind_push_vec(L, tt_grab_get_def(id).target,
			 tt_world_get_def(id.world).is_3d);
	return 1;
}

static int set_target(lua_State *L)
{
	tt_bind_prop_status(L, tt_grab_set_target(self(L), tt_bind_prop_vec(L)));
	return 0;
}

/* A float setting at offset of the definition: read, or written back. */
static int get_setting(lua_State *L, size_t offset)
{
	tt_grab_def def = tt_grab_get_def(self(L));
	lua_pushnumber(L, *(float *)((char *)&def + offset));
	return 1;
}

static int set_setting(lua_State *L, size_t offset)
{
	tt_grab_def def = tt_grab_get_def(self(L));
	*(float *)((char *)&def + offset) = tt_bind_prop_float(L);
	tt_bind_prop_status(L, tt_grab_set_def(self(L), &def));
	return 0;
}

#define SETTING(name)                                                 \
	static int get_##name(lua_State *L)                           \
	{                                                             \
		return get_setting(L, offsetof(tt_grab_def, name));   \
	}                                                             \
	static int set_##name(lua_State *L)                           \
	{                                                             \
		return set_setting(L, offsetof(tt_grab_def, name));   \
	}
SETTING(stiffness)
SETTING(damping)
SETTING(max_force)

static int get_force(lua_State *L)
{
	lua_pushnumber(L, tt_grab_get_force(self(L)));
	return 1;
}

static int get_force_limit(lua_State *L)
{
	lua_pushnumber(L, tt_grab_get_force_limit(self(L)));
	return 1;
}

static int get_body_mass(lua_State *L)
{
	lua_pushnumber(L, tt_grab_get_body_mass(self(L)));
	return 1;
}

static int get_at_limit(lua_State *L)
{
	lua_pushboolean(L, tt_grab_at_limit(self(L)));
	return 1;
}

static int grab_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_grab_destroy(check(L, 1)));
	return 0;
}

static int grab_tostring(lua_State *L)
{
	tt_grab_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_grab_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_grab_valid(*(const tt_grab_id *)id) ? TT_OK
						      : TT_ERR_GRAB_STALE;
}

/* world:grab{...} */
int tt_bind_world_grab(lua_State *L)
{
	static const char *const keys[] = {"particle", "target", "stiffness",
					   "damping", "max_force", NULL};
	tt_world_id world = tt_bind_check_world(L, 1);
	tt_bind_check_options(L, 2, keys);
	tt_grab_def def = tt_grab_def_default();
	def.particle = tt_bind_option_particle(L, 2, "particle", world);
	def.target = tt_bind_opt_vec(L, 2, "target",
				     tt_particle_get_position(def.particle));
	def.stiffness = tt_bind_opt_float(L, 2, "stiffness", def.stiffness);
	def.damping = tt_bind_opt_float(L, 2, "damping", def.damping);
	def.max_force = tt_bind_opt_float(L, 2, "max_force", def.max_force);
	tt_grab_id id;
	tt_bind_check_status(L, 2, tt_grab_create(world, &def, &id));
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
	return 1;
}

static const luaL_Reg methods[] = {
	{"destroy", grab_destroy},
	{NULL, NULL},
};

static const tt_prop props[] = {
	{"particle", get_particle, NULL},
	{"target", get_target, set_target},
	{"stiffness", get_stiffness, set_stiffness},
	{"damping", get_damping, set_damping},
	{"max_force", get_max_force, set_max_force},
	{"force", get_force, NULL},
	{"force_limit", get_force_limit, NULL},
	{"body_mass", get_body_mass, NULL},
	{"at_limit", get_at_limit, NULL},
	{NULL, NULL, NULL},
};

void tt_bind_grab_class(lua_State *L)
{
	static const tt_class cls = {NAME, methods, props, alive,
				     grab_tostring, NULL, NULL};
	tt_bind_class(L, &cls);
}
