/* Chains the dynamic-bone tests share: a strand on a frame, built with
 * the public API only. */
#ifndef TT_TEST_BONES_H
#define TT_TEST_BONES_H

#include "../../core/taut.h"

#define STRAND_MAX 64

typedef struct strand {
	tt_world_id world;
	tt_frame_id root;
	tt_bonechain_id chain;
	tt_vec3 points[STRAND_MAX];
	int count;
} strand;

/// The knobs set to v: damping, elasticity, stiffness, inertia.
void bones_knobs(tt_bonechain_def *def, float damping, float elasticity,
		 float stiffness, float inertia);
/// A chain of n points `spacing` apart along direction (from the root's
/// origin) on a frame at root, built from def (its points and root set
/// here), in the 3D world.
void bones_strand(strand *s, tt_world_id world, tt_vec3 root, tt_vec3 direction,
		  int n, float spacing, tt_bonechain_def def);
/// The largest distance of a node (its particle) from its animated place.
double bones_off_pose(const strand *s);
/// Node i's particle position and its place in the root's frame.
tt_vec3 bones_node(const strand *s, int i);
tt_vec3 bones_local(const strand *s, int i);
double bones_distance(tt_vec3 a, tt_vec3 b);

#endif
