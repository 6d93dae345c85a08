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
	tt_free(b->box, (size_t)b->capacity * 8 * sizeof *b->box);
	tt_free(b->near_start, (size_t)(b->start_capacity) * sizeof *b->near_start);
	tt_free(b->near, (size_t)b->near_capacity * sizeof *b->near);
}

/* Body k's box from its outline nodes still there; the longest edge. */
static float body_box(const tt_particles *p, const tt_softbody *b, float *box)
{
	float longest = 0.0f;
	box[0] = box[1] = INFINITY, box[2] = box[3] = -INFINITY;
	for (int e = 0; e < b->outline_count; e++) {
		int i = b->ring[e], j = b->ring[(e + 1) % b->outline_count];
		if (i < 0)
			continue;
		box[0] = min_f(box[0], p->x[i]), box[2] = max_f(box[2], p->x[i]);
		box[1] = min_f(box[1], p->y[i]), box[3] = max_f(box[3], p->y[i]);
		if (b->edge_open[e])
			longest = max_f(longest, max_f(fabsf(p->x[j] - p->x[i]),
						       fabsf(p->y[j] - p->y[i])));
	}
	return longest;
}

static int boxes_near(const float *a, const float *b, float reach)
{
	return a[0] - reach <= b[2] && b[0] - reach <= a[2] &&
	       a[1] - reach <= b[3] && b[1] - reach <= a[3];
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

/* Which boxes come within reach of which (both ways, in body order), and
 * the part of each body's box near another one. */
static int pair_up(tt_body_broad *bb, int n, float reach)
{
	bb->near_start[0] = 0;
	int count = 0;
	for (int k = 0; k < n; k++) {
		float *look = &bb->look[4 * k];
		look[0] = look[1] = INFINITY, look[2] = look[3] = -INFINITY;
		for (int j = 0; j < n; j++) {
			if (j == k || !boxes_near(&bb->box[4 * k], &bb->box[4 * j], reach))
				continue;
			if (!tt_reserve((void **)&bb->near, count, &bb->near_capacity,
					sizeof *bb->near, 64))
				return 0;
			bb->near[count++] = j;
			add_overlap(look, &bb->box[4 * k], &bb->box[4 * j], reach);
		}
		bb->near_start[k + 1] = count;
	}
	return 1;
}

/* Is any particle of no body within reach of the box of all bodies? */
static int loose_inside(const tt_world *w, const tt_body_broad *bb, float reach)
{
	const tt_softbodies *s = &w->softbodies;
	const tt_particles *p = &w->particles;
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
	if (!tt_softbody_scratch((void **)&bb->box, &bb->capacity, n, 8 * sizeof *bb->box) ||
	    !tt_softbody_scratch((void **)&bb->near_start, &bb->start_capacity, n + 1,
		     sizeof *bb->near_start))
		return 0;
	bb->look = bb->box + 4 * n;
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

int tt_softbody_broad_looks(const tt_world *w, const tt_body_broad *bb, int i)
{
	const tt_softbodies *s = &w->softbodies;
	float x = w->particles.x[i], y = w->particles.y[i], r = bb->reach;
	int o = i < s->owner_count ? s->owner[i] : 0;
	if (o) {
		const float *look = &bb->look[4 * (o - 1)];
		return x >= look[0] && x <= look[2] && y >= look[1] && y <= look[3];
	}
	return x >= bb->lo_x - r && x <= bb->hi_x + r && y >= bb->lo_y - r &&
	       y <= bb->hi_y + r;
}
