/* Spring kinds and compliance, one particle on one spring: a tether is
 * slack below its rest length and holds above it; a soft spring of
 * compliance c under weight m g stretches by m g c (XPBD's compliance is
 * the inverse stiffness, in m/N), whatever the substeps. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define G 9.81

/* A pin at the origin, a 1 kg bob at (0, -depth) on a spring like def. */
static tt_particle_id hang(tt_world_id world, float depth, tt_spring_def def)
{
	tt_particle_def pd = tt_particle_def_default();
	pd.mass = 0.0f;
	CHECK(tt_particle_create(world, &pd, &def.a) == TT_OK);
	pd.mass = 1.0f;
	pd.position.y = -depth;
	CHECK(tt_particle_create(world, &pd, &def.b) == TT_OK);
	tt_spring_id spring;
	CHECK(tt_spring_create(world, &def, &spring) == TT_OK);
	return def.b;
}

static float length_of(tt_particle_id bob)
{
	tt_vec3 p = tt_particle_get_position(bob);
	return sqrtf(p.x * p.x + p.y * p.y);
}

/* A bob 0.5 m below the pin on a 1 m tether falls freely for 10 steps,
 * then hangs at 1 m: measured are its speed while slack and the longest
 * the tether ever gets. */
void test_tether(void)
{
	tt_world_id world = scene_world(8);
	tt_spring_def def = tt_spring_def_default();
	def.kind = TT_SPRING_TETHER;
	def.rest_length = 1.0f;
	tt_particle_id bob = hang(world, 0.5f, def);
	scene_steps(world, 10);
	float slack = length_of(bob);
	double fall_speed = -tt_particle_get_velocity(bob).y;
	CHECK(slack > 0.55f && slack < 0.9f);
	CHECK_NEAR(fall_speed, G * 10.0 / 60.0, 1e-4);
	double longest = 0.0;
	for (int k = 0; k < 120; k++) {
		tt_world_step(world);
		longest = fmax(longest, length_of(bob));
	}
	check_note("slack %.3f m falling at %.4f m/s; longest %.6f m", slack,
		   fall_speed, longest);
	CHECK_NEAR(longest, 1.0, 1e-4);
	CHECK_NEAR(length_of(bob), 1.0, 1e-4);
	tt_world_destroy(world);
}

/* Stretch of a damped soft spring (c = 1e-3 m/N, 1 kg) after 5 s. */
static double settled_stretch(int substeps)
{
	tt_world_id world = scene_world(substeps);
	tt_spring_def def = tt_spring_def_default();
	def.kind = TT_SPRING_SOFT;
	def.rest_length = 1.0f;
	def.compliance = 1e-3f;
	def.stretch_damping = 5.0f;
	tt_particle_id bob = hang(world, 1.0f, def);
	scene_steps(world, 300);
	double stretch = length_of(bob) - 1.0;
	tt_world_destroy(world);
	return stretch;
}

void test_compliance(void)
{
	const double expected = 1.0 * G * 1e-3;
	double coarse = settled_stretch(8), fine = settled_stretch(32);
	check_note("stretch %.5f m at 8 substeps, %.5f m at 32; m g c = %.5f m",
		   coarse, fine, expected);
	CHECK_NEAR(coarse, expected, 0.02 * expected);
	CHECK_NEAR(fine, expected, 0.02 * expected);
}
