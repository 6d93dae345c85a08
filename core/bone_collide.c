/* Chains against colliders, the last stage of an update: every free node
 * ends out of each of the chain's colliders (or, for an "inside" one,
 * within it), grown by the node's radius. Its own list, or every enabled
 * collider whose filter passes the chain's group and mask.
 *
 * From outside the path decides first, in the collider's frame, as the
 * world's contacts do (contact3.c): the node went from `from` (collider at
 * its pose at the update's start) to `pred` (at its end), and a path that
 * crossed the surface goes back out where it entered, so a head that
 * turns or moves fast cannot pass through its own hair. Without friction,
 * as in Dynamic Bone: the pose pulls the hair, the surface only bars it.
 * A 2D world does the same with its 2D shapes. */
#include <math.h>

#include "bone.h"
#include "vec3.h"

/* A collider over one update: its poses at the start and the end. */
typedef struct probe {
	const tt_collider *c;
	int is_3d;
	tt_pose3 prev3, cur3;
	tt_pose prev, cur;
	float margin;  /* how far a point of it can have moved */
} probe;

static tt_vec3 local(const probe *p, int end, tt_vec3 x)
{
	if (p->is_3d)
		return tt_pose3_to_local(end ? &p->cur3 : &p->prev3, x);
	tt_vec3 l = {0.0f, 0.0f, 0.0f};
	tt_pose_to_local(end ? p->cur : p->prev, x.x, x.y, &l.x, &l.y);
	return l;
}

static tt_vec3 world(const probe *p, tt_vec3 l)
{
	if (p->is_3d)
		return tt_pose3_to_world(&p->cur3, l);
	tt_vec3 x = {0.0f, 0.0f, 0.0f};
	tt_pose_to_world(p->cur, l.x, l.y, &x.x, &x.y);
	return x;
}

static float distance(const probe *p, tt_vec3 l, float r, tt_vec3 *n)
{
	if (p->is_3d)
		return tt_shape3_distance(&p->c->shape3, l, r, n);
	*n = v3(0.0f, 0.0f, 0.0f);
	return tt_shape_distance(&p->c->shape, l.x, l.y, r, &n->x, &n->y);
}

static int raycast(const probe *p, tt_vec3 s, tt_vec3 m, float r, float *t,
		   tt_vec3 *n)
{
	if (p->is_3d)
		return tt_shape3_raycast(&p->c->shape3, s, m, r, 1.0f, t, n);
	*n = v3(0.0f, 0.0f, 0.0f);
	return tt_shape_raycast(&p->c->shape, s.x, s.y, m.x, m.y, r, 1.0f, t,
				&n->x, &n->y);
}

/* How far a point at distance r from a pose's centre moves when the pose
 * turns from a to b: the chord r * 2 sin(angle / 2) = r * 2 sqrt(1 - d^2),
 * d the quaternions' dot product (3D), or the angle itself (2D, a bound). */
static float turn_chord3(tt_quat a, tt_quat b)
{
	float d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
	return 2.0f * sqrtf(bone_max(1.0f - d * d, 0.0f));
}

static probe make_probe(const tt_world *w, const tt_collider *c, float t0,
			float t1)
{
	probe p = {.c = c, .is_3d = w->def.is_3d};
	float turn, reach;
	tt_vec3 moved;
	if (p.is_3d) {
		p.prev3 = tt_pose3_lerp(&c->from3, &c->to3, t0);
		p.cur3 = tt_pose3_lerp(&c->from3, &c->to3, t1);
		turn = turn_chord3(p.prev3.q, p.cur3.q);
		moved = v3_sub(p.cur3.p, p.prev3.p);
		reach = c->shape3.reach;
	} else {
		p.prev = tt_collider_pose_at(c, t0);
		p.cur = tt_collider_pose_at(c, t1);
		turn = fabsf(p.cur.a - p.prev.a);
		moved = v3(p.cur.x - p.prev.x, p.cur.y - p.prev.y, 0.0f);
		reach = c->shape.reach;
	}
	p.margin = c->def.shape == TT_SHAPE_PLANE ? INFINITY
						  : reach * (1.0f + turn) + v3_length(moved);
	return p;
}

/* The box about every free node's path this update, grown by the largest
 * radius: a collider whose whole sweep this step misses it is skipped. */
typedef struct box {
	tt_vec3 lo, hi;
} box;

static box chain_box(const tt_bonechain *c)
{
	box b = {c->pred[0], c->pred[0]};
	float r = 0.0f;
	for (int i = 1; i < c->nodes; i++) {
		const tt_vec3 *at[2] = {&c->pred[i], &c->from[i]};
		for (int k = 0; k < 2; k++) {
			b.lo = v3(bone_min(b.lo.x, at[k]->x), bone_min(b.lo.y, at[k]->y),
				  bone_min(b.lo.z, at[k]->z));
			b.hi = v3(bone_max(b.hi.x, at[k]->x), bone_max(b.hi.y, at[k]->y),
				  bone_max(b.hi.z, at[k]->z));
		}
		r = bone_max(r, c->value[TT_BONE_RADIUS][i]);
	}
	b.lo = v3(b.lo.x - r, b.lo.y - r, b.lo.z - r);
	b.hi = v3(b.hi.x + r, b.hi.y + r, b.hi.z + r);
	return b;
}

static int sweep_meets(const tt_world *w, const tt_collider *c, const box *b)
{
	if (c->def.shape == TT_SHAPE_PLANE)
		return 1;
	tt_vec3 at, from;
	float reach;
	if (w->def.is_3d) {
		at = c->to3.p, from = c->from3.p;
		reach = c->shape3.reach * (1.0f + turn_chord3(c->from3.q, c->to3.q));
	} else {
		at = v3(c->to.x, c->to.y, 0.0f), from = v3(c->from.x, c->from.y, 0.0f);
		reach = c->shape.reach * (1.0f + fabsf(c->to.a - c->from.a));
	}
	reach += v3_length(v3_sub(at, from));
	tt_vec3 q = v3(bone_min(bone_max(at.x, b->lo.x), b->hi.x),
		       bone_min(bone_max(at.y, b->lo.y), b->hi.y),
		       bone_min(bone_max(at.z, b->lo.z), b->hi.z));
	tt_vec3 d = v3_sub(at, q);
	return v3_dot(d, d) <= reach * reach;
}

/* Could the node, going from a to b, have met the collider? */
static int near(const probe *p, tt_vec3 a, tt_vec3 b, float r)
{
	tt_vec3 at = p->is_3d ? p->cur3.p : v3(p->cur.x, p->cur.y, 0.0f);
	tt_vec3 d = v3_sub(b, at);
	float far = p->margin + r + v3_length(v3_sub(b, a));
	return v3_dot(d, d) <= far * far;
}

/* From outside: 1 with the normal and the depth to push the local end l
 * out by, when the path from s crossed the surface or l is in it. */
static int outside(const probe *p, tt_vec3 s, tt_vec3 l, float r, tt_vec3 *n,
		   float *depth)
{
	tt_vec3 dn, m = v3_sub(l, s);
	float t, d = distance(p, l, r, &dn);
	if (d > 0.0f && v3_dot(m, m) < d * d)
		return 0;
	if (raycast(p, s, m, r, &t, n)) {
		*depth = v3_dot(v3_sub(v3_mad(s, m, t), l), *n);
		return 1;
	}
	*n = dn;
	*depth = -d;
	return d < 0.0f;
}

/* From inside: the node's whole sphere stays within the surface. */
static int inside(const probe *p, tt_vec3 l, float r, tt_vec3 *n, float *depth)
{
	float d = distance(p, l, 0.0f, n);
	*depth = -r - d;  /* along the outward normal: inwards */
	return d > -r;
}

static void against(tt_bonechain *c, const probe *p, int within)
{
	const float *radius = c->value[TT_BONE_RADIUS];
	for (int i = 1; i < c->nodes; i++) {
		tt_vec3 n, l;
		float depth, r = radius[i];
		if (c->held[i] || (!within && !near(p, c->from[i], c->pred[i], r)))
			continue;
		l = local(p, 1, c->pred[i]);
		int hit = within ? inside(p, l, r, &n, &depth)
				 : outside(p, local(p, 0, c->from[i]), l, r, &n, &depth);
		if (hit)
			c->pred[i] = world(p, v3_mad(l, n, depth));
	}
}

static void collide_with(tt_world *w, tt_bonechain *c, const box *b, int i,
			 int within, float t0, float t1)
{
	const tt_collider *col = &w->colliders.items[i];
	if (!col->def.enabled || (!within && !sweep_meets(w, col, b)))
		return;
	probe p = make_probe(w, col, t0, t1);
	against(c, &p, within);
}

void tt_bonechain_collide(tt_world *w, tt_bonechain *c, float t0, float t1)
{
	const tt_bonechain_def *d = &c->def;
	box b = chain_box(c);
	for (int k = 0; k < d->collider_count; k++) {
		tt_collider_id id = d->colliders[k].collider;
		int i = tt_pool_find(&w->collider_pool, id.index1, id.generation);
		if (i >= 0)
			collide_with(w, c, &b, i, d->colliders[k].inside, t0, t1);
	}
	for (int i = 0; d->collider_count == 0 && i < w->colliders.count; i++) {
		const tt_collider_def *cd = &w->colliders.items[i].def;
		if (tt_collide_filter(d->group, d->mask, cd->group, cd->mask))
			collide_with(w, c, &b, i, 0, t0, t1);
	}
}
