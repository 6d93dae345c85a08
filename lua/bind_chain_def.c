/* Reading and writing the parts of a chain's definition that are not
 * plain numbers: curves, the rest pose, the root, the LOD table and the
 * collider list, for world:chain{...} and the chain's properties alike.
 *
 *   stiffness = 0.3                    a constant
 *   stiffness = {0.8, 0.1}             root to tip
 *   stiffness = {{0, 0.8}, {0.3, 0.5}, {1, 0.1}}   {depth, value} points
 *   points = {{0, 0, 0}, {0, -0.1, 0}, ...}   in the root's frame, or
 *   from = {x, y, z}, direction = {x, y, z}, segments = n, length = m
 *   lod = {near = 5, far = 15, cull = 40, rate = 20, from = {x, y, z}}
 *   colliders = {head, neck, {box, inside = true}} */
#include <math.h>

#include "bind_chain.h"

/* ---- curves ------------------------------------------------------------- */

static const char *curve_points(lua_State *L, int idx, int n, tt_curve *c)
{
	if (n < 1 || n > TT_CURVE_MAX_POINTS)
		return "1 to 8 {depth, value} points";
	c->count = n;
	for (int k = 0; k < n; k++) {
		lua_geti(L, idx, k + 1);
		float pair[2];
		int ok = lua_istable(L, -1) && luaL_len(L, -1) == 2 &&
			 tt_bind_read_floats(L, lua_gettop(L), pair, 2);
		lua_pop(L, 1);
		if (!ok)
			return "{depth, value} points of numbers";
		c->depth[k] = pair[0], c->value[k] = pair[1];
	}
	return NULL;
}

/* The curve at idx, or what was wrong with it. */
static const char *read_curve(lua_State *L, int idx, tt_curve *c)
{
	float pair[2];
	if (lua_type(L, idx) == LUA_TNUMBER) {
		*c = tt_curve_constant((float)lua_tonumber(L, idx));
		return NULL;
	}
	if (!lua_istable(L, idx))
		return "a number, {root, tip} or {{depth, value}, ...}";
	int n = (int)luaL_len(L, idx);
	lua_geti(L, idx, 1);
	int numbers = lua_type(L, -1) == LUA_TNUMBER;
	lua_pop(L, 1);
	if (!numbers)
		return curve_points(L, idx, n, c);
	if (n != 2 || !tt_bind_read_floats(L, idx, pair, 2))
		return "{root, tip} of two numbers";
	*c = tt_curve_line(pair[0], pair[1]);
	return NULL;
}

const char *tt_bind_chain_curve(lua_State *L, int idx, tt_bone_param p,
				tt_curve *c)
{
	const char *wrong = read_curve(L, idx, c);
	if (wrong)
		return lua_pushfstring(L, "%s expected", wrong);
	tt_status status = tt_bone_curve_check(p, c);
	return status == TT_OK ? NULL : tt_status_message(status);
}

void tt_bind_push_curve(lua_State *L, const tt_curve *c)
{
	if (c->count == 1) {
		lua_pushnumber(L, c->value[0]);
		return;
	}
	int line = c->count == 2 && c->depth[0] == 0.0f && c->depth[1] == 1.0f;
	lua_createtable(L, c->count, 0);
	for (int k = 0; k < c->count; k++) {
		if (line) {
			lua_pushnumber(L, c->value[k]);
		} else {
			lua_createtable(L, 2, 0);
			lua_pushnumber(L, c->depth[k]);
			lua_rawseti(L, -2, 1);
			lua_pushnumber(L, c->value[k]);
			lua_rawseti(L, -2, 2);
		}
		lua_rawseti(L, -2, k + 1);
	}
}

/* ---- the rest pose ------------------------------------------------------ */

const char *tt_bind_chain_points(lua_State *L, int idx, tt_vec3 *out, int *n)
{
	lua_Integer count = lua_istable(L, idx) ? luaL_len(L, idx) : -1;
	if (count < 2 || count > TT_BONECHAIN_MAX_POINTS)
		return "a table of 2 to 1024 {x, y, z} expected";
	for (int i = 0; i < count; i++) {
		lua_geti(L, idx, i + 1);
		float xyz[3] = {0.0f, 0.0f, 0.0f};
		lua_Integer dims = lua_istable(L, -1) ? luaL_len(L, -1) : 0;
		int ok = (dims == 2 || dims == 3) &&
			 tt_bind_read_floats(L, lua_gettop(L), xyz, (int)dims);
		lua_pop(L, 1);
		if (!ok)
			return lua_pushfstring(L, "[%d]: {x, y, z} of numbers expected",
					       i + 1);
		out[i] = (tt_vec3){xyz[0], xyz[1], xyz[2]};
	}
	*n = (int)count;
	return NULL;
}

/* from + direction * length * k / segments, k = 0..segments. */
static int line_points(lua_State *L, int arg, tt_vec3 *out)
{
	tt_vec3 from = tt_bind_opt_vec(L, arg, "from", (tt_vec3){0, 0, 0});
	tt_vec3 dir = tt_bind_opt_vec(L, arg, "direction", (tt_vec3){0, -1, 0});
	int segments = tt_bind_opt_int(L, arg, "segments", 10);
	float length = tt_bind_opt_float(L, arg, "length", 1.0f);
	float norm = sqrtf(dir.x * dir.x + dir.y * dir.y + dir.z * dir.z);
	luaL_argcheck(L, segments >= 1 && segments < TT_BONECHAIN_MAX_POINTS, arg,
		      "segments: 1 to 1023 expected");
	luaL_argcheck(L, length > 0.0f && norm > 0.0f, arg,
		      "length and direction: a positive length along a non-zero "
		      "direction expected");
	for (int k = 0; k <= segments; k++) {
		float s = length * (float)k / ((float)segments * norm);
		out[k] = (tt_vec3){from.x + dir.x * s, from.y + dir.y * s,
				   from.z + dir.z * s};
	}
	return segments + 1;
}

int tt_bind_chain_shape(lua_State *L, int arg, tt_vec3 *out)
{
	if (lua_getfield(L, arg, "points") == LUA_TNIL) {
		lua_pop(L, 1);
		return line_points(L, arg, out);
	}
	int n = 0;
	const char *wrong = tt_bind_chain_points(L, lua_gettop(L), out, &n);
	if (wrong)
		luaL_argerror(L, arg, lua_pushfstring(L, "points%s%s",
						      wrong[0] == '[' ? "" : ": ", wrong));
	lua_pop(L, 1);
	return n;
}

/* ---- the root and the colliders ----------------------------------------- */

int tt_bind_chain_root(lua_State *L, int idx, tt_bonechain_def *def)
{
	def->frame = (tt_frame_id){0};
	def->collider = (tt_collider_id){0};
	if (tt_bind_is_frame(L, idx))
		def->frame = *(tt_frame_id *)lua_touserdata(L, idx);
	else if (luaL_testudata(L, idx, "collider"))
		def->collider = *(tt_collider_id *)lua_touserdata(L, idx);
	else
		return 0;
	return 1;
}

void tt_bind_push_chain_root(lua_State *L, const tt_bonechain_def *def)
{
	if (def->frame.index1)
		tt_bind_push_frame(L, def->frame);
	else
		tt_bind_push_collider(L, def->collider);
}

/* Entry k: a collider, or {collider, inside = true}. */
static const char *read_collider(lua_State *L, int idx, tt_bone_collider *out)
{
	int t = lua_istable(L, idx);
	if (t)
		lua_geti(L, idx, 1);
	int ok = luaL_testudata(L, -1, "collider") != NULL;
	if (ok)
		out->collider = *(tt_collider_id *)lua_touserdata(L, -1);
	if (t)
		lua_pop(L, 1);
	if (!ok)
		return "a collider or {collider, inside = true}";
	out->inside = 0;
	if (t) {
		lua_getfield(L, idx, "inside");
		out->inside = lua_toboolean(L, -1);
		lua_pop(L, 1);
	}
	return NULL;
}

const char *tt_bind_chain_colliders(lua_State *L, int idx, tt_bonechain_def *def)
{
	if (!lua_istable(L, idx))
		return "colliders: a list of colliders expected";
	lua_Integer n = luaL_len(L, idx);
	if (n > TT_BONECHAIN_MAX_COLLIDERS)
		return "colliders: up to 16 expected";
	def->collider_count = (int)n;
	for (int k = 0; k < (int)n; k++) {
		lua_geti(L, idx, k + 1);
		const char *wrong = read_collider(L, lua_gettop(L), &def->colliders[k]);
		lua_pop(L, 1);
		if (wrong)
			return lua_pushfstring(L, "colliders[%d]: %s expected", k + 1, wrong);
	}
	return NULL;
}

void tt_bind_push_chain_colliders(lua_State *L, const tt_bonechain_def *def)
{
	lua_createtable(L, def->collider_count, 0);
	for (int k = 0; k < def->collider_count; k++) {
		const tt_bone_collider *c = &def->colliders[k];
		if (c->inside) {
			lua_createtable(L, 1, 1);
			tt_bind_push_collider(L, c->collider);
			lua_rawseti(L, -2, 1);
			lua_pushboolean(L, 1);
			lua_setfield(L, -2, "inside");
		} else {
			tt_bind_push_collider(L, c->collider);
		}
		lua_rawseti(L, -2, k + 1);
	}
}

/* ---- level of detail ---------------------------------------------------- */

/* Field key of the table at idx as a finite number into *out (left as it
 * is when nil); 0 when it is something else. */
static int lod_number(lua_State *L, int idx, const char *key, float *out)
{
	int ok = 1;
	if (lua_getfield(L, idx, key) != LUA_TNIL) {
		lua_Number n = lua_tonumberx(L, -1, &ok);
		ok = ok && isfinite(n) && !tt_bind_beyond_float(n);
		*out = (float)n;
	}
	lua_pop(L, 1);
	return ok;
}

const char *tt_bind_chain_lod(lua_State *L, int idx, tt_bone_lod *lod)
{
	static const char *const keys[] = {"cull", "far", "near", "rate", NULL};
	*lod = (tt_bone_lod){.rate = 20.0f};
	if (lua_isnil(L, idx))
		return NULL;  /* off */
	if (!lua_istable(L, idx))
		return "a table {near, far, cull, rate, from} or nil expected";
	/* far defaults to cull and near to far: {cull = 30} is full rate to
	 * 30 m, frozen beyond */
	float *fields[4] = {&lod->cull, &lod->far, &lod->near, &lod->rate};
	for (int k = 0; k < 4; k++) {
		if (k == 1 || k == 2)
			*fields[k] = *fields[k - 1];
		if (!lod_number(L, idx, keys[k], fields[k]))
			return lua_pushfstring(L, "%s: a finite number expected", keys[k]);
	}
	if (lua_getfield(L, idx, "from") != LUA_TNIL) {
		lod->own_point = 1;
		float xyz[3] = {0.0f, 0.0f, 0.0f};
		lua_Integer n = lua_istable(L, -1) ? luaL_len(L, -1) : 0;
		if (!(n == 2 || n == 3) || !tt_bind_read_floats(L, -1, xyz, (int)n))
			return "from: {x, y, z} expected";
		lod->point = (tt_vec3){xyz[0], xyz[1], xyz[2]};
	}
	lua_pop(L, 1);
	return NULL;
}

void tt_bind_push_chain_lod(lua_State *L, const tt_bone_lod *lod, int is_3d)
{
	if (!(lod->cull > 0.0f)) {
		lua_pushnil(L);
		return;
	}
	lua_createtable(L, 0, 5);
	const char *names[4] = {"near", "far", "cull", "rate"};
	const float values[4] = {lod->near, lod->far, lod->cull, lod->rate};
	for (int k = 0; k < 4; k++) {
		lua_pushnumber(L, values[k]);
		lua_setfield(L, -2, names[k]);
	}
	if (lod->own_point) {
		tt_bind_push_vec(L, lod->point, is_3d);
		lua_setfield(L, -2, "from");
	}
}
