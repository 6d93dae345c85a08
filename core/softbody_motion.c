/* Damping of a soft body's wobble: each substep every node loses a share
 * min(damping h, 1) of the difference between its velocity and the
 * body's rigid motion (Müller et al., "Position Based Dynamics", 2007,
 * section 3.5). The rigid motion is the centre of mass's velocity plus
 * the spin omega = L / I the nodes' angular momentum gives, so damping
 * takes nothing from a body flying, falling or rolling, only from its
 * deformation: a jelly settles, a thrown one keeps its speed. */
#include "world.h"

typedef struct rigid_motion {
	float m, x, y, vx, vy, l, inertia;
} rigid_motion;

static rigid_motion motion_of(const tt_particles *p, const tt_softbody *b)
{
	rigid_motion r = {0};
	for (int k = 0; k < b->node_count; k++) {
		int i = b->dense[k];
		if (i < 0 || p->inv_mass[i] == 0.0f)
			continue;
		float m = p->mass[i];
		r.m += m, r.x += m * p->x[i], r.y += m * p->y[i];
		r.vx += m * p->vx[i], r.vy += m * p->vy[i];
	}
	if (!(r.m > 0.0f))
		return r;
	r.x /= r.m, r.y /= r.m, r.vx /= r.m, r.vy /= r.m;
	for (int k = 0; k < b->node_count; k++) {
		int i = b->dense[k];
		if (i < 0 || p->inv_mass[i] == 0.0f)
			continue;
		float m = p->mass[i], dx = p->x[i] - r.x, dy = p->y[i] - r.y;
		r.l += m * (dx * (p->vy[i] - r.vy) - dy * (p->vx[i] - r.vx));
		r.inertia += m * (dx * dx + dy * dy);
	}
	return r;
}

static void damp_body(tt_particles *p, const tt_softbody *b, float share)
{
	rigid_motion r = motion_of(p, b);
	if (!(r.m > 0.0f))
		return;
	float omega = r.inertia > 0.0f ? r.l / r.inertia : 0.0f;
	for (int k = 0; k < b->node_count; k++) {
		int i = b->dense[k];
		if (i < 0 || p->inv_mass[i] == 0.0f)
			continue;
		float dx = p->x[i] - r.x, dy = p->y[i] - r.y;
		float ux = r.vx - omega * dy, uy = r.vy + omega * dx;
		p->vx[i] += share * (ux - p->vx[i]);
		p->vy[i] += share * (uy - p->vy[i]);
	}
}

void tt_softbody_damp(tt_world *w, float h)
{
	tt_softbodies *s = &w->softbodies;
	for (int k = 0; k < s->count; k++) {
		const tt_softbody *b = &s->items[k];
		float share = b->damping * h;
		if (share > 0.0f)
			damp_body(&w->particles, b, share < 1.0f ? share : 1.0f);
	}
}
