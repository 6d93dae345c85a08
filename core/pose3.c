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

tt_vec3 tt_pose3_turn(const tt_pose3 *pose, tt_vec3 l)
{
	const float *m = pose->m;
	return v3(m[0] * l.x + m[1] * l.y + m[2] * l.z,
		  m[3] * l.x + m[4] * l.y + m[5] * l.z,
		  m[6] * l.x + m[7] * l.y + m[8] * l.z);
}

tt_vec3 tt_pose3_unturn(const tt_pose3 *pose, tt_vec3 x)
{
	const float *m = pose->m;
	return v3(m[0] * x.x + m[3] * x.y + m[6] * x.z,
		  m[1] * x.x + m[4] * x.y + m[7] * x.z,
		  m[2] * x.x + m[5] * x.y + m[8] * x.z);
}

tt_vec3 tt_pose3_to_world(const tt_pose3 *pose, tt_vec3 l)
{
	return v3_add(tt_pose3_turn(pose, l), pose->p);
}

tt_vec3 tt_pose3_to_local(const tt_pose3 *pose, tt_vec3 x)
{
	return tt_pose3_unturn(pose, v3_sub(x, pose->p));
}

int tt_pose3_same(const tt_pose3 *a, const tt_pose3 *b)
{
	return a->p.x == b->p.x && a->p.y == b->p.y && a->p.z == b->p.z &&
	       a->q.w == b->q.w && a->q.x == b->q.x && a->q.y == b->q.y &&
	       a->q.z == b->q.z;
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
