/* The pool: worker threads that take the parts of one job at a time.
 * Whoever is free takes the next part, the caller too: a worker the
 * system has not run yet (just woken, or sharing the caller's core for a
 * while, ~0.1 ms on a VM) leaves its part to the others instead of
 * holding up the job.
 *
 * The step hands the pool many short jobs (a batch of springs is a few
 * microseconds of work), so a worker that finished one spins a little
 * while for the next before it sleeps on a condition variable, and the
 * caller spins a little while for its job to be done before it sleeps
 * too. A job is published by storing its generation in `word`, beside the
 * next part to take, which a thread claims by bumping it (sequentially
 * consistent atomics: a thread that is going to sleep says so first, so
 * the other either sees it and wakes it or it sees what it waited for).
 * Workers start on first use and live for the process. Parts never
 * depend on which thread ran them, so results are the same for any
 * number of threads.
 *
 * On a machine busier than it has cores a worker may not run for a whole
 * time slice, and every job then waits for it: when the caller waited for
 * its workers longer than LATE_NS and than its own part took, the jobs
 * run on the caller alone for twice that wait (they lose about half of
 * their time on two cores: what the wait lost), twice as long each time
 * the next try is late too. Time, not a count of jobs: a job is one
 * stage of a substep for one world and a whole step for another (stream.c),
 * so a count stayed serial for very different spells. */
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <stdint.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

#include "threads.h"

#define SPIN_NS 50000   /* how long a thread waits awake, ns */
#define LATE_NS 50000   /* a wait this long says the machine is busy */
#define MOST_BACKOFF_NS 1000000000LL  /* the longest serial stretch */

static struct {
	once_flag once;
	mtx_t lock, busy;  /* lock: sleeping; busy: one caller at a time */
	cnd_t wake, done_cv;
	atomic_int caller_sleeps;
	long long serial_until;  /* jobs run serially till then, ns (busy) */
	long long backoff;       /* the last serial stretch, ns; 0: none */
	atomic_int started;
	unsigned born[TT_MAX_THREADS];  /* the generation each worker began at */
	atomic_ullong word;  /* the job's generation << 32 | its next part */
	atomic_int sleepers, done;  /* done: the job's parts finished */
	_Atomic(tt_job *) job;  /* atomic: a late worker may read the next
				   job's; its claim on `word` then fails */
	_Atomic(void *) ctx;
	atomic_int parts;
} g_pool = {.once = ONCE_FLAG_INIT};

int tt_threads_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > TT_MAX_THREADS ? TT_MAX_THREADS : (int)n;
}

static unsigned generation(void)
{
	return (unsigned)(atomic_load(&g_pool.word) >> 32);
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
	for (int spins = 0; generation() == seen; spins++) {
		relax();
		if ((spins & 255) == 255 && now_ns() > until)
			break;
	}
	if (generation() == seen) {
		mtx_lock(&g_pool.lock);
		atomic_fetch_add(&g_pool.sleepers, 1);
		while (generation() == seen)
			cnd_wait(&g_pool.wake, &g_pool.lock);
		atomic_fetch_sub(&g_pool.sleepers, 1);
		mtx_unlock(&g_pool.lock);
	}
	return generation();
}

/* Run the parts of job `gen` not yet taken. The job changes only once
 * all its parts are done, so a part claimed at `gen` is gen's. */
static void take(unsigned gen)
{
	for (;;) {
		unsigned long long w = atomic_load(&g_pool.word);
		tt_job *job = atomic_load(&g_pool.job);
		void *ctx = atomic_load(&g_pool.ctx);
		int parts = atomic_load(&g_pool.parts), part = (int)(uint32_t)w;
		if ((unsigned)(w >> 32) != gen || part >= parts)
			return;
		if (!atomic_compare_exchange_weak(&g_pool.word, &w, w + 1))
			continue;
		job(ctx, part, parts);
		if (atomic_fetch_add(&g_pool.done, 1) + 1 == parts &&
		    atomic_load(&g_pool.caller_sleeps)) {
			mtx_lock(&g_pool.lock);
			cnd_signal(&g_pool.done_cv);
			mtx_unlock(&g_pool.lock);
		}
	}
}

/* Worker k (1, 2, ...): jobs before born[k] are not its own. */
static int worker(void *arg)
{
	unsigned seen = g_pool.born[(int)(long)arg];
	for (;;) {
		seen = next_job(seen);
		take(seen);
	}
	return 0;
}

static void init(void)
{
	mtx_init(&g_pool.lock, mtx_plain);
	mtx_init(&g_pool.busy, mtx_plain);
	cnd_init(&g_pool.wake);
	cnd_init(&g_pool.done_cv);
}

/* Workers 1 .. parts - 1 exist; 0 if none could start. */
static int start(int parts)
{
	int n = atomic_load(&g_pool.started);
	for (; n < parts - 1; n++) {
		thrd_t t;
		g_pool.born[n + 1] = generation();
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

/* Wait for the workers: spin, then sleep. Returns how long, ns. */
static long long finish(int parts)
{
	long long from = now_ns();
	for (int spins = 0; atomic_load(&g_pool.done) < parts; spins++) {
		relax();  /* not a yield: on a busy machine that gives the core
			     away for a whole time slice */
		if ((spins & 255) == 255 && now_ns() > from + SPIN_NS)
			break;
	}
	if (atomic_load(&g_pool.done) < parts) {
		mtx_lock(&g_pool.lock);
		atomic_store(&g_pool.caller_sleeps, 1);
		while (atomic_load(&g_pool.done) < parts)
			cnd_wait(&g_pool.done_cv, &g_pool.lock);
		atomic_store(&g_pool.caller_sleeps, 0);
		mtx_unlock(&g_pool.lock);
	}
	return now_ns() - from;
}

void tt_threads_run(tt_job *job, void *ctx, int parts)
{
	call_once(&g_pool.once, init);
	if (parts <= 1 || mtx_trylock(&g_pool.busy) != thrd_success) {
		serial(job, ctx, parts);
		return;
	}
	if (g_pool.serial_until > 0 && now_ns() < g_pool.serial_until) {
		mtx_unlock(&g_pool.busy);
		serial(job, ctx, parts);
		return;
	}
	if (!start(parts)) {
		mtx_unlock(&g_pool.busy);
		serial(job, ctx, parts);
		return;
	}
	atomic_store(&g_pool.job, job);
	atomic_store(&g_pool.ctx, ctx);
	atomic_store(&g_pool.parts, parts);
	atomic_store(&g_pool.done, 0);
	unsigned gen = generation() + 1;
	/* part 0 is the caller's own: taken by whoever came first, the parts
	 * swapped cores from one job to the next, and their data with them */
	atomic_store(&g_pool.word, (unsigned long long)gen << 32 | 1);
	if (atomic_load(&g_pool.sleepers) > 0) {
		mtx_lock(&g_pool.lock);
		cnd_broadcast(&g_pool.wake);
		mtx_unlock(&g_pool.lock);
	}
	long long from = now_ns();
	job(ctx, 0, parts);
	atomic_fetch_add(&g_pool.done, 1);
	take(gen);
	long long own = now_ns() - from, waited = finish(parts);
	if (waited > LATE_NS && waited > own) {
		long long s = 2 * (g_pool.backoff > waited ? g_pool.backoff : waited);
		g_pool.backoff = s < MOST_BACKOFF_NS ? s : MOST_BACKOFF_NS;
		g_pool.serial_until = now_ns() + g_pool.backoff;
	} else {
		g_pool.backoff = 0;
		g_pool.serial_until = 0;
	}
	mtx_unlock(&g_pool.busy);
}
