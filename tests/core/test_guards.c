/* The guards against bad numbers (DESIGN §4): non-finite input is refused
 * with a status; a spring or speed the maths cannot hold is clamped or
 * reset, never spread as NaN. */
#include <float.h>
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

static int all_finite(tt_world_id world)
{
	tt_particle_view v = tt_world_particles(world);
	for (int i = 0; i < v.count; i++)
		if (!isfinite(v.x[i]) || !isfinite(v.y[i]) || !isfinite(v.z[i]))
			return 0;
	return 1;
}

void test_nonfinite_refused(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id n[2];
	scene_rope(world, (tt_vec3){0}, (tt_vec3){1.0f, 0.0f, 0.0f}, 1, NULL, n);
	const tt_vec3 bad = {NAN, 0.0f, 0.0f}, huge = {INFINITY, 0.0f, 0.0f};
	CHECK(tt_particle_set_position(n[1], bad) == TT_ERR_NOT_FINITE);
	CHECK(tt_particle_set_velocity(n[1], huge) == TT_ERR_NOT_FINITE);
	CHECK(tt_particle_move_to(n[0], bad) == TT_ERR_NOT_FINITE);
	CHECK(tt_particle_move_to(n[0], (tt_vec3){FLT_MAX, 0, 0}) ==
	      TT_ERR_NOT_FINITE);
	CHECK(tt_particle_set_mass(n[1], NAN) == TT_ERR_MASS);
	tt_spring_id s = tt_world_spring_at(world, 0);
	CHECK(tt_spring_set_compliance(s, NAN) == TT_ERR_COMPLIANCE);
	CHECK(tt_spring_set_rest_length(s, INFINITY) == TT_ERR_REST_LENGTH);
	tt_particle_def def = tt_particle_def_default();
	def.velocity.y = NAN;
	tt_particle_id p;
	CHECK(tt_particle_create(world, &def, &p) == TT_ERR_NOT_FINITE);
	CHECK(tt_world_particle_count(world) == 2);
	CHECK(tt_particle_get_position(n[1]).x == 1.0f);
	CHECK(tt_spring_get_compliance(s) == 0.0f);
	tt_world_destroy(world);
}

/* A spring of compliance FLT_MAX (finite, so accepted) is as good as no
 * spring: its bob must fall freely, and nothing may turn non-finite. */
void test_nonfinite_compliance(void)
{
	tt_world_id world = scene_world(8);
	tt_spring_def def = tt_spring_def_default();
	def.compliance = FLT_MAX;
	tt_particle_id n[2];
	scene_rope(world, (tt_vec3){0}, (tt_vec3){0.0f, -1.0f, 0.0f}, 1, &def, n);
	scene_steps(world, 30);
	double fall_speed = -tt_particle_get_velocity(n[1]).y;
	check_note("falls at %.3f m/s after 0.5 s, %llu resets", fall_speed,
		   (unsigned long long)tt_world_nonfinite_resets(world));
	CHECK(all_finite(world));
	CHECK_NEAR(fall_speed, 9.81 * 0.5, 1e-3);
	tt_world_destroy(world);
}

/* Speeds over max_speed are clamped to it, direction kept, however far
 * over they are: 1e6 m/s, and 1e20 m/s, whose square overflows a float. */
void test_speed_limit(void)
{
	const float launch[2] = {1e6f, 1e20f};
	double after[2];
	for (int k = 0; k < 2; k++) {
		tt_world_id world = scene_world(8);
		tt_particle_id p = scene_particle(world, (tt_vec3){0}, 1.0f);
		CHECK(tt_particle_set_velocity(p, (tt_vec3){0, launch[k], 0}) ==
		      TT_OK);
		scene_steps(world, 1);
		after[k] = tt_particle_get_velocity(p).y;
		CHECK(all_finite(world));
		CHECK(tt_world_nonfinite_resets(world) == 0);
		tt_world_destroy(world);
	}
	check_note("1e6 m/s -> %.1f, 1e20 m/s -> %.1f", after[0], after[1]);
	CHECK_NEAR(after[0], 1000.0, 10.0);
	CHECK_NEAR(after[1], 1000.0, 10.0);
}
