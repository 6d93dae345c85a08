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
 * velocities (the stages each swept every particle through memory).
 *
 * When nothing runs between the substeps either (no damping, drag or
 * cloth), a tile takes all its substeps in a row, and the threads meet
 * once a step instead of once a substep. The step's speed limit and the
 * stop of its pinned particles join the first and last substep's tiles.
 * A tile that leaves a particle non-finite halts after that substep's
 * velocities, and the caller resets the halted tiles' particles in
 * order, the earliest substep first, and takes them on from there: the
 * same resets, and events in the same order, as the stages give. */
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
	plan->tile_bytes = (size_t)most * ((3 + (size_t)plan->colour_count) * sizeof(int32_t) +
					    sizeof(tt_strand_tile)) +
			   (size_t)n * (sizeof(int32_t) + sizeof(tt_strand));
	plan->tiles = n > 0 ? tt_alloc(plan->tile_bytes) : NULL;
	*bytes = (size_t)(n > 0 ? n : 1) * sizeof(int32_t);
	int32_t *tile = plan->tiles ? tt_alloc(*bytes) : NULL;
	if (!tile)
		return NULL;
	plan->tile_blocks = plan->tiles + most;
	plan->pin_at = plan->tile_blocks + (size_t)most * plan->colour_count;
	plan->halts = plan->pin_at + most;
	plan->pins = plan->halts + most;
	plan->strand_tiles = (tt_strand_tile *)(plan->pins + n);
	plan->strands = (tt_strand *)(plan->strand_tiles + most);
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
	tt_strand_plan(w);
}

tt_stream tt_stream_begin(const tt_world *w, int drag)
{
	const tt_plan *plan = &w->springs.plan;
	const tt_particles *p = &w->particles;
	int on = !w->stream_off && plan->tile_count > 0 &&
		 plan->tiles[plan->tile_count] <= p->count &&
		 w->ropes.count == 0 && w->angles.count == 0 &&
		 w->softbodies.count == 0 && p->pinned_to == 0 &&
		 w->grabs.count == 0 && w->colliders.count == 0 &&
		 !w->def.particle_collision && w->cloths.self_colliding == 0;
	/* nothing after the velocities but the stop */
	int quiet = !drag && w->springs.damped == 0 && p->damped == 0 &&
		    w->def.damping == 0.0f && w->cloths.count == 0 &&
		    w->bonechains.count == 0;
	return (tt_stream){.on = on, .limit = on, .whole = on && quiet};
}

/* Substeps [from, subs) of every tile: `passes` each, `last` in
 * substep subs - 1; the speed limit before substep from's, the stop of
 * the pinned particles after the step's last. */
typedef struct job {
	tt_world *w;
	float h, g[3];
	int from, subs, passes, last;
	int limit, stop;
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

/* Tile t's particles: to the particle count for the last one. */
static int tile_end(const tt_world *w, int t)
{
	const tt_plan *plan = &w->springs.plan;
	return t + 1 < plan->tile_count ? plan->tiles[t + 1] : w->particles.count;
}

/* One tile's substep; returns how many particles it left non-finite. */
static int tile_substep(const job *j, int t, int sub)
{
	tt_world *w = j->w;
	const tt_plan *plan = &w->springs.plan;
	const int n = plan->colour_count;
	const int32_t *at = plan->tile_blocks + t * n;  /* next tile's at at[n] */
	const int from = plan->tiles[t], to = tile_end(w, t);
	const int passes = sub + 1 == j->subs ? j->last : j->passes;
	if (j->limit && sub == j->from)
		tt_range_limit(w, from, to);
	tt_range_integrate(w, j->g, j->h, from, to);
	for (int it = 0; it < passes; it++)
		for (int c = 0; c < n; c++)
			if (at[n + c] > at[c])
				tt_range_project(w, j->h, at[c], at[n + c],
						 tt_solver_pass(w, sub, it));
	int bad = tt_range_velocities(w, j->h, from, to);
	if (j->stop && sub + 1 == w->def.substeps)
		stop_pinned(w, t, to);
	return bad;
}

/* Does part `part` of `parts` take tile t? Each takes the tiles that
 * start in its share of the particles. */
static int takes(const tt_plan *plan, int t, int part, int parts)
{
	return (long long)plan->tiles[t] * parts / plan->tiles[plan->tile_count] == part;
}

/* It writes the job once, at the end: the other parts read it all along
 * (a count kept in it per tile had the line bounce between the cores). */
static void part_substep(void *ctx, int part, int parts)
{
	job *j = ctx;
	const tt_plan *plan = &j->w->springs.plan;
	int bad = 0;
	for (int t = 0; t < plan->tile_count; t++)
		if (takes(plan, t, part, parts))
			bad += tile_substep(j, t, j->from);
	j->bad[part] = bad;
}

static int parts_for(const tt_world *w)
{
	const tt_plan *plan = &w->springs.plan;
	int parts = w->split_all ? plan->tile_count : w->particles.count / MIN_PARTICLES;
	return parts < 1 ? 1 : parts < w->threads ? parts : w->threads;
}

static job job_for(tt_world *w, const tt_stream *st, float h)
{
	const tt_vec3 g = w->def.gravity;
	w->contacts.count = 0;  /* as the contact stage leaves it, no colliders */
	return (job){.w = w, .h = h, .g = {g.x * h, g.y * h, g.z * h},
		     .limit = st->limit};
}

int tt_stream_substep(tt_world *w, tt_stream *st, float h, int sub,
		      int passes)
{
	job j = job_for(w, st, h);
	j.from = sub, j.subs = sub + 1, j.passes = j.last = passes;
	const int parts = parts_for(w);
	tt_threads_run(part_substep, &j, parts);
	st->limit = 0;
	int bad = 0;
	for (int k = 0; k < parts; k++)
		bad += j.bad[k];
	return bad;
}

/* The whole step of tile t, when it is all strands, in part's scratch. */
static int strand_step(const job *j, int t, int part)
{
	tt_strand_job sj = {.h = j->h, .g = {j->g[0], j->g[1], j->g[2]},
			    .subs = j->subs, .passes = j->passes, .last = j->last,
			    .limit = j->limit};
	if (j->from > 0 || !tt_strand_step(j->w, t, part, sj))
		return 0;
	if (j->stop)
		stop_pinned(j->w, t, tile_end(j->w, t));
	return 1;
}

/* Tile t's substeps from j->from on, until one leaves a particle
 * non-finite: returns that substep, or j->subs. */
static int tile_steps(const job *j, int t, int part)
{
	if (strand_step(j, t, part))
		return j->subs;
	for (int sub = j->from; sub < j->subs; sub++)
		if (tile_substep(j, t, sub) > 0)
			return sub;
	return j->subs;
}

static void part_step(void *ctx, int part, int parts)
{
	job *j = ctx;
	tt_plan *plan = &j->w->springs.plan;
	for (int t = 0; t < plan->tile_count; t++)
		if (takes(plan, t, part, parts))
			plan->halts[t] = tile_steps(j, t, part);
}

int tt_stream_reset_halted(tt_world *w, int subs)
{
	const tt_plan *plan = &w->springs.plan;
	int s = subs;
	for (int t = 0; t < plan->tile_count; t++)
		s = plan->halts[t] < s ? plan->halts[t] : s;
	for (int t = 0; s < subs && t < plan->tile_count; t++)
		if (plan->halts[t] == s)
			tt_solver_reset_nonfinite(w, plan->tiles[t], tile_end(w, t));
	return s;
}

/* The tiles that halted on a non-finite particle, the earliest substep
 * first: its particles reset in order, as the stages would, and on from
 * the next substep; tiles share nothing, so the others need not wait. */
static void resume(tt_world *w, job *j)
{
	tt_plan *plan = &w->springs.plan;
	for (;;) {
		int s = tt_stream_reset_halted(w, j->subs);
		if (s == j->subs)
			return;
		j->from = s + 1, j->limit = 0;
		for (int t = 0; t < plan->tile_count; t++)
			if (plan->halts[t] == s)
				plan->halts[t] = tile_steps(j, t, 0);
	}
}

/* How many substeps the budget lets run (then it stays spent), and the
 * passes of the last. */
int tt_stream_budget(tt_world *w, long work, long per_pass, int *last)
{
	const int iterations = w->def.iterations;
	*last = iterations;
	for (int sub = 0; sub < w->def.substeps; sub++) {
		if (tt_budget_spend(w, work))
			return sub;
		int passes = 0;
		while (passes < iterations && !tt_budget_spend(w, per_pass))
			passes++;
		if (passes < iterations) {
			*last = passes;
			return sub + 1;
		}
	}
	return w->def.substeps;
}

void tt_stream_step(tt_world *w, tt_stream *st, float h, long work,
		    long per_pass)
{
	job j = job_for(w, st, h);
	j.passes = w->def.iterations;
	j.subs = tt_stream_budget(w, work, per_pass, &j.last);
	j.stop = j.subs == w->def.substeps;
	if (j.subs > 0) {
		tt_threads_run(part_step, &j, parts_for(w));
		resume(w, &j);
		st->limit = 0;
	}
	st->stopped = j.stop;
}
