/* The limit (DESIGN §8): the rope workload in the tightest plain C loop,
 * doing the core's maths (core/solver.c: XPBD with small steps, Macklin et
 * al. 2019) with nothing else: flat 2D arrays, no ids, no index arrays (a
 * rope's segment s joins nodes s and s + 1), no batches, kinds, damping,
 * speed limit or non-finite guard. Rods are rigid, so XPBD's alpha is 0
 * and lambda drops out: dlambda = -C / ((wa + wb) n . n0).
 *
 * Segments are solved in the order the core's batches give a rope (even
 * segments, then odd), and every expression is the core's, so the result
 * matches the core bit for bit: rope.c warns when it does not. */
#include <stdlib.h>
#include <math.h>

#include "workload.h"

typedef struct flat {
	int n;
	float *x, *y, *px, *py, *vx, *vy, *w;
} flat;

static int flat_init(flat *f, const bench_rope_args *a)
{
	f->n = a->ropes * (a->segments + 1);
	float *block = calloc((size_t)f->n * 7, sizeof(float));
	float **columns[] = {&f->x, &f->y, &f->px, &f->py, &f->vx, &f->vy, &f->w};
	for (int c = 0; c < 7; c++)
		*columns[c] = block ? block + (size_t)c * f->n : NULL;
	for (int r = 0; block && r < a->ropes; r++)
		for (int k = 0; k <= a->segments; k++) {
			int i = r * (a->segments + 1) + k;
			bench_rope_node(a, r, k, &f->x[i], &f->y[i]);
			f->w[i] = k == 0 ? 0.0f : 1.0f;
		}
	return block != NULL;
}

static void integrate(flat *f, float h)
{
	const float gy = BENCH_GRAVITY * h;
	for (int i = 0; i < f->n; i++) {
		float falls = f->w[i] > 0.0f ? 1.0f : 0.0f;
		f->vy[i] += gy * falls;
		f->px[i] = f->x[i];
		f->py[i] = f->y[i];
		f->x[i] += f->vx[i] * h;
		f->y[i] += f->vy[i] * h;
	}
}

/* Segments parity, parity + 2, ... of every rope, moved along their
 * direction at the substep's start as the core does (SHAKE). */
static void project(flat *f, int ropes, int segments, int parity)
{
	float *x = f->x, *y = f->y;
	const float *px = f->px, *py = f->py, *w = f->w;
	for (int r = 0; r < ropes; r++) {
		int base = r * (segments + 1);
		for (int i = base + parity; i < base + segments; i += 2) {
			int j = i + 1;
			float dx = x[i] - x[j], dy = y[i] - y[j];
			float len = sqrtf(dx * dx + dy * dy);
			float ox = px[i] - px[j], oy = py[i] - py[j];
			float olen = sqrtf(ox * ox + oy * oy);
			float along = (ox * dx + oy * dy) / (olen * len);
			if (!(along > 0.5f))
				ox = dx, oy = dy, olen = len, along = 1.0f;
			float k = -(len - BENCH_REST) / ((w[i] + w[j]) * along) / olen;
			x[i] += w[i] * k * ox;
			y[i] += w[i] * k * oy;
			x[j] -= w[j] * k * ox;
			y[j] -= w[j] * k * oy;
		}
	}
}

/* v = (x - p) / h, written as the core writes it (v += (x - (p + v h)) / h)
 * so the rounding, and with it the result, is the same. */
static void update_velocities(flat *f, float h)
{
	const float inv_h = 1.0f / h;
	for (int i = 0; i < f->n; i++) {
		f->vx[i] += (f->x[i] - (f->px[i] + f->vx[i] * h)) * inv_h;
		f->vy[i] += (f->y[i] - (f->py[i] + f->vy[i] * h)) * inv_h;
	}
}

int bench_limit_rope(const bench_rope_args *a, bench_limit_result *out)
{
	flat f;
	if (!flat_init(&f, a))
		return 0;
	const float h = BENCH_DT / (float)a->substeps;
	double start = bench_now();
	for (int step = 0; step < a->steps; step++)
		for (int sub = 0; sub < a->substeps; sub++) {
			integrate(&f, h);
			for (int it = 0; it < a->iterations; it++) {
				project(&f, a->ropes, a->segments, 0);
				project(&f, a->ropes, a->segments, 1);
			}
			update_velocities(&f, h);
		}
	out->wall_s = bench_now() - start;
	out->tip_x = f.x[a->segments] - f.x[0];
	out->tip_y = f.y[a->segments] - f.y[0];
	free(f.x);
	return 1;
}
