/* Presets: named starting points for a chain's knobs, the kind a technical
 * artist keeps for hair. Each sets damping, elasticity, stiffness and
 * inertia as {root, tip} curves (firmer at the root, as hair is) and
 * gravity as a share of the world's (negative floats up):
 *   soft    hangs and sways, settles slowly
 *   bouncy  springs back past its pose and wobbles
 *   stiff   holds its shape, only the tip gives
 *   floaty  the anti-gravity wig: drifts up and lags the head */
#include <string.h>

#include "taut.h"

typedef struct preset {
	const char *name;
	float knob[4][2];  /* damping, elasticity, stiffness, inertia */
	float gravity;     /* times the world's */
} preset;

static const preset presets[] = {
	{"soft", {{0.2f, 0.15f}, {0.08f, 0.02f}, {0.15f, 0.0f}, {0.2f, 0.0f}}, 1.0f},
	{"bouncy", {{0.04f, 0.02f}, {0.25f, 0.12f}, {0.1f, 0.0f}, {0.1f, 0.0f}}, 0.5f},
	{"stiff", {{0.3f, 0.2f}, {0.5f, 0.3f}, {0.8f, 0.5f}, {0.5f, 0.3f}}, 0.3f},
	{"floaty", {{0.08f, 0.05f}, {0.06f, 0.01f}, {0.1f, 0.0f}, {0.4f, 0.1f}}, -0.15f},
};

#define PRESETS ((int)(sizeof presets / sizeof presets[0]))

int tt_bone_preset_count(void)
{
	return PRESETS;
}

const char *tt_bone_preset_name(int index)
{
	return index >= 0 && index < PRESETS ? presets[index].name : NULL;
}

tt_status tt_bone_preset_apply(const char *name, tt_vec3 g,
			       tt_bonechain_def *def)
{
	for (int i = 0; name && i < PRESETS; i++) {
		const preset *p = &presets[i];
		if (strcmp(name, p->name) != 0)
			continue;
		for (int k = 0; k < 4; k++)
			def->curve[TT_BONE_DAMPING + k] =
				tt_curve_line(p->knob[k][0], p->knob[k][1]);
		def->gravity = (tt_vec3){g.x * p->gravity, g.y * p->gravity,
					 g.z * p->gravity};
		return TT_OK;
	}
	return TT_ERR_PRESET;
}
