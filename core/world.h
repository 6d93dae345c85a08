/* Private: the world and its dense stores, shared by the core's files. */
#ifndef TT_WORLD_H
#define TT_WORLD_H

#include "columns.h"
#include "pool.h"
#include "taut.h"

/* Particles, one column per field. x is the position; p the position at
 * the start of the current substep (velocity is (x - p) / h after the
 * projection); v the velocity carried between substeps. */
typedef struct tt_particles {
	int count, capacity;
	float *x, *y, *z;
	float *px, *py, *pz;
	float *vx, *vy, *vz;
	float *inv_mass, *mass, *radius;
	int32_t *slot;
} tt_particles;

/* Springs, kept in batch order: batch k holds springs [batch[k],
 * batch[k+1]) and no two springs of a batch share a particle. a and b are
 * dense particle indices, patched when particles move. */
#define TT_MAX_BATCHES 65  /* 64 colours + one serial overflow batch */

typedef struct tt_springs {
	int count, capacity;
	int32_t *a, *b;
	float *rest, *compliance, *damping, *lambda, *max_force, *max_strain;
	int32_t *kind, *slot;
	int32_t batch[TT_MAX_BATCHES + 1];
	int batch_count;
	int dirty;          /* batches must be rebuilt before the next step */
	int damped;         /* springs with damping > 0 */
	int breakable;      /* springs with max_force > 0 */
	int tearable;       /* springs with max_strain > 0 */
	float h;            /* substep of the last step: force = lambda / h^2 */
} tt_springs;

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
	float compliance, damping;
	tt_spring_kind kind;
	tt_rope_tethers tethers_from; /* START, END or NONE once resolved */
	float reel_speed, reel_target;
	float ramp_from, ramp_to;     /* first_rest over this step's substeps */
	int ramping;
	int owns_start;               /* node 0 was made by the rope */
} tt_rope;

typedef struct tt_ropes {
	tt_rope *items;
	int count, capacity;
} tt_ropes;

typedef struct tt_events {
	tt_event *items;
	int count, capacity;
	int between;  /* the last ones were pushed between steps (script
			 cuts): kept for the next step's report */
} tt_events;

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
	int stepping;       /* inside tt_world_step: events are the step's */
} tt_cuts;

typedef struct tt_world {
	tt_world_def def;
	tt_world_id id;
	tt_pool particle_pool, spring_pool, rope_pool, cutter_pool;
	tt_particles particles;
	tt_springs springs;
	tt_ropes ropes;
	tt_events events;  /* of the current (or last) step */
	tt_cutters cutters;
	tt_cuts cuts;
	uint64_t steps, nonfinite_resets;
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
/// Free every rope's arrays (the world is going).
void tt_rope_release_all(tt_world *w);

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
/// Free the cutters and the cut scratch (the world is going).
void tt_cut_release(tt_world *w);

/// One fixed step: substeps of integrate, project, update velocities.
void tt_solver_step(tt_world *w);

#endif
