/* taut core — colliders and collision queries. Part of the public API:
 * included by taut.h (kept apart so the collider section merges alone).
 *
 * A collider is a rigid shape particles and springs cannot enter. In a 2D
 * world: circle, capsule, oriented box, convex polygon, or plane
 * (half-plane), turned by an angle. In a 3D world: sphere, capsule (a
 * segment grown by a radius), oriented box, convex hull of points, or
 * plane (half-space), turned by a quaternion rotation. The 2D-only kinds
 * (circle, polygon) are refused in a 3D world and the 3D-only ones
 * (sphere, hull) in a 2D world, with a status that names the other.
 * A collider is static, or moved by the script: teleported (set_def with
 * a new position/angle/rotation, no velocity), given a velocity, or sent
 * to a target over the next step (move_to), so what rests on it is
 * carried by friction.
 *
 * Local frames, 2D and 3D alike: a capsule's segment runs along local x
 * (its end centres at x = +-length / 2); a box's size is its full extent
 * along local x, y (and z); a plane's normal is local +y and the plane
 * passes through the position; polygon and hull points are about the
 * position. */
#ifndef TT_COLLIDER_H
#define TT_COLLIDER_H

typedef enum tt_shape_kind {
	TT_SHAPE_CIRCLE,
	TT_SHAPE_CAPSULE,
	TT_SHAPE_BOX,
	TT_SHAPE_PLANE,
	TT_SHAPE_POLYGON,
	TT_SHAPE_SPHERE,   /* 3D only */
	TT_SHAPE_HULL,     /* 3D only */
	TT_SHAPE_KIND_COUNT
} tt_shape_kind;

#define TT_MAX_POLYGON 8  /* vertices of a convex polygon */
#define TT_MAX_HULL 32    /* points of a convex hull (3D) */
#define TT_MAX_HULL_TRIANGLES (2 * TT_MAX_HULL - 4)

/// "circle", "capsule", "box", "plane", "polygon", "sphere", "hull".
const char *tt_shape_kind_name(tt_shape_kind kind);

typedef struct tt_collider_def {
	tt_shape_kind shape;
	tt_vec3 position;   /* centre; a plane passes through it */
	float angle;        /* 2D: radians, counter-clockwise; a plane's
			       normal is (0, 1) turned by it */
	float radius;       /* circle, capsule (m) */
	float length;       /* capsule: distance between its end centres */
	tt_vec3 size;       /* box: full width, height (and depth in 3D) */
	tt_vec3 points[TT_MAX_HULL];  /* polygon (up to TT_MAX_POLYGON) or
					 hull, about position */
	int point_count;
	float friction;          /* static coefficient, default 0.5 */
	float kinetic_friction;  /* default: the static one */
	float restitution;       /* 0 (default) to 1 */
	tt_vec3 velocity;        /* m/s, carried every step */
	float angular_velocity;  /* 2D: rad/s (3D: spin) */
	int enabled;             /* default 1 */
	uint32_t group, mask;    /* default 1 and all */
	tt_quat rotation;        /* 3D: turns the local frame; made unit,
				    default identity (angle is ignored) */
	tt_vec3 spin;            /* 3D: angular velocity (axis * rad/s) */
} tt_collider_def;

/// A static box 1 x 1 (x 1) m at the origin, friction 0.5, no bounce.
tt_collider_def tt_collider_def_default(void);
tt_status tt_collider_create(tt_world_id world, const tt_collider_def *def,
			     tt_collider_id *out);
tt_status tt_collider_destroy(tt_collider_id collider);
int tt_collider_valid(tt_collider_id collider);
/// The collider's definition as it is now (position, angle, velocity...).
tt_collider_def tt_collider_get_def(tt_collider_id collider);
/// Change anything but the shape kind; checked like create. Position and
/// angle changes are teleports (no velocity).
tt_status tt_collider_set_def(tt_collider_id collider,
			      const tt_collider_def *def);
/// Kinematic move: reach position and angle at the end of the next step,
/// moving smoothly through it, so contacts feel the collider's velocity.
/// 2D worlds; in a 3D world TT_ERR_ANGLE_3D (use move_to_3d).
tt_status tt_collider_move_to(tt_collider_id collider, tt_vec3 position,
			      float angle);
/// The same in a 3D world: reach position and rotation at the end of the
/// next step, turning along the shorter arc (slerp), so what rests on it
/// or is pinned to it follows position and rotation with no velocity
/// spike. TT_ERR_NEEDS_3D in a 2D world; TT_ERR_ROTATION for a zero or
/// non-finite quaternion.
tt_status tt_collider_move_to_3d(tt_collider_id collider, tt_vec3 position,
				 tt_quat rotation);
/// Pin the particle to the collider at local (the collider's frame, as it
/// is now; x, y, z in 3D): it then moves with the collider, like hair on a
/// moving head, following its position and rotation every substep.
/// tt_particle_set_pinned(p, 0) lets go; destroying the collider leaves it
/// pinned where it is.
tt_status tt_particle_pin_to(tt_particle_id particle, tt_collider_id collider,
			     tt_vec3 local);
/// The collider the particle is pinned to, or a null id.
tt_collider_id tt_particle_get_pin_collider(tt_particle_id particle);
/// A world point in the collider's local frame, as it is now, and back.
tt_vec3 tt_collider_to_local(tt_collider_id collider, tt_vec3 point);
tt_vec3 tt_collider_to_world(tt_collider_id collider, tt_vec3 local);

/// The place of the collider in tt_world_colliders.
int tt_collider_index(tt_collider_id collider);

/* ---- queries ----------------------------------------------------------- */

typedef struct tt_ray_hit {
	tt_vec3 point, normal;   /* on the surface; the normal faces the ray */
	float distance;          /* from the origin, m */
	tt_collider_id collider; /* what was hit: a collider... */
	tt_spring_id spring;     /* ...or a spring (rope segment) */
	float fraction;          /* along the spring, from its end a to b */
} tt_ray_hit;

/// What a ray may hit (bits).
enum { TT_RAY_COLLIDERS = 1, TT_RAY_SPRINGS = 2, TT_RAY_ALL = 3 };

/// First collider or spring (as `what` allows) the ray from origin along
/// direction (any length but 0) meets within max_distance. Springs count
/// as segments of their particles' radius. Rays starting inside a shape
/// ignore it. Returns 1 on a hit (filled in), 0 on none, with *status set.
int tt_world_raycast(tt_world_id world, tt_vec3 origin, tt_vec3 direction,
		     float max_distance, int what, tt_ray_hit *hit,
		     tt_status *status);
/// Colliders a circle (a sphere in 3D; radius 0: a point) overlaps, in
/// creation order;
/// writes up to max ids, returns how many overlap.
int tt_world_overlap(tt_world_id world, tt_vec3 center, float radius,
		     tt_collider_id *out, int max);
/// Dense indices of particles whose centre is in the box [lo, hi], up to
/// max; returns how many there are.
int tt_world_particles_in_box(tt_world_id world, tt_vec3 lo, tt_vec3 hi,
			      int32_t *out, int max);
/// Pairs of particles that overlap and may collide (filters pass, not
/// joined by a spring), found with the spatial hash the solver uses:
/// pairs[2k], pairs[2k+1] dense indices, lower first, in a fixed order.
/// Returns how many pairs there are (writes up to max).
int tt_world_particle_pairs(tt_world_id world, int32_t *pairs, int max);

/* ---- views for drawing --------------------------------------------------- */

typedef struct tt_collider_shape {
	tt_shape_kind kind;
	int enabled;
	tt_vec3 position;
	float angle, radius;
	int count;  /* outline vertices (world), rounded by radius */
	tt_vec3 points[TT_MAX_POLYGON];
} tt_collider_shape;

typedef struct tt_contact {
	tt_vec3 point, normal;  /* on the collider's surface, facing out */
	int32_t particle;       /* dense index; for a spring contact, its a */
	int32_t collider;       /* dense index */
} tt_contact;

typedef struct tt_contact_view {
	int count;
	const tt_contact *items;  /* of the last substep */
} tt_contact_view;

int tt_world_collider_count(tt_world_id world);
/// The shape of the collider at dense index i, in world coordinates.
tt_collider_shape tt_world_collider_shape(tt_world_id world, int index);
tt_collider_id tt_world_collider_at(tt_world_id world, int index);

/* The geometry of a 3D collider, in world coordinates, for drawing it
 * (tt_world_collider_shape above serves the 2D ones):
 * - sphere: center, radius;
 * - capsule: the segment center +- half_length * axis, grown by radius;
 * - box: center, rotation, half_extents (along the rotated x, y, z);
 * - plane: the points p with dot(normal, p) = offset bound it, the solid
 *   side is dot(normal, p) < offset; center is a point on it;
 * - hull: its points (the hull's own vertices, world) and its outward
 *   triangles (counter-clockwise seen from outside), indices into points;
 *   a box has them too (8 corners, 12 triangles).
 * rotation is the collider's always, so a mesh in its local frame can be
 * placed with it. */
typedef struct tt_collider_shape3 {
	tt_shape_kind kind;
	int enabled;
	tt_vec3 center;
	tt_quat rotation;
	float radius;         /* sphere, capsule */
	float half_length;    /* capsule */
	tt_vec3 axis;         /* capsule: unit, world */
	tt_vec3 half_extents; /* box */
	tt_vec3 normal;       /* plane: unit, world */
	float offset;         /* plane */
	int point_count;      /* hull */
	tt_vec3 points[TT_MAX_HULL];
	int triangle_count;
	uint8_t triangles[TT_MAX_HULL_TRIANGLES][3];
} tt_collider_shape3;

/// The 3D geometry of the collider at dense index i (kind
/// TT_SHAPE_KIND_COUNT for an index out of range or a 2D world's).
tt_collider_shape3 tt_world_collider_shape3(tt_world_id world, int index);
/// Contacts of the last substep (particle and spring against colliders).
tt_contact_view tt_world_contacts(tt_world_id world);

/// Where a collider is: position, angle (2D), rotation (3D).
typedef struct tt_collider_pose {
	tt_vec3 position;
	float angle;
	tt_quat rotation;
} tt_collider_pose;

/// Exchange the poses of the first count colliders (dense order) with the
/// array, as tt_world_swap_positions does for particles: drawing between
/// steps swaps blended poses in and the simulated ones back, bit for bit.
/// Only what drawing reads changes (the step's own poses stay).
tt_status tt_world_swap_collider_poses(tt_world_id world,
				       tt_collider_pose *poses, int count);

#endif
