/* Teleports and kinematic moves (DESIGN §4): set_position moves a particle
 * and its history together, so it gains no speed; move_to carries a pinned
 * particle to its target within one step and leaves it at rest there. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

static double speed(tt_particle_id p)
{
	tt_vec3 v = tt_particle_get_velocity(p);
	return sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
}

/* A free particle at rest teleported 100 m: after one step its speed is
 * only what gravity gave it in that step. */
void test_teleport(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id p = scene_particle(world, (tt_vec3){0}, 1.0f);
	CHECK(tt_particle_set_position(p, (tt_vec3){100.0f, 0.0f, 0.0f}) == TT_OK);
	CHECK(speed(p) == 0.0);
	scene_steps(world, 1);
	double gained = speed(p) - 9.81 / 60.0;
	check_note("speed beyond gravity's %.2g m/s", gained);
	CHECK_NEAR(gained, 0.0, 1e-5);
	CHECK(tt_particle_get_position(p).x == 100.0f);
	tt_world_destroy(world);
}

/* move_to a pinned particle `distance` m away along (3, 4)/5; returns the
 * miss after one step and checks it rests there the step after. */
static double pinned_move(float distance)
{
	tt_world_id world = scene_world(8);
	tt_particle_id p = scene_particle(world, (tt_vec3){0}, 0.0f);
	tt_vec3 target = {0.6f * distance, 0.8f * distance, 0.0f};
	CHECK(tt_particle_move_to(p, target) == TT_OK);
	scene_steps(world, 1);
	tt_vec3 at = tt_particle_get_position(p);
	double miss = hypot(at.x - target.x, at.y - target.y);
	CHECK(speed(p) == 0.0);
	scene_steps(world, 1);
	tt_vec3 after = tt_particle_get_position(p);
	CHECK(after.x == at.x && after.y == at.y);
	tt_world_destroy(world);
	return miss;
}

void test_move_to(void)
{
	double miss = pinned_move(5.0f);
	check_note("5 m move missed by %.2g m", miss);
	CHECK(miss < 1e-5);
}

/* 100 m in one step is 6000 m/s, over the default speed limit: a kinematic
 * move must still get there (taut.h: "gets there (to rounding)"). */
void test_move_to_far(void)
{
	double miss = pinned_move(100.0f);
	check_note("100 m move missed by %.3g m", miss);
	CHECK(miss < 1e-4);
}
