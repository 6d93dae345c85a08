/* Private: the world and its dense stores, shared by the core's files. */
#ifndef TT_WORLD_H
#define TT_WORLD_H

#include "cloths.h"
#include "columns.h"
#include "lanes.h"
#include "pool.h"
#include "softbodies.h"
#include "taut.h"
#include "threads.h"
#include "wind.h"

/* Particles, one column per field. x is the position; p the position at
 * the start of the current substep (velocity is (x - p) / h after the
 * projection); v the velocity carried between substeps. */
/* The particle columns have room for TT_PARTICLE_SLACK more than count,
 * zeros when never written: the chain solve reads a rope's nodes in
 * vectors that run past its last one. */
#define TT_PARTICLE_SLACK 64

typedef struct tt_particles {
	int count, capacity;
	float *x, *y, *z;
	float *px, *py, *pz;
	float *vx, *vy, *vz;
	float *inv_mass, *mass, *radius;
	int32_t *slot;
	float *drag, *gravity_scale;  /* wind and forces (force.c) */
	float *fx, *fy, *fz;          /* forces for the next step */
	int dragged;                  /* particles with drag > 0 */
	int forced;                   /* some force waits in fx, fy, fz */
	uint32_t *group, *mask;  /* collision filter */
	int32_t *touch;   /* slot + 1 of the collider touched last step, or 0 */
	int32_t *hit;     /* slot + 1 of the first one touched this step */
	int touching;     /* some touch is not 0 */
	int32_t *pin_slot;       /* slot + 1 of the collider it is pinned to,
				    or -(slot + 1) of a frame (3D) */
	float *pin_lx, *pin_ly;  /* where on that collider (its local frame) */
	int pinned_to;           /* particles pinned to a collider or frame */
	float *pin_lz;           /* 3D: the local offset's z */
	float *damping;          /* velocity damping, 1/s (damping.c) */
	int damped;              /* particles with damping > 0 */
} tt_particles;

/* Springs, kept in batch order: batch k holds springs [batch[k],
 * batch[k+1]) and no two springs of a batch share a particle. a and b are
 * dense particle indices, patched when particles move. */
#define TT_MAX_BATCHES 65  /* 64 colours + one serial overflow batch */

typedef struct tt_springs {
	int count, capacity;
	int32_t *a, *b;
	float *rest, *compliance, *lambda, *max_force, *max_strain;
	float *damping;     /* stretch damping (the def's stretch_damping) */
	int32_t *kind, *slot;
	int32_t *unseen;    /* 1: colliders do not meet it (a rope's tethers) */
	int32_t batch[TT_MAX_BATCHES + 1];
	int batch_count;
	int32_t colour[TT_MAX_BATCHES + 1];  /* colour k: [colour[k], colour[k+1]),
						empty ones too */
	int dirty;          /* batches must be rebuilt before the next step */
	int damped;         /* springs with damping > 0 */
	int breakable;      /* springs with max_force > 0 */
	int tearable;       /* springs with max_strain > 0 */
	float h;            /* substep of the last step: force = lambda / h^2 */
	float *drag;        /* air drag per metre (drag.c) */
	int dragged;        /* springs with drag > 0 */
	tt_plan plan;       /* the batches in blocks of lanes (plan.c) */
} tt_springs;

/* Angle constraints (core/angle.c): dense particle indices a, b, c (b the
 * vertex), kept in colour order; the colours are the springs' (batch.c
 * colours both), so angle colour k is solved with spring batch k. */
typedef struct tt_angles {
	int count, capacity;
	int32_t *a, *b, *c;
	float *rest, *compliance, *min, *max, *lambda;
	int32_t *slot;
	int32_t colour[TT_MAX_BATCHES + 1];
	int limited;  /* angles with a min > -pi or a max < pi */
} tt_angles;

/* Grabs (core/grab.c): a soft pull of a particle toward a target that
 * moves from `from` to `to` over each step. */
typedef struct tt_grab {
	int32_t slot;
	tt_particle_id particle;
	int32_t at;                /* its dense index this step, or -1 */
	tt_vec3 from, to;
	float stiffness, damping, max_force;
	float body_mass, limit;    /* kg, N: as of this step */
	float force;               /* the largest pull this step */
	int at_limit, was_at_limit;
} tt_grab;

typedef struct tt_grabs {
	tt_grab *items;
	int count, capacity;
} tt_grabs;

/* A rope: its nodes start to end, segment i joining nodes i and i + 1, and
 * tether[i] from the anchored end to node i (null where there is none). */
typedef struct tt_rope {
	int32_t slot;
	int count, capacity;          /* nodes */
	tt_particle_id *nodes;
	tt_spring_id *segments, *tethers;
	float segment_length, first_rest, node_mass, radius;
	float tail_rest;              /* the last segment's, when a cut left
					 it short (count > 2) */
	float max_strain;
	float compliance, stretch_damping;
	float damping, bend;          /* rope damping, bending (damping.c,
					 rope_bend.c) */
	tt_angle_id *bends;           /* bends[k]: the angle at node k */
	int bend_capacity;
	tt_spring_kind kind;
	tt_rope_tethers tethers_from; /* START, END or NONE once resolved */
	float reel_speed, reel_target;
	float ramp_from, ramp_to;     /* first_rest over this step's substeps */
	int dense_at;                 /* its dense indices in the chain
					 scratch this step; -1: it lost a part */
	int chain_at;                 /* dense_at, or -1: no chain solve */
	int ramping;
	int owns_start;               /* node 0 was made by the rope */
} tt_rope;

typedef struct tt_ropes {
	tt_rope *items;
	int count, capacity;
} tt_ropes;

/* The chain solve (chain.c): each rope's dense node and segment indices
 * (from its dense_at), what its nodes are like, and a scratch per part of
 * the ropes (the threads'), ropes [cut[k], cut[k+1]) in part k. */
typedef struct tt_chain_info {
	int32_t contiguous;  /* nodes n0, n0 + 1, ... */
	int32_t precise;     /* its masses differ: 0 little (the solve runs in
				float), 1 more (double), 2 past what double
				tells apart (a sweep of its segments) */
	int32_t col_at;      /* its columns in cols */
	int32_t soft;        /* a segment has compliance */
	int32_t alone;       /* shares no free node with another rope */
	int32_t run;         /* its segments' springs in runs: chain.c's describe */
} tt_chain_info;

typedef struct tt_chain_scratch {
	int32_t *i;
	tt_chain_info *info;
	float *cols;  /* each rope's rest, alpha, most2, lambda */
	void *mem;
	size_t mem_bytes, part_bytes;
	int i_capacity, info_capacity, col_capacity;
	int parts;
	int32_t cut[TT_MAX_THREADS + 1];
} tt_chain_scratch;

typedef struct tt_events {
	tt_event *items;
	int count, capacity;
	int between;  /* the last ones were pushed between steps (script
			 cuts): kept for the next step's report */
} tt_events;

/* Colliders (few: an array of structs) and the contacts of a substep. */
#include "shape.h"
#include "shape3.h"

typedef struct tt_collider {
	tt_collider_def def;  /* position and angle: where it is now */
	tt_shape shape;       /* local geometry */
	tt_pose from, to;     /* this step: start and end */
	tt_pose prev, cur;    /* this substep: start and end */
	int has_target;       /* move_to was called for the next step */
	int32_t slot;
	/* 3D worlds: the shape and the same four poses (contact3.c) */
	tt_shape3 shape3;
	tt_pose3 from3, to3, prev3, cur3;
} tt_collider;

typedef struct tt_colliders {
	tt_collider *items;
	int count, capacity;
	int32_t *moving;  /* 2D: those whose pose changes this step (contact.c) */
	int moving_count, moving_capacity;  /* count -1: take them all */
} tt_colliders;

/* The colliders' broad phase (broad.c): a hashed grid of where each can
 * be this step. */
typedef struct tt_broad_box {
	float lo[3], hi[3];
} tt_broad_box;

typedef struct tt_broad_cell {
	int32_t x, y, z;       /* the cell */
	int32_t start, count;  /* its colliders, ascending: ids[start ..
				  start + count); count 0: a free slot */
} tt_broad_cell;

typedef struct tt_broad {
	int active;               /* 0: every query sees every collider */
	tt_broad_cell *cells;     /* open addressing over `slots` (a power of 2) */
	uint64_t *homes;          /* a bit a slot: does a cell's search start there */
	int32_t *ids;
	tt_broad_box *boxes;      /* this step's, then the cells' (built_count) */
	int32_t *big;             /* colliders too big for cells, ascending,
				     then a flag per collider (is it in that list) */
	int big_count, slots, dims, built_count;
	float inv_cell, margin;
	int cell_capacity, home_capacity, id_capacity, box_capacity, big_capacity;
} tt_broad;

/* What restitution needs of a particle contact: the normal speed before
 * the substep and the surface's velocity (speed is NaN for springs); for
 * a spring's, its b end + 1 (0 for a particle's: the contact's particle
 * is all it touches), so a second round can tell whose contacts it redoes. */
typedef struct tt_contact_motion {
	float speed, vx, vy;
	float vz;  /* 3D */
	int32_t b1;
} tt_contact_motion;

typedef struct tt_contacts {
	tt_contact *items;
	tt_contact_motion *motion;
	int count, capacity;
	uint8_t *pushed_up;  /* per particle, zero between uses (contact_stack.c) */
	int pushed_capacity;
} tt_contacts;

/* Scratch of the spatial hash and the spring graph, grown as needed
 * (core/hash.c). */
typedef struct tt_grid_entry {
	int64_t row;              /* its cell's row: cz * 2^32 + cy, so one
				     compare orders by z, then y */
	int32_t cx, particle;     /* the cell's x; the particle */
} tt_grid_entry;

typedef struct tt_grid {
	tt_grid_entry *entries;  /* in cell order (z, y, x, particle) */
	int sorted;              /* particles entries holds (else -1) */
	int32_t *counts;         /* n + 1: sorting the pairs */
	int32_t *pairs;          /* the substep's candidates, 2 a pair */
	int32_t *spare;          /* room to sort them */
	int32_t *adj_start, *adj;  /* springs' neighbours of each particle */
	uint8_t *moved;          /* particles the last marked pass moved */
	float *at;               /* x, y, z of each particle at the build */
	float skin;              /* candidates: within skin of touching */
	uint64_t list_step;      /* steps + 1 of the step the list is for */
	int listed;              /* particles listed (-1: no good list) */
	long builds, revisited;  /* lists built, particles the second rounds
				    of contacts revisited (tests, bench) */
	float skin_share;        /* tests: the skin in largest radii (0: the
				    default; infinite: every pair, one cell) */
	int capacity, adj_capacity;
	int pair_count, pair_capacity, spare_capacity;
	uint64_t graph_step;     /* steps + 1 of the step whose graph adj
				    holds (springs do not change inside one) */
	float cell;
	int cloth_only;          /* pairs within self-colliding cloths only */
} tt_grid;
/* Blades (core/cutter.c): where each was at the last step, and is now. */
typedef struct tt_cutter {
	int32_t slot;
	tt_vec3 from, to;
	int cuts;
} tt_cutter;

typedef struct tt_cutters {
	tt_cutter *items;
	int count, capacity;
} tt_cutters;

/* Cut bookkeeping (core/cut.c): springs found by a sweep, cut after it. */
typedef struct tt_cut_found {
	tt_spring_id spring;
	float t;
} tt_cut_found;

typedef struct tt_cuts {
	tt_cut_found *found;
	int count, capacity;
	int min_fragment;   /* cull free rope pieces shorter than this */
	tt_cut_limits limits;  /* floors (cut.c) */
	int stepping;       /* inside tt_world_step: events are the step's */
} tt_cuts;

/* Frames (core/frame.c): kinematic transforms with no shape, moving from
 * `from` to `to` through each step like colliders. */
typedef struct tt_frame {
	int32_t slot;  /* first: tt_pool_remove_item moves frames */
	tt_pose3 from, to;
	tt_pose3 cur;  /* at the end of the current substep */
} tt_frame;

typedef struct tt_frames {
	tt_frame *items;
	int count, capacity;
} tt_frames;

/* Dynamic-bone chains (core/bone*.c; the chain itself is in bone.h). */
typedef struct tt_bonechain tt_bonechain;

typedef struct tt_bonechains {
	tt_bonechain *items;
	int count, capacity;
	tt_vec3 lod_point;      /* LOD distances are measured from it */
	int levels[TT_BONE_LEVEL_COUNT];  /* chains at each, last step */
} tt_bonechains;

typedef struct tt_world {
	tt_world_def def;
	tt_world_id id;
	tt_pool particle_pool, spring_pool, rope_pool, cutter_pool;
	tt_particles particles;
	tt_springs springs;
	tt_angles angles;
	tt_pool angle_pool;
	tt_grabs grabs;
	tt_pool grab_pool;
	tt_ropes ropes;
	tt_chain_scratch chain;
	tt_events events;  /* of the current (or last) step */
	tt_winds winds;
	tt_pool collider_pool;
	tt_colliders colliders;
	tt_contacts contacts;
	tt_contacts contact_parts[TT_MAX_THREADS];  /* contact3_parts.c */
	tt_grid grid;
	tt_cutters cutters;
	tt_cuts cuts;
	tt_softbodies softbodies;
	uint64_t steps, nonfinite_resets;
	tt_pool frame_pool;
	tt_frames frames;
	tt_pool bonechain_pool;
	tt_bonechains bonechains;
	tt_cloths cloths;
	int interrupted;   /* the host's poll stopped this step (budget.c) */
	const tt_lanes *lanes;  /* the solver's kernels, or NULL: scalar */
	int threads;            /* parts a stage may be split into */
	int split_all;          /* tests: split every stage, however small */
	int stream_off;         /* tests: never stream (stream.c, rope_step.c) */
	tt_broad broad;
	int broad_off;          /* tests: every particle meets every collider */
} tt_world;

/// The live world an id names, or NULL.
tt_world *tt_world_get(tt_world_id id);
/// Is every component finite?
int tt_vec3_finite(tt_vec3 v);

tt_columns tt_particle_columns(tt_particles *p);
/// The id of the live particle at dense index i.
tt_particle_id tt_particle_id_at(const tt_world *w, int i);
tt_columns tt_spring_columns(tt_springs *s);
/// Remove the spring at dense index i (swap with the last), free its slot.
void tt_spring_remove(tt_world *w, int i);
/// Colliders no longer meet the spring: a rope's long-range tether is a
/// line from its anchor, not rope, and goes straight through what the
/// rope wraps round.
void tt_spring_unseen(tt_world *w, tt_spring_id spring);
/// Break the springs whose last force passed their max_force.
void tt_spring_break(tt_world *w);
/// Sort springs into batches that share no particle. 0 when out of memory.
int tt_spring_batch(tt_world *w);

/// Record an event of this step (dropped if memory runs out).
void tt_event_push(tt_world *w, const tt_event *e);
/// Free the event buffer.
void tt_event_release(tt_events *events);
/// A step starts: drop the last step's events, keep those pushed since.
void tt_event_begin_step(tt_world *w);

/// Reel every reeling rope by one step (before the substeps): nodes are
/// added or removed now, lengths then ramp over the substeps.
void tt_rope_advance(tt_world *w);
/// Set reeling ropes' lengths for substep `sub` of `substeps` (0-based).
void tt_rope_substep(tt_world *w, int sub, int substeps);
/// With the batches: find every rope's particles and segments in the
/// dense arrays, for the chain solve and rope damping. A rope that lost a
/// part, or memory that ran out (returns 0), leaves ropes to the general
/// pass only.
int tt_chain_prepare(tt_world *w);
/// chained[c] = 1 for each spring the chain solve takes.
void tt_chain_mark(const tt_world *w, uint8_t *chained);
void tt_chain_release(tt_chain_scratch *s);
/// Solve every intact rope's segments at once, in pass `it` of substep
/// `sub` (after the general pass).
void tt_chain_solve(tt_world *w, float h, int sub, int it);
/// The same for ropes [from, to) only, in the caller's thread, in the
/// scratch of part `part` (< tt_chain_scratch_parts: the parts the
/// scratch has room for).
void tt_chain_solve_ropes(tt_world *w, float h, int sub, int it, int from,
			  int to, int part);
int tt_chain_scratch_parts(const tt_world *w);
/// The live rope an id names (and its world), or NULL.
tt_rope *tt_rope_find(tt_rope_id id, tt_world **out);
/// The id of the rope at dense index (rope_list.c).
tt_rope_id tt_rope_id_at(const tt_world *w, int index);
/// Velocity damping of particles and the world, each substep; rope
/// damping, once per step (damping.c).
void tt_damping_apply(tt_world *w, float h);
void tt_rope_damp(tt_world *w);
/// Rope damping of ropes [from, to) only, in the caller's thread.
void tt_rope_damp_ropes(tt_world *w, int from, int to);
/// Node k's distance from node 0 along the rope (rest lengths).
float tt_rope_path_length(const tt_rope *r, int k);
/// Before a substep that reels r in by shortened (m): take from its nodes'
/// swing what the shorter radius would add (rope_reel.c).
void tt_rope_keep_swing(tt_world *w, const tt_rope *r, float shortened);
/// Give the rope an angle at each inner node when it bends (and only
/// then), matching its nodes now (rope_bend.c); free them all.
tt_status tt_rope_fit_bends(tt_world *w, tt_rope *r);
void tt_rope_release_bends(tt_rope *r);
/// The tridiagonal system of m rows (Thomas algorithm): the solution
/// overwrites rhs (upper is spent); 0 if a pivot vanished.
int tt_chain_thomas(const double *diag, const double *lower, double *upper,
		    double *rhs, int m);
/// Free every rope's arrays (the world is going).
void tt_rope_release_all(tt_world *w);
/// Destroy these particles (all of one world; stale ones are skipped)
/// and their springs, in one sweep over the springs.
void tt_particles_destroy(const tt_particle_id *ids, int n);
/// The dense index of a live particle, with its world; -1 when stale.
int tt_particle_find(tt_particle_id id, tt_world **out);
/// The live rope an id names, with its world; NULL when stale.
tt_rope *tt_rope_find(tt_rope_id id, tt_world **out);
/// Free colliders, contacts and the grid (world destroy).
void tt_collider_release_all(tt_world *w);
/// Stages of the step (contact.c, hash.c): poses of colliders for the
/// step; particle and spring contacts; restitution
/// from the substep's contacts; contact events after the step.
void tt_collider_begin_step(tt_world *w);
void tt_contact_solve(tt_world *w, float h);
/// The contacts again of the particles marked in only (nonzero) and of
/// the springs with a marked end, after the pairs moved them: their
/// contacts of the first round are dropped, the others' kept.
void tt_contact_resolve(tt_world *w, float h, const uint8_t *only);
/// The collision stage of substep k: colliders' poses, then particle
/// pairs and collider contacts (collider contacts last).
void tt_collide(tt_world *w, int k, float h);
void tt_contact_restitution(tt_world *w, float h);
/// After the contacts of a substep: rods a contact left short pass its
/// push on up their rope (contact_stack.c).
void tt_contact_stack(tt_world *w);
/// At the step's end: lean a rope segment balanced straight up on a
/// node that touched a collider (contact_tip.c).
void tt_contact_tip(tt_world *w);
/// The unit vector against gravity in *up, and |g|; 0 without gravity.
float tt_contact_up(const tt_world *w, tt_vec3 *up);
void tt_collider_end_step(tt_world *w);
/// Springs against colliders (only: NULL, or the springs with a marked end).
void tt_contact_springs(tt_world *w, float h, const uint8_t *only);
/// m/s: how fast what is found inside a collider at a substep's start is
/// pushed out (contact.c, contact_spring.c).
#define TT_PUSH_OUT_SPEED 0.5f
/// Helpers the contact files share: append a contact; the friction
/// correction of a displacement (rx, ry) relative to the surface; where
/// the surface point at local (lx, ly) is and how far it moved this
/// substep; might something within reach of (x, y) touch c?
int tt_contact_push(tt_contacts *ct, const tt_contact *c,
		    tt_contact_motion m);
/// Room for want contacts in ct; 0 when out of memory.
int tt_contact_reserve(tt_contacts *ct, int want);
void tt_contact_friction(const tt_collider_def *def, float rx, float ry,
			 float nx, float ny, float depth, float *fx, float *fy);
/// The same with the static and kinetic friction given.
void tt_contact_rub(float friction, float kinetic, float rx, float ry,
		    float nx, float ny, float depth, float *fx, float *fy);
void tt_contact_surface(const tt_collider *c, float lx, float ly, float *x1,
			float *y1, float *mx, float *my);
/// (Inline: asked of every particle and spring against every collider
/// near it, in both rounds of contacts.)
static inline int tt_contact_near(const tt_collider *c, float x, float y,
				  float reach)
{
	float dx = x - c->cur.x, dy = y - c->cur.y, r = c->shape.reach + reach;
	return c->shape.kind == TT_SHAPE_PLANE || dx * dx + dy * dy <= r * r;
}
void tt_contact_release(tt_contacts *contacts);
/// Do a (group, mask) and b (group, mask) collide? (Inline: the pair
/// search and the contact passes ask it in their inner loops.)
static inline int tt_collide_filter(uint32_t group_a, uint32_t mask_a,
				    uint32_t group_b, uint32_t mask_b)
{
	return (group_a & mask_b) != 0 && (group_b & mask_a) != 0;
}
/// A particle contact happened: the first of the step records the touch
/// (and a contact_begin event when it is new).
void tt_contact_touched(tt_world *w, const tt_contact *c);
/// The collider's pose a share t through this step.
tt_pose tt_collider_pose_at(const tt_collider *c, float t);
/// Place the particles pinned to colliders for the end of substep k of n.
void tt_collider_pins(tt_world *w, int k, int n);
/// Particles pinned to the collider at slot stay where they are, unpinned
/// from it (it is going).
void tt_collider_unpin_all(tt_world *w, int32_t slot);
/// The dense index of a live collider, with its world; -1 when stale.
int tt_collider_find(tt_collider_id id, tt_world **out);
/// 3D colliders (collider3.c, contact3.c, contact3_spring.c): check a 3D
/// definition and build its shape; rest it at its pose; the stages of the
/// step as in 2D.
tt_status tt_collider3_check(tt_collider_def *def, tt_shape3 *shape);
void tt_collider3_rest(tt_collider *c);
void tt_collider3_begin_step(tt_world *w);
void tt_collider3_substep(tt_world *w, int k, int n);
void tt_contact3_particles(tt_world *w, float h, const uint8_t *only);
/// The contacts of particles [from, to) into ct, while it holds at most
/// room (see contact3_parts.c); returns where it stopped: to, or the
/// first particle there was no room for.
int tt_contact3_range(tt_world *w, float h, const uint8_t *only, int from,
		      int to, tt_contacts *ct, int room);
/// Every particle's 3D contacts, split among the world's threads; 0
/// (nothing done) when the world is not worth splitting.
int tt_contact3_parts(tt_world *w, float h);
/// Spring s (dense) against collider ci, 3D (tt_contact_springs calls it).
void tt_contact3_spring_against(tt_world *w, int s, int ci);
/// Restitution of one particle contact (tt_contact_restitution's test
/// passed): leave at e times the normal speed it met the surface with.
void tt_contact3_bounce(tt_particles *p, const tt_contact *c,
			tt_contact_motion m, float e);
/// Friction in 3D: the correction to a displacement r relative to the
/// surface, given the unit normal n and the depth pushed out.
tt_vec3 tt_contact3_friction(const tt_collider_def *def, tt_vec3 r, tt_vec3 n,
			     float depth);
/// Where the surface point at local l is at the end of the substep, and
/// how far it moved in it.
tt_vec3 tt_contact3_surface(const tt_collider *c, tt_vec3 l, tt_vec3 *moved);
int tt_contact3_near(const tt_collider *c, tt_vec3 x, float reach);
/// How far to push out, by at most depth, what was inside already at the
/// substep's start and moves at v (n the unit normal out): to leave at
/// TT_PUSH_OUT_SPEED at most.
float tt_contact3_push_out(tt_vec3 v, tt_vec3 n, float depth, float h);
/// Frames (frame.c): the dense index of a live frame, with its world (-1
/// when stale); every frame's pose at the end of substep k of n; that
/// pose of the frame at slot; the end of the step; free them all.
int tt_frame_find(tt_frame_id id, tt_world **out);
void tt_frame_substep(tt_world *w, int k, int n);
const tt_pose3 *tt_frame_pose(const tt_world *w, int32_t slot);
void tt_frame_end_step(tt_world *w);
void tt_frame_release_all(tt_world *w);
/// Particles pinned to the frame at slot stay where they are.
void tt_frame_unpin_all(tt_world *w, int32_t slot);
/// Queries in a 3D world (query3.c), arguments checked, u unit.
int tt_world_raycast3(const tt_world *w, tt_vec3 origin, tt_vec3 u,
		      float max_distance, int what, tt_ray_hit *hit);
int tt_world_overlap3(const tt_world *w, tt_vec3 center, float radius,
		      tt_collider_id *out, int max);
/// The colliders' broad phase (broad.c): build it for the step (0 when
/// out of memory); then, for what is at `at` with this reach, the first
/// collider that may touch it, and each next one in index order (-1 when
/// no more), asked again from where it is now when it moved.
typedef struct tt_broad_iter {
#define TT_BROAD_IDS 32
	int32_t ids[TT_BROAD_IDS];
	const int32_t *list;  /* the candidates, ascending: list[q .. n), ids
				 or the grid's big list */
	int n, q, all, last;
} tt_broad_iter;
int tt_broad_build(tt_world *w);
/// The candidates after collider `after` near at into it (tt_broad_next's
/// when the particle moved).
void tt_broad_query(const tt_world *w, tt_broad_iter *it, tt_vec3 at,
		    float reach, int after);
/// (Inline: asked for every collider near every particle and spring.)
static inline int tt_broad_next(const tt_world *w, tt_broad_iter *it,
				tt_vec3 at, float reach, int moved)
{
	if (moved && !it->all)
		tt_broad_query(w, it, at, reach, it->last);
	if (it->all)
		it->last = it->last + 1 < w->colliders.count ? it->last + 1 : -1;
	else
		it->last = it->q < it->n ? it->list[it->q++] : -1;
	return it->last;
}
static inline int tt_broad_first(const tt_world *w, tt_broad_iter *it,
				 tt_vec3 at, float reach)
{
	it->last = -1;
	tt_broad_query(w, it, at, reach, -1);
	return tt_broad_next(w, it, at, reach, 0);
}
void tt_broad_release(tt_broad *b);
/// Particle-particle collision through the spatial hash.
int tt_grid_build(tt_world *w);
/// One pass over the candidates: the pairs separated, each end marked in
/// moved (when not NULL: cleared first, a byte a particle).
int tt_grid_solve(tt_world *w, uint8_t *moved);
void tt_grid_release(tt_grid *g);

/* What a spring cut made (core/cut.c), for the rope that owned it. */
typedef struct tt_cut_parts {
	tt_particle_id a, b;   /* new particles: a on end a's side */
	tt_spring_id sa, sb;   /* new springs: end a to a, b to end b */
	float rest_a, rest_b;
} tt_cut_parts;

/// The rope (dense index) that owns spring s, as segment *segment or, with
/// *segment = -1, as a tether; -1 when none.
int tt_rope_owner(const tt_world *w, tt_spring_id s, int *segment);
/// Drop every tether of rope `index` (before a cut); ROPE_BROKEN if it
/// lost a part.
tt_status tt_rope_unfit(tt_world *w, int index);
/// After segment i of rope `index` was cut into parts: the rope keeps
/// nodes 0..i and parts->a, a new rope (*out) gets parts->b and the rest;
/// both refit their tethers.
tt_status tt_rope_split(tt_world *w, int index, int i,
			const tt_cut_parts *parts, tt_rope_id *out);
/// Segments of a rope (dense index) and whether any node is pinned.
int tt_rope_fragment(const tt_world *w, int index, int *pinned);

/// Tear the springs stretched past their max_strain (after the solver).
void tt_cut_tear(tt_world *w);
/// Sweep every cutter from its last position (start of a step).
void tt_cutter_advance(tt_world *w);
/// Sever what segment a-b crosses, for cause; returns how many.
int tt_cut_swipe(tt_world *w, tt_vec3 a, tt_vec3 b, tt_cut_cause cause);
/// Note spring for cutting at t once the sweep is over; 0 when out of
/// memory.
int tt_cut_keep(tt_cuts *cuts, tt_spring_id spring, float t);
/// Cut what was kept, in its order; returns how many were cut.
int tt_cut_kept(tt_world *w, tt_cut_cause cause);
/// Free the cutters and the cut scratch (the world is going).
void tt_cut_release(tt_world *w);

/* Angles (core/angle.c). */
tt_columns tt_angle_columns(tt_angles *a);
/// Project the angles [from, to) for substep h (XPBD; lambda reset by the
/// caller each substep).
void tt_angle_project(tt_world *w, float h, int from, int to);
void tt_angle_limits(tt_world *w);
/// The hard limits once more, after the contacts (solver.c).
void tt_angle_limit(tt_world *w);
/// Particle i goes and the last particle takes its place: angles naming i
/// go, those naming last name i.
void tt_angle_drop_particle(tt_world *w, int i, int last);
/// tt_particles_destroy's sweep: angles at a particle gone (at[i] < 0)
/// go, the others' corners i become at[i].
void tt_angle_sweep(tt_world *w, const int32_t *at);
/// The spring i-j was cut into i-ni and nj-j: angles with vertex i and an
/// arm to j take ni for j, those with vertex j and an arm to i take nj.
void tt_angle_cut(tt_world *w, int i, int j, int ni, int nj);
/// Free the angle columns (the world is going).
void tt_angle_release(tt_world *w);
/* Soft bodies (core/softbody*.c, pressure.c, shape_match.c). */
tt_softbody *tt_softbody_lookup(tt_softbody_id id, tt_world **out);
/// Counts of a definition's layout into *b (zeroed otherwise), or the
/// status that refuses its shape.
tt_status tt_softbody_plan(const tt_softbody_def *def, tt_softbody *b);
/// Rest positions (absolute, into qx, qy), outline, cells, and the
/// springs to make: pairs[2k], pairs[2k+1] nodes, classes[k] 0
/// structural, 1 shear, 2 bend; pinned[k] for each node.
void tt_softbody_lay_out(const tt_softbody_def *def, tt_softbody *b,
			 int32_t *pairs, int32_t *classes, int32_t *pinned);
/// From the laid-out positions: rest shape about its centre, uvs, areas.
void tt_softbody_rest(tt_world *w, tt_softbody *b);
/// Resolve node ids to dense indices; which outline edges stand; torn.
void tt_softbody_refresh(tt_world *w, tt_softbody *b);
/// Which cells stand (after a refresh).
void tt_softbody_refresh_cells(tt_world *w, tt_softbody *b);
float tt_softbody_polygon_area(const float *x, const float *y, int n);
/// Corners of cell k from node positions (x, y), centre (cx, cy).
int tt_softbody_cell_corners(const tt_softbody *b, int k, const float *x,
			     const float *y, float cx, float cy, float ox[4],
			     float oy[4]);
/// Before the substeps: refresh every body, the owner table.
void tt_softbody_prepare(tt_world *w);
/// Pressure and shape matching of every body, one pass; first resets the
/// area multipliers (the first iteration of a substep).
void tt_softbody_solve(tt_world *w, float h, int first);
void tt_pressure_solve(tt_world *w, tt_softbody *b, float h);
/// Once per step: move the area pressure holds toward its goal.
void tt_pressure_advance(tt_world *w, tt_softbody *b);
/// The area inside the outline's nodes still there (after a refresh).
float tt_softbody_outline_area(const tt_world *w, tt_softbody *b);
/// After the velocity update: bounce the bodies that hit a collider,
/// damp every body's motion relative to its rigid motion.
void tt_softbody_velocities(tt_world *w, float h);
void tt_shape_match(tt_world *w, tt_softbody *b);
/// The best rigid fit of a body's rest shape: centres and rotation.
typedef struct tt_fit {
	float cx, cy, qx, qy, c, s;
} tt_fit;
/// Of part `part` of it (softbody_parts.c); 0 when it has no mass.
int tt_shape_fit(const tt_world *w, const tt_softbody *b, int part, tt_fit *f);
void tt_shape_goal(const tt_fit *f, const tt_softbody *b, int k, float *gx,
		   float *gy);
/// Edge contacts against every body's outline (a collision stage).
void tt_softbody_collide(tt_world *w);
/// How far from an outline edge contacts look: both radii and a quarter
/// of the longest edge.
float tt_softbody_reach(const tt_world *w, float longest);
/// Move particle i by w_i k n and the ends a, b of an edge (at t along
/// it) against it, each by its share.
void tt_softbody_push(tt_particles *p, int i, int a, int b, float t, float k,
		      float nx, float ny);
/// Before a step: particles caught deeper inside another body than the
/// contacts reach are put back out (softbody_untangle.c).
void tt_softbody_untangle(tt_world *w);
/// A collider contact of particle i: the collider's static and kinetic
/// friction, or those with the friction of i's body mixed in.
void tt_softbody_friction(const tt_world *w, int i, const tt_collider_def *def,
			  float *friction, float *kinetic);
/// The restitution particle i takes itself: 0 for a body's node or piece
/// (the body bounces as a whole, softbody_motion.c), else e.
float tt_softbody_restitution(const tt_world *w, int i, float e);
void tt_softbody_hash_release(tt_edge_hash *h);
/// Room for need items of size bytes in *array (capacity *capacity),
/// the old ones dropped: scratch rebuilt every substep. 0 when out of
/// memory (the array is kept).
int tt_softbody_scratch(void **array, int *capacity, int need, size_t size);
/// The broad phase (softbody_broad.c): every body's box and the longest
/// outline edge; then, for a reach, which boxes are near which. 0 when
/// out of memory.
int tt_softbody_broad(tt_world *w, tt_body_broad *bb, float *longest);
int tt_softbody_broad_pairs(tt_world *w, tt_body_broad *bb, float reach);
/// Do body k's edges take part; should a particle of body `body` (-1 for
/// none) at (x, y) look for edges?
int tt_softbody_broad_active(const tt_body_broad *bb, int k);
int tt_softbody_broad_looks(const tt_body_broad *bb, int body, float x, float y);
/// Where particles of each body look (of no body first, then body by
/// body, 4 floats each: lo x, lo y, hi x, hi y) within the box in: x is
/// in fence k exactly when it is in box in and body k - 1 looks at x.
void tt_softbody_broad_fences(const tt_body_broad *bb, int n, const float *in,
			      float *fence);
void tt_softbody_broad_release(tt_body_broad *bb);
void tt_softbody_release_all(tt_world *w);
/// A spring within one body was cut into parts: its new particles become
/// the body's pieces (softbody_pieces.c; cut.c calls it).
void tt_softbody_adopt(tt_world *w, const tt_cut_parts *parts);
/// Mark body k's pieces still there as its own in the owner table (a
/// node's entry kept), forgetting those gone; how many it marked.
int tt_softbody_own_pieces(tt_world *w, int k, int32_t *owner);
void tt_softbody_pieces_release(tt_softbody *b);
/// The parts the body's springs still there join its nodes into
/// (softbody_parts.c): again only once it lost a spring or a node.
void tt_softbody_find_parts(tt_world *w, tt_softbody *b);
/// The springs of a grid of cols x rows cells (softbody_layout.c): pairs
/// of node indices (j (cols + 1) + i) and classes (0 structural, 1 shear,
/// 2 bend); returns how many.
int tt_grid_springs(int cols, int rows, int shear, int bend, int32_t *pairs,
		    int32_t *classes);

/* Cloths (core/cloth*.c). */
/// A world teleport moved every cloth's root by d: their roots as last seen
/// move with it, so the jump does not read as a root teleport.
void tt_cloth_translate_all(tt_world *w, tt_vec3 d);
tt_cloth *tt_cloth_lookup(tt_cloth_id id, tt_world **out);
tt_cloth_id tt_cloth_id_of(const tt_world *w, const tt_cloth *c);
/// The counts of a definition's layout into *c (laid, triangle_count,
/// cols, rows) and *springs, or the status that refuses it
/// (cloth_layout.c).
tt_status tt_cloth_plan(const tt_cloth_def *def, tt_cloth *c, int *springs);
/// Rest positions (world, into c->rest), uvs, triangles and their sides,
/// node masses (mass), pinned flags; the springs to make as pairs of
/// nodes and classes (room for the planned count, which it returns).
int tt_cloth_lay_out(const tt_cloth_def *def, tt_cloth *c, float *mass,
		     int32_t *pairs, int32_t *classes);
/// Room for want nodes (want springs) in the cloth's growing lists; 0
/// when out of memory.
int tt_cloth_reserve_nodes(tt_cloth *c, int want);
int tt_cloth_reserve_springs(tt_cloth *c, int want);
/// Is s one of a cloth's tethers (which cuts pass over)?
int tt_cloth_is_tether(const tt_world *w, tt_spring_id s);
/// Nodes to dense indices, which triangles stand (bumps version when
/// fewer do); 1 when some stopped standing since the last refresh.
int tt_cloth_refresh(tt_world *w, tt_cloth *c);
/// Before the substeps: refresh every cloth, refit tethers after tears,
/// the owner table, root jumps, the air's forces.
void tt_cloth_prepare(tt_world *w);
/// Tethers from every pinned node to the nodes it reaches through the
/// cloth's standing springs, the nearest two pins of each (cloth_tether.c);
/// the old ones go first.
tt_status tt_cloth_fit_tethers(tt_world *w, tt_cloth *c);
void tt_cloth_drop_tethers(tt_cloth *c);
/// The root's pose at the end of the step (its target), or the pose last
/// seen when it has none or is gone (cloth_root.c).
tt_pose3 tt_cloth_root_pose(const tt_world *w, const tt_cloth *c);
/// Before a step: a root that jumped past the teleport limits carries or
/// resets the cloth.
void tt_cloth_follow_root(tt_world *w, tt_cloth *c);
/// Every node to its rest pose on the root pose, at rest (refreshed c).
void tt_cloth_place_rest(tt_world *w, tt_cloth *c, const tt_pose3 *root);
/// Drag and lift of every standing triangle, as forces for the step
/// (cloth_aero.c).
void tt_cloth_aero(tt_world *w, tt_cloth *c);
/// Each substep: the air's forces on every cloth's nodes, over h.
void tt_cloth_push(tt_world *w, float h);
/// After the solver: each cloth's most stretched structural springs past
/// its max_strain tear, a few a step (cloth_tear.c).
void tt_cloth_tear(tt_world *w);
/// The cloth (index + 1) particle i is a node of, its node in *node; 0
/// when none.
int tt_cloth_owner(const tt_world *w, int i, int *node);
/// A spring between two nodes of one cloth was cut into parts: the new
/// particles and springs join that cloth (cut.c calls it).
void tt_cloth_adopt(tt_world *w, const tt_cut_parts *parts);
/// Should the particle hash pair particles i and j for self-collision of
/// cloths, when the world's particle collision is off?
int tt_cloth_self_pair(const tt_world *w, int i, int j);
void tt_cloth_release_all(tt_world *w);

/* Grabs (core/grab.c): before the substeps (bodies, indices), after each
 * substep's integration (the pull), after the step (events). */
void tt_grab_begin_step(tt_world *w);
void tt_grab_solve(tt_world *w, int sub, int substeps, float h);
void tt_grab_end_step(tt_world *w);
void tt_grab_release(tt_world *w);
/// Chains (bone_step.c): every chain's update, after the substeps; free
/// them all (world destroy).
void tt_bonechain_step(tt_world *w);
void tt_bonechain_release_all(tt_world *w);

/// One fixed step: substeps of integrate, project, update velocities.
void tt_solver_step(tt_world *w);
/// Count units of work (about one constraint projection each) done for
/// w; now and then asks the host's interrupt poll. 1 (and w->interrupted
/// set) when the host said stop: end the step as soon as it is safe.
int tt_budget_spend(tt_world *w, long units);
/// A constraint pass's flags: the substep's first pass (multipliers start
/// at 0); the step's last substep (rigid rods' multipliers are summed).
enum { TT_PASS_FIRST = 1, TT_PASS_LAST = 2 };
/// The flags of pass `it` of substep `sub`.
int tt_solver_pass(const tt_world *w, int sub, int it);
/// The reference projection of springs [from, to) (solver.c) in one
/// pass with flags `pass`.
void tt_solver_project_scalar(tt_world *w, float h, int from, int to,
			      int pass);
/// Particles [from, to) gone non-finite back where the substep found
/// them, at rest, each with its event (solver.c).
void tt_solver_reset_nonfinite(tt_world *w, int from, int to);
/// Stages in lanes and threads (parallel.c): integrate every particle;
/// project batch k; update every velocity, returning how many particles
/// went non-finite.
void tt_parallel_integrate(tt_world *w, float h);
void tt_parallel_project(tt_world *w, float h, int k, int pass);
int tt_parallel_velocities(tt_world *w, float h);
/// The same stages on one range, in the caller's thread: particles
/// [from, to) (g is gravity times h), or blocks [from, to) of the plan;
/// the speed limit, and pinned particles stopped, on particles.
void tt_range_integrate(tt_world *w, const float g[3], float h, int from,
			int to);
int tt_range_velocities(tt_world *w, float h, int from, int to);
void tt_range_project(tt_world *w, float h, int from, int to, int pass);
void tt_range_limit(tt_world *w, int from, int to);
void tt_range_stop_pinned(tt_particles *p, int from, int to);
/// The streamed substep (stream.c): a world whose substep holds nothing
/// but its springs (no contacts, pins to colliders, grabs, angles, rope
/// or soft-body solves) solves it tile by tile, each tile a run of
/// particles that no spring joins to another: integration, every pass
/// and the velocities of a tile while it is in cache, all tiles in one
/// job for the threads. The same operations on every particle in the
/// same order, so the same result bit for bit.
/// With the plan (plan.c): cut the particles into tiles and return each
/// particle's tile (bytes long, to free), or NULL (no tiles: out of
/// memory or no particles); the plan's blocks then keep to one tile each.
/// After the blocks: find each tile's, or give up the tiles (NULL, or a
/// batch whose blocks are not in tile order).
int32_t *tt_stream_tiles(tt_world *w, size_t *bytes);
void tt_stream_place(tt_world *w, const int32_t *tile);
typedef struct tt_stream {
	int on;       /* this step streams */
	int limit;    /* the step's speed limit is still due */
	int whole;    /* nothing runs between substeps, nor after the last
			 before the stop of the pinned particles */
	int stopped;  /* the last substep stopped them */
} tt_stream;
tt_stream tt_stream_begin(const tt_world *w, int drag);
/// Substep `sub` streamed; returns how many particles went non-finite.
int tt_stream_substep(tt_world *w, tt_stream *st, float h, int sub,
		      int passes);
/// A whole step streamed (st->whole), each tile taking all its
/// substeps in turn, the budget spent as the substeps would (work a
/// substep, and per_pass a pass), non-finite particles reset in order.
void tt_stream_step(tt_world *w, tt_stream *st, float h, long work,
		    long per_pass);
/// How many substeps the budget lets a whole step run (it stays spent
/// after), work a substep and per_pass a pass; *last: the passes of the
/// last of them.
int tt_stream_budget(tt_world *w, long work, long per_pass, int *last);
/// After a whole step: the earliest substep before subs at which a tile
/// halted (plan halts), those tiles' particles reset in particle order;
/// subs when none halted.
int tt_stream_reset_halted(tt_world *w, int subs);
/// A world of ropes whose substeps hold nothing but integration, the
/// chain solves and the velocities (rope_step.c) steps whole, a group of
/// ropes at a time (the stream's tiles): the staged step's operations on
/// every particle in the same order, bit for bit, and one job a step for
/// the threads. Fits this step (drag: tt_drag_prepare's)?
int tt_rope_step_fits(const tt_world *w, int drag);
/// The step from its speed limit to the stop of the pinned particles.
void tt_rope_step(tt_world *w, float h, long work, long per_pass);
/// The kernels and threads the world's def asks for (world.c).
void tt_world_configure(tt_world *w);

#endif
