/* Private: a Lua state for scripts, with the taut module, a byte counter
 * and memory limit, protected calls that stop runaway scripts, and the
 * two modes of DESIGN.md / README: full (the user's own scenes) and
 * --safe (shared scenes, lua/safe.c). */
#ifndef TT_SANDBOX_H
#define TT_SANDBOX_H

#include <limits.h>
#include <stddef.h>

#include <lua.h>

#include "guard.h"

typedef struct tt_sandbox {
	lua_State *L;
	size_t bytes;       /* held by Lua right now */
	size_t limit;       /* allocations past this fail: "not enough memory" */
	double deadline;    /* tt_sandbox_clock() time a call must end by */
	double budget;      /* seconds a call may run, 0 for no limit */
	double seconds;     /* what the running call was given (messages) */
	int safe;           /* --safe: see safe.c */
	char folder[PATH_MAX];   /* --safe: the scene's folder, resolved */
	char scripts[PATH_MAX];  /* --safe: taut's scripts/, resolved */
} tt_sandbox;

/// Open a state with the standard libraries, `require "taut"`, and
/// package.path searching root/scripts then scene_dir (may be NULL).
/// In every state: text chunks only (load, loadfile, dofile, require),
/// no debug.sethook (the time budget is the host's), and os.exit raises
/// instead of ending taut. 0 on failure (out of memory).
int tt_sandbox_open(tt_sandbox *sb, const char *root, const char *scene_dir);
void tt_sandbox_close(tt_sandbox *sb);
/// lua_pcall with a traceback and the time budget. On error the message
/// (with traceback) is on the stack and the Lua status is returned.
int tt_sandbox_call(tt_sandbox *sb, int nargs, int nresults);
/// Start the budget for C work done for the sandbox outside a call (the
/// runtime's world step): the core's interrupt poll stops it when the
/// budget runs out. Returns what tt_sandbox_end must restore.
double tt_sandbox_begin(tt_sandbox *sb);
void tt_sandbox_end(double saved);
/// Is the running call's time up?
int tt_sandbox_overdue(void);
/// Wall-clock seconds, for budgets.
double tt_sandbox_clock(void);
/// The sandbox a state belongs to (every taut state is a sandbox's).
tt_sandbox *tt_sandbox_of(lua_State *L);

/* --safe (safe.c) */
#define TT_SAFE_PATH "taut.safe_path"  /* registry: where require looks */
/// Narrow the state to the --safe capabilities (README "Two modes").
/// Call after the host's own modules are loaded (they keep what they
/// captured); dir is the scene's folder. 0 when a folder cannot be
/// resolved.
int tt_safe_apply(tt_sandbox *sb, const char *root, const char *dir);
/// Is the resolved path root itself or under it?
int tt_path_inside(const char *real, const char *root);
/// Is the state --safe?
int tt_sandbox_is_safe(lua_State *L);
/// The --safe check without raising: 1 and the real path in out (of
/// PATH_MAX bytes) when the state may read (write) path, which a script
/// gave (relative to the scene's folder).
int tt_safe_resolve(lua_State *L, const char *path, int write, char *out);
/// May the state read this existing file, which the host names (relative
/// to the working folder: the scene, the modules on its package.path)?
int tt_safe_may_read(lua_State *L, const char *path);

#endif
