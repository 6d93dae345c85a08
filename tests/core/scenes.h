/* Scenes the core tests share, built with the public API only. */
#ifndef TT_TEST_SCENES_H
#define TT_TEST_SCENES_H

#include "../../core/taut.h"

/// A default world (1/60 s, earth gravity) with this many substeps.
tt_world_id scene_world(int substeps);
/// The same, 3D.
tt_world_id scene_world3(int substeps);
/// A world made from def (checked).
tt_world_id scene_world_from(const tt_world_def *def);
/// The speed of the world's fastest particle (m/s).
double scene_top_speed(tt_world_id world);
/// A particle of this mass (0: pinned) at rest at position.
tt_particle_id scene_particle(tt_world_id world, tt_vec3 position, float mass);
/// A rope of `segments` springs like `spring` (NULL: rigid rods), node 0
/// pinned at anchor, node k at anchor + k step; nodes[segments + 1] out.
void scene_rope(tt_world_id world, tt_vec3 anchor, tt_vec3 step,
		int segments, const tt_spring_def *spring,
		tt_particle_id *nodes);
/// A pin at the origin and a 1 kg bob at distance length, angle degrees
/// from straight down (towards +x), joined by a rod; returns the bob.
tt_particle_id scene_pendulum(tt_world_id world, float length,
			      float angle_degrees);
/// A cols x rows grid of 1 kg particles, spacing apart, top row pinned,
/// with structural rods and, if asked, both diagonals of every cell.
void scene_grid(tt_world_id world, int cols, int rows, float spacing,
		int diagonals);
/// A collider made from def (checked).
tt_collider_id scene_collider(tt_world_id world, const tt_collider_def *def);
/// Steps the world n times.
void scene_steps(tt_world_id world, int n);
/// Largest (length - rest) / rest over all springs, from the views.
double scene_worst_stretch(tt_world_id world);
/// A rope from `from` to `to` in this many segments, its nodes' radius
/// radius (0: the default), each end pinned or not (checked).
tt_rope_id scene_line_rope(tt_world_id world, tt_vec3 from, tt_vec3 to,
			   int segments, float radius, int pin_start,
			   int pin_end);
/// Largest |length - rest| / rest over the segments of n ropes.
double scene_rope_strain(const tt_rope_id *ropes, int n);
/// Run rooted(motion, distance) for hair rooted on (1.05) and 2 cm inside
/// (1.03) a head of radius 1, still, moving and turning (motions 0, 1, 2):
/// check each worst strain is under 1%.
void scene_check_roots(double (*rooted)(int motion, float distance));
/// The events of the last step folded into h (kind, particle, point);
/// their count added to *count.
uint64_t scene_fold_events(tt_world_id world, uint64_t h, int *count);

#endif
