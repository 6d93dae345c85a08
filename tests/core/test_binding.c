/* The render binding (issue 16, seed 002): the seed's own vectors, the
 * same offset on a triangle a ten-thousandth the size, a proxy moved as a
 * whole, and the fallback of a flipped and a collapsed triangle. */
#include <math.h>

#include "../../core/binding.h"
#include "check.h"
#include "scenes.h"
#include "tests.h"

static double gap(tt_vec3 a, tt_vec3 b)
{
	return sqrt((double)(a.x - b.x) * (a.x - b.x) +
		    (double)(a.y - b.y) * (a.y - b.y) +
		    (double)(a.z - b.z) * (a.z - b.z));
}

/* Triangle (0,0,0), (1,0,0), (0,1,0), weights (0.2, 0.3, 0.5), offset
 * 0.01 m: the surface point (0.3, 0.5, 0), one centimetre up its normal. */
void test_binding_seed(void)
{
	tt_vec3 out = {0};
	CHECK(tt_binding_map((tt_vec3){0, 0, 0}, (tt_vec3){1, 0, 0},
			     (tt_vec3){0, 1, 0}, 0.2f, 0.3f, 0.5f, 0.01f, &out));
	check_note("(%.7f, %.7f, %.7f)", out.x, out.y, out.z);
	CHECK(gap(out, (tt_vec3){0.3f, 0.5f, 0.01f}) < 1e-6);
}

/* Legs of 0.1 mm: the squared length of the cross product is 1e-16 m^4;
 * the offset is still exactly 0.01 (a floor of 1e-12 would give 1e-4). */
void test_binding_small_triangle(void)
{
	const float s = 1e-4f;
	tt_vec3 out = {0};
	CHECK(tt_binding_map((tt_vec3){0, 0, 0}, (tt_vec3){s, 0, 0},
			     (tt_vec3){0, s, 0}, 0.2f, 0.3f, 0.5f, 0.01f, &out));
	check_note("offset %.9f m, surface (%.3g, %.3g)", out.z, out.x, out.y);
	CHECK_NEAR(out.z, 0.01, 1e-9);
	CHECK_NEAR(out.x, 0.3 * s, 1e-10);
	CHECK_NEAR(out.y, 0.5 * s, 1e-10);
	CHECK(!tt_binding_map((tt_vec3){0, 0, 0}, (tt_vec3){1, 0, 0},
			      (tt_vec3){2, 0, 0}, 0.2f, 0.3f, 0.5f, 0.01f, &out));
}

/* A 6 x 6 grid cloth in a 3D world and a 25 x 25 render grid over it, a
 * centimetre in front of it and a little past its edges. */
static tt_cloth_id proxy(tt_world_id world)
{
	tt_cloth_def def = tt_cloth_def_default();
	def.cols = def.rows = 6;
	def.width = def.height = 1.2f;
	def.origin = (tt_vec3){-0.6f, 2.0f, 0.0f};
	tt_cloth_id cloth = {0};
	CHECK(tt_cloth_create(world, &def, &cloth) == TT_OK);
	return cloth;
}

static tt_mesh *render_grid(int n)
{
	tt_mesh *m = tt_mesh_create((n + 1) * (n + 1), 2 * n * n, 1);
	for (int j = 0; j <= n; j++)
		for (int i = 0; i <= n; i++) {
			float *p = m->position + 3 * (j * (n + 1) + i);
			p[0] = -0.62f + 1.24f * (float)i / (float)n;
			p[1] = 2.02f - 1.24f * (float)j / (float)n;
			p[2] = 0.01f;
		}
	for (int j = 0, t = 0; j < n; j++)
		for (int i = 0; i < n; i++, t += 6) {
			int a = j * (n + 1) + i;
			int32_t tri[6] = {a, a + n + 1, a + n + 2, a, a + n + 2, a + 1};
			for (int k = 0; k < 6; k++)
				m->triangle[t + k] = tri[k];
		}
	return m;
}

static double worst_move(const tt_mesh *m, const float *before, tt_vec3 d)
{
	double worst = 0.0;
	for (int i = 0; i < m->vertex_count; i++) {
		const float *p = m->position + 3 * i, *q = before + 3 * i;
		tt_vec3 moved = {p[0] - q[0], p[1] - q[1], p[2] - q[2]};
		worst = fmax(worst, gap(moved, d));
	}
	return worst;
}

/* At rest the binding gives the mesh back; the proxy moved as a whole
 * moves every vertex by the same vector. */
void test_binding_translate(void)
{
	tt_world_id world = scene_world3(8);
	tt_cloth_id cloth = proxy(world);
	tt_mesh *m = render_grid(24);
	float before[3 * 625];
	for (int k = 0; k < 3 * m->vertex_count; k++)
		before[k] = m->position[k];
	tt_binding *b = NULL;
	CHECK(tt_binding_create(cloth, m, &b) == TT_OK);
	CHECK(tt_binding_update(b, m) == TT_OK);
	double rest = worst_move(m, before, (tt_vec3){0, 0, 0});
	tt_vec3 d = {3.0f, -2.0f, 5.0f};
	CHECK(tt_cloth_translate(cloth, d) == TT_OK);
	CHECK(tt_binding_update(b, m) == TT_OK);
	double moved = worst_move(m, before, d);
	tt_bound v = tt_binding_vertex(b, 0);
	check_note("at rest %.2g m off, translated %.2g m off (1e-6), corner "
		   "vertex: triangle %d, weights (%.3f, %.3f, %.3f), offset %.4f",
		   rest, moved, v.triangle, v.u, v.v, v.w, v.offset);
	CHECK(rest < 1e-6 && moved < 1e-6);
	CHECK(tt_binding_fallbacks(b) == 0);
	CHECK_NEAR(v.u + v.v + v.w, 1.0, 1e-6);
	CHECK_NEAR(v.offset, 0.01, 1e-6);
	tt_binding_destroy(b);
	tt_mesh_destroy(m);
	tt_world_destroy(world);
}

/* One proxy triangle, the seed's, and one render vertex bound to it. */
static tt_cloth_id seed_triangle(tt_world_id world)
{
	tt_mesh *tri = tt_mesh_create(3, 1, 0);
	float p[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
	tt_mesh_set_positions(tri, 0, 3, p);
	tri->triangle[0] = 0, tri->triangle[1] = 1, tri->triangle[2] = 2;
	tt_cloth_def def = tt_cloth_def_default();
	def.kind = TT_CLOTH_MESH;
	def.mesh = tri;
	tt_cloth_id cloth = {0};
	CHECK(tt_cloth_create(world, &def, &cloth) == TT_OK);
	tt_mesh_destroy(tri);
	return cloth;
}

/* Swap two corners (the normal flips) or put one on another (no area):
 * the vertex goes to its skinned position, one fallback each time. */
void test_binding_fallback(void)
{
	tt_world_id world = scene_world3(8);
	tt_cloth_id cloth = seed_triangle(world);
	tt_mesh *m = tt_mesh_create(1, 1, 0);
	float at[3] = {0.3f, 0.5f, 0.01f};
	tt_mesh_set_positions(m, 0, 1, at);
	tt_binding *b = NULL;
	CHECK(tt_binding_create(cloth, m, &b) == TT_OK);
	tt_bound v = tt_binding_vertex(b, 0);
	CHECK_NEAR(v.u, 0.2, 1e-6);
	CHECK_NEAR(v.v, 0.3, 1e-6);
	CHECK_NEAR(v.w, 0.5, 1e-6);
	CHECK_NEAR(v.offset, 0.01, 1e-6);
	tt_particle_id p1 = tt_cloth_node(cloth, 1), p2 = tt_cloth_node(cloth, 2);
	for (int k = 0; k < 3; k++)  /* lift it so a fallback is seen */
		tt_particle_set_position(tt_cloth_node(cloth, k),
					 (tt_vec3){k == 1, k == 2, 1.0f});
	CHECK(tt_binding_update(b, m) == TT_OK);
	tt_vec3 up = {m->position[0], m->position[1], m->position[2]};
	int lifted = tt_binding_fallbacks(b);
	tt_particle_set_position(p1, (tt_vec3){0, 1, 1});
	tt_particle_set_position(p2, (tt_vec3){1, 0, 1});  /* flipped */
	CHECK(tt_binding_update(b, m) == TT_OK);
	tt_vec3 flipped = {m->position[0], m->position[1], m->position[2]};
	int flips = tt_binding_fallbacks(b);
	tt_particle_set_position(p2, (tt_vec3){0, 1, 1});  /* on p1: no area */
	CHECK(tt_binding_update(b, m) == TT_OK);
	tt_vec3 flat = {m->position[0], m->position[1], m->position[2]};
	int flats = tt_binding_fallbacks(b);
	check_note("lifted (%.3f, %.3f, %.3f) %d fallbacks; flipped (%.3f, %.3f, "
		   "%.3f) %d; no area (%.3f, %.3f, %.3f) %d", up.x, up.y, up.z,
		   lifted, flipped.x, flipped.y, flipped.z, flips, flat.x, flat.y,
		   flat.z, flats);
	CHECK(lifted == 0 && gap(up, (tt_vec3){0.3f, 0.5f, 1.01f}) < 1e-6);
	CHECK(flips == 1 && gap(flipped, (tt_vec3){0.3f, 0.5f, 0.01f}) < 1e-6);
	CHECK(flats == 1 && gap(flat, (tt_vec3){0.3f, 0.5f, 0.01f}) < 1e-6);
	CHECK(tt_binding_fell_back(b)[0] == 1);
	tt_binding_destroy(b);
	tt_mesh_destroy(m);
	tt_world_destroy(world);
}

/* A piece torn off its pins tumbles as it likes: turned over, its
 * vertices still follow it; turned over while pinned, they fall back. */
void test_binding_torn_piece(void)
{
	tt_world_id world = scene_world3(8);
	tt_cloth_def def = tt_cloth_def_default();
	def.cols = 1, def.rows = 2;
	def.origin = (tt_vec3){0.0f, 2.0f, 0.0f};
	def.pin_sets = TT_CLOTH_PIN_TOP;
	tt_cloth_id cloth = {0};
	CHECK(tt_cloth_create(world, &def, &cloth) == TT_OK);
	tt_mesh *m = tt_mesh_create(2, 1, 0);
	float at[6] = {0.25f, 1.75f, 0.01f, 0.25f, 1.25f, 0.01f};  /* top, bottom cell */
	tt_mesh_set_positions(m, 0, 2, at);
	tt_binding *b = NULL;
	CHECK(tt_binding_create(cloth, m, &b) == TT_OK);
	for (int k = 0; k < 6; k++)  /* every node turned over about y */
		tt_particle_set_position(tt_cloth_node(cloth, k),
					 (tt_vec3){1.0f - (float)(k % 2), 2.0f - 0.5f * (float)(k / 2), 0.0f});
	CHECK(tt_binding_update(b, m) == TT_OK);
	int pinned = tt_binding_fallbacks(b);
	int laid = tt_cloth_spring_count(cloth);
	for (int k = 0; k < laid; k++) {  /* cut the bottom row off */
		tt_spring_id s = tt_cloth_spring(cloth, k);
		tt_vec3 pa = tt_particle_get_position(tt_spring_get_a(s)),
			pb = tt_particle_get_position(tt_spring_get_b(s));
		if (tt_spring_valid(s) && (pa.y > 1.2f) != (pb.y > 1.2f))
			CHECK(tt_spring_cut(s, 0.5f) == TT_OK);
	}
	scene_steps(world, 1);
	for (int k = 0; k < 6; k++)
		tt_particle_set_position(tt_cloth_node(cloth, k),
					 (tt_vec3){1.0f - (float)(k % 2), 2.0f - 0.5f * (float)(k / 2), 0.0f});
	CHECK(tt_binding_update(b, m) == TT_OK);
	const uint8_t *fell = tt_binding_fell_back(b);
	check_note("turned over while pinned: %d of 2 fell back; after the cut: "
		   "top %d, bottom (torn off) %d", pinned, fell[0], fell[1]);
	CHECK(pinned == 2);
	CHECK(fell[0] == 1 && fell[1] == 0);
	tt_binding_destroy(b);
	tt_mesh_destroy(m);
	tt_world_destroy(world);
}
