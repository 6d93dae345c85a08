/* taut benchmarks: `taut bench <workload> [options]` (DESIGN §8). */
#ifndef TT_BENCH_H
#define TT_BENCH_H

/// Run a benchmark; argv[0] is "bench", argv[1] the workload ("rope").
/// Prints RESULT/LIMIT lines; returns 0, or 2 on bad usage.
int tt_bench_main(int argc, char **argv);

/// `taut bench reload --saves K`: the median time of each kind of hot
/// reload (lua/bench_reload.c). root is where examples/ lives.
int tt_bench_reload(const char *root, int saves);

/// `taut bench scene FILE [--steps K] [--warmup W]` (lua/bench_scene.c):
/// ms per step of the world a scene builds; argv[1] is "scene".
int tt_bench_scene(const char *root, int argc, char **argv);

#endif
