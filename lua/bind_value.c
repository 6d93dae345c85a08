/* Reading Lua values into core types: vectors, option tables and numbers,
 * with errors that name the argument and the option. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "bind.h"

int tt_bind_read_floats(lua_State *L, int idx, float *out, int n)
{
	idx = lua_absindex(L, idx);
	for (int i = 0; i < n; i++) {
		int ok;
		lua_geti(L, idx, i + 1);
		out[i] = (float)lua_tonumberx(L, -1, &ok);
		lua_pop(L, 1);
		if (!ok || !isfinite(out[i]))
			return 0;
	}
	return 1;
}

/* A finite double past FLT_MAX would turn inf in the core, which then
 * says "not a finite number" of a number that was: say what is wrong. */
const char *tt_bind_beyond_float(lua_Number n)
{
	return isfinite(n) && fabs(n) > FLT_MAX
		       ? "number out of float range (|x| > 3.4e38)"
		       : NULL;
}

/* A table {x, y} or {x, y, z} of finite numbers at idx into *out: NULL,
 * else what was there instead, for the error (pushed when made here). */
static const char *read_vec(lua_State *L, int idx, tt_vec3 *out)
{
	if (lua_type(L, idx) != LUA_TTABLE)
		return luaL_typename(L, idx);
	lua_Integer n = luaL_len(L, idx);
	if (n < 2 || n > 3)
		return "table";
	double c[3] = {0.0, 0.0, 0.0};
	for (int i = 0; i < n; i++) {
		int ok;
		lua_geti(L, idx, i + 1);
		c[i] = lua_tonumberx(L, -1, &ok);
		lua_pop(L, 1);
		if (!ok || !isfinite(c[i]))
			return "table";
		if (tt_bind_beyond_float(c[i]))
			return lua_pushfstring(L, "%f (out of float range)", c[i]);
	}
	*out = (tt_vec3){(float)c[0], (float)c[1], (float)c[2]};
	return NULL;
}

#define VEC_EXPECTED "{x, y} or {x, y, z} of finite numbers expected"

tt_vec3 tt_bind_check_vec(lua_State *L, int arg)
{
	tt_vec3 v;
	const char *got = read_vec(L, arg, &v);
	if (got)
		luaL_argerror(L, arg, lua_pushfstring(L, VEC_EXPECTED ", got %s", got));
	return v;
}

tt_vec3 tt_bind_prop_vec(lua_State *L)
{
	tt_vec3 v;
	const char *got = read_vec(L, 3, &v);
	if (got)
		luaL_error(L, "cannot set '%s' (" VEC_EXPECTED ", got %s)",
			   lua_tostring(L, 2), got);
	return v;
}

void tt_bind_push_vec(lua_State *L, tt_vec3 v, int is_3d)
{
	lua_createtable(L, is_3d ? 3 : 2, 0);
	lua_pushnumber(L, v.x);
	lua_rawseti(L, -2, 1);
	lua_pushnumber(L, v.y);
	lua_rawseti(L, -2, 2);
	if (is_3d) {
		lua_pushnumber(L, v.z);
		lua_rawseti(L, -2, 3);
	}
}

float tt_bind_check_float(lua_State *L, int arg)
{
	lua_Number n = luaL_checknumber(L, arg);
	if (!isfinite(n) || tt_bind_beyond_float(n))
		luaL_argerror(L, arg, isfinite(n) ? tt_bind_beyond_float(n)
						  : "finite number expected");
	return (float)n;
}

/* "a, b, c" of a NULL-terminated list, pushed on the stack. */
int tt_bind_check_index(lua_State *L, int arg, int count)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	luaL_argcheck(L, i >= 1 && i <= count, arg,
		      lua_pushfstring(L, "index out of range 1..%d", count));
	return (int)i - 1;
}

static const char *push_list(lua_State *L, const char *const names[])
{
	luaL_Buffer b;
	luaL_buffinit(L, &b);
	for (int i = 0; names[i]; i++) {
		if (i > 0)
			luaL_addstring(&b, ", ");
		luaL_addstring(&b, names[i]);
	}
	luaL_pushresult(&b);
	return lua_tostring(L, -1);
}

static int find_name(const char *const names[], const char *name)
{
	for (int i = 0; names[i]; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

void tt_bind_check_options(lua_State *L, int arg, const char *const keys[])
{
	luaL_checktype(L, arg, LUA_TTABLE);
	lua_pushnil(L);
	while (lua_next(L, arg)) {
		lua_pop(L, 1);
		if (lua_type(L, -1) == LUA_TSTRING &&
		    find_name(keys, lua_tostring(L, -1)) >= 0)
			continue;
		const char *key = luaL_tolstring(L, -1, NULL);
		const char *list = push_list(L, keys);
		luaL_argerror(L, arg,
			      lua_pushfstring(L, "unknown option '%s' (expected %s)",
					      key, list));
	}
}

/* Push field key of the option table; 0 (and nothing pushed) when nil. */
static int get_option(lua_State *L, int arg, const char *key)
{
	if (lua_isnoneornil(L, arg))
		return 0;
	if (lua_getfield(L, arg, key) != LUA_TNIL)
		return 1;
	lua_pop(L, 1);
	return 0;
}

static void option_error(lua_State *L, int arg, const char *key,
			 const char *expected)
{
	luaL_argerror(L, arg, lua_pushfstring(L, "%s: %s expected, got %s", key,
					      expected, luaL_typename(L, -1)));
}

float tt_bind_opt_float(lua_State *L, int arg, const char *key, float def)
{
	if (!get_option(L, arg, key))
		return def;
	int ok;
	lua_Number n = lua_tonumberx(L, -1, &ok);
	if (!ok || !isfinite(n))
		option_error(L, arg, key, "finite number");
	if (tt_bind_beyond_float(n))
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: %s", key,
						      tt_bind_beyond_float(n)));
	lua_pop(L, 1);
	return (float)n;
}

float tt_bind_opt_compliance(lua_State *L, int arg, const char *key, float def)
{
	lua_getfield(L, arg, key);
	int off = lua_isboolean(L, -1) && !lua_toboolean(L, -1);
	lua_pop(L, 1);
	return off ? -1.0f : tt_bind_opt_float(L, arg, key, def);
}

int tt_bind_opt_int(lua_State *L, int arg, const char *key, int def)
{
	if (!get_option(L, arg, key))
		return def;
	int ok;
	lua_Integer n = lua_tointegerx(L, -1, &ok);
	if (!ok || n < -2147483647 || n > 2147483647)
		option_error(L, arg, key, "integer");
	lua_pop(L, 1);
	return (int)n;
}

int tt_bind_opt_bool(lua_State *L, int arg, const char *key, int def)
{
	if (!get_option(L, arg, key))
		return def;
	if (!lua_isboolean(L, -1))
		option_error(L, arg, key, "boolean");
	int b = lua_toboolean(L, -1);
	lua_pop(L, 1);
	return b;
}

tt_vec3 tt_bind_opt_vec(lua_State *L, int arg, const char *key, tt_vec3 def)
{
	if (!get_option(L, arg, key))
		return def;
	tt_vec3 v;
	const char *got = read_vec(L, lua_gettop(L), &v);
	if (got)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: {x, y} or {x, y, z} "
						      "expected, got %s", key, got));
	lua_pop(L, 1);
	return v;
}

int tt_bind_opt_enum(lua_State *L, int arg, const char *key,
		     const char *const names[], int def)
{
	if (!get_option(L, arg, key))
		return def;
	if (lua_type(L, -1) != LUA_TSTRING)
		option_error(L, arg, key, "string");
	const char *given = lua_tostring(L, -1);
	int i = find_name(names, given);
	if (i < 0) {
		const char *list = push_list(L, names);
		luaL_argerror(L, arg,
			      lua_pushfstring(L, "unknown %s '%s' (expected %s)",
					      key, given, list));
	}
	lua_pop(L, 1);
	return i;
}
