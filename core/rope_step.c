/* The whole step of a world of ropes: when a substep holds nothing but
 * integration, the ropes' chain solves and the velocities (no contact,
 * pin to a collider, grab, angle, soft body or spring outside a rope's
 * chain solve, and nothing between the substeps but what a rope does to
 * its own nodes), each group of ropes takes all its substeps in a row:
 * the speed limit, then per substep the integration of its particles,
 * its chain solves and their velocities, then its rope damping, the
 * speed limit and the stop of its pinned particles.
 *
 * The groups are the stream's tiles (stream.c): runs of particles that
 * no spring joins to a particle outside, so what one group does reads
 * nothing of another's, and a rope that shares a node with another,
 * free or pinned, lies in the same tile. Each particle gets the staged
 * step's operations in the same order (its ropes' in rope order), so
 * the result is the staged one bit for bit, for any split of the tiles
 * among threads; and the threads meet once a step, where the stages met
 * three times a substep (about 8 µs of work each on 100 ropes of 100
 * segments: the second core went to waiting).
 *
 * A group that leaves a particle non-finite halts after that substep's
 * velocities; the caller resets the halted tiles' particles in order,
 * the earliest substep first, and takes them on from there, as the
 * stream does: the same resets and events as the stages give. */
#include "world.h"

#define CHUNK 512           /* particles a group holds at least, where it can */
#define MIN_PARTICLES 1024  /* a thread's least share of the step */

/* Substeps [from, subs), the last of them with `last` passes. */
typedef struct job {
	tt_world *w;
	float h, g[3];
	int from, subs, last;
} job;

/* Particles [from, to) and the ropes [r0, r1) that lie in them. */
typedef struct group {
	int from, to, r0, r1;
} group;

static const tt_plan *plan_of(const tt_world *w)
{
	return &w->springs.plan;
}

/* Tile t's particles end: at the particle count for the last one. */
static int tile_end(const tt_world *w, int t)
{
	const tt_plan *plan = plan_of(w);
	return t + 1 < plan->tile_count ? plan->tiles[t + 1] : w->particles.count;
}

/* The tile that holds particle i. */
static int tile_of(const tt_plan *plan, int i)
{
	int lo = 0, hi = plan->tile_count - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (plan->tiles[mid] <= i)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* The first rope from r on that lies at or past particle `to` (ropes
 * with no nodes in the dense arrays lie anywhere: they take no part). */
static int ropes_before(const tt_world *w, int r, int to)
{
	const tt_ropes *ropes = &w->ropes;
	while (r < ropes->count && (ropes->items[r].dense_at < 0 ||
				    w->chain.i[ropes->items[r].dense_at] < to))
		r++;
	return r;
}

/* Nothing in a substep but what the groups do, and their ropes in tile
 * order (each group's ropes a run of them). */
static int only_ropes(const tt_world *w, int drag)
{
	const tt_plan *plan = plan_of(w);
	const tt_particles *p = &w->particles;
	return !w->stream_off && w->ropes.count > 0 && plan->tile_count > 0 &&
	       plan->tiles[plan->tile_count] <= p->count &&
	       plan->at[TT_MAX_BATCHES] == 0 &&  /* every spring chain-solved */
	       w->angles.count == 0 && w->softbodies.count == 0 &&
	       p->pinned_to == 0 && w->grabs.count == 0 &&
	       w->colliders.count == 0 && !w->def.particle_collision &&
	       w->cloths.count == 0 && w->bonechains.count == 0 && !drag &&
	       w->springs.damped == 0 && p->damped == 0 && w->def.damping == 0.0f &&
	       tt_chain_scratch_parts(w) > 0;
}

int tt_rope_step_fits(const tt_world *w, int drag)
{
	if (!only_ropes(w, drag))
		return 0;
	int tile = 0;
	for (int r = 0; r < w->ropes.count; r++) {
		const tt_rope *rope = &w->ropes.items[r];
		if (rope->ramping)  /* its lengths change between substeps */
			return 0;
		if (rope->dense_at < 0)
			continue;
		int t = tile_of(plan_of(w), w->chain.i[rope->dense_at]);
		if (t < tile)
			return 0;
		tile = t;
	}
	return 1;
}

/* A group's substeps from j->from on; returns the substep that left one
 * of its particles non-finite, or j->subs once the step's end ran too. */
static int group_steps(const job *j, const group *gr, int part)
{
	tt_world *w = j->w;
	if (j->from == 0)
		tt_range_limit(w, gr->from, gr->to);
	for (int sub = j->from; sub < j->subs; sub++) {
		int passes = sub + 1 == j->subs ? j->last : w->def.iterations;
		tt_range_integrate(w, j->g, j->h, gr->from, gr->to);
		for (int it = 0; it < passes; it++)
			tt_chain_solve_ropes(w, j->h, sub, it, gr->r0, gr->r1, part);
		if (tt_range_velocities(w, j->h, gr->from, gr->to) > 0)
			return sub;
	}
	tt_rope_damp_ropes(w, gr->r0, gr->r1);
	tt_range_limit(w, gr->from, gr->to);
	tt_range_stop_pinned(&w->particles, gr->from, gr->to);
	return j->subs;
}

/* Tiles t0 .. t1 - 1 as one group, its ropes from r0 on. */
static group group_of(const tt_world *w, int t0, int t1, int r0)
{
	group gr = {plan_of(w)->tiles[t0], tile_end(w, t1 - 1), r0, 0};
	gr.r1 = ropes_before(w, r0, gr.to);
	return gr;
}

/* The first tile of part `part` of `parts`: each takes the tiles that
 * start in its share of the particles. */
static int first_tile(const tt_plan *plan, int part, int parts)
{
	long long total = plan->tiles[plan->tile_count];
	int t = 0;
	while (t < plan->tile_count && plan->tiles[t] * (long long)parts < part * total)
		t++;
	return t;
}

/* The part's tiles in groups of CHUNK particles or more: the chain
 * solve takes up to TT_CHAIN_BATCH ropes at once. */
static void part_step(void *ctx, int part, int parts)
{
	const job *j = ctx;
	tt_world *w = j->w;
	const tt_plan *plan = plan_of(w);
	int t = first_tile(plan, part, parts), end = first_tile(plan, part + 1, parts);
	int r = ropes_before(w, 0, plan->tiles[t]);
	while (t < end) {
		int u = t + 1;
		while (u < end && tile_end(w, u - 1) - plan->tiles[t] < CHUNK)
			u++;
		group gr = group_of(w, t, u, r);
		int halt = group_steps(j, &gr, part);
		for (; t < u; t++)
			plan->halts[t] = halt;
		r = gr.r1;
	}
}

/* The tiles that halted on a non-finite particle, the earliest substep
 * first: their particles reset in order, as the stages would, and each
 * tile on from the next substep as a group of its own. */
static void resume(tt_world *w, job *j)
{
	const tt_plan *plan = plan_of(w);
	for (;;) {
		int s = tt_stream_reset_halted(w, j->subs);
		if (s == j->subs)
			return;
		j->from = s + 1;
		for (int t = 0; t < plan->tile_count; t++) {
			if (plan->halts[t] != s)
				continue;
			group gr = group_of(w, t, t + 1,
					    ropes_before(w, 0, plan->tiles[t]));
			plan->halts[t] = group_steps(j, &gr, 0);
		}
	}
}

static int parts_for(const tt_world *w)
{
	const tt_plan *plan = plan_of(w);
	int most = tt_chain_scratch_parts(w);
	int parts = w->split_all ? plan->tile_count : w->particles.count / MIN_PARTICLES;
	most = most < w->threads ? most : w->threads;
	return parts < 1 ? 1 : parts < most ? parts : most;
}

void tt_rope_step(tt_world *w, float h, long work, long per_pass)
{
	const tt_vec3 g = w->def.gravity;
	job j = {.w = w, .h = h, .g = {g.x * h, g.y * h, g.z * h}};
	j.subs = tt_stream_budget(w, work, per_pass, &j.last);
	if (j.subs > 0)  /* as the contact stage leaves it, no colliders */
		w->contacts.count = 0;
	tt_threads_run(part_step, &j, parts_for(w));
	resume(w, &j);
}
