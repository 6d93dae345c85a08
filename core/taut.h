/* taut core — the one public header.
 *
 * Pure C11 physics for ropes, hair, cloth and soft bodies: particles in
 * structure-of-arrays, distance constraints in XPBD form, a fixed step split
 * into substeps. No Lua, no SDL.
 *
 * Conventions
 * - Units: metres, kilograms, seconds; y up. A 2D world holds z at 0.
 * - Objects are named by ids (core/id.h), checked on every call, in release
 *   builds too. Calls that can fail return a tt_status; getters return a
 *   zeroed value for a stale id (check with the *_valid functions first).
 * - Definitions with defaults: start from tt_x_def_default(), change what
 *   you need, pass it to tt_x_create.
 * - Deterministic: the same calls in the same order give bit-identical state
 *   on the same build. */
#ifndef TT_TAUT_H
#define TT_TAUT_H

#include <stddef.h>
#include <stdint.h>

#include "id.h"

#define TT_VERSION "0.1.0"

typedef struct tt_vec3 {
	float x, y, z;
} tt_vec3;

/* A rotation in a 3D world: the quaternion w + xi + yj + zk, of unit length
 * (calls that take one normalise it; core/frame.h has the helpers). */
typedef struct tt_quat {
	float w, x, y, z;
} tt_quat;

/* Every way a call can refuse user input. tt_status_message gives the text
 * the Lua binding shows, e.g. "particle was destroyed". */
typedef enum tt_status {
	TT_OK = 0,
	TT_ERR_WORLD_STALE,
	TT_ERR_PARTICLE_STALE,
	TT_ERR_SPRING_STALE,
	TT_ERR_TOO_MANY_WORLDS,
	TT_ERR_OUT_OF_MEMORY,
	TT_ERR_NOT_FINITE,
	TT_ERR_MASS,
	TT_ERR_UNPIN_MASSLESS,
	TT_ERR_RADIUS,
	TT_ERR_REST_LENGTH,
	TT_ERR_COMPLIANCE,
	TT_ERR_DAMPING,
	TT_ERR_MAX_FORCE,
	TT_ERR_ROPE_STALE,
	TT_ERR_ROPE_BROKEN,
	TT_ERR_ROPE_SEGMENTS,
	TT_ERR_LENGTH,
	TT_ERR_ROPE_TETHERS,
	TT_ERR_SPRING_KIND,
	TT_ERR_SAME_PARTICLE,
	TT_ERR_OTHER_WORLD,
	TT_ERR_TIME_STEP,
	TT_ERR_SUBSTEPS,
	TT_ERR_ITERATIONS,
	TT_ERR_MAX_SPEED,
	TT_ERR_WIND_STALE,
	TT_ERR_WIND_KIND,
	TT_ERR_WIND_DIRECTION,
	TT_ERR_WIND_RADIUS,
	TT_ERR_WIND_SCALE,
	TT_ERR_WIND_GRID,
	TT_ERR_REGION,
	TT_ERR_REGION_SIZE,
	TT_ERR_DRAG,
	TT_ERR_GRID_INDEX,
	TT_ERR_COLLIDER_STALE,
	TT_ERR_SHAPE,
	TT_ERR_SIZE,
	TT_ERR_POLYGON,
	TT_ERR_FRICTION,
	TT_ERR_RESTITUTION,
	TT_ERR_DIRECTION,
	TT_ERR_CUT_FRACTION,
	TT_ERR_CUT_TETHER,
	TT_ERR_ROPE_SEGMENT,
	TT_ERR_MAX_STRAIN,
	TT_ERR_CUTTER_STALE,
	TT_ERR_MIN_SEGMENTS,
	TT_ERR_ROTATION,
	TT_ERR_HULL,
	TT_ERR_SHAPE_2D,
	TT_ERR_SHAPE_3D,
	TT_ERR_FRAME_STALE,
	TT_ERR_NEEDS_3D,
	TT_ERR_ANGLE_3D,
	TT_ERR_MASS_PER_METRE,
	TT_ERR_SEGMENT_LENGTH,
	TT_ERR_PARTICLE_OTHER_WORLD,
	TT_ERR_COLLIDER_OTHER_WORLD,
	TT_ERR_BUFFER_SIZE,
	TT_ERR_ANGLE_STALE,
	TT_ERR_ANGLE,
	TT_ERR_ANGLE_PARTICLES,
	TT_ERR_GRAB_STALE,
	TT_ERR_GRAB_PINNED,
	TT_ERR_STIFFNESS,
	TT_ERR_CUT_LIMITS,
	TT_ERR_SOFTBODY_STALE,
	TT_ERR_SOFTBODY_KIND,
	TT_ERR_SOFTBODY_RING,
	TT_ERR_SOFTBODY_POINTS,
	TT_ERR_SOFTBODY_GRID,
	TT_ERR_SOFTBODY_PIN,
	TT_ERR_PRESSURE,
	TT_ERR_SHAPE_MATCHING,
	TT_ERR_CUT_FLOOR,
	TT_ERR_CHAIN_STALE,
	TT_ERR_CHAIN_POINTS,
	TT_ERR_CHAIN_ROOT,
	TT_ERR_UNIT_RANGE,
	TT_ERR_CURVE,
	TT_ERR_CHAIN_LOD,
	TT_ERR_RATE,
	TT_ERR_TELEPORT,
	TT_ERR_NEGATIVE,
	TT_ERR_CHAIN_COLLIDERS,
	TT_ERR_PRESET,
	TT_ERR_CLOTH_STALE,
	TT_ERR_CLOTH_GRID,
	TT_ERR_CLOTH_MESH,
	TT_ERR_CLOTH_PIN,
	TT_ERR_CLOTH_ROOT,
	TT_ERR_MASS_PER_AREA,
	TT_ERR_THICKNESS,
	TT_ERR_AERO,
	TT_ERR_TELEPORT_LIMIT,
	TT_ERR_BINDING_MESH,
	TT_ERR_MIN_AREA,
	TT_ERR_MEMORY_LIMIT,
	TT_ERR_TOTAL_MEMORY,
	TT_ERR_MAX_BYTES,
	TT_ERR_INTERRUPTED,
	TT_ERR_THREADS,
	TT_STATUS_COUNT
} tt_status;

/// The user-facing text of a status ("particle was destroyed").
const char *tt_status_message(tt_status status);

/* ---- memory ------------------------------------------------------------ */

typedef void *tt_alloc_fn(size_t size, void *context);
typedef void tt_free_fn(void *memory, size_t size, void *context);

/// Route every core allocation through these; NULL restores malloc/free.
/// Set it before creating any world.
void tt_set_allocator(tt_alloc_fn *alloc, tt_free_fn *release, void *context);

/// Bytes the core holds right now, over all worlds.
size_t tt_bytes_allocated(void);
/// Cap the bytes of all worlds together (each world also has its own
/// max_bytes); 0 lifts it. Past it a call fails with TT_ERR_TOTAL_MEMORY.
void tt_set_byte_limit(size_t limit);
/// Calls report a failed allocation as TT_ERR_OUT_OF_MEMORY; this names
/// why the last one failed: TT_ERR_MEMORY_LIMIT (the world's max_bytes),
/// TT_ERR_TOTAL_MEMORY (the limit of all worlds) or TT_ERR_OUT_OF_MEMORY.
/// Any other status is returned as it is.
tt_status tt_status_refine(tt_status status);

/* ---- time -------------------------------------------------------------- */

/// A host's "stop now" (a script's time ran out): long core work (the
/// substeps and iterations of a step, cut sweeps) polls it about every
/// 250000 constraint projections; nonzero ends the work early, and the
/// call returns TT_ERR_INTERRUPTED. NULL removes it.
typedef int tt_interrupt_fn(void *context);
void tt_set_interrupt(tt_interrupt_fn *poll, void *context);

/* ---- world ------------------------------------------------------------- */

typedef struct tt_world_def {
	tt_vec3 gravity;   /* m/s^2, default (0, -9.81, 0) */
	float time_step;   /* s per step, default 1/60 */
	int substeps;      /* per step, default 8 */
	int iterations;    /* constraint passes per substep, default 1 */
	float max_speed;   /* m/s, speeds are clamped to it; default 1000 */
	int is_3d;         /* 0: z is held at 0 */
	int particle_collision;  /* particles collide with each other (hash) */
	float damping;     /* 1/s: velocity damping of every particle, added
			      to its own (default 0) */
	size_t max_bytes;  /* the world's own memory, default 256 MiB: past it
			      calls fail with TT_ERR_MEMORY_LIMIT */
	int threads;       /* threads a step may use; 0 (default): one per core.
			      Results are bit-identical for any number */
	int simd;          /* 1 (default): solve in vector lanes where the
			      machine has them; 0: one constraint at a time.
			      Results are bit-identical either way */
} tt_world_def;

/// The default world: 1/60 s steps, 8 substeps, 1 iteration, earth gravity.
tt_world_def tt_world_def_default(void);
/// Create a world; fails on a bad definition or when too many worlds exist.
tt_status tt_world_create(const tt_world_def *def, tt_world_id *out);
/// Destroy a world and everything in it; every id in it turns stale.
tt_status tt_world_destroy(tt_world_id world);
/// True while the world exists.
int tt_world_valid(tt_world_id world);
/// Advance one fixed step (time_step seconds, in substeps).
tt_status tt_world_step(tt_world_id world);

/// Read back the world's settings (gravity, time step, substeps, ...).
tt_world_def tt_world_get_def(tt_world_id world);
/// Change the settings of a live world; checked like tt_world_create.
tt_status tt_world_set_def(tt_world_id world, const tt_world_def *def);
/// Bytes the world holds now (what max_bytes limits).
size_t tt_world_bytes(tt_world_id world);

/// Live counts.
int tt_world_particle_count(tt_world_id world);
int tt_world_spring_count(tt_world_id world);
/// Constraint batches: groups of springs that share no particle.
int tt_world_batch_count(tt_world_id world);
/// Steps taken since creation.
uint64_t tt_world_step_count(tt_world_id world);
/// Particles whose state turned non-finite and were reset since creation.
uint64_t tt_world_nonfinite_resets(tt_world_id world);

/// FNV-1a hash of every particle's position and velocity bits.
uint64_t tt_world_hash(tt_world_id world);
/// Kinetic plus gravitational potential energy (J), relative to y = 0.
double tt_world_energy(tt_world_id world);
/// Largest |length - rest| / rest over all springs (0 when none); a slack
/// tether counts as 0.
float tt_world_max_strain(tt_world_id world);
/// Nearest particle to point within max_distance, or a null id.
tt_particle_id tt_world_nearest_particle(tt_world_id world, tt_vec3 point,
					 float max_distance);

/* Read-only views of the dense arrays, for drawing and measuring in bulk.
 * Valid until the next call that changes the world. Spring ends are indices
 * into the particle view. */
typedef struct tt_particle_view {
	int count;
	const float *x, *y, *z;
	const float *inv_mass;
	const float *radius;
} tt_particle_view;

typedef struct tt_spring_view {
	int count;
	const int32_t *a, *b;
	const float *rest;
	const int32_t *kind;  /* tt_spring_kind */
} tt_spring_view;

tt_particle_view tt_world_particles(tt_world_id world);
tt_spring_view tt_world_springs(tt_world_id world);
/// Exchange the positions of the first count particles (dense order) with
/// the arrays: drawing between steps swaps blended positions in, then out
/// again (two swaps restore the world bit for bit; core/positions.c).
tt_status tt_world_swap_positions(tt_world_id world, float *x, float *y,
				  float *z, int count);
/// The id of the particle / spring at a place in those views (null when
/// out of range).
tt_particle_id tt_world_particle_at(tt_world_id world, int index);
tt_spring_id tt_world_spring_at(tt_world_id world, int index);

/* Positions in bulk (core/positions.c), to and from flat arrays of dims
 * floats a particle (dims 2: x, y; 3: x, y, z), for scripts that read and
 * write thousands each frame. A write moves every particle as
 * tt_particle_set_position does (a teleport: velocity kept, none added),
 * after checking every value: on an error nothing has moved. */

/// Every particle's position in view order into out (room for max
/// particles); returns the particle count (0 when the world is stale).
int tt_world_get_positions(tt_world_id world, float *out, int dims, int max);
/// Move every particle, in view order, to the first count of in;
/// BUFFER_SIZE unless count is the particle count.
tt_status tt_world_set_positions(tt_world_id world, const float *in,
				 int dims, int count);

/* ---- events --------------------------------------------------------------
 * What happened during a step is collected and read after it: scripts never
 * run inside the step, so they can change anything when they handle one. */

typedef enum tt_event_kind {
	TT_EVENT_NONFINITE,  /* particle's state went non-finite and was reset */
	TT_EVENT_BREAK,      /* spring (now stale) broke: value is the force,
				particle its end a, point its middle */
	TT_EVENT_CONTACT_BEGIN,  /* a particle started touching a collider */
	TT_EVENT_CONTACT_END,    /* ... and stopped touching it */
	TT_EVENT_CUT,        /* spring (now stale) was cut at point: value is
				the fraction t, particle and other the new
				ends, rope and other_rope the two parts of a
				cut rope, cause a tt_cut_cause */
	TT_EVENT_CULL,       /* rope (now stale): a short free fragment left
				by a cut was removed; value its segments */
	TT_EVENT_GRAB_LIMIT, /* a grab (core/grab.c) began pulling with all
				the force it may: particle the grabbed one,
				value the limit (N) */
	TT_EVENT_TEAR_LIMIT, /* more springs were torn past max_strain than
				a step may tear: value how many wait for
				the next step */
	TT_EVENT_KIND_COUNT
} tt_event_kind;

/// "nonfinite", ...: the name scripts use for a kind.
const char *tt_event_kind_name(tt_event_kind kind);

typedef struct tt_event {
	tt_event_kind kind;
	tt_particle_id particle;  /* the particle involved, if any */
	tt_spring_id spring;      /* the spring involved, if any */
	tt_collider_id collider;  /* the collider involved, if any */
	tt_vec3 point, normal;    /* where, and facing which way, if it says */
	float value;              /* a measure of the kind (speed, force...) */
	tt_particle_id other;     /* a second particle, if any */
	tt_rope_id rope, other_rope; /* ropes involved, if any */
	int cause;                /* why it happened (cuts: tt_cut_cause) */
} tt_event;

/// The events of the world's last step, in the order they happened (which
/// is deterministic). Valid until the next step or destroy.
const tt_event *tt_world_events(tt_world_id world, int *count);

/* ---- particle ---------------------------------------------------------- */

typedef struct tt_particle_def {
	tt_vec3 position;
	tt_vec3 velocity;
	float mass;    /* kg; 0 pins the particle (infinite mass), default 1 */
	float radius;  /* m, default 0.05 */
	int pinned;    /* pinned from the start, keeping its mass */
	float drag;    /* kg/s: force drag (air - v) from the wind, default 0 */
	float gravity_scale;  /* times the world's gravity, default 1;
			       * negative floats up (anti-gravity hair) */
	uint32_t group;  /* collision categories it belongs to, default 1 */
	uint32_t mask;   /* categories it collides with, default all */
	float damping;   /* 1/s: each substep v *= 1 / (1 + damping h), as
			    Box2D's linear damping (the world's is added);
			    default 0 */
} tt_particle_def;

/// A 1 kg particle of radius 5 cm at the origin, at rest.
tt_particle_def tt_particle_def_default(void);
/// Add a particle to a world.
tt_status tt_particle_create(tt_world_id world, const tt_particle_def *def,
			     tt_particle_id *out);
/// Remove a particle and every spring attached to it.
tt_status tt_particle_destroy(tt_particle_id particle);
/// True while the particle exists.
int tt_particle_valid(tt_particle_id particle);

tt_vec3 tt_particle_get_position(tt_particle_id particle);
/// Teleport: move the particle without giving it any velocity.
tt_status tt_particle_set_position(tt_particle_id particle, tt_vec3 position);
tt_vec3 tt_particle_get_velocity(tt_particle_id particle);
tt_status tt_particle_set_velocity(tt_particle_id particle, tt_vec3 velocity);
/// Kinematic move: set the velocity that carries the particle to target over
/// the next step. A pinned particle gets there (to rounding) and stops, so a
/// script moves an anchor smoothly by calling this every step.
tt_status tt_particle_move_to(tt_particle_id particle, tt_vec3 target);
float tt_particle_get_mass(tt_particle_id particle);
/// Mass 0 pins the particle where it is; a positive mass keeps the pin
/// state as it was.
tt_status tt_particle_set_mass(tt_particle_id particle, float mass);
/// A pinned particle has infinite mass: only move_to and teleports move it.
int tt_particle_get_pinned(tt_particle_id particle);
/// Pin (stops it) or unpin (needs a mass > 0).
tt_status tt_particle_set_pinned(tt_particle_id particle, int pinned);
float tt_particle_get_radius(tt_particle_id particle);
tt_status tt_particle_set_radius(tt_particle_id particle, float radius);
/// The particle's place in tt_world_particles (changes when others go).
int tt_particle_index(tt_particle_id particle);

/// Collision filter, shared with colliders: a and b touch when a's mask
/// has a bit of b's group and b's mask has a bit of a's group.
uint32_t tt_particle_get_group(tt_particle_id particle);
tt_status tt_particle_set_group(tt_particle_id particle, uint32_t group);
uint32_t tt_particle_get_mask(tt_particle_id particle);
tt_status tt_particle_set_mask(tt_particle_id particle, uint32_t mask);

/* ---- spring (distance constraint) -------------------------------------- */

typedef enum tt_spring_kind {
	TT_SPRING_ROD,     /* holds its length both ways */
	TT_SPRING_TETHER,  /* resists stretch only: slack rope that goes taut */
	TT_SPRING_SOFT,    /* Hooke-like: use with compliance > 0 */
	TT_SPRING_KIND_COUNT
} tt_spring_kind;

/// "rod", "tether", "spring".
const char *tt_spring_kind_name(tt_spring_kind kind);

typedef struct tt_spring_def {
	tt_particle_id a, b;
	float rest_length;  /* m; negative means the current distance (default) */
	float compliance;   /* m/N (inverse stiffness); 0 is rigid (default) */
	float stretch_damping;  /* 1/s: damps the rate the spring stretches at
				   (the relative speed along it): for soft
				   springs, a rod does not stretch; to damp
				   motion use the particles' or a rope's
				   damping */
	tt_spring_kind kind;
	float max_force;    /* N; the spring breaks above it (event "break");
			       0 never breaks (default) */
	float drag;  /* kg/(m s): air drag per metre of segment, across it
		      * (along it a tenth of that); default 0 */
	float max_strain;   /* tears (is cut in the middle, event "cut") when
			       (length - rest) / rest passes it; 0 never */
} tt_spring_def;

/// A rigid rod whose rest length is the distance at creation.
tt_spring_def tt_spring_def_default(void);
tt_status tt_spring_create(tt_world_id world, const tt_spring_def *def,
			   tt_spring_id *out);
tt_status tt_spring_destroy(tt_spring_id spring);
int tt_spring_valid(tt_spring_id spring);

tt_particle_id tt_spring_get_a(tt_spring_id spring);
tt_particle_id tt_spring_get_b(tt_spring_id spring);
/// Current distance between the ends.
float tt_spring_get_length(tt_spring_id spring);
float tt_spring_get_rest_length(tt_spring_id spring);
tt_status tt_spring_set_rest_length(tt_spring_id spring, float rest_length);
float tt_spring_get_compliance(tt_spring_id spring);
tt_status tt_spring_set_compliance(tt_spring_id spring, float compliance);
float tt_spring_get_stretch_damping(tt_spring_id spring);
tt_status tt_spring_set_stretch_damping(tt_spring_id spring, float damping);
/// The force the spring carried in the last substep (N, > 0 pulling).
float tt_spring_get_force(tt_spring_id spring);
float tt_spring_get_max_force(tt_spring_id spring);
tt_status tt_spring_set_max_force(tt_spring_id spring, float max_force);
float tt_spring_get_max_strain(tt_spring_id spring);
tt_status tt_spring_set_max_strain(tt_spring_id spring, float max_strain);
tt_spring_kind tt_spring_get_kind(tt_spring_id spring);
tt_status tt_spring_set_kind(tt_spring_id spring, tt_spring_kind kind);
float tt_spring_get_drag(tt_spring_id spring);
tt_status tt_spring_set_drag(tt_spring_id spring, float drag);

/* ---- angle (core/angle.c) ------------------------------------------------
 * A constraint on the bend at particle b between the arms a-b and b-c, in
 * XPBD form: the bend angle is 0 when a, b, c lie on a straight line, and
 * in a 2D world it is signed (counter-clockwise from the direction a->b to
 * b->c is positive), in [-pi, pi]; in 3D it is unsigned, in [0, pi]. It
 * pulls the bend toward rest with compliance (0 rigid, INFINITY not at
 * all), and never lets it leave [min, max] (hard limits, for ragdoll knees
 * and elbows). Angles are solved in the same batches as springs. A cut of
 * the spring a-b or b-c moves the angle onto the cut's new end on b's
 * side, so each side keeps its bend; destroying a, b or c destroys it. */

typedef struct tt_angle_def {
	tt_particle_id a, b, c;  /* b is the vertex */
	float rest;        /* rad; NAN (default): the bend now */
	float compliance;  /* rad/(N m); 0 rigid (default), INFINITY: no rest,
			      only the limits */
	float min, max;    /* rad; default -pi, pi (no limits) */
} tt_angle_def;

/// A rigid angle that keeps the bend it has at creation, no limits.
tt_angle_def tt_angle_def_default(void);
tt_status tt_angle_create(tt_world_id world, const tt_angle_def *def,
			  tt_angle_id *out);
tt_status tt_angle_destroy(tt_angle_id angle);
int tt_angle_valid(tt_angle_id angle);
/// The definition now (rest resolved, particles as they are after cuts).
tt_angle_def tt_angle_get_def(tt_angle_id angle);
/// Change rest, compliance and limits (the particles stay); checked like
/// create.
tt_status tt_angle_set_def(tt_angle_id angle, const tt_angle_def *def);
/// The bend now (rad), as the constraint measures it.
float tt_angle_get_angle(tt_angle_id angle);
int tt_world_angle_count(tt_world_id world);

/* ---- forces (core/force.c) ----------------------------------------------
 * Forces set now act during the next step, then are cleared; impulses
 * change the velocity at once. Pinned particles ignore both. */

/// Add a force (N) to every free particle for the next step.
tt_status tt_world_apply_force(tt_world_id world, tt_vec3 force);
/// Add a force (N) to the particle for the next step.
tt_status tt_particle_apply_force(tt_particle_id particle, tt_vec3 force);
/// Change the particle's velocity by impulse / mass now.
tt_status tt_particle_apply_impulse(tt_particle_id particle, tt_vec3 impulse);
float tt_particle_get_drag(tt_particle_id particle);
tt_status tt_particle_set_drag(tt_particle_id particle, float drag);
float tt_particle_get_gravity_scale(tt_particle_id particle);
tt_status tt_particle_set_gravity_scale(tt_particle_id particle, float scale);
/// Velocity damping (1/s, core/damping.c).
float tt_particle_get_damping(tt_particle_id particle);
tt_status tt_particle_set_damping(tt_particle_id particle, float damping);

/* ---- wind (core/wind.c, core/wind_field.c, core/drag.c) ------------------
 * A wind field is the velocity of the air, u(x, t). Fields add up; each
 * is enabled or not and changes at any time. The air acts only through
 * drag: on particles with drag > 0 and on springs with drag > 0 (across a
 * segment much more than along it, so a rope streams). The air is sampled
 * at every particle once per step, at the step's start time; a world with
 * no enabled field samples nothing. */

typedef enum tt_wind_kind {
	TT_WIND_UNIFORM,  /* strength * direction everywhere */
	TT_WIND_NOISE,    /* uniform plus gusts: coherent noise in space and
			   * time, strength * turbulence in size */
	TT_WIND_VORTEX,   /* swirl about the axis through center: speed
			   * strength * r / radius inside radius, strength *
			   * radius / r outside (a Rankine vortex) */
	TT_WIND_RADIAL,   /* out of center (blower, blast; strength < 0
			   * sucks in) at strength * (1 - r / radius), 0 beyond */
	TT_WIND_GRID,     /* samples on a lattice, set by the caller (the Lua
			   * binding fills it from a function before each step),
			   * blended trilinearly, clamped at the box */
	TT_WIND_KIND_COUNT
} tt_wind_kind;

typedef enum tt_region_shape {
	TT_REGION_NONE,    /* everywhere */
	TT_REGION_CIRCLE,  /* |x - center| < size.x (a sphere in 3D) */
	TT_REGION_BOX,     /* |x - center| < size per axis (half extents) */
	TT_REGION_SHAPE_COUNT
} tt_region_shape;

#define TT_WIND_GRID_MAX 64  /* cells per axis */

typedef struct tt_wind_def {
	tt_wind_kind kind;
	int enabled;         /* default 1 */
	float strength;      /* m/s (can be negative), default 1 */
	tt_vec3 direction;   /* uniform and noise: made unit, default (1, 0, 0) */
	tt_vec3 center;      /* vortex and radial */
	tt_vec3 axis;        /* vortex: made unit, default (0, 0, 1) */
	float radius;        /* m, vortex core and radial reach, default 1 */
	float scale;         /* noise: m per gust, default 4 */
	float speed;         /* noise: how fast gusts change, 1/s, default 1 */
	float turbulence;    /* noise: gust size / strength, default 0.5 */
	uint32_t seed;       /* noise */
	tt_region_shape region;
	tt_vec3 region_center, region_size;
	float edge;          /* m: the field fades in over this much inside
			      * the region's border (smoothstep), default 0 */
	tt_vec3 grid_lo, grid_hi;  /* grid: the box the lattice spans */
	int grid_cells[3];   /* grid: cells per axis (z ignored in 2D) */
} tt_wind_def;

/// "uniform", "noise", "vortex", "radial", "grid".
const char *tt_wind_kind_name(tt_wind_kind kind);
/// "none", "circle", "box".
const char *tt_region_shape_name(tt_region_shape shape);
/// A uniform 1 m/s wind along +x, everywhere.
tt_wind_def tt_wind_def_default(void);
tt_status tt_wind_create(tt_world_id world, const tt_wind_def *def,
			 tt_wind_id *out);
tt_status tt_wind_destroy(tt_wind_id wind);
int tt_wind_valid(tt_wind_id wind);
/// The field's definition (direction and axis made unit).
tt_wind_def tt_wind_get_def(tt_wind_id wind);
/// Change anything, checked like create. A grid that changes size is
/// zeroed.
tt_status tt_wind_set_def(tt_wind_id wind, const tt_wind_def *def);
/// This field's air velocity at point, now (enabled or not).
tt_vec3 tt_wind_sample(tt_wind_id wind, tt_vec3 point);
/// Lattice points of a grid field (0 for other kinds): (cells + 1) per
/// axis, x fastest; one layer in 2D.
int tt_wind_grid_count(tt_wind_id wind);
/// Where lattice point k is.
tt_vec3 tt_wind_grid_point(tt_wind_id wind, int k);
/// Set the air velocity at lattice point k.
tt_status tt_wind_grid_set(tt_wind_id wind, int k, tt_vec3 velocity);
/// Sum of the enabled fields at point, now.
tt_vec3 tt_world_air_velocity(tt_world_id world, tt_vec3 point);
/// The time the next step samples the wind at (s since creation).
double tt_world_wind_time(tt_world_id world);
int tt_world_wind_count(tt_world_id world);
tt_wind_id tt_world_wind_at(tt_world_id world, int index);

/* ---- rope ---------------------------------------------------------------
 * A chain of particles joined by springs, owned as one object. Its length
 * can change while it runs: the first segment (at the spool, the start)
 * grows or shrinks, and particles are added or removed next to the spool
 * so every other segment keeps its length: no pop, no velocity spike.
 * Each substep a rope's segments are solved together as one chain, so a
 * long rope under a heavy load does not stretch; long-range attachments
 * (Kim et al., "Long Range Attachments", 2012), tethers 1% longer than the
 * rope from an anchored end to every node, catch whatever gets past. */

typedef enum tt_rope_tethers {
	TT_ROPE_TETHERS_AUTO,   /* from the pinned ends, if any */
	TT_ROPE_TETHERS_NONE,
	TT_ROPE_TETHERS_START,
	TT_ROPE_TETHERS_END,
	TT_ROPE_TETHERS_BOTH,   /* each node from the end nearer along it */
	TT_ROPE_TETHERS_COUNT
} tt_rope_tethers;

typedef struct tt_rope_def {
	tt_vec3 from, to;        /* a straight rope from -> to */
	tt_particle_id start;    /* if set, this particle is the first node
				    (a player holding the rope); from is
				    then its position */
	int segments;            /* default 20 */
	float segment_length;    /* m; > 0 overrides segments: as many as fit */
	float mass_per_metre;    /* kg/m, default 0.5 */
	float radius;            /* m, default 0.03 */
	float compliance;        /* of the segments */
	float stretch_damping;   /* of the segments (see tt_spring_def) */
	tt_spring_kind kind;     /* default rod */
	int pin_start, pin_end;  /* default: pin_start = 1 */
	tt_rope_tethers tethers; /* default AUTO */
	float max_strain;        /* segments tear past it (0: never) */
	float damping;           /* 1/s: the nodes' motion relative to the
				    rope's rigid motion decays at this rate
				    (core/damping.c), so a heap settles and a
				    swing swings on; default 1 */
	float bend;              /* bending compliance, 1/(N m^2) (one over
				    the bending stiffness EI): each joint gets
				    an angle of compliance bend * segment
				    length toward straight; 0 stiff, INFINITY
				    (default) limp */
} tt_rope_def;

/// A 20-segment rigid rope from (0,0) to (0,-5), pinned at the start.
tt_rope_def tt_rope_def_default(void);
tt_status tt_rope_create(tt_world_id world, const tt_rope_def *def,
			 tt_rope_id *out);
/// Destroy the rope's particles and springs (not a start particle it was
/// given).
tt_status tt_rope_destroy(tt_rope_id rope);
int tt_rope_valid(tt_rope_id rope);
/// Nodes, start to end; node i and i + 1 are joined by segment i.
int tt_rope_node_count(tt_rope_id rope);
tt_particle_id tt_rope_node(tt_rope_id rope, int i);
/// Node positions start to end into out (room for max nodes, dims floats
/// each: see tt_world_get_positions); returns the node count (0 when the
/// rope is stale). A node destroyed from under the rope reads NaN.
int tt_rope_get_positions(tt_rope_id rope, float *out, int dims, int max);
/// Move the nodes start to end (BUFFER_SIZE unless count is the node
/// count; ROPE_BROKEN when one is gone).
tt_status tt_rope_set_positions(tt_rope_id rope, const float *in, int dims,
				int count);
tt_spring_id tt_rope_segment(tt_rope_id rope, int i);
/// The world's ropes in order (an index changes when one is destroyed).
int tt_world_rope_count(tt_world_id world);
tt_rope_id tt_world_rope_at(tt_world_id world, int index);
/// Length at rest (m): the first segment's rest plus the others'.
float tt_rope_get_length(tt_rope_id rope);
/// Reel in or out to length now, at the spool. Longer than
/// tt_rope_get_max_length is TT_ERR_ROPE_SEGMENTS (nothing changes).
tt_status tt_rope_set_length(tt_rope_id rope, float length);
/// The longest the rope can be: 100000 segments. Reeling out stops there.
float tt_rope_get_max_length(tt_rope_id rope);
float tt_rope_get_segment_length(tt_rope_id rope);
/// Change the length by speed m/s (< 0 reels in) every step, until it
/// reaches target (target <= 0: no target). speed 0 stops.
tt_status tt_rope_reel(tt_rope_id rope, float speed, float target);
float tt_rope_get_reel_speed(tt_rope_id rope);
/// Anchor the long-range tethers at the start, the end, or nowhere.
tt_status tt_rope_set_tethers(tt_rope_id rope, tt_rope_tethers tethers);
tt_rope_tethers tt_rope_get_tethers(tt_rope_id rope);
/// The pull on the spool node (N): its segment's force plus its tether's.
float tt_rope_tension(tt_rope_id rope);
/// Teleport the whole rope by offset: velocities are kept, so it adds no
/// speed.
tt_status tt_rope_translate(tt_rope_id rope, tt_vec3 offset);
/// The rope particle is a node of (its index in *node), null when none
/// (core/owner.c; a search, for tools, not for every step).
tt_rope_id tt_particle_rope(tt_particle_id particle, int *node);
/// The rope spring belongs to: *segment its segment index, or -1 for one
/// of its tethers; null when none.
tt_rope_id tt_spring_rope(tt_spring_id spring, int *segment);
/// The rope's damping (1/s) and bend (1/(N m^2), INFINITY: none), as in
/// tt_rope_def; live.
float tt_rope_get_damping(tt_rope_id rope);
tt_status tt_rope_set_damping(tt_rope_id rope, float damping);
float tt_rope_get_bend(tt_rope_id rope);
tt_status tt_rope_set_bend(tt_rope_id rope, float bend);

/* ---- grab (core/grab.c) --------------------------------------------------
 * A soft, force-limited pull of a particle toward a target: the mouse
 * joint of the Box2D testbed. A spring of frequency stiffness (Hz) and
 * damping ratio damping, sized by the mass of the body the particle
 * belongs to (the free particles joined to it by springs, up to pinned
 * ones: a whole rope, a cloth, a lone node), so a 60 kg player and a 10 g
 * hair node both come along alike; its force never passes max_force
 * (default 10 times the body's weight), so over-pulling drags the body
 * instead of tearing it. Solved in XPBD form each substep, before the
 * constraints, toward the target moving smoothly to where set_target put
 * it over the step. A grab whose particle goes is destroyed with it. */

typedef struct tt_grab_def {
	tt_particle_id particle;  /* a free (not pinned) particle */
	tt_vec3 target;
	float stiffness;   /* Hz, default 5 */
	float damping;     /* damping ratio: 1 critical, default 0.7 */
	float max_force;   /* N; 0 (default): 10 x the body's weight */
} tt_grab_def;

/// A 5 Hz grab, damping ratio 0.7, limited to 10 weights of its body.
tt_grab_def tt_grab_def_default(void);
tt_status tt_grab_create(tt_world_id world, const tt_grab_def *def,
			 tt_grab_id *out);
tt_status tt_grab_destroy(tt_grab_id grab);
int tt_grab_valid(tt_grab_id grab);
/// Where the target is now, settings as given (particle, max_force 0...).
tt_grab_def tt_grab_get_def(tt_grab_id grab);
/// Change the target and the settings (not the particle).
tt_status tt_grab_set_def(tt_grab_id grab, const tt_grab_def *def);
/// The target moves there over the next step.
tt_status tt_grab_set_target(tt_grab_id grab, tt_vec3 target);
/// The largest pull of the last step (N).
float tt_grab_get_force(tt_grab_id grab);
/// The force the pull may reach now (N): max_force, or from the body.
float tt_grab_get_force_limit(tt_grab_id grab);
/// The body's mass (kg) as of the last step (or creation).
float tt_grab_get_body_mass(tt_grab_id grab);
/// 1 when the pull reached its limit in the last step.
int tt_grab_at_limit(tt_grab_id grab);

#include "collider.h"
#include "frame.h"
#include "softbody.h"
#include "bone_chain.h"
#include "cloth.h"
/* ---- cuts ----------------------------------------------------------------
 * A cut severs a spring at a fraction t from its end a: two new particles
 * go in at the cut point, one joined to each side by a spring of the same
 * settings whose rest is its share of the old rest (t and 1 - t), so the
 * sides share nothing and separate without a pop. Each new particle takes
 * mass from its side's end (t / 2 of a's, (1 - t) / 2 of b's; from the
 * other end when its own is massless): total mass is conserved. A cut is
 * a function of (spring, t) and the state alone: replayed on the same
 * state it gives the same bits. Cutting a rope's segment splits the rope:
 * the rope keeps its start part (the spool) and its handle; the end part
 * is a new rope. Tethers are refitted to each part's pinned ends (none on
 * a free fragment). Every cut is reported as an event "cut" after the
 * step (cuts made between steps, after the next one). Swipes test in the
 * xy plane. */

typedef enum tt_cut_cause {
	TT_CUT_SCRIPT,  /* spring:cut, rope:cut */
	TT_CUT_SWIPE,   /* world:cut, cut_near, a cutter */
	TT_CUT_STRAIN,  /* torn past max_strain */
	TT_CUT_CAUSE_COUNT
} tt_cut_cause;

/// "script", "swipe", "strain".
const char *tt_cut_cause_name(tt_cut_cause cause);
/// Sever a spring at t in [0, 1] from its end a (a rope segment splits
/// the rope; a rope's tether refuses).
tt_status tt_spring_cut(tt_spring_id spring, float t);
/// Sever segment i of the rope at t; the end part goes to *out (may be
/// NULL).
tt_status tt_rope_cut(tt_rope_id rope, int segment, float t, tt_rope_id *out);
/// Sever every spring the segment a-b crosses (not ropes' tethers);
/// *count is how many (count may be NULL).
tt_status tt_world_cut(tt_world_id world, tt_vec3 a, tt_vec3 b, int *count);
/// Sever every spring passing within radius of point, at its nearest point.
tt_status tt_world_cut_near(tt_world_id world, tt_vec3 point, float radius,
			    int *count);
/// Sever every spring crossing the sheet a 3D slash sweeps: the triangle
/// eye-a-b extended without end away from the eye (core/cut_sheet.c).
tt_status tt_world_cut_sheet(tt_world_id world, tt_vec3 eye, tt_vec3 a,
			     tt_vec3 b, int *count);
/// Remove rope fragments with fewer than n segments and no pinned node
/// that cuts leave (event "cull"); 0 keeps them all (default).
tt_status tt_world_set_min_fragment(tt_world_id world, int n);
int tt_world_get_min_fragment(tt_world_id world);

/* Floors under cutting, per world, so tearing cannot run away. */
typedef struct tt_cut_limits {
	float min_mass;    /* kg: no particle a cut makes, nor the end that
			      gives it mass, gets lighter; default 1e-4 */
	float min_length;  /* m: no spring piece a cut makes is shorter (a
			      cut nearer an end moves off it); default 5e-3 */
	int max_tears;     /* springs torn past max_strain per step; the rest
			      wait (event tear_limit); default 32 */
} tt_cut_limits;

tt_cut_limits tt_cut_limits_default(void);
tt_cut_limits tt_world_get_cut_limits(tt_world_id world);
tt_status tt_world_set_cut_limits(tt_world_id world,
				  const tt_cut_limits *limits);

/* A cutter is a blade point the script or the mouse moves; at the start of
 * each step it severs everything it swept since the last one (the segment
 * from where it was to where it is), so a fast slash cannot pass between
 * steps. */
tt_status tt_cutter_create(tt_world_id world, tt_vec3 position,
			   tt_cutter_id *out);
tt_status tt_cutter_destroy(tt_cutter_id cutter);
int tt_cutter_valid(tt_cutter_id cutter);
/// Move the blade; the sweep happens at the next step.
tt_status tt_cutter_move(tt_cutter_id cutter, tt_vec3 position);
tt_vec3 tt_cutter_get_position(tt_cutter_id cutter);
/// Cuts the cutter made since its creation.
int tt_cutter_cut_count(tt_cutter_id cutter);

#endif
