/* Private to runtime.c, reload.c and tune.c: the runtime's state. */
#ifndef TT_RUNTIME_INTERNAL_H
#define TT_RUNTIME_INTERNAL_H

#include <lua.h>

#include "runtime.h"
#include "sandbox.h"
#include "watch.h"

#define TT_TUNE_MAX 64

typedef struct scene {
	tt_sandbox sb;
	/* registry refs: the scene table, its tune values, its world, the g of
	 * draw, scripts/reload.lua, what reload.check compares against */
	int table, tune, world, graphics, reload, info;
	tt_world_id world_id;
	char title[128];
} scene;

/* A tune value set from the panel or --set: it outlives rebuilds until the
 * file's own value for the name changes (then the file is newer). */
typedef struct tt_override {
	char name[64];
	double value;
	int is_bool;
	int unsaved;  /* set from the panel, not yet written by Ctrl+S */
} tt_override;

struct tt_runtime {
	char path[1024], root[1024], dir[1024];
	scene *now;  /* on the heap: its sandbox is the Lua allocator's ud */
	int halted;
	char error[16384];
	tt_watch *watch;
	tt_panel_item items[TT_TUNE_MAX];  /* names point into entries */
	struct tt_tune_entry { char name[64]; tt_panel_item item; }
		entries[TT_TUNE_MAX];
	int item_count;
	tt_override overrides[TT_TUNE_MAX];
	int override_count;
	tt_reload_kind last_kind;
	double last_ms;
	int said_no_tuned;
	int safe;  /* --safe: every load narrows the scene's state (safe.c) */
	double budget;  /* seconds per callback; 0: the sandbox's default */
};

void tt_runtime_set_error(tt_runtime *rt, const char *what, const char *msg);
/// Call the function and nargs arguments on the stack; on error keep the
/// message and return 0.
int tt_runtime_run(tt_runtime *rt, scene *s, const char *what, int nargs,
		   int nresults);
void tt_runtime_push_ref(scene *s, int ref);
/// Push scene[name] when it is a function; 0 (nothing pushed) otherwise.
int tt_runtime_push_callback(scene *s, const char *name);
/// Push reload[name] of the scene's state.
void tt_runtime_push_reload(scene *s, const char *name);

/* tune.c */
/// Write the overrides into the tune table at -1 (names it lacks skipped).
void tt_tune_apply_overrides(tt_runtime *rt, lua_State *L);
/// The file's value of these names changed: the file wins over overrides.
void tt_tune_forget(tt_runtime *rt, lua_State *L, int names);
/// Rebuild the panel items from scene.tune and the tune values.
void tt_tune_refresh(tt_runtime *rt);
/// Call scene.tuned(world, tune, changed) with the names array at -1
/// (popped); a scene without one is told once that nothing was applied.
void tt_tune_call(tt_runtime *rt, scene *s);

/* reload.c */
/// Point the watcher at the scene file and the modules it required.
void tt_reload_watch(tt_runtime *rt);

#endif
