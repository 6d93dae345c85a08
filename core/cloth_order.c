/* The order a grid cloth makes its springs in, so the solver's plan
 * (plan.c) finds them in long runs.
 *
 * Batches are coloured greedily in slot order (batch.c) and a batch's
 * blocks of lanes are the runs of springs whose ends step by one (or two)
 * node from one spring to the next. Made in the layout's order (a cell's
 * two shear springs one after the other), a 64 x 64 cloth's springs fell
 * into 3338 blocks of 7 springs on average, a third of them gathered.
 * So the springs of one direction (one step d between their ends: 1, a
 * row, a row +- 1, 2, two rows) are made together, and of those first
 * the ones whose lower end lies in an even stretch of d nodes, then the
 * odd: within each half no two share a node, so each half is one colour
 * of consecutive nodes. A step d shorter than SHORT (the bend springs
 * along a row: d = 2) makes runs of d springs, blocks of 2 lanes where a
 * gathered block takes 16: those are made d apart (phase lo mod d),
 * which no block follows, so they are gathered. Only the order of
 * creation changes; what each spring joins does not. */
#include <stdlib.h>

#include "alloc.h"
#include "world.h"

#define DIRECTIONS 8
#define INDEX_BITS 20  /* springs of the largest grid: < 2^19 */
#define SHORT 8        /* runs of fewer springs are gathered instead */

static int by_key(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* Direction d's rank in order of first appearance, -1 past DIRECTIONS. */
static int rank_of(int32_t *seen, int *count, int32_t d)
{
	for (int r = 0; r < *count; r++)
		if (seen[r] == d)
			return r;
	if (*count == DIRECTIONS)
		return -1;
	seen[*count] = d;
	return (*count)++;
}

static int64_t key_of(const int32_t *pair, int32_t *seen, int *count, int k)
{
	int32_t lo = pair[0] < pair[1] ? pair[0] : pair[1];
	int32_t d = abs(pair[1] - pair[0]);
	int r = d > 0 ? rank_of(seen, count, d) : -1;
	if (r < 0)
		return -1;
	int64_t half = (lo / d) & 1, phase = d < SHORT ? lo % d : 0;
	return ((int64_t)r << 44 | half << 43 | phase << 40 |
		(int64_t)lo << INDEX_BITS) + k;
}

int tt_cloth_spring_order(const int32_t *pairs, int n, int32_t *order)
{
	size_t bytes = (size_t)(n > 0 ? n : 0) * sizeof(int64_t);
	int64_t *key = bytes ? tt_alloc(bytes) : NULL;
	int32_t seen[DIRECTIONS];
	int count = 0, ok = key != NULL && n < (1 << INDEX_BITS);
	for (int k = 0; ok && k < n; k++)
		ok = (key[k] = key_of(pairs + 2 * k, seen, &count, k)) >= 0;
	if (ok)
		qsort(key, (size_t)n, sizeof *key, by_key);
	for (int k = 0; k < n; k++)
		order[k] = ok ? (int32_t)(key[k] & ((1 << INDEX_BITS) - 1)) : k;
	tt_free(key, bytes);
	return ok;
}
