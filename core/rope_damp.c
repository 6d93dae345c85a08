/* A rope's damping, in 1/s, removes only the motion of its nodes relative
 * to the rope's rigid motion, so a heap of rope settles while a pendulum
 * keeps swinging (the global damping of Müller et al., "Position Based
 * Dynamics", 2007, section 3.5). Once per step, from the nodes' masses,
 * positions and velocities: the centre of mass c, its velocity v_c, the
 * angular momentum L and inertia I about c, omega = I^-1 L; then each free
 * node moves share = 1 - exp(-damping dt) of the way to v_c + omega x
 * (x - c). Pinned nodes count with a mass 1000 times the rope's, so the
 * rigid motion of a rope hanging from a pin is a turn about the pin, and a
 * rope pinned at both ends has none: all its motion settles. Linear and
 * angular momentum of the free nodes are kept.
 *
 * The sums run in double over RL = 4 lanes (rope_damp_body.h), built for
 * AVX2 and plain C and picked with the solver's kernels: one scalar
 * double at a time it cost 13 ns a node a step, a third of the chain
 * solve's step on 100 ropes; 5 in these lanes. Eight lanes ran at 3 with
 * AVX-512, but GCC 12 builds them for AVX2 through memory (26 ns). */
#include <math.h>
#include <string.h>

#include "lanes.h"
#include "threads.h"
#include "world.h"

/* The lanes pass between static functions of one file only: no ABI of
 * ours changes with the target. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

#define PIN_WEIGHT 1000.0  /* a pinned node's mass, times the rope's */
#define RL 4

typedef double rd_v __attribute__((vector_size(RL * sizeof(double))));
typedef float rd_f __attribute__((vector_size(RL * sizeof(float))));
typedef int rd_mf __attribute__((vector_size(RL * sizeof(float))));
#define rd_lane ((rd_mf){0, 1, 2, 3})

/* A rope's nodes: dense indices, n of them, n0, n0 + 1, ... if contiguous;
 * d3 0 in a 2D world (z and vz +0, not read). */
typedef struct rd_rope {
	tt_particles *p;
	const int32_t *node;
	int n, contiguous, d3;
} rd_rope;

/* A rope's rigid motion: centre c, its velocity v, the turn omega. */
typedef struct rigid {
	double c[3], v[3], omega[3];
} rigid;

/* Solve I omega = L for a symmetric I given as xx, xy, xz, yy, yz, zz,
 * kept invertible by a little of its trace on the diagonal (a straight
 * rope cannot turn about itself). */
static void solve3(const double i[6], const double L[3], double out[3])
{
	double e = 1e-9 * (i[0] + i[3] + i[5]);
	double a = i[0] + e, b = i[1], c = i[2], d = i[3] + e, f = i[4],
	       g = i[5] + e;
	double m00 = d * g - f * f, m01 = c * f - b * g, m02 = b * f - c * d;
	double det = a * m00 + b * m01 + c * m02;
	if (!(fabs(det) > 0.0)) {
		out[0] = out[1] = out[2] = 0.0;
		return;
	}
	double m11 = a * g - c * c, m12 = b * c - a * f, m22 = a * d - b * b;
	out[0] = (m00 * L[0] + m01 * L[1] + m02 * L[2]) / det;
	out[1] = (m01 * L[0] + m11 * L[1] + m12 * L[2]) / det;
	out[2] = (m02 * L[0] + m12 * L[1] + m22 * L[2]) / det;
}

typedef void (*rd_kernel)(const rd_rope *r, float share);

#define RD_FN
#define RD_T(f) f##_generic
#define RD_WIDEN(f) __builtin_convertvector(f, rd_v)
#define RD_NARROW(v) __builtin_convertvector(v, rd_f)
#include "rope_damp_shapes.h"
#undef RD_FN
#undef RD_T
#undef RD_WIDEN
#undef RD_NARROW

#if defined(__x86_64__) && defined(__GNUC__) && !defined(TT_NO_SIMD)
#include <immintrin.h>
/* GCC 12 converts the lanes two at a time otherwise. */
#define RD_FN __attribute__((target("avx2")))
#define RD_T(f) f##_avx2
#define RD_WIDEN(f) ((rd_v)_mm256_cvtps_pd((__m128)(f)))
#define RD_NARROW(v) ((rd_f)_mm256_cvtpd_ps((__m256d)(v)))
#include "rope_damp_shapes.h"
#undef RD_FN
#undef RD_T
#undef RD_WIDEN
#undef RD_NARROW

/* The widest the solver's kernels say the machine runs, in each shape. */
static const rd_kernel *pick(const tt_world *w)
{
	int width = w->lanes ? w->lanes->width : 0;
	return width >= 8 ? damps_avx2 : damps_generic;
}
#else
static const rd_kernel *pick(const tt_world *w)
{
	(void)w;
	return damps_generic;
}
#endif

/* Ropes [from, to) with the kernels `damp` (rope_damp_shapes.h). */
static void damp_ropes(tt_world *w, const rd_kernel *damp, int from, int to)
{
	for (int r = from; r < to; r++) {
		const tt_rope *rope = &w->ropes.items[r];
		if (!(rope->damping > 0.0f) || rope->dense_at < 0)
			continue;
		rd_rope nodes = {&w->particles, w->chain.i + rope->dense_at,
				 rope->count, w->chain.info[r].contiguous, w->def.is_3d};
		int shape = nodes.contiguous ? !!nodes.d3 : 2;
		damp[shape](&nodes, 1.0f - expf(-rope->damping * w->def.time_step));
	}
}

typedef struct damp_stage {
	tt_world *w;
	const rd_kernel *damp;
} damp_stage;

/* The ropes of chain solve part `part`: no other part's share a free node
 * with them (chain.c), so the parts run on any threads. */
static void damp_part(void *ctx, int part, int parts)
{
	const damp_stage *st = ctx;
	const tt_chain_scratch *s = &st->w->chain;
	(void)parts;
	damp_ropes(st->w, st->damp, s->cut[part], s->cut[part + 1]);
}

void tt_rope_damp(tt_world *w)
{
	damp_stage st = {w, pick(w)};
	tt_threads_run(damp_part, &st, w->chain.parts);
}

void tt_rope_damp_ropes(tt_world *w, int from, int to)
{
	damp_ropes(w, pick(w), from, to);
}
