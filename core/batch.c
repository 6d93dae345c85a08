/* Constraint batches by greedy graph colouring (see spring.c's note).
 *
 * A pinned particle is never written by the solver, so springs may share
 * it within a batch: a fan of tethers from one anchor (long-range
 * attachments) stays a single batch. Pinning or unpinning re-batches.
 *
 * Springs are visited in slot order, so the batches depend only on the
 * sequence of calls that built the world: the solve order, and with it
 * every result, is deterministic. Springs past 64 colours share one
 * overflow batch that must be solved serially. */
#include <string.h>

#include "alloc.h"
#include "world.h"

#define OVERFLOW (TT_MAX_BATCHES - 1)

/* Lowest colour used by neither free end; marks it used for them. */
static int32_t colour_of(uint64_t *used, const float *inv_mass, int32_t a,
			 int32_t b)
{
	uint64_t none = 0;
	uint64_t *ua = inv_mass[a] > 0.0f ? &used[a] : &none;
	uint64_t *ub = inv_mass[b] > 0.0f ? &used[b] : &none;
	uint64_t taken = *ua | *ub;
	int32_t colour = 0;
	while (colour < OVERFLOW && (taken >> colour) & 1u)
		colour++;
	if (colour < OVERFLOW) {
		*ua |= (uint64_t)1 << colour;
		*ub |= (uint64_t)1 << colour;
	}
	return colour;
}

/* dest[i] = colour of spring i; returns the count per colour. */
static void colour_all(tt_world *w, uint64_t *used, int32_t *dest,
		       int32_t *counts)
{
	tt_springs *s = &w->springs;
	const tt_pool *pool = &w->spring_pool;
	for (int slot = 0; slot < pool->count; slot++) {
		int i = pool->slots[slot].dense;
		if (i < 0)
			continue;
		dest[i] = colour_of(used, w->particles.inv_mass, s->a[i],
				    s->b[i]);
		counts[dest[i]]++;
	}
}

/* Turn colours into places: batches in colour order, slot order within. */
static void place_all(tt_world *w, int32_t *dest, const int32_t *counts)
{
	tt_springs *s = &w->springs;
	int32_t next[TT_MAX_BATCHES];
	s->batch_count = 0;
	int32_t start = 0;
	for (int c = 0; c < TT_MAX_BATCHES; c++) {
		next[c] = start;
		if (counts[c] > 0)
			s->batch[s->batch_count++] = start;
		start += counts[c];
	}
	s->batch[s->batch_count] = start;
	const tt_pool *pool = &w->spring_pool;
	for (int slot = 0; slot < pool->count; slot++) {
		int i = pool->slots[slot].dense;
		if (i >= 0)
			dest[i] = next[dest[i]]++;
	}
}

int tt_spring_batch(tt_world *w)
{
	tt_springs *s = &w->springs;
	int n = s->count, np = w->particles.count;
	size_t used_size = (size_t)(np > 0 ? np : 1) * sizeof(uint64_t);
	size_t n_size = (size_t)(n > 0 ? n : 1) * sizeof(int32_t);
	uint64_t *used = tt_alloc(used_size);
	int32_t *dest = tt_alloc(n_size);
	uint32_t *scratch = tt_alloc(n_size);
	int ok = used && dest && scratch;
	if (ok) {
		int32_t counts[TT_MAX_BATCHES] = {0};
		memset(used, 0, used_size);
		colour_all(w, used, dest, counts);
		place_all(w, dest, counts);
		tt_columns c = tt_spring_columns(s);
		tt_columns_permute(&c, dest, n, scratch);
		for (int i = 0; i < n; i++)
			w->spring_pool.slots[s->slot[i]].dense = i;
		s->dirty = 0;
	}
	tt_free(used, used_size);
	tt_free(dest, n_size);
	tt_free(scratch, n_size);
	return ok;
}
