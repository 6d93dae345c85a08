/* A still plane's cheap test (contact.c's clear_of_plane) rejects only
 * what the general path does nothing for: the same plane among the first
 * 64 colliders (tested) and after them (the general path for everything)
 * leaves 300 seeded particles, falling, flung through it within a substep
 * and at rest on it, bit for bit where they were. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

enum { PLANE_PARTICLES = 300, PLANE_OTHERS = 64 };

/* A small deterministic generator (xorshift32), uniform in [lo, hi). */
static float uniform(uint32_t *state, float lo, float hi)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return lo + (hi - lo) * (float)(*state >> 8) / 16777216.0f;
}

/* A tilted plane, first or after 64 disabled circles. */
static void plane_colliders(tt_world_id world, int last)
{
	tt_collider_def plane = tt_collider_def_default(), off = plane;
	plane.shape = TT_SHAPE_PLANE;
	plane.angle = 0.3f;
	plane.friction = 0.5f;
	plane.restitution = 0.4f;
	off.enabled = 0;
	for (int k = 0; k <= PLANE_OTHERS; k++) {
		off.position = (tt_vec3){(float)k, 5.0f, 0.0f};
		scene_collider(world, k == (last ? PLANE_OTHERS : 0) ? &plane : &off);
	}
}

/* Particles above the plane, some fast enough to cross it in a substep. */
static void plane_particles(tt_world_id world, tt_particle_id *out)
{
	uint32_t seed = 2026;
	float c = cosf(0.3f), s = sinf(0.3f);
	for (int i = 0; i < PLANE_PARTICLES; i++) {
		tt_particle_def pd = tt_particle_def_default();
		pd.radius = uniform(&seed, 0.0f, 0.05f);
		float u = uniform(&seed, -3.0f, 3.0f), v = uniform(&seed, 0.0f, 2.0f);
		pd.position = (tt_vec3){c * u - s * v, s * u + c * v, 0.0f};
		float speed = i % 5 == 0 ? 200.0f : 20.0f;
		pd.velocity = (tt_vec3){uniform(&seed, -speed, speed),
					uniform(&seed, -speed, speed), 0.0f};
		CHECK(tt_particle_create(world, &pd, &out[i]) == TT_OK);
	}
}

/* The particles' positions and velocities after 4 s. */
static void plane_run(int last, tt_vec3 *state)
{
	tt_world_id world = scene_world(8);
	tt_particle_id ids[PLANE_PARTICLES];
	plane_colliders(world, last);
	plane_particles(world, ids);
	scene_steps(world, 240);
	for (int i = 0; i < PLANE_PARTICLES; i++) {
		state[2 * i] = tt_particle_get_position(ids[i]);
		state[2 * i + 1] = tt_particle_get_velocity(ids[i]);
	}
	tt_world_destroy(world);
}

/* How many of the particles rest on the plane (a centre within the
 * largest radius and 1 mm of it). */
static int plane_resting(const tt_vec3 *state)
{
	int on = 0;
	for (int i = 0; i < PLANE_PARTICLES; i++) {
		tt_vec3 x = state[2 * i];
		on += -sinf(0.3f) * x.x + cosf(0.3f) * x.y < 0.05f + 1e-3f;
	}
	return on;
}

void test_plane_still(void)
{
	static tt_vec3 tested[2 * PLANE_PARTICLES], general[2 * PLANE_PARTICLES];
	plane_run(0, tested);
	plane_run(1, general);
	CHECK(memcmp(tested, general, sizeof tested) == 0);
	CHECK(plane_resting(tested) > PLANE_PARTICLES / 2);
	check_note("%d of %d resting on the plane", plane_resting(tested), PLANE_PARTICLES);
}
