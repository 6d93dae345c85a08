/* Rotations in Lua: tables {w, x, y, z} (a quaternion; any length but 0,
 * the core makes it unit). scripts/vec.lua builds them from an axis and
 * an angle or from Euler angles. Errors say which of the two ways the
 * table is wrong: not four finite numbers, or all zero. */
#include "bind.h"

#define QUAT_EXPECTED "{w, x, y, z} of finite numbers expected"
#define QUAT_ZERO "{0, 0, 0, 0} is no rotation (a quaternion's length must " \
		  "not be 0)"

/* 1: a rotation; 0: not four finite numbers; -1: all zero. */
static int read_quat(lua_State *L, int idx, tt_quat *out)
{
	float c[4];
	if (lua_type(L, idx) != LUA_TTABLE || luaL_len(L, idx) != 4 ||
	    !tt_bind_read_floats(L, idx, c, 4))
		return 0;
	*out = (tt_quat){c[0], c[1], c[2], c[3]};
	return c[0] != 0.0f || c[1] != 0.0f || c[2] != 0.0f || c[3] != 0.0f ? 1 : -1;
}

/* The reason read_quat refused the value at idx, pushed. */
static const char *reason(lua_State *L, int got, int idx)
{
	return got < 0 ? QUAT_ZERO
		       : lua_pushfstring(L, QUAT_EXPECTED ", got %s",
					 luaL_typename(L, idx));
}

tt_quat tt_bind_check_quat(lua_State *L, int arg)
{
	tt_quat q;
	int got = read_quat(L, arg, &q);
	if (got <= 0)
		luaL_argerror(L, arg, reason(L, got, arg));
	return q;
}

tt_quat tt_bind_opt_quat(lua_State *L, int arg, const char *key, tt_quat def)
{
	if (lua_getfield(L, arg, key) == LUA_TNIL) {
		lua_pop(L, 1);
		return def;
	}
	int got = read_quat(L, -1, &def);
	if (got <= 0)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: %s", key,
						      reason(L, got, -1)));
	lua_pop(L, 1);
	return def;
}

tt_quat tt_bind_prop_quat(lua_State *L)
{
	tt_quat q;
	int got = read_quat(L, 3, &q);
	if (got <= 0)
		luaL_error(L, "cannot set '%s' (%s)", lua_tostring(L, 2),
			   reason(L, got, 3));
	return q;
}

void tt_bind_push_quat(lua_State *L, tt_quat q)
{
	lua_createtable(L, 4, 0);
	float c[4] = {q.w, q.x, q.y, q.z};
	for (int i = 0; i < 4; i++) {
		lua_pushnumber(L, c[i]);
		lua_rawseti(L, -2, i + 1);
	}
}
