/* Private: a dynamic-bone chain's state, shared by the bone_*.c files.
 *
 * Node arrays hold count + 1 entries: the points, then room for the
 * virtual tip, which takes part while end_length > 0 (`nodes` of them).
 * Node 0 is on the root. Positions are world coordinates except rest (the
 * root's frame) and the two kept updates, was and now (also the root's
 * frame, each at its own update's root pose), which drawing between
 * updates blends. */
#ifndef TT_BONE_H
#define TT_BONE_H

#include "shape3.h"
#include "world.h"

struct tt_bonechain {
	int32_t slot;               /* first: tt_pool_remove_item moves chains */
	tt_bonechain_def def;       /* def.points is rest, count long */
	int count, nodes;
	tt_particle_id *node;       /* the particles, count */
	int32_t *dense;             /* their dense indices this step */
	uint8_t *held;              /* moved by someone else: held at hold */
	tt_vec3 *rest, *x, *v;
	tt_vec3 *pred, *from;       /* scratch of an update */
	tt_vec3 *shown, *hold;      /* written to the particles; held there */
	tt_vec3 *was, *now;         /* the last two updates, root frame */
	float *len, *depth;         /* rest length to the parent; 0..1 */
	float *value[TT_BONE_PARAM_COUNT];  /* each knob at each node */
	float *damp_k, *elast_k;    /* per update of coef_dt */
	float *chord, *lo, *hi;     /* cone chord and length band, per rest */
	double *solve;              /* the length solve's columns */
	size_t block_size;
	void *block;
	tt_pose3 last_root;         /* at the last update */
	tt_pose3 seen_root;         /* at the end of the last step */
	float acc;                  /* share of the way to the next update */
	float since;                /* seconds since the last update */
	float coef_dt;              /* damp_k and elast_k are for this dt */
	int level, culled;          /* last step's LOD level; in pose */
	uint64_t updates;           /* node updates done */
};

/* min and max the compiler keeps inline (fminf and fmaxf are calls,
 * as they must order NaNs). */
static inline float bone_min(float a, float b)
{
	return a < b ? a : b;
}

static inline float bone_max(float a, float b)
{
	return a > b ? a : b;
}

/* Columns of the length solve (bone_solve.c), each `nodes` doubles. */
enum { TT_BS_OX, TT_BS_OY, TT_BS_OZ, TT_BS_UX, TT_BS_UY, TT_BS_UZ, TT_BS_LEN,
       TT_BS_DIAG, TT_BS_LOWER, TT_BS_UPPER, TT_BS_RHS, TT_BS_COLUMNS };

/// The chain a live id names, with its world; NULL when stale.
tt_bonechain *tt_bonechain_get(tt_bonechain_id id, tt_world **out);
/// The root's pose: at the end of the step (end = 1, during it), or as it
/// is (between steps); 0 when the root is gone.
int tt_bonechain_root_pose(const tt_world *w, const tt_bonechain *c, int end,
			   tt_pose3 *out);
/// Evaluate the curves at the nodes and the derived limits (after any
/// change of the definition); dt-dependent rates are redone lazily.
void tt_bonechain_refresh(tt_bonechain *c);
/// Every node to the animated pose of root, at rest.
void tt_bonechain_pose(tt_bonechain *c, const tt_pose3 *root);
/// The per-update rates for dt, when dt changed since the last time.
void tt_bonechain_rates(tt_bonechain *c, float dt);

/// One update of dt seconds with the root going from a to b
/// (bone_solve.c); the world's colliders at shares t0..t1 of this step.
void tt_bonechain_update(tt_world *w, tt_bonechain *c, const tt_pose3 *a,
			 const tt_pose3 *b, float dt, float t0, float t1);
/// Keep every free node out of (or within) the chain's colliders, the
/// nodes having gone from `from` to `pred` while the colliders went from
/// shares t0 to t1 of this step (bone_collide.c).
void tt_bonechain_collide(tt_world *w, tt_bonechain *c, float t0, float t1);

/// Shift every chain's state by d (world teleport).
void tt_bonechain_translate_all(tt_world *w, tt_vec3 d);

#endif
