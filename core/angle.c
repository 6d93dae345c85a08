/* Angle constraints: the bend at a particle between two arms, in XPBD form.
 *
 * For arms e1 = b - a and e2 = c - b the bend is the angle from e1 to e2:
 * 0 on a straight line. In 2D it is signed, phi = atan2(e1 x e2, e1 . e2),
 * and its gradient is d phi / d c = perp(e2) / |e2|^2, d phi / d a =
 * perp(e1) / |e1|^2, d phi / d b = -(both), perp(x, y) = (-y, x). In 3D it
 * is unsigned, phi = atan2(|e1 x e2|, e1 . e2), with d phi / d e2 =
 * -(u1 - cos phi u2) / (|e2| sin phi) (u the unit arms), and likewise for
 * e1; on a straight line it has no direction and is left alone.
 *
 * Per substep (Macklin et al., "XPBD", 2016), with W = sum w_i |g_i|^2:
 *   soft:   dlambda = (-C - alpha lambda) / (W + alpha),  C = phi - rest
 *   limits: then, from the bend that correction gives (phi + W dlambda),
 *           the rest of the way back into [min, max] (rigid, as inequality)
 * and x_i += w_i g_i (both dlambdas), so one gradient serves both. The
 * limits are enforced again after the substep's contacts (LIMIT_PASSES
 * times over, since chained joints undo each other): a contact's
 * push otherwise leaves a joint bent past its limit (1.7 degrees for a
 * limb landing at 3 m/s), while the limit's last word leaves a contact at
 * most a millimetre deep until the next substep (1.4 mm there). */
#include <float.h>
#include <math.h>

#include "world.h"

#define PI_F 3.14159265f
/* Gauss-Seidel passes of the limits after the contacts: joints in a chain
 * share arms, so one pass leaves what the next joint's correction undid
 * (the worst joint of 5 ragdolls tumbling down stairs for 10 s, over six
 * throws: up to 5.4 degrees past its limit after one pass, 0.5 after
 * two, 0.18 after three, 0.08 after four). */
#define LIMIT_PASSES 4

tt_columns tt_angle_columns(tt_angles *a)
{
	return (tt_columns){{(void **)&a->a, (void **)&a->b, (void **)&a->c,
			     (void **)&a->rest, (void **)&a->compliance,
			     (void **)&a->min, (void **)&a->max,
			     (void **)&a->lambda, (void **)&a->slot},
			    9};
}

tt_angle_def tt_angle_def_default(void)
{
	return (tt_angle_def){.rest = NAN, .min = -PI_F, .max = PI_F};
}

static int lookup(tt_angle_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	return w ? tt_pool_find(&w->angle_pool, id.index1, id.generation) : -1;
}

/* The bend at b of a-b-c and, if g is given, its gradient: g[0..2] for a,
 * g[3..5] for b, g[6..8] for c (all zero where it has no direction). */
static float bend(const tt_particles *p, int is_3d, int a, int b, int c,
		  float *g)
{
	float e1x = p->x[b] - p->x[a], e1y = p->y[b] - p->y[a],
	      e1z = p->z[b] - p->z[a];
	float e2x = p->x[c] - p->x[b], e2y = p->y[c] - p->y[b],
	      e2z = p->z[c] - p->z[b];
	float l1 = e1x * e1x + e1y * e1y + e1z * e1z;
	float l2 = e2x * e2x + e2y * e2y + e2z * e2z;
	float dot = e1x * e2x + e1y * e2y + e1z * e2z;
	float cx = e1y * e2z - e1z * e2y, cy = e1z * e2x - e1x * e2z,
	      cz = e1x * e2y - e1y * e2x;
	float sine = is_3d ? sqrtf(cx * cx + cy * cy + cz * cz) : cz;
	float phi = atan2f(sine, dot);
	if (!g)
		return phi;
	for (int k = 0; k < 9; k++)
		g[k] = 0.0f;
	if (!(l1 > 1e-18f && l2 > 1e-18f))
		return phi;
	if (!is_3d) {
		g[0] = -e1y / l1, g[1] = e1x / l1;
		g[6] = -e2y / l2, g[7] = e2x / l2;
	} else if (sine > 1e-6f * sqrtf(l1 * l2)) {
		/* d phi / d e1 = -(u2 - cos u1) / (|e1| sin), so on a it is
		 * minus that; d phi / d e2 likewise with the arms swapped */
		float s1 = sqrtf(l1), s2 = sqrtf(l2), cosine = dot / (s1 * s2);
		float k1 = 1.0f / (s1 * (sine / (s1 * s2))),
		      k2 = 1.0f / (s2 * (sine / (s1 * s2)));
		g[0] = k1 * (e2x / s2 - cosine * e1x / s1);
		g[1] = k1 * (e2y / s2 - cosine * e1y / s1);
		g[2] = k1 * (e2z / s2 - cosine * e1z / s1);
		g[6] = -k2 * (e1x / s1 - cosine * e2x / s2);
		g[7] = -k2 * (e1y / s1 - cosine * e2y / s2);
		g[8] = -k2 * (e1z / s1 - cosine * e2z / s2);
	}
	g[3] = -(g[0] + g[6]), g[4] = -(g[1] + g[7]), g[5] = -(g[2] + g[8]);
	return phi;
}

/* An angle difference brought into (-pi, pi]. */
static float wrap(float d)
{
	if (d > PI_F)
		d -= 2.0f * PI_F;
	else if (d <= -PI_F)
		d += 2.0f * PI_F;
	return d;
}

/* The correction (dlambda) that keeps the bend phi, moved by W dlambda,
 * inside [lo, hi]. */
static float limit(float phi, float W, float dl, float lo, float hi)
{
	float after = phi + W * dl;
	if (after > hi)
		return (hi - after) / W;
	if (after < lo)
		return (lo - after) / W;
	return 0.0f;
}

/* One angle's correction: the soft pull toward rest (alpha = compliance /
 * h^2, INFINITY for none), then the limits. */
static void solve(tt_world *w, int k, float alpha)
{
	tt_particles *p = &w->particles;
	tt_angles *an = &w->angles;
	const float *wi = p->inv_mass;
	int n[3] = {an->a[k], an->b[k], an->c[k]};
	if (wi[n[0]] + wi[n[1]] + wi[n[2]] == 0.0f)
		return;
	float g[9];
	float phi = bend(p, w->def.is_3d, n[0], n[1], n[2], g);
	float W = 0.0f;
	for (int q = 0; q < 3; q++)
		W += wi[n[q]] * (g[3 * q] * g[3 * q] + g[3 * q + 1] * g[3 * q + 1] +
				 g[3 * q + 2] * g[3 * q + 2]);
	if (!(W > 0.0f) || !isfinite(W))
		return;
	float dl = 0.0f;
	if (alpha < INFINITY) {
		dl = (-wrap(phi - an->rest[k]) - alpha * an->lambda[k]) / (W + alpha);
		an->lambda[k] += dl;
	}
	dl += limit(phi, W, dl, an->min[k], an->max[k]);
	if (!(fabsf(dl) <= FLT_MAX))  /* a particle went non-finite */
		return;
	for (int q = 0; q < 3 && dl != 0.0f; q++) {
		float s = wi[n[q]] * dl;
		p->x[n[q]] += s * g[3 * q];
		p->y[n[q]] += s * g[3 * q + 1];
		p->z[n[q]] += s * g[3 * q + 2];
	}
}

void tt_angle_project(tt_world *w, float h, int from, int to)
{
	const float inv_h2 = 1.0f / (h * h);
	for (int k = from; k < to; k++)
		solve(w, k, w->angles.compliance[k] * inv_h2);
}

static int limited(const tt_angles *an, int k)
{
	return an->min[k] > -PI_F || an->max[k] < PI_F;
}

void tt_angle_limit(tt_world *w)
{
	for (int pass = 0; pass < LIMIT_PASSES; pass++)
		for (int k = 0; k < w->angles.count; k++)
			if (limited(&w->angles, k))
				solve(w, k, INFINITY);
}

static int in_range(float v)
{
	return v >= -PI_F && v <= PI_F;
}

static tt_status check_def(const tt_angle_def *def)
{
	if (!(def->compliance >= 0.0f))  /* INFINITY allowed: limits only */
		return TT_ERR_COMPLIANCE;
	if ((!isnan(def->rest) && !in_range(def->rest)) || !in_range(def->min) ||
	    !in_range(def->max) || def->min > def->max)
		return TT_ERR_ANGLE;
	return TT_OK;
}

/* Dense indices of a, b, c, or the status that refuses them. */
static tt_status find_ends(tt_world *w, const tt_angle_def *def, int n[3])
{
	const tt_particle_id ids[3] = {def->a, def->b, def->c};
	for (int k = 0; k < 3; k++) {
		n[k] = tt_world_id_equal(ids[k].world, w->id)
			       ? tt_pool_find(&w->particle_pool, ids[k].index1,
					      ids[k].generation)
			       : -1;
		if (n[k] < 0)
			return tt_particle_valid(ids[k]) ? TT_ERR_ANGLE_PARTICLES
							 : TT_ERR_PARTICLE_STALE;
	}
	return n[0] == n[1] || n[1] == n[2] || n[0] == n[2]
		       ? TT_ERR_ANGLE_PARTICLES
		       : TT_OK;
}

static void set_def(tt_world *w, int k, const tt_angle_def *def)
{
	tt_angles *an = &w->angles;
	an->rest[k] = isnan(def->rest) ? bend(&w->particles, w->def.is_3d,
					      an->a[k], an->b[k], an->c[k], NULL)
				       : def->rest;
	an->compliance[k] = def->compliance;
	an->limited -= limited(an, k);
	an->min[k] = def->min;
	an->max[k] = def->max;
	an->limited += limited(an, k);
}

tt_status tt_angle_create(tt_world_id world, const tt_angle_def *def,
			  tt_angle_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	int n[3];
	tt_status status = find_ends(w, def, n);
	if (status == TT_OK)
		status = check_def(def);
	if (status != TT_OK)
		return status;
	tt_angles *an = &w->angles;
	tt_columns columns = tt_angle_columns(an);
	if (!tt_columns_reserve(&columns, an->count, &an->capacity))
		return TT_ERR_OUT_OF_MEMORY;
	int k = an->count;
	int slot = tt_pool_take(&w->angle_pool, k);
	if (slot < 0)
		return TT_ERR_OUT_OF_MEMORY;
	an->count++;
	an->a[k] = n[0], an->b[k] = n[1], an->c[k] = n[2];
	an->lambda[k] = 0.0f;
	an->slot[k] = slot;
	an->min[k] = -PI_F, an->max[k] = PI_F;  /* not limited yet */
	set_def(w, k, def);
	w->springs.dirty = 1;  /* angles are coloured with the springs */
	*out = (tt_angle_id){(uint32_t)slot + 1,
			     w->angle_pool.slots[slot].generation, world};
	return TT_OK;
}

static void remove_at(tt_world *w, int k)
{
	tt_angles *an = &w->angles;
	int last = an->count - 1;
	an->limited -= limited(an, k);
	tt_pool_give(&w->angle_pool, an->slot[k]);
	if (k != last) {
		tt_columns c = tt_angle_columns(an);
		tt_columns_move(&c, last, k);
		w->angle_pool.slots[an->slot[k]].dense = k;
	}
	an->count--;
	w->springs.dirty = 1;
}

tt_status tt_angle_destroy(tt_angle_id id)
{
	tt_world *w;
	int k = lookup(id, &w);
	if (k < 0)
		return TT_ERR_ANGLE_STALE;
	remove_at(w, k);
	return TT_OK;
}

int tt_angle_valid(tt_angle_id id)
{
	tt_world *w;
	return lookup(id, &w) >= 0;
}

tt_angle_def tt_angle_get_def(tt_angle_id id)
{
	tt_world *w;
	int k = lookup(id, &w);
	if (k < 0)
		return (tt_angle_def){0};
	const tt_angles *an = &w->angles;
	return (tt_angle_def){tt_particle_id_at(w, an->a[k]),
			      tt_particle_id_at(w, an->b[k]),
			      tt_particle_id_at(w, an->c[k]),
			      an->rest[k], an->compliance[k], an->min[k],
			      an->max[k]};
}

tt_status tt_angle_set_def(tt_angle_id id, const tt_angle_def *def)
{
	tt_world *w;
	int k = lookup(id, &w);
	if (k < 0)
		return TT_ERR_ANGLE_STALE;
	tt_status status = check_def(def);
	if (status == TT_OK)
		set_def(w, k, def);
	return status;
}

float tt_angle_get_angle(tt_angle_id id)
{
	tt_world *w;
	int k = lookup(id, &w);
	if (k < 0)
		return 0.0f;
	const tt_angles *an = &w->angles;
	return bend(&w->particles, w->def.is_3d, an->a[k], an->b[k], an->c[k],
		    NULL);
}

int tt_world_angle_count(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->angles.count : 0;
}

void tt_angle_drop_particle(tt_world *w, int i, int last)
{
	tt_angles *an = &w->angles;
	for (int k = an->count - 1; k >= 0; k--)
		if (an->a[k] == i || an->b[k] == i || an->c[k] == i)
			remove_at(w, k);
	for (int k = 0; k < an->count && i != last; k++) {
		an->a[k] = an->a[k] == last ? i : an->a[k];
		an->b[k] = an->b[k] == last ? i : an->b[k];
		an->c[k] = an->c[k] == last ? i : an->c[k];
	}
}

void tt_angle_sweep(tt_world *w, const int32_t *at)
{
	tt_angles *an = &w->angles;
	for (int k = an->count - 1; k >= 0; k--)
		if (at[an->a[k]] < 0 || at[an->b[k]] < 0 || at[an->c[k]] < 0)
			remove_at(w, k);
	for (int k = 0; k < an->count; k++) {
		an->a[k] = at[an->a[k]];
		an->b[k] = at[an->b[k]];
		an->c[k] = at[an->c[k]];
	}
}

/* At vertex v, an arm to `from` goes to `to` instead. */
static void move_arm(tt_angles *an, int k, int v, int from, int to)
{
	if (an->b[k] != v)
		return;
	if (an->a[k] == from)
		an->a[k] = to;
	if (an->c[k] == from)
		an->c[k] = to;
}

void tt_angle_cut(tt_world *w, int i, int j, int ni, int nj)
{
	tt_angles *an = &w->angles;
	for (int k = 0; k < an->count; k++) {
		move_arm(an, k, i, j, ni);
		move_arm(an, k, j, i, nj);
	}
	w->springs.dirty = 1;
}

void tt_angle_release(tt_world *w)
{
	tt_columns c = tt_angle_columns(&w->angles);
	tt_columns_resize(&c, w->angles.capacity, 0);
	tt_pool_release(&w->angle_pool);
}
