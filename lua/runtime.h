/* Private: the scene runtime of DESIGN.md §3. A scene file returns a table
 * of optional callbacks (load, update, draw, keypressed, keyreleased,
 * mousepressed, mousereleased, mousemoved) and a tune table; every
 * callback runs through one protected call with a traceback. */
#ifndef TT_RUNTIME_H
#define TT_RUNTIME_H

#include "../view/view.h"

typedef struct tt_runtime tt_runtime;

/// A runtime for one scene file; nothing is loaded yet. root is where
/// scripts/ lives.
tt_runtime *tt_runtime_create(const char *scene_path, const char *root);
void tt_runtime_destroy(tt_runtime *rt);
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

#endif
