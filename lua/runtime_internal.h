/* Private to runtime.c, reload.c and tune.c: the runtime's state. */
#ifndef TT_RUNTIME_INTERNAL_H
#define TT_RUNTIME_INTERNAL_H

#include <lua.h>

#include "runtime.h"
#include "sandbox.h"
#include "source.h"
#include "watch.h"

#define TT_TUNE_MAX 64
#define TT_NAME_SIZE 64

typedef struct scene {
	tt_sandbox sb;
	/* registry refs: the scene table, its tune values, its world, the g of
	 * draw, scripts/reload.lua, what reload.check compares against */
	int table, tune, world, graphics, reload, info;
	tt_world_id world_id;
	char title[128];
} scene;

/// A tune value as Lua holds it: 'b' boolean, 'i' integer, 'f' float.
typedef struct tt_tune_value {
	double number;
	char type;
} tt_tune_value;

/* A tune value set from the panel, --set or a sidecar: it outlives
 * rebuilds until the file's own value for the name changes (then the file
 * is newer). from is the file's value it was set over. */
typedef struct tt_override {
	char name[TT_NAME_SIZE];
	tt_tune_value value, from;
	int unsaved;  /* from the panel or a sidecar, not yet written by Ctrl+S */
} tt_override;

/* A value given before the load, as text: checked against the tune table
 * once the file has run and before load is called. */
typedef struct tt_assign {
	tt_tune_origin origin;
	char name[TT_NAME_SIZE], value[TT_NAME_SIZE], from[TT_NAME_SIZE];
} tt_assign;

struct tt_runtime {
	char path[1024], root[1024], dir[1024];
	scene *now;  /* on the heap: its sandbox is the Lua allocator's ud */
	int halted;
	char error[16384];
	tt_watch *watch;
	tt_source *source;
	int replaying;    /* files come from a recording; no watching, no writing */
	int usage_error;  /* the last load failed on a value given before it */
	tt_panel_item items[TT_TUNE_MAX];  /* names point into entries */
	struct tt_tune_entry { char name[TT_NAME_SIZE]; tt_panel_item item; }
		entries[TT_TUNE_MAX];
	int item_count;
	tt_override overrides[TT_TUNE_MAX];
	int override_count;
	tt_assign assigns[TT_TUNE_MAX];
	int assign_count;
	char kept_in[1100];  /* where kept values came from, for messages */
	tt_reload_kind last_kind;
	double last_ms;
	char reason[512];    /* why the last reload was of its kind */
	char notice[2048];   /* warnings for the HUD, since the last reload */
	double notice_at;    /* when the last was added */
	int said_no_tuned;
	int safe;  /* --safe: every load narrows the scene's state (safe.c) */
	double budget;  /* seconds per callback; 0: the sandbox's default */
	FILE *says;     /* where notes go (tt_runtime_say_on) */
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
/// Add a line to the notice and print it (stdout), prefixed "taut: ".
void tt_runtime_note(tt_runtime *rt, const char *fmt, ...);

/* tune.c */
/// Check the values given before the load against the file's tune values
/// (at -1; scene table at -2) and make them overrides. 0 and the error
/// kept when a --set is refused.
int tt_tune_apply_assigns(tt_runtime *rt, lua_State *L);
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
