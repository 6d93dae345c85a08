/* Ropes that settle (core/damping.c), with the default rope damping: a
 * vine laid in a zigzag heap hangs still within 5 s, while a rope swung
 * out 30 degrees keeps swinging. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

static double kinetic(tt_world_id world)
{
	double e = 0.0;
	for (int i = 0; i < tt_world_particle_count(world); i++) {
		tt_particle_id p = tt_world_particle_at(world, i);
		tt_vec3 v = tt_particle_get_velocity(p);
		e += 0.5 * tt_particle_get_mass(p) * (v.x * v.x + v.y * v.y);
	}
	return e;
}

static double potential(tt_world_id world)
{
	double e = 0.0;
	for (int i = 0; i < tt_world_particle_count(world); i++) {
		tt_particle_id p = tt_world_particle_at(world, i);
		e += tt_particle_get_mass(p) * 9.81 * tt_particle_get_position(p).y;
	}
	return e;
}

static tt_rope_id make_rope(tt_world_id world, tt_vec3 to, int segments,
			    float mass_per_metre)
{
	tt_rope_def def = tt_rope_def_default();
	def.to = to;
	def.segments = segments;
	def.mass_per_metre = mass_per_metre;
	tt_rope_id rope = {0};
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	return rope;
}

/* An 8 m vine of 0.4 m segments, 1 kg/m, pinned at the origin, laid in
 * rows of four segments (left, down, right, ...) under its pin, released:
 * after 5 s its kinetic energy is under 1% of the potential energy the
 * fall released, and its tip within 2% of the length of hanging depth. */
void test_settle_heap(void)
{
	static const char moves[] = "LLDRRRRDLLLLDRRRRDLL";
	tt_world_id world = scene_world(8);
	tt_rope_id vine = make_rope(world, (tt_vec3){0, -8, 0}, 20, 1.0f);
	tt_vec3 at = {0};
	double hanging = 0.0;
	for (int k = 1; k <= 20; k++) {
		char m = moves[k - 1];
		at.x += m == 'L' ? -0.4f : m == 'R' ? 0.4f : 0.0f;
		at.y += m == 'D' ? -0.4f : 0.0f;
		tt_particle_id node = tt_rope_node(vine, k);
		CHECK(tt_particle_set_position(node, at) == TT_OK);
		hanging -= tt_particle_get_mass(node) * 9.81 * 0.4 * k;
	}
	double released = potential(world) - hanging;
	scene_steps(world, 300);
	tt_vec3 tip = tt_particle_get_position(tt_rope_node(vine, 20));
	double ke = kinetic(world);
	check_note("after 5 s: kinetic %.2f J = %.2f%% of the %.0f J released, "
		   "tip at (%.2f, %.2f) m", ke, 100.0 * ke / released, released,
		   tip.x, tip.y);
	CHECK(ke < 0.01 * released);
	CHECK_NEAR(tip.y, -8.0, 0.02 * 8.0);
	tt_world_destroy(world);
}

/* A 5 m rope of 20 segments (and the same with a 5 kg bob) released
 * straight, 30 degrees out: after 5 s it keeps over 90% of its swing
 * energy (energy above hanging straight at rest). */
static double swing_kept(float bob)
{
	tt_world_id world = scene_world(8);
	double a = 30.0 * 3.14159265358979 / 180.0;
	tt_rope_id rope = make_rope(world, (tt_vec3){(float)(5.0 * sin(a)),
						     (float)(-5.0 * cos(a)), 0},
				    20, 0.5f);
	if (bob > 0.0f)
		tt_particle_set_mass(tt_rope_node(rope, 20), bob);
	double bottom = 0.0;
	for (int k = 1; k <= 20; k++)
		bottom -= tt_particle_get_mass(tt_rope_node(rope, k)) * 9.81 * 0.25 * k;
	double start = kinetic(world) + potential(world) - bottom;
	scene_steps(world, 300);
	double kept = (kinetic(world) + potential(world) - bottom) / start;
	tt_world_destroy(world);
	return kept;
}

void test_settle_swing(void)
{
	double bare = swing_kept(0.0f), bob = swing_kept(5.0f);
	check_note("swing energy kept after 5 s: rope %.1f%%, with a bob %.1f%%",
		   100.0 * bare, 100.0 * bob);
	CHECK(bare > 0.9);
	CHECK(bob > 0.9);
}
