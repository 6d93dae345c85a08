/* Private: the traceback a script error is shown with. */
#ifndef TT_TRACEBACK_H
#define TT_TRACEBACK_H

#include <lua.h>

/// Push msg followed by the stack of L from level 1 on, with only the
/// user's frames and taut's public API: the frames of taut's own runtime
/// scripts (reload, regions, lex, tunefile), the C functions they call and
/// C functions without a name are left out.
void tt_traceback(lua_State *L, const char *msg);

#endif
