/* Private to bench/: the limit's state, shared by its driver (limit.c) and
 * its kernel at each vector width (limit_sse2.c, and
 * limit_x86.c for AVX2 and AVX-512, all built from limit_lanes.h). */
#ifndef TT_BENCH_LIMIT_H
#define TT_BENCH_LIMIT_H

#include "workload.h"

/* n rods solved side by side: node i + l against node j + l, l < n. */
typedef struct limit_run {
	int i, j, n;
} limit_run;

/* Every node in flat columns of n floats (n a multiple of 16, zero
 * padded, inverse mass w 0 in the padding), and the runs in the order the
 * core solves its batches: every even rod of a rope before the odd ones. */
typedef struct limit_lanes {
	int n;
	float *x, *y, *px, *py, *vx, *vy, *w;
	limit_run *runs;
	int run_count, substeps, iterations;
	int node_major;    /* node k of rope r at k * stride + r */
	int ropes, rows;   /* and nodes a rope */
	int stride;        /* node-major: ropes padded; else a half, padded */
	int exact;         /* the velocities rounded as the core does */
	int waves;         /* the wavefront schedule, else passes */
} limit_lanes;

/// K steps of the workload, one kernel per width.
void limit_steps_sse2(const limit_lanes *f, int steps);
void limit_steps_avx2(const limit_lanes *f, int steps);
void limit_steps_avx512(const limit_lanes *f, int steps);
/// Can this machine run the width? (SSE2, or its stand-in, always can.)
int limit_avx2_supported(void);
int limit_avx512_supported(void);

#endif
