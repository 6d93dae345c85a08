/* taut core — dynamic-bone chains: hair, tails and accessories. Part of
 * the public API: included by taut.h.
 *
 * A chain is a run of points whose rest pose is given in the local frame
 * of a root (a frame, or a collider) and that follows the root as it moves
 * and turns: the "animated pose". The chain swings about that pose with
 * the knobs Dynamic Bone users know, each meaning what it means there:
 *   damping     0..1  how much of a node's speed dies per 1/60 s
 *   elasticity  0..1  the share of the way back to the animated pose a
 *                     node goes per 1/60 s
 *   stiffness   0..1  a cone about the animated direction a segment may not
 *                     leave: half-angle (1 - stiffness) * 180 degrees
 *   inertia     0..1  how much of the root's own motion the chain ignores:
 *                     1 carries it rigidly with the root
 *   radius      m     each node's collision radius
 *   max_stretch >= 0  a segment stays within rest * (1 +- max_stretch): a
 *                     clamp, never a tear (0 holds the length)
 * and gravity and force (m/s^2, vectors: gravity up floats the chain),
 * end_length (a virtual tip beyond the last point, as a multiple of the
 * last segment). Each number knob is a curve along the chain: a constant,
 * or points (depth, value) linear between them, depth 0 at the root and 1
 * at the tip by length along the rest pose. The rates are per 1/60 s of
 * Dynamic Bone's update, so a chain feels the same at any update rate.
 *
 * A chain runs its own solver once per world step (or at its own rate,
 * Hz), after the world's substeps. Its nodes are particles of the world,
 * kinematic to the rest of it (pinned, with the chain's mass), that it
 * places every step: drawing, picking, queries and the hash see them. A
 * node something else moved since the chain placed it (a grab, a script)
 * is held there for the next update, and the chain follows it. */
#ifndef TT_BONE_CHAIN_H
#define TT_BONE_CHAIN_H

#define TT_BONECHAIN_MAX_POINTS 1024
#define TT_CURVE_MAX_POINTS 8
#define TT_BONECHAIN_MAX_COLLIDERS 16

/* The knobs that are curves along the chain. */
typedef enum tt_bone_param {
	TT_BONE_DAMPING,
	TT_BONE_ELASTICITY,
	TT_BONE_STIFFNESS,
	TT_BONE_INERTIA,
	TT_BONE_RADIUS,
	TT_BONE_MAX_STRETCH,
	TT_BONE_PARAM_COUNT
} tt_bone_param;

/// "damping", "elasticity", "stiffness", "inertia", "radius",
/// "max_stretch".
const char *tt_bone_param_name(tt_bone_param param);

/* A value along the chain: count points at rising depths in [0, 1]; one
 * point is a constant. Before the first and after the last it holds. */
typedef struct tt_curve {
	int count;
	float depth[TT_CURVE_MAX_POINTS];
	float value[TT_CURVE_MAX_POINTS];
} tt_curve;

/// The constant curve v.
tt_curve tt_curve_constant(float v);
/// {root, tip}: root at depth 0 to tip at depth 1.
tt_curve tt_curve_line(float root, float tip);
/// Its value at depth.
float tt_curve_eval(const tt_curve *curve, float depth);
/// TT_ERR_CURVE for a malformed curve, TT_ERR_UNIT_RANGE for a value
/// outside [0, 1] of a 0..1 knob, TT_ERR_NEGATIVE below 0 for radius and
/// max_stretch.
tt_status tt_bone_curve_check(tt_bone_param param, const tt_curve *curve);

typedef enum tt_bone_teleport {
	TT_BONE_TELEPORT_KEEP,   /* the chain jumps with the root, pose and
				    speeds kept */
	TT_BONE_TELEPORT_RESET,  /* the chain is put in the animated pose, at
				    rest */
	TT_BONE_TELEPORT_COUNT
} tt_bone_teleport;

/* Level of detail by the distance d from a point to the root: the chain's
 * own rate inside near, falling linearly to `rate` at far and holding
 * there until cull, and frozen in the animated pose beyond cull (no
 * update at all). cull 0: no LOD. The point is the world's LOD point (the
 * camera's eye: the viewer sets it every frame) unless own_point is set. */
typedef struct tt_bone_lod {
	float near, far, cull;  /* m, 0 <= near <= far <= cull */
	float rate;             /* Hz beyond near; default 20 */
	int own_point;
	tt_vec3 point;
} tt_bone_lod;

enum { TT_BONE_LEVEL_FULL, TT_BONE_LEVEL_LOW, TT_BONE_LEVEL_CULLED,
       TT_BONE_LEVEL_COUNT };

/* A collider a chain meets: from outside (default), or from inside (the
 * chain is kept within its volume, as Dynamic Bone's "inside" bound). */
typedef struct tt_bone_collider {
	tt_collider_id collider;
	int inside;
} tt_bone_collider;

typedef struct tt_bonechain_def {
	tt_frame_id frame;          /* the root: a frame (3D worlds), or */
	tt_collider_id collider;    /* a collider (2D or 3D) */
	const tt_vec3 *points;      /* the rest pose in the root's frame, */
	int point_count;            /* point 0 on the root: 2 and more */
	float mass;                 /* kg per node, default 0.01 */
	tt_curve curve[TT_BONE_PARAM_COUNT];
	tt_vec3 gravity;            /* m/s^2, default (0, -9.81, 0) */
	tt_vec3 force;              /* m/s^2, like gravity (wind) */
	float end_length;           /* a virtual tip this many last segments
				       beyond the last point; 0: none */
	float rate;                 /* updates per second; 0 (default): one
				       per world step */
	tt_bone_lod lod;
	float teleport_distance;    /* m the root may jump in a step before it
				       counts as a teleport; 0: never */
	float teleport_angle;       /* rad it may turn in a step; 0: never */
	tt_bone_teleport teleport_mode;
	/* The colliders it meets: these, or when there are none every
	 * enabled collider of the world whose filter passes group, mask. */
	tt_bone_collider colliders[TT_BONECHAIN_MAX_COLLIDERS];
	int collider_count;
	uint32_t group, mask;       /* default 1 and all */
} tt_bonechain_def;

/// Dynamic Bone's defaults: damping, elasticity and stiffness 0.1, no
/// inertia, radius 1 cm, earth gravity, no points yet.
tt_bonechain_def tt_bonechain_def_default(void);
/// Nodes start in the animated pose, at rest. TT_ERR_CHAIN_POINTS when
/// there are too few or too many points or two in a row coincide.
tt_status tt_bonechain_create(tt_world_id world, const tt_bonechain_def *def,
			      tt_bonechain_id *out);
/// Destroys its nodes too.
tt_status tt_bonechain_destroy(tt_bonechain_id chain);
int tt_bonechain_valid(tt_bonechain_id chain);
/// The definition as it is (points: the chain's own, valid until it
/// changes).
tt_bonechain_def tt_bonechain_get_def(tt_bonechain_id chain);
/// Change anything live, checked like create, taking effect at the next
/// step with no rebuild; the point count stays (a new rest pose of as
/// many points is fine).
tt_status tt_bonechain_set_def(tt_bonechain_id chain,
			       const tt_bonechain_def *def);
/// Put it in the animated pose, at rest.
tt_status tt_bonechain_reset(tt_bonechain_id chain);
/// Nodes (the points; the virtual tip is not one).
int tt_bonechain_node_count(tt_bonechain_id chain);
tt_particle_id tt_bonechain_node(tt_bonechain_id chain, int i);
/// Node i as simulated (the particle shows it drawn between updates when
/// the chain updates less often than the world), and its velocity (the
/// particle, kinematic, has none). i = node count: the virtual tip.
tt_vec3 tt_bonechain_position(tt_bonechain_id chain, int i);
tt_vec3 tt_bonechain_velocity(tt_bonechain_id chain, int i);
/// Where node i is in the animated pose, now.
tt_vec3 tt_bonechain_rest_position(tt_bonechain_id chain, int i);
/// A knob's value at node i (its curve at the node's depth).
float tt_bonechain_value(tt_bonechain_id chain, tt_bone_param param, int i);
/// 1 and the virtual tip's position when it has one.
int tt_bonechain_tip(tt_bonechain_id chain, tt_vec3 *out);
/// Its LOD level at the last step (TT_BONE_LEVEL_*), and the node updates
/// it has done since it was made (a node moved by one update is one).
int tt_bonechain_level(tt_bonechain_id chain);
uint64_t tt_bonechain_node_updates(tt_bonechain_id chain);

int tt_world_bonechain_count(tt_world_id world);
tt_bonechain_id tt_world_bonechain_at(tt_world_id world, int index);
/// The point LOD distances are measured from (the viewer sets it to the
/// camera's eye each frame).
tt_status tt_world_set_lod_point(tt_world_id world, tt_vec3 point);
tt_vec3 tt_world_get_lod_point(tt_world_id world);
/// How many chains ran at each level in the last step (out[3]); returns
/// how many chains there are.
int tt_world_bonechain_levels(tt_world_id world, int out[TT_BONE_LEVEL_COUNT]);

/* Presets (core/bone_preset.c): named starting points. */
int tt_bone_preset_count(void);
const char *tt_bone_preset_name(int index);
/// Set the knobs of a preset into def (gravity as a share of
/// world_gravity); TT_ERR_PRESET for an unknown name.
tt_status tt_bone_preset_apply(const char *name, tt_vec3 world_gravity,
			       tt_bonechain_def *def);

/// Move everything in the world by offset at once — particles, the
/// composites' histories (ropes, chains), colliders, frames and blades —
/// adding no speed to anything.
tt_status tt_world_teleport(tt_world_id world, tt_vec3 offset);

#endif
