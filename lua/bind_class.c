/* Userdata classes: metatables with methods and properties, the weak cache
 * that keeps one userdata per object, and status errors.
 *
 * Reading obj.key looks in the methods, then the properties; an unknown key
 * is an error naming it, so a typo never reads as nil. Identity: the cache
 * maps the id's bytes to its userdata, so p == q and t[p] work as a user
 * expects; __eq also compares ids. */
#include <string.h>

#include "bind.h"
#include "guard.h"

#define CACHE "taut.cache"

/* As luaL_testudata, without its lookup of the metatable by name; two
 * tables are the same when their addresses are, and lua_topointer costs
 * less than lua_rawequal (callgrind: 56 instructions a rope a step). */
void *tt_bind_test_upvalue(lua_State *L, int idx, int up)
{
	void *u = lua_touserdata(L, idx);
	if (!u || !lua_getmetatable(L, idx))
		return NULL;
	if (lua_topointer(L, -1) != lua_topointer(L, lua_upvalueindex(up)))
		u = NULL;
	lua_pop(L, 1);
	return u;
}

/* Is the value at idx a userdata of the running metamethod's class? Its
 * metatable is the closure's upvalue 4, so a table or another userdata
 * wearing it (debug.setmetatable) is not. */
static int is_self(lua_State *L, int idx)
{
	return lua_type(L, idx) == LUA_TUSERDATA &&
	       tt_bind_test_upvalue(L, idx, 4) != NULL;
}

/* The class of the running metamethod; raises unless its self (at 1) is a
 * userdata of that class: metamethods can be called directly with
 * anything (debug.getmetatable), and each reads the id out of its self. */
static const tt_class *check_self(lua_State *L, const char *event)
{
	const tt_class *cls = lua_touserdata(L, lua_upvalueindex(3));
	if (!is_self(L, 1))
		tt_bind_self_error(L, cls->name, event);
	return cls;
}

/* Raise if the object the userdata at 1 names is gone. */
static void check_alive(lua_State *L, const tt_class *cls, const char *verb)
{
	tt_status status = cls->alive(lua_touserdata(L, 1));
	if (status != TT_OK)
		luaL_error(L, "cannot %s '%s' (%s)", verb, lua_tostring(L, 2),
			   tt_status_message(status));
}

/* A method first, before the self check: it is what a loop over objects
 * reads most (r:positions(buf)), and handing out a method reads nothing of
 * self; the method checks its own arguments. */
static int class_index(lua_State *L)
{
	lua_pushvalue(L, 2);
	if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
		return 1;
	const tt_class *cls = check_self(L, "__index");
	if (lua_type(L, 2) == LUA_TSTRING) {
		lua_pushvalue(L, 2);
		if (lua_rawget(L, lua_upvalueindex(2)) == LUA_TLIGHTUSERDATA) {
			const tt_prop *prop = lua_touserdata(L, -1);
			lua_settop(L, 2);
			check_alive(L, cls, "read");
			return prop->get(L);
		}
	}
	return luaL_error(L, "%s has no field '%s'", cls->name,
			  luaL_tolstring(L, 2, NULL));
}

static int class_newindex(lua_State *L)
{
	const tt_class *cls = check_self(L, "__newindex");
	lua_pushvalue(L, 2);
	if (lua_type(L, 2) != LUA_TSTRING ||
	    lua_rawget(L, lua_upvalueindex(2)) != LUA_TLIGHTUSERDATA)
		return luaL_error(L, "%s has no field '%s'", cls->name,
				  luaL_tolstring(L, 2, NULL));
	const tt_prop *prop = lua_touserdata(L, -1);
	lua_settop(L, 3);
	if (!prop->set)
		return luaL_error(L, "cannot set '%s' (read-only)",
				  lua_tostring(L, 2));
	check_alive(L, cls, "set");
	prop->set(L);
	return 0;
}

/* Lua calls __eq with one operand of the class at least (the other may be
 * any userdata): equal when both are and hold the same id. */
static int class_eq(lua_State *L)
{
	int a = is_self(L, 1), b = is_self(L, 2);
	if (!a && !b)
		check_self(L, "__eq");
	size_t n = a && b ? lua_rawlen(L, 1) : 0;
	lua_pushboolean(L, a && b && n == lua_rawlen(L, 2) &&
				   memcmp(lua_touserdata(L, 1),
					  lua_touserdata(L, 2), n) == 0);
	return 1;
}

static int class_tostring(lua_State *L)
{
	return check_self(L, "__tostring")->tostring(L);
}

/* #obj: Lua would name a failing check 'len'; say what was read. */
static int class_len(lua_State *L)
{
	const tt_class *cls = check_self(L, "__len");
	tt_status status = cls->alive(lua_touserdata(L, 1));
	if (status != TT_OK)
		return luaL_error(L, "cannot read '#' (%s)", tt_status_message(status));
	return cls->len(L);
}

static int class_gc(lua_State *L)
{
	return check_self(L, "__gc")->gc(L);
}

/* Push a table of name -> light userdata prop, for the closures. */
static void push_props(lua_State *L, const tt_prop *props)
{
	lua_newtable(L);
	for (const tt_prop *p = props; p->name; p++) {
		lua_pushlightuserdata(L, (void *)p);
		lua_setfield(L, -2, p->name);
	}
}

/* metatable.event = fn closed over (methods, props, class, metatable),
 * the four values on top of the stack, above the metatable. */
static void set_event(lua_State *L, const char *event, lua_CFunction fn)
{
	for (int i = 0; i < 4; i++)
		lua_pushvalue(L, -4);
	lua_pushcclosure(L, fn, 4);
	lua_setfield(L, -6, event);
}

void tt_bind_class(lua_State *L, const tt_class *cls)
{
	luaL_newmetatable(L, cls->name);
	tt_bind_protect(L, cls->name);
	lua_newtable(L);
	lua_pushvalue(L, -2);
	luaL_getmetatable(L, TT_BIND_BUFFER);
	luaL_setfuncs(L, cls->methods, 2);
	push_props(L, cls->props);
	lua_pushlightuserdata(L, (void *)cls);
	lua_pushvalue(L, -4);
	set_event(L, "__index", class_index);
	set_event(L, "__newindex", class_newindex);
	set_event(L, "__eq", class_eq);
	set_event(L, "__tostring", class_tostring);
	if (cls->len)
		set_event(L, "__len", class_len);
	if (cls->gc)
		set_event(L, "__gc", class_gc);
	lua_pop(L, 5);
}

void tt_bind_protect(lua_State *L, const char *name)
{
	lua_pushstring(L, name);
	lua_setfield(L, -2, "__metatable");
}

/* What the value at arg is, for an error: a full userdata's type name,
 * else its Lua type (a table wearing a taut metatable is still a table). */
static const char *type_of(lua_State *L, int arg)
{
	if (lua_type(L, arg) == LUA_TUSERDATA &&
	    luaL_getmetafield(L, arg, "__name") == LUA_TSTRING)
		return lua_tostring(L, -1);
	return luaL_typename(L, arg);
}

int tt_bind_self_error(lua_State *L, const char *name, const char *event)
{
	return luaL_error(L, "bad argument #1 to '%s' (%s expected, got %s)",
			  event, name, type_of(L, 1));
}

void *tt_bind_check_self(lua_State *L, const char *name, const char *event)
{
	void *u = luaL_testudata(L, 1, name);
	if (!u)
		tt_bind_self_error(L, name, event);
	return u;
}

void *tt_bind_check_class(lua_State *L, int arg, const char *name)
{
	void *u = luaL_testudata(L, arg, name);
	if (!u)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s expected, got %s", name,
						      type_of(L, arg)));
	return u;
}

static void push_cache(lua_State *L)
{
	if (luaL_getsubtable(L, LUA_REGISTRYINDEX, CACHE))
		return;
	lua_newtable(L);
	lua_pushliteral(L, "v");
	lua_setfield(L, -2, "__mode");
	lua_setmetatable(L, -2);
}

void *tt_bind_push_id(lua_State *L, const char *name, const void *id,
		      size_t id_size, size_t ud_size)
{
	push_cache(L);
	lua_pushstring(L, name);
	lua_pushlstring(L, id, id_size);
	lua_concat(L, 2);
	lua_pushvalue(L, -1);
	if (lua_rawget(L, -3) != LUA_TNIL) {
		lua_replace(L, -3);  /* [ud key] */
		lua_pop(L, 1);
		return lua_touserdata(L, -1);
	}
	lua_pop(L, 1);
	void *ud = lua_newuserdatauv(L, ud_size, 0);
	memset(ud, 0, ud_size);
	memcpy(ud, id, id_size);
	luaL_setmetatable(L, name);
	lua_pushvalue(L, -1);
	lua_insert(L, -4);   /* [ud cache key ud] */
	lua_rawset(L, -3);
	lua_pop(L, 1);
	return ud;
}

/* A failed allocation says which limit refused it; a call the budget
 * stopped is the runaway error, not a bad argument. */
static tt_status refine(lua_State *L, tt_status status)
{
	if (status == TT_ERR_INTERRUPTED)
		tt_sandbox_runaway(L);
	return tt_status_refine(status);
}

void tt_bind_check_status(lua_State *L, int arg, tt_status status)
{
	if (status != TT_OK)
		luaL_argerror(L, arg, tt_status_message(refine(L, status)));
}

static int prop_error(lua_State *L, const char *reason)
{
	return luaL_error(L, "cannot set '%s' (%s)", lua_tostring(L, 2),
			  reason);
}

float tt_bind_prop_float(lua_State *L)
{
	int ok;
	lua_Number n = lua_tonumberx(L, 3, &ok);
	if (!ok)
		prop_error(L, lua_pushfstring(L, "number expected, got %s",
					      luaL_typename(L, 3)));
	if (tt_bind_beyond_float(n))  /* the core says what else is wrong */
		prop_error(L, tt_bind_beyond_float(n));
	return (float)n;
}

int tt_bind_prop_int(lua_State *L)
{
	int ok;
	lua_Integer n = lua_tointegerx(L, 3, &ok);
	if (!ok)
		prop_error(L, lua_pushfstring(L, "integer expected, got %s",
					      luaL_typename(L, 3)));
	return n < -2147483647 ? -2147483647 : n > 2147483647 ? 2147483647
							       : (int)n;
}

void tt_bind_prop_status(lua_State *L, tt_status status)
{
	if (status != TT_OK)
		prop_error(L, tt_status_message(refine(L, status)));
}

/* A weak-keyed registry table, so a collected world takes its entry
 * (handlers, wind functions) with it. */
int tt_bind_push_world_table(lua_State *L, int idx, const char *registry,
			     int create)
{
	idx = lua_absindex(L, idx);
	if (!luaL_getsubtable(L, LUA_REGISTRYINDEX, registry)) {
		lua_pushliteral(L, "k");
		lua_setfield(L, -2, "__mode");
		lua_pushvalue(L, -1);
		lua_setmetatable(L, -2);
	}
	lua_pushvalue(L, idx);
	if (lua_rawget(L, -2) == LUA_TNIL) {
		lua_pop(L, 1);
		if (!create)
			return lua_pop(L, 1), 0;
		lua_newtable(L);
		lua_pushvalue(L, idx);
		lua_pushvalue(L, -2);
		lua_rawset(L, -4);
	}
	lua_remove(L, -2);
	return 1;
}
