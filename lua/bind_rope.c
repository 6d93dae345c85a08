/* Lua's rope: a userdata holding a tt_rope_id.
 *
 *   local r = world:rope{ from = {0, 0}, to = {0, -10}, segments = 40 }
 *   r.length (read and write: reels to it now), r.tethers ("start", "end",
 *   "both", "none"), r.damping (1/s: motion relative to the rope's rigid
 *   motion settles at this rate; default 1), r.bend (bending compliance
 *   1/(N m^2): 0 stiff, larger softer; a rope made without one is limp)
 *                                                           (read and write)
 *   r.segment_length, r.reel_speed, r.first, r.last, r.tension (N, the
 *   pull on the spool node), r.max_length (100000 segments: reeling out
 *   stops there, a longer r.length is an error)             (read only)
 *   #r (nodes), r:particle(i), r:segment(i) (1-based), r:nodes(),
 *   r:reel(speed [, target]), r:translate{dx, dy}, r:destroy(),
 *   r:cut(i, t) (see bind_cut.c), r:positions([buf]),
 *   r:set_positions(buf) (see bind_positions.c) */
#include <string.h>

#include "bind.h"

#define NAME "rope"

static const char *const tether_names[] = {"auto", "none", "start", "end",
					   "both", NULL};

tt_rope_id tt_bind_check_rope(lua_State *L, int arg)
{
	tt_rope_id id = *(tt_rope_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_rope_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_ROPE_STALE));
	return id;
}

void tt_bind_push_rope(lua_State *L, tt_rope_id id)
{
	tt_rope_ud *u = tt_bind_push_id(L, NAME, &id, sizeof id, sizeof *u);
	if (!u->dims)  /* new */
		u->dims = tt_world_get_def(id.world).is_3d ? 3 : 2;
}

static tt_rope_id self(lua_State *L)
{
	return *(tt_rope_id *)lua_touserdata(L, 1);
}

static int get_length(lua_State *L)
{
	lua_pushnumber(L, tt_rope_get_length(self(L)));
	return 1;
}

static int set_length(lua_State *L)
{
	tt_rope_id id = self(L);
	tt_status status = tt_rope_set_length(id, tt_bind_prop_float(L));
	if (status == TT_ERR_ROPE_SEGMENTS)
		return luaL_error(L, "cannot set 'length' (longer than max_length, "
				  "%f m: 100000 segments of %f m)",
				  (double)tt_rope_get_max_length(id),
				  (double)tt_rope_get_segment_length(id));
	tt_bind_prop_status(L, status);
	return 0;
}

static int get_max_length(lua_State *L)
{
	lua_pushnumber(L, tt_rope_get_max_length(self(L)));
	return 1;
}

static int get_tethers(lua_State *L)
{
	lua_pushstring(L, tether_names[tt_rope_get_tethers(self(L))]);
	return 1;
}

static int set_tethers(lua_State *L)
{
	const char *name = lua_tostring(L, 3);
	for (int k = 1; name && tether_names[k]; k++)
		if (strcmp(name, tether_names[k]) == 0) {
			tt_bind_prop_status(L, tt_rope_set_tethers(self(L),
								   (tt_rope_tethers)k));
			return 0;
		}
	return luaL_error(L, "cannot set 'tethers' (expected none, start, end, both)");
}

static int get_segment_length(lua_State *L)
{
	lua_pushnumber(L, tt_rope_get_segment_length(self(L)));
	return 1;
}

static int get_reel_speed(lua_State *L)
{
	lua_pushnumber(L, tt_rope_get_reel_speed(self(L)));
	return 1;
}

static int get_first(lua_State *L)
{
	tt_bind_push_particle(L, tt_rope_node(self(L), 0));
	return 1;
}

static int get_last(lua_State *L)
{
	tt_rope_id id = self(L);
	tt_bind_push_particle(L, tt_rope_node(id, tt_rope_node_count(id) - 1));
	return 1;
}

static int get_tension(lua_State *L)
{
	lua_pushnumber(L, tt_rope_tension(self(L)));
	return 1;
}

static int get_damping(lua_State *L)
{
	lua_pushnumber(L, tt_rope_get_damping(self(L)));
	return 1;
}

static int set_damping(lua_State *L)
{
	tt_bind_prop_status(L, tt_rope_set_damping(self(L), tt_bind_prop_float(L)));
	return 0;
}

static int get_bend(lua_State *L)
{
	lua_pushnumber(L, tt_rope_get_bend(self(L)));
	return 1;
}

static int set_bend(lua_State *L)
{
	tt_bind_prop_status(L, tt_rope_set_bend(self(L), tt_bind_prop_float(L)));
	return 0;
}

static int rope_len(lua_State *L)
{
	lua_pushinteger(L, tt_rope_node_count(tt_bind_check_rope(L, 1)));
	return 1;
}

static int rope_particle(lua_State *L)
{
	tt_rope_id id = tt_bind_check_rope(L, 1);
	int i = tt_bind_check_index(L, 2, tt_rope_node_count(id));
	tt_bind_push_particle(L, tt_rope_node(id, i));
	return 1;
}

static int rope_segment(lua_State *L)
{
	tt_rope_id id = tt_bind_check_rope(L, 1);
	int i = tt_bind_check_index(L, 2, tt_rope_node_count(id) - 1);
	tt_bind_push_spring(L, tt_rope_segment(id, i));
	return 1;
}

static int rope_nodes(lua_State *L)
{
	tt_rope_id id = tt_bind_check_rope(L, 1);
	int n = tt_rope_node_count(id);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		tt_bind_push_particle(L, tt_rope_node(id, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int rope_reel(lua_State *L)
{
	tt_rope_id id = tt_bind_check_rope(L, 1);
	float speed = tt_bind_check_float(L, 2);
	float target = lua_isnoneornil(L, 3) ? 0.0f : tt_bind_check_float(L, 3);
	tt_bind_check_status(L, 2, tt_rope_reel(id, speed, target));
	return 0;
}

static int rope_translate(lua_State *L)
{
	tt_rope_id id = tt_bind_check_rope(L, 1);
	tt_bind_check_status(L, 2, tt_rope_translate(id, tt_bind_check_vec(L, 2)));
	return 0;
}

static int rope_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_rope_destroy(tt_bind_check_rope(L, 1)));
	return 0;
}

static int rope_tostring(lua_State *L)
{
	tt_rope_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_rope_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_rope_valid(*(const tt_rope_id *)id) ? TT_OK : TT_ERR_ROPE_STALE;
}

/* The shape of the rope: from/to, or from a start particle to `to`. */
static void read_shape(lua_State *L, int arg, tt_world_id world,
		       tt_rope_def *def)
{
	lua_getfield(L, arg, "start");
	int has_start = !lua_isnil(L, -1);
	lua_pop(L, 1);
	if (has_start)
		def->start = tt_bind_option_particle(L, arg, "start", world);
	def->from = tt_bind_opt_vec(L, arg, "from", def->from);
	def->to = tt_bind_opt_vec(L, arg, "to", def->to);
}

int tt_bind_rope_create(lua_State *L, tt_world_id world, int arg)
{
	static const char *const keys[] = {
		"from",	  "to",	     "start",	"segments", "segment_length",
		"mass_per_metre", "radius", "compliance", "damping", "kind",
		"pin_start", "pin_end", "tethers", "max_strain",
		"stretch_damping", "bend", NULL};
	tt_bind_check_options(L, arg, keys);
	tt_rope_def def = tt_rope_def_default();
	read_shape(L, arg, world, &def);
	def.segments = tt_bind_opt_int(L, arg, "segments", def.segments);
	def.segment_length = tt_bind_opt_float(L, arg, "segment_length", 0.0f);
	def.mass_per_metre = tt_bind_opt_float(L, arg, "mass_per_metre",
					       def.mass_per_metre);
	def.radius = tt_bind_opt_float(L, arg, "radius", def.radius);
	def.compliance = tt_bind_opt_float(L, arg, "compliance", 0.0f);
	def.damping = tt_bind_opt_float(L, arg, "damping", def.damping);
	def.stretch_damping = tt_bind_opt_float(L, arg, "stretch_damping", 0.0f);
	def.bend = tt_bind_opt_float(L, arg, "bend", def.bend);
	def.kind = (tt_spring_kind)tt_bind_opt_enum(L, arg, "kind",
						    tt_bind_spring_kinds, 0);
	def.pin_start = tt_bind_opt_bool(L, arg, "pin_start", def.pin_start);
	def.pin_end = tt_bind_opt_bool(L, arg, "pin_end", def.pin_end);
	def.tethers = (tt_rope_tethers)tt_bind_opt_enum(L, arg, "tethers",
							tether_names, 0);
	def.max_strain = tt_bind_opt_float(L, arg, "max_strain", 0.0f);
	tt_rope_id id;
	tt_bind_check_status(L, arg, tt_rope_create(world, &def, &id));
	tt_bind_push_rope(L, id);
	return 1;
}

static const luaL_Reg methods[] = {
	{"particle", rope_particle}, {"segment", rope_segment},
	{"nodes", rope_nodes},	     {"reel", rope_reel},
	{"translate", rope_translate}, {"destroy", rope_destroy},
	{"cut", tt_bind_rope_cut},
	{"positions", tt_bind_rope_positions},
	{"set_positions", tt_bind_rope_set_positions},
	{NULL, NULL},
};

static const tt_prop props[] = {
	{"length", get_length, set_length},
	{"tethers", get_tethers, set_tethers},
	{"segment_length", get_segment_length, NULL},
	{"max_length", get_max_length, NULL},
	{"reel_speed", get_reel_speed, NULL},
	{"first", get_first, NULL},
	{"last", get_last, NULL},
	{"tension", get_tension, NULL},
	{"damping", get_damping, set_damping},
	{"bend", get_bend, set_bend},
	{NULL, NULL, NULL},
};

void tt_bind_rope_class(lua_State *L)
{
	static const tt_class cls = {NAME,	    methods, props, alive,
				     rope_tostring, NULL,    rope_len};
	tt_bind_class(L, &cls);
}
