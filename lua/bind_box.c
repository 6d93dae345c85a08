/* Boxes: userdata holding one pointer to a host object that Lua may close
 * (a runtime, a canvas). Unlike core objects they have no id; closing sets
 * the pointer to NULL, and a closed box raises "<name> was closed". */
#include "bind.h"

void **tt_bind_new_box(lua_State *L, const char *name, const luaL_Reg *methods)
{
	void **p = lua_newuserdatauv(L, sizeof *p, 0);
	*p = NULL;
	if (luaL_newmetatable(L, name)) {
		luaL_setfuncs(L, methods, 0);
		lua_pushvalue(L, -1);
		lua_setfield(L, -2, "__index");
	}
	lua_setmetatable(L, -2);
	return p;
}

void *tt_bind_check_box(lua_State *L, int arg, const char *name)
{
	void **p = luaL_checkudata(L, arg, name);
	if (!*p)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s was closed", name));
	return *p;
}
