/* One update of a dynamic-bone chain, Dynamic Bone's steps in
 * position-based form (Müller et al., "Position Based Dynamics", 2007):
 *   carry    a share `inertia` of the root's rigid motion over the update
 *            (about the root; speeds turn with it), so 1 rides the root
 *   predict  v = v (1 - damping)^(60 dt) + (gravity + force) dt, y = x + v dt
 *   shape    root to tip, each node goes a share of the way to its animated
 *            place (its parent plus its rest segment turned by the root),
 *            then back inside the stiffness cone about it
 *   lengths  the segments' lengths solved together, both ways and weighted
 *            (the root and held nodes do not move), as one tridiagonal
 *            system (as ropes do, chain.c), then clamped to the band
 *            rest * (1 +- max_stretch) from the root outwards
 *   collide  out of (or within) the colliders, last, so nothing ends inside
 *   finish   v = (y - x) / dt, x = y
 * Dynamic Bone keeps lengths by moving each child to its parent only, so a
 * node held mid-chain could not pull the nodes above it; here it does, and
 * a chain with no knobs swings as a rope does. */
#include <math.h>

#include "bone.h"
#include "vec3.h"

static int fixed(const tt_bonechain *c, int i)
{
	return i == 0 || c->held[i];
}

/* The pose a to b turned and moved a share k of the way (k = 1: b's
 * motion entire), about a's centre: nlerp of the turn from no turn, which
 * is slerp to within 0.1% for the 20 degrees an update turns at most. */
static tt_pose3 part_of(const tt_pose3 *a, const tt_pose3 *b, tt_quat turn,
			float k)
{
	tt_quat q = {1.0f - k + k * turn.w, k * turn.x, k * turn.y, k * turn.z};
	float n = 1.0f / sqrtf(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
	q = (tt_quat){q.w * n, q.x * n, q.y * n, q.z * n};
	return tt_pose3_make(v3_mad(a->p, v3_sub(b->p, a->p), k), q);
}

static void carry(tt_bonechain *c, const tt_pose3 *a, const tt_pose3 *b)
{
	for (int i = 0; i < c->nodes; i++)
		c->from[i] = c->x[i];
	if (tt_pose3_same(a, b))
		return;
	tt_quat turn = tt_quat_mul(b->q, (tt_quat){a->q.w, -a->q.x, -a->q.y, -a->q.z});
	if (turn.w < 0.0f)  /* the shorter way */
		turn = (tt_quat){-turn.w, -turn.x, -turn.y, -turn.z};
	float last = -1.0f;
	tt_pose3 r = *a;
	for (int i = 1; i < c->nodes; i++) {
		float k = c->value[TT_BONE_INERTIA][i];
		if (c->held[i] || k == 0.0f)
			continue;
		if (k != last)
			r = part_of(a, b, turn, last = k);
		c->x[i] = v3_add(r.p, tt_pose3_turn(&r, v3_sub(c->x[i], a->p)));
		c->v[i] = tt_pose3_turn(&r, c->v[i]);
	}
}

static void predict(tt_bonechain *c, const tt_pose3 *b, float dt)
{
	tt_vec3 a = v3_scale(v3_add(c->def.gravity, c->def.force), dt);
	c->pred[0] = tt_pose3_to_world(b, c->rest[0]);
	for (int i = 1; i < c->nodes; i++) {
		if (c->held[i]) {
			c->pred[i] = c->hold[i];
			continue;
		}
		c->v[i] = v3_add(v3_scale(c->v[i], c->damp_k[i]), a);
		c->pred[i] = v3_mad(c->x[i], c->v[i], dt);
	}
}

static void shape(tt_bonechain *c, const tt_pose3 *b)
{
	for (int i = 1; i < c->nodes; i++) {
		if (c->held[i])
			continue;
		tt_vec3 seg = tt_pose3_turn(b, v3_sub(c->rest[i], c->rest[i - 1]));
		tt_vec3 goal = v3_add(c->pred[i - 1], seg);
		tt_vec3 y = v3_mad(c->pred[i], v3_sub(goal, c->pred[i]), c->elast_k[i]);
		tt_vec3 off = v3_sub(goal, y);
		float len = v3_length(off);
		if (len > c->chord[i] && len > 1e-12f)
			y = v3_mad(y, off, (len - c->chord[i]) / len);
		c->pred[i] = y;
	}
}

static double *column(const tt_bonechain *c, int k)
{
	return c->solve + (size_t)k * (size_t)(c->count + 1);
}

/* Segment k joins nodes k and k + 1: u its direction now and its length,
 * o its direction at the update's start (the corrections go along it, as
 * in solver.c), or u when it turned far. */
static void directions(tt_bonechain *c, int m)
{
	double *o[3] = {column(c, TT_BS_OX), column(c, TT_BS_OY), column(c, TT_BS_OZ)};
	double *u[3] = {column(c, TT_BS_UX), column(c, TT_BS_UY), column(c, TT_BS_UZ)};
	double *len = column(c, TT_BS_LEN);
	for (int k = 0; k < m; k++) {
		tt_vec3 d = v3_sub(c->pred[k], c->pred[k + 1]);
		tt_vec3 s = v3_sub(c->x[k], c->x[k + 1]);
		float l = v3_length(d), sl = v3_length(s);
		if (!(v3_dot(s, d) > 0.5f * sl * l))
			s = d, sl = l;
		double ku = l > 1e-12f ? 1.0 / l : 0.0, ko = sl > 1e-12f ? 1.0 / sl : 0.0;
		o[0][k] = s.x * ko, o[1][k] = s.y * ko, o[2][k] = s.z * ko;
		u[0][k] = d.x * ku, u[1][k] = d.y * ku, u[2][k] = d.z * ku;
		len[k] = l;
	}
}

/* u_k . o_j, from the columns u and o (x, y, z each). */
static inline double along(const double *const u[3], const double *const o[3],
			   int k, int j)
{
	return u[0][k] * o[0][j] + u[1][k] * o[1][j] + u[2][k] * o[2][j];
}

/* A segment inside its band (max_stretch > 0) is free: its row asks for
 * nothing and couples to nothing. */
static void rows(tt_bonechain *c, int m)
{
	double *diag = column(c, TT_BS_DIAG), *lower = column(c, TT_BS_LOWER),
	       *upper = column(c, TT_BS_UPPER), *rhs = column(c, TT_BS_RHS);
	const double *len = column(c, TT_BS_LEN);
	const double *const o[3] = {column(c, TT_BS_OX), column(c, TT_BS_OY),
				    column(c, TT_BS_OZ)};
	const double *const u[3] = {column(c, TT_BS_UX), column(c, TT_BS_UY),
				    column(c, TT_BS_UZ)};
	for (int k = 0; k < m; k++) {
		double wa = fixed(c, k) ? 0.0 : 1.0, wb = fixed(c, k + 1) ? 0.0 : 1.0;
		float lo = c->lo[k + 1], hi = c->hi[k + 1], l = (float)len[k];
		float goal = bone_min(bone_max(l, lo), hi);
		diag[k] = (wa + wb) * along(u, o, k, k);
		lower[k] = k > 0 ? -wa * along(u, o, k, k - 1) : 0.0;
		upper[k] = k + 1 < m ? -wb * along(u, o, k, k + 1) : 0.0;
		rhs[k] = (double)goal - len[k];
		if ((lo < hi && goal == l) || !(diag[k] > 1e-12))
			diag[k] = 1.0, lower[k] = upper[k] = rhs[k] = 0.0;
	}
}

/* Node i's correction; no node moves more than a quarter of its segment
 * in one update (near a straight chain held at both ends the system is
 * nearly singular and asks for large sideways moves): all are scaled
 * alike, so the solution keeps its direction. */
static void apply(tt_bonechain *c, int m)
{
	const double *o[3] = {column(c, TT_BS_OX), column(c, TT_BS_OY), column(c, TT_BS_OZ)};
	const double *dl = column(c, TT_BS_RHS);
	double *move[3] = {column(c, TT_BS_DIAG), column(c, TT_BS_LOWER),
			   column(c, TT_BS_UPPER)};
	double k = 1.0;
	for (int i = 0; i <= m; i++) {
		double w = fixed(c, i) ? 0.0 : 1.0, m2 = 0.0;
		for (int a = 0; a < 3; a++) {
			double in = i < m ? dl[i] * o[a][i] : 0.0;
			double out = i > 0 ? dl[i - 1] * o[a][i - 1] : 0.0;
			move[a][i] = w * (in - out);
			m2 += move[a][i] * move[a][i];
		}
		double most = 0.25 * c->len[i > 0 ? i : 1];
		if (m2 * k * k > most * most)
			k = most / sqrt(m2);
	}
	for (int i = 0; i <= m; i++)
		c->pred[i] = v3_add(c->pred[i], v3((float)(k * move[0][i]),
						   (float)(k * move[1][i]),
						   (float)(k * move[2][i])));
}

/* What the linear solve left, from the root outwards: each node onto the
 * band about its parent (Dynamic Bone's "keep length"). A held node too:
 * pulled past the chain's reach it stops at the end of it, the chain
 * straight towards where it is held (a clamp, never a tear). */
static void clamp_lengths(tt_bonechain *c)
{
	for (int i = 1; i < c->nodes; i++) {
		tt_vec3 d = v3_sub(c->pred[i], c->pred[i - 1]);
		float l = v3_length(d), keep = bone_min(bone_max(l, c->lo[i]), c->hi[i]);
		if (l > 1e-12f && keep != l)
			c->pred[i] = v3_mad(c->pred[i - 1], d, keep / l);
	}
}

/* One Newton step, or two while a node is held (the chain bends to it
 * from both ends, which one step leaves short). */
static void lengths(tt_bonechain *c, int held)
{
	int m = c->nodes - 1;
	for (int pass = 0; pass < 1 + held; pass++) {
		directions(c, m);
		rows(c, m);
		if (tt_chain_thomas(column(c, TT_BS_DIAG), column(c, TT_BS_LOWER),
				    column(c, TT_BS_UPPER), column(c, TT_BS_RHS), m))
			apply(c, m);
	}
	clamp_lengths(c);
}

static int any_held(const tt_bonechain *c)
{
	for (int i = 1; i < c->count; i++)
		if (c->held[i])
			return 1;
	return 0;
}

/* A node gone non-finite (a root or collider at a huge distance, a knob
 * pushed to a corner) goes back where it was, at rest, and is reported,
 * as the world's particles are: it never spreads. */
static void finish(tt_world *w, tt_bonechain *c, float dt)
{
	float inv = 1.0f / dt;
	for (int i = 0; i < c->nodes; i++) {
		tt_vec3 v = v3_scale(v3_sub(c->pred[i], c->x[i]), inv), p = c->pred[i];
		if (isfinite(v.x + v.y + v.z + p.x + p.y + p.z)) {
			c->v[i] = v;
			c->x[i] = c->pred[i];
			continue;
		}
		c->v[i] = v3(0.0f, 0.0f, 0.0f);
		w->nonfinite_resets++;
		if (i < c->count)
			tt_event_push(w, &(tt_event){.kind = TT_EVENT_NONFINITE,
						     .particle = c->node[i],
						     .point = c->x[i]});
	}
	c->updates += (uint64_t)(c->nodes - 1);
}

void tt_bonechain_update(tt_world *w, tt_bonechain *c, const tt_pose3 *a,
			 const tt_pose3 *b, float dt, float t0, float t1)
{
	tt_bonechain_rates(c, dt);
	carry(c, a, b);
	predict(c, b, dt);
	shape(c, b);
	lengths(c, any_held(c));
	tt_bonechain_collide(w, c, t0, t1);
	finish(w, c, dt);
}
