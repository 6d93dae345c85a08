/* The rope workload through the core API (DESIGN §8): N ropes of S rigid
 * segments, released horizontal, swinging under gravity. Only the K steps
 * are timed; the stretch samples (every 60 steps) are taken outside the
 * timer. Then the same workload runs in bench/limit.c, and the ratio of
 * the two is the cost of the core's generality. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <time.h>

#include "../core/taut.h"
#include "workload.h"

/* How far the limit's stretch_avg may stray from the core's, as a share
 * of the core's excess over 1: its spread between roundings of the same
 * swing reaches 22% at 5 samples (and rounding alone moves a near-rigid
 * one by about 1e-6). A limit that skipped the odd rods or the SHAKE
 * direction would stray by far more. */
#define STRETCH_TOLERANCE 0.3

double bench_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void bench_rope_node(const bench_rope_args *a, int r, int k, float *x,
		     float *y)
{
	int side = (int)ceil(sqrt((double)a->ropes));
	float spacing = 2.2f * (float)a->segments * BENCH_REST + 1.0f;
	*x = (float)(r % side) * spacing + (float)k * BENCH_REST;
	*y = -(float)(r / side) * spacing;
}

/* One rope: node 0 pinned, 1 kg per free node, rods of the rest length.
 * ends[0] is its anchor, ends[1] its free end. */
static tt_status build_rope(tt_world_id w, const bench_rope_args *a, int r,
			    tt_particle_id ends[2])
{
	tt_particle_def pd = tt_particle_def_default();
	tt_spring_def sd = tt_spring_def_default();
	sd.rest_length = BENCH_REST;
	tt_status status = TT_OK;
	for (int k = 0; k <= a->segments && status == TT_OK; k++) {
		bench_rope_node(a, r, k, &pd.position.x, &pd.position.y);
		pd.mass = k == 0 ? 0.0f : 1.0f;
		sd.a = sd.b;
		status = tt_particle_create(w, &pd, &sd.b);
		if (status == TT_OK && k > 0) {
			tt_spring_id s;
			status = tt_spring_create(w, &sd, &s);
		}
		ends[k == 0 ? 0 : 1] = sd.b;
	}
	return status;
}

/* The same rope as a tt_rope (1 kg nodes, no tethers), so its segments
 * also get the chain solve. */
static tt_status build_chain(tt_world_id w, const bench_rope_args *a, int r,
			     tt_particle_id ends[2], tt_rope_id *out)
{
	tt_rope_def def = tt_rope_def_default();
	bench_rope_node(a, r, 0, &def.from.x, &def.from.y);
	bench_rope_node(a, r, a->segments, &def.to.x, &def.to.y);
	def.segments = a->segments;
	def.mass_per_metre = 1.0f / BENCH_REST;
	def.tethers = TT_ROPE_TETHERS_NONE;
	tt_status status = tt_rope_create(w, &def, out);
	ends[0] = tt_rope_node(*out, 0);
	ends[1] = tt_rope_node(*out, a->segments);
	return status;
}

tt_world_def bench_world_def(const bench_rope_args *a)
{
	tt_world_def def = tt_world_def_default();
	def.gravity = (tt_vec3){0.0f, BENCH_GRAVITY, 0.0f};
	def.time_step = BENCH_DT;
	def.substeps = a->substeps;
	def.iterations = a->iterations;
	def.threads = a->threads;
	def.simd = !a->scalar;
	return def;
}

tt_status bench_rope_world(const bench_rope_args *a, tt_world_id *w,
			   tt_particle_id ends[2], tt_rope_id *ropes)
{
	tt_world_def def = bench_world_def(a);
	tt_status status = tt_world_create(&def, w);
	for (int r = 0; r < a->ropes && status == TT_OK; r++) {
		tt_particle_id rope_ends[2];
		tt_rope_id rope;
		status = a->chain ? build_chain(*w, a, r, rope_ends, ropes ? &ropes[r] : &rope)
				  : build_rope(*w, a, r, rope_ends);
		if (r == 0) {
			ends[0] = rope_ends[0];
			ends[1] = rope_ends[1];
		}
	}
	return status;
}

void bench_stretch_begin(bench_stretch *st)
{
	st->total = 0.0;
	st->count = 0;
}

void bench_stretch_add(bench_stretch *st, double dx, double dy)
{
	double len = sqrt(dx * dx + dy * dy);
	st->total += len;
	st->count++;
	st->worst_seg = fmax(st->worst_seg, len / BENCH_REST);
}

void bench_stretch_end(bench_stretch *st)
{
	st->last = st->total / ((double)st->count * BENCH_REST);
	st->sum += st->last;
	st->samples++;
}

static void sample(tt_world_id w, bench_stretch *st)
{
	tt_particle_view p = tt_world_particles(w);
	tt_spring_view s = tt_world_springs(w);
	bench_stretch_begin(st);
	for (int c = 0; c < s.count; c++)
		bench_stretch_add(st, p.x[s.a[c]] - p.x[s.b[c]],
				  p.y[s.a[c]] - p.y[s.b[c]]);
	bench_stretch_end(st);
}

/* Steps K times, timing only the steps; returns the wall time. */
static double run(tt_world_id w, int steps, bench_stretch *st)
{
	double wall = 0.0;
	for (int k = 0; k < steps;) {
		int chunk = steps - k < 60 ? steps - k : 60;
		double start = bench_now();
		for (int i = 0; i < chunk; i++)
			tt_world_step(w);
		wall += bench_now() - start;
		k += chunk;
		sample(w, st);
	}
	return wall;
}

/* Is the limit's swing the core's? Rounding as the core does (--exact),
 * bit for bit; otherwise the swings drift apart (a chaotic motion), and
 * the stretch they carry on average is what must agree. The chain solve
 * makes the core's ropes stiffer: no comparison then. */
static int same_work(const bench_rope_args *a, const bench_stretch *core,
		     tt_vec3 tip, const bench_limit_result *l)
{
	double avg = l->stretch.sum / l->stretch.samples,
	       core_avg = core->sum / core->samples;
	if (a->chain)
		return 1;
	if (a->exact)  /* the sums add the segments in other orders */
		return tip.x == l->tip_x && tip.y == l->tip_y &&
		       fabs(avg - core_avg) < 1e-12 &&
		       l->stretch.worst_seg == core->worst_seg;
	return fabs(avg - core_avg) <= fmax(STRETCH_TOLERANCE * (core_avg - 1.0), 1e-5);
}

static void report_limit(const bench_rope_args *a, double wall,
			 const bench_stretch *core, tt_vec3 tip,
			 const bench_limit_result *l)
{
	double segs = (double)a->ropes * a->segments * a->steps;
	const bench_stretch *st = &l->stretch;
	printf("LIMIT width=%s lanes=%d schedule=%s ns_seg_step=%.3f ns_proj=%.4f "
	       "ratio=%.3f stretch_avg=%.6f maxseg=%.6f tip_x=%.5f tip_y=%.5f\n",
	       l->name, l->lanes, l->schedule, 1e9 * l->wall_s / segs,
	       1e9 * l->wall_s / (segs * a->substeps * a->iterations),
	       wall / l->wall_s, st->sum / st->samples, st->worst_seg, l->tip_x,
	       l->tip_y);
	if (!l->schedules_agree)
		printf("WARNING the %s limit's wave and passes ended apart: one "
		       "solves the rods out of order\n", l->name);
	if (!same_work(a, core, tip, l))
		printf("WARNING the %s limit's swing is not the core's%s: the two "
		       "loops no longer do the same work\n",
		       l->name, a->exact ? " bit for bit" : " (stretch_avg)");
}

static void report(const bench_rope_args *a, double wall,
		   const bench_stretch *st, tt_vec3 tip)
{
	double segs = (double)a->ropes * a->segments * a->steps;
	printf("RESULT ns_seg_step=%.3f ns_proj=%.4f stretch=%.6f "
	       "stretch_avg=%.6f maxseg=%.6f wall_s=%.4f tip_x=%.5f tip_y=%.5f\n",
	       1e9 * wall / segs, 1e9 * wall / (segs * a->substeps * a->iterations),
	       st->last, st->sum / st->samples, st->worst_seg, wall, tip.x, tip.y);
}

int bench_rope(const bench_rope_args *a)
{
	tt_world_id w = {0};
	tt_particle_id ends[2];
	tt_status status = bench_rope_world(a, &w, ends, NULL);
	if (status != TT_OK) {
		fprintf(stderr, "taut bench: %s\n", tt_status_message(status));
		tt_world_destroy(w);
		return 1;
	}
	bench_stretch st = {0};
	double wall = run(w, a->steps, &st);
	tt_vec3 anchor = tt_particle_get_position(ends[0]);
	tt_vec3 tip = tt_particle_get_position(ends[1]);
	tt_world_destroy(w);
	tip = (tt_vec3){tip.x - anchor.x, tip.y - anchor.y, 0.0f};
	report(a, wall, &st, tip);
	for (int native = 1; native >= 0 && !a->core; native--) {
		bench_limit_result limit;
		if (!bench_limit_rope(a, native, &limit)) {
			fprintf(stderr, "taut bench: out of memory\n");
			return 1;
		}
		report_limit(a, wall, &st, tip, &limit);
	}
	return 0;
}
