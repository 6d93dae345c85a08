/* Lua's world: a userdata holding a tt_world_id, and the constructor
 * taut.world{...}.
 *
 *   local w = taut.world{ gravity = {0, -9.81}, substeps = 8 }
 *   w.gravity, w.dt, w.substeps, w.iterations, w.max_speed,
 *   w.damping (1/s, every particle's velocity)              (read and write)
 *   w.threads (0: one per core; read and write), w.simd (vector lanes;
 *     read only): neither changes a result, only how fast it comes
 *   w.is_3d, w.particle_count, w.spring_count, w.batch_count, w.step_count,
 *   w.energy, w.max_strain                                    (read only)
 *   w:particle{...}  w:spring{...}  w:rope{...}  w:step([n])  w:hash()
 *   w:nearest(p, r)
 *   w:particles()  w:springs()  w:destroy()
 *   w:on(kind, fn)  w:events()                     (see bind_event.c)
 *   w:wind{...} (see bind_wind.c)  w:apply_force{fx, fy}  w.wind_count
 *   w:collider{...}                                 (see bind_collider.c)
 *   w:frame{position, rotation}                     (see bind_frame.c)
 *   w:raycast  w:overlap  w:particles_in  w:colliders  (see bind_query.c)
 *   w.particle_collision                            (read and write)
 *   w.max_bytes (the core memory it may hold, 256 MiB by default; past it
 *   calls fail: "the world's memory limit was reached")  w.bytes (held)
 *   w:cut(a, b)  w:cut_near(p, r)  w:cutter{...}  w.min_fragment
 *   w.min_cut_mass  w.min_cut_length  w.max_tears  (see bind_cut.c)
 *   w:positions([buf])  w:set_positions(buf)      (see bind_positions.c)
 *   w:angle{...}                                    (see bind_angle.c)
 *   w:grab{...}                                     (see bind_grab.c)
 *   w:softbody{...}  w:softbodies()                (see bind_softbody.c)
 *   w:ropes()  w:winds()  w:chains()               (see bind_lists.c)
 *   w:chain{...}  w:teleport{dx, dy, dz}  w.lod_point (see bind_chain.c)
 *   w:cloth{...}  w:cloths()                       (see bind_cloth.c)
 * A world made by taut.world is destroyed when its userdata is collected;
 * every handle into it then reads "... was destroyed". */
#include "bind_chain.h"

#define NAME "world"

typedef struct world_ud {
	tt_world_id id;
	int owned;  /* destroy the world when the userdata is collected */
} world_ud;

tt_world_id tt_bind_check_world(lua_State *L, int arg)
{
	world_ud *u = tt_bind_check_class(L, arg, NAME);
	if (!tt_world_valid(u->id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_WORLD_STALE));
	return u->id;
}

void tt_bind_push_world(lua_State *L, tt_world_id id, int owned)
{
	world_ud *u = tt_bind_push_id(L, NAME, &id, sizeof id, sizeof(world_ud));
	u->owned |= owned;
}

static tt_world_id self(lua_State *L)
{
	return ((world_ud *)lua_touserdata(L, 1))->id;
}

static tt_world_def def_of(lua_State *L)
{
	return tt_world_get_def(self(L));
}

static void change_def(lua_State *L, const tt_world_def *def)
{
	tt_bind_prop_status(L, tt_world_set_def(self(L), def));
}

static int get_gravity(lua_State *L)
{
	tt_world_def def = def_of(L);
	tt_bind_push_vec(L, def.gravity, def.is_3d);
	return 1;
}

static int set_gravity(lua_State *L)
{
	tt_world_def def = def_of(L);
	def.gravity = tt_bind_prop_vec(L);
	change_def(L, &def);
	return 0;
}

static int get_dt(lua_State *L)
{
	lua_pushnumber(L, def_of(L).time_step);
	return 1;
}

static int set_dt(lua_State *L)
{
	tt_world_def def = def_of(L);
	def.time_step = tt_bind_prop_float(L);
	change_def(L, &def);
	return 0;
}

static int get_substeps(lua_State *L)
{
	lua_pushinteger(L, def_of(L).substeps);
	return 1;
}

static int set_substeps(lua_State *L)
{
	tt_world_def def = def_of(L);
	def.substeps = tt_bind_prop_int(L);
	change_def(L, &def);
	return 0;
}

static int get_iterations(lua_State *L)
{
	lua_pushinteger(L, def_of(L).iterations);
	return 1;
}

static int set_iterations(lua_State *L)
{
	tt_world_def def = def_of(L);
	def.iterations = tt_bind_prop_int(L);
	change_def(L, &def);
	return 0;
}

static int get_max_speed(lua_State *L)
{
	lua_pushnumber(L, def_of(L).max_speed);
	return 1;
}

static int set_max_speed(lua_State *L)
{
	tt_world_def def = def_of(L);
	def.max_speed = tt_bind_prop_float(L);
	change_def(L, &def);
	return 0;
}

static int get_threads(lua_State *L)
{
	lua_pushinteger(L, def_of(L).threads);
	return 1;
}

static int set_threads(lua_State *L)
{
	tt_world_def def = def_of(L);
	def.threads = tt_bind_prop_int(L);
	change_def(L, &def);
	return 0;
}

static int get_simd(lua_State *L)
{
	lua_pushboolean(L, def_of(L).simd);
	return 1;
}

static int get_damping(lua_State *L)
{
	lua_pushnumber(L, def_of(L).damping);
	return 1;
}

static int set_damping(lua_State *L)
{
	tt_world_def def = def_of(L);
	def.damping = tt_bind_prop_float(L);
	change_def(L, &def);
	return 0;
}

static int get_particle_collision(lua_State *L)
{
	lua_pushboolean(L, def_of(L).particle_collision);
	return 1;
}

static int set_particle_collision(lua_State *L)
{
	if (!lua_isboolean(L, 3))
		luaL_error(L, "cannot set 'particle_collision' (boolean expected, "
			   "got %s)", luaL_typename(L, 3));
	tt_world_def def = def_of(L);
	def.particle_collision = lua_toboolean(L, 3);
	change_def(L, &def);
	return 0;
}

/* A byte count: an integer > 0 (the core refuses 0). */
static size_t to_bytes(lua_State *L, int idx, int *ok)
{
	lua_Integer n = lua_tointegerx(L, idx, ok);
	*ok = *ok && n >= 0;
	return *ok ? (size_t)n : 0;
}

static int get_max_bytes(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)def_of(L).max_bytes);
	return 1;
}

static int set_max_bytes(lua_State *L)
{
	int ok;
	tt_world_def def = def_of(L);
	def.max_bytes = to_bytes(L, 3, &ok);
	if (!ok)
		luaL_error(L, "cannot set 'max_bytes' (integer >= 1 expected, got "
			   "%s)", luaL_typename(L, 3));
	change_def(L, &def);
	return 0;
}

static int get_bytes(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)tt_world_bytes(self(L)));
	return 1;
}

static int get_is_3d(lua_State *L)
{
	lua_pushboolean(L, def_of(L).is_3d);
	return 1;
}

static int get_particle_count(lua_State *L)
{
	lua_pushinteger(L, tt_world_particle_count(self(L)));
	return 1;
}

static int get_spring_count(lua_State *L)
{
	lua_pushinteger(L, tt_world_spring_count(self(L)));
	return 1;
}

static int get_batch_count(lua_State *L)
{
	lua_pushinteger(L, tt_world_batch_count(self(L)));
	return 1;
}

static int get_step_count(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)tt_world_step_count(self(L)));
	return 1;
}

static int get_energy(lua_State *L)
{
	lua_pushnumber(L, tt_world_energy(self(L)));
	return 1;
}

static int get_max_strain(lua_State *L)
{
	lua_pushnumber(L, tt_world_max_strain(self(L)));
	return 1;
}

static int world_particle(lua_State *L)
{
	return tt_bind_particle_create(L, tt_bind_check_world(L, 1), 2);
}

static int world_spring(lua_State *L)
{
	return tt_bind_spring_create(L, tt_bind_check_world(L, 1), 2);
}

static int world_rope(lua_State *L)
{
	return tt_bind_rope_create(L, tt_bind_check_world(L, 1), 2);
}

static int world_softbody(lua_State *L)
{
	return tt_bind_softbody_create(L, tt_bind_check_world(L, 1), 2);
}

static int world_cloth(lua_State *L)
{
	return tt_bind_cloth_create(L, tt_bind_check_world(L, 1), 2);
}

static int world_wind(lua_State *L)
{
	return tt_bind_wind_create(L, tt_bind_check_world(L, 1), 2);
}

static int world_apply_force(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_bind_check_status(L, 2, tt_world_apply_force(id, tt_bind_check_vec(L, 2)));
	return 0;
}

static int get_wind_count(lua_State *L)
{
	lua_pushinteger(L, tt_world_wind_count(self(L)));
	return 1;
}

static int world_collider(lua_State *L)
{
	return tt_bind_collider_create(L, tt_bind_check_world(L, 1), 2);
}

static int world_step(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	lua_Integer n = luaL_optinteger(L, 2, 1);
	luaL_argcheck(L, n >= 0, 2, "step count must be >= 0");
	tt_bind_world_check_free(L, 1);
	for (lua_Integer i = 0; i < n && tt_world_valid(id); i++) {
		tt_bind_wind_fill(L, 1);
		if (!tt_world_valid(id))
			break;  /* a wind function destroyed it */
		tt_bind_check_status(L, 1, tt_world_step(id));
		tt_bind_world_dispatch(L, 1, 0);
	}
	return 0;
}

static int world_hash(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)tt_world_hash(tt_bind_check_world(L, 1)));
	return 1;
}

static int world_nearest(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_vec3 point = tt_bind_check_vec(L, 2);
	float reach = lua_isnoneornil(L, 3) ? 1e30f : tt_bind_check_float(L, 3);
	tt_particle_id p = tt_world_nearest_particle(id, point, reach);
	if (p.index1 == 0)
		lua_pushnil(L);
	else
		tt_bind_push_particle(L, p);
	return 1;
}

/* world:particles(): an array of every particle, in dense order. */
static int world_particles(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_particle_view v = tt_world_particles(id);
	lua_createtable(L, v.count, 0);
	for (int i = 0; i < v.count; i++) {
		tt_bind_push_particle(L, tt_world_particle_at(id, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int world_springs(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	int count = tt_world_spring_count(id);
	lua_createtable(L, count, 0);
	for (int i = 0; i < count; i++) {
		tt_bind_push_spring(L, tt_world_spring_at(id, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int world_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_world_destroy(tt_bind_check_world(L, 1)));
	return 0;
}

static int world_gc(lua_State *L)
{
	world_ud *u = lua_touserdata(L, 1);
	if (u->owned && tt_world_valid(u->id))
		tt_world_destroy(u->id);
	return 0;
}

static int world_tostring(lua_State *L)
{
	tt_world_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_world_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_world_valid(*(const tt_world_id *)id) ? TT_OK
							: TT_ERR_WORLD_STALE;
}

/* taut.world{...} */
int tt_bind_world_create(lua_State *L)
{
	static const char *const keys[] = {"gravity",    "dt",	      "substeps",
					   "iterations", "max_speed", "is_3d",
					   "particle_collision", "damping",
					   "max_bytes", "threads", "simd", NULL};
	if (lua_isnoneornil(L, 1))
		lua_settop(L, 0), lua_newtable(L);
	tt_bind_check_options(L, 1, keys);
	tt_world_def def = tt_world_def_default();
	def.gravity = tt_bind_opt_vec(L, 1, "gravity", def.gravity);
	def.time_step = tt_bind_opt_float(L, 1, "dt", def.time_step);
	def.substeps = tt_bind_opt_int(L, 1, "substeps", def.substeps);
	def.iterations = tt_bind_opt_int(L, 1, "iterations", def.iterations);
	def.max_speed = tt_bind_opt_float(L, 1, "max_speed", def.max_speed);
	def.is_3d = tt_bind_opt_bool(L, 1, "is_3d", 0);
	def.particle_collision = tt_bind_opt_bool(L, 1, "particle_collision", 0);
	def.damping = tt_bind_opt_float(L, 1, "damping", def.damping);
	if (lua_getfield(L, 1, "max_bytes") != LUA_TNIL) {
		int ok;
		def.max_bytes = to_bytes(L, -1, &ok);
		luaL_argcheck(L, ok, 1, "max_bytes: integer >= 1 expected");
	}
	lua_pop(L, 1);
	def.threads = tt_bind_opt_int(L, 1, "threads", def.threads);
	def.simd = tt_bind_opt_bool(L, 1, "simd", def.simd);
	tt_world_id id;
	tt_bind_check_status(L, 1, tt_world_create(&def, &id));
	tt_bind_push_world(L, id, 1);
	return 1;
}

static const luaL_Reg methods[] = {
	{"particle", world_particle},   {"spring", world_spring},
	{"rope", world_rope},
	{"step", world_step},		{"hash", world_hash},
	{"nearest", world_nearest},	{"particles", world_particles},
	{"springs", world_springs},	{"destroy", world_destroy},
	{"on", tt_bind_world_on},	{"events", tt_bind_world_events},
	{"wind", world_wind},		{"apply_force", world_apply_force},
	{"collider", world_collider},	{"raycast", tt_bind_world_raycast},
	{"overlap", tt_bind_world_overlap},
	{"particles_in", tt_bind_world_particles_in},
	{"colliders", tt_bind_world_colliders},
	{"cut", tt_bind_world_cut},	{"cut_near", tt_bind_world_cut_near},
	{"cutter", tt_bind_cutter_create},
	{"frame", tt_bind_frame_create},
	{"positions", tt_bind_world_positions},
	{"set_positions", tt_bind_world_set_positions},
	{"angle", tt_bind_world_angle},
	{"grab", tt_bind_world_grab},
	{"softbody", world_softbody},	{"softbodies", tt_bind_world_softbodies},
	{"ropes", tt_bind_world_ropes}, {"winds", tt_bind_world_winds},
	{"chains", tt_bind_world_chains},
	{"chain", tt_bind_chain_create},	{"teleport", tt_bind_world_teleport},
	{"cloth", world_cloth},		{"cloths", tt_bind_world_cloths},
	{NULL, NULL},
};

static const tt_prop props[] = {
	{"gravity", get_gravity, set_gravity},
	{"dt", get_dt, set_dt},
	{"substeps", get_substeps, set_substeps},
	{"iterations", get_iterations, set_iterations},
	{"max_speed", get_max_speed, set_max_speed},
	{"damping", get_damping, set_damping},
	{"threads", get_threads, set_threads},
	{"simd", get_simd, NULL},
	{"is_3d", get_is_3d, NULL},
	{"particle_collision", get_particle_collision, set_particle_collision},
	{"particle_count", get_particle_count, NULL},
	{"spring_count", get_spring_count, NULL},
	{"batch_count", get_batch_count, NULL},
	{"step_count", get_step_count, NULL},
	{"energy", get_energy, NULL},
	{"max_strain", get_max_strain, NULL},
	{"wind_count", get_wind_count, NULL},
	{"max_bytes", get_max_bytes, set_max_bytes},
	{"bytes", get_bytes, NULL},
	{"min_fragment", tt_bind_world_get_min_fragment,
	 tt_bind_world_set_min_fragment},
	{"min_cut_mass", tt_bind_world_get_min_cut_mass,
	 tt_bind_world_set_min_cut_mass},
	{"min_cut_length", tt_bind_world_get_min_cut_length,
	 tt_bind_world_set_min_cut_length},
	{"max_tears", tt_bind_world_get_max_tears, tt_bind_world_set_max_tears},
	{"lod_point", tt_bind_world_get_lod_point, tt_bind_world_set_lod_point},
	{NULL, NULL, NULL},
};

void tt_bind_world_class(lua_State *L)
{
	static const tt_class cls = {NAME, methods, props, alive,
				     world_tostring, world_gc, NULL};
	tt_bind_class(L, &cls);
}
