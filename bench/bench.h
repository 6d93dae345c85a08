/* taut benchmarks: `taut bench <workload> [options]` (DESIGN §8). */
#ifndef TT_BENCH_H
#define TT_BENCH_H

/// Run a benchmark; argv[0] is "bench", argv[1] the workload ("rope").
/// Prints RESULT/LIMIT lines; returns 0, or 2 on bad usage.
int tt_bench_main(int argc, char **argv);

/// `taut bench reload --saves K`: the median time of each kind of hot
/// reload (lua/bench_reload.c). root is where examples/ lives.
int tt_bench_reload(const char *root, int saves);

/// The median of v[0..n) (sorts v).
double bench_median(double *v, int n);

/// `taut bench scene FILE [--steps K] [--warmup W] [--core 0|1] [--self
/// 0|1] [--replay INPUTS]`: ms per frame of a scene stepped headless, or of
/// its world alone (lua/bench_scene.c); argv[0] is the scene; 2 on bad usage.
int tt_bench_scene(const char *root, int argc, char **argv);

/// `taut bench lua --ropes N --segments S --steps K`: the rope workload
/// with a Lua update reading and writing every node, against C
/// (lua/bench_lua.c). Prints LUA lines; 0, or 1 on an error.
struct bench_rope_args;
int tt_bench_lua(const struct bench_rope_args *a);

#endif
