/* Boxes: userdata holding one pointer to a host object that Lua may close
 * (a runtime, a canvas). Unlike core objects they have no id; closing sets
 * the pointer to NULL, and a closed box raises "<name> was closed". The
 * metatable is protected and keeps the methods in a table of their own,
 * so box.__index cannot hand a script the metatable either. */
#include "bind.h"

/* __gc: the box's own "close" method, once its self is checked. */
static int box_gc(lua_State *L)
{
	const char *name = lua_tostring(L, lua_upvalueindex(1));
	tt_bind_check_self(L, name, "__gc");
	lua_getfield(L, lua_upvalueindex(2), "close");
	lua_pushvalue(L, 1);
	lua_call(L, 1, 0);
	return 0;
}

void **tt_bind_new_box(lua_State *L, const char *name, const luaL_Reg *methods)
{
	void **p = lua_newuserdatauv(L, sizeof *p, 0);
	*p = NULL;
	if (luaL_newmetatable(L, name)) {
		tt_bind_protect(L, name);
		lua_newtable(L);
		luaL_setfuncs(L, methods, 0);
		lua_pushstring(L, name);
		lua_pushvalue(L, -2);
		lua_pushcclosure(L, box_gc, 2);
		lua_setfield(L, -3, "__gc");
		lua_setfield(L, -2, "__index");
	}
	lua_setmetatable(L, -2);
	return p;
}

void *tt_bind_check_box(lua_State *L, int arg, const char *name)
{
	void **p = tt_bind_check_class(L, arg, name);
	if (!*p)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s was closed", name));
	return *p;
}

void *tt_bind_box_index(lua_State *L, const char *name)
{
	void **p = tt_bind_check_self(L, name, "__index");
	if (!*p)
		luaL_error(L, "cannot read '%s' (%s was closed)",
			   luaL_tolstring(L, 2, NULL), name);
	return *p;
}
