/* Long-range tethers of a cloth (Kim, Chentanez and Müller, "Long Range
 * Attachments", 2012): each free node is tied to its two nearest pinned
 * nodes (along the cloth) by a tether (a spring that only resists
 * stretch) as long as the straight line between them at rest, plus slack.
 * A hanging cloth's Gauss-Seidel pass leaves the weight of every row below
 * on the few springs at the pins (a 32 x 32 sheet hung by two corners, 8
 * substeps: 24% stretch at the pins); the tethers hold every node within
 * reach of its pins at once (0.1%). Two pins each, not one, so the seam
 * between two pins' regions is held from both sides (one: 2% there).
 *
 * Paths run along the standing structural and shear springs between
 * laid-out nodes, so a tear that cuts a node off from a pin leaves it no
 * path, hence no tether: the torn piece falls away. The slack is 0.1% (a
 * rope's 1% let the top edge of a sheet hung by two corners sag,
 * stretching it 3.6%), and for a cloth that tears three times max_strain
 * more: a tether carries the load it takes off the springs, and tethers
 * that held at max_strain kept a sheet with a heavy hem, torn two thirds
 * across, hanging on them for good (and a flag in a gale tore along its
 * pole only). So a tearable cloth carries its own load up to tearing.
 * The two nearest pins of every node come from one Dijkstra search from
 * all pins at once, each node taking the first two different pins that
 * reach it. */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

#define SLACK 0.001f
#define TEAR_SLACK 3.0f  /* times max_strain, for a cloth that tears */

/* Laid springs as an adjacency list (CSR): node k's neighbours are
 * to[start[k] .. start[k + 1]), at rest lengths len. */
typedef struct graph {
	int32_t *start, *to;
	float *len;
} graph;

/* A search state: node reached from pin at distance d. */
typedef struct label {
	float d;
	int32_t node, pin;
} label;

typedef struct search {
	label *heap;
	int count, capacity;
	int32_t *pin;   /* 2 per node: the pins that reached it, -1 none */
	float *d;       /* 2 per node */
} search;

static int path_spring(const tt_world *w, const tt_cloth *c, int k, int *s)
{
	if (k >= c->laid_springs || c->spring_class[k] == TT_CLOTH_BEND)
		return 0;
	*s = tt_pool_find(&w->spring_pool, c->springs[k].index1,
			  c->springs[k].generation);
	return *s >= 0;
}

/* The standing path springs between laid nodes. 0 when out of memory. */
static int build_graph(const tt_world *w, const tt_cloth *c, graph *g)
{
	g->start = tt_alloc((size_t)(c->laid + 1) * sizeof *g->start);
	g->to = tt_alloc(2 * (size_t)c->laid_springs * sizeof *g->to);
	g->len = tt_alloc(2 * (size_t)c->laid_springs * sizeof *g->len);
	if (!g->start || !g->to || !g->len)
		return 0;
	memset(g->start, 0, (size_t)(c->laid + 1) * sizeof *g->start);
	for (int k = 0, s; k < c->laid_springs; k++)
		if (path_spring(w, c, k, &s))
			g->start[c->ends[2 * k] + 1]++, g->start[c->ends[2 * k + 1] + 1]++;
	for (int k = 0; k < c->laid; k++)
		g->start[k + 1] += g->start[k];
	for (int k = 0, s; k < c->laid_springs; k++) {
		if (!path_spring(w, c, k, &s))
			continue;
		int a = c->ends[2 * k], b = c->ends[2 * k + 1];
		float rest = w->springs.rest[s];
		g->to[g->start[a]] = b, g->len[g->start[a]++] = rest;
		g->to[g->start[b]] = a, g->len[g->start[b]++] = rest;
	}
	for (int k = c->laid; k > 0; k--)  /* start[k] ran to k's end */
		g->start[k] = g->start[k - 1];
	g->start[0] = 0;
	return 1;
}

static void free_graph(const tt_cloth *c, graph *g)
{
	tt_free(g->start, g->start ? (size_t)(c->laid + 1) * sizeof *g->start : 0);
	tt_free(g->to, g->to ? 2 * (size_t)c->laid_springs * sizeof *g->to : 0);
	tt_free(g->len, g->len ? 2 * (size_t)c->laid_springs * sizeof *g->len : 0);
}

/* Heap order: nearer first, then by node and pin (deterministic). */
static int before(label a, label b)
{
	if (a.d != b.d)
		return a.d < b.d;
	return a.node != b.node ? a.node < b.node : a.pin < b.pin;
}

static int push(search *s, label l)
{
	if (s->count == s->capacity) {
		int capacity = s->capacity ? 2 * s->capacity : 256;
		label *grown = tt_resize(s->heap, (size_t)s->capacity * sizeof *grown,
					 (size_t)capacity * sizeof *grown);
		if (!grown)
			return 0;
		s->heap = grown, s->capacity = capacity;
	}
	int k = s->count++;
	while (k > 0 && before(l, s->heap[(k - 1) / 2])) {
		s->heap[k] = s->heap[(k - 1) / 2];
		k = (k - 1) / 2;
	}
	s->heap[k] = l;
	return 1;
}

static label pop(search *s)
{
	label top = s->heap[0], last = s->heap[--s->count];
	int k = 0;
	for (;;) {
		int child = 2 * k + 1;
		if (child >= s->count)
			break;
		if (child + 1 < s->count && before(s->heap[child + 1], s->heap[child]))
			child++;
		if (!before(s->heap[child], last))
			break;
		s->heap[k] = s->heap[child];
		k = child;
	}
	if (s->count > 0)
		s->heap[k] = last;
	return top;
}

/* May node take a label from pin (it has fewer than two, none from it)? */
static int open_to(const search *s, int node, int pin)
{
	const int32_t *p = s->pin + 2 * node;
	return p[1] < 0 && p[0] != pin;
}

/* Dijkstra from every pin at once, each node settled by two pins. */
static int nearest_pins(const tt_cloth *c, const graph *g, search *s)
{
	for (int k = 0; k < 2 * c->laid; k++)
		s->pin[k] = -1, s->d[k] = INFINITY;
	for (int k = 0; k < c->laid; k++)
		if (c->pinned[k] && c->dense[k] >= 0 &&
		    !push(s, (label){0.0f, k, k}))
			return 0;
	while (s->count > 0) {
		label l = pop(s);
		if (!open_to(s, l.node, l.pin))
			continue;
		int slot = s->pin[2 * l.node] < 0 ? 0 : 1;
		s->pin[2 * l.node + slot] = l.pin;
		s->d[2 * l.node + slot] = l.d;
		for (int e = g->start[l.node]; e < g->start[l.node + 1]; e++)
			if (open_to(s, g->to[e], l.pin) &&
			    !push(s, (label){l.d + g->len[e], g->to[e], l.pin}))
				return 0;
	}
	return 1;
}

void tt_cloth_drop_tethers(tt_cloth *c)
{
	for (int k = 0; k < c->tether_count; k++)
		tt_spring_destroy(c->tethers[k].spring);
	c->tether_count = 0;
}

static tt_status add_tether(tt_world *w, tt_cloth *c, int pin, int node,
			    float rest)
{
	if (!tt_reserve((void **)&c->tethers, c->tether_count,
			&c->tether_capacity, sizeof *c->tethers, 16))
		return TT_ERR_OUT_OF_MEMORY;
	tt_spring_def def = tt_spring_def_default();
	def.a = c->nodes[pin];
	def.b = c->nodes[node];
	def.kind = TT_SPRING_TETHER;
	def.rest_length = rest * (1.0f + SLACK + TEAR_SLACK * c->max_strain);
	tt_cloth_tether *t = &c->tethers[c->tether_count];
	tt_status status = tt_spring_create(w->id, &def, &t->spring);
	if (status == TT_OK) {
		t->pin = pin, t->node = node;
		c->tether_count++;
	}
	return status;
}

/* The straight distance between nodes a and b at rest: paths along a
 * grid's springs run 45 degrees off the straight line between, 1.3%
 * longer than it halfway down a sheet hung by its corners, and let it
 * stretch that much there. */
static float chord(const tt_cloth *c, int a, int b)
{
	const float *p = c->rest + 3 * a, *q = c->rest + 3 * b;
	float dx = q[0] - p[0], dy = q[1] - p[1], dz = q[2] - p[2];
	return sqrtf(dx * dx + dy * dy + dz * dz);
}

static tt_status make_tethers(tt_world *w, tt_cloth *c, const search *s)
{
	tt_status status = TT_OK;
	for (int k = 0; k < c->laid && status == TT_OK; k++)
		for (int m = 0; m < 2 && status == TT_OK; m++) {
			int pin = s->pin[2 * k + m];
			if (pin >= 0 && pin != k && !c->pinned[k])
				status = add_tether(w, c, pin, k, chord(c, pin, k));
		}
	return status;
}

/* Which nodes a pin reaches (all, when the cloth has no pins): a piece
 * torn off is not attached, and a binding does not ask its triangles to
 * face the way the root turns (binding.c). */
static void mark_attached(tt_cloth *c, const search *s)
{
	int pins = 0;
	for (int k = 0; k < c->laid; k++)
		pins += c->pinned[k];
	for (int k = 0; k < c->laid; k++)
		c->attached[k] = !pins || c->pinned[k] || s->pin[2 * k] >= 0;
}

tt_status tt_cloth_fit_tethers(tt_world *w, tt_cloth *c)
{
	tt_cloth_drop_tethers(c);
	graph g = {0};
	search s = {0};
	size_t labels = 2 * (size_t)c->laid;
	s.pin = tt_alloc(labels * sizeof *s.pin);
	s.d = tt_alloc(labels * sizeof *s.d);
	int ok = s.pin && s.d && build_graph(w, c, &g) && nearest_pins(c, &g, &s);
	if (ok)
		mark_attached(c, &s);
	tt_status status = !ok		 ? TT_ERR_OUT_OF_MEMORY
			   : c->tethered ? make_tethers(w, c, &s)
					 : TT_OK;
	free_graph(c, &g);
	tt_free(s.heap, (size_t)s.capacity * sizeof *s.heap);
	tt_free(s.pin, s.pin ? labels * sizeof *s.pin : 0);
	tt_free(s.d, s.d ? labels * sizeof *s.d : 0);
	return status;
}
