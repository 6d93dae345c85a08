/* Private: the cloths of a world (core/cloth*.c), included by world.h. */
#ifndef TT_CLOTHS_H
#define TT_CLOTHS_H

#include "pool.h"
#include "shape3.h"
#include "taut.h"

/* Spring classes, in `spring_class`. */
enum { TT_CLOTH_STRUCTURAL, TT_CLOTH_SHEAR, TT_CLOTH_BEND, TT_CLOTH_PIECE };

/* A tether: from pinned node `pin` to node `node`, rest its geodesic
 * distance at rest. */
typedef struct tt_cloth_tether {
	tt_spring_id spring;
	int32_t pin, node;
} tt_cloth_tether;

/* A cloth's arrays. Nodes [0, laid) were laid out; [laid, node_count) are
 * pieces of cut springs, each with the laid-out node it hangs from
 * (anchor). Springs [0, laid_springs) were laid out (a triangle's sides
 * index them); pieces follow. Per-step state (dense, standing, air) is
 * resolved by tt_cloth_refresh. */
typedef struct tt_cloth {
	int32_t slot;
	tt_cloth_kind kind;
	int cols, rows;
	int laid, node_count, node_capacity;
	tt_particle_id *nodes;
	int32_t *anchor;              /* node_capacity: laid-out node of each */
	int32_t *dense;               /* node_capacity */
	float *rest;                  /* 3 per laid node, in the root's frame */
	float *uv;                    /* 2 per laid node */
	uint8_t *pinned;              /* per laid node */
	uint8_t *attached;            /* per laid node: a pin reaches it */
	float *air;                   /* 3 per laid node: this step's wind */
	float *force;                 /* 3 per laid node: the air's, N */
	float *damp;                  /* per laid node: the air's damping */
	float *tri_air;               /* 4 a triangle: a corner's share of its
					 air force, and of its damping (NaN:
					 none), as of the last aero */
	int triangle_count;
	int32_t *tri;                 /* 3 nodes a triangle */
	int32_t *side;                /* 3 springs a triangle (-1: none) */
	float *tri_normal;            /* 3 a triangle: unit, rest, root frame */
	uint8_t *standing;
	int standing_count;
	uint32_t version;             /* grows when triangles stop standing */
	int refit;                    /* they did: fit the tethers again
					 before the next step */
	int laid_springs, spring_count, spring_capacity;
	tt_spring_id *springs;
	int32_t *ends;                /* 2 nodes a spring */
	int32_t *support;             /* 2 a spring: a shear spring's cell
					 triangles (it goes once neither
					 stands), a bend spring's structural
					 springs (it goes with either); -1 */
	uint8_t *spring_class;
	tt_cloth_tether *tethers;
	int tether_count, tether_capacity;
	/* the root: what the pins ride, its pose as last seen */
	tt_frame_id root_frame;
	tt_collider_id root_collider;
	tt_pose3 seen_root;
	int teleports;
	/* settings */
	float stretch, shear, bend, max_strain, damping;
	float drag, lift, air_density, thickness;
	float teleport_distance, teleport_angle;
	tt_cloth_teleport teleport;
	int tethered, self_collision, visible;
	uint32_t group, mask;
} tt_cloth;

typedef struct tt_cloths {
	tt_cloth *items;
	int count, capacity;
	tt_pool pool;
	/* dense particle -> cloth index + 1 and node, from the last refresh */
	int32_t *owner, *owner_node;
	int owner_count, owner_capacity;
	int self_colliding;           /* cloths with self_collision */
	int springs_outside;  /* springs not within one cloth, as owner says */
} tt_cloths;

/// The order to make a grid cloth's n springs in (pairs of nodes, in the
/// layout's order) so the plan finds long runs: order[q] is the spring
/// made q-th (cloth_order.c). 0, and the layout's order, when out of
/// memory or not a grid's springs.
int tt_cloth_spring_order(const int32_t *pairs, int n, int32_t *order);

#endif
