/* The step's stages that stream over particles or a batch of springs,
 * run in vector lanes where the world has them (lanes.h) and split among
 * the world's threads (threads.h).
 *
 * Each part is a range of particles, or of one batch's blocks (springs),
 * and no two parts write the same particle: particles are independent in
 * integration and the velocity update, and the springs of a batch share
 * no free particle (a pinned one is only read). So the result is the same
 * for any number of parts, and any split, bit for bit. A stage with
 * little work runs in one part: waking a thread costs about what a few
 * thousand particles do. */
#include "threads.h"
#include "world.h"

#define MIN_PARTICLES 4096  /* a part's least share of a particle stage */
#define MIN_BLOCKS 96       /* and of a batch, in blocks */
#define MIN_SPRINGS 1024    /* in springs, when solved one by one */
#define GRAIN 64            /* ranges split at multiples of this */

typedef struct stage {
	tt_world *w;
	float h;
	float g[3];
	int from, to;  /* the items to split */
	int first;     /* the substep's first pass */
	int bad[TT_MAX_THREADS];
} stage;

static int parts_for(const tt_world *w, int items, int least)
{
	int n = w->split_all ? items : items / least;
	return n < 1 ? 1 : n < w->threads ? n : w->threads;
}

/* Part `part` of `parts` of the stage's items, split at multiples of
 * GRAIN from its start. */
static void part_of(const stage *s, int part, int parts, int *from, int *to)
{
	long long grains = (s->to - s->from + GRAIN - 1) / GRAIN;
	int a = s->from + (int)(grains * part / parts) * GRAIN;
	int b = s->from + (int)(grains * (part + 1) / parts) * GRAIN;
	*from = a < s->to ? a : s->to;
	*to = b < s->to ? b : s->to;
}

static void run(tt_job *job, stage *s, int least)
{
	tt_threads_run(job, s, parts_for(s->w, s->to - s->from, least));
}

static void integrate_part(void *ctx, int part, int parts)
{
	stage *s = ctx;
	tt_particles *p = &s->w->particles;
	int from, to;
	part_of(s, part, parts, &from, &to);
	if (s->w->lanes)
		s->w->lanes->integrate(p, s->g, s->h, from, to, s->w->def.is_3d);
	else
		tt_solver_integrate_scalar(p, s->g, s->h, from, to);
}

void tt_parallel_integrate(tt_world *w, float h)
{
	const tt_vec3 g = w->def.gravity;
	stage s = {.w = w, .h = h, .g = {g.x * h, g.y * h, g.z * h},
		   .to = w->particles.count};
	run(integrate_part, &s, MIN_PARTICLES);
}

static void velocities_part(void *ctx, int part, int parts)
{
	stage *s = ctx;
	tt_particles *p = &s->w->particles;
	float max = s->w->def.max_speed;
	int from, to;
	part_of(s, part, parts, &from, &to);
	s->bad[part] = s->w->lanes
			       ? s->w->lanes->velocities(p, s->h, max, from, to,
							 s->w->def.is_3d)
			       : tt_solver_velocities_scalar(p, s->h, max, from, to);
}

int tt_parallel_velocities(tt_world *w, float h)
{
	stage s = {.w = w, .h = h, .to = w->particles.count};
	run(velocities_part, &s, MIN_PARTICLES);
	int bad = 0;
	for (int k = 0; k < TT_MAX_THREADS; k++)
		bad += s.bad[k];
	return bad;
}

/* Span blocks [from, to), one spring at a time. */
static void spans(tt_world *w, float h, int from, int to, int first)
{
	const tt_block *b = w->springs.plan.blocks;
	for (int k = from; k < to; k++)
		tt_solver_project_scalar(w, h, b[k].c, b[k].c + b[k].n, first);
}

static void project_part(void *ctx, int part, int parts)
{
	stage *s = ctx;
	int from, to;
	part_of(s, part, parts, &from, &to);
	if (s->w->springs.plan.lanes)
		s->w->lanes->project(s->w, s->h, from, to, s->first);
	else
		spans(s->w, s->h, from, to, s->first);
}

/* Batch k's blocks. The overflow batch's springs share particles: in
 * order, in one part. */
void tt_parallel_project(tt_world *w, float h, int k, int first)
{
	const tt_plan *plan = &w->springs.plan;
	stage s = {.w = w, .h = h, .from = plan->at[k], .to = plan->at[k + 1],
		   .first = first};
	if (k == TT_MAX_BATCHES - 1)
		spans(w, h, s.from, s.to, first);
	else
		run(project_part, &s, plan->lanes ? MIN_BLOCKS : MIN_SPRINGS / 64);
}
