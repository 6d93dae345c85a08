/* `taut bench draw`: what drawing a mesh costs per frame, on the headless
 * software surface (the slowest renderer taut has, and the one that is the
 * same on every machine). A wavy square of cells x cells quads, 2 cells^2
 * triangles (20k by default), framed to fill a 1280 x 720 view in 3D, lit
 * and textured as a cloth would be, then again flat (no texture); each
 * frame is begin, queue the mesh, sort, draw and end (every pixel on the
 * surface). Then the debug view of a world of 3D colliders drawn as lit
 * solids, in the same frame. Medians over the frames, in milliseconds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../core/mesh.h"
#include "../view/view.h"
#include "workload.h"

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* A cells x cells grid over [-1, 1]^2 in x, z, rippled in y. */
static tt_mesh *grid(int cells)
{
	int side = cells + 1;
	tt_mesh *m = tt_mesh_create(side * side, 2 * cells * cells, 1);
	for (int k = 0; m && k < side * side; k++) {
		float u = (float)(k % side) / (float)cells;
		float v = (float)(k / side) / (float)cells;
		float x = 2.0f * u - 1.0f, z = 2.0f * v - 1.0f;
		m->position[3 * k] = x;
		m->position[3 * k + 1] = 0.2f * sinf(5.0f * x) * cosf(4.0f * z);
		m->position[3 * k + 2] = z;
		m->uv[2 * k] = u, m->uv[2 * k + 1] = v;
	}
	for (int c = 0; m && c < cells * cells; c++) {
		int a = (c / cells) * side + c % cells;
		int32_t t[6] = {a, a + 1, a + side + 1, a, a + side + 1, a + side};
		for (int i = 0; i < 6; i++)
			m->triangle[6 * c + i] = t[i];
	}
	return m;
}

static tt_texture *checker(void)
{
	uint8_t rgba[64 * 64 * 4];
	for (int i = 0; i < 64 * 64; i++) {
		int on = ((i % 64) / 8 + (i / 64) / 8) & 1;
		uint8_t c[4] = {on ? 230 : 60, on ? 200 : 90, on ? 120 : 160, 255};
		for (int k = 0; k < 4; k++)
			rgba[4 * i + k] = c[k];
	}
	return tt_texture_create(64, 64, rgba);
}

/* What a frame draws: a mesh (with a texture or none), or when the mesh
 * is NULL a world's debug view. */
typedef struct job {
	const tt_mesh *mesh;
	const tt_texture *texture;
	tt_world_id world;
} job;

/* Median milliseconds of a frame drawing the job. */
static double frame_ms(tt_view *view, job j, int frames)
{
	double *ms = malloc((size_t)frames * sizeof *ms);
	tt_color white = {255, 255, 255, 255};
	if (!ms)
		return -1.0;
	for (int f = 0; f < frames; f++) {
		double t0 = bench_now();
		tt_view_begin(view);
		if (j.mesh)
			tt_view_draw_mesh(view, j.mesh, j.texture, white);
		else
			tt_view_draw_world(view, j.world);
		tt_view_end(view);
		ms[f] = 1e3 * (bench_now() - t0);
	}
	qsort(ms, (size_t)frames, sizeof *ms, by_value);
	double median = ms[frames / 2];
	free(ms);
	return median;
}

/* A 3D world of 16 colliders about the origin, a 4 x 4 grid of spheres,
 * capsules, turned boxes and hulls over a plane, as the debug view draws
 * them (lit solids, some 9k triangles); a null id when out of memory. */
static tt_world_id colliders(void)
{
	static const tt_shape_kind kinds[4] = {TT_SHAPE_SPHERE, TT_SHAPE_CAPSULE,
					       TT_SHAPE_BOX, TT_SHAPE_HULL};
	tt_world_def wd = tt_world_def_default();
	wd.is_3d = 1;
	tt_world_id w = {0};
	tt_collider_id c;
	int ok = tt_world_create(&wd, &w) == TT_OK;
	tt_collider_def d = tt_collider_def_default();
	d.shape = TT_SHAPE_PLANE;
	d.position = (tt_vec3){0, -0.3f, 0};
	ok = ok && tt_collider_create(w, &d, &c) == TT_OK;
	for (int i = 0; ok && i < 16; i++) {
		d = tt_collider_def_default();
		d.shape = kinds[i % 4];
		d.position = (tt_vec3){0.5f * (float)(i % 4) - 0.75f, 0.0f,
				       0.5f * (float)(i / 4) - 0.75f};
		d.radius = 0.15f, d.length = 0.2f;
		d.size = (tt_vec3){0.3f, 0.2f, 0.25f};
		d.rotation = tt_quat_axis_angle((tt_vec3){1, 1, 0}, 0.3f * (float)i);
		for (int k = 0; k < 8; k++)  /* a hull: a cube's corners, squashed */
			d.points[k] = (tt_vec3){k & 1 ? 0.15f : -0.15f,
						k & 2 ? 0.1f : -0.1f, k & 4 ? 0.15f : -0.05f};
		d.point_count = 8;
		ok = tt_collider_create(w, &d, &c) == TT_OK;
	}
	return ok ? w : (tt_world_id){0};
}

int bench_draw(int argc, char **argv)
{
	int triangles = 20000, frames = 60;
	static const char *const names[] = {"--triangles", "--frames"};
	int *const fields[] = {&triangles, &frames};
	if (!bench_parse(argc, argv, names, fields, 2))
		return 2;
	int cells = (int)ceil(sqrt(0.5 * triangles));
	tt_view_def def = tt_view_def_default();
	def.headless = 1;
	char err[256];
	tt_view *view = tt_view_create(&def, err, sizeof err);
	tt_mesh *m = grid(cells);
	tt_texture *t = checker();
	if (!view || !m || !t) {
		fprintf(stderr, "taut bench draw: %s\n", view ? "out of memory" : err);
		return 1;
	}
	tt_world_id world = colliders();
	tt_view_set_3d(view, 1);
	tt_view_look(view, (tt_vec3){1.2f, 1.1f, 1.5f}, (tt_vec3){0, 0, 0});
	double textured = frame_ms(view, (job){m, t, world}, frames);
	double flat = frame_ms(view, (job){m, NULL, world}, frames);
	double solids = frame_ms(view, (job){NULL, NULL, world}, frames);
	printf("RESULT triangles=%d frames=%d textured_ms=%.3f flat_ms=%.3f "
	       "colliders_ms=%.3f\n", m->triangle_count, frames, textured, flat,
	       solids);
	tt_world_destroy(world);
	tt_texture_destroy(t);
	tt_mesh_destroy(m);
	tt_view_destroy(view);
	return 0;
}
