/* Strands (lanes.h): the tiles of a streamed world that hold nothing but
 * chains of particles, each particle joined to the next by one spring,
 * take their whole step in two halves, the even nodes and the odd ones
 * (strand_body.h), where a rope's rods of one colour are one run of
 * lanes with no shuffle, and the runs of all the tile's ropes one run.
 *
 * A tile is all strands when every spring of it joins two neighbours,
 * no two join the same pair, and each strand's even rods are springs
 * in a row of one batch (as batches list a rope built in order), its
 * odd rods those of another, the same two batches for the whole tile.
 * Any other tile (a grid, a rope built out of order, strands in other
 * batches than each other) steps as before, block by block. */
#include "alloc.h"
#include "world.h"

#define PART (TT_STRAND_COLUMNS * TT_STRAND_COLUMN * sizeof(float))  /* bytes */

/* link[i]: the spring joining particle i to i + 1, -1 when none, -2
 * when more than one; degree[i]: the springs particle i has. */
static void links(const tt_world *w, int32_t *link, int32_t *degree)
{
	const tt_springs *s = &w->springs;
	for (int i = 0; i < w->particles.count; i++)
		link[i] = -1, degree[i] = 0;
	for (int c = 0; c < s->count; c++) {
		int lo = s->a[c] < s->b[c] ? s->a[c] : s->b[c];
		degree[s->a[c]]++, degree[s->b[c]]++;
		if (s->a[c] + s->b[c] == 2 * lo + 1)
			link[lo] = link[lo] == -1 ? c : -2;
	}
}

/* The batch of spring c, or -1 when it is in the overflow batch (whose
 * springs share particles). */
static int batch_of(const tt_springs *s, int c)
{
	int k = 0;
	while (s->colour[k + 1] <= c)
		k++;
	return k == TT_MAX_BATCHES - 1 ? -1 : k;
}

/* The batch of `count` springs in a row from c, step 1: -1 when they are
 * not all in one. */
static int run_batch(const tt_springs *s, const int32_t *link, int f, int count)
{
	int c = link[f], k = batch_of(s, c);
	for (int j = 1; j < count; j++)
		if (link[f + 2 * j] != c + j)
			return -1;
	return count == 1 || batch_of(s, c + count - 1) == k ? k : -1;
}

/* Where a tile's strands' rods must lie: the batches of its even rods
 * and of its odd ones, -2 until one is seen. */
typedef struct runs {
	int even, odd;
} runs;

static int agrees(int *kept, int k)
{
	if (*kept == -2)
		*kept = k;
	return k >= 0 && k == *kept;
}

/* The strand from particle f that ends at particle end - 1: its rods'
 * springs, 0 when they do not lie as a strand's must. */
static int strand_at(const tt_world *w, const int32_t *link, int f, int end,
		     runs *r, tt_strand *out)
{
	const tt_springs *s = &w->springs;
	int n = end - f;
	*out = (tt_strand){f, n, 0, n > 1 ? link[f] : -1, n > 2 ? link[f + 1] : -1};
	if (n > 1 && !agrees(&r->even, run_batch(s, link, f, n / 2)))
		return 0;
	return n < 3 || agrees(&r->odd, run_batch(s, link, f + 1, (n - 1) / 2));
}

/* The rank of batch k among the plan's colours. */
static int rank(const tt_plan *plan, int k)
{
	int r = 0;
	while (plan->colours[r] != k)
		r++;
	return r;
}

/* Tile t's strands from strands[*count] on: its entry's count stays 0
 * (and *count where it was) when the tile is not all strands. */
static void plan_tile(tt_world *w, int t, const int32_t *link,
		      const int32_t *degree, int *count)
{
	tt_plan *plan = &w->springs.plan;
	const int from = plan->tiles[t], to = plan->tiles[t + 1];
	tt_strand_tile tile = {.strand = *count};
	runs r = {-2, -2};
	for (int f = from, i = from; i < to; f = ++i) {
		for (; link[i] >= 0; i++)
			if (degree[i] != 1 + (i > f))
				return;
		if (link[i] == -2 || degree[i] != (i > f) ||
		    !strand_at(w, link, f, i + 1, &r, &plan->strands[*count + tile.count]))
			return;
		plan->strands[*count + tile.count++].at = tile.slots;
		tile.slots += (i + 2 - f) / 2;
	}
	if (tile.slots > TT_STRAND_MOST)  /* each thread holds one tile's halves */
		return;
	tile.odd_first = r.even >= 0 && r.odd >= 0 &&
			 rank(plan, r.odd) < rank(plan, r.even);
	plan->strand_tiles[t] = tile;
	*count += tile.count;
}

/* Each thread's halves, when some tile is all strands. */
static int reserve_scratch(tt_world *w)
{
	tt_plan *plan = &w->springs.plan;
	int some = 0;
	for (int t = 0; t < plan->tile_count; t++)
		some |= plan->strand_tiles[t].count > 0;
	tt_free(plan->scratch, plan->scratch_bytes);
	plan->scratch = NULL, plan->scratch_bytes = 0, plan->scratch_parts = 0;
	if (!some)
		return 1;
	size_t bytes = PART * (size_t)w->threads + 64;
	plan->scratch = tt_alloc(bytes);
	if (!plan->scratch)
		return 0;
	plan->scratch_bytes = bytes, plan->scratch_parts = w->threads;
	return 1;
}

void tt_strand_plan(tt_world *w)
{
	tt_plan *plan = &w->springs.plan;
	const int n = w->particles.count;
	size_t bytes = (size_t)(n > 0 ? n : 1) * 2 * sizeof(int32_t);
	int32_t *link = tt_alloc(bytes);
	for (int t = 0; t < plan->tile_count; t++)
		plan->strand_tiles[t] = (tt_strand_tile){0};
	if (link) {
		links(w, link, link + n);
		int count = 0;
		for (int t = 0; t < plan->tile_count; t++)
			plan_tile(w, t, link, link + n, &count);
	}
	tt_free(link, bytes);
	if (!reserve_scratch(w))
		for (int t = 0; t < plan->tile_count; t++)
			plan->strand_tiles[t].count = 0;
}

void tt_strand_release(tt_plan *plan)
{
	tt_free(plan->scratch, plan->scratch_bytes);
	plan->scratch = NULL, plan->scratch_bytes = 0, plan->scratch_parts = 0;
}

int tt_strand_step(tt_world *w, int t, int part, tt_strand_job job)
{
	const tt_plan *plan = &w->springs.plan;
	const tt_strand_tile *tile = &plan->strand_tiles[t];
	int last = t + 1 == plan->tile_count;
	if (!w->lanes || tile->count == 0 || part >= plan->scratch_parts ||
	    (last && plan->tiles[t + 1] != w->particles.count))
		return 0;
	uintptr_t base = (uintptr_t)plan->scratch;
	job.w = w, job.strand = plan->strands + tile->strand, job.tile = *tile;
	job.scratch = (float *)((base + 63) / 64 * 64) + (size_t)part * PART / sizeof(float);
	return w->lanes->strand_step(&job);
}
