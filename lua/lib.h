/* The taut Lua module and what the host tells it. */
#ifndef TT_LIB_H
#define TT_LIB_H

#include <lua.h>

/// Open the module (also reachable as `require "taut"` in a sandbox).
int luaopen_taut(lua_State *L);
/// The module's table without the view's parts (lib_core.c): what taut.so
/// opens.
int tt_lib_open_core(lua_State *L);
/// The path scripts see as taut.executable (to run headless children).
void tt_lib_set_executable(const char *path);

/// The folder holding scripts/, for runtimes scripts create.
void tt_lib_set_root(const char *root);
const char *tt_lib_root(void);

#endif
