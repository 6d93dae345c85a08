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
#define MIN_BLOCKS 48       /* and of a batch, in blocks */
#define MIN_SPRINGS 1024    /* in springs, when solved one by one */
#define GRAIN 64            /* particle ranges split at multiples of this */

typedef struct stage {
	tt_world *w;
	float h;
	float g[3];
	int from, to;  /* the items to split */
	int grain;     /* at multiples of this from `from` */
	int pass;      /* the pass's flags (TT_PASS_FIRST, TT_PASS_LAST) */
	int bad[TT_MAX_THREADS];
} stage;

static int parts_for(const tt_world *w, int items, int least)
{
	int n = w->split_all ? items : items / least;
	return n < 1 ? 1 : n < w->threads ? n : w->threads;
}

/* Part `part` of `parts` of the stage's items, split at multiples of
 * its grain from its start. */
static void part_of(const stage *s, int part, int parts, int *from, int *to)
{
	long long grains = (s->to - s->from + s->grain - 1) / s->grain;
	int a = s->from + (int)(grains * part / parts) * s->grain;
	int b = s->from + (int)(grains * (part + 1) / parts) * s->grain;
	*from = a < s->to ? a : s->to;
	*to = b < s->to ? b : s->to;
}

static void run(tt_job *job, stage *s, int least)
{
	tt_threads_run(job, s, parts_for(s->w, s->to - s->from, least));
}

void tt_range_integrate(tt_world *w, const float g[3], float h, int from,
			int to)
{
	tt_particles *p = &w->particles;
	if (w->lanes)
		w->lanes->integrate(p, g, h, from, to, w->def.is_3d);
	else
		tt_solver_integrate_scalar(p, g, h, from, to);
}

int tt_range_velocities(tt_world *w, float h, int from, int to)
{
	tt_particles *p = &w->particles;
	float max = w->def.max_speed;
	if (w->lanes)
		return w->lanes->velocities(p, h, max, from, to, w->def.is_3d);
	return tt_solver_velocities_scalar(p, h, max, from, to);
}

void tt_range_limit(tt_world *w, int from, int to)
{
	tt_particles *p = &w->particles;
	const float max = w->def.max_speed;
	if (w->lanes) {
		w->lanes->limit(p, max, from, to, w->def.is_3d);
		return;
	}
	for (int i = from; i < to; i++)
		tt_solver_limit_one(max, max * max, p->inv_mass, p->vx, p->vy,
				    p->vz, i);
}

void tt_range_stop_pinned(tt_particles *p, int from, int to)
{
	for (int i = from; i < to; i++)
		if (p->inv_mass[i] == 0.0f)
			p->vx[i] = p->vy[i] = p->vz[i] = 0.0f;
}

static void integrate_part(void *ctx, int part, int parts)
{
	stage *s = ctx;
	int from, to;
	part_of(s, part, parts, &from, &to);
	tt_range_integrate(s->w, s->g, s->h, from, to);
}

void tt_parallel_integrate(tt_world *w, float h)
{
	const tt_vec3 g = w->def.gravity;
	stage s = {.w = w, .h = h, .g = {g.x * h, g.y * h, g.z * h},
		   .to = w->particles.count, .grain = GRAIN};
	run(integrate_part, &s, MIN_PARTICLES);
}

static void velocities_part(void *ctx, int part, int parts)
{
	stage *s = ctx;
	int from, to;
	part_of(s, part, parts, &from, &to);
	s->bad[part] = tt_range_velocities(s->w, s->h, from, to);
}

int tt_parallel_velocities(tt_world *w, float h)
{
	stage s = {.w = w, .h = h, .to = w->particles.count, .grain = GRAIN};
	run(velocities_part, &s, MIN_PARTICLES);
	int bad = 0;
	for (int k = 0; k < TT_MAX_THREADS; k++)
		bad += s.bad[k];
	return bad;
}

/* Span blocks [from, to), one spring at a time. */
static void spans(tt_world *w, float h, int from, int to, int pass)
{
	const tt_block *b = w->springs.plan.blocks;
	for (int k = from; k < to; k++)
		tt_solver_project_scalar(w, h, b[k].c, b[k].c + b[k].n, pass);
}

void tt_range_project(tt_world *w, float h, int from, int to, int pass)
{
	if (w->springs.plan.lanes)
		w->lanes->project(w, h, from, to, pass);
	else
		spans(w, h, from, to, pass);
}

static void project_part(void *ctx, int part, int parts)
{
	stage *s = ctx;
	int from, to;
	part_of(s, part, parts, &from, &to);
	tt_range_project(s->w, s->h, from, to, s->pass);
}

/* Batch k's blocks. The overflow batch's springs share particles: in
 * order, in one part. */
void tt_parallel_project(tt_world *w, float h, int k, int pass)
{
	const tt_plan *plan = &w->springs.plan;
	stage s = {.w = w, .h = h, .from = plan->at[k], .to = plan->at[k + 1],
		   .grain = 1, .pass = pass};
	if (k == TT_MAX_BATCHES - 1)
		spans(w, h, s.from, s.to, pass);
	else
		run(project_part, &s, plan->lanes ? MIN_BLOCKS : MIN_SPRINGS / 64);
}
