/* Damping, the two kinds users expect.
 *
 * Velocity damping, per particle and per world, in 1/s: each substep
 * v *= 1 / (1 + c h), c the particle's plus the world's (Box2D's linear
 * damping). It slows everything, a swing too: for air resistance, or a
 * world under water.
 *
 * A rope's damping, in 1/s, removes only the motion of its nodes relative
 * to the rope's rigid motion, so a heap of rope settles while a pendulum
 * keeps swinging (the global damping of Müller et al., "Position Based
 * Dynamics", 2007, section 3.5). Once per step, from the nodes' masses,
 * positions and velocities: the centre of mass c, its velocity v_c, the
 * angular momentum L and inertia I about c, omega = I^-1 L; then each free
 * node moves share = 1 - exp(-damping dt) of the way to v_c + omega x
 * (x - c). Pinned nodes count with a mass 1000 times the rope's, so the
 * rigid motion of a rope hanging from a pin is a turn about the pin, and a
 * rope pinned at both ends has none: all its motion settles. Linear and
 * angular momentum of the free nodes are kept. */
#include <math.h>

#include "world.h"

#define PIN_WEIGHT 1000.0  /* a pinned node's mass, times the rope's */

void tt_damping_apply(tt_world *w, float h)
{
	tt_particles *p = &w->particles;
	const float world = w->def.damping;
	for (int i = 0; i < p->count; i++) {
		float c = p->damping[i] + world;
		if (c > 0.0f && p->inv_mass[i] > 0.0f) {
			float k = 1.0f / (1.0f + c * h);
			p->vx[i] *= k, p->vy[i] *= k, p->vz[i] *= k;
		}
	}
}

/* A rope's rigid motion: centre c, its velocity v, the turn omega. */
typedef struct rigid {
	double c[3], v[3], omega[3];
} rigid;

static double node_mass(const tt_particles *p, int i, double pin)
{
	return p->inv_mass[i] > 0.0f ? (double)p->mass[i] : pin;
}

/* Centre and its velocity, weighting pinned nodes by pin. */
static void centre(const tt_particles *p, const int32_t *node, int n,
		   double pin, rigid *r)
{
	double m = 0.0, c[3] = {0}, v[3] = {0};
	for (int k = 0; k < n; k++) {
		int i = node[k];
		double mk = node_mass(p, i, pin);
		m += mk;
		c[0] += mk * p->x[i], c[1] += mk * p->y[i], c[2] += mk * p->z[i];
		v[0] += mk * p->vx[i], v[1] += mk * p->vy[i], v[2] += mk * p->vz[i];
	}
	for (int a = 0; a < 3; a++)
		r->c[a] = c[a] / m, r->v[a] = v[a] / m;
}

/* Solve I omega = L for a symmetric I given as xx, xy, xz, yy, yz, zz,
 * kept invertible by a little of its trace on the diagonal (a straight
 * rope cannot turn about itself). */
static void solve3(const double i[6], const double L[3], double out[3])
{
	double e = 1e-9 * (i[0] + i[3] + i[5]);
	double a = i[0] + e, b = i[1], c = i[2], d = i[3] + e, f = i[4],
	       g = i[5] + e;
	double m00 = d * g - f * f, m01 = c * f - b * g, m02 = b * f - c * d;
	double det = a * m00 + b * m01 + c * m02;
	if (!(fabs(det) > 0.0)) {
		out[0] = out[1] = out[2] = 0.0;
		return;
	}
	double m11 = a * g - c * c, m12 = b * c - a * f, m22 = a * d - b * b;
	out[0] = (m00 * L[0] + m01 * L[1] + m02 * L[2]) / det;
	out[1] = (m01 * L[0] + m11 * L[1] + m12 * L[2]) / det;
	out[2] = (m02 * L[0] + m12 * L[1] + m22 * L[2]) / det;
}

/* The turn omega = I^-1 L about the centre. */
static void turn(const tt_particles *p, const int32_t *node, int n,
		 double pin, rigid *r)
{
	double L[3] = {0}, I[6] = {0};
	for (int k = 0; k < n; k++) {
		int i = node[k];
		double mk = node_mass(p, i, pin);
		double x = p->x[i] - r->c[0], y = p->y[i] - r->c[1],
		       z = p->z[i] - r->c[2];
		double u = p->vx[i] - r->v[0], v = p->vy[i] - r->v[1],
		       s = p->vz[i] - r->v[2];
		L[0] += mk * (y * s - z * v);
		L[1] += mk * (z * u - x * s);
		L[2] += mk * (x * v - y * u);
		I[0] += mk * (y * y + z * z), I[1] -= mk * x * y;
		I[2] -= mk * x * z, I[3] += mk * (x * x + z * z);
		I[4] -= mk * y * z, I[5] += mk * (x * x + y * y);
	}
	solve3(I, L, r->omega);
}

static void damp_rope(tt_world *w, const int32_t *node, int n, float share)
{
	tt_particles *p = &w->particles;
	double free_mass = 0.0;
	for (int k = 0; k < n; k++)
		free_mass += p->inv_mass[node[k]] > 0.0f ? p->mass[node[k]] : 0.0;
	if (!(free_mass > 0.0))
		return;
	rigid r;
	centre(p, node, n, PIN_WEIGHT * free_mass, &r);
	turn(p, node, n, PIN_WEIGHT * free_mass, &r);
	const double *o = r.omega;
	for (int k = 0; k < n; k++) {
		int i = node[k];
		if (p->inv_mass[i] == 0.0f)
			continue;
		double x = p->x[i] - r.c[0], y = p->y[i] - r.c[1],
		       z = p->z[i] - r.c[2];
		double u = r.v[0] + o[1] * z - o[2] * y,
		       v = r.v[1] + o[2] * x - o[0] * z,
		       s = r.v[2] + o[0] * y - o[1] * x;
		p->vx[i] += share * (float)(u - p->vx[i]);
		p->vy[i] += share * (float)(v - p->vy[i]);
		p->vz[i] += share * (float)(s - p->vz[i]);
	}
}

void tt_rope_damp(tt_world *w)
{
	for (int r = 0; r < w->ropes.count; r++) {
		const tt_rope *rope = &w->ropes.items[r];
		if (rope->damping > 0.0f && rope->dense_at >= 0)
			damp_rope(w, w->chain.i + rope->dense_at, rope->count,
				  1.0f - expf(-rope->damping * w->def.time_step));
	}
}

float tt_particle_get_damping(tt_particle_id id)
{
	tt_world *w;
	int i = tt_particle_find(id, &w);
	return i < 0 ? 0.0f : w->particles.damping[i];
}

tt_status tt_particle_set_damping(tt_particle_id id, float damping)
{
	tt_world *w;
	int i = tt_particle_find(id, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	if (!(damping >= 0.0f) || !isfinite(damping))
		return TT_ERR_DAMPING;
	tt_particles *p = &w->particles;
	p->damped += (damping > 0.0f) - (p->damping[i] > 0.0f);
	p->damping[i] = damping;
	return TT_OK;
}

float tt_rope_get_damping(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = tt_rope_find(id, &w);
	return r ? r->damping : 0.0f;
}

tt_status tt_rope_set_damping(tt_rope_id id, float damping)
{
	tt_world *w;
	tt_rope *r = tt_rope_find(id, &w);
	if (!r)
		return TT_ERR_ROPE_STALE;
	if (!(damping >= 0.0f) || !isfinite(damping))
		return TT_ERR_DAMPING;
	r->damping = damping;
	return TT_OK;
}
