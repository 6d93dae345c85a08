/* taut benchmarks: `taut bench <workload> [options]` (DESIGN §8). */
#ifndef TT_BENCH_H
#define TT_BENCH_H

/// Run a benchmark; argv[0] is "bench", argv[1] the workload ("rope").
/// Prints RESULT/LIMIT lines; returns 0, or 2 on bad usage.
int tt_bench_main(int argc, char **argv);

#endif
