/* taut.so: `require "taut"` from a plain Lua 5.4 (lua5.4, a user's own
 * tools and tests), the physics and queries without the window. Built by
 * `make module` from core/ and the binding files that need no view. */
#include "lib.h"

int luaopen_taut(lua_State *L)
{
	return tt_lib_open_core(L);
}
