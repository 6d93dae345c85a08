/* Commands written in Lua: `taut --headless exp.lua` (an experiment) and
 * `taut export scene.lua` hand their command line to a module of scripts/
 * (experiment.lua, export.lua). The C side only opens a sandbox without a
 * time budget (a sweep may run for hours) and passes the arguments. */
#include <stdio.h>

#include <lauxlib.h>

#include "sandbox.h"
#include "script.h"

int tt_script_main(const char *root, const char *module, int argc, char **argv)
{
	tt_sandbox sb;
	if (!tt_sandbox_open(&sb, root, NULL))
		return fputs("taut: out of memory\n", stderr), 1;
	sb.budget = 0.0;
	lua_State *L = sb.L;
	lua_getglobal(L, "require");
	lua_pushstring(L, module);
	int status = 1;
	if (tt_sandbox_call(&sb, 1, 1) == LUA_OK) {
		lua_getfield(L, -1, "main");
		lua_createtable(L, argc, 0);
		for (int i = 0; i < argc; i++) {
			lua_pushstring(L, argv[i]);
			lua_rawseti(L, -2, i + 1);
		}
		if (tt_sandbox_call(&sb, 1, 1) == LUA_OK)
			status = lua_isnil(L, -1) ? -1 : (int)lua_tointeger(L, -1);
	}
	if (status == 1 && lua_type(L, -1) == LUA_TSTRING)
		fprintf(stderr, "taut: %s\n", lua_tostring(L, -1));
	tt_sandbox_close(&sb);
	return status;
}
