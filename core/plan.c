/* The plan: each batch of springs laid out in blocks of lanes (lanes.h),
 * rebuilt with the batches.
 *
 * A batch lists its springs in slot order, and a rope or a grid built in
 * order gives runs that follow a pattern: a rope's even rods join
 * particles A, A+1; A+2, A+3; ... So each run of a pattern makes whole
 * blocks of `lanes` springs, and what is left over (the ends of runs,
 * springs that follow none) is listed for gathering. The order of the
 * springs of one batch does not change a result (they share no free
 * particle), so blocks may take them in any order. The overflow batch
 * (springs past 64 colours) shares particles and is solved one spring at
 * a time, in spans; so is every batch without kernels. The segments the
 * chain solve takes (chain.c) are left out. */
#include <string.h>

#include "alloc.h"
#include "world.h"

_Static_assert(TT_PLAN_BATCHES == TT_MAX_BATCHES, "one plan entry a colour");

#define OVERFLOW (TT_MAX_BATCHES - 1)

/* The pattern springs c and c + 1 start, or GATHER. A fan's shared end
 * must be pinned (then it is never written). */
static int pattern(const tt_springs *s, const float *wi, int c)
{
	int da = s->a[c + 1] - s->a[c], db = s->b[c + 1] - s->b[c];
	if (da == 2 && db == 2 && s->b[c] == s->a[c] + 1)
		return TT_BLOCK_PAIR;
	if (da == 1 && db == 1)
		return TT_BLOCK_STRIDE;
	if (da == 0 && db == 1 && wi[s->a[c]] == 0.0f)
		return TT_BLOCK_FAN_A;
	if (da == 1 && db == 0 && wi[s->b[c]] == 0.0f)
		return TT_BLOCK_FAN_B;
	return TT_BLOCK_GATHER;
}

/* Does spring c + l go on with the run of `kind` that c starts? */
static int follows(const tt_springs *s, int kind, int c, int l)
{
	static const int steps[4][2] = {{2, 2}, {1, 1}, {0, 1}, {1, 0}};
	return s->a[c + l] == s->a[c] + l * steps[kind][0] &&
	       s->b[c + l] == s->b[c] + l * steps[kind][1];
}

static int reserve(tt_plan *plan, int blocks, int gather)
{
	if (blocks > plan->block_capacity) {
		tt_block *b = tt_alloc((size_t)blocks * sizeof *b);
		if (!b)
			return 0;
		tt_free(plan->blocks, (size_t)plan->block_capacity * sizeof *b);
		plan->blocks = b, plan->block_capacity = blocks;
	}
	if (gather > plan->gather_capacity) {
		int32_t *g = tt_alloc((size_t)gather * sizeof *g);
		if (!g)
			return 0;
		tt_free(plan->gather, (size_t)plan->gather_capacity * sizeof *g);
		plan->gather = g, plan->gather_capacity = gather;
	}
	return 1;
}

/* Where the plan's next block and gathered spring go; the gathered
 * springs from `from` wait for their blocks, all of one tile. */
typedef struct cursor {
	int blocks, listed, from;
	int tile;                /* of the waiting springs */
	const int32_t *tile_of;  /* each particle's tile (stream.c), or NULL */
} cursor;

static int tile_of(const cursor *at, const tt_springs *s, int c)
{
	return at->tile_of ? at->tile_of[s->a[c]] : 0;
}

/* Blocks of the waiting springs, the last one padded with its first
 * spring (its extra lanes write nothing). */
static void gather_blocks(tt_plan *plan, cursor *at)
{
	int n = plan->lanes, from = at->from;
	if (at->listed == from)
		return;
	for (int g = from; g < at->listed; g += n) {
		int count = at->listed - g < n ? at->listed - g : n;
		plan->blocks[at->blocks++] = (tt_block){TT_BLOCK_GATHER, g, 0, 0, count};
	}
	int last = from + (at->listed - from - 1) / n * n;  /* the last block's start */
	while ((at->listed - from) % n)
		plan->gather[at->listed++] = plan->gather[last];
	at->from = at->listed;
}

/* Spring c is tile t's: the springs waiting for a gather go in blocks
 * when t is past their tile, so no block holds two tiles (while a batch
 * visits its tiles in order; when it does not, the world cannot stream,
 * and this flushes at most once a tile). */
static void enter_tile(tt_plan *plan, cursor *at, int t)
{
	if (t > at->tile)
		gather_blocks(plan, at), at->tile = t;
}

/* The runs of springs [c, end), all of one tile: their whole blocks
 * and the springs of no run (listed for gathering), or (whole 0) the
 * blocks that end runs, of fewer springs than lanes. */
static void plan_runs(const tt_world *w, tt_plan *plan, int c, int end,
		      cursor *at, int whole)
{
	const tt_springs *s = &w->springs;
	const int n = plan->lanes;
	while (c < end) {
		int kind = c + 1 < end ? pattern(s, w->particles.inv_mass, c)
				       : TT_BLOCK_GATHER;
		int run = 1;
		while (kind != TT_BLOCK_GATHER && c + run < end &&
		       follows(s, kind, c, run))
			run++;
		for (int l = 0; kind != TT_BLOCK_GATHER && l < run; l += n)
			if ((run - l >= n) == whole)
				plan->blocks[at->blocks++] =
					(tt_block){kind, c + l, s->a[c + l], s->b[c + l],
						   run - l < n ? run - l : n};
		if (kind == TT_BLOCK_GATHER && whole)
			plan->gather[at->listed++] = c;
		c += run;
	}
}

/* Springs [c, end) of one batch, tile by tile: a tile's whole blocks
 * first, then the short ones that end its runs. A short block's masked
 * stores held back the loads of the block after it (the next rope's,
 * whose vectors overlap their 64 bytes) until they reached the cache: a
 * rope's last block of a batch cost 2.5 whole ones. The order of a
 * batch's blocks changes no result (they share no free particle). */
static void plan_batch(const tt_world *w, tt_plan *plan, int c, int end,
		       cursor *at)
{
	const tt_springs *s = &w->springs;
	while (c < end) {
		int t = tile_of(at, s, c), stop = c + 1;
		while (stop < end && tile_of(at, s, stop) == t)
			stop++;
		enter_tile(plan, at, t);
		plan_runs(w, plan, c, stop, at, 1);
		plan_runs(w, plan, c, stop, at, 0);
		c = stop;
	}
}

/* The colours with springs or angles, so a substep visits no empty one. */
static void list_colours(tt_world *w)
{
	tt_plan *plan = &w->springs.plan;
	const int32_t *s = w->springs.colour, *a = w->angles.colour;
	plan->colour_count = 0;
	for (int k = 0; k < TT_MAX_BATCHES; k++)
		if (s[k + 1] > s[k] || a[k + 1] > a[k])
			plan->colours[plan->colour_count++] = k;
}

#define SPAN 64  /* springs a span block holds at most */

/* Springs [c, end) in span blocks, each within one tile. */
static void span_blocks(tt_plan *plan, const tt_springs *s, int c, int end,
			cursor *at)
{
	while (c < end) {
		int t = tile_of(at, s, c), n = 1;
		while (n < SPAN && c + n < end && tile_of(at, s, c + n) == t)
			n++;
		plan->blocks[at->blocks++] = (tt_block){TT_BLOCK_SPAN, c, 0, 0, n};
		c += n;
	}
}

/* Batch k's springs that no chain solve takes, in blocks. */
static void plan_colour(tt_world *w, const uint8_t *chained, int k, cursor *at)
{
	tt_plan *plan = &w->springs.plan;
	const int end = w->springs.colour[k + 1];
	at->from = at->listed, at->tile = -1;
	for (int c = w->springs.colour[k]; c < end;) {
		int stop = c;
		while (stop < end && !chained[stop])
			stop++;
		if (plan->lanes && k != OVERFLOW)
			plan_batch(w, plan, c, stop, at);
		else
			span_blocks(plan, &w->springs, c, stop, at);
		c = stop;
		while (c < end && chained[c])
			c++;
	}
	gather_blocks(plan, at);
}

int tt_plan_build(tt_world *w, int lanes)
{
	tt_plan *plan = &w->springs.plan;
	const tt_springs *s = &w->springs;
	list_colours(w);
	plan->lanes = lanes >= 2 ? lanes : 0;
	size_t marks = (size_t)(s->count > 0 ? s->count : 1);
	uint8_t *chained = tt_alloc(marks);
	size_t tile_bytes = 0;
	int32_t *tiles = tt_stream_tiles(w, &tile_bytes);
	/* a gather's padding: at most lanes - 1 a colour and tile */
	int pads = plan->colour_count * (plan->tile_count + 1) * lanes;
	int ok = chained && tt_chain_prepare(w) &&
		 reserve(plan, s->count + 1, s->count + pads + lanes);
	if (ok) {
		memset(chained, 0, marks);
		tt_chain_mark(w, chained);
		cursor at = {.tile_of = tiles};
		for (int k = 0; k < TT_MAX_BATCHES; k++) {
			plan->at[k] = at.blocks;
			plan_colour(w, chained, k, &at);
		}
		plan->at[TT_MAX_BATCHES] = at.blocks;
	}
	tt_stream_place(w, ok ? tiles : NULL);
	tt_free(tiles, tile_bytes);
	tt_free(chained, marks);
	return ok;
}

void tt_plan_release(tt_plan *plan)
{
	tt_free(plan->blocks, (size_t)plan->block_capacity * sizeof(tt_block));
	tt_free(plan->gather, (size_t)plan->gather_capacity * sizeof(int32_t));
	tt_free(plan->tiles, plan->tile_bytes);
	tt_strand_release(plan);
	*plan = (tt_plan){0};
}
