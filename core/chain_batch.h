/* The chain solve's kernels for several ropes at once (chain_body.h):
 * ropes of the same segments that share no free node are solved a level
 * of each in turn, each with the operations it gets alone, so a rope's
 * result is the same bit for bit in a batch or not. The tables follow
 * lanes.h's tt_chain_kernel ones, [0] in float and [1] in double. */
#ifndef TT_CHAIN_BATCH_H
#define TT_CHAIN_BATCH_H

#include "lanes.h"

#define TT_CHAIN_BATCH 4  /* ropes at most in one batch */

/* The jobs' solves; solved[j] as tt_chain_kernel's chain returns it. In a
 * 2D world (d3 0) the nodes' z columns are neither read nor written. */
typedef void (*tt_chain_batch)(const tt_chain_job *jobs, int count, int d3,
			       int *solved);

extern const tt_chain_batch tt_chain_batch_scalar[2],
	tt_chain_batch_avx512[2], tt_chain_batch_avx2[2],
	tt_chain_batch_sse2[2];

#endif
