/* Roots on colliders (core/contact_spring.c, core/contact.c): hair pinned
 * to a head on (or just inside) its contact radius stays unstretched with
 * the head static, moving and turning; a strand laid through the head
 * comes out of it smoothly. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

enum { STATIC, MOVING, TURNING };

/* A strand of 20 x 0.1 m from the point at angle degrees, distance from
 * the centre of a unit circle, straight down, its root pinned to it. */
static tt_rope_id strand(tt_world_id world, tt_collider_id head, double degrees,
			 float distance)
{
	double a = degrees * 3.14159265358979 / 180.0;
	tt_rope_def def = tt_rope_def_default();
	def.from = (tt_vec3){distance * (float)cos(a), distance * (float)sin(a), 0};
	def.to = (tt_vec3){def.from.x, def.from.y - 2.0f, 0};
	def.radius = 0.05f;
	tt_rope_id rope = {0};
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	CHECK(tt_particle_pin_to(tt_rope_node(rope, 0), head,
				 tt_collider_to_local(head, def.from)) == TT_OK);
	return rope;
}

/* Five strands around the lower half; the head still, moving about, or
 * turning to and fro for 10 s: the worst segment strain of any step. */
static double rooted(int motion, float distance)
{
	static const double at[5] = {190, 225, 270, 315, 350};
	tt_world_id world = scene_world(8);
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_CIRCLE;
	def.radius = 1.0f;
	tt_collider_id head = scene_collider(world, &def);
	tt_rope_id ropes[5];
	for (int k = 0; k < 5; k++)
		ropes[k] = strand(world, head, at[k], distance);
	double worst = 0.0;
	for (int s = 1; s <= 600; s++) {
		float t = (float)s / 60.0f;
		if (motion == MOVING)
			tt_collider_move_to(head, (tt_vec3){1.5f * sinf(t), 0.5f * sinf(2 * t), 0},
					    0.0f);
		if (motion == TURNING)
			tt_collider_move_to(head, (tt_vec3){0}, 0.8f * sinf(1.5f * t));
		scene_steps(world, 1);
		worst = fmax(worst, scene_rope_strain(ropes, 5));
	}
	tt_world_destroy(world);
	return worst;
}

void test_roots_on_head(void)
{
	scene_check_roots(rooted);
}

/* A strand built from the top of the head straight down through it: it
 * comes out at TT_PUSH_OUT_SPEED instead of at once (300% strain in its
 * first step when it was pushed out by its whole depth). */
void test_roots_laid_through(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_CIRCLE;
	def.radius = 1.0f;
	tt_collider_id head = scene_collider(world, &def);
	tt_rope_id rope = strand(world, head, 135.0, 1.05f);
	double worst = 0.0;
	for (int s = 0; s < 300; s++) {
		scene_steps(world, 1);
		worst = fmax(worst, scene_rope_strain(&rope, 1));
	}
	int inside = 0;
	for (int k = 0; k < tt_rope_node_count(rope); k++) {
		tt_vec3 p = tt_particle_get_position(tt_rope_node(rope, k));
		inside += sqrt(p.x * p.x + p.y * p.y) < 1.04;
	}
	check_note("worst strain %.2f%%, %d nodes still inside after 5 s",
		   100 * worst, inside);
	CHECK(worst < 0.1);
	CHECK(inside == 0);
	tt_world_destroy(world);
}
