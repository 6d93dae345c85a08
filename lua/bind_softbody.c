/* Lua's soft body: a userdata holding a tt_softbody_id.
 *
 *   local b = world:softbody{ ring = {center = {0, 2}, radius = 0.5,
 *                                     segments = 32}, pressure = 1 }
 *   world:softbody{ points = {{0, 0}, {1, 0}, {0.5, 1}}, bend = 1e-2 }
 *   world:softbody{ grid = {6, 4}, size = 0.2, center = {0, 3}, pin = "top",
 *                   shear = 1e-4, bend = false }
 *   other keys: mass, node_radius, compliance, damping, area_compliance,
 *   shape_matching, friction, restitution, group, mask, max_strain, drag
 *   b.pressure, b.area_compliance, b.shape_matching, b.damping, b.friction,
 *   b.restitution, b.group, b.mask, b.max_strain       (read and write)
 *   b.kind, b.area, b.rest_area, b.center, b.torn, b.shape_error,
 *   b.energy ({kinetic, potential, elastic, total}, J)  (read only)
 *   #b (nodes), b:particle(i), b:nodes(), b:springs(), b:translate{dx, dy},
 *   b:destroy(); world:softbodies(); p.softbody (the body p is a node of) */
#include <math.h>
#include <string.h>

#include "bind.h"

#define NAME "softbody"

static const char *const kinds[] = {"ring", "points", "grid", NULL};
static const char *const pins[] = {"none", "top", "bottom", "left", "right",
				   NULL};

tt_softbody_id tt_bind_check_softbody(lua_State *L, int arg)
{
	tt_softbody_id id = *(tt_softbody_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_softbody_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_SOFTBODY_STALE));
	return id;
}

void tt_bind_push_softbody(lua_State *L, tt_softbody_id id)
{
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
}

static tt_softbody_id self(lua_State *L)
{
	return *(tt_softbody_id *)lua_touserdata(L, 1);
}

/* ---- properties ----------------------------------------------------------- */

/* Float properties share one getter and setter, picked by name. */
typedef struct float_prop {
	const char *name;
	float (*get)(tt_softbody_id);
	tt_status (*set)(tt_softbody_id, float);
} float_prop;

static const float_prop floats[] = {
	{"pressure", tt_softbody_get_pressure, tt_softbody_set_pressure},
	{"area_compliance", tt_softbody_get_area_compliance,
	 tt_softbody_set_area_compliance},
	{"shape_matching", tt_softbody_get_shape_matching,
	 tt_softbody_set_shape_matching},
	{"damping", tt_softbody_get_damping, tt_softbody_set_damping},
	{"friction", tt_softbody_get_friction, tt_softbody_set_friction},
	{"restitution", tt_softbody_get_restitution, tt_softbody_set_restitution},
	{"max_strain", tt_softbody_get_max_strain, tt_softbody_set_max_strain},
	{"area", tt_softbody_area, NULL},
	{"rest_area", tt_softbody_rest_area, NULL},
	{"shape_error", tt_softbody_shape_error, NULL},
	{NULL, NULL, NULL},
};

static const float_prop *float_named(lua_State *L)
{
	const char *name = lua_tostring(L, 2);
	const float_prop *f = floats;
	while (strcmp(f->name, name) != 0)
		f++;
	return f;
}

static int get_float(lua_State *L)
{
	lua_pushnumber(L, float_named(L)->get(self(L)));
	return 1;
}

static int set_float(lua_State *L)
{
	tt_bind_prop_status(L, float_named(L)->set(self(L), tt_bind_prop_float(L)));
	return 0;
}

static int get_bits(lua_State *L)
{
	int group = lua_tostring(L, 2)[0] == 'g';
	lua_pushinteger(L, group ? tt_softbody_get_group(self(L))
				 : tt_softbody_get_mask(self(L)));
	return 1;
}

static int set_bits(lua_State *L)
{
	uint32_t bits = tt_bind_prop_bits(L);
	tt_bind_prop_status(L, lua_tostring(L, 2)[0] == 'g'
				       ? tt_softbody_set_group(self(L), bits)
				       : tt_softbody_set_mask(self(L), bits));
	return 0;
}

static int get_kind(lua_State *L)
{
	lua_pushstring(L, kinds[tt_softbody_get_kind(self(L))]);
	return 1;
}

static int get_center(lua_State *L)
{
	tt_bind_push_vec(L, tt_softbody_center(self(L)), 0);
	return 1;
}

static int get_torn(lua_State *L)
{
	lua_pushboolean(L, tt_softbody_torn(self(L)));
	return 1;
}

static void set_number(lua_State *L, const char *key, double value)
{
	lua_pushnumber(L, value);
	lua_setfield(L, -2, key);
}

static int get_energy(lua_State *L)
{
	tt_softbody_energy e = tt_softbody_get_energy(self(L));
	lua_createtable(L, 0, 4);
	set_number(L, "kinetic", e.kinetic);
	set_number(L, "potential", e.potential);
	set_number(L, "elastic", e.elastic);
	set_number(L, "total", e.kinetic + e.potential + e.elastic);
	return 1;
}

/* ---- methods -------------------------------------------------------------- */

static int body_len(lua_State *L)
{
	lua_pushinteger(L, tt_softbody_node_count(tt_bind_check_softbody(L, 1)));
	return 1;
}

static tt_particle_id node_at(const void *owner, int i)
{
	return tt_softbody_node(*(const tt_softbody_id *)owner, i);
}

static tt_spring_id spring_at(const void *owner, int i)
{
	return tt_softbody_spring(*(const tt_softbody_id *)owner, i);
}

/* The owner at 1, checked, and its parts. */
static tt_bind_parts parts_of(lua_State *L, tt_softbody_id *id)
{
	*id = tt_bind_check_softbody(L, 1);
	return (tt_bind_parts){id, tt_softbody_node_count(*id),
			       tt_softbody_spring_count(*id), node_at, spring_at};
}

static int body_particle(lua_State *L)
{
	tt_softbody_id id;
	tt_bind_parts parts = parts_of(L, &id);
	return tt_bind_push_part(L, &parts, 2);
}

static int body_nodes(lua_State *L)
{
	tt_softbody_id id;
	tt_bind_parts parts = parts_of(L, &id);
	return tt_bind_push_part_list(L, &parts, 0);
}

static int body_springs(lua_State *L)
{
	tt_softbody_id id;
	tt_bind_parts parts = parts_of(L, &id);
	return tt_bind_push_part_list(L, &parts, 1);
}

static int body_translate(lua_State *L)
{
	tt_softbody_id id = tt_bind_check_softbody(L, 1);
	tt_bind_check_status(L, 2, tt_softbody_translate(id, tt_bind_check_vec(L, 2)));
	return 0;
}

static int body_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_softbody_destroy(tt_bind_check_softbody(L, 1)));
	return 0;
}

static int body_tostring(lua_State *L)
{
	tt_softbody_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_softbody_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_softbody_valid(*(const tt_softbody_id *)id)
		       ? TT_OK
		       : TT_ERR_SOFTBODY_STALE;
}

int tt_bind_world_softbodies(lua_State *L)
{
	tt_world_id w = tt_bind_check_world(L, 1);
	int n = tt_world_softbody_count(w);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		tt_bind_push_softbody(L, tt_world_softbody_at(w, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

int tt_bind_particle_softbody(lua_State *L)
{
	tt_softbody_id id = tt_particle_get_softbody(
		*(tt_particle_id *)lua_touserdata(L, 1));
	if (id.index1 == 0)
		lua_pushnil(L);
	else
		tt_bind_push_softbody(L, id);
	return 1;
}

static const luaL_Reg methods[] = {
	{"particle", body_particle},   {"nodes", body_nodes},
	{"springs", body_springs},     {"translate", body_translate},
	{"destroy", body_destroy},     {NULL, NULL},
};

static const tt_prop props[] = {
	{"pressure", get_float, set_float},
	{"area_compliance", get_float, set_float},
	{"shape_matching", get_float, set_float},
	{"damping", get_float, set_float},
	{"friction", get_float, set_float},
	{"restitution", get_float, set_float},
	{"max_strain", get_float, set_float},
	{"area", get_float, NULL},
	{"rest_area", get_float, NULL},
	{"shape_error", get_float, NULL},
	{"group", get_bits, set_bits},
	{"mask", get_bits, set_bits},
	{"kind", get_kind, NULL},
	{"center", get_center, NULL},
	{"torn", get_torn, NULL},
	{"energy", get_energy, NULL},
	{NULL, NULL, NULL},
};

void tt_bind_softbody_class(lua_State *L)
{
	static const tt_class cls = {NAME,	    methods, props, alive,
				     body_tostring, NULL,    body_len};
	tt_bind_class(L, &cls);
}

/* ---- world:softbody{...} -------------------------------------------------- */

/* Field key of the ring table t as a finite number (def when nil),
 * errors naming the option table arg. */
static float ring_number(lua_State *L, int arg, int t, const char *key,
			 float def)
{
	int ok = 1;
	lua_Number n = def;
	if (lua_getfield(L, t, key) != LUA_TNIL)
		n = lua_tonumberx(L, -1, &ok);
	if (!ok || !isfinite(n))
		luaL_argerror(L, arg, lua_pushfstring(L, "ring.%s: finite number "
						     "expected, got %s", key,
						     luaL_typename(L, -1)));
	lua_pop(L, 1);
	return (float)n;
}

/* ring = {center, radius, segments} */
static void read_ring(lua_State *L, int arg, int t, tt_softbody_def *def)
{
	static const char *const keys[] = {"center", "radius", "segments", NULL};
	lua_pushnil(L);
	while (lua_next(L, t)) {
		lua_pop(L, 1);
		int known = 0;
		for (int k = 0; keys[k] && lua_type(L, -1) == LUA_TSTRING; k++)
			known |= strcmp(lua_tostring(L, -1), keys[k]) == 0;
		if (!known)
			luaL_argerror(L, arg, lua_pushfstring(L, "ring: unknown option "
							     "'%s' (expected center, "
							     "radius, segments)",
							     luaL_tolstring(L, -1, NULL)));
	}
	if (lua_getfield(L, t, "center") != LUA_TNIL)
		def->center = tt_bind_check_vec(L, lua_gettop(L));
	lua_pop(L, 1);
	def->radius = ring_number(L, arg, t, "radius", def->radius);
	def->segments = (int)ring_number(L, arg, t, "segments", (float)def->segments);
}

/* points = {{x, y}, ...}, kept in a userdata while the body is made. */
static void read_points(lua_State *L, int arg, int t, tt_softbody_def *def)
{
	lua_Integer n = luaL_len(L, t);
	if (n < 3 || n > TT_SOFTBODY_MAX_POINTS)
		luaL_argerror(L, arg, "points: a table of 3 to 1024 {x, y} expected");
	tt_vec3 *points = lua_newuserdatauv(L, (size_t)n * sizeof *points, 0);
	for (int i = 0; i < n; i++) {
		lua_geti(L, t, i + 1);
		if (lua_type(L, -1) != LUA_TTABLE || luaL_len(L, -1) < 2)
			luaL_argerror(L, arg, lua_pushfstring(L, "points[%d]: {x, y} "
							     "expected", i + 1));
		points[i] = tt_bind_check_vec(L, lua_gettop(L));
		lua_pop(L, 1);
	}
	def->points = points;
	def->point_count = (int)n;
}

/* grid = {w, h}: cells across and up. */
static void read_grid(lua_State *L, int arg, int t, tt_softbody_def *def)
{
	lua_geti(L, t, 1);
	lua_geti(L, t, 2);
	if (!lua_isinteger(L, -2) || !lua_isinteger(L, -1))
		luaL_argerror(L, arg, "grid: {w, h} (cells, integers) expected");
	def->cols = (int)lua_tointeger(L, -2);
	def->rows = (int)lua_tointeger(L, -1);
	lua_pop(L, 2);
	def->pressure = 0.0f;
}

/* Exactly one of ring, points, grid picks the layout; the table of the
 * one given is left on the stack (points live in it until the body is). */
static void read_layout(lua_State *L, int arg, tt_softbody_def *def)
{
	int found = 0;
	for (int k = 0; kinds[k]; k++) {
		if (lua_getfield(L, arg, kinds[k]) == LUA_TNIL) {
			lua_pop(L, 1);
			continue;
		}
		if (found++ || !lua_istable(L, -1))
			luaL_argerror(L, arg, found > 1 ? "give one of ring, points, grid"
							: lua_pushfstring(L, "%s: table expected",
									  kinds[k]));
		def->kind = (tt_softbody_kind)k;
		int t = lua_gettop(L);
		if (k == TT_SOFTBODY_RING)
			read_ring(L, arg, t, def);
		else if (k == TT_SOFTBODY_POINTS)
			read_points(L, arg, t, def);
		else
			read_grid(L, arg, t, def);
	}
	if (!found)
		luaL_argerror(L, arg, tt_status_message(TT_ERR_SOFTBODY_KIND));
}


static void read_grid_keys(lua_State *L, int arg, tt_softbody_def *def)
{
	def->size = tt_bind_opt_float(L, arg, "size", def->size);
	def->center = tt_bind_opt_vec(L, arg, "center", def->center);
	def->pin = (tt_softbody_pin)tt_bind_opt_enum(L, arg, "pin", pins, 0);
	def->shear = tt_bind_opt_compliance(L, arg, "shear", def->shear);
}

/* Keys of the grid only: an error for a ring or points. */
static void refuse_grid_keys(lua_State *L, int arg)
{
	static const char *const grid_keys[] = {"size", "center", "pin", "shear",
						NULL};
	for (int k = 0; grid_keys[k]; k++) {
		if (lua_getfield(L, arg, grid_keys[k]) != LUA_TNIL)
			luaL_argerror(L, arg, lua_pushfstring(L, "'%s' is for grids "
							     "(a ring has ring.center)",
							     grid_keys[k]));
		lua_pop(L, 1);
	}
}

int tt_bind_softbody_create(lua_State *L, tt_world_id world, int arg)
{
	static const char *const keys[] = {
		"ring",	    "points",	       "grid",	     "size",
		"center",   "pin",	       "mass",	     "node_radius",
		"compliance", "shear",	       "bend",	     "damping",
		"pressure", "area_compliance", "shape_matching", "friction",
		"restitution", "group",	       "mask",	     "max_strain",
		"drag",	    NULL};
	tt_bind_check_options(L, arg, keys);
	tt_softbody_def def = tt_softbody_def_default();
	read_layout(L, arg, &def);
	if (def.kind == TT_SOFTBODY_GRID)
		read_grid_keys(L, arg, &def);
	else
		refuse_grid_keys(L, arg);
	def.bend = tt_bind_opt_compliance(L, arg, "bend", def.bend);
	def.mass = tt_bind_opt_float(L, arg, "mass", def.mass);
	def.node_radius = tt_bind_opt_float(L, arg, "node_radius", 0.0f);
	def.compliance = tt_bind_opt_float(L, arg, "compliance", 0.0f);
	def.damping = tt_bind_opt_float(L, arg, "damping", def.damping);
	def.pressure = tt_bind_opt_float(L, arg, "pressure", def.pressure);
	def.area_compliance = tt_bind_opt_float(L, arg, "area_compliance", 0.0f);
	def.shape_matching = tt_bind_opt_float(L, arg, "shape_matching", 0.0f);
	def.friction = tt_bind_opt_float(L, arg, "friction", def.friction);
	def.restitution = tt_bind_opt_float(L, arg, "restitution", 0.0f);
	def.group = tt_bind_opt_bits(L, arg, "group", def.group);
	def.mask = tt_bind_opt_bits(L, arg, "mask", def.mask);
	def.max_strain = tt_bind_opt_float(L, arg, "max_strain", 0.0f);
	def.drag = tt_bind_opt_float(L, arg, "drag", 0.0f);
	tt_softbody_id id;
	tt_bind_check_status(L, arg, tt_softbody_create(world, &def, &id));
	tt_bind_push_softbody(L, id);
	return 1;
}
