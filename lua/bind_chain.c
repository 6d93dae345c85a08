/* Lua's chain: a dynamic-bone chain (hair, a tail, a scarf) on a frame or
 * a collider, a userdata holding a tt_bonechain_id.
 *
 *   local c = world:chain{ root = head, points = {...} | from, direction,
 *     segments, length, preset = "floaty", damping, elasticity, stiffness,
 *     inertia, radius, max_stretch (numbers or curves, see
 *     bind_chain_def.c), gravity, force, end_length, mass, rate, lod,
 *     teleport_distance, teleport_angle, teleport = "keep" | "reset",
 *     colliders, group, mask }
 *   every option but root, mass and the point count reads and writes as a
 *   field, live (c.stiffness = {0.8, 0.1}: the next step uses it);
 *   c.level ("full", "low", "culled"), c.node_updates, c.tip (the virtual
 *   tip, or nil), c.root, c.mass, c.world                       (read only)
 *   #c, c:node(i), c:nodes(), c:position(i), c:velocity(i) (as simulated),
 *   c:rest(i) (the animated place), c:value(knob, i), c:apply(preset),
 *   c:reset(), c:destroy()
 *   world:teleport{dx, dy, dz}, world.lod_point, taut.chain_presets() */
#include <stddef.h>
#include <string.h>

#include "bind_chain.h"

#define NAME "chain"

static const char *const teleport_names[] = {"keep", "reset", NULL};
static const char *const level_names[] = {"full", "low", "culled", NULL};

static tt_bonechain_id check_chain(lua_State *L, int arg)
{
	tt_bonechain_id id = *(tt_bonechain_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_bonechain_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_CHAIN_STALE));
	return id;
}

static void push_chain(lua_State *L, tt_bonechain_id id)
{
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
}

static tt_bonechain_id self(lua_State *L)
{
	return *(tt_bonechain_id *)lua_touserdata(L, 1);
}

static int is_3d(lua_State *L)
{
	return tt_world_get_def(self(L).world).is_3d;
}

static void change(lua_State *L, const tt_bonechain_def *def)
{
	tt_bind_prop_status(L, tt_bonechain_set_def(self(L), def));
}

/* ---- fields found by name ---------------------------------------------- */

typedef struct field {
	const char *name;
	size_t offset;
} field;

static const field numbers[] = {
	{"end_length", offsetof(tt_bonechain_def, end_length)},
	{"rate", offsetof(tt_bonechain_def, rate)},
	{"teleport_distance", offsetof(tt_bonechain_def, teleport_distance)},
	{"teleport_angle", offsetof(tt_bonechain_def, teleport_angle)},
	{"mass", offsetof(tt_bonechain_def, mass)},
	{NULL, 0},
};

static const field vectors[] = {
	{"gravity", offsetof(tt_bonechain_def, gravity)},
	{"force", offsetof(tt_bonechain_def, force)},
	{NULL, 0},
};

static void *field_of(tt_bonechain_def *def, const field *fields,
		      const char *name)
{
	for (int k = 0; fields[k].name; k++)
		if (strcmp(fields[k].name, name) == 0)
			return (char *)def + fields[k].offset;
	return NULL;
}

static tt_bone_param knob_named(const char *name)
{
	int k = 0;
	while (k < TT_BONE_PARAM_COUNT && strcmp(tt_bone_param_name(k), name) != 0)
		k++;
	return (tt_bone_param)k;
}

/* A property's handlers read the key at 2 to know which field is meant. */
static int get_curve(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	tt_bind_push_curve(L, &def.curve[knob_named(lua_tostring(L, 2))]);
	return 1;
}

static int set_curve(lua_State *L)
{
	const char *key = lua_tostring(L, 2);
	tt_bone_param p = knob_named(key);
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	const char *wrong = tt_bind_chain_curve(L, 3, p, &def.curve[p]);
	if (wrong)
		return luaL_error(L, "cannot set '%s' (%s)", key, wrong);
	change(L, &def);
	return 0;
}

static int get_number(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	lua_pushnumber(L, *(float *)field_of(&def, numbers, lua_tostring(L, 2)));
	return 1;
}

static int set_number(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	*(float *)field_of(&def, numbers, lua_tostring(L, 2)) = tt_bind_prop_float(L);
	change(L, &def);
	return 0;
}

static int get_vector(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	tt_bind_push_vec(L, *(tt_vec3 *)field_of(&def, vectors, lua_tostring(L, 2)),
			 is_3d(L));
	return 1;
}

static int set_vector(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	*(tt_vec3 *)field_of(&def, vectors, lua_tostring(L, 2)) = tt_bind_prop_vec(L);
	change(L, &def);
	return 0;
}

static int get_teleport(lua_State *L)
{
	lua_pushstring(L, teleport_names[tt_bonechain_get_def(self(L)).teleport_mode]);
	return 1;
}

static int set_teleport(lua_State *L)
{
	const char *name = lua_tostring(L, 3);
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	for (int k = 0; name && teleport_names[k]; k++)
		if (strcmp(name, teleport_names[k]) == 0) {
			def.teleport_mode = (tt_bone_teleport)k;
			change(L, &def);
			return 0;
		}
	return luaL_error(L, "cannot set 'teleport' (expected keep, reset)");
}

static int get_lod(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	tt_bind_push_chain_lod(L, &def.lod, is_3d(L));
	return 1;
}

static int set_lod(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	const char *wrong = tt_bind_chain_lod(L, 3, &def.lod);
	if (wrong)
		return luaL_error(L, "cannot set 'lod' (%s)", wrong);
	change(L, &def);
	return 0;
}

static int get_colliders(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	tt_bind_push_chain_colliders(L, &def);
	return 1;
}

static int set_colliders(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	const char *wrong = tt_bind_chain_colliders(L, 3, &def);
	if (wrong)
		return luaL_error(L, "cannot set 'colliders' (%s)", wrong);
	change(L, &def);
	return 0;
}

static int get_bits(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	int group = strcmp(lua_tostring(L, 2), "group") == 0;
	lua_pushinteger(L, group ? def.group : def.mask);
	return 1;
}

static int set_bits(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	*(strcmp(lua_tostring(L, 2), "group") == 0 ? &def.group : &def.mask) =
		tt_bind_prop_bits(L);
	change(L, &def);
	return 0;
}

static int get_points(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	lua_createtable(L, def.point_count, 0);
	for (int i = 0; i < def.point_count; i++) {
		tt_bind_push_vec(L, def.points[i], is_3d(L));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int set_points(lua_State *L)
{
	static tt_vec3 points[TT_BONECHAIN_MAX_POINTS];
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	const char *wrong = tt_bind_chain_points(L, 3, points, &def.point_count);
	if (wrong)
		return luaL_error(L, "cannot set 'points' (%s)", wrong);
	def.points = points;
	change(L, &def);
	return 0;
}

static int get_root(lua_State *L)
{
	tt_bonechain_def def = tt_bonechain_get_def(self(L));
	tt_bind_push_chain_root(L, &def);
	return 1;
}

static int get_level(lua_State *L)
{
	lua_pushstring(L, level_names[tt_bonechain_level(self(L))]);
	return 1;
}

static int get_node_updates(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)tt_bonechain_node_updates(self(L)));
	return 1;
}

static int get_tip(lua_State *L)
{
	tt_vec3 tip;
	if (!tt_bonechain_tip(self(L), &tip))
		return 0;
	tt_bind_push_vec(L, tip, is_3d(L));
	return 1;
}

static int get_world(lua_State *L)
{
	tt_bind_push_world(L, self(L).world, 0);
	return 1;
}

/* ---- methods ------------------------------------------------------------ */

static int chain_len(lua_State *L)
{
	lua_pushinteger(L, tt_bonechain_node_count(check_chain(L, 1)));
	return 1;
}

static int chain_node(lua_State *L)
{
	tt_bonechain_id id = check_chain(L, 1);
	int i = tt_bind_check_index(L, 2, tt_bonechain_node_count(id));
	tt_bind_push_particle(L, tt_bonechain_node(id, i));
	return 1;
}

static int chain_nodes(lua_State *L)
{
	tt_bonechain_id id = check_chain(L, 1);
	int n = tt_bonechain_node_count(id);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		tt_bind_push_particle(L, tt_bonechain_node(id, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* c:position(i), c:velocity(i), c:rest(i): i up to #c, or #c + 1 for the
 * virtual tip when there is one. */
static int node_vec(lua_State *L, tt_vec3 (*fn)(tt_bonechain_id, int))
{
	tt_bonechain_id id = check_chain(L, 1);
	tt_vec3 tip;
	int n = tt_bonechain_node_count(id) + tt_bonechain_tip(id, &tip);
	tt_bind_push_vec(L, fn(id, tt_bind_check_index(L, 2, n)),
			 tt_world_get_def(id.world).is_3d);
	return 1;
}

static int chain_position(lua_State *L)
{
	return node_vec(L, tt_bonechain_position);
}

static int chain_velocity(lua_State *L)
{
	return node_vec(L, tt_bonechain_velocity);
}

static int chain_rest(lua_State *L)
{
	return node_vec(L, tt_bonechain_rest_position);
}

static int chain_value(lua_State *L)
{
	tt_bonechain_id id = check_chain(L, 1);
	tt_bone_param p = knob_named(luaL_checkstring(L, 2));
	luaL_argcheck(L, p < TT_BONE_PARAM_COUNT, 2,
		      "damping, elasticity, stiffness, inertia, radius or "
		      "max_stretch expected");
	tt_vec3 tip;
	int n = tt_bonechain_node_count(id) + tt_bonechain_tip(id, &tip);
	lua_pushnumber(L, tt_bonechain_value(id, p, tt_bind_check_index(L, 3, n)));
	return 1;
}

/* The preset named at idx into def, or an error at arg listing them. */
static void apply_preset(lua_State *L, int idx, int arg, tt_world_id world,
			 tt_bonechain_def *def)
{
	const char *name = lua_tostring(L, idx);
	if (!name || lua_type(L, idx) != LUA_TSTRING)
		luaL_argerror(L, arg, "preset: a name expected");
	if (tt_bone_preset_apply(name, tt_world_get_def(world).gravity, def) == TT_OK)
		return;
	luaL_Buffer b;
	luaL_buffinit(L, &b);
	for (int k = 0; k < tt_bone_preset_count(); k++) {
		luaL_addstring(&b, k ? ", " : "");
		luaL_addstring(&b, tt_bone_preset_name(k));
	}
	luaL_pushresult(&b);
	luaL_argerror(L, arg, lua_pushfstring(L, "unknown preset '%s' (expected %s)",
					      name, lua_tostring(L, -1)));
}

static int chain_apply(lua_State *L)
{
	tt_bonechain_id id = check_chain(L, 1);
	tt_bonechain_def def = tt_bonechain_get_def(id);
	apply_preset(L, 2, 2, id.world, &def);
	tt_bind_check_status(L, 2, tt_bonechain_set_def(id, &def));
	return 0;
}

static int chain_reset(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_bonechain_reset(check_chain(L, 1)));
	return 0;
}

static int chain_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_bonechain_destroy(check_chain(L, 1)));
	return 0;
}

static int chain_tostring(lua_State *L)
{
	tt_bonechain_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_bonechain_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_bonechain_valid(*(const tt_bonechain_id *)id) ? TT_OK
								: TT_ERR_CHAIN_STALE;
}

/* ---- world:chain{...} --------------------------------------------------- */

static void read_knobs(lua_State *L, int arg, tt_bonechain_def *def)
{
	for (int k = 0; k < TT_BONE_PARAM_COUNT; k++) {
		const char *key = tt_bone_param_name((tt_bone_param)k);
		if (lua_getfield(L, arg, key) != LUA_TNIL) {
			const char *wrong = tt_bind_chain_curve(L, lua_gettop(L),
								(tt_bone_param)k,
								&def->curve[k]);
			if (wrong)
				luaL_argerror(L, arg, lua_pushfstring(L, "%s: %s", key, wrong));
		}
		lua_pop(L, 1);
	}
	for (int k = 0; numbers[k].name; k++) {
		float *f = field_of(def, numbers, numbers[k].name);
		*f = tt_bind_opt_float(L, arg, numbers[k].name, *f);
	}
	def->gravity = tt_bind_opt_vec(L, arg, "gravity", def->gravity);
	def->force = tt_bind_opt_vec(L, arg, "force", def->force);
	def->teleport_mode = (tt_bone_teleport)tt_bind_opt_enum(
		L, arg, "teleport", teleport_names, def->teleport_mode);
	def->group = tt_bind_opt_bits(L, arg, "group", def->group);
	def->mask = tt_bind_opt_bits(L, arg, "mask", def->mask);
}

static void read_parts(lua_State *L, int arg, tt_bonechain_def *def)
{
	lua_getfield(L, arg, "lod");
	const char *wrong = tt_bind_chain_lod(L, lua_gettop(L), &def->lod);
	if (wrong)
		luaL_argerror(L, arg, lua_pushfstring(L, "lod: %s", wrong));
	lua_pop(L, 1);
	if (lua_getfield(L, arg, "colliders") != LUA_TNIL &&
	    (wrong = tt_bind_chain_colliders(L, lua_gettop(L), def)) != NULL)
		luaL_argerror(L, arg, wrong);
	lua_pop(L, 1);
}

int tt_bind_chain_create(lua_State *L)
{
	static const char *const keys[] = {
		"root", "points", "from", "direction", "segments", "length",
		"preset", "damping", "elasticity", "stiffness", "inertia", "radius",
		"max_stretch", "gravity", "force", "end_length", "mass", "rate",
		"lod", "teleport_distance", "teleport_angle", "teleport",
		"colliders", "group", "mask", NULL};
	static tt_vec3 points[TT_BONECHAIN_MAX_POINTS];
	tt_world_id world = tt_bind_check_world(L, 1);
	tt_bind_check_options(L, 2, keys);
	tt_bonechain_def def = tt_bonechain_def_default();
	def.gravity = tt_world_get_def(world).gravity;
	lua_getfield(L, 2, "root");
	if (!tt_bind_chain_root(L, -1, &def))
		luaL_argerror(L, 2, lua_pushfstring(L, "root: a frame or a collider "
						    "expected, got %s",
						    luaL_typename(L, -1)));
	lua_pop(L, 1);
	if (lua_getfield(L, 2, "preset") != LUA_TNIL)
		apply_preset(L, lua_gettop(L), 2, world, &def);
	lua_pop(L, 1);
	read_knobs(L, 2, &def);
	read_parts(L, 2, &def);
	def.point_count = tt_bind_chain_shape(L, 2, points);
	def.points = points;
	tt_bonechain_id id;
	tt_bind_check_status(L, 2, tt_bonechain_create(world, &def, &id));
	push_chain(L, id);
	return 1;
}

/* ---- world and module functions ----------------------------------------- */

int tt_bind_world_teleport(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_bind_check_status(L, 2, tt_world_teleport(id, tt_bind_check_vec(L, 2)));
	return 0;
}

int tt_bind_world_get_lod_point(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_bind_push_vec(L, tt_world_get_lod_point(id), tt_world_get_def(id).is_3d);
	return 1;
}

int tt_bind_world_set_lod_point(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_bind_prop_status(L, tt_world_set_lod_point(id, tt_bind_prop_vec(L)));
	return 0;
}

int tt_bind_chain_presets(lua_State *L)
{
	lua_createtable(L, tt_bone_preset_count(), 0);
	for (int k = 0; k < tt_bone_preset_count(); k++) {
		lua_pushstring(L, tt_bone_preset_name(k));
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

static const luaL_Reg methods[] = {
	{"node", chain_node},	      {"nodes", chain_nodes},
	{"position", chain_position}, {"velocity", chain_velocity},
	{"rest", chain_rest},	      {"value", chain_value},
	{"apply", chain_apply},	      {"reset", chain_reset},
	{"destroy", chain_destroy},   {NULL, NULL},
};

static const tt_prop props[] = {
	{"damping", get_curve, set_curve},
	{"elasticity", get_curve, set_curve},
	{"stiffness", get_curve, set_curve},
	{"inertia", get_curve, set_curve},
	{"radius", get_curve, set_curve},
	{"max_stretch", get_curve, set_curve},
	{"end_length", get_number, set_number},
	{"rate", get_number, set_number},
	{"teleport_distance", get_number, set_number},
	{"teleport_angle", get_number, set_number},
	{"mass", get_number, NULL},
	{"gravity", get_vector, set_vector},
	{"force", get_vector, set_vector},
	{"teleport", get_teleport, set_teleport},
	{"lod", get_lod, set_lod},
	{"colliders", get_colliders, set_colliders},
	{"group", get_bits, set_bits},
	{"mask", get_bits, set_bits},
	{"points", get_points, set_points},
	{"root", get_root, NULL},
	{"level", get_level, NULL},
	{"node_updates", get_node_updates, NULL},
	{"tip", get_tip, NULL},
	{"world", get_world, NULL},
	{NULL, NULL, NULL},
};

void tt_bind_chain_class(lua_State *L)
{
	static const tt_class cls = {NAME, methods, props, alive, chain_tostring,
				     NULL, chain_len};
	tt_bind_class(L, &cls);
}
