/* Untangling, once per step before the substeps: a particle found inside
 * another body's outline, deeper than the edge contacts reach (a body
 * dragged through another by the mouse, a hit too fast for one substep),
 * (a solid one: a crumpled outline's folds make no inside) is put back
 * out through the nearest edge, the edge's ends taking their
 * share as in a contact. Inside is the crossing-number test on the whole
 * outline, so it holds at any depth; only particles in a neighbour's box
 * (softbody_broad.c) are tested, so a pile costs a few outline scans per
 * body. Without it a particle past the reach stays caught for good: a
 * yanked balloon stuck in a jelly, crushed to a tenth of its area. */
#include <math.h>

#include "world.h"

/* Crossing number of point (x, y) against body b's outline. */
static int inside(const tt_particles *p, const tt_softbody *b, float x, float y)
{
	int n = b->outline_count, in = 0;
	for (int k = 0, j = n - 1; k < n; j = k++) {
		int i = b->ring[k], m = b->ring[j];
		float yi = p->y[i], ym = p->y[m];
		if ((yi > y) != (ym > y) &&
		    x < (p->x[m] - p->x[i]) * (y - yi) / (ym - yi) + p->x[i])
			in = !in;
	}
	return in;
}

typedef struct nearest {
	int a, b;
	float t, d2, qx, qy;
} nearest;

static nearest nearest_edge(const tt_particles *p, const tt_softbody *b,
			    float x, float y)
{
	nearest best = {-1, -1, 0.0f, INFINITY, 0.0f, 0.0f};
	int n = b->outline_count;
	for (int k = 0; k < n; k++) {
		int i = b->ring[k], j = b->ring[(k + 1) % n];
		float ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
		float len2 = ex * ex + ey * ey;
		float t = len2 > 0.0f ? ((x - p->x[i]) * ex + (y - p->y[i]) * ey) / len2
				      : 0.0f;
		t = t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t;
		float qx = p->x[i] + t * ex, qy = p->y[i] + t * ey;
		float d2 = (x - qx) * (x - qx) + (y - qy) * (y - qy);
		if (d2 < best.d2)
			best = (nearest){i, j, t, d2, qx, qy};
	}
	return best;
}

/* Particle i against body k: out through the nearest edge if caught. */
static void free_from(tt_world *w, int i, int k, float reach)
{
	tt_particles *p = &w->particles;
	const tt_softbody *b = &w->softbodies.items[k];
	const float *box = &w->softbodies.broad.box[4 * k];
	float x = p->x[i], y = p->y[i];
	if (!b->solid || !(x > box[0] && x < box[2] && y > box[1] && y < box[3]) ||
	    !tt_collide_filter(p->group[i], p->mask[i], b->group, b->mask) ||
	    !inside(p, b, x, y))
		return;
	nearest e = nearest_edge(p, b, x, y);
	float d = sqrtf(e.d2);
	if (!(d >= reach) || e.a < 0)
		return;  /* within the contacts' reach: theirs; or no edge is
			    finite (the pushes wrote particle -1) */
	float r = p->radius[i] + p->radius[e.a] + e.t * (p->radius[e.b] - p->radius[e.a]);
	float W = p->inv_mass[i] + (1.0f - e.t) * (1.0f - e.t) * p->inv_mass[e.a] +
		  e.t * e.t * p->inv_mass[e.b];
	if (W > 0.0f)
		tt_softbody_push(p, i, e.a, e.b, e.t, (d + r) / W, (e.qx - x) / d,
				 (e.qy - y) / d);
}

void tt_softbody_untangle(tt_world *w)
{
	tt_softbodies *s = &w->softbodies;
	tt_body_broad *bb = &s->broad;
	float longest;
	if (s->count == 0 || s->owner_count < w->particles.count ||
	    !tt_softbody_broad(w, bb, &longest))
		return;
	float reach = tt_softbody_reach(w, longest);
	if (!tt_softbody_broad_pairs(w, bb, reach))
		return;
	const float *x = w->particles.x, *y = w->particles.y;
	for (int i = 0; i < w->particles.count; i++) {
		int o = s->owner[i];
		if (o)
			for (int n = bb->near_start[o - 1]; n < bb->near_start[o]; n++)
				free_from(w, i, bb->near[n], reach);
		else if (tt_softbody_broad_looks(bb, -1, x[i], y[i]))
			for (int k = 0; k < s->count; k++)
				free_from(w, i, k, reach);
	}
}
