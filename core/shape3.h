/* Private: 3D collider geometry in the collider's own frame, and rigid
 * poses (position + rotation) to carry points in and out of it.
 *
 * Every 3D shape but the plane is a convex polytope grown by a radius: a
 * sphere is one vertex, a capsule two joined by an edge, a box and a hull
 * vertices, outward triangles and the edges between faces that are not
 * coplanar. Growing by a particle's radius is then a larger radius, and
 * one distance routine and one raycast serve every kind. */
#ifndef TT_SHAPE3_H
#define TT_SHAPE3_H

#include "taut.h"
#include "vec3.h"

#define TT_MAX_HULL_EDGES (3 * TT_MAX_HULL - 6)

typedef struct tt_shape3 {
	int kind;            /* tt_shape_kind */
	int count;           /* vertices */
	int triangle_count, edge_count;
	tt_vec3 v[TT_MAX_HULL];
	uint8_t tri[TT_MAX_HULL_TRIANGLES][3];     /* counter-clockwise */
	tt_vec3 n[TT_MAX_HULL_TRIANGLES];          /* outward unit normals */
	float d[TT_MAX_HULL_TRIANGLES];            /* dot(n, p) on the face */
	uint8_t edge[TT_MAX_HULL_EDGES][2];
	tt_vec3 half;        /* box: half extents */
	float radius;
	float reach;         /* farthest surface point from the origin */
} tt_shape3;

/* A rigid transform: world = m local + p, m the matrix of q (rows). */
typedef struct tt_pose3 {
	tt_vec3 p;
	tt_quat q;
	float m[9];
} tt_pose3;

/// The local shape of a 3D definition, or the status that refuses it.
tt_status tt_shape3_make(const tt_collider_def *def, tt_shape3 *out);
/// The convex hull of n points (core/hull.c) into s's vertices,
/// triangles, planes and edges; TT_ERR_HULL when they span no volume.
tt_status tt_hull_make(const tt_vec3 *points, int n, tt_shape3 *s);
/// Signed distance from local point l to the surface grown by extra, and
/// the outward unit normal there.
float tt_shape3_distance(const tt_shape3 *s, tt_vec3 l, float extra,
			 tt_vec3 *n);
/// Ray o + t d (local, d any length but 0) against the surface grown by
/// extra, from outside: 1 with t and the normal when it enters within
/// t <= max_t. A ray starting inside meets nothing.
int tt_shape3_raycast(const tt_shape3 *s, tt_vec3 o, tt_vec3 d, float extra,
		      float max_t, float *t, tt_vec3 *n);
/// The same for an o known to be outside (or a plane's): no check.
int tt_shape3_raycast_out(const tt_shape3 *s, tt_vec3 o, tt_vec3 d,
			  float extra, float max_t, float *t, tt_vec3 *n);
/// Ray o + t u (u unit) against the capsule a-b of radius r (a sphere
/// when a = b), from outside: 1 when it enters before *t, which it
/// lowers, with the normal.
int tt_ray_capsule(tt_vec3 o, tt_vec3 u, tt_vec3 a, tt_vec3 b, float r,
		   float *t, tt_vec3 *n);
/// Nearest point of segment a-b to p, as the share along it.
float tt_segment_nearest(tt_vec3 a, tt_vec3 b, tt_vec3 p);

/// Pose from position and (unit) rotation.
tt_pose3 tt_pose3_make(tt_vec3 p, tt_quat q);
/* Inline (the contacts carry every particle they meet through two
 * poses a substep, and a call cost more than its nine products). */
/// Turn carries directions only; unturn is its inverse.
static inline tt_vec3 tt_pose3_turn(const tt_pose3 *pose, tt_vec3 l)
{
	const float *m = pose->m;
	return v3(m[0] * l.x + m[1] * l.y + m[2] * l.z,
		  m[3] * l.x + m[4] * l.y + m[5] * l.z,
		  m[6] * l.x + m[7] * l.y + m[8] * l.z);
}

static inline tt_vec3 tt_pose3_unturn(const tt_pose3 *pose, tt_vec3 x)
{
	const float *m = pose->m;
	return v3(m[0] * x.x + m[3] * x.y + m[6] * x.z,
		  m[1] * x.x + m[4] * x.y + m[7] * x.z,
		  m[2] * x.x + m[5] * x.y + m[8] * x.z);
}

/// Local point to world and back.
static inline tt_vec3 tt_pose3_to_world(const tt_pose3 *pose, tt_vec3 l)
{
	return v3_add(tt_pose3_turn(pose, l), pose->p);
}

static inline tt_vec3 tt_pose3_to_local(const tt_pose3 *pose, tt_vec3 x)
{
	return tt_pose3_unturn(pose, v3_sub(x, pose->p));
}

/// The same position and rotation, to the bit.
static inline int tt_pose3_same(const tt_pose3 *a, const tt_pose3 *b)
{
	return a->p.x == b->p.x && a->p.y == b->p.y && a->p.z == b->p.z &&
	       a->q.w == b->q.w && a->q.x == b->q.x && a->q.y == b->q.y &&
	       a->q.z == b->q.z;
}
/// A share t from a to b: position in a line, rotation by slerp; b itself
/// when they are equal (a resting collider stays exact).
tt_pose3 tt_pose3_lerp(const tt_pose3 *a, const tt_pose3 *b, float t);

#endif
