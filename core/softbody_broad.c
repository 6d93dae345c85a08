/* The broad phase of the edge contacts: each body's box (its outline's
 * nodes), which bodies' boxes come within reach of each other, and so
 * which bodies need their edges in the hash and which particles need to
 * look there. A body alone in its part of the world costs its box and
 * nothing more; in a pile, a particle looks only when it is within reach
 * of a neighbour's box (about a third of a ring's nodes: one box test, the
 * union of those parts of its box). Particles of no
 * body (a rope, a ragdoll) look whenever they are in the box of them all,
 * and then every body's edges go in. Pairs are found by testing every
 * two boxes: bodies are few (dozens), their nodes many. */
#include <math.h>

#include "alloc.h"
#include "world.h"

#define BOX_FLOATS 10  /* a body's box, look and grown */

static float min_f(float a, float b)
{
	return a < b ? a : b;
}

static float max_f(float a, float b)
{
	return a > b ? a : b;
}

void tt_softbody_broad_release(tt_body_broad *b)
{
	tt_free(b->box, (size_t)b->capacity * BOX_FLOATS * sizeof *b->box);
	tt_free(b->near_start, (size_t)(b->start_capacity) * sizeof *b->near_start);
	tt_free(b->near, (size_t)b->near_capacity * sizeof *b->near);
}

/* Body k's box from its outline nodes still there; the longest edge. */
static float body_box(const tt_particles *p, const tt_softbody *b, float *box)
{
	const float *x = p->x, *y = p->y;
	const int32_t *ring = b->ring, *open = b->edge_open;
	const int n = b->outline_count;
	float longest = 0.0f, lo_x = INFINITY, lo_y = INFINITY, hi_x = -INFINITY,
	      hi_y = -INFINITY;
	for (int e = 0; e < n; e++) {
		int i = ring[e], j = ring[e + 1 == n ? 0 : e + 1];
		if (i < 0)
			continue;
		lo_x = min_f(lo_x, x[i]), hi_x = max_f(hi_x, x[i]);
		lo_y = min_f(lo_y, y[i]), hi_y = max_f(hi_y, y[i]);
		if (open[e])
			longest = max_f(longest, max_f(fabsf(x[j] - x[i]), fabsf(y[j] - y[i])));
	}
	box[0] = lo_x, box[1] = lo_y, box[2] = hi_x, box[3] = hi_y;
	return longest;
}

/* Grow box a (lo x, lo y, hi x, hi y) to hold the part of box k that is
 * within reach of box j. */
static void add_overlap(float *a, const float *k, const float *j, float reach)
{
	a[0] = min_f(a[0], max_f(k[0], j[0] - reach));
	a[1] = min_f(a[1], max_f(k[1], j[1] - reach));
	a[2] = max_f(a[2], min_f(k[2], j[2] + reach));
	a[3] = max_f(a[3], min_f(k[3], j[3] + reach));
}

/* The bodies whose boxes come within reach of box k's, in body order,
 * appended to near; the part of box k near them in look. */
static int pair_one(tt_body_broad *bb, int n, int k, int *count)
{
	const float *box = bb->box, *grown = bb->grown, *a = &box[4 * k];
	float *look = &bb->look[4 * k];
	look[0] = look[1] = INFINITY, look[2] = look[3] = -INFINITY;
	for (int j = 0; j < n; j++) {
		const float *b = &box[4 * j];
		if (j == k || !(grown[2 * k] <= b[2] && grown[2 * j] <= a[2] &&
				grown[2 * k + 1] <= b[3] && grown[2 * j + 1] <= a[3]))
			continue;
		if (!tt_reserve((void **)&bb->near, *count, &bb->near_capacity,
				sizeof *bb->near, 64))
			return 0;
		bb->near[(*count)++] = j;
		add_overlap(look, a, b, bb->reach);
	}
	return 1;
}

/* Which boxes come within reach of which (both ways, in body order), and
 * the part of each body's box near another one. */
static int pair_up(tt_body_broad *bb, int n, float reach)
{
	for (int k = 0; k < n; k++)  /* each box's low corner less the reach */
		bb->grown[2 * k] = bb->box[4 * k] - reach,
		bb->grown[2 * k + 1] = bb->box[4 * k + 1] - reach;
	bb->near_start[0] = 0;
	int count = 0, ok = 1;
	for (int k = 0; k < n && ok; k++) {
		ok = pair_one(bb, n, k, &count);
		bb->near_start[k + 1] = count;
	}
	return ok;
}

/* Is any particle of no body within reach of the box of all bodies? */
static int loose_inside(const tt_world *w, const tt_body_broad *bb, float reach)
{
	const tt_softbodies *s = &w->softbodies;
	const tt_particles *p = &w->particles;
	if (s->owner_count == p->count && s->owned == p->count)
		return 0;  /* every particle is a body's */
	for (int i = 0; i < p->count; i++) {
		int owned = i < s->owner_count && s->owner[i] != 0;
		if (!owned && p->x[i] >= bb->lo_x - reach && p->x[i] <= bb->hi_x + reach &&
		    p->y[i] >= bb->lo_y - reach && p->y[i] <= bb->hi_y + reach)
			return 1;
	}
	return 0;
}

int tt_softbody_broad(tt_world *w, tt_body_broad *bb, float *longest)
{
	const tt_softbodies *s = &w->softbodies;
	int n = s->count;
	if (!tt_softbody_scratch((void **)&bb->box, &bb->capacity, n,
				 BOX_FLOATS * sizeof *bb->box) ||
	    !tt_softbody_scratch((void **)&bb->near_start, &bb->start_capacity, n + 1,
		     sizeof *bb->near_start))
		return 0;
	bb->look = bb->box + 4 * n, bb->grown = bb->box + 8 * n;
	*longest = 0.0f;
	bb->lo_x = bb->lo_y = INFINITY, bb->hi_x = bb->hi_y = -INFINITY;
	for (int k = 0; k < n; k++) {
		float *box = &bb->box[4 * k];
		*longest = max_f(*longest, body_box(&w->particles, &s->items[k], box));
		bb->lo_x = min_f(bb->lo_x, box[0]), bb->hi_x = max_f(bb->hi_x, box[2]);
		bb->lo_y = min_f(bb->lo_y, box[1]), bb->hi_y = max_f(bb->hi_y, box[3]);
	}
	return 1;
}

int tt_softbody_broad_pairs(tt_world *w, tt_body_broad *bb, float reach)
{
	bb->reach = reach;
	bb->loose = loose_inside(w, bb, reach);
	return pair_up(bb, w->softbodies.count, reach);
}

int tt_softbody_broad_active(const tt_body_broad *bb, int k)
{
	return bb->loose || bb->near_start[k + 1] > bb->near_start[k];
}

/* The larger of a and b, NaN if either is (x >= it is then false, as
 * x >= a && x >= b is); the smaller likewise. */
static float both_lo(float a, float b)
{
	return a >= b ? a : b > a ? b : NAN;
}

static float both_hi(float a, float b)
{
	return a <= b ? a : b < a ? b : NAN;
}

void tt_softbody_broad_fences(const tt_body_broad *bb, int n, const float *in,
			      float *fence)
{
	float r = bb->reach;
	const float all[4] = {bb->lo_x - r, bb->lo_y - r, bb->hi_x + r, bb->hi_y + r};
	for (int k = -1; k < n; k++) {
		const float *look = k < 0 ? all : &bb->look[4 * k];
		float *f = &fence[4 * (k + 1)];
		f[0] = both_lo(look[0], in[0]), f[1] = both_lo(look[1], in[1]);
		f[2] = both_hi(look[2], in[2]), f[3] = both_hi(look[3], in[3]);
	}
}

int tt_softbody_broad_looks(const tt_body_broad *bb, int body, float x, float y)
{
	if (body >= 0) {
		const float *look = &bb->look[4 * body];
		return x >= look[0] && x <= look[2] && y >= look[1] && y <= look[3];
	}
	float r = bb->reach;
	return x >= bb->lo_x - r && x <= bb->hi_x + r && y >= bb->lo_y - r &&
	       y <= bb->hi_y + r;
}
