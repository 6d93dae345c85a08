/* Curves along a chain: a knob's value as a function of depth (0 at the
 * root, 1 at the tip, by length along the rest pose), piecewise linear
 * through a few points and constant beyond the first and the last, as the
 * curves of Dynamic Bone's inspector. */
#include <math.h>

#include "taut.h"

static const char *const param_names[TT_BONE_PARAM_COUNT] = {
	"damping", "elasticity", "stiffness", "inertia", "radius", "max_stretch"};

const char *tt_bone_param_name(tt_bone_param param)
{
	return (unsigned)param < TT_BONE_PARAM_COUNT ? param_names[param] : "?";
}

tt_curve tt_curve_constant(float v)
{
	return (tt_curve){1, {0.0f}, {v}};
}

tt_curve tt_curve_line(float root, float tip)
{
	return (tt_curve){2, {0.0f, 1.0f}, {root, tip}};
}

float tt_curve_eval(const tt_curve *c, float depth)
{
	if (c->count < 2 || !(depth > c->depth[0]))
		return c->value[0];
	int k = 1;
	while (k < c->count - 1 && depth > c->depth[k])
		k++;
	float d0 = c->depth[k - 1], d1 = c->depth[k];
	if (depth >= d1)
		return c->value[k];
	float t = (depth - d0) / (d1 - d0);
	return c->value[k - 1] + (c->value[k] - c->value[k - 1]) * t;
}

/* Depths rising strictly within [0, 1], every number finite. */
static int well_formed(const tt_curve *c)
{
	if (c->count < 1 || c->count > TT_CURVE_MAX_POINTS)
		return 0;
	for (int k = 0; k < c->count; k++) {
		float d = c->depth[k];
		if (!(d >= 0.0f && d <= 1.0f) || !isfinite(c->value[k]) ||
		    (k > 0 && !(d > c->depth[k - 1])))
			return 0;
	}
	return 1;
}

tt_status tt_bone_curve_check(tt_bone_param param, const tt_curve *c)
{
	if ((unsigned)param >= TT_BONE_PARAM_COUNT || !well_formed(c))
		return TT_ERR_CURVE;
	int unit = param != TT_BONE_RADIUS && param != TT_BONE_MAX_STRETCH;
	for (int k = 0; k < c->count; k++) {
		float v = c->value[k];
		if (v < 0.0f)
			return unit ? TT_ERR_UNIT_RANGE : TT_ERR_NEGATIVE;
		if (unit && v > 1.0f)
			return TT_ERR_UNIT_RANGE;
	}
	return TT_OK;
}
