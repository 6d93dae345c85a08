/* Worlds for the tests that compare a whole step with the staged one
 * (test_stream.c, test_rope_step.c). */
#ifndef TT_TEST_SPLIT_H
#define TT_TEST_SPLIT_H

#include "../../core/world.h"

/// A world of def on these kernels (NULL: scalar), every stage split
/// however small, stepping whole where it can (whole) or never.
tt_world_id split_world(const tt_world_def *def, const tt_lanes *lanes,
			int whole);
/// A run of overflow(lanes, threads, whole, &events) that sends particles
/// out of float range: whole steps on 1-3 threads and every width give
/// the staged run's hash and its count of resets (more than 2).
typedef uint64_t split_run(const tt_lanes *lanes, int threads, int whole,
			   int *events);
void split_same_resets(split_run *overflow);

#endif
