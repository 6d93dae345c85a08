/* The pool: worker threads that take the parts of one job at a time.
 *
 * The step hands the pool many short jobs (a batch of springs is a few
 * microseconds of work), so a worker that finished one spins a little
 * while for the next before it sleeps on a condition variable; the caller
 * spins until its job is done. A job is published by bumping `generation`
 * (sequentially consistent atomics: a worker that is going to sleep counts
 * itself in `sleepers` first, so the caller either sees it and wakes it or
 * the worker sees the new generation). Workers start on first use and
 * live for the process. Parts never depend on which thread ran them, so
 * results are the same for any number of threads. */
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

#include "threads.h"

#define SPIN_NS 50000  /* how long a worker waits awake for the next job */

static struct {
	once_flag once;
	mtx_t lock, busy;  /* lock: sleeping; busy: one caller at a time */
	cnd_t wake;
	atomic_int started;
	unsigned born[TT_MAX_THREADS];  /* the generation each worker began at */
	atomic_uint generation;
	atomic_int sleepers, pending;
	tt_job *job;
	void *ctx;
	int parts;
} g_pool = {.once = ONCE_FLAG_INIT};

int tt_threads_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > TT_MAX_THREADS ? TT_MAX_THREADS : (int)n;
}

static long long now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* Wait for a generation other than seen: spin, then sleep. */
static unsigned next_job(unsigned seen)
{
	long long until = now_ns() + SPIN_NS;
	for (int spins = 0; atomic_load(&g_pool.generation) == seen; spins++) {
		relax();
		if ((spins & 255) == 255 && now_ns() > until)
			break;
	}
	if (atomic_load(&g_pool.generation) == seen) {
		mtx_lock(&g_pool.lock);
		atomic_fetch_add(&g_pool.sleepers, 1);
		while (atomic_load(&g_pool.generation) == seen)
			cnd_wait(&g_pool.wake, &g_pool.lock);
		atomic_fetch_sub(&g_pool.sleepers, 1);
		mtx_unlock(&g_pool.lock);
	}
	return atomic_load(&g_pool.generation);
}

/* Worker k (1, 2, ...) takes part k of every job that has one, and says
 * it saw every job: the caller changes the job only once all have. */
static int worker(void *arg)
{
	int k = (int)(long)arg;
	unsigned seen = g_pool.born[k];  /* jobs before it are not its own */
	for (;;) {
		seen = next_job(seen);
		if (k < g_pool.parts)
			g_pool.job(g_pool.ctx, k, g_pool.parts);
		atomic_fetch_sub(&g_pool.pending, 1);
	}
	return 0;
}

static void init(void)
{
	mtx_init(&g_pool.lock, mtx_plain);
	mtx_init(&g_pool.busy, mtx_plain);
	cnd_init(&g_pool.wake);
}

/* Workers 1 .. parts - 1 exist; 0 if none could start. */
static int start(int parts)
{
	int n = atomic_load(&g_pool.started);
	for (; n < parts - 1; n++) {
		thrd_t t;
		g_pool.born[n + 1] = atomic_load(&g_pool.generation);
		if (thrd_create(&t, worker, (void *)(long)(n + 1)) != thrd_success)
			break;
		thrd_detach(t);
		atomic_store(&g_pool.started, n + 1);
	}
	return n >= parts - 1;
}

static void serial(tt_job *job, void *ctx, int parts)
{
	for (int k = 0; k < parts; k++)
		job(ctx, k, parts);
}

void tt_threads_run(tt_job *job, void *ctx, int parts)
{
	call_once(&g_pool.once, init);
	if (parts <= 1 || mtx_trylock(&g_pool.busy) != thrd_success) {
		serial(job, ctx, parts);
		return;
	}
	if (!start(parts)) {
		mtx_unlock(&g_pool.busy);
		serial(job, ctx, parts);
		return;
	}
	g_pool.job = job, g_pool.ctx = ctx, g_pool.parts = parts;
	atomic_store(&g_pool.pending, atomic_load(&g_pool.started));
	atomic_fetch_add(&g_pool.generation, 1);
	if (atomic_load(&g_pool.sleepers) > 0) {
		mtx_lock(&g_pool.lock);
		cnd_broadcast(&g_pool.wake);
		mtx_unlock(&g_pool.lock);
	}
	job(ctx, 0, parts);
	while (atomic_load(&g_pool.pending) > 0)
		relax();  /* not a yield: on a busy machine it gives the core away
			     for a whole time slice */
	mtx_unlock(&g_pool.busy);
}
