/* Private to bench/: the rope workload, shared by the core run (rope.c)
 * and the plain-C limit (limit.c) so both build the very same scene. */
#ifndef TT_BENCH_WORKLOAD_H
#define TT_BENCH_WORKLOAD_H

#define BENCH_REST 0.25f     /* m per segment */
#define BENCH_DT (1.0f / 60.0f)
#define BENCH_GRAVITY -9.81f

typedef struct bench_rope_args {
	int ropes, segments, steps, substeps, iterations;
	int chain;  /* 1: build each as a tt_rope (no tethers): chain solve */
} bench_rope_args;

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

/// Run the workload through the core, then the limit; prints both lines.
int bench_rope(const bench_rope_args *a);

/// The collision workload (collide.c): ns per particle-substep without
/// colliders, with them, and with particle-particle collision; prints a
/// COLLIDE line.
int bench_collide(const bench_rope_args *a);

typedef struct bench_limit_result {
	double wall_s;
	float tip_x, tip_y;  /* rope 0's free end relative to its anchor */
} bench_limit_result;

/// The same workload in the tightest plain loop; 0 when out of memory.
int bench_limit_rope(const bench_rope_args *a, bench_limit_result *out);

/// The wind workload (wind.c): prints what a field of the kind costs per
/// particle per step; 2 on an unknown kind.
int bench_wind(const char *kind, int ropes, int segments, int steps);

#endif
