/* The limit (DESIGN §8): the rope workload in the tightest loop this
 * machine runs for taut's own algorithm — core/solver.c's integration and
 * rigid-rod projection (XPBD with small steps, Macklin et al. 2019; the
 * SHAKE direction), 8 substeps of one projection, rods solved in the order
 * the core's batches give a rope (even rods, then odd) — and nothing else:
 * no ids, index arrays, kinds, damping, speed limit or non-finite guard.
 *
 * The rods of a colour share no node, so they are solved side by side in
 * vector lanes (limit_lanes.h), at the widest width the machine has and
 * at SSE2. Many ropes lie node-major (node k of every rope side by side):
 * one lane per rope, every rope's rod k in one run. A rope alone lies in
 * two halves, its even nodes then its odd ones, so rod 2m joins even[m] to
 * odd[m] and rod 2m + 1 odd[m] to even[m + 1]: its rods of one colour are
 * one run of lanes.
 *
 * The kernel's velocities do not round as the core's (see limit_lanes.h),
 * so the swing is not bit for bit the same; bench/rope.c checks that it is
 * the same work by its stretch figures (and, with --exact 1, bit for
 * bit). */
#include <stdlib.h>
#include <string.h>

#include "limit.h"

typedef void limit_kernel(const limit_lanes *f, int steps);

typedef struct limit_width {
	const char *name;
	int lanes;
	limit_kernel *steps;
	int (*supported)(void);
} limit_width;

static const limit_width widths[] = {
	{"avx512", 16, limit_steps_avx512, limit_avx512_supported},
	{"avx2", 8, limit_steps_avx2, limit_avx2_supported},
	{"sse2", 4, limit_steps_sse2, NULL},
};

/* The widest width this machine runs (native), or SSE2. */
static const limit_width *pick(int native)
{
	const int last = (int)(sizeof widths / sizeof *widths) - 1;
	for (int k = 0; native && k < last; k++)
		if (widths[k].supported())
			return &widths[k];
	return &widths[last];
}

/* Where node k of rope r lies: node-major with `stride` lanes a row, or
 * rope-major with each rope's halves `stride` long. */
typedef struct limit_layout {
	int node_major, stride;
} limit_layout;

static int node_at(limit_layout l, int r, int k)
{
	if (l.node_major)
		return k * l.stride + r;
	return 2 * r * l.stride + (k & 1) * l.stride + k / 2;
}

static int round_up(int n, int to)
{
	return (n + to - 1) / to * to;
}

/* The runs of every rod, even ones first; returns how many. */
static int plan(limit_layout l, const bench_rope_args *a, limit_run *runs)
{
	int count = 0, s = a->segments;
	if (l.node_major) {
		for (int parity = 0; parity < 2; parity++)
			for (int k = parity; k < s; k += 2)
				runs[count++] = (limit_run){k * l.stride, (k + 1) * l.stride,
							    a->ropes};
		return count;
	}
	for (int r = 0; r < a->ropes; r++) {
		int even = node_at(l, r, 0), odd = node_at(l, r, 1);
		runs[count++] = (limit_run){even, odd, (s + 1) / 2};
		if (s > 1)
			runs[count++] = (limit_run){odd, even + 1, s / 2};
	}
	return count;
}

/* Columns (one 64-byte aligned block, padded past the end for the last
 * vector's loads), the ropes at rest, the runs; 0 when out of memory. */
static int lanes_init(limit_lanes *f, limit_layout l, const bench_rope_args *a)
{
	int rows = l.node_major ? a->segments + 1 : 2 * a->ropes;
	f->n = round_up(rows * l.stride, 16) + 16;
	f->runs = malloc((size_t)(a->ropes + a->segments + 1) * 2 * sizeof *f->runs);
	size_t bytes = (size_t)f->n * 7 * sizeof(float);
	float *block = aligned_alloc(64, bytes);
	if (!block || !f->runs) {
		free(block);
		free(f->runs);
		return 0;
	}
	memset(block, 0, bytes);
	float **columns[] = {&f->x, &f->y, &f->px, &f->py, &f->vx, &f->vy, &f->w};
	for (int c = 0; c < 7; c++)
		*columns[c] = block + (size_t)c * f->n;
	/* node-major padding lanes are ropes too (no lane ever idles) */
	int ropes = l.node_major ? l.stride : a->ropes;
	for (int r = 0; r < ropes; r++)
		for (int k = 0; k <= a->segments; k++) {
			int i = node_at(l, r, k);
			bench_rope_node(a, r, k, &f->x[i], &f->y[i]);
			f->w[i] = k == 0 ? 0.0f : 1.0f;
		}
	f->run_count = plan(l, a, f->runs);
	f->substeps = a->substeps;
	f->iterations = a->iterations;
	f->exact = a->exact;
	f->node_major = l.node_major;
	f->ropes = a->ropes;
	f->rows = a->segments + 1;
	f->stride = l.stride;
	return 1;
}

static void sample(const limit_lanes *f, limit_layout l, const bench_rope_args *a,
		   bench_stretch *st)
{
	bench_stretch_begin(st);
	for (int r = 0; r < a->ropes; r++)
		for (int k = 0; k < a->segments; k++) {
			int i = node_at(l, r, k), j = node_at(l, r, k + 1);
			bench_stretch_add(st, f->x[i] - f->x[j], f->y[i] - f->y[j]);
		}
	bench_stretch_end(st);
}

/* The workload in one schedule (waves or passes); 0 when out of memory. */
static int run(const bench_rope_args *a, const limit_width *width, int waves,
	       bench_limit_result *out)
{
	limit_layout l = {a->ropes >= width->lanes, 0};
	l.stride = l.node_major ? round_up(a->ropes, width->lanes)
				: round_up(a->segments / 2 + 1, width->lanes);
	limit_lanes f;
	if (!lanes_init(&f, l, a))
		return 0;
	f.waves = waves;
	*out = (bench_limit_result){.name = width->name, .lanes = width->lanes,
				    .schedule = waves ? "wave" : "passes",
				    .schedules_agree = 1};
	for (int k = 0; k < a->steps; k += 60) {
		int chunk = a->steps - k < 60 ? a->steps - k : 60;
		double start = bench_now();
		width->steps(&f, chunk);
		out->wall_s += bench_now() - start;
		sample(&f, l, a, &out->stretch);
	}
	int anchor = node_at(l, 0, 0), tip = node_at(l, 0, a->segments);
	out->tip_x = f.x[tip] - f.x[anchor];
	out->tip_y = f.y[tip] - f.y[anchor];
	free(f.x);
	free(f.runs);
	return 1;
}

/* Both schedules (one iteration: passes only), the faster kept. Which is
 * faster depends on the machine and its load: the wave keeps each block
 * in L1 and overlaps the substeps' roots and divisions, for half again
 * the instructions of the passes. The two must agree bit for bit. */
int bench_limit_rope(const bench_rope_args *a, int native, bench_limit_result *out)
{
	const limit_width *width = pick(native);
	bench_limit_result wave;
	if (!run(a, width, 0, out))
		return 0;
	if (a->iterations != 1)
		return 1;
	if (!run(a, width, 1, &wave))
		return 0;
	out->schedules_agree = wave.tip_x == out->tip_x && wave.tip_y == out->tip_y;
	if (wave.wall_s < out->wall_s) {
		wave.schedules_agree = out->schedules_agree;
		*out = wave;
	}
	return 1;
}
