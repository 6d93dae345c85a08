/* Private: the scene runtime of DESIGN.md §3. A scene file returns a table
 * of optional callbacks (load, update, draw, keypressed, keyreleased,
 * mousepressed, mousereleased, mousemoved) and a tune table; every
 * callback runs through one protected call with a traceback. */
#ifndef TT_RUNTIME_H
#define TT_RUNTIME_H

#include "../view/view.h"

typedef struct tt_runtime tt_runtime;

/// What a reload did (DESIGN.md §3).
typedef enum tt_reload_kind {
	TT_RELOAD_NONE,     /* no save seen: nothing was done */
	TT_RELOAD_SAME,     /* a save that changed nothing that matters */
	TT_RELOAD_TUNE,     /* tune values: scene.tuned called, world kept */
	TT_RELOAD_SWAP,     /* callbacks replaced, world kept */
	TT_RELOAD_REBUILD,  /* load or a module changed, or R: world rebuilt */
	TT_RELOAD_ERROR     /* the new code failed: the last good scene runs */
} tt_reload_kind;

/// A runtime for one scene file; nothing is loaded yet. root is where
/// scripts/ lives.
tt_runtime *tt_runtime_create(const char *scene_path, const char *root);
void tt_runtime_destroy(tt_runtime *rt);
/// Run the scene --safe (README "Two modes") from the next load on.
void tt_runtime_set_safe(tt_runtime *rt, int safe);
/// Seconds each callback (and each world step) may run, from the next
/// load on; 0 keeps the default (5 s).
void tt_runtime_set_budget(tt_runtime *rt, double seconds);
/// Build the scene in a fresh Lua state and world. On failure the scene
/// that ran before (if any) is kept and tt_runtime_error says why.
/// 1 on success.
int tt_runtime_load(tt_runtime *rt);
/// One fixed step: scene.update(world, dt, tune), then the world's step.
/// After a script error the scene halts (nothing runs) until reloaded.
/// 1 while the scene runs.
int tt_runtime_step(tt_runtime *rt);
/// scene.draw(g) into list (cleared first).
void tt_runtime_draw(tt_runtime *rt, tt_drawlist *list);
/// Hand input to the scene; 1 when its callback returned true (consumed).
int tt_runtime_input(tt_runtime *rt, const tt_input *in);
/// The last script error with its traceback, or NULL while all is well.
const char *tt_runtime_error(const tt_runtime *rt);
/// The scene's world (stale before a successful load).
tt_world_id tt_runtime_world(const tt_runtime *rt);
const char *tt_runtime_title(const tt_runtime *rt);
/// The box the scene asks the camera to frame, scene.view = {{x0, y0},
/// {x1, y1}}; 0 when it names none.
int tt_runtime_view(const tt_runtime *rt, tt_vec3 *lo, tt_vec3 *hi);
/// Bytes held by the scene's Lua state.
size_t tt_runtime_lua_bytes(const tt_runtime *rt);

/* ---- hot reload (reload.c) ---------------------------------------------- */

/// Compare the scene file (and its modules) on disk with the running scene
/// and apply the kind of reload it needs.
tt_reload_kind tt_runtime_reload(tt_runtime *rt);
/// Reload when the watcher saw a save since the last call; else NONE.
tt_reload_kind tt_runtime_poll(tt_runtime *rt);
/// Rebuild the world from the file (R), keeping tuned values.
tt_reload_kind tt_runtime_rebuild(tt_runtime *rt);
/// The last reload's kind and how long it took, in milliseconds.
tt_reload_kind tt_runtime_last_reload(const tt_runtime *rt, double *ms);
/// "none", "same", "tune", "swap", "rebuild", "error".
const char *tt_reload_kind_name(tt_reload_kind kind);

/* ---- tuning (tune.c) ---------------------------------------------------- */

/// The tune entries as panel items (names sorted); valid until the next
/// load, reload or set.
const tt_panel_item *tt_runtime_tune_items(const tt_runtime *rt, int *count);
/// Set a tune value as the panel or --set does: kept over rebuilds, applied
/// through scene.tuned. Before the first load it only records the value.
/// 0 and an error text when the scene has no such value.
int tt_runtime_tune_set(tt_runtime *rt, const char *name, double value,
			char *err, size_t err_size);
/// Values set since the load (not --set ones) not yet written to the file.
int tt_runtime_tune_unsaved(const tt_runtime *rt);
/// Ctrl+S: rewrite the tuned literals of the scene's tune table in place.
/// 0 and an error text on failure.
int tt_runtime_tune_save(tt_runtime *rt, char *err, size_t err_size);

#endif
