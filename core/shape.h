/* Private: collider geometry in the collider's own frame.
 *
 * Every shape but the plane is a rounded convex polygon (as in Box2D's
 * b2Polygon): a circle is one vertex with a radius, a capsule two, a box
 * four, a polygon up to eight. One distance routine and one raycast then
 * serve them all, and rounding by a particle's radius is just a larger
 * radius. */
#ifndef TT_SHAPE_H
#define TT_SHAPE_H

#include "taut.h"

typedef struct tt_shape {
	int kind;          /* tt_shape_kind */
	int count;         /* vertices, counter-clockwise */
	float vx[TT_MAX_POLYGON], vy[TT_MAX_POLYGON];
	float nx[TT_MAX_POLYGON], ny[TT_MAX_POLYGON];  /* outward edge normals */
	float radius;
	float reach;       /* farthest surface point from the origin */
} tt_shape;

/* Where a collider is: position, angle, and the angle's cosine and sine. */
typedef struct tt_pose {
	float x, y, a, c, s;
} tt_pose;

/// The local shape of a definition, or the status that refuses it.
tt_status tt_shape_make(const tt_collider_def *def, tt_shape *out);
/// A segment a-b grown by radius (a capsule in the frame it is given in);
/// 0 when a and b coincide.
int tt_shape_segment(float ax, float ay, float bx, float by, float radius,
		     tt_shape *out);
/// Signed distance from local point (x, y) to the surface grown by extra,
/// and the outward normal there.
float tt_shape_distance(const tt_shape *s, float x, float y, float extra,
			float *nx, float *ny);
/// Ray o + t d (local) against the surface grown by extra, from outside:
/// 1 and t, normal when it enters within t <= max_t.
int tt_shape_raycast(const tt_shape *s, float ox, float oy, float dx,
		     float dy, float extra, float max_t, float *t, float *nx,
		     float *ny);

/// Pose from position and angle.
tt_pose tt_pose_make(float x, float y, float angle);
/// World point to local and back; directions turn only.
void tt_pose_to_local(tt_pose p, float x, float y, float *lx, float *ly);
void tt_pose_to_world(tt_pose p, float lx, float ly, float *x, float *y);
void tt_pose_turn(tt_pose p, float lx, float ly, float *x, float *y);

#endif
