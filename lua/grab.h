/* Private: the window's mouse grab (left drag), over core/grab.c.
 *
 * Where the target is comes from the caller (the mouse in the world in
 * 2D; a point on a camera-facing plane in 3D); which particle a press
 * takes is tt_mouse_grab_pick (the nearest to the point, within reach).
 * This file only pulls what was taken toward the target, softly and with
 * a limited force, and draws the pull. */
#ifndef TT_MOUSE_GRAB_H
#define TT_MOUSE_GRAB_H

#include "../view/view.h"

typedef struct tt_mouse_grab tt_mouse_grab;

tt_mouse_grab *tt_mouse_grab_create(void);
void tt_mouse_grab_destroy(tt_mouse_grab *g);
/// What a press at point takes: the nearest particle within reach (m),
/// or a null id.
tt_particle_id tt_mouse_grab_pick(tt_world_id world, tt_vec3 point,
				  float reach);
/// Take particle p, pressed at point: from now on it is pulled toward
/// the target the way it lay from the point (no jump). A pinned particle
/// is moved there instead. 1 when it holds.
int tt_mouse_grab_start(tt_mouse_grab *g, tt_world_id world,
			tt_particle_id p, tt_vec3 point);
/// Before each step: the point moved (what is held follows).
void tt_mouse_grab_follow(tt_mouse_grab *g, tt_vec3 point);
/// 1 while something is held, with where it is pulled to (*target): a 3D
/// caller finds the next point on the camera-facing plane through it.
int tt_mouse_grab_target(const tt_mouse_grab *g, tt_vec3 *target);
/// Let go (release, or the world is being rebuilt).
void tt_mouse_grab_end(tt_mouse_grab *g);
/// The pull as a line from the particle to its target, red while it
/// pulls with all the force it may.
void tt_mouse_grab_draw(tt_mouse_grab *g, tt_view *view);

#endif
