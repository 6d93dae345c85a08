/* Lua's wind: a userdata holding a tt_wind_id.
 *
 *   local gust = world:wind{ kind = "noise", direction = {1, 0},
 *                            strength = 4, turbulence = 0.6, scale = 3 }
 *   local spin = world:wind{ kind = "vortex", center = {0, 2}, radius = 1.5,
 *                            strength = 6, region = "circle",
 *                            region_center = {0, 2}, region_size = 4,
 *                            edge = 1 }
 *   local f = world:wind{ fn = function(x, y, z, t) return 2, math.sin(t) end,
 *                         box = {{-10, -5}, {10, 5}}, cells = {16, 8} }
 *   w.enabled, w.strength, w.direction, w.center, w.axis, w.radius, w.scale,
 *   w.speed, w.turbulence, w.seed, w.region, w.region_center,
 *   w.region_size, w.edge, w.fn                         (read and write)
 *   w.kind, w.samples, w.world                          (read only)
 *   w:sample{x, y} -> {vx, vy}   w:destroy()
 * A "function" wind is the core's grid field: before every step (world:step
 * or the scene runtime's) tt_bind_wind_fill calls fn once per lattice point,
 * (cells + 1) per axis (one layer in 2D), so its cost does not grow with
 * the particles; the core blends the samples and never calls Lua. */
#include <stddef.h>
#include <string.h>

#include "bind.h"

#define NAME "wind"
#define FNS "taut.wind_fns"

static const char *const kinds[] = {"uniform", "noise", "vortex", "radial",
				    "function", NULL};
static const char *const regions[] = {"none", "circle", "box", NULL};

tt_wind_id tt_bind_check_wind(lua_State *L, int arg)
{
	tt_wind_id id = *(tt_wind_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_wind_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_WIND_STALE));
	return id;
}

static tt_wind_id self(lua_State *L)
{
	return *(tt_wind_id *)lua_touserdata(L, 1);
}

/* The settable fields of tt_wind_def, by name, so one getter, one setter
 * and one option reader serve them all. */
typedef enum field_type { FLOAT, VEC, BOOL, SEED, REGION } field_type;

typedef struct field {
	const char *name;
	field_type type;
	size_t offset;
} field;

#define F(name, type) {#name, type, offsetof(tt_wind_def, name)}
static const field fields[] = {
	F(enabled, BOOL),	 F(strength, FLOAT),	  F(direction, VEC),
	F(center, VEC),		 F(axis, VEC),		  F(radius, FLOAT),
	F(scale, FLOAT),	 F(speed, FLOAT),	  F(turbulence, FLOAT),
	F(seed, SEED),		 F(region, REGION),	  F(region_center, VEC),
	F(region_size, VEC),	 F(edge, FLOAT),	  {NULL, FLOAT, 0},
};
#undef F

static const field *find_field(const char *name)
{
	for (const field *f = fields; f->name; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

/* A number n stands for the vector (n, n, n): a circle's radius. */
static tt_vec3 opt_size(lua_State *L, int arg, const char *key, tt_vec3 def)
{
	lua_getfield(L, arg, key);
	int number = lua_type(L, -1) == LUA_TNUMBER;
	float n = (float)lua_tonumber(L, -1);
	lua_pop(L, 1);
	return number ? (tt_vec3){n, n, n} : tt_bind_opt_vec(L, arg, key, def);
}

/* Option f of the table at arg into def (absent keeps the default). */
static void read_option(lua_State *L, int arg, const field *f, tt_wind_def *def)
{
	char *at = (char *)def + f->offset;
	switch (f->type) {
	case FLOAT: *(float *)at = tt_bind_opt_float(L, arg, f->name, *(float *)at); break;
	case BOOL: *(int *)at = tt_bind_opt_bool(L, arg, f->name, *(int *)at); break;
	case SEED: *(uint32_t *)at = (uint32_t)tt_bind_opt_int(L, arg, f->name, 0); break;
	case REGION: *(int *)at = tt_bind_opt_enum(L, arg, f->name, regions, 0); break;
	case VEC: *(tt_vec3 *)at = opt_size(L, arg, f->name, *(tt_vec3 *)at); break;
	}
}

/* The value at 3 into field f of def, or "cannot set 'x' (...)". */
static void read_prop(lua_State *L, const field *f, tt_wind_def *def)
{
	char *at = (char *)def + f->offset;
	switch (f->type) {
	case FLOAT: *(float *)at = tt_bind_prop_float(L); break;
	case SEED: *(uint32_t *)at = (uint32_t)tt_bind_prop_int(L); break;
	case BOOL:
		if (!lua_isboolean(L, 3))
			luaL_error(L, "cannot set '%s' (boolean expected, got %s)",
				   f->name, luaL_typename(L, 3));
		*(int *)at = lua_toboolean(L, 3);
		break;
	case REGION: {
		if (lua_type(L, 3) != LUA_TSTRING)
			luaL_error(L, "cannot set 'region' (string expected, got %s)",
				   luaL_typename(L, 3));
		const char *name = lua_tostring(L, 3);
		int i = 0;
		while (regions[i] && strcmp(regions[i], name) != 0)
			i++;
		if (!regions[i])
			luaL_error(L, "cannot set 'region' (unknown region '%s' "
				   "(expected none, circle, box))", name);
		*(int *)at = i;
		break;
	}
	case VEC:
		*(tt_vec3 *)at = lua_type(L, 3) == LUA_TNUMBER
			? (tt_vec3){tt_bind_prop_float(L), tt_bind_prop_float(L),
				    tt_bind_prop_float(L)}
			: tt_bind_prop_vec(L);
		break;
	}
}

static int get_field(lua_State *L)
{
	const field *f = find_field(lua_tostring(L, 2));
	tt_wind_id id = self(L);
	tt_wind_def def = tt_wind_get_def(id);
	const char *at = (const char *)&def + f->offset;
	switch (f->type) {
	case FLOAT: lua_pushnumber(L, *(const float *)at); break;
	case BOOL: lua_pushboolean(L, *(const int *)at); break;
	case SEED: lua_pushinteger(L, *(const uint32_t *)at); break;
	case REGION: lua_pushstring(L, regions[*(const int *)at]); break;
	case VEC: tt_bind_push_vec(L, *(const tt_vec3 *)at,
				   tt_world_get_def(id.world).is_3d); break;
	}
	return 1;
}

static int set_field(lua_State *L)
{
	tt_wind_def def = tt_wind_get_def(self(L));
	read_prop(L, find_field(lua_tostring(L, 2)), &def);
	tt_bind_prop_status(L, tt_wind_set_def(self(L), &def));
	return 0;
}

/* Push the list of function winds of the world userdata at idx: an array
 * of wind userdata in creation order (so fill order is deterministic),
 * and list[wind] = fn. With create unset, pushes nothing and returns 0
 * when the world has none. */
static int push_fn_list(lua_State *L, int idx, int create)
{
	return tt_bind_push_world_table(L, idx, FNS, create);
}

/* Remember fn (at fn_idx) for the wind userdata at wind_idx. */
static void set_fn(lua_State *L, int wind_idx, int fn_idx)
{
	wind_idx = lua_absindex(L, wind_idx);
	fn_idx = lua_absindex(L, fn_idx);
	tt_bind_push_world(L, (*(tt_wind_id *)lua_touserdata(L, wind_idx)).world, 0);
	push_fn_list(L, -1, 1);
	lua_pushvalue(L, wind_idx);
	if (lua_rawget(L, -2) == LUA_TNIL) {  /* new: append in order */
		lua_pushvalue(L, wind_idx);
		lua_rawseti(L, -3, (lua_Integer)lua_rawlen(L, -3) + 1);
	}
	lua_pop(L, 1);
	lua_pushvalue(L, wind_idx);
	lua_pushvalue(L, fn_idx);
	lua_rawset(L, -3);
	lua_pop(L, 2);
}

/* Call fn(x, y, z, t) at every lattice point of the wind; fn at -1. The
 * function may destroy its own wind (or the world): the fill stops. */
static void fill_one(lua_State *L, tt_wind_id id)
{
	double t = tt_world_wind_time(id.world);
	for (int k = 0; k < tt_wind_grid_count(id); k++) {
		tt_vec3 p = tt_wind_grid_point(id, k);
		lua_pushvalue(L, -1);
		lua_pushnumber(L, p.x);
		lua_pushnumber(L, p.y);
		lua_pushnumber(L, p.z);
		lua_pushnumber(L, t);
		lua_call(L, 4, 3);
		if (!tt_wind_valid(id)) {
			lua_pop(L, 3);
			return;
		}
		int okx, oky, okz = 1;
		tt_vec3 v = {(float)lua_tonumberx(L, -3, &okx),
			     (float)lua_tonumberx(L, -2, &oky),
			     lua_isnil(L, -1) ? 0.0f
					      : (float)lua_tonumberx(L, -1, &okz)};
		if (!okx || !oky || !okz || tt_wind_grid_set(id, k, v) != TT_OK)
			luaL_error(L, "wind function must return finite numbers "
				   "vx, vy[, vz] (got %s, %s, %s at (%f, %f))",
				   luaL_typename(L, -3), luaL_typename(L, -2),
				   luaL_typename(L, -1), (double)p.x, (double)p.y);
		lua_pop(L, 3);
	}
}

/* The wind of list entry i (at -1), or a null id when the entry is not a
 * wind (the list is the binding's, but a function may create or destroy
 * winds while it is walked). */
static tt_wind_id entry_id(lua_State *L)
{
	tt_wind_id *u = luaL_testudata(L, -1, NAME);
	return u ? *u : (tt_wind_id){0};
}

/* Drop the destroyed winds from the list at -1, keeping the order. No
 * Lua runs here, so nothing changes the list under it. */
static void compact(lua_State *L)
{
	int n = (int)lua_rawlen(L, -1), kept = 0;
	for (int i = 1; i <= n; i++) {
		lua_rawgeti(L, -1, i);
		if (tt_wind_valid(entry_id(L))) {
			lua_rawseti(L, -2, ++kept);
			continue;
		}
		lua_pushnil(L);  /* destroyed: forget its function */
		lua_rawset(L, -3);
	}
	for (int i = kept + 1; i <= n; i++) {
		lua_pushnil(L);
		lua_rawseti(L, -2, i);
	}
}

void tt_bind_wind_fill(lua_State *L, int world)
{
	world = lua_absindex(L, world);
	if (!push_fn_list(L, world, 0))
		return;
	int top = lua_gettop(L);
	tt_bind_world_lock(L, world, "a wind function");
	int n = (int)lua_rawlen(L, top);
	for (int i = 1; i <= n; i++) {
		lua_rawgeti(L, top, i);
		tt_wind_id id = entry_id(L);
		lua_rawget(L, top);  /* its fn: [list lock fn] */
		if (tt_wind_valid(id) && tt_wind_get_def(id).enabled &&
		    lua_isfunction(L, -1))
			fill_one(L, id);
		lua_pop(L, 1);
	}
	lua_settop(L, top);  /* closes the lock */
	compact(L);
	lua_pop(L, 1);
}

static int get_kind(lua_State *L)
{
	lua_pushstring(L, kinds[tt_wind_get_def(self(L)).kind]);
	return 1;
}

static int get_samples(lua_State *L)
{
	lua_pushinteger(L, tt_wind_grid_count(self(L)));
	return 1;
}

static int get_world(lua_State *L)
{
	tt_bind_push_world(L, self(L).world, 0);
	return 1;
}

static int get_fn(lua_State *L)
{
	tt_bind_push_world(L, self(L).world, 0);
	if (!push_fn_list(L, -1, 0))
		return lua_pushnil(L), 1;
	lua_pushvalue(L, 1);
	lua_rawget(L, -2);
	return 1;
}

static int set_fn_prop(lua_State *L)
{
	if (tt_wind_get_def(self(L)).kind != TT_WIND_GRID)
		luaL_error(L, "cannot set 'fn' (only a \"function\" wind has one)");
	if (!lua_isfunction(L, 3))
		luaL_error(L, "cannot set 'fn' (function expected, got %s)",
			   luaL_typename(L, 3));
	set_fn(L, 1, 3);
	return 0;
}

static int wind_sample(lua_State *L)
{
	tt_wind_id id = tt_bind_check_wind(L, 1);
	tt_bind_push_vec(L, tt_wind_sample(id, tt_bind_check_vec(L, 2)),
			 tt_world_get_def(id.world).is_3d);
	return 1;
}

static int wind_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_wind_destroy(tt_bind_check_wind(L, 1)));
	return 0;
}

static int wind_tostring(lua_State *L)
{
	tt_wind_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_wind_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_wind_valid(*(const tt_wind_id *)id) ? TT_OK
						      : TT_ERR_WIND_STALE;
}

/* lo, hi and cells = {nx, ny[, nz]} of a function wind's lattice. */
static void read_lattice(lua_State *L, int arg, tt_wind_def *def)
{
	def->grid_lo = tt_bind_opt_vec(L, arg, "lo", def->grid_lo);
	def->grid_hi = tt_bind_opt_vec(L, arg, "hi", def->grid_hi);
	tt_vec3 cells = {(float)def->grid_cells[0], (float)def->grid_cells[1],
			 (float)def->grid_cells[2]};
	cells = tt_bind_opt_vec(L, arg, "cells", cells);
	float c[3] = {cells.x, cells.y, cells.z};
	for (int a = 0; a < 3; a++)  /* out of range is refused by the core */
		def->grid_cells[a] = c[a] >= 0.0f && c[a] <= 1e6f ? (int)c[a] : -1;
}

/* world:wind{...}: kind, the fields above, fn with lo, hi, cells. */
int tt_bind_wind_create(lua_State *L, tt_world_id world, int arg)
{
	static const char *const keys[] = {
		"kind", "enabled", "strength", "direction", "center", "axis",
		"radius", "scale", "speed", "turbulence", "seed", "region",
		"region_center", "region_size", "edge", "fn", "lo", "hi",
		"cells", NULL};
	tt_bind_check_options(L, arg, keys);
	tt_wind_def def = tt_wind_def_default();
	int has_fn = lua_getfield(L, arg, "fn") != LUA_TNIL;
	if (has_fn && !lua_isfunction(L, -1))
		luaL_argerror(L, arg, lua_pushfstring(L, "fn: function expected, "
					"got %s", luaL_typename(L, -1)));
	def.kind = (tt_wind_kind)tt_bind_opt_enum(L, arg, "kind", kinds,
						  has_fn ? TT_WIND_GRID : 0);
	if (has_fn != (def.kind == TT_WIND_GRID))
		luaL_argerror(L, arg, "a \"function\" wind needs fn, and only it");
	for (const field *f = fields; f->name; f++)
		read_option(L, arg, f, &def);
	read_lattice(L, arg, &def);
	tt_wind_id id;
	tt_bind_check_status(L, arg, tt_wind_create(world, &def, &id));
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
	if (has_fn)
		set_fn(L, -1, -2);
	return 1;
}

static const luaL_Reg methods[] = {
	{"sample", wind_sample},
	{"destroy", wind_destroy},
	{NULL, NULL},
};

#define FIELD(name) {#name, get_field, set_field}
static const tt_prop props[] = {
	FIELD(enabled), FIELD(strength), FIELD(direction), FIELD(center),
	FIELD(axis), FIELD(radius), FIELD(scale), FIELD(speed),
	FIELD(turbulence), FIELD(seed), FIELD(region), FIELD(region_center),
	FIELD(region_size), FIELD(edge),
	{"kind", get_kind, NULL},
	{"samples", get_samples, NULL},
	{"world", get_world, NULL},
	{"fn", get_fn, set_fn_prop},
	{NULL, NULL, NULL},
};
#undef FIELD

void tt_bind_wind_class(lua_State *L)
{
	static const tt_class cls = {NAME, methods, props, alive,
				     wind_tostring, NULL, NULL};
	tt_bind_class(L, &cls);
}
