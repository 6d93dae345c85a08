/* The streamed substep: a world whose substep holds nothing but springs
 * (DESIGN §4's integrate, project, update velocities, and no contact,
 * pin to a collider, grab, angle, rope or soft-body solve in between)
 * runs each substep tile by tile instead of stage by stage.
 *
 * A tile is a run of particles that no spring joins to a particle
 * outside it (ropes and grids built one after another give such runs),
 * with, of every batch, the blocks of its springs. Integration, the
 * passes and the velocity update touch a particle in the same order
 * whether the tiles take turns or the stages do, and what one tile does
 * reads nothing of another's, so the result is the stage-by-stage one
 * bit for bit, for any split of the tiles among threads. What it gains:
 * a tile's particles stay in cache from its integration to its
 * velocities (the stages each swept every particle through memory), and
 * the threads meet once a substep instead of once a stage and batch. The
 * step's speed limit and the stop of its pinned particles join the first
 * and last substep's tiles where nothing runs between. */
#include "alloc.h"
#include "world.h"

#define TILE 256         /* particles a tile holds at least, where it can */
#define MIN_PARTICLES 2048  /* a thread's least share of a substep */

/* reach[i]: the farthest particle a spring from particle i reaches (i
 * itself when none does). */
static void reaches(const tt_world *w, int32_t *reach)
{
	const tt_springs *s = &w->springs;
	for (int i = 0; i < w->particles.count; i++)
		reach[i] = i;
	for (int c = 0; c < s->count; c++) {
		int lo = s->a[c] < s->b[c] ? s->a[c] : s->b[c];
		int hi = s->a[c] < s->b[c] ? s->b[c] : s->a[c];
		if (reach[lo] < hi)
			reach[lo] = hi;
	}
}

/* The tiles' starts, cut where no spring crosses once a tile holds TILE
 * particles; reach becomes each particle's tile. */
static void cut(tt_plan *plan, int32_t *reach, int n)
{
	int end = 0, start = 0;
	plan->tile_count = 0;
	for (int i = 0; i < n; i++) {
		end = reach[i] > end ? reach[i] : end;
		reach[i] = plan->tile_count;
		if (end == i && (i + 1 - start >= TILE || i + 1 == n)) {
			plan->tiles[plan->tile_count++] = start;
			start = i + 1;
		}
	}
	plan->tiles[plan->tile_count] = n;
}

/* The tile of a block's springs, or -1 when they lie in more than one
 * (a gathered block can). */
static int block_tile(const tt_world *w, const tt_block *b, const int32_t *tile)
{
	const tt_springs *s = &w->springs;
	int t = -1;
	for (int l = 0; l < b->n; l++) {
		int c = b->kind == TT_BLOCK_GATHER ? s->plan.gather[b->c + l] : b->c + l;
		if (tile[s->a[c]] != tile[s->b[c]] || (t >= 0 && tile[s->a[c]] != t))
			return -1;
		t = tile[s->a[c]];
	}
	return t;
}

/* Each tile's first block of colours[ci]: 0 when a block lies in two
 * tiles or the tiles' blocks are not in tile order. */
static int place_colour(tt_world *w, int ci, const int32_t *tile)
{
	tt_plan *plan = &w->springs.plan;
	const int k = plan->colours[ci], n = plan->colour_count;
	int next = 0;  /* the first tile not yet given its first block */
	for (int b = plan->at[k]; b < plan->at[k + 1]; b++) {
		int t = block_tile(w, &plan->blocks[b], tile);
		if (t < 0 || t < next - 1)
			return 0;
		for (; next <= t; next++)
			plan->tile_blocks[next * n + ci] = b;
	}
	for (; next <= plan->tile_count; next++)
		plan->tile_blocks[next * n + ci] = plan->at[k + 1];
	return 1;
}

/* Each tile's pinned particles, in order: the stop at the step's end
 * visits only them (a change of pin state re-plans; particles made since
 * are past the tiles and visited one by one). */
static void list_pinned(tt_plan *plan, const float *inv_mass)
{
	int count = 0;
	for (int t = 0; t < plan->tile_count; t++) {
		plan->pin_at[t] = count;
		for (int i = plan->tiles[t]; i < plan->tiles[t + 1]; i++)
			if (inv_mass[i] == 0.0f)
				plan->pins[count++] = i;
	}
	plan->pin_at[plan->tile_count] = count;
}

int32_t *tt_stream_tiles(tt_world *w, size_t *bytes)
{
	tt_plan *plan = &w->springs.plan;
	const int n = w->particles.count, most = n / TILE + 2;
	tt_free(plan->tiles, plan->tile_bytes);
	plan->tile_count = 0;
	plan->tile_bytes = ((size_t)most * (size_t)(2 + plan->colour_count) +
			    (size_t)n) * sizeof(int32_t);
	plan->tiles = n > 0 ? tt_alloc(plan->tile_bytes) : NULL;
	*bytes = (size_t)(n > 0 ? n : 1) * sizeof(int32_t);
	int32_t *tile = plan->tiles ? tt_alloc(*bytes) : NULL;
	if (!tile)
		return NULL;
	plan->tile_blocks = plan->tiles + most;
	plan->pin_at = plan->tile_blocks + (size_t)most * plan->colour_count;
	plan->pins = plan->pin_at + most;
	reaches(w, tile);
	cut(plan, tile, n);
	list_pinned(plan, w->particles.inv_mass);
	return tile;
}

void tt_stream_place(tt_world *w, const int32_t *tile)
{
	tt_plan *plan = &w->springs.plan;
	for (int ci = 0; tile && ci < plan->colour_count; ci++)
		if (!place_colour(w, ci, tile))
			plan->tile_count = 0;
	if (!tile)
		plan->tile_count = 0;
}

tt_stream tt_stream_begin(const tt_world *w, int drag)
{
	const tt_plan *plan = &w->springs.plan;
	const tt_particles *p = &w->particles;
	int on = !w->stream_off && plan->tile_count > 0 && plan->tiles[plan->tile_count] <= p->count &&
		 w->ropes.count == 0 && w->angles.count == 0 &&
		 w->softbodies.count == 0 && p->pinned_to == 0 &&
		 w->grabs.count == 0 && w->colliders.count == 0 &&
		 !w->def.particle_collision && w->cloths.self_colliding == 0;
	/* nothing after the last velocities but the stop */
	int quiet = !drag && w->springs.damped == 0 && p->damped == 0 &&
		    w->def.damping == 0.0f && w->cloths.count == 0 &&
		    w->bonechains.count == 0;
	return (tt_stream){.on = on, .limit = on, .stop = on && quiet};
}

typedef struct job {
	tt_world *w;
	float h, g[3];
	int passes, limit, stop;
	int bad[TT_MAX_THREADS];
} job;

/* Tile t's pinned particles stopped, and those made since the plan. */
static void stop_pinned(tt_world *w, int t, int to)
{
	const tt_plan *plan = &w->springs.plan;
	tt_particles *p = &w->particles;
	for (int k = plan->pin_at[t]; k < plan->pin_at[t + 1]; k++) {
		int i = plan->pins[k];
		p->vx[i] = p->vy[i] = p->vz[i] = 0.0f;
	}
	if (t + 1 == plan->tile_count)
		tt_range_stop_pinned(p, plan->tiles[t + 1], to);
}

/* One tile's substep. */
static int tile_substep(const job *j, int t)
{
	tt_world *w = j->w;
	const tt_plan *plan = &w->springs.plan;
	const int n = plan->colour_count;
	const int32_t *at = plan->tile_blocks + t * n;  /* next tile's at at[n] */
	int from = plan->tiles[t];
	int to = t + 1 < plan->tile_count ? plan->tiles[t + 1] : w->particles.count;
	if (j->limit)
		tt_range_limit(w, from, to);
	tt_range_integrate(w, j->g, j->h, from, to);
	for (int it = 0; it < j->passes; it++)
		for (int c = 0; c < n; c++)
			if (at[n + c] > at[c])
				tt_range_project(w, j->h, at[c], at[n + c], it == 0);
	int bad = tt_range_velocities(w, j->h, from, to);
	if (j->stop)
		stop_pinned(w, t, to);
	return bad;
}

/* Part `part` takes the tiles that start in its share of the particles.
 * It writes the job once, at the end: the other parts read it all along
 * (a count kept in it per tile had the line bounce between the cores). */
static void part_substep(void *ctx, int part, int parts)
{
	job *j = ctx;
	const tt_plan *plan = &j->w->springs.plan;
	const long long total = plan->tiles[plan->tile_count];
	int bad = 0;
	for (int t = 0; t < plan->tile_count; t++)
		if ((long long)plan->tiles[t] * parts / total == part)
			bad += tile_substep(j, t);
	j->bad[part] = bad;
}

int tt_stream_substep(tt_world *w, tt_stream *st, float h, int sub,
		      int passes)
{
	const tt_vec3 g = w->def.gravity;
	const tt_plan *plan = &w->springs.plan;
	job j = {.w = w, .h = h, .g = {g.x * h, g.y * h, g.z * h},
		 .passes = passes, .limit = st->limit,
		 .stop = st->stop && sub == w->def.substeps - 1};
	int parts = w->split_all ? plan->tile_count
				 : w->particles.count / MIN_PARTICLES;
	parts = parts < 1 ? 1 : parts < w->threads ? parts : w->threads;
	w->contacts.count = 0;  /* as the contact stage leaves it, no colliders */
	tt_threads_run(part_substep, &j, parts);
	st->limit = 0;
	st->stopped = j.stop;
	int bad = 0;
	for (int k = 0; k < parts; k++)
		bad += j.bad[k];
	return bad;
}
