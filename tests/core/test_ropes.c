/* Ropes (core/rope.c): heavy loads, the catenary, reeling, teleporting,
 * and springs that break under load. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

/* Sum of segment lengths over the rope's rest length. */
static double stretch(tt_rope_id rope)
{
	double sum = 0.0;
	for (int i = 0; i + 1 < tt_rope_node_count(rope); i++)
		sum += tt_spring_get_length(tt_rope_segment(rope, i));
	return sum / tt_rope_get_length(rope);
}

/* Take a share of every particle's velocity away: a test's way to let a
 * scene settle (the world itself has no drag). */
static void settle(tt_world_id world, int steps, float keep)
{
	for (int s = 0; s < steps; s++) {
		for (int i = 0; i < tt_world_particle_count(world); i++) {
			tt_particle_id p = tt_world_particle_at(world, i);
			tt_vec3 v = tt_particle_get_velocity(p);
			tt_particle_set_velocity(p, (tt_vec3){v.x * keep, v.y * keep,
							      v.z * keep});
		}
		tt_world_step(world);
	}
}

void test_rope_heavy_load(void)
{
	tt_world_id world = scene_world(8);
	tt_rope_id rope = scene_line_rope(world, (tt_vec3){0}, (tt_vec3){0, -10, 0},
					  100, 0.0f, 1, 0);
	tt_particle_id end = tt_rope_node(rope, 100);
	float rope_mass = 0.5f * 10.0f;
	CHECK(tt_particle_set_mass(end, 100.0f * rope_mass) == TT_OK);
	settle(world, 600, 0.98f);
	double s = stretch(rope);
	check_note("stretch %.4f%% under 100x its mass", 100.0 * (s - 1.0));
	CHECK(fabs(s - 1.0) < 0.01);
	tt_world_destroy(world);
}

/* Without tethers, the chain solve alone: a 100 kg load on 50 g nodes. */
void test_rope_mass_ratio(void)
{
	tt_world_id world = scene_world(8);
	tt_rope_def def = tt_rope_def_default();
	def.to = (tt_vec3){0, -10, 0};
	def.segments = 100;
	def.tethers = TT_ROPE_TETHERS_NONE;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	CHECK(tt_particle_set_mass(tt_rope_node(rope, 100), 100.0f) == TT_OK);
	double worst = 0.0;
	for (int s = 0; s < 300; s++) {
		tt_world_step(world);
		worst = fmax(worst, fabs(stretch(rope) - 1.0));
	}
	check_note("worst stretch %.5f%% at 2000:1 node masses", 100.0 * worst);
	CHECK(worst < 0.001);
	tt_world_destroy(world);
}

/* Parameter a of the catenary of length len hanging over a level span. */
static double catenary_a(double span, double len)
{
	double lo = 1e-3, hi = 1e4;
	for (int i = 0; i < 200; i++) {
		double a = 0.5 * (lo + hi);
		if (2.0 * a * sinh(span / (2.0 * a)) > len)
			lo = a;
		else
			hi = a;
	}
	return 0.5 * (lo + hi);
}

/* 100 segments: the general pass alone left such a chain 0.8% stretched
 * and 1.5% of its length off the catenary; the chain solve holds it. */
void test_rope_catenary(void)
{
	const double span = 6.0, len = 10.0;
	tt_world_id world = scene_world(8);
	tt_rope_id rope = scene_line_rope(world, (tt_vec3){-3, 0, 0}, (tt_vec3){7, 0, 0},
					  100, 0.0f, 1, 1);
	tt_particle_id end = tt_rope_node(rope, 100);
	for (int s = 1; s <= 120; s++) {  /* carry the end pin in, slowly */
		tt_particle_move_to(end, (tt_vec3){7.0f - 4.0f * (float)s / 120.0f, 0, 0});
		tt_world_step(world);
	}
	settle(world, 900, 0.97f);
	double a = catenary_a(span, len), worst = 0.0;
	for (int i = 0; i < tt_rope_node_count(rope); i++) {
		tt_vec3 p = tt_particle_get_position(tt_rope_node(rope, i));
		double y = a * cosh(p.x / a) - a * cosh(span / (2.0 * a));
		worst = fmax(worst, fabs(p.y - y));
	}
	check_note("worst gap %.4f m = %.3f%% of the length", worst,
		   100.0 * worst / len);
	CHECK(worst < 0.01 * len);
	tt_world_destroy(world);
}

void test_rope_reel(void)
{
	tt_world_id world = scene_world(8);
	tt_rope_id rope = scene_line_rope(world, (tt_vec3){0}, (tt_vec3){0, -10, 0},
					  40, 0.0f, 1, 0);
	settle(world, 120, 0.95f);
	CHECK(tt_rope_reel(rope, -2.5f, 5.0f) == TT_OK);
	double worst_length = 0.0, fastest = 0.0;
	for (int s = 1; s <= 150; s++) {
		tt_world_step(world);
		double target = fmax(5.0, 10.0 - 2.5 * s / 60.0);
		worst_length = fmax(worst_length,
				    fabs(tt_rope_get_length(rope) - target) / target);
		fastest = fmax(fastest, scene_top_speed(world));
	}
	check_note("length off by %.3f%% at worst, top speed %.2f m/s at 2.5 m/s",
		   100.0 * worst_length, fastest);
	CHECK(worst_length < 0.01);
	CHECK(fastest < 2.5 * 1.2);
	CHECK_NEAR(tt_rope_get_length(rope), 5.0, 1e-4);
	CHECK(tt_rope_node_count(rope) == 21);
	tt_world_destroy(world);
}

/* A swinging rope, stepped; with teleport, moved 100 m on the way. */
static double swing_speed(int teleport)
{
	tt_world_id world = scene_world(8);
	tt_rope_id rope = scene_line_rope(world, (tt_vec3){0}, (tt_vec3){5, 0, 0},
					  20, 0.0f, 1, 0);
	scene_steps(world, 30);
	if (teleport)
		CHECK(tt_rope_translate(rope, (tt_vec3){100, 0, 0}) == TT_OK);
	scene_steps(world, 1);
	double speed = scene_top_speed(world);
	tt_world_destroy(world);
	return speed;
}

void test_rope_teleport(void)
{
	double kept = swing_speed(0), moved = swing_speed(1);
	check_note("top speed %.4f m/s moved, %.4f m/s kept", moved, kept);
	CHECK_NEAR(moved, kept, 1e-3 * kept);
}

void test_spring_breaks(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id pin = scene_particle(world, (tt_vec3){0}, 0.0f);
	tt_particle_id bob = scene_particle(world, (tt_vec3){0, -1, 0}, 1.0f);
	tt_spring_def def = tt_spring_def_default();
	def.a = pin;
	def.b = bob;
	def.max_force = 15.0f;  /* holds 1 kg (9.81 N), not 2 kg */
	tt_spring_id spring;
	CHECK(tt_spring_create(world, &def, &spring) == TT_OK);
	scene_steps(world, 60);
	CHECK(tt_spring_valid(spring));
	CHECK_NEAR(tt_spring_get_force(spring), 9.81, 0.05);
	tt_particle_set_mass(bob, 2.0f);
	tt_world_step(world);
	int count;
	const tt_event *events = tt_world_events(world, &count);
	CHECK(!tt_spring_valid(spring));
	CHECK(count == 1 && events[0].kind == TT_EVENT_BREAK);
	check_note("held %.2f N, broke at %.2f N", 9.81, count ? events[0].value : 0);
	CHECK(count == 1 && events[0].value > 15.0f);
	tt_world_destroy(world);
}
