/* taut.so's guard (guard.h): a plain lua5.4 is its user's own program, so
 * paths are taken as given, and no budget is set (the core is given no
 * interrupt poll, so no call of it is stopped: the error below is for a
 * host that sets one itself). */
#include <lauxlib.h>

#include "guard.h"

int tt_sandbox_runaway(lua_State *L)
{
	return luaL_error(L, "stopped: the host's interrupt poll ended the call");
}

const char *tt_sandbox_path(lua_State *L, int arg, int write)
{
	(void)write;
	return luaL_checkstring(L, arg);
}
