/* What a soft body does as a whole, after each substep's velocities:
 *
 * Bounce. A contact that met a collider faster than gravity gives in two
 * substeps (as core/contact.c judges) makes the whole body leave along
 * the contact normal at e times the speed it came in, e the larger of
 * the body's and the collider's restitution: every node gets the same
 * change, so the impulse moves the body, not just the node that touched
 * (a node bounced alone is pulled back by the rest of the body: a 20-node
 * balloon dropped from 2 m peaked at 0.73 m with e = 0 and 0.67 m with
 * e = 0.8 that way). Nodes of bodies take no restitution of their own.
 *
 * Damping of the wobble: each node loses a share min(damping h, 1) of the
 * difference between its velocity and the body's rigid motion (Müller et
 * al., "Position Based Dynamics", 2007, section 3.5). The rigid motion is
 * the centre of mass's velocity plus the spin omega = L / I the nodes'
 * angular momentum gives, so damping takes nothing from a body flying,
 * falling or rolling, only from its deformation: a jelly settles, a
 * thrown one keeps its speed. A body cut apart is damped part by part
 * (softbody_parts.c), each about its own rigid motion; it still bounces
 * as one. */
#include <math.h>

#include "world.h"

typedef struct rigid_motion {
	float m, x, y, vx, vy, l, inertia;
} rigid_motion;

/* Of the nodes order[lo] .. order[hi - 1] (a part, or all of them). */
static rigid_motion motion_of(const tt_particles *p, const tt_softbody *b,
			      int lo, int hi)
{
	const float *x = p->x, *y = p->y, *vx = p->vx, *vy = p->vy, *mass = p->mass;
	const float *w = p->inv_mass;
	const int32_t *dense = b->dense, *order = b->order;
	float m = 0.0f, mx = 0.0f, my = 0.0f, mvx = 0.0f, mvy = 0.0f;
	for (int k = lo; k < hi; k++) {
		int i = dense[order[k]];
		if (i < 0 || w[i] == 0.0f)
			continue;
		m += mass[i], mx += mass[i] * x[i], my += mass[i] * y[i];
		mvx += mass[i] * vx[i], mvy += mass[i] * vy[i];
	}
	if (!(m > 0.0f))
		return (rigid_motion){0};
	rigid_motion r = {m, mx / m, my / m, mvx / m, mvy / m, 0.0f, 0.0f};
	float l = 0.0f, inertia = 0.0f;
	for (int k = lo; k < hi; k++) {
		int i = dense[order[k]];
		if (i < 0 || w[i] == 0.0f)
			continue;
		float dx = x[i] - r.x, dy = y[i] - r.y;
		l += mass[i] * (dx * (vy[i] - r.vy) - dy * (vx[i] - r.vx));
		inertia += mass[i] * (dx * dx + dy * dy);
	}
	r.l = l, r.inertia = inertia;
	return r;
}

/* Part q's wobble: relative to that part's rigid motion, so a piece cut
 * off falls freely rather than being held to the rest's. */
static void damp_part(tt_particles *p, const tt_softbody *b, int q, float share)
{
	const int lo = b->part_start[q], hi = b->part_start[q + 1];
	rigid_motion r = motion_of(p, b, lo, hi);
	if (!(r.m > 0.0f))
		return;
	const float *x = p->x, *y = p->y, *w = p->inv_mass;
	float *vx = p->vx, *vy = p->vy;
	float omega = r.inertia > 0.0f ? r.l / r.inertia : 0.0f;
	for (int k = lo; k < hi; k++) {
		int i = b->dense[b->order[k]];
		if (i < 0 || w[i] == 0.0f)
			continue;
		float dx = x[i] - r.x, dy = y[i] - r.y;
		float ux = r.vx - omega * dy, uy = r.vy + omega * dx;
		vx[i] += share * (ux - vx[i]);
		vy[i] += share * (uy - vy[i]);
	}
}

/* Sum each body's impacts of this substep into its bounce fields. */
static void gather_impacts(tt_world *w, float h)
{
	tt_softbodies *s = &w->softbodies;
	const tt_contacts *ct = &w->contacts;
	float g = sqrtf(w->def.gravity.x * w->def.gravity.x +
			w->def.gravity.y * w->def.gravity.y);
	for (int k = 0; k < ct->count; k++) {
		const tt_contact *c = &ct->items[k];
		float speed = ct->motion[k].speed;
		int o = c->particle < s->owner_count ? s->owner[c->particle] : 0;
		if (!o || !(speed < -2.0f * g * h))  /* resting, or a spring's */
			continue;
		tt_softbody *b = &s->items[o - 1];
		float e = w->colliders.items[c->collider].def.restitution;
		e = e > b->restitution ? e : b->restitution;
		if (e <= 0.0f)
			continue;
		b->bounce_nx += c->normal.x, b->bounce_ny += c->normal.y;
		b->bounce_speed += speed, b->bounce_e = e > b->bounce_e ? e : b->bounce_e;
		b->bounces++;
	}
}

static void bounce_body(tt_particles *p, tt_softbody *b)
{
	rigid_motion r = motion_of(p, b, 0, b->node_count);
	float len = hypotf(b->bounce_nx, b->bounce_ny);
	if (r.m > 0.0f && len > 0.0f) {
		float nx = b->bounce_nx / len, ny = b->bounce_ny / len;
		float out = -b->bounce_e * b->bounce_speed / (float)b->bounces;
		float dv = out - (r.vx * nx + r.vy * ny);
		for (int k = 0; k < b->node_count && dv > 0.0f; k++) {
			int i = b->dense[k];
			if (i >= 0 && p->inv_mass[i] > 0.0f)
				p->vx[i] += dv * nx, p->vy[i] += dv * ny;
		}
	}
	b->bounce_nx = b->bounce_ny = b->bounce_speed = b->bounce_e = 0.0f;
	b->bounces = 0;
}

void tt_softbody_velocities(tt_world *w, float h)
{
	tt_softbodies *s = &w->softbodies;
	gather_impacts(w, h);
	for (int k = 0; k < s->count; k++) {
		tt_softbody *b = &s->items[k];
		float share = b->damping * h;
		if (b->bounces > 0)
			bounce_body(&w->particles, b);
		for (int q = 0; q < b->parts && share > 0.0f; q++)
			damp_part(&w->particles, b, q, share < 1.0f ? share : 1.0f);
	}
}
