/* The 3D slash (core/cut_sheet.c): the sheet from an eye through a stroke
 * cuts exactly the springs it crosses, at the crossing, far beyond the
 * stroke as well, never behind the eye; the same sheet over the same
 * state cuts the same bits. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

static const tt_vec3 eye = {0.0f, 0.0f, 10.0f};
/* The stroke, on the plane z = 0: 2 m wide at y = 0.5 */
static const tt_vec3 stroke_a = {-1.0f, 0.5f, 0.0f};
static const tt_vec3 stroke_b = {1.0f, 0.5f, 0.0f};

/* A vertical rod at (x, z) from y0 to y1; returns it. */
static tt_spring_id rod(tt_world_id world, float x, float z, float y0, float y1)
{
	tt_spring_def def = tt_spring_def_default();
	def.a = scene_particle(world, (tt_vec3){x, y0, z}, 1.0f);
	def.b = scene_particle(world, (tt_vec3){x, y1, z}, 1.0f);
	tt_spring_id s;
	CHECK(tt_spring_create(world, &def, &s) == TT_OK);
	return s;
}

/* Rods at x = -2.5 .. 2.5 on the stroke's plane (z = 0, y 0..1) and twice
 * as far from the eye (z = -10, y 0..2, where the sheet is twice as wide
 * and crosses at y = 1), and one behind the eye the plane also crosses. */
static void rods(tt_world_id world, tt_spring_id near[6], tt_spring_id far[6],
		 tt_spring_id *behind)
{
	for (int i = 0; i < 6; i++) {
		float x = -2.5f + (float)i;
		near[i] = rod(world, x, 0.0f, 0.0f, 1.0f);
		far[i] = rod(world, x, -10.0f, 0.0f, 2.0f);
	}
	*behind = rod(world, 0.0f, 20.0f, -1.0f, 0.0f);
}

static tt_world_id still_world(void)
{
	tt_world_def def = tt_world_def_default();
	def.gravity = (tt_vec3){0};
	def.is_3d = 1;
	tt_world_id world;
	CHECK(tt_world_create(&def, &world) == TT_OK);
	return world;
}

void test_cut_sheet_crosses(void)
{
	tt_world_id world = still_world();
	tt_spring_id near[6], far[6], behind;
	rods(world, near, far, &behind);
	int before = tt_world_particle_count(world), count = -1;
	CHECK(tt_world_cut_sheet(world, eye, stroke_a, stroke_b, &count) == TT_OK);
	CHECK(count == 6);
	for (int i = 0; i < 6; i++) {
		float x = fabsf(-2.5f + (float)i);
		int inside = x < 1.0f, wide = x < 2.0f;
		CHECK(tt_spring_valid(near[i]) == !inside);
		CHECK(tt_spring_valid(far[i]) == !wide);
	}
	CHECK(tt_spring_valid(behind));
	/* each cut adds two particles at the crossing: y 0.5 near, 1.0 far */
	tt_particle_view p = tt_world_particles(world);
	double worst = 0.0;
	for (int i = before; i < p.count; i++) {
		double want = p.z[i] == 0.0f ? 0.5 : 1.0;
		worst = fmax(worst, fabs(p.y[i] - want));
	}
	check_note("6 of 13 rods cut, crossing off by %.1e m", worst);
	CHECK(p.count == before + 12);
	CHECK(worst < 1e-6);
	tt_world_destroy(world);
}

void test_cut_sheet_replay(void)
{
	uint64_t hash[2];
	for (int run = 0; run < 2; run++) {
		tt_world_id world = still_world();
		scene_grid(world, 12, 12, 0.25f, 1);
		int count;
		CHECK(tt_world_cut_sheet(world, (tt_vec3){0.3f, -1.0f, 6.0f},
					 (tt_vec3){-0.2f, -1.7f, 0.0f},
					 (tt_vec3){2.9f, -0.4f, 0.0f}, &count) == TT_OK);
		CHECK(count > 10);
		scene_steps(world, 3);
		hash[run] = tt_world_hash(world);
		tt_world_destroy(world);
	}
	CHECK(hash[0] == hash[1]);
}

void test_cut_sheet_refused(void)
{
	tt_world_id world = still_world();
	tt_spring_id near[6], far[6], behind;
	rods(world, near, far, &behind);
	int count = -1;
	tt_vec3 nan = {NAN, 0.0f, 0.0f};
	CHECK(tt_world_cut_sheet(world, nan, stroke_a, stroke_b, &count) == TT_ERR_NOT_FINITE);
	CHECK(tt_world_cut_sheet(world, eye, stroke_a, stroke_a, &count) == TT_OK);
	CHECK(count == 0 && tt_world_spring_count(world) == 13);
	tt_world_destroy(world);
	CHECK(tt_world_cut_sheet(world, eye, stroke_a, stroke_b, &count) == TT_ERR_WORLD_STALE);
}
