/* The colliders' broad phase: a hashed grid over where each collider can
 * be during the step, so a particle (or a spring) looks only at the few
 * colliders near it instead of at all of them.
 *
 * Built once a step (after the colliders' poses for the step are known):
 * a collider's box holds its shape's reach around both ends of its path
 * (its substep poses lie between them), grown by a little for rounding;
 * it goes into every cell the box covers, or, when that is more than
 * MOST_CELLS (planes are everywhere), into a list every query sees. A
 * query asks for the next candidate after collider k, near a point and a
 * reach, in collider order: the contact stages take colliders in index
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
	tt_free(b->start, (size_t)b->start_capacity * sizeof(int32_t));
	tt_free(b->entries, (size_t)b->entry_capacity * sizeof(tt_broad_entry));
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

/* floor(v inv), clamped (NaN to the low end): by truncation, as libm's
 * floorf is a call on plain x86-64. */
static int32_t cell_of(float v, float inv)
{
	float c = v * inv;
	if (!(c > -1e9f))
		return -1000000000;
	if (!(c < 1e9f))
		return 1000000000;
	int32_t t = (int32_t)c;
	return (float)t > c ? t - 1 : t;
}

static uint32_t bucket_of(const tt_broad *b, int32_t x, int32_t y, int32_t z)
{
	uint32_t h = (uint32_t)x * 73856093u ^ (uint32_t)y * 19349663u ^
		     (uint32_t)z * 83492791u;
	return h & (uint32_t)(b->buckets - 1);
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

/* Each collider's cells: counted (pass 0), then placed (pass 1). */
static void place(tt_broad *b, int n, int pass)
{
	for (int i = 0; i < n; i++) {
		int32_t c0[3], c1[3];
		if (b->big[n + i])
			continue;
		cells(b, b->boxes[i].lo, b->boxes[i].hi, c0, c1);
		for (int32_t z = c0[2]; z <= c1[2]; z++)
			for (int32_t y = c0[1]; y <= c1[1]; y++)
				for (int32_t x = c0[0]; x <= c1[0]; x++) {
					uint32_t k = bucket_of(b, x, y, z);
					if (pass == 0)
						b->start[k + 1]++;
					else
						b->entries[b->fill[k]++] =
							(tt_broad_entry){i, x, y, z};
				}
	}
}

/* Sort the boxes: the big list, then how many cells the rest take. */
static int sort_boxes(tt_broad *b, int n)
{
	int entries = 0;
	b->big_count = 0;
	for (int i = 0; i < n; i++) {
		int32_t c0[3], c1[3];
		long long k = cells(b, b->boxes[i].lo, b->boxes[i].hi, c0, c1);
		b->big[n + i] = !(k <= MOST_CELLS);
		if (b->big[n + i])
			b->big[b->big_count++] = i;
		else
			entries += (int)k;
	}
	return entries;
}

static int reserve(tt_broad *b, int n)
{
	return grow((void **)&b->boxes, &b->box_capacity, n, sizeof(tt_broad_box)) &&
	       grow((void **)&b->big, &b->big_capacity, 2 * n, sizeof(int32_t));
}

int tt_broad_build(tt_world *w)
{
	tt_broad *b = &w->broad;
	int n = w->colliders.count;
	b->active = 0;
	if (n < FEW || w->broad_off)
		return 1;
	if (!reserve(b, n))
		return 0;
	for (int i = 0; i < n; i++)
		b->boxes[i] = box_of(w, &w->colliders.items[i]);
	b->inv_cell = 1.0f / cell_size(b, n);
	b->dims = w->def.is_3d ? 3 : 2;
	int entries = sort_boxes(b, n), buckets = 64;
	while (buckets < 2 * entries)
		buckets *= 2;
	if (!grow((void **)&b->start, &b->start_capacity, 2 * buckets + 1,
		  sizeof(int32_t)) ||
	    !grow((void **)&b->entries, &b->entry_capacity, entries > 0 ? entries : 1,
		  sizeof(tt_broad_entry)))
		return 0;
	b->buckets = buckets, b->fill = b->start + buckets + 1;
	memset(b->start, 0, (size_t)(buckets + 1) * sizeof(int32_t));
	place(b, n, 0);
	for (int k = 0; k < buckets; k++)
		b->start[k + 1] += b->start[k];
	memcpy(b->fill, b->start, (size_t)buckets * sizeof(int32_t));
	place(b, n, 1);
	b->active = 1;
	return 1;
}

/* Collider k into the candidates, ascending, once; 0 when full. */
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

/* The candidates of cell (x, y, z) after `after`; 0 when full. */
static int add_cell(const tt_broad *b, tt_broad_iter *it, int32_t x, int32_t y,
		    int32_t z, int after)
{
	uint32_t k = bucket_of(b, x, y, z);
	for (int e = b->start[k]; e < b->start[k + 1]; e++) {
		const tt_broad_entry *t = &b->entries[e];
		if (t->collider > after && t->x == x && t->y == y && t->z == z &&
		    !add(it, t->collider))
			return 0;
	}
	return 1;
}

/* Candidates after `after` near at; all colliders when the query is too
 * wide or finds too many. */
static void query(const tt_world *w, tt_broad_iter *it, tt_vec3 at, float reach,
		  int after)
{
	const tt_broad *b = &w->broad;
	float lo[3] = {at.x - reach, at.y - reach, at.z - reach};
	float hi[3] = {at.x + reach, at.y + reach, at.z + reach};
	int32_t c0[3], c1[3];
	it->n = it->q = 0, it->all = 0;
	if (!b->active || !(reach < INFINITY) || cells(b, lo, hi, c0, c1) > MOST_SEARCH) {
		it->all = 1;
		return;
	}
	for (int i = 0; i < b->big_count; i++)
		if (b->big[i] > after && !add(it, b->big[i]))
			it->all = 1;
	for (int32_t z = c0[2]; z <= c1[2] && !it->all; z++)
		for (int32_t y = c0[1]; y <= c1[1] && !it->all; y++)
			for (int32_t x = c0[0]; x <= c1[0] && !it->all; x++)
				it->all = !add_cell(b, it, x, y, z, after);
}

int tt_broad_first(const tt_world *w, tt_broad_iter *it, tt_vec3 at, float reach)
{
	it->last = -1;
	query(w, it, at, reach, -1);
	return tt_broad_next(w, it, at, reach, 0);
}

int tt_broad_next(const tt_world *w, tt_broad_iter *it, tt_vec3 at, float reach,
		  int moved)
{
	if (moved && !it->all)
		query(w, it, at, reach, it->last);
	if (it->all)
		it->last = it->last + 1 < w->colliders.count ? it->last + 1 : -1;
	else
		it->last = it->q < it->n ? it->ids[it->q++] : -1;
	return it->last;
}
