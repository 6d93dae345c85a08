/* A cloth's root: the frame or collider its pins ride. Its rest pose is
 * kept in the root's frame, so "the rest pose carried by the root" is the
 * skinned pose a game would fall back to, and reset goes there.
 *
 * Teleports (the seed's integration chain: "teleport, low frame rates and
 * a character that jumps must reset or re-initialise the simulation, or
 * the history's velocity flings the cloth away"): before each step the
 * root's motion is compared with the limits, twice, as chains do. A root
 * set elsewhere between steps (frame:set, a collider's position) starts
 * the step away from where the cloth last saw it: that jump alone is the
 * teleport, the step's motion after it goes as usual. A root moved within
 * the step past the limits (move_to across the level) is all jump: it is
 * put there at once (what else rides it jumps along), so its pins do not
 * drag the cloth across the gap during the substeps. Then the cloth is
 * either carried rigidly with the jump (positions, histories and
 * velocities turned with it: no speed is added) or reset on the root. */
#include <math.h>

#include "vec3.h"
#include "world.h"

static tt_pose3 flat_pose(tt_pose p)
{
	return tt_pose3_make(v3(p.x, p.y, 0.0f),
			     tt_quat_axis_angle(v3(0.0f, 0.0f, 1.0f), p.a));
}

/* The root's poses at the start and end of the step; 0 when it has none
 * (or it is gone). */
static int root_poses(const tt_world *w, const tt_cloth *c, tt_pose3 *from,
		      tt_pose3 *to)
{
	tt_world *fw;
	int f = c->root_frame.index1 ? tt_frame_find(c->root_frame, &fw) : -1;
	if (f >= 0) {
		*from = w->frames.items[f].from;
		*to = w->frames.items[f].to;
		return 1;
	}
	int k = c->root_collider.index1 ? tt_collider_find(c->root_collider, &fw)
					: -1;
	if (k < 0)
		return 0;
	const tt_collider *col = &w->colliders.items[k];
	*from = w->def.is_3d ? col->from3 : flat_pose(col->from);
	*to = w->def.is_3d ? col->to3 : flat_pose(col->to);
	return 1;
}

tt_pose3 tt_cloth_root_pose(const tt_world *w, const tt_cloth *c)
{
	tt_pose3 from, to;
	return root_poses(w, c, &from, &to) ? to : c->seen_root;
}

/* The root put at its end pose for the whole step. */
static void snap_root(tt_world *w, tt_cloth *c)
{
	tt_world *fw;
	int f = c->root_frame.index1 ? tt_frame_find(c->root_frame, &fw) : -1;
	if (f >= 0) {
		tt_frame *frame = &w->frames.items[f];
		frame->from = frame->cur = frame->to;
		return;
	}
	int k = tt_collider_find(c->root_collider, &fw);
	tt_collider *col = &w->colliders.items[k];
	col->from3 = col->prev3 = col->cur3 = col->to3;
	col->from = col->prev = col->cur = col->to;
}

static float turn_angle(tt_quat a, tt_quat b)
{
	float d = fabsf(a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z);
	return 2.0f * acosf(fminf(d, 1.0f));
}

static int beyond(const tt_cloth *c, const tt_pose3 *a, const tt_pose3 *b)
{
	float moved = v3_length(v3_sub(b->p, a->p));
	return (c->teleport_distance > 0.0f && moved > c->teleport_distance) ||
	       (c->teleport_angle > 0.0f &&
		turn_angle(a->q, b->q) > c->teleport_angle);
}

/* x carried from the root at a to the root at b. */
static tt_vec3 carried(const tt_pose3 *a, const tt_pose3 *b, tt_vec3 x)
{
	return tt_pose3_to_world(b, tt_pose3_to_local(a, x));
}

/* Every node carried rigidly from a to b, velocities turned alike. */
static void carry(tt_world *w, tt_cloth *c, const tt_pose3 *a,
		  const tt_pose3 *b)
{
	tt_particles *p = &w->particles;
	for (int k = 0; k < c->node_count; k++) {
		int i = c->dense[k];
		if (i < 0)
			continue;
		tt_vec3 x = carried(a, b, v3(p->x[i], p->y[i], p->z[i]));
		tt_vec3 px = carried(a, b, v3(p->px[i], p->py[i], p->pz[i]));
		tt_vec3 v = tt_pose3_turn(b, tt_pose3_unturn(a, v3(p->vx[i], p->vy[i],
								 p->vz[i])));
		p->x[i] = x.x, p->y[i] = x.y, p->z[i] = x.z;
		p->px[i] = px.x, p->py[i] = px.y, p->pz[i] = px.z;
		p->vx[i] = v.x, p->vy[i] = v.y, p->vz[i] = v.z;
	}
}

void tt_cloth_place_rest(tt_world *w, tt_cloth *c, const tt_pose3 *root)
{
	tt_particles *p = &w->particles;
	for (int k = 0; k < c->node_count; k++) {
		int i = c->dense[k];
		if (i < 0)
			continue;
		const float *r = c->rest + 3 * c->anchor[k];
		tt_vec3 x = tt_pose3_to_world(root, v3(r[0], r[1], r[2]));
		p->x[i] = p->px[i] = x.x;
		p->y[i] = p->py[i] = x.y;
		p->z[i] = p->pz[i] = w->def.is_3d ? x.z : 0.0f;
		p->vx[i] = p->vy[i] = p->vz[i] = 0.0f;
	}
}

void tt_cloth_follow_root(tt_world *w, tt_cloth *c)
{
	tt_pose3 from, to;
	if (!root_poses(w, c, &from, &to))
		return;
	int before = beyond(c, &c->seen_root, &from);
	int during = beyond(c, before ? &from : &c->seen_root, &to);
	if (before || during) {
		c->teleports++;
		if (during)
			snap_root(w, c);
		if (c->teleport == TT_CLOTH_TELEPORT_RESET)
			tt_cloth_place_rest(w, c, &to);
		else
			carry(w, c, &c->seen_root, during ? &to : &from);
	}
	c->seen_root = to;
}

/* ---- the public calls ---------------------------------------------------- */

tt_status tt_cloth_reset(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	if (!c)
		return TT_ERR_CLOTH_STALE;
	tt_cloth_refresh(w, c);
	tt_pose3 root = tt_cloth_root_pose(w, c);
	tt_cloth_place_rest(w, c, &root);
	return TT_OK;
}

tt_status tt_cloth_translate(tt_cloth_id id, tt_vec3 offset)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	if (!c)
		return TT_ERR_CLOTH_STALE;
	if (!tt_vec3_finite(offset))
		return TT_ERR_NOT_FINITE;
	if (!w->def.is_3d)
		offset.z = 0.0f;
	tt_cloth_refresh(w, c);
	tt_particles *p = &w->particles;
	for (int k = 0; k < c->node_count; k++) {
		int i = c->dense[k];
		if (i < 0)
			continue;
		p->x[i] += offset.x, p->px[i] += offset.x;
		p->y[i] += offset.y, p->py[i] += offset.y;
		p->z[i] += offset.z, p->pz[i] += offset.z;
	}
	return TT_OK;
}

void tt_cloth_translate_all(tt_world *w, tt_vec3 d)
{
	for (int k = 0; k < w->cloths.count; k++) {
		tt_pose3 *seen = &w->cloths.items[k].seen_root;
		*seen = tt_pose3_make(v3_add(seen->p, d), seen->q);
	}
}

tt_vec3 tt_cloth_rest_position(tt_cloth_id id, int i)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	if (!c || i < 0 || i >= c->laid)
		return v3(0.0f, 0.0f, 0.0f);
	tt_pose3 root = tt_cloth_root_pose(w, c);
	const float *r = c->rest + 3 * i;
	return tt_pose3_to_world(&root, v3(r[0], r[1], r[2]));
}

int tt_cloth_teleports(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c ? c->teleports : 0;
}
