/* `taut bench cloth [--size N] [--steps K] [--self 0|1] [--vertices V]
 * [--updates U] [--threads T]`: what cloth costs (issue 16); --self takes
 * 1 only; T threads (0, the default: one per core).
 *
 * A 3D world, 8 substeps: a ball of radius 0.5 m on a floor, a noise
 * wind of 3 m/s, and an N x N cloth (2 x 2 m, 64 by default) dropped on
 * the ball; after 60 untimed steps, K (300) steps are timed one by one:
 * the median and mean ms per step (CLOTH line); --self 1 turns the
 * cloth's self-collision on. Then the binding: a 12 x 16 cape-sized proxy
 * and a render grid of about V (20000) vertices laid over it, bound, and
 * U (200) updates timed: the median us per update (BINDING line). */
#include <math.h>
#include <stdio.h>

#include "../core/binding.h"
#include "bench.h"
#include "workload.h"

typedef struct cloth_args {
	int size, steps, self, vertices, updates, threads;
} cloth_args;

static tt_status scene(const cloth_args *a, tt_world_id *w, tt_cloth_id *c)
{
	tt_world_def wd = tt_world_def_default();
	wd.is_3d = 1;
	wd.threads = a->threads;
	tt_status status = tt_world_create(&wd, w);
	tt_collider_def ball = tt_collider_def_default(), floor = ball;
	ball.shape = TT_SHAPE_SPHERE;
	ball.radius = 0.5f;
	ball.position = (tt_vec3){0.0f, 1.0f, 0.0f};
	floor.shape = TT_SHAPE_PLANE;
	tt_wind_def wind = tt_wind_def_default();
	wind.kind = TT_WIND_NOISE;
	wind.strength = 3.0f;
	tt_cloth_def def = tt_cloth_def_default();
	def.cols = def.rows = a->size;
	def.width = def.height = 2.0f;
	def.origin = (tt_vec3){-1.0f, 1.6f, -1.0f};
	def.orientation = tt_quat_axis_angle((tt_vec3){1, 0, 0}, -1.5707963f);
	def.self_collision = a->self;
	if (status == TT_OK)
		status = tt_collider_create(*w, &ball, &(tt_collider_id){0});
	if (status == TT_OK)
		status = tt_collider_create(*w, &floor, &(tt_collider_id){0});
	if (status == TT_OK)
		status = tt_wind_create(*w, &wind, &(tt_wind_id){0});
	return status == TT_OK ? tt_cloth_create(*w, &def, c) : status;
}

static int run_steps(const cloth_args *a)
{
	tt_world_id w;
	tt_cloth_id c;
	if (scene(a, &w, &c) != TT_OK)
		return 1;
	double times[100000], sum = 0.0;
	for (int k = -60; k < a->steps; k++) {
		double start = bench_now();
		tt_world_step(w);
		if (k >= 0)
			sum += times[k] = bench_now() - start;
	}
	printf("CLOTH size=%d self=%d ms_step=%.4f ms_mean=%.4f particles=%d "
	       "springs=%d\n", a->size, a->self,
	       a->steps ? 1e3 * bench_median(times, a->steps) : 0.0,
	       a->steps ? 1e3 * sum / a->steps : 0.0, tt_world_particle_count(w),
	       tt_world_spring_count(w));
	tt_world_destroy(w);
	return 0;
}

/* A render grid of n x n cells over the proxy's 0.6 x 0.9 m, 4 mm in
 * front of it. */
static tt_mesh *skin(int n)
{
	tt_mesh *m = tt_mesh_create((n + 1) * (n + 1), 2 * n * n, 1);
	for (int j = 0; m && j <= n; j++)
		for (int i = 0; i <= n; i++) {
			float *p = m->position + 3 * (j * (n + 1) + i);
			p[0] = 0.6f * (float)i / (float)n;
			p[1] = 2.0f - 0.9f * (float)j / (float)n;
			p[2] = 0.004f;
		}
	for (int j = 0, t = 0; m && j < n; j++)
		for (int i = 0; i < n; i++, t += 6) {
			int32_t v = j * (n + 1) + i, w = n + 1;
			int32_t tri[6] = {v, v + w, v + w + 1, v, v + w + 1, v + 1};
			for (int k = 0; k < 6; k++)
				m->triangle[t + k] = tri[k];
		}
	return m;
}

static int run_binding(const cloth_args *a)
{
	tt_world_def wd = tt_world_def_default();
	wd.is_3d = 1;
	tt_world_id w;
	tt_cloth_def def = tt_cloth_def_default();
	def.cols = 12, def.rows = 16;
	def.width = 0.6f, def.height = 0.9f;
	def.origin = (tt_vec3){0.0f, 2.0f, 0.0f};
	def.pin_sets = TT_CLOTH_PIN_TOP;
	tt_cloth_id c;
	int n = (int)sqrtf((float)a->vertices) - 1;
	tt_mesh *m = skin(n > 1 ? n : 1);
	tt_binding *b = NULL;
	if (!m || tt_world_create(&wd, &w) != TT_OK ||
	    tt_cloth_create(w, &def, &c) != TT_OK || tt_binding_create(c, m, &b))
		return 1;
	double times[100000];
	for (int k = 0; k < a->updates; k++) {
		tt_world_step(w);  /* the proxy moves between updates */
		double start = bench_now();
		tt_binding_update(b, m);
		times[k] = bench_now() - start;
	}
	printf("BINDING vertices=%d proxy_triangles=%d us_update=%.2f "
	       "fallbacks=%d\n", m->vertex_count, tt_cloth_triangle_count(c),
	       a->updates ? 1e6 * bench_median(times, a->updates) : 0.0,
	       tt_binding_fallbacks(b));
	tt_binding_destroy(b);
	tt_mesh_destroy(m);
	tt_world_destroy(w);
	return 0;
}

int bench_cloth(int argc, char **argv)
{
	static const char *const names[] = {"--size", "--steps", "--self",
					    "--vertices", "--updates", "--threads"};
	cloth_args a = {64, 300, 0, 20000, 200, 0};
	int *const fields[] = {&a.size, &a.steps, &a.self, &a.vertices,
			       &a.updates, &a.threads};
	if (!bench_parse(argc, argv, names, fields, 6) || a.steps > 100000 ||
	    a.updates > 100000 || a.self > 1 || a.size > TT_CLOTH_MAX_CELLS ||
	    a.threads > 64)
		return 2;
	return run_steps(&a) || run_binding(&a);
}
