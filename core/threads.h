/* Private: a small pool of C11 threads that runs the parts of a job
 * (threads.c). */
#ifndef TT_THREADS_H
#define TT_THREADS_H

/* Part `part` of `parts` of a job on ctx. */
typedef void tt_job(void *ctx, int part, int parts);

/// Run job(ctx, k, parts) for every k in [0, parts), the caller taking
/// part 0 and the pool the rest; returns when every part is done. When
/// the pool cannot help (no threads, another caller has it) the caller
/// runs every part itself, in order.
void tt_threads_run(tt_job *job, void *ctx, int parts);
/// The machine's cores (at least 1).
int tt_threads_cores(void);
/// Most threads a world may ask for.
#define TT_MAX_THREADS 64

#endif
