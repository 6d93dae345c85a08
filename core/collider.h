/* taut core — colliders and collision queries. Part of the public API:
 * included by taut.h (kept apart so the collider section merges alone).
 *
 * A collider is a rigid shape particles and springs cannot enter: circle,
 * capsule, oriented box, convex polygon, or plane (half-space). In a 3D
 * world the 2D shapes extend along z (a circle is a cylinder). A collider
 * is static, or moved by the script: teleported (set_position/set_angle,
 * no velocity), given a velocity, or sent to a target over the next step
 * (move_to), so what rests on it is carried by friction. */
#ifndef TT_COLLIDER_H
#define TT_COLLIDER_H

typedef enum tt_shape_kind {
	TT_SHAPE_CIRCLE,
	TT_SHAPE_CAPSULE,
	TT_SHAPE_BOX,
	TT_SHAPE_PLANE,
	TT_SHAPE_POLYGON,
	TT_SHAPE_KIND_COUNT
} tt_shape_kind;

#define TT_MAX_POLYGON 8  /* vertices of a convex polygon */

/// "circle", "capsule", "box", "plane", "polygon".
const char *tt_shape_kind_name(tt_shape_kind kind);

typedef struct tt_collider_def {
	tt_shape_kind shape;
	tt_vec3 position;   /* centre; a plane passes through it */
	float angle;        /* radians, counter-clockwise; a plane's normal
			       is (0, 1) turned by it */
	float radius;       /* circle, capsule (m) */
	float length;       /* capsule: distance between its end centres */
	tt_vec3 size;       /* box: full width and height */
	tt_vec3 points[TT_MAX_POLYGON];  /* polygon, about position */
	int point_count;
	float friction;          /* static coefficient, default 0.5 */
	float kinetic_friction;  /* default: the static one */
	float restitution;       /* 0 (default) to 1 */
	tt_vec3 velocity;        /* m/s, carried every step */
	float angular_velocity;  /* rad/s */
	int enabled;             /* default 1 */
	uint32_t group, mask;    /* default 1 and all */
} tt_collider_def;

/// A static box 1 x 1 m at the origin, friction 0.5, no bounce.
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
tt_status tt_collider_move_to(tt_collider_id collider, tt_vec3 position,
			      float angle);
/// Pin the particle to the collider at local (the collider's frame, as it
/// is now): it then moves with the collider, like hair on a moving head.
/// tt_particle_set_pinned(p, 0) lets go; destroying the collider leaves it
/// pinned where it is.
tt_status tt_particle_pin_to(tt_particle_id particle, tt_collider_id collider,
			     tt_vec3 local);
/// The collider the particle is pinned to, or a null id.
tt_collider_id tt_particle_get_pin_collider(tt_particle_id particle);
/// A world point in the collider's local frame, as it is now.
tt_vec3 tt_collider_to_local(tt_collider_id collider, tt_vec3 point);

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
/// Colliders a circle (radius 0: a point) overlaps, in creation order;
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
/// Contacts of the last substep (particle and spring against colliders).
tt_contact_view tt_world_contacts(tt_world_id world);

#endif
