/* Quaternions for 3D rotations (Shoemake, "Animating Rotation with
 * Quaternion Curves", SIGGRAPH 1985): products, turning vectors, and the
 * spherical interpolation colliders and frames move through a step with. */
#include "vec3.h"
#include "world.h"

tt_status tt_quat_normalize(tt_quat q, tt_quat *out)
{
	float n2 = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
	if (!isfinite(n2) || !(n2 > 0.0f))
		return TT_ERR_ROTATION;
	float k = 1.0f / sqrtf(n2);
	*out = (tt_quat){q.w * k, q.x * k, q.y * k, q.z * k};
	return TT_OK;
}

tt_quat tt_quat_axis_angle(tt_vec3 axis, float angle)
{
	float len = v3_length(axis);
	if (!(len > 0.0f) || !isfinite(len) || !isfinite(angle))
		return (tt_quat){1.0f, 0.0f, 0.0f, 0.0f};
	float s = sinf(0.5f * angle) / len;
	return (tt_quat){cosf(0.5f * angle), axis.x * s, axis.y * s, axis.z * s};
}

tt_quat tt_quat_mul(tt_quat a, tt_quat b)
{
	return (tt_quat){a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
			 a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
			 a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
			 a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}

/* v + 2 w (u x v) + 2 u x (u x v), u the vector part. */
tt_vec3 tt_quat_rotate(tt_quat q, tt_vec3 v)
{
	tt_vec3 u = {q.x, q.y, q.z};
	tt_vec3 t = v3_scale(v3_cross(u, v), 2.0f);
	return v3_add(v3_mad(v, t, q.w), v3_cross(u, t));
}

/* Near-parallel ends are blended linearly (then made unit): sin(theta)
 * would lose its precision there. */
tt_quat tt_quat_slerp(tt_quat a, tt_quat b, float t)
{
	float d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
	float sign = d < 0.0f ? -1.0f : 1.0f;
	d *= sign;
	float ka = 1.0f - t, kb = t;
	if (d < 0.9995f) {
		float theta = acosf(d), s = sinf(theta);
		ka = sinf(ka * theta) / s;
		kb = sinf(kb * theta) / s;
	}
	kb *= sign;
	tt_quat q = {ka * a.w + kb * b.w, ka * a.x + kb * b.x,
		     ka * a.y + kb * b.y, ka * a.z + kb * b.z};
	tt_quat out = a;
	tt_quat_normalize(q, &out);
	return out;
}

/* The half-way vector h of the unit from and to gives q = (from.h,
 * from x h); opposite directions turn half a turn about any normal. */
tt_quat tt_quat_between(tt_vec3 from, tt_vec3 to)
{
	tt_vec3 x = {1.0f, 0.0f, 0.0f};
	tt_vec3 a = v3_unit_or(from, x), b = v3_unit_or(to, x);
	tt_vec3 h = v3_add(a, b);
	if (v3_length(h) < 1e-6f) {
		tt_vec3 side = fabsf(a.x) < 0.9f ? x : v3(0.0f, 1.0f, 0.0f);
		return tt_quat_axis_angle(v3_cross(a, side), 3.14159265f);
	}
	h = v3_unit_or(h, x);
	tt_vec3 c = v3_cross(a, h);
	return (tt_quat){v3_dot(a, h), c.x, c.y, c.z};
}
