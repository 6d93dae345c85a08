/* Private: a Lua state for scripts, with the taut module, a byte counter
 * and memory limit, and protected calls that stop runaway scripts. */
#ifndef TT_SANDBOX_H
#define TT_SANDBOX_H

#include <stddef.h>

#include <lua.h>

typedef struct tt_sandbox {
	lua_State *L;
	size_t bytes;       /* held by Lua right now */
	size_t limit;       /* allocations past this fail: "not enough memory" */
	double deadline;    /* tt_sandbox_clock() time a call must end by */
	double budget;      /* seconds a call may run, 0 for no limit */
} tt_sandbox;

/// Open a state with the standard libraries, `require "taut"`, and
/// package.path searching scene_dir (may be NULL) then root/scripts.
/// 0 on failure (out of memory).
int tt_sandbox_open(tt_sandbox *sb, const char *root, const char *scene_dir);
void tt_sandbox_close(tt_sandbox *sb);
/// lua_pcall with a traceback and the time budget. On error the message
/// (with traceback) is on the stack and the Lua status is returned.
int tt_sandbox_call(tt_sandbox *sb, int nargs, int nresults);
/// Wall-clock seconds, for budgets.
double tt_sandbox_clock(void);

#endif
