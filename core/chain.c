/* Ropes solved as whole chains: a direct solve of each rope's segments.
 *
 * One Gauss-Seidel pass per substep converges slowly along a chain, and
 * hardly at all when its masses differ a lot: a 70 kg player on a rope of
 * 75 g nodes stretches the rope by 10% or more. But a rope's segments form
 * a chain, so the linearised XPBD system for all of its corrections at
 * once is tridiagonal and is solved exactly in O(n) (the direct chain
 * solvers of Deul et al., "Direct Position-Based Solver for Stiff Rods",
 * 2018, and Müller's long-range chains). For segment i between nodes i
 * and i+1, with u_i its current direction, o_i its direction at the
 * substep's start (the corrections move along o, as in solver.c), w the
 * inverse masses and alpha = compliance / h^2:
 *   (w_i + w_i+1)(u_i.o_i) + alpha_i  on the diagonal,
 *   -w_i (u_i.o_i-1) and -w_i+1 (u_i.o_i+1) beside it,
 *   -C_i - alpha_i lambda_i           on the right.
 * The solve is exact for the linearisation, so a rope's segments take no
 * general pass: the chain solve replaces it (it used to follow one, which
 * made a rope cost three times its springs), except after a solve that
 * could take only a share (below). A rope that lost a node
 * (cut, destroyed) is left to the general pass, and so are tether ropes
 * (inequalities).
 *
 * The system is solved by three levels of parallel cyclic reduction and
 * Thomas' elimination of the eight systems they leave (chain_body.h): in float when the free nodes' masses are alike, in double when
 * not (with a heavy load on light nodes the corrections are small
 * differences of large multipliers, which float leaves noisy). No node
 * moves more than a quarter of its segment in one pass: near a straight
 * chain pinned at both ends the system is nearly singular, and a small
 * stretch asks for large sideways moves; the rest follows in the next
 * substeps, and in a pass along the rope right after. Ropes that share
 * no free node are independent and are solved on the world's threads;
 * ropes that do stay together, in order. Next to each other, up to
 * TT_CHAIN_BATCH independent ropes of the same segments and precision are
 * solved as one batch (chain_batch.h): the eliminations of a lone rope
 * wait on each division, those of several do not, and each rope
 * gets the same operations as alone. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "alloc.h"
#include "chain_batch.h"
#include "threads.h"
#include "world.h"

/* The kernel at one lane, in float and in double: the reference. */
#define CHAIN_FN
#define CW 1
#define VM int
#define d_load(p) (*(p))
#define d_store(p, v) (*(p) = (v))
#define f_load(p) ((REAL) * (p))
#define f_store(p, v) (*(p) = (float)(v))
#define f_store_if(p, v, m) \
	do {                    \
		if (m)          \
			*(p) = (float)(v); \
	} while (0)
#define d_set(x) ((REAL)(x))
#define d_iota ((REAL)0)
#define d_sqrt(v) ((REAL)sqrt(v))
#define d_sel(m, a, b) ((m) ? (a) : (b))
#define d_gt(a, b) ((a) > (b))
#define d_lt(a, b) ((a) < (b))
#define m_and(a, b) ((a) && (b))
#define m_or(a, b) ((a) || (b))
#define m_not(a) (!(a))
#define d_lane(v, l) ((void)(l), (v))
#define m_lane(m, l) ((void)(l), (m))
#define d_next(a, b) ((void)(a), (b))
#define d_before(a, b) ((void)(b), (a))
#define REAL float
#define VD float
#define CN(f) f##_f1
#include "chain_body.h"
#undef REAL
#undef VD
#undef CN
#define REAL double
#define VD double
#define CN(f) f##_d1
#include "chain_body.h"

const tt_chain_kernel tt_chain_scalar[2] = {{1, chain1_f1, chain_need_f1},
					    {1, chain1_d1, chain_need_d1}};
const tt_chain_batch tt_chain_batch_scalar[2] = {chain_f1, chain_d1};

#define PAD 64  /* floats past a rope's columns, for any width */
#define FLOAT_RATIO 64.0f  /* float when the free nodes' masses differ less */
#define DOUBLE_RATIO 1e12f /* past it double cannot tell the masses apart */

void tt_chain_release(tt_chain_scratch *s)
{
	tt_free(s->i, (size_t)s->i_capacity * sizeof(int32_t));
	tt_free(s->info, (size_t)s->info_capacity * sizeof(tt_chain_info));
	tt_free(s->cols, (size_t)s->col_capacity * sizeof(float));
	tt_free(s->mem, s->mem_bytes);
	*s = (tt_chain_scratch){0};
}

static int grow(void **p, int *capacity, int need, size_t size)
{
	if (need <= *capacity)
		return 1;
	void *fresh = tt_alloc((size_t)need * size);
	if (!fresh)
		return 0;
	tt_free(*p, (size_t)*capacity * size);
	*p = fresh, *capacity = need;
	return 1;
}

/* Room for `ids` indices, `ropes` infos, `cols` floats and the parts'
 * scratch. */
static int reserve(tt_chain_scratch *s, int ids, int ropes, int cols,
		   size_t bytes)
{
	if (!grow((void **)&s->i, &s->i_capacity, ids, sizeof(int32_t)) ||
	    !grow((void **)&s->info, &s->info_capacity, ropes, sizeof(tt_chain_info)) ||
	    !grow((void **)&s->cols, &s->col_capacity, cols, sizeof(float)))
		return 0;
	if (bytes > s->mem_bytes) {
		void *m = tt_alloc(bytes);
		if (!m)
			return 0;
		tt_free(s->mem, s->mem_bytes);
		s->mem = m, s->mem_bytes = bytes;
	}
	return 1;
}

/* Dense indices of the rope's nodes and segments; 0 if any is gone. */
static int find_parts(const tt_world *w, const tt_rope *r, int32_t *node,
		      int32_t *seg)
{
	for (int k = 0; k < r->count; k++) {
		node[k] = tt_pool_find(&w->particle_pool, r->nodes[k].index1,
				       r->nodes[k].generation);
		seg[k] = k + 1 < r->count
				 ? tt_pool_find(&w->spring_pool, r->segments[k].index1,
						r->segments[k].generation)
				 : 0;
		if (node[k] < 0 || seg[k] < 0)
			return 0;
	}
	return 1;
}

/* Are the rope's nodes n0, n0 + 1, ...? Its segments s0, s0 + 1, ...
 * (run 1), or, as the plan lays them out in pairs, the even ones e0,
 * e0 + 1, ... and the odd ones o0, o0 + 1, ... (run 2)? */
static tt_chain_info describe(const int32_t *node, const int32_t *seg, int n)
{
	tt_chain_info f = {.contiguous = 1};
	int one = 1, two = n > 2;
	for (int k = 0; k < n; k++)
		f.contiguous &= node[k] == node[0] + k;
	for (int k = 0; k + 1 < n; k++) {
		one &= seg[k] == seg[0] + k;
		two &= seg[k] == seg[k % 2] + k / 2;
	}
	f.run = one ? 1 : two ? 2 : 0;
	return f;
}

static int longest_rope(const tt_world *w)
{
	int longest = 0;
	for (int r = 0; r < w->ropes.count; r++)
		longest = w->ropes.items[r].count > longest ? w->ropes.items[r].count
							    : longest;
	return longest;
}

static const tt_chain_kernel *kernels(const tt_world *w)
{
	return w->lanes ? w->lanes->chain : tt_chain_scalar;
}

/* The batched kernels of kernels(w)'s width (chain_batch.h). */
static const tt_chain_batch *batches(const tt_world *w)
{
	const tt_chain_kernel *k = kernels(w);
#if defined(__x86_64__) && defined(__GNUC__) && !defined(TT_NO_SIMD)
	if (k == tt_chain_avx512)
		return tt_chain_batch_avx512;
	if (k == tt_chain_avx2)
		return tt_chain_batch_avx2;
	if (k == tt_chain_sse2)
		return tt_chain_batch_sse2;
#endif
	(void)k;
	return tt_chain_batch_scalar;
}

/* A part's scratch: node columns for a rope not in one piece, and the
 * kernel's work (in double, the larger), 64-byte aligned. */
/* A rope's node columns in a part's scratch, to 64 bytes: the kernel's
 * work after them is doubles (an odd count misaligned them). */
static size_t columns_bytes(int nodes)
{
	return (7 * (size_t)(nodes + PAD) * sizeof(float) + 63) / 64 * 64;
}

static size_t part_bytes(const tt_world *w, int nodes)
{
	size_t columns = columns_bytes(nodes);
	size_t work = kernels(w)[1].need(nodes > 1 ? nodes - 1 : 1);
	return (columns + work + 127) / 64 * 64;
}

/* Ropes split among parts where no two parts hold ropes that share a free
 * node (such ropes are solved in order, by one part). */
static void split_parts(tt_world *w, int parts);

int tt_chain_prepare(tt_world *w)
{
	tt_chain_scratch *s = &w->chain;
	int ids = 0, cols = 0, n = longest_rope(w);
	for (int r = 0; r < w->ropes.count; r++) {
		ids += 2 * w->ropes.items[r].count;
		cols += 4 * (w->ropes.items[r].count + PAD);
	}
	int parts = w->threads < w->ropes.count ? w->threads : w->ropes.count;
	s->part_bytes = part_bytes(w, n);
	int room = reserve(s, ids, w->ropes.count, cols,
			   s->part_bytes * TT_CHAIN_BATCH * (size_t)(parts > 0 ? parts : 1) + 64);
	int at = 0, col = 0;
	for (int r = 0; r < w->ropes.count; r++) {
		tt_rope *rope = &w->ropes.items[r];
		int32_t *node = s->i + at, *seg = node + rope->count;
		rope->dense_at = room && rope->count > 1 &&
					 find_parts(w, rope, node, seg)
				 ? at
				 : -1;
		rope->chain_at = rope->kind != TT_SPRING_TETHER ? rope->dense_at : -1;
		if (rope->dense_at >= 0) {  /* its damping reads it too */
			s->info[r] = describe(node, seg, rope->count);
			s->info[r].col_at = col;
		}
		at += 2 * rope->count;
		col += 4 * (rope->count + PAD);
	}
	split_parts(w, room ? parts : 1);
	return room;
}

void tt_chain_mark(const tt_world *w, uint8_t *chained)
{
	for (int r = 0; r < w->ropes.count; r++) {
		const tt_rope *rope = &w->ropes.items[r];
		const int32_t *seg = w->chain.i + rope->chain_at + rope->count;
		for (int k = 0; rope->chain_at >= 0 && k + 1 < rope->count; k++)
			chained[seg[k]] = 1;
	}
}

/* The rope's own columns: rest, alpha, most2, lambda. */
static float *rope_column(tt_world *w, const tt_rope *rope, int r, int c)
{
	return w->chain.cols + w->chain.info[r].col_at + c * (rope->count + PAD);
}

typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));

/* The least positive and the largest of n non-negative floats' bits
 * (they order as their bits do), four lanes at a time and the rest one
 * by one: the loop of compares and moves took a tenth of the step of 100
 * ropes. Per lane min and max, in any order: the same result. */
static void bits_range(const float *wi, int n, int32_t *lo, int32_t *hi)
{
	v4i l = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}, h = {0, 0, 0, 0};
	int k = 0;
	for (; k + 4 <= n; k += 4) {
		v4i b;
		memcpy(&b, wi + k, sizeof b);
		v4i less = (b > 0) & (b < l), more = b > h;
		l = (b & less) | (l & ~less);
		h = (b & more) | (h & ~more);
	}
	for (int c = 0; c < 4; c++) {
		*lo = l[c] < *lo ? l[c] : *lo;
		*hi = h[c] > *hi ? h[c] : *hi;
	}
	for (; k < n; k++) {
		int32_t b;
		memcpy(&b, wi + k, sizeof b);
		*lo = b > 0 && b < *lo ? b : *lo;
		*hi = b > *hi ? b : *hi;
	}
}

/* In float (0), double (1) or neither (2)? From the free nodes' inverse
 * masses, compared as bits (non-negative floats order as their bits do,
 * and integers in vector lanes). */
static int precision(const float *wi, const int32_t *node, int n, int run)
{
	int32_t lo = INT32_MAX, hi = 0;
	if (run)
		bits_range(wi + node[0], n, &lo, &hi);
	for (int k = 0; k < n && !run; k++) {
		int32_t b;
		memcpy(&b, wi + node[k], sizeof b);
		lo = b > 0 && b < lo ? b : lo;
		hi = b > hi ? b : hi;
	}
	float l = INFINITY, h;
	if (lo < INT32_MAX)
		memcpy(&l, &lo, sizeof l);
	memcpy(&h, &hi, sizeof h);
	return (h > FLOAT_RATIO * l) + (h > DOUBLE_RATIO * l);
}

/* Segment i's rest, alpha and most2 from its spring c; soft? */
static int segment(const tt_springs *sp, int c, float inv_h2, float *rest,
		   float *alpha, float *most2)
{
	*rest = sp->rest[c];
	*alpha = sp->compliance[c] * inv_h2;
	*most2 = 0.0625f * *rest * *rest;
	return *alpha != 0.0f;
}

/* Segments i .. i + 3's rest, alpha and most2 from springs r[0..3],
 * c[0..3]; soft lanes. */
static v4i segments4(v4f r, v4f c, float inv_h2, float *rest, float *alpha,
		     float *most2)
{
	v4f a = c * inv_h2, q = 0.0625f * r * r;
	memcpy(rest, &r, sizeof r), memcpy(alpha, &a, sizeof a);
	memcpy(most2, &q, sizeof q);
	return a != 0.0f;
}

static v4f load4(const float *p)
{
	v4f v;
	memcpy(&v, p, sizeof v);
	return v;
}

/* Segments i .. i + 7 of a rope of run 2 (describe), i even: the even
 * ones from springs e .. e + 3, the odd ones from o .. o + 3. */
static v4i segments8(const tt_springs *sp, int e, int o, float inv_h2,
		     float *rest, float *alpha, float *most2)
{
	v4f re = load4(sp->rest + e), ro = load4(sp->rest + o);
	v4f ce = load4(sp->compliance + e), co = load4(sp->compliance + o);
	v4f r0 = __builtin_shufflevector(re, ro, 0, 4, 1, 5),  /* interleaved */
	    r1 = __builtin_shufflevector(re, ro, 2, 6, 3, 7);
	v4f c0 = __builtin_shufflevector(ce, co, 0, 4, 1, 5),
	    c1 = __builtin_shufflevector(ce, co, 2, 6, 3, 7);
	return segments4(r0, c0, inv_h2, rest, alpha, most2) |
	       segments4(r1, c1, inv_h2, rest + 4, alpha + 4, most2 + 4);
}

/* Once a step (every substep while it reels): per segment its rest and
 * alpha, per node the most it may move, squared; in float or double?
 * soft? Springs in runs (describe) are read four at a time. */
static void refresh(tt_world *w, const tt_rope *rope, int r, float inv_h2)
{
	const tt_springs *sp = &w->springs;
	const int32_t *node = w->chain.i + rope->chain_at, *seg = node + rope->count;
	tt_chain_info *f = &w->chain.info[r];
	float *rest = rope_column(w, rope, r, 0), *alpha = rope_column(w, rope, r, 1),
	      *most2 = rope_column(w, rope, r, 2);
	int m = rope->count - 1, soft = 0, i = 0;
	v4i soft4 = {0, 0, 0, 0};
	for (; f->run == 1 && i + 4 <= m; i += 4)
		soft4 |= segments4(load4(sp->rest + seg[0] + i),
				   load4(sp->compliance + seg[0] + i), inv_h2,
				   rest + i, alpha + i, most2 + i);
	for (; f->run == 2 && i + 8 <= m; i += 8)
		soft4 |= segments8(sp, seg[0] + i / 2, seg[1] + i / 2, inv_h2,
				   rest + i, alpha + i, most2 + i);
	for (; i < m; i++)
		soft |= segment(sp, seg[i], inv_h2, rest + i, alpha + i, most2 + i);
	most2[m] = most2[m - 1];
	f->soft = soft | ((soft4[0] | soft4[1] | soft4[2] | soft4[3]) != 0);
	f->precise = precision(w->particles.inv_mass, node, m + 1, f->contiguous);
}

/* The rope's node columns: the particles' own when they are in one piece
 * (read past the end: the particle columns have room), or copied into
 * the part's scratch. */
static void columns(tt_world *w, const tt_rope *rope, const tt_chain_info *f,
		    float *copy, float *node[7])
{
	tt_particles *p = &w->particles;
	float *from[7] = {p->x, p->y, p->z, p->px, p->py, p->pz, p->inv_mass};
	const int32_t *dense = w->chain.i + rope->chain_at;
	for (int c = 0; c < 7; c++) {
		node[c] = f->contiguous ? from[c] + dense[0] : copy + c * (rope->count + PAD);
		for (int k = 0; k < rope->count && !f->contiguous; k++)
			node[c][k] = from[c][dense[k]];
		for (int k = rope->count; k < rope->count + PAD && !f->contiguous; k++)
			node[c][k] = 0.0f;
	}
}

/* A copied rope's free nodes back to the particles. */
static void put_back(tt_world *w, const tt_rope *rope, float *const node[7])
{
	tt_particles *p = &w->particles;
	float *to[3] = {p->x, p->y, p->z};
	const int32_t *dense = w->chain.i + rope->chain_at;
	for (int k = 0; k < rope->count; k++)
		for (int c = 0; c < 3 && node[6][k] > 0.0f; c++)
			to[c][dense[k]] = node[c][k];
}

typedef struct chain_stage {
	tt_world *w;
	float h, inv_h2;
	int refresh, first, last_sub, last;
} chain_stage;

/* Masses too far apart for a direct solve, or a solve that could take
 * only a share of its solution (a rope yanked far past its length): one
 * pass along the rope's segments, one at a time (solver.c's projection),
 * as the general pass did before the chain solve (without it the share's
 * limit left a rope flung by the grab at 70 m/s stretched 290%, not 82%). */
static void sweep(const chain_stage *st, const tt_rope *rope)
{
	const int32_t *seg = st->w->chain.i + rope->chain_at + rope->count;
	for (int i = 0; i + 1 < rope->count; i++)
		tt_solver_project_scalar(st->w, st->h, seg[i], seg[i] + 1, st->first);
}

/* A rope's job, its node columns set up in mem. */
static tt_chain_job job_of(const chain_stage *st, int r, char *mem)
{
	tt_world *w = st->w;
	const tt_rope *rope = &w->ropes.items[r];
	const tt_chain_info *f = &w->chain.info[r];
	/* the multipliers matter where a segment is soft, and are kept */
	tt_chain_job job = {.m = rope->count - 1, .first = st->first,
			    .lambdas = f->soft || st->last_sub,
			    .rest = rope_column(w, rope, r, 0),
			    .alpha = rope_column(w, rope, r, 1),
			    .most2 = rope_column(w, rope, r, 2),
			    .lambda = rope_column(w, rope, r, 3),
			    .work = mem + columns_bytes(rope->count)};
	columns(w, rope, f, (float *)mem, job.node);
	return job;
}

/* After a rope's solve: its nodes back, what the solve left by a pass. */
static void after(const chain_stage *st, int r, const tt_chain_job *job,
		  int solved)
{
	tt_world *w = st->w;
	const tt_rope *rope = &w->ropes.items[r];
	if (!solved && st->first)
		for (int i = 0; i < job->m; i++)
			job->lambda[i] = 0.0f;
	if (!w->chain.info[r].contiguous)
		put_back(w, rope, job->node);
	if (solved != 1)  /* yanked far: the rest by a pass along it */
		sweep(st, rope);
	const int32_t *seg = w->chain.i + rope->chain_at + rope->count;
	for (int i = 0; st->last && i < job->m; i++)
		w->springs.lambda[seg[i]] = job->lambda[i];
}

/* Ropes waiting for one batched solve: alike, or one not alone. */
typedef struct batch {
	int rope[TT_CHAIN_BATCH];
	int count;
} batch;

static void flush(const chain_stage *st, batch *b, char *mem)
{
	tt_world *w = st->w;
	tt_chain_job job[TT_CHAIN_BATCH];
	int solved[TT_CHAIN_BATCH];
	if (b->count == 0)
		return;
	for (int j = 0; j < b->count; j++)
		job[j] = job_of(st, b->rope[j], mem + (size_t)j * w->chain.part_bytes);
	batches(w)[w->chain.info[b->rope[0]].precise](job, b->count, w->def.is_3d,
						      solved);
	for (int j = 0; j < b->count; j++)
		after(st, b->rope[j], &job[j], solved[j]);
	b->count = 0;
}

/* May rope r join the batch? */
static int joins(const tt_world *w, const batch *b, int r)
{
	const tt_chain_info *f = &w->chain.info[r], *g;
	if (b->count == 0)
		return 1;
	g = &w->chain.info[b->rope[0]];
	return b->count < TT_CHAIN_BATCH && f->alone && g->alone &&
	       f->precise == g->precise &&
	       w->ropes.items[r].count == w->ropes.items[b->rope[0]].count;
}

/* Ropes [from, to) in part's scratch. */
static void solve_ropes(const chain_stage *st, int from, int to, int part)
{
	tt_world *w = st->w;
	char *mem = (char *)w->chain.mem +
		    (size_t)part * TT_CHAIN_BATCH * w->chain.part_bytes;
	mem += (64 - (uintptr_t)mem % 64) % 64;
	batch b = {.count = 0};
	for (int r = from; r < to; r++) {
		const tt_rope *rope = &w->ropes.items[r];
		if (rope->chain_at < 0)
			continue;
		if (st->refresh || rope->ramping)
			refresh(w, rope, r, st->inv_h2);
		if (!joins(w, &b, r) || w->chain.info[r].precise == 2)
			flush(st, &b, mem);
		if (w->chain.info[r].precise == 2)
			sweep(st, rope);
		else
			b.rope[b.count++] = r;
	}
	flush(st, &b, mem);
}

static void solve_part(void *ctx, int part, int parts)
{
	const chain_stage *st = ctx;
	(void)parts;
	solve_ropes(st, st->w->chain.cut[part], st->w->chain.cut[part + 1], part);
}

static chain_stage stage_of(tt_world *w, float h, int sub, int it)
{
	int last_sub = sub == w->def.substeps - 1;
	return (chain_stage){w, h, 1.0f / (h * h), sub == 0 && it == 0, it == 0,
			     last_sub, last_sub && it == w->def.iterations - 1};
}

void tt_chain_solve(tt_world *w, float h, int sub, int it)
{
	chain_stage st = stage_of(w, h, sub, it);
	tt_threads_run(solve_part, &st, w->chain.parts);
}

void tt_chain_solve_ropes(tt_world *w, float h, int sub, int it, int from,
			  int to, int part)
{
	chain_stage st = stage_of(w, h, sub, it);
	solve_ropes(&st, from, to, part);
}

int tt_chain_scratch_parts(const tt_world *w)
{
	const tt_chain_scratch *s = &w->chain;
	size_t each = TT_CHAIN_BATCH * s->part_bytes;
	return each > 0 && s->mem_bytes > 64 ? (int)((s->mem_bytes - 64) / each) : 0;
}

#define MIN_SEGMENTS 1024  /* a part's least share: waking a thread costs */

/* last[r]: the last rope that shares a free node with rope r (r if none);
 * 0 when out of memory. */
static int islands(const tt_world *w, int *last)
{
	int np = w->particles.count;
	int32_t *owner = tt_alloc((size_t)(np > 0 ? np : 1) * sizeof *owner);
	if (!owner)
		return 0;
	for (int i = 0; i < np; i++)
		owner[i] = -1;
	for (int r = 0; r < w->ropes.count; r++) {
		const tt_rope *rope = &w->ropes.items[r];
		const int32_t *node = w->chain.i + rope->dense_at;
		last[r] = r;  /* a tether too: its damping uses the parts */
		for (int k = 0; rope->dense_at >= 0 && k < rope->count; k++) {
			int j = node[k];
			if (!(w->particles.inv_mass[j] > 0.0f))
				continue;
			if (owner[j] < 0)
				owner[j] = r;
			else
				last[owner[j]] = r;
		}
	}
	tt_free(owner, (size_t)(np > 0 ? np : 1) * sizeof *owner);
	return 1;
}

/* Which ropes share no free node with another (last from islands, or
 * NULL: unknown)? */
static void mark_alone(tt_world *w, const int *last)
{
	int reach = -1;  /* the last rope the ropes before share a node with */
	for (int r = 0; r < w->ropes.count; r++) {
		if (w->ropes.items[r].dense_at >= 0)
			w->chain.info[r].alone = last && last[r] == r && reach < r;
		reach = last && last[r] > reach ? last[r] : reach;
	}
}

/* Ropes [cut[k], cut[k+1]) go to part k: cuts fall where no rope before
 * shares a free node with one after, near equal shares of segments. */
static void split_parts(tt_world *w, int parts)
{
	tt_chain_scratch *s = &w->chain;
	int n = w->ropes.count, total = 0, done = 0, k = 1;
	s->cut[0] = 0;
	for (int r = 0; r < n; r++)
		total += w->ropes.items[r].count;
	if (!w->split_all && parts > total / MIN_SEGMENTS)
		parts = total / MIN_SEGMENTS;
	int *last = tt_alloc((size_t)(n > 0 ? n : 1) * sizeof(int));
	int known = last && islands(w, last);
	if (!known)
		parts = 1;
	mark_alone(w, known ? last : NULL);
	int reach = 0;  /* the last rope the ropes so far share a node with */
	for (int r = 0; r < n && parts > 1; r++) {
		reach = last[r] > reach ? last[r] : reach;
		done += w->ropes.items[r].count;
		if (reach == r && k < parts && (long long)done * parts >= (long long)k * total)
			s->cut[k++] = r + 1;
	}
	tt_free(last, (size_t)(n > 0 ? n : 1) * sizeof(int));
	s->parts = k;
	s->cut[k] = n;
}
