/* Constraint batches by greedy graph colouring (see spring.c's note).
 *
 * A pinned particle is never written by the solver, so springs may share
 * it within a batch: a fan of tethers from one anchor (long-range
 * attachments) stays a single batch. Pinning or unpinning re-batches.
 *
 * Springs are visited in slot order, so the batches depend only on the
 * sequence of calls that built the world: the solve order, and with it
 * every result, is deterministic. Springs past 64 colours share one
 * overflow batch that must be solved serially. Angle constraints
 * (angle.c) are coloured after the springs with the same marks, so angle
 * colour k shares no particle with spring batch k and the two are solved
 * together, batch by batch. */
#include <string.h>

#include "alloc.h"
#include "world.h"

#define OVERFLOW (TT_MAX_BATCHES - 1)

/* Lowest colour none of the n free ends (particle indices) has; marks it
 * used for them. */
static int32_t colour_of(uint64_t *used, const float *inv_mass,
			 const int32_t *ends, int n)
{
	uint64_t taken = 0;
	for (int k = 0; k < n; k++)
		taken |= inv_mass[ends[k]] > 0.0f ? used[ends[k]] : 0;
	int32_t colour = 0;
	while (colour < OVERFLOW && (taken >> colour) & 1u)
		colour++;
	for (int k = 0; k < n && colour < OVERFLOW; k++)
		if (inv_mass[ends[k]] > 0.0f)
			used[ends[k]] |= (uint64_t)1 << colour;
	return colour;
}

/* A kind of constraint to colour: its slots, its n ends per item (dense
 * particle indices), its columns, and where its colour ranges go. */
typedef struct kind {
	tt_pool *pool;
	int count, n;
	int32_t *ends[3];
	int32_t **slot;   /* the slot column */
	tt_columns columns;
	int32_t *colour;  /* TT_MAX_BATCHES + 1 starts */
} kind;

/* dest[i] = colour of item i; counts per colour. Slot order, so the
 * colours depend only on the calls that built the world. */
static void colour_all(const kind *k, const float *inv_mass, uint64_t *used,
		       int32_t *dest, int32_t *counts)
{
	for (int slot = 0; slot < k->pool->count; slot++) {
		int i = k->pool->slots[slot].dense;
		if (i < 0)
			continue;
		int32_t ends[3];
		for (int e = 0; e < k->n; e++)
			ends[e] = k->ends[e][i];
		dest[i] = colour_of(used, inv_mass, ends, k->n);
		counts[dest[i]]++;
	}
}

/* Turn colours into places: colour order, slot order within. */
static void place_all(const kind *k, int32_t *dest, const int32_t *counts)
{
	int32_t next[TT_MAX_BATCHES];
	int32_t start = 0;
	for (int c = 0; c < TT_MAX_BATCHES; c++) {
		k->colour[c] = next[c] = start;
		start += counts[c];
	}
	k->colour[TT_MAX_BATCHES] = start;
	for (int slot = 0; slot < k->pool->count; slot++) {
		int i = k->pool->slots[slot].dense;
		if (i >= 0)
			dest[i] = next[dest[i]]++;
	}
}

static void sort_kind(const kind *k, const float *inv_mass, uint64_t *used,
		      int32_t *dest, uint32_t *scratch)
{
	int32_t counts[TT_MAX_BATCHES] = {0};
	colour_all(k, inv_mass, used, dest, counts);
	place_all(k, dest, counts);
	tt_columns_permute(&k->columns, dest, k->count, scratch);
	for (int i = 0; i < k->count; i++)
		k->pool->slots[(*k->slot)[i]].dense = i;
}

/* The springs' batches: their non-empty colours. */
static void list_batches(tt_springs *s)
{
	s->batch_count = 0;
	for (int c = 0; c < TT_MAX_BATCHES; c++)
		if (s->colour[c + 1] > s->colour[c])
			s->batch[s->batch_count++] = s->colour[c];
	s->batch[s->batch_count] = s->colour[TT_MAX_BATCHES];
}

/* Springs first, so their batches are what they were without angles;
 * angles then take colours none of their particles' springs has. */
int tt_spring_batch(tt_world *w)
{
	tt_springs *s = &w->springs;
	tt_angles *an = &w->angles;
	kind kinds[2] = {
		{&w->spring_pool, s->count, 2, {s->a, s->b, NULL}, &s->slot,
		 tt_spring_columns(s), s->colour},
		{&w->angle_pool, an->count, 3, {an->a, an->b, an->c}, &an->slot,
		 tt_angle_columns(an), an->colour},
	};
	int n = s->count > an->count ? s->count : an->count;
	int np = w->particles.count;
	size_t used_size = (size_t)(np > 0 ? np : 1) * sizeof(uint64_t);
	size_t n_size = (size_t)(n > 0 ? n : 1) * sizeof(int32_t);
	uint64_t *used = tt_alloc(used_size);
	int32_t *dest = tt_alloc(n_size);
	uint32_t *scratch = tt_alloc(n_size);
	int ok = used && dest && scratch;
	if (ok) {
		memset(used, 0, used_size);
		for (int k = 0; k < 2; k++)
			sort_kind(&kinds[k], w->particles.inv_mass, used, dest,
				  scratch);
		list_batches(s);
		ok = tt_plan_build(w, w->lanes ? w->lanes->width : 0);
		s->dirty = !ok;
	}
	tt_free(used, used_size);
	tt_free(dest, n_size);
	tt_free(scratch, n_size);
	return ok;
}
