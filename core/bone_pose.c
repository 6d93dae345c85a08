/* A chain's animated pose and its per-node tables: where the root is, the
 * rest pose carried by it, and each knob evaluated at each node, with the
 * limits derived from them (the stiffness cone as a chord, the length
 * band) and the per-update rates for the update's length.
 *
 * Rates are per 1/60 s, Dynamic Bone's update: an update of dt keeps a
 * share (1 - damping)^(60 dt) of its speed and goes a share
 * 1 - (1 - elasticity)^(60 dt) of the way back, so 20 Hz or 480 Hz feel
 * like 60 Hz. The cone of half-angle a = (1 - stiffness) pi about the
 * animated direction holds a node within the chord 2 L sin(a / 2) of its
 * animated place (L the segment), the test Dynamic Bone makes. */
#include <math.h>

#include "bone.h"
#include "vec3.h"

#define HALF_PI 1.57079633f

static int frame_pose(const tt_world *w, tt_frame_id id, int end, tt_pose3 *out)
{
	int i = tt_pool_find(&w->frame_pool, id.index1, id.generation);
	if (i < 0)
		return 0;
	const tt_frame *f = &w->frames.items[i];
	*out = end ? f->to : f->from;
	return 1;
}

int tt_bonechain_root_pose(const tt_world *w, const tt_bonechain *c, int end,
			   tt_pose3 *out)
{
	const tt_collider_id id = c->def.collider;
	if (c->def.frame.index1)
		return frame_pose(w, c->def.frame, end, out);
	int i = tt_pool_find(&w->collider_pool, id.index1, id.generation);
	if (i < 0)
		return 0;
	const tt_collider *col = &w->colliders.items[i];
	if (w->def.is_3d) {
		*out = end ? col->to3 : col->from3;
		return 1;
	}
	tt_pose p = end ? col->to : col->from;
	*out = tt_pose3_make(v3(p.x, p.y, 0.0f),
			     tt_quat_axis_angle(v3(0.0f, 0.0f, 1.0f), p.a));
	return 1;
}

/* Segment lengths and depths by length along the rest pose. */
static void measure(tt_bonechain *c)
{
	float total = 0.0f, along = 0.0f;
	c->len[0] = 0.0f;
	for (int i = 1; i < c->nodes; i++) {
		c->len[i] = v3_length(v3_sub(c->rest[i], c->rest[i - 1]));
		total += c->len[i];
	}
	for (int i = 0; i < c->nodes; i++) {
		along += c->len[i];
		c->depth[i] = along / total;
	}
}

void tt_bonechain_refresh(tt_bonechain *c)
{
	int n = c->count;
	float end = c->def.end_length;
	c->nodes = n + (end > 0.0f);
	if (end > 0.0f)
		c->rest[n] = v3_mad(c->rest[n - 1],
				    v3_sub(c->rest[n - 1], c->rest[n - 2]), end);
	measure(c);
	for (int k = 0; k < TT_BONE_PARAM_COUNT; k++)
		for (int i = 0; i < c->nodes; i++)
			c->value[k][i] = tt_curve_eval(&c->def.curve[k], c->depth[i]);
	for (int i = 0; i < c->nodes; i++) {
		float s = c->value[TT_BONE_STIFFNESS][i];
		float stretch = c->value[TT_BONE_MAX_STRETCH][i];
		c->chord[i] = fmaxf(2.0f * c->len[i] * cosf(HALF_PI * s), 0.0f);
		c->lo[i] = c->len[i] * fmaxf(1.0f - stretch, 0.0f);
		c->hi[i] = c->len[i] * (1.0f + stretch);
	}
	c->coef_dt = -1.0f;
}

void tt_bonechain_rates(tt_bonechain *c, float dt)
{
	if (dt == c->coef_dt)
		return;
	float frames = 60.0f * dt;
	for (int i = 0; i < c->nodes; i++) {
		c->damp_k[i] = powf(1.0f - c->value[TT_BONE_DAMPING][i], frames);
		c->elast_k[i] =
			1.0f - powf(1.0f - c->value[TT_BONE_ELASTICITY][i], frames);
	}
	c->coef_dt = dt;
}

void tt_bonechain_pose(tt_bonechain *c, const tt_pose3 *root)
{
	for (int i = 0; i < c->nodes; i++) {
		c->x[i] = tt_pose3_to_world(root, c->rest[i]);
		c->v[i] = v3(0.0f, 0.0f, 0.0f);
		c->was[i] = c->now[i] = c->rest[i];
		c->held[i] = 0;
	}
	c->last_root = c->seen_root = *root;
	c->acc = c->since = 0.0f;
}
