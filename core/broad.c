/* The colliders' broad phase: a hashed grid over where each collider can
 * be during the step, so a particle (or a spring) looks only at the few
 * colliders near it instead of at all of them.
 *
 * A collider's box holds its shape's reach around both ends of its path
 * this step (its substep poses lie between them), grown by a little for
 * rounding. It goes into every cell that box grown by a margin (half a
 * cell) covers, or, when that is more than MOST_CELLS (planes are
 * everywhere), into a list every query sees. So a query reaching no
 * further than the margin (most do: a particle's radius and its motion
 * over a substep, a short spring's half length) looks in one cell, the
 * one its point is in, whose colliders are a list in collider order; a
 * wider one looks in the cells of its reach less the margin. The cells
 * are placed again only when a box changed (a collider moved, came or
 * went): static colliders are placed once.
 *
 * A query asks for the next candidate after collider k, near a point and
 * a reach, in collider order: the contact stages take colliders in index
 * order, each from where the last one left the particle, so asking again
 * for each next one from the particle's current place visits exactly the
 * colliders the loop over all of them would have found near, in the same
 * order (tt_contact_near is within the boxes by construction). With few
 * colliders there is no grid and the next candidate is simply k + 1. */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

#define FEW 12          /* colliders: below this, no grid */
#define MOST_CELLS 64   /* a collider covering more goes in the list */
#define MOST_SEARCH 64  /* a query covering more cells sees all */

static int grow(void **p, int *capacity, int need, size_t size)
{
	if (need <= *capacity)
		return 1;
	int n = *capacity ? *capacity : 64;
	while (n < need)
		n *= 2;
	void *fresh = tt_alloc((size_t)n * size);
	if (!fresh)
		return 0;
	tt_free(*p, (size_t)*capacity * size);
	*p = fresh, *capacity = n;
	return 1;
}

void tt_broad_release(tt_broad *b)
{
	tt_free(b->cells, (size_t)b->cell_capacity * sizeof(tt_broad_cell));
	tt_free(b->homes, (size_t)b->home_capacity * sizeof(uint64_t));
	tt_free(b->ids, (size_t)b->id_capacity * sizeof(int32_t));
	tt_free(b->boxes, (size_t)b->box_capacity * sizeof(tt_broad_box));
	tt_free(b->big, (size_t)b->big_capacity * sizeof(int32_t));
	*b = (tt_broad){0};
}

/* Where collider c can be this step: its reach around both ends of its
 * path, grown by a little. */
static tt_broad_box box_of(const tt_world *w, const tt_collider *c)
{
	tt_vec3 a, b;
	float reach;
	if (w->def.is_3d)
		a = c->from3.p, b = c->to3.p, reach = c->shape3.reach;
	else
		a = (tt_vec3){c->from.x, c->from.y, 0.0f},
		b = (tt_vec3){c->to.x, c->to.y, 0.0f}, reach = c->shape.reach;
	float lo[3] = {fminf(a.x, b.x), fminf(a.y, b.y), fminf(a.z, b.z)};
	float hi[3] = {fmaxf(a.x, b.x), fmaxf(a.y, b.y), fmaxf(a.z, b.z)};
	tt_broad_box box;
	for (int k = 0; k < 3; k++) {
		float grown = reach + 1e-4f + 1e-5f * (fabsf(lo[k]) + fabsf(hi[k]) + reach);
		box.lo[k] = lo[k] - grown, box.hi[k] = hi[k] + grown;
	}
	return box;
}

/* floor(v inv), clamped to +-1e9 (NaN to the low end): by truncation,
 * as libm's floorf is a call on plain x86-64; the clamps are min and max. */
static inline int32_t cell_of(float v, float inv)
{
	float c = v * inv;
	c = c > -1e9f ? c : -1e9f;
	c = c < 1e9f ? c : 1e9f;
	int32_t t = (int32_t)c;
	return (float)t > c ? t - 1 : t;
}

/* The slot where cell (x, y, z)'s search starts. */
static inline uint32_t home_of(const tt_broad *b, int32_t x, int32_t y,
			       int32_t z)
{
	uint32_t h = (uint32_t)x * 0x9E3779B1u ^ (uint32_t)y * 0x85EBCA77u ^
		     (uint32_t)z * 0xC2B2AE3Du;
	return (h ^ h >> 15) & ((uint32_t)b->slots - 1u);
}

/* Is some cell's search started at slot k? (A bit each: the few kilobytes
 * a query looks at first stay in cache, where the table would not.) */
static inline int homes(const tt_broad *b, uint32_t k)
{
	return (int)(b->homes[k >> 6] >> (k & 63u) & 1u);
}

/* Cell (x, y, z)'s slot, or the free one where it would go. */
static inline tt_broad_cell *slot_of(const tt_broad *b, int32_t x, int32_t y,
				     int32_t z)
{
	uint32_t mask = (uint32_t)b->slots - 1u, k = home_of(b, x, y, z);
	while (b->cells[k].count &&
	       !(b->cells[k].x == x && b->cells[k].y == y && b->cells[k].z == z))
		k = (k + 1u) & mask;
	return &b->cells[k];
}

/* Does cell (x, y, z) hold any collider? */
static inline int held(const tt_broad *b, int32_t x, int32_t y, int32_t z)
{
	return homes(b, home_of(b, x, y, z)) && slot_of(b, x, y, z)->count;
}

/* The cells [lo, hi] of a box, each axis (z only in 3D); how many. */
static long long cells(const tt_broad *b, const float lo[3], const float hi[3],
		       int32_t c0[3], int32_t c1[3])
{
	long long n = 1;
	c0[2] = c1[2] = 0;
	for (int k = 0; k < b->dims; k++) {
		c0[k] = cell_of(lo[k], b->inv_cell), c1[k] = cell_of(hi[k], b->inv_cell);
		n *= (long long)c1[k] - c0[k] + 1;
		if (n > 1000000)
			return n;
	}
	return n;
}

/* The cells of collider i's box grown by the margin; how many. */
static long long grown_cells(const tt_broad *b, int i, int32_t c0[3],
			     int32_t c1[3])
{
	const tt_broad_box *box = &b->boxes[i];
	float lo[3], hi[3];
	for (int k = 0; k < 3; k++)
		lo[k] = box->lo[k] - b->margin, hi[k] = box->hi[k] + b->margin;
	return cells(b, lo, hi, c0, c1);
}

/* A cell size near the typical collider's box, so most cover a few. */
static float cell_size(const tt_broad *b, int n)
{
	double sum = 0.0;
	int used = 0;
	for (int i = 0; i < n; i++) {
		float size = fmaxf(b->boxes[i].hi[0] - b->boxes[i].lo[0],
				   b->boxes[i].hi[1] - b->boxes[i].lo[1]);
		if (isfinite(size) && size < 1e6f)
			sum += size, used++;
	}
	return used ? fmaxf((float)(sum / used), 1e-3f) : 1.0f;
}

/* A free slot c for cell (x, y, z), its home marked. */
static void claim(tt_broad *b, tt_broad_cell *c, int32_t x, int32_t y,
		  int32_t z)
{
	uint32_t k = home_of(b, x, y, z);
	c->x = x, c->y = y, c->z = z;
	b->homes[k >> 6] |= (uint64_t)1 << (k & 63u);
}

/* Each collider into its cells: counted (pass 0, claiming the slots),
 * then, last collider first, each cell's list filled from its end back
 * (pass 1), so it ends ascending at its start. */
static void place(tt_broad *b, int n, int pass)
{
	for (int k = 0; k < n; k++) {
		int i = pass == 0 ? k : n - 1 - k;
		int32_t c0[3], c1[3];
		if (b->big[n + i])
			continue;
		grown_cells(b, i, c0, c1);
		for (int32_t z = c0[2]; z <= c1[2]; z++)
			for (int32_t y = c0[1]; y <= c1[1]; y++)
				for (int32_t x = c0[0]; x <= c1[0]; x++) {
					tt_broad_cell *c = slot_of(b, x, y, z);
					if (pass == 1)
						b->ids[--c->start] = i;
					else if (c->count++ == 0)
						claim(b, c, x, y, z);
				}
	}
}

/* Each cell's start just past its list (pass 1 fills it backwards). */
static void ends(tt_broad *b)
{
	int32_t total = 0;
	for (int k = 0; k < b->slots; k++)
		if (b->cells[k].count)
			total += b->cells[k].count, b->cells[k].start = total;
}

/* Sort the boxes: the big list, then how many cells the rest take. */
static int sort_boxes(tt_broad *b, int n)
{
	int entries = 0;
	b->big_count = 0;
	for (int i = 0; i < n; i++) {
		int32_t c0[3], c1[3];
		long long k = grown_cells(b, i, c0, c1);
		b->big[n + i] = !(k <= MOST_CELLS);
		if (b->big[n + i])
			b->big[b->big_count++] = i;
		else
			entries += (int)k;
	}
	return entries;
}

/* The cells of this step's boxes (boxes[0 .. n)), kept in boxes[n .. 2n)
 * to tell whether the next step's differ. */
static int place_all(tt_broad *b, int n, int is_3d)
{
	b->built_count = -1;
	b->margin = 0.5f * cell_size(b, n);
	b->inv_cell = 0.5f / b->margin;
	b->dims = is_3d ? 3 : 2;
	int entries = sort_boxes(b, n), slots = 64;
	while (slots < 2 * entries)
		slots *= 2;
	if (!grow((void **)&b->cells, &b->cell_capacity, slots, sizeof(tt_broad_cell)) ||
	    !grow((void **)&b->homes, &b->home_capacity, slots / 64, sizeof(uint64_t)) ||
	    !grow((void **)&b->ids, &b->id_capacity, entries > 0 ? entries : 1,
		  sizeof(int32_t)))
		return 0;
	b->slots = slots;
	memset(b->cells, 0, (size_t)slots * sizeof(tt_broad_cell));
	memset(b->homes, 0, (size_t)slots / 64 * sizeof(uint64_t));
	place(b, n, 0);
	ends(b);
	place(b, n, 1);
	memcpy(b->boxes + n, b->boxes, (size_t)n * sizeof(tt_broad_box));
	b->built_count = n;
	return 1;
}

int tt_broad_build(tt_world *w)
{
	tt_broad *b = &w->broad;
	int n = w->colliders.count;
	b->active = 0;
	if (n < FEW || w->broad_off)
		return 1;
	if (!grow((void **)&b->boxes, &b->box_capacity, 2 * n, sizeof(tt_broad_box)) ||
	    !grow((void **)&b->big, &b->big_capacity, 2 * n, sizeof(int32_t)))
		return 0;
	for (int i = 0; i < n; i++)
		b->boxes[i] = box_of(w, &w->colliders.items[i]);
	if (b->built_count != n ||
	    memcmp(b->boxes, b->boxes + n, (size_t)n * sizeof(tt_broad_box)) != 0) {
		if (!place_all(b, n, w->def.is_3d))
			return 0;
	}
	b->active = 1;
	return 1;
}

/* Collider k into the candidates (ids), ascending, once; 0 when full. */
static int add(tt_broad_iter *it, int32_t k)
{
	int at = it->n;
	while (at > 0 && it->ids[at - 1] > k)
		at--;
	if (at > 0 && it->ids[at - 1] == k)
		return 1;
	if (it->n == TT_BROAD_IDS)
		return 0;
	memmove(it->ids + at + 1, it->ids + at, (size_t)(it->n - at) * sizeof *it->ids);
	it->ids[at] = k, it->n++;
	return 1;
}

/* The candidates of cells [c0, c1] and of the big list after `after`,
 * merged into ids; 0 when they do not fit. */
static int merge(const tt_broad *b, tt_broad_iter *it, const int32_t c0[3],
		 const int32_t c1[3], int after)
{
	it->list = it->ids, it->n = 0;
	for (int i = 0; i < b->big_count; i++)
		if (b->big[i] > after && !add(it, b->big[i]))
			return 0;
	for (int32_t z = c0[2]; z <= c1[2]; z++)
		for (int32_t y = c0[1]; y <= c1[1]; y++)
			for (int32_t x = c0[0]; x <= c1[0]; x++) {
				const tt_broad_cell *c = slot_of(b, x, y, z);
				for (int e = 0; e < c->count; e++)
					if (b->ids[c->start + e] > after &&
					    !add(it, b->ids[c->start + e]))
						return 0;
			}
	return 1;
}

/* Candidates after `after` in cells [c0, c1] and the big list, merged
 * into ids; all colliders when too many cells or candidates. */
static __attribute__((noinline)) void merged(const tt_broad *b, tt_broad_iter *it, const int32_t c0[3],
		   const int32_t c1[3], long long cells, int after)
{
	it->q = 0;
	it->all = cells > MOST_SEARCH || !merge(b, it, c0, c1, after);
}

/* A query reaching r beyond the margin: the cells of its box less it.
 * (Out of line, as merged: the one-cell query stays a leaf.) */
static __attribute__((noinline)) void wide(const tt_broad *b, tt_broad_iter *it, tt_vec3 at, float r,
		 int after)
{
	float lo[3] = {at.x - r, at.y - r, at.z - r};
	float hi[3] = {at.x + r, at.y + r, at.z + r};
	int32_t c0[3], c1[3];
	merged(b, it, c0, c1, cells(b, lo, hi, c0, c1), after);
}

/* Candidates after `after` near at: within the margin (most queries),
 * the colliders of at's cell and the big list, the big list read in
 * place when the cell holds none (most particles are far from every
 * one); further, the cells of the reach less the margin; all colliders
 * when the query is too wide or finds too many. */
void tt_broad_query(const tt_world *w, tt_broad_iter *it, tt_vec3 at,
		    float reach, int after)
{
	const tt_broad *b = &w->broad;
	it->all = !b->active || !(reach < INFINITY);
	if (it->all)
		return;
	if (!(reach <= b->margin)) {
		wide(b, it, at, reach - b->margin, after);
		return;
	}
	int32_t c[3] = {cell_of(at.x, b->inv_cell), cell_of(at.y, b->inv_cell),
			b->dims == 3 ? cell_of(at.z, b->inv_cell) : 0};
	if (held(b, c[0], c[1], c[2])) {
		merged(b, it, c, c, 1, after);
		return;
	}
	it->list = b->big, it->n = b->big_count, it->q = 0;
	while (it->q < it->n && it->list[it->q] <= after)
		it->q++;
}
