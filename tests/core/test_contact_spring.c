/* Springs against collider vertices (core/contact_spring.c): a spring
 * far from a corner is never pushed by it, however its line turns. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

/* A 20 kg weight held by a rod of rest 0 under a pin, 1.6 m from the
 * corner of a tall box (the hang of a ragdoll by its hand): the rod's
 * direction flips as it jiggles about length 0, and a flip used to count
 * as the corner crossing it, a push of 1.6 m in one substep. */
void test_contact_spring_far_corner(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def wall = tt_collider_def_default();
	wall.size = (tt_vec3){0.4f, 8.0f, 0.0f};
	wall.position = (tt_vec3){10.8f, 4.0f, 0.0f};
	scene_collider(world, &wall);
	tt_particle_id pin = scene_particle(world, (tt_vec3){9.0f, 6.4f, 0.0f}, 0.0f);
	tt_particle_id weight = scene_particle(world, (tt_vec3){9.0f, 6.4f, 0.0f}, 20.0f);
	tt_particle_id swing = scene_particle(world, (tt_vec3){9.3f, 5.5f, 0.0f}, 5.0f);
	tt_spring_def rod = tt_spring_def_default();
	rod.a = pin, rod.b = weight, rod.rest_length = 0.0f;
	CHECK(tt_spring_create(world, &rod, &(tt_spring_id){0}) == TT_OK);
	rod.a = weight, rod.b = swing, rod.rest_length = -1.0f;
	CHECK(tt_spring_create(world, &rod, &(tt_spring_id){0}) == TT_OK);
	double worst = 0.0;
	for (int k = 0; k < 600; k++) {
		tt_world_step(world);
		tt_vec3 p = tt_particle_get_position(weight);
		worst = fmax(worst, hypot(p.x - 9.0, p.y - 6.4));
	}
	check_note("weight at most %.2g m from its pin", worst);
	CHECK(worst < 0.01);
	tt_world_destroy(world);
}
