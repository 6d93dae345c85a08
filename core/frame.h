/* taut core — rotations and moving frames (3D). Part of the public API:
 * included by taut.h.
 *
 * A frame is a kinematic transform with no shape: a position and a
 * rotation the script animates (an animated bone, a head, a hand).
 * Particles pin to it at a local offset and ride it exactly; chains and
 * cloth attach to it through the same pins, or read it with
 * tt_frame_to_world at any share of the step. Like a collider's move_to,
 * tt_frame_move_to reaches its target at the end of the next step,
 * moving through it smoothly (position in a straight line, rotation along
 * the shorter arc), so what hangs from it gets no velocity spike. Frames
 * live in 3D worlds only. */
#ifndef TT_FRAME_H
#define TT_FRAME_H

/* ---- quaternions (core/quat.c) ------------------------------------------ */

/// The unit quaternion along q; TT_ERR_ROTATION when q is 0 or not finite.
tt_status tt_quat_normalize(tt_quat q, tt_quat *out);
/// The turn by angle (radians, right-handed) about axis (any length but
/// 0; a zero axis gives the identity).
tt_quat tt_quat_axis_angle(tt_vec3 axis, float angle);
/// a after b: (a b) v = a (b v).
tt_quat tt_quat_mul(tt_quat a, tt_quat b);
/// v turned by the unit quaternion q.
tt_vec3 tt_quat_rotate(tt_quat q, tt_vec3 v);
/// From a (t = 0) to b (t = 1) along the shorter arc, unit.
tt_quat tt_quat_slerp(tt_quat a, tt_quat b, float t);
/// The shortest turn that takes direction from to direction to (both any
/// length but 0).
tt_quat tt_quat_between(tt_vec3 from, tt_vec3 to);

/* ---- frames (core/frame.c) ---------------------------------------------- */

typedef struct tt_frame_def {
	tt_vec3 position;
	tt_quat rotation;  /* made unit; default identity */
} tt_frame_def;

/// A frame at the origin, not turned.
tt_frame_def tt_frame_def_default(void);
/// TT_ERR_NEEDS_3D in a 2D world.
tt_status tt_frame_create(tt_world_id world, const tt_frame_def *def,
			  tt_frame_id *out);
/// Particles pinned to it stay pinned where they are.
tt_status tt_frame_destroy(tt_frame_id frame);
int tt_frame_valid(tt_frame_id frame);
/// Where it is now (after move_to: where it will be at the end of the
/// next step).
tt_frame_def tt_frame_get_def(tt_frame_id frame);
/// Teleport: no motion is seen by what is pinned (it jumps along).
tt_status tt_frame_set_def(tt_frame_id frame, const tt_frame_def *def);
/// Reach position and rotation at the end of the next step, moving
/// smoothly through it.
tt_status tt_frame_move_to(tt_frame_id frame, tt_vec3 position,
			   tt_quat rotation);
/// A local point in world coordinates, and back, with the frame as it is
/// now (tt_frame_get_def).
tt_vec3 tt_frame_to_world(tt_frame_id frame, tt_vec3 local);
tt_vec3 tt_frame_to_local(tt_frame_id frame, tt_vec3 point);
/// Where local is a share t of the way through the current step (0: its
/// start, 1: its end), for attachments solved per substep.
tt_vec3 tt_frame_point_at(tt_frame_id frame, tt_vec3 local, float t);
int tt_world_frame_count(tt_world_id world);
tt_frame_id tt_world_frame_at(tt_world_id world, int index);

/// Pin the particle to the frame at local: it rides the frame exactly,
/// placed on it every substep (mass kept; unpinning lets it go).
tt_status tt_particle_pin_to_frame(tt_particle_id particle, tt_frame_id frame,
				   tt_vec3 local);
/// The frame the particle is pinned to, or a null id.
tt_frame_id tt_particle_get_pin_frame(tt_particle_id particle);

#endif
