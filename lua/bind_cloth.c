/* Lua's cloth: a userdata holding a tt_cloth_id (core/cloth.h).
 *
 *   local cape = world:cloth{ grid = {12, 16}, size = {0.6, 0.9},
 *                             origin = {-0.3, 1.45, -0.2}, pin = "top",
 *                             pin_to = torso_frame }
 *   world:cloth{ mesh = taut.mesh("sheet.obj"), pin = {1, 2, "top_left"} }
 *   other keys: orientation, mass_per_area, thickness, stretch, shear,
 *   bend (a compliance, or false), damping, drag, lift, air_density,
 *   max_strain, tethers, teleport_distance, teleport_angle, teleport
 *   ("keep" | "reset"), self_collision, visible, group, mask
 *   #cloth (nodes), cloth:particle(i), cloth:nodes(), cloth:springs(),
 *   cloth:triangle(i) --> i1, i2, i3, standing (node indices)
 *   cloth.normals ({x, y, z} per laid-out node), cloth:rest_position(i),
 *   cloth:reset(), cloth:translate{dx, dy, dz}, cloth:bind(mesh) --> a
 *   binding (bind_binding.c), cloth:mesh() --> its own surface as a mesh,
 *   cloth:destroy(); world:cloths(); p.cloth
 * Live settings read and write as fields; kind, cols, rows, laid,
 * triangle_count, standing, torn, tethers, teleports, mass read only.
 * Node and triangle indices are 1-based. */
#include <math.h>
#include <string.h>

#include "../core/binding.h"
#include "bind.h"

#define NAME "cloth"
#define MESHES "taut.cloth_meshes"

static const char *const kinds[] = {"grid", "mesh", NULL};
static const char *const teleports[] = {"keep", "reset", NULL};
static const char *const pin_names[] = {
	"top",	    "bottom",	"left",	       "right",
	"top_left", "top_right", "bottom_left", "bottom_right", NULL};

tt_cloth_id tt_bind_check_cloth(lua_State *L, int arg)
{
	tt_cloth_id id = *(tt_cloth_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_cloth_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_CLOTH_STALE));
	return id;
}

int tt_bind_is_cloth(lua_State *L, int arg)
{
	return luaL_testudata(L, arg, NAME) != NULL;
}

void tt_bind_push_cloth(lua_State *L, tt_cloth_id id)
{
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
}

static tt_cloth_id self(lua_State *L)
{
	return *(tt_cloth_id *)lua_touserdata(L, 1);
}

/* ---- properties ----------------------------------------------------------- */

typedef struct float_prop {
	const char *name;
	float (*get)(tt_cloth_id);
	tt_status (*set)(tt_cloth_id, float);
} float_prop;

static const float_prop floats[] = {
	{"stretch", tt_cloth_get_stretch, tt_cloth_set_stretch},
	{"shear", tt_cloth_get_shear, tt_cloth_set_shear},
	{"bend", tt_cloth_get_bend, tt_cloth_set_bend},
	{"max_strain", tt_cloth_get_max_strain, tt_cloth_set_max_strain},
	{"damping", tt_cloth_get_damping, tt_cloth_set_damping},
	{"drag", tt_cloth_get_drag, tt_cloth_set_drag},
	{"lift", tt_cloth_get_lift, tt_cloth_set_lift},
	{"air_density", tt_cloth_get_air_density, tt_cloth_set_air_density},
	{"thickness", tt_cloth_get_thickness, tt_cloth_set_thickness},
	{"teleport_distance", tt_cloth_get_teleport_distance,
	 tt_cloth_set_teleport_distance},
	{"teleport_angle", tt_cloth_get_teleport_angle,
	 tt_cloth_set_teleport_angle},
	{"mass", tt_cloth_mass, NULL},
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

typedef struct int_prop {
	const char *name;
	int (*get)(tt_cloth_id);
} int_prop;

static int get_tethers(tt_cloth_id id)
{
	return tt_cloth_tether_count(id);
}

static const int_prop ints[] = {
	{"cols", tt_cloth_cols},
	{"rows", tt_cloth_rows},
	{"laid", tt_cloth_laid_count},
	{"triangle_count", tt_cloth_triangle_count},
	{"standing", tt_cloth_standing_count},
	{"tethers", get_tethers},
	{"teleports", tt_cloth_teleports},
	{NULL, NULL},
};

static int get_int(lua_State *L)
{
	const char *name = lua_tostring(L, 2);
	const int_prop *p = ints;
	while (strcmp(p->name, name) != 0)
		p++;
	lua_pushinteger(L, p->get(self(L)));
	return 1;
}

/* Flags read and written as booleans. */
static int get_flag(lua_State *L)
{
	int self_collision = lua_tostring(L, 2)[0] == 's';
	lua_pushboolean(L, self_collision ? tt_cloth_get_self_collision(self(L))
					  : tt_cloth_get_visible(self(L)));
	return 1;
}

static int set_flag(lua_State *L)
{
	if (!lua_isboolean(L, 3))
		luaL_error(L, "cannot set '%s' (boolean expected, got %s)",
			   lua_tostring(L, 2), luaL_typename(L, 3));
	int on = lua_toboolean(L, 3);
	tt_bind_prop_status(L, lua_tostring(L, 2)[0] == 's'
				       ? tt_cloth_set_self_collision(self(L), on)
				       : tt_cloth_set_visible(self(L), on));
	return 0;
}

static int get_bits(lua_State *L)
{
	int group = lua_tostring(L, 2)[0] == 'g';
	lua_pushinteger(L, group ? tt_cloth_get_group(self(L))
				 : tt_cloth_get_mask(self(L)));
	return 1;
}

static int set_bits(lua_State *L)
{
	uint32_t bits = tt_bind_prop_bits(L);
	tt_bind_prop_status(L, lua_tostring(L, 2)[0] == 'g'
				       ? tt_cloth_set_group(self(L), bits)
				       : tt_cloth_set_mask(self(L), bits));
	return 0;
}

static int get_kind(lua_State *L)
{
	lua_pushstring(L, kinds[tt_cloth_get_kind(self(L))]);
	return 1;
}

static int get_teleport(lua_State *L)
{
	lua_pushstring(L, teleports[tt_cloth_get_teleport(self(L))]);
	return 1;
}

static int set_teleport(lua_State *L)
{
	int mode = luaL_checkoption(L, 3, NULL, teleports);
	tt_bind_prop_status(L, tt_cloth_set_teleport(self(L),
						     (tt_cloth_teleport)mode));
	return 0;
}

static int get_torn(lua_State *L)
{
	tt_cloth_id id = self(L);
	lua_pushboolean(L, tt_cloth_standing_count(id) < tt_cloth_triangle_count(id));
	return 1;
}

static int get_normals(lua_State *L)
{
	tt_cloth_id id = self(L);
	int n = tt_cloth_laid_count(id);
	float *out = lua_newuserdatauv(L, 3 * (size_t)n * sizeof *out, 0);
	tt_cloth_get_normals(id, out, n);
	lua_createtable(L, n, 0);
	for (int k = 0; k < n; k++) {
		tt_bind_push_vec(L, (tt_vec3){out[3 * k], out[3 * k + 1], out[3 * k + 2]},
				 1);
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

/* ---- methods -------------------------------------------------------------- */

static int cloth_len(lua_State *L)
{
	lua_pushinteger(L, tt_cloth_node_count(tt_bind_check_cloth(L, 1)));
	return 1;
}

/* Argument arg: an index in 1..n, 0-based. */
static int check_index(lua_State *L, int arg, int n)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	luaL_argcheck(L, i >= 1 && i <= n, arg,
		      lua_pushfstring(L, "index out of range 1..%d", n));
	return (int)i - 1;
}

static tt_particle_id node_at(const void *owner, int i)
{
	return tt_cloth_node(*(const tt_cloth_id *)owner, i);
}

static tt_spring_id spring_at(const void *owner, int i)
{
	return tt_cloth_spring(*(const tt_cloth_id *)owner, i);
}

/* The owner at 1, checked, and its parts. */
static tt_bind_parts parts_of(lua_State *L, tt_cloth_id *id)
{
	*id = tt_bind_check_cloth(L, 1);
	return (tt_bind_parts){id, tt_cloth_node_count(*id),
			       tt_cloth_spring_count(*id), node_at, spring_at};
}

static int cloth_particle(lua_State *L)
{
	tt_cloth_id id;
	tt_bind_parts parts = parts_of(L, &id);
	return tt_bind_push_part(L, &parts, 2);
}

static int cloth_nodes(lua_State *L)
{
	tt_cloth_id id;
	tt_bind_parts parts = parts_of(L, &id);
	return tt_bind_push_part_list(L, &parts, 0);
}

static int cloth_springs(lua_State *L)
{
	tt_cloth_id id;
	tt_bind_parts parts = parts_of(L, &id);
	return tt_bind_push_part_list(L, &parts, 1);
}

static int cloth_triangle(lua_State *L)
{
	tt_cloth_id id = tt_bind_check_cloth(L, 1);
	int n[3], t = check_index(L, 2, tt_cloth_triangle_count(id));
	int standing = tt_cloth_triangle(id, t, n);
	for (int k = 0; k < 3; k++)
		lua_pushinteger(L, n[k] + 1);
	lua_pushboolean(L, standing == 1);
	return 4;
}

static int cloth_rest_position(lua_State *L)
{
	tt_cloth_id id = tt_bind_check_cloth(L, 1);
	int i = check_index(L, 2, tt_cloth_laid_count(id));
	tt_bind_push_vec(L, tt_cloth_rest_position(id, i),
			 tt_world_get_def(id.world).is_3d);
	return 1;
}

static int cloth_reset(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_cloth_reset(tt_bind_check_cloth(L, 1)));
	return 0;
}

static int cloth_translate(lua_State *L)
{
	tt_cloth_id id = tt_bind_check_cloth(L, 1);
	tt_bind_check_status(L, 2, tt_cloth_translate(id, tt_bind_check_vec(L, 2)));
	return 0;
}

/* The cloth's own surface mesh, made once and kept per world (by slot),
 * written from the particles now. */
int tt_bind_cloth_mesh(lua_State *L, int arg)
{
	tt_cloth_id id = tt_bind_check_cloth(L, arg);
	tt_bind_push_world(L, id.world, 0);
	tt_bind_push_world_table(L, -1, MESHES, 1);
	lua_remove(L, -2);
	lua_pushlstring(L, (const char *)&id, sizeof id);
	if (lua_rawget(L, -2) == LUA_TNIL) {
		lua_pop(L, 1);
		tt_mesh *m = tt_cloth_mesh_create(id);
		if (!m)
			luaL_error(L, "%s", tt_status_message(TT_ERR_OUT_OF_MEMORY));
		tt_bind_push_mesh(L, m);
		lua_pushlstring(L, (const char *)&id, sizeof id);
		lua_pushvalue(L, -2);
		lua_rawset(L, -4);
	}
	lua_remove(L, -2);
	tt_cloth_mesh_update(id, tt_bind_check_mesh(L, -1));
	return 1;
}

static int cloth_mesh(lua_State *L)
{
	return tt_bind_cloth_mesh(L, 1);
}

static int cloth_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_cloth_destroy(tt_bind_check_cloth(L, 1)));
	return 0;
}

static int cloth_tostring(lua_State *L)
{
	tt_cloth_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_cloth_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_cloth_valid(*(const tt_cloth_id *)id) ? TT_OK
							 : TT_ERR_CLOTH_STALE;
}

int tt_bind_world_cloths(lua_State *L)
{
	tt_world_id w = tt_bind_check_world(L, 1);
	int n = tt_world_cloth_count(w);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		tt_bind_push_cloth(L, tt_world_cloth_at(w, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

int tt_bind_particle_cloth(lua_State *L)
{
	tt_cloth_id id = tt_particle_get_cloth(*(tt_particle_id *)lua_touserdata(L, 1));
	if (id.index1 == 0)
		lua_pushnil(L);
	else
		tt_bind_push_cloth(L, id);
	return 1;
}

static const luaL_Reg methods[] = {
	{"particle", cloth_particle},
	{"nodes", cloth_nodes},
	{"springs", cloth_springs},
	{"triangle", cloth_triangle},
	{"rest_position", cloth_rest_position},
	{"reset", cloth_reset},
	{"translate", cloth_translate},
	{"bind", tt_bind_cloth_bind},
	{"mesh", cloth_mesh},
	{"destroy", cloth_destroy},
	{NULL, NULL},
};

static const tt_prop props[] = {
	{"stretch", get_float, set_float},
	{"shear", get_float, set_float},
	{"bend", get_float, set_float},
	{"max_strain", get_float, set_float},
	{"damping", get_float, set_float},
	{"drag", get_float, set_float},
	{"lift", get_float, set_float},
	{"air_density", get_float, set_float},
	{"thickness", get_float, set_float},
	{"teleport_distance", get_float, set_float},
	{"teleport_angle", get_float, set_float},
	{"mass", get_float, NULL},
	{"cols", get_int, NULL},
	{"rows", get_int, NULL},
	{"laid", get_int, NULL},
	{"triangle_count", get_int, NULL},
	{"standing", get_int, NULL},
	{"tethers", get_int, NULL},
	{"teleports", get_int, NULL},
	{"self_collision", get_flag, set_flag},
	{"visible", get_flag, set_flag},
	{"group", get_bits, set_bits},
	{"mask", get_bits, set_bits},
	{"kind", get_kind, NULL},
	{"teleport", get_teleport, set_teleport},
	{"torn", get_torn, NULL},
	{"normals", get_normals, NULL},
	{NULL, NULL, NULL},
};

void tt_bind_cloth_class(lua_State *L)
{
	static const tt_class cls = {NAME,	     methods, props, alive,
				     cloth_tostring, NULL,    cloth_len};
	tt_bind_class(L, &cls);
}

/* ---- world:cloth{...} ----------------------------------------------------- */

/* grid = {w, h}: cells across and down. */
static void read_grid(lua_State *L, int arg, tt_cloth_def *def)
{
	int t = lua_gettop(L);
	lua_geti(L, t, 1);
	lua_geti(L, t, 2);
	if (!lua_isinteger(L, -2) || !lua_isinteger(L, -1))
		luaL_argerror(L, arg, "grid: {w, h} (cells, integers) expected");
	def->cols = (int)lua_tointeger(L, -2);
	def->rows = (int)lua_tointeger(L, -1);
	lua_pop(L, 2);
}

/* size = {width, height} or one number for both. */
static void read_size(lua_State *L, int arg, tt_cloth_def *def)
{
	if (lua_getfield(L, arg, "size") == LUA_TNUMBER) {
		def->width = def->height = tt_bind_check_float(L, -1);
	} else if (!lua_isnil(L, -1)) {
		tt_vec3 size = tt_bind_check_vec(L, lua_gettop(L));
		def->width = size.x, def->height = size.y;
	}
	lua_pop(L, 1);
}

/* Exactly one of grid, mesh; a mesh is kept on the stack while made. */
static void read_layout(lua_State *L, int arg, tt_cloth_def *def)
{
	int grid = lua_getfield(L, arg, "grid") != LUA_TNIL;
	int mesh = lua_getfield(L, arg, "mesh") != LUA_TNIL;
	if (grid == mesh)
		luaL_argerror(L, arg, "give one of grid = {w, h} or mesh = a taut.mesh");
	if (mesh) {
		def->kind = TT_CLOTH_MESH;
		def->mesh = tt_bind_check_mesh(L, lua_gettop(L));
		lua_remove(L, -2);
		return;
	}
	lua_pop(L, 1);
	if (!lua_istable(L, -1))
		luaL_argerror(L, arg, "grid: {w, h} (cells, integers) expected");
	read_grid(L, arg, def);
	lua_pop(L, 1);
	read_size(L, arg, def);
}


/* pin = "top" or a list of names and node indices (1-based); the index
 * list lives in a userdata on the stack until the cloth is made. */
static void read_pins(lua_State *L, int arg, tt_cloth_def *def)
{
	int type = lua_getfield(L, arg, "pin");
	int t = lua_gettop(L);
	lua_Integer n = type == LUA_TTABLE ? luaL_len(L, t) : type == LUA_TSTRING;
	if (type != LUA_TNIL && type != LUA_TTABLE && type != LUA_TSTRING)
		luaL_argerror(L, arg, "pin: a side or corner name, or a list of them "
				      "and node indices, expected");
	int32_t *pins = lua_newuserdatauv(L, (size_t)(n > 0 ? n : 1) * sizeof *pins, 0);
	def->pins = pins;
	for (lua_Integer k = 1; k <= n; k++) {
		if (type == LUA_TTABLE)
			lua_geti(L, t, k);
		else
			lua_pushvalue(L, t);
		if (lua_isinteger(L, -1)) {
			pins[def->pin_count++] = (int32_t)(lua_tointeger(L, -1) - 1);
		} else {
			const char *name = lua_tostring(L, -1);
			int found = -1;
			for (int i = 0; name && pin_names[i] && found < 0; i++)
				found = strcmp(name, pin_names[i]) == 0 ? i : -1;
			if (found < 0)
				luaL_argerror(L, arg, lua_pushfstring(L, "pin: unknown '%s' "
						"(expected top, bottom, left, right, "
						"top_left, top_right, bottom_left, "
						"bottom_right or node indices)",
						luaL_tolstring(L, -1, NULL)));
			def->pin_sets |= 1u << found;
		}
		lua_pop(L, 1);
	}
	lua_remove(L, t);
}

/* pin_to = a frame or a collider. */
static void read_root(lua_State *L, int arg, tt_cloth_def *def)
{
	if (lua_getfield(L, arg, "pin_to") == LUA_TNIL) {
		lua_pop(L, 1);
		return;
	}
	int top = lua_gettop(L);
	if (tt_bind_is_frame(L, top))
		def->pin_frame = *(tt_frame_id *)lua_touserdata(L, top);
	else if (luaL_testudata(L, top, "collider"))
		def->pin_collider = tt_bind_check_collider(L, top);
	else
		luaL_argerror(L, arg, lua_pushfstring(L, "pin_to: a frame or a collider "
						      "expected, got %s",
						      luaL_typename(L, top)));
	lua_pop(L, 1);
}

static void read_settings(lua_State *L, int arg, tt_cloth_def *def)
{
	def->origin = tt_bind_opt_vec(L, arg, "origin", def->origin);
	def->orientation = tt_bind_opt_quat(L, arg, "orientation", def->orientation);
	def->mass_per_area = tt_bind_opt_float(L, arg, "mass_per_area",
					       def->mass_per_area);
	def->thickness = tt_bind_opt_float(L, arg, "thickness", def->thickness);
	def->stretch = tt_bind_opt_float(L, arg, "stretch", def->stretch);
	def->shear = tt_bind_opt_compliance(L, arg, "shear", def->shear);
	def->bend = tt_bind_opt_compliance(L, arg, "bend", def->bend);
	def->damping = tt_bind_opt_float(L, arg, "damping", def->damping);
	def->drag = tt_bind_opt_float(L, arg, "drag", def->drag);
	def->lift = tt_bind_opt_float(L, arg, "lift", def->lift);
	def->air_density = tt_bind_opt_float(L, arg, "air_density", def->air_density);
	def->max_strain = tt_bind_opt_float(L, arg, "max_strain", def->max_strain);
	def->tethers = tt_bind_opt_bool(L, arg, "tethers", def->tethers);
	def->teleport_distance = tt_bind_opt_float(L, arg, "teleport_distance",
						   def->teleport_distance);
	def->teleport_angle = tt_bind_opt_float(L, arg, "teleport_angle",
						def->teleport_angle);
	def->teleport = (tt_cloth_teleport)tt_bind_opt_enum(L, arg, "teleport",
							    teleports, 0);
	def->self_collision = tt_bind_opt_bool(L, arg, "self_collision", 0);
	def->visible = tt_bind_opt_bool(L, arg, "visible", 1);
	def->group = tt_bind_opt_bits(L, arg, "group", def->group);
	def->mask = tt_bind_opt_bits(L, arg, "mask", def->mask);
}

int tt_bind_cloth_create(lua_State *L, tt_world_id world, int arg)
{
	static const char *const keys[] = {
		"grid",	      "size",	       "mesh",	     "origin",
		"orientation", "mass_per_area", "thickness",  "stretch",
		"shear",      "bend",	       "damping",    "drag",
		"lift",	      "air_density",   "max_strain", "tethers",
		"pin",	      "pin_to",	       "teleport_distance",
		"teleport_angle", "teleport",  "self_collision", "visible",
		"group",      "mask",	       NULL};
	tt_bind_check_options(L, arg, keys);
	tt_cloth_def def = tt_cloth_def_default();
	read_layout(L, arg, &def);
	if (def.kind == TT_CLOTH_MESH && lua_getfield(L, arg, "size") != LUA_TNIL)
		luaL_argerror(L, arg, "'size' is for grids (a mesh has its own)");
	if (def.kind == TT_CLOTH_MESH)
		lua_pop(L, 1);
	read_settings(L, arg, &def);
	read_pins(L, arg, &def);
	read_root(L, arg, &def);
	tt_cloth_id id;
	tt_bind_check_status(L, arg, tt_cloth_create(world, &def, &id));
	tt_bind_push_cloth(L, id);
	return 1;
}
