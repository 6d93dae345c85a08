/* What the binding asks of the sandbox: the program's (sandbox.c, safe.c)
 * or, in taut.so, none (sandbox_none.c), so the binding files build into
 * both. */
#ifndef TT_GUARD_H
#define TT_GUARD_H

#include <lua.h>

/// Raise the runaway error ("script ran for more than 5 s ...") at the
/// Lua line that called the running C function.
int tt_sandbox_runaway(lua_State *L);
/// The path a script passed at arg, checked for --safe: relative to the
/// scene's folder, and inside it (write) or inside it or taut's scripts/
/// (read); raises "bad argument (... is outside ...)" otherwise. In the
/// full mode the argument as it is.
const char *tt_sandbox_path(lua_State *L, int arg, int write);

#endif
