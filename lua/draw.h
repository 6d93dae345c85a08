/* Private: the graphics object handed to scene.draw. */
#ifndef TT_DRAW_H
#define TT_DRAW_H

#include <lua.h>

#include "../view/view.h"

/// Push a new `g` that records into list.
void tt_bind_push_graphics(lua_State *L, tt_drawlist *list);
/// Point the `g` at idx to another list.
void tt_bind_set_graphics_list(lua_State *L, int idx, tt_drawlist *list);

/// The solid described by the options at arg (bind_solid.c); a hull's
/// points go to points (room for 64).
void tt_bind_read_solid(lua_State *L, int arg, tt_solid *solid,
			tt_vec3 *points);

/// g:binding(b): the binding at arg updated and its debug layer (proxy
/// triangles, binding lines, fallback vertices) recorded (bind_binding.c).
void tt_bind_binding_debug(lua_State *L, int arg, tt_drawlist *list);

#endif
