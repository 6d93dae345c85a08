/* Every chain's work in a world step, after the substeps (the root, the
 * colliders and the frames are at their poses for the step's end):
 *   find     its particles this step (one destroyed cuts the chain there)
 *   LOD      its level from the distance of the root to the LOD point
 *   held     a particle something else moved since the chain placed it
 *            (a grab, a script) is held there for the update
 *   teleport a root that jumped or turned past the chain's limits in one
 *            step takes the chain along (keep) or resets it (reset)
 *   update   as many as its rate asks (one a step by default), each split
 *            in parts of at most 20 degrees of the root's turn, so a head
 *            turning 180 degrees in one step brings its hair around it
 *   show     the particles placed: as simulated, or, for a chain slower
 *            than the world, blended between its last two updates in the
 *            root's frame (they ride the root between updates)
 * A culled chain (beyond its LOD cull distance) does none of it: its
 * particles are put in the animated pose when the root moved, and it
 * wakes in that pose, at rest. */
#include <math.h>

#include "bone.h"
#include "vec3.h"

#define PART_TURN 0.34906585f  /* 20 degrees */
#define MAX_PARTS 64

/* Rates whose updates fall on steps (60 Hz at 1/60 s) give one a step
 * whatever float makes of rate * dt. */
#define RATE_SLACK 1e-4f

/* A hair above the held place: see show(). */
#define HELD_LIFT 1e-5f

/* The particles from i on go (i was destroyed): the chain ends before. */
static void cut(tt_bonechain *c, int i)
{
	for (int k = i + 1; k < c->count; k++)
		tt_particle_destroy(c->node[k]);
	c->count = c->def.point_count = i;
	c->def.end_length = 0.0f;
	if (i >= 2)
		tt_bonechain_refresh(c);
}

/* Dense indices of the particles; a destroyed one ends the chain there. */
static int find_nodes(const tt_world *w, tt_bonechain *c)
{
	for (int i = 0; i < c->count; i++) {
		tt_particle_id p = c->node[i];
		c->dense[i] = tt_pool_find(&w->particle_pool, p.index1, p.generation);
		if (c->dense[i] < 0) {
			cut(c, i);  /* which moves other particles */
			i = -1;
		}
	}
	return c->count >= 2;
}

static tt_vec3 particle_at(const tt_particles *p, int i)
{
	return v3(p->x[i], p->y[i], p->z[i]);
}

static void place(tt_world *w, int i, tt_vec3 x)
{
	tt_particles *p = &w->particles;
	p->x[i] = p->px[i] = x.x;
	p->y[i] = p->py[i] = x.y;
	p->z[i] = p->pz[i] = x.z;
}

static float turn_angle(tt_quat a, tt_quat b)
{
	float d = fabsf(a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z);
	return 2.0f * acosf(fminf(d, 1.0f));
}

/* The level, and the rate to run at (0: once a step). */
static int level_of(const tt_world *w, const tt_bonechain *c, tt_vec3 root,
		    float *rate)
{
	const tt_bone_lod *l = &c->def.lod;
	*rate = c->def.rate;
	if (!(l->cull > 0.0f))
		return TT_BONE_LEVEL_FULL;
	tt_vec3 from = l->own_point ? l->point : w->bonechains.lod_point;
	float d = v3_length(v3_sub(root, from));
	if (d >= l->cull)
		return TT_BONE_LEVEL_CULLED;
	if (d <= l->near)
		return TT_BONE_LEVEL_FULL;
	float full = *rate > 0.0f ? *rate : 1.0f / w->def.time_step;
	float t = l->far > l->near ? fminf((d - l->near) / (l->far - l->near), 1.0f)
				   : 1.0f;
	*rate = full + (l->rate - full) * t;
	return TT_BONE_LEVEL_LOW;
}

static void freeze(tt_world *w, tt_bonechain *c, const tt_pose3 *root)
{
	int moved = !c->culled || !tt_pose3_same(root, &c->seen_root);
	for (int i = 0; moved && i < c->count; i++) {
		c->shown[i] = tt_pose3_to_world(root, c->rest[i]);
		place(w, c->dense[i], c->shown[i]);
	}
	c->culled = 1;
	c->seen_root = *root;
}

static void take_held(const tt_world *w, tt_bonechain *c)
{
	const tt_particles *p = &w->particles;
	for (int i = 1; i < c->count; i++) {
		tt_vec3 x = particle_at(p, c->dense[i]), s = c->shown[i];
		c->held[i] = x.x != s.x || x.y != s.y || x.z != s.z;
		if (c->held[i])
			c->hold[i] = x;
	}
}

/* The root jumped from seen_root to `to`: carry everything rigidly with
 * it (the last update's root too, so the jump is no motion). */
static void jump(tt_bonechain *c, const tt_pose3 *to)
{
	const tt_pose3 *s = &c->seen_root;
	tt_quat turn = tt_quat_mul(to->q, (tt_quat){s->q.w, -s->q.x, -s->q.y, -s->q.z});
	tt_quat_normalize(turn, &turn);
	tt_pose3 j = tt_pose3_make(v3(0.0f, 0.0f, 0.0f), turn);
	for (int i = 0; i < c->nodes; i++) {
		c->x[i] = tt_pose3_to_world(to, tt_pose3_to_local(s, c->x[i]));
		c->v[i] = tt_pose3_turn(&j, c->v[i]);
	}
	tt_quat q = tt_quat_mul(turn, c->last_root.q);
	tt_quat_normalize(q, &q);
	c->last_root = tt_pose3_make(
		tt_pose3_to_world(to, tt_pose3_to_local(s, c->last_root.p)), q);
	c->seen_root = *to;
}

static int beyond(const tt_bonechain_def *d, const tt_pose3 *a, const tt_pose3 *b)
{
	float moved = v3_length(v3_sub(b->p, a->p)), turned = turn_angle(a->q, b->q);
	return (d->teleport_distance > 0.0f && moved > d->teleport_distance) ||
	       (d->teleport_angle > 0.0f && turned > d->teleport_angle);
}

/* A teleport of the root between steps (it starts the step elsewhere) is
 * the jump alone, the step's motion after it as usual; a move within the
 * step past the limits is all jump. 1 when the chain was reset: it shows
 * the animated pose this step. */
static int teleport(tt_bonechain *c, const tt_pose3 *start, const tt_pose3 *root)
{
	const tt_bonechain_def *d = &c->def;
	int before = beyond(d, &c->seen_root, start);
	int during = beyond(d, before ? start : &c->seen_root, root);
	if (!before && !during)
		return 0;
	if (d->teleport_mode == TT_BONE_TELEPORT_RESET) {
		tt_bonechain_pose(c, root);
		return 1;
	}
	if (before)
		jump(c, start);
	if (during)
		jump(c, root);
	return 0;
}

/* Updates due this step at rate (0: one). */
static int due(tt_bonechain *c, float rate, float dt)
{
	if (rate == 0.0f)
		return 1;
	c->acc += rate * dt;
	int k = (int)fminf(c->acc + RATE_SLACK, (float)MAX_PARTS);
	c->acc -= (float)k;
	if (!(c->acc > 0.0f && c->acc < 1.0f))  /* rounding, or too fast */
		c->acc = 0.0f;
	return k;
}

/* k updates over the time since the last one, the root going from its
 * pose then to root; the colliders are where they were at each part's
 * time in this step (clamped to it). */
static void run(tt_world *w, tt_bonechain *c, const tt_pose3 *root, int k)
{
	float turn = turn_angle(c->last_root.q, root->q);
	int parts = (int)fminf(fmaxf((float)k, ceilf(turn / PART_TURN)), MAX_PARTS);
	float dt = c->since / (float)parts, step = w->def.time_step;
	tt_pose3 a = c->last_root;
	for (int j = 1; j <= parts; j++) {
		float s = (float)j / (float)parts;
		tt_pose3 b = tt_pose3_lerp(&c->last_root, root, s);
		float t1 = fmaxf(1.0f - (c->since - c->since * s) / step, 0.0f);
		float t0 = fmaxf(t1 - dt / step, 0.0f);
		tt_bonechain_update(w, c, &a, &b, dt, t0, t1);
		a = b;
	}
	for (int i = 0; i < c->nodes; i++) {
		c->was[i] = c->now[i];
		c->now[i] = tt_pose3_to_local(root, c->x[i]);
	}
	c->last_root = *root;
	c->since = 0.0f;
}

/* A held particle is shown HELD_LIFT above its place: a grab that holds
 * still moves it back there, so the chain tells it from one let go (which
 * leaves it where it was shown). */
static void show(tt_world *w, tt_bonechain *c, const tt_pose3 *root,
		 int blend)
{
	for (int i = 0; i < c->count; i++) {
		tt_vec3 x = c->x[i];
		if (c->held[i])
			x.y += HELD_LIFT * (1.0f + fabsf(x.y));
		else if (blend)
			x = tt_pose3_to_world(root, v3_mad(c->was[i],
							   v3_sub(c->now[i], c->was[i]),
							   c->acc));
		c->shown[i] = x;
		place(w, c->dense[i], x);
	}
}

static void step_chain(tt_world *w, tt_bonechain *c)
{
	tt_pose3 start, root;
	float rate, dt = w->def.time_step;
	if (!find_nodes(w, c) || !tt_bonechain_root_pose(w, c, 1, &root))
		return;
	tt_bonechain_root_pose(w, c, 0, &start);
	c->level = level_of(w, c, root.p, &rate);
	if (c->level == TT_BONE_LEVEL_CULLED) {
		freeze(w, c, &root);
		return;
	}
	if (c->culled) {
		tt_bonechain_pose(c, &root);
		c->culled = 0;
	}
	take_held(w, c);
	if (!teleport(c, &start, &root)) {
		c->since += dt;
		int k = due(c, rate, dt);
		if (k > 0)
			run(w, c, &root, k);
	}
	show(w, c, &root, rate > 0.0f && rate * dt < 1.0f - RATE_SLACK);
	c->seen_root = root;
}

void tt_bonechain_step(tt_world *w)
{
	tt_bonechains *cs = &w->bonechains;
	for (int k = 0; k < TT_BONE_LEVEL_COUNT; k++)
		cs->levels[k] = 0;
	for (int i = 0; i < cs->count; i++) {
		step_chain(w, &cs->items[i]);
		cs->levels[cs->items[i].level]++;
	}
}

void tt_bonechain_translate_all(tt_world *w, tt_vec3 d)
{
	for (int k = 0; k < w->bonechains.count; k++) {
		tt_bonechain *c = &w->bonechains.items[k];
		for (int i = 0; i < c->nodes; i++) {
			c->x[i] = v3_add(c->x[i], d);
			c->hold[i] = v3_add(c->hold[i], d);
		}
		for (int i = 0; i < c->count; i++)
			c->shown[i] = v3_add(c->shown[i], d);
		c->last_root.p = v3_add(c->last_root.p, d);
		c->seen_root.p = v3_add(c->seen_root.p, d);
	}
}
