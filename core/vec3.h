/* Private: the vector arithmetic the 3D files share, inline so the hot
 * loops stay flat. Plain float operations in a fixed order (the build
 * keeps -ffp-contract=off), so results are bit-identical run to run. */
#ifndef TT_VEC3_H
#define TT_VEC3_H

#include <math.h>

#include "taut.h"

static inline tt_vec3 v3(float x, float y, float z)
{
	return (tt_vec3){x, y, z};
}

static inline tt_vec3 v3_add(tt_vec3 a, tt_vec3 b)
{
	return v3(a.x + b.x, a.y + b.y, a.z + b.z);
}

static inline tt_vec3 v3_sub(tt_vec3 a, tt_vec3 b)
{
	return v3(a.x - b.x, a.y - b.y, a.z - b.z);
}

static inline tt_vec3 v3_scale(tt_vec3 a, float s)
{
	return v3(a.x * s, a.y * s, a.z * s);
}

/* a + s b */
static inline tt_vec3 v3_mad(tt_vec3 a, tt_vec3 b, float s)
{
	return v3(a.x + b.x * s, a.y + b.y * s, a.z + b.z * s);
}

static inline float v3_dot(tt_vec3 a, tt_vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline tt_vec3 v3_cross(tt_vec3 a, tt_vec3 b)
{
	return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
		  a.x * b.y - a.y * b.x);
}

static inline float v3_length(tt_vec3 a)
{
	return sqrtf(v3_dot(a, a));
}

/* a / |a|, or fallback when a is (nearly) zero. */
static inline tt_vec3 v3_unit_or(tt_vec3 a, tt_vec3 fallback)
{
	float len = v3_length(a);
	return len > 1e-12f ? v3_scale(a, 1.0f / len) : fallback;
}

#endif
