/* Rigid poses of 3D colliders and frames (see shape3.h). The rotation
 * matrix is built once per pose, so carrying a point costs nine products;
 * a pose between two others interpolates the position linearly and the
 * rotation along the shorter arc, which a pinned point then follows. */
#include "vec3.h"
#include "world.h"

tt_pose3 tt_pose3_make(tt_vec3 p, tt_quat q)
{
	float w = q.w, x = q.x, y = q.y, z = q.z;
	return (tt_pose3){p, q,
			  {1.0f - 2.0f * (y * y + z * z), 2.0f * (x * y - w * z),
			   2.0f * (x * z + w * y), 2.0f * (x * y + w * z),
			   1.0f - 2.0f * (x * x + z * z), 2.0f * (y * z - w * x),
			   2.0f * (x * z - w * y), 2.0f * (y * z + w * x),
			   1.0f - 2.0f * (x * x + y * y)}};
}

tt_pose3 tt_pose3_lerp(const tt_pose3 *a, const tt_pose3 *b, float t)
{
	if (tt_pose3_same(a, b) || t == 1.0f)
		return *b;
	if (t == 0.0f)
		return *a;
	tt_vec3 p = v3_mad(a->p, v3_sub(b->p, a->p), t);
	return tt_pose3_make(p, tt_quat_slerp(a->q, b->q, t));
}
