/* Private to bench/: the rope workload, shared by the core run (rope.c)
 * and the plain-C limit (limit.c) so both build the very same scene. */
#ifndef TT_BENCH_WORKLOAD_H
#define TT_BENCH_WORKLOAD_H

#include "../core/taut.h"

#define BENCH_REST 0.25f     /* m per segment */
#define BENCH_DT (1.0f / 60.0f)
#define BENCH_GRAVITY -9.81f

typedef struct bench_rope_args {
	int ropes, segments, steps, substeps, iterations;
	int chain;  /* 1: build each as a tt_rope (no tethers): chain solve */
	int exact;  /* 1: the limit rounds as the core does (bit for bit) */
	int threads;  /* the world's threads (default 1) */
	int scalar;   /* 1: the world solves without vector lanes */
	int core;     /* 1: the core alone, not the limit after it */
	int colliders;  /* bench collide: colliders in the field (1000) */
} bench_rope_args;

/// The world definition every rope workload starts from: the args'
/// substeps, iterations, threads and lanes.
tt_world_def bench_world_def(const bench_rope_args *a);

/// Node k of rope r at rest: a square grid of anchors, each rope straight
/// along +x from its anchor.
void bench_rope_node(const bench_rope_args *a, int r, int k, float *x,
		     float *y);
/// Seconds on the monotonic clock.
double bench_now(void);
/// Read `--name value` pairs of argv[2..] into the fields named; 0 (with a
/// message) on an unknown or malformed option.
int bench_parse(int argc, char **argv, const char *const names[],
		int *const fields[], int n);
/// `taut bench cut`: the cost of cuts (bench/cut.c); 2 on bad usage.
int bench_cut(int argc, char **argv);
/// `taut bench draw`: a mesh's drawing cost per frame (bench/draw.c).
int bench_draw(int argc, char **argv);
/// `taut bench bones`: dynamic-bone chains on dancing heads, with and
/// without LOD (bench/bones.c); 2 on bad usage.
int bench_bones(int argc, char **argv);
/// `taut bench cloth`: a cloth's step and a binding's update (cloth.c).
int bench_cloth(int argc, char **argv);

/// The workload's world; ends[0] and [1] are rope 0's anchor and free
/// end; with --chain 1 each rope's id goes to ropes[r] (when not NULL).
tt_status bench_rope_world(const bench_rope_args *a, tt_world_id *w,
			   tt_particle_id ends[2], tt_rope_id *ropes);
/// Run the workload through the core, then the limit; prints both lines.
int bench_rope(const bench_rope_args *a);

/// The collision workload (collide.c): ns per particle-substep without
/// colliders, with them, and with particle-particle collision; prints a
/// COLLIDE line.
int bench_collide(const bench_rope_args *a);

/* Stretch figures over samples of every segment's length. */
typedef struct bench_stretch {
	double total, last, sum, worst_seg;
	int count, samples;
} bench_stretch;

/// A sample: begin, add each segment's (dx, dy), end (last, sum, samples).
void bench_stretch_begin(bench_stretch *st);
void bench_stretch_add(bench_stretch *st, double dx, double dy);
void bench_stretch_end(bench_stretch *st);

typedef struct bench_limit_result {
	const char *name;  /* the vector width: avx512, avx2, sse2 */
	const char *schedule;  /* the faster: wave or passes */
	int schedules_agree;   /* both ended bit for bit alike (or one ran) */
	int lanes;
	double wall_s;
	bench_stretch stretch;  /* sampled as bench/rope.c samples the core */
	float tip_x, tip_y;  /* rope 0's free end relative to its anchor */
} bench_limit_result;

/// The same workload in the tightest loop (limit.c), at the machine's
/// widest vector width (native) or at SSE2, in the faster of its two
/// schedules; 0 when out of memory.
int bench_limit_rope(const bench_rope_args *a, int native,
		     bench_limit_result *out);

/// The wind workload (wind.c): prints what a field of the kind costs per
/// particle per step; 2 on an unknown kind.
int bench_wind(const char *kind, int ropes, int segments, int steps);

#endif
