/* The parts a cut or a tear split a body into: its nodes joined by its
 * springs still there. Shape matching and the damping of the wobble act
 * part by part, each part fitted to its own nodes' rest shape: fitted as
 * one, a jelly slashed in two kept both halves where the whole rest shape
 * put them, and a star's tip cut off on both sides hung in the air by
 * the rest of the star. A whole body is one part (the outline's springs
 * join every outline node), found once; one that lost a spring or a node
 * is looked at again before every step. Part q's nodes are
 * order[part_start[q]] .. order[part_start[q + 1] - 1], in node order,
 * the parts in the order of their first node: a whole body's order is
 * its node order, so its sums are added as they always were. */
#include "world.h"

static int32_t root(int32_t *up, int32_t k)
{
	while (up[k] != k) {
		up[k] = up[up[k]];  /* halving: a parent stays smaller */
		k = up[k];
	}
	return k;
}

/* Join the parts of nodes a and b. A node's parent is always a smaller
 * node, the root the smallest of its part, so the labels do not depend on
 * the order springs come in. */
static void join(int32_t *up, int32_t a, int32_t b)
{
	a = root(up, a), b = root(up, b);
	if (a < b)
		up[b] = a;
	else
		up[a] = b;
}

/* Number the parts 0, 1, ... by their first node, over the parents in
 * part (each parent's label is written before its children's); count
 * their nodes into part_start (shifted by one). */
static void label(tt_softbody *b, int32_t *up)
{
	int n = b->node_count;
	b->parts = 0;
	for (int k = 0; k <= n; k++)
		b->part_start[k] = 0;
	for (int k = 0; k < n; k++) {
		int32_t parent = up[k];
		up[k] = parent == k ? b->parts++ : up[parent];
		b->part_start[up[k] + 1]++;
	}
}

/* The nodes part by part (a counting sort, stable). */
static void sort(tt_softbody *b)
{
	int32_t *start = b->part_start;
	for (int q = 0; q < b->parts; q++)
		start[q + 1] += start[q];
	for (int k = 0; k < b->node_count; k++)
		b->order[start[b->part[k]]++] = k;
	for (int q = b->parts; q > 0; q--)  /* shifted back */
		start[q] = start[q - 1];
	start[0] = 0;
}

void tt_softbody_find_parts(tt_world *w, tt_softbody *b)
{
	if (b->parts == 1 && !b->torn && !b->missing && b->piece_count == 0)
		return;  /* whole as it was (pieces: a spring inside was cut) */
	int32_t *up = b->part;
	for (int k = 0; k < b->node_count; k++)
		up[k] = k;
	for (int s = 0; s < b->spring_count; s++) {
		tt_spring_id id = b->springs[s];
		if (tt_pool_find(&w->spring_pool, id.index1, id.generation) >= 0)
			join(up, b->ends[2 * s], b->ends[2 * s + 1]);
	}
	label(b, up);
	sort(b);
}
