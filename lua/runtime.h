/* Private: the scene runtime of DESIGN.md §3. A scene file returns a table
 * of optional callbacks (load, update, draw, keypressed, keyreleased,
 * mousepressed, mousereleased, mousemoved) and a tune table; every
 * callback runs through one protected call with a traceback. */
#ifndef TT_RUNTIME_H
#define TT_RUNTIME_H

#include <stddef.h>
#include <stdio.h>

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
/// Where its notes ("applied 2 tuned values ...") are said: stdout, the
/// default, for the app's; a tool's (taut export) on stderr, as its stdout
/// is the document it writes.
void tt_runtime_say_on(tt_runtime *rt, FILE *f);
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
/// The scene file, as given to tt_runtime_create.
const char *tt_runtime_path(const tt_runtime *rt);
/// The box the scene asks the camera to frame, scene.view = {{x0, y0},
/// {x1, y1}} (or {x, y, z} corners); 0 when it names none.
int tt_runtime_view(const tt_runtime *rt, tt_vec3 *lo, tt_vec3 *hi);
/// Where the scene asks a 3D camera to look from and at, scene.view =
/// {eye = {x, y, z}, target = {x, y, z}}; 0 when it says neither.
int tt_runtime_view_eye(const tt_runtime *rt, tt_vec3 *eye, tt_vec3 *target);
/// Bytes the scene's Lua state holds (after a full collection).
size_t tt_runtime_lua_bytes(tt_runtime *rt);
/// scene.controls as HUD items, "click: fire  A / D: pump" (two spaces
/// between them; controls.c); "" when the scene lists none.
void tt_runtime_controls(const tt_runtime *rt, char *out, size_t size);

/* ---- hot reload (reload.c) ---------------------------------------------- */

/// Read the scene file and its modules now (replaying: take the texts the
/// recording gave), compare them with the running scene and apply the kind
/// of reload they need.
tt_reload_kind tt_runtime_reload(tt_runtime *rt);
/// Reload when the watcher saw a save since the last call and it has
/// settled (complete, not being written); else NONE. Never blocks.
tt_reload_kind tt_runtime_poll(tt_runtime *rt);
/// Rebuild the world from the texts last read (R), keeping tuned values.
tt_reload_kind tt_runtime_rebuild(tt_runtime *rt);
/// The last reload's kind and how long it took, in milliseconds.
tt_reload_kind tt_runtime_last_reload(const tt_runtime *rt, double *ms);
/// "none", "same", "tune", "swap", "rebuild", "error".
const char *tt_reload_kind_name(tt_reload_kind kind);

/// Why the last reload was of its kind ("load changed", "tune key 'spare'
/// removed", "changed update", ...); "" before the first.
const char *tt_runtime_reload_reason(const tt_runtime *rt);
/// Warnings and notes for the HUD since the last reload, broken into lines
/// that fit beside the panel, for 10 s after the last ("" when none): a
/// swapped callback using a top-level local whose value changed, a sidecar
/// value the file's newer one won over. Each is printed once too.
const char *tt_runtime_notice(const tt_runtime *rt);
/// Seconds until a save being written has settled and tt_runtime_poll will
/// read it (0: now); -1 when none is pending.
double tt_runtime_due(tt_runtime *rt);

/* ---- recordings (record.c feeds these) ---------------------------------- */

/// Told every text of a project file the runtime reads (the scene file,
/// the modules it requires): the first read and each change after it.
typedef void tt_runtime_file_note(void *ud, const char *path, const char *text,
				  size_t len);
void tt_runtime_on_file(tt_runtime *rt, tt_runtime_file_note *note, void *ud);
/// Replaying: files come from tt_runtime_put_file only; nothing is watched
/// or written (Ctrl+S forgets the overrides as a save would, writes nothing).
void tt_runtime_set_replaying(tt_runtime *rt, int on);
/// The text of a project file from now on (a recorded save). 0 when out of
/// memory.
int tt_runtime_put_file(tt_runtime *rt, const char *path, const char *text,
			size_t len);

/* ---- tuning (tune.c) ---------------------------------------------------- */

/// Where a value given before the load comes from.
typedef enum tt_tune_origin {
	TT_TUNE_COMMAND,   /* --set: a number or boolean as the file's, inside
			      a declared {value, min, max} range, else refused */
	TT_TUNE_KEPT,      /* a sidecar: applied while the file still holds the
			      value it was tuned from, else the file wins */
	TT_TUNE_RECORDED,  /* a recording's start value */
} tt_tune_origin;

/// Give name = value (text, as Lua reads it) before the load: checked
/// against the tune table once the file has run, before load is called.
/// from: the file value a kept value was tuned from; label: where kept
/// values come from, for messages. 0 when too many are given.
int tt_runtime_tune_give(tt_runtime *rt, tt_tune_origin origin,
			 const char *name, const char *value, const char *from,
			 const char *label);
/// 1 when the last load failed on a --set value (bad usage).
int tt_runtime_usage_error(const tt_runtime *rt);
/// The tune entries as panel items (names sorted); valid until the next
/// load, reload or set.
const tt_panel_item *tt_runtime_tune_items(const tt_runtime *rt, int *count);
/// Set a tune value as the panel does: kept over rebuilds, applied through
/// scene.tuned; an integer when the file's value is one and value is
/// whole. 0 and an error text when the scene has no such value.
int tt_runtime_tune_set(tt_runtime *rt, const char *name, double value,
			char *err, size_t err_size);
/// Values set from the panel or a sidecar not yet written to the file.
int tt_runtime_tune_unsaved(const tt_runtime *rt);
/// Override i (from 0) as text, value and from written so they read back
/// exactly (exact: hexadecimal floats) or shortest; 0 past the last.
int tt_runtime_tune_override(const tt_runtime *rt, int i, int exact,
			     char name[64], char value[64], char from[64],
			     int *unsaved);
/// Ctrl+S: rewrite the tuned literals of the scene's tune table in place.
/// 0 and an error text on failure.
int tt_runtime_tune_save(tt_runtime *rt, char *err, size_t err_size);

#endif
