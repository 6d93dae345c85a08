/* Angle constraints (core/angle.c): a rigid bent shape holds under
 * gravity, a soft bend deflects as torque / stiffness says, ragdoll limits
 * hold through tumbling, and cuts and destroys keep angles consistent. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define DEG (3.14159265358979 / 180.0)

static tt_world_id world_3d(int is_3d)
{
	tt_world_def def = tt_world_def_default();
	def.is_3d = is_3d;
	return scene_world_from(&def);
}

static tt_angle_id make_angle(tt_world_id world, tt_particle_id a,
			      tt_particle_id b, tt_particle_id c,
			      float compliance, float min, float max)
{
	tt_angle_def def = tt_angle_def_default();
	def.a = a, def.b = b, def.c = c;
	def.compliance = compliance;
	def.min = min, def.max = max;
	tt_angle_id id = {0};
	CHECK(tt_angle_create(world, &def, &id) == TT_OK);
	return id;
}

static void rod(tt_world_id world, tt_particle_id a, tt_particle_id b)
{
	tt_spring_def def = tt_spring_def_default();
	def.a = a, def.b = b;
	tt_spring_id id;
	CHECK(tt_spring_create(world, &def, &id) == TT_OK);
}

/* Worst |bend - rest| (degrees) of the chain's angles now. */
static double worst_bend_error(const tt_angle_id *angles, int n)
{
	double worst = 0.0;
	for (int k = 0; k < n; k++) {
		double d = tt_angle_get_angle(angles[k]) -
			   tt_angle_get_def(angles[k]).rest;
		worst = fmax(worst, fabs(d) / DEG);
	}
	return worst;
}

/* A 12-link arc, each joint bent 12 degrees, held out from a wall by its
 * first two nodes (a cantilever): rigid angles keep the curve under the
 * weight of the links, at every step of 5 s. */
static double cantilever(int is_3d)
{
	enum { LINKS = 12 };
	tt_world_id world = world_3d(is_3d);
	tt_particle_id p[LINKS + 1];
	tt_angle_id angles[LINKS - 1];
	double heading = 0.0;
	tt_vec3 at = {0};
	for (int k = 0; k <= LINKS; k++) {
		p[k] = scene_particle(world, at, k < 2 ? 0.0f : 0.1f);
		at.x += (float)(0.2 * cos(heading));
		at.y += (float)(0.2 * sin(heading));
		heading -= 12.0 * DEG;
		if (k > 0)
			rod(world, p[k - 1], p[k]);
		if (k > 1)
			angles[k - 2] = make_angle(world, p[k - 2], p[k - 1], p[k],
						   0.0f, -3.14159265f, 3.14159265f);
	}
	double worst = 0.0;
	for (int s = 0; s < 300; s++) {
		scene_steps(world, 1);
		worst = fmax(worst, worst_bend_error(angles, LINKS - 1));
	}
	CHECK_NEAR(tt_angle_get_def(angles[0]).rest, (is_3d ? 12.0 : -12.0) * DEG,
		   1e-5);  /* signed in 2D, clockwise here */
	tt_world_destroy(world);
	return worst;
}

void test_angle_rigid_shape(void)
{
	double flat = cantilever(0), deep = cantilever(1);
	check_note("worst joint error over 5 s: 2D %.3f deg, 3D %.3f deg", flat,
		   deep);
	CHECK(flat < 2.0);
	CHECK(deep < 2.0);
}

/* An L: a pinned pivot b, a pinned arm end a, and a 1 kg bob c held out
 * level at L = 0.5 m by a soft angle: it swings about the bend where
 * k phi = m g L cos phi, k = 1 / compliance (undamped: the mean of 5 s). */
void test_angle_soft(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id a = scene_particle(world, (tt_vec3){-0.5f, 0, 0}, 0.0f);
	tt_particle_id b = scene_particle(world, (tt_vec3){0, 0, 0}, 0.0f);
	tt_particle_id c = scene_particle(world, (tt_vec3){0.5f, 0, 0}, 1.0f);
	rod(world, b, c);
	tt_angle_id k = make_angle(world, a, b, c, 0.02f, -3.14159265f,
				   3.14159265f);
	tt_world_def def = tt_world_get_def(world);
	double phi = 0.0;
	for (int s = 0; s < 300; s++) {
		scene_steps(world, 1);
		phi -= tt_angle_get_angle(k) / 300.0;  /* down: clockwise */
	}
	double torque = 1.0 * -def.gravity.y * 0.5 * cos(phi);
	check_note("sag %.3f deg, torque / stiffness %.3f deg", phi / DEG,
		   torque * 0.02 / DEG);
	CHECK_NEAR(phi, torque * 0.02, 0.01 * phi);
	tt_world_destroy(world);
}

/* A five-node limb, each joint limited to [-20, 90] degrees, thrown
 * spinning onto a floor, tumbling for 10 s: after every step each joint is
 * within 1 degree of its range, and no node more than 2 mm in the floor
 * (the limits have the last word over contacts). */
void test_angle_limits(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def floor = tt_collider_def_default();
	floor.shape = TT_SHAPE_PLANE;
	floor.position = (tt_vec3){0, -1, 0};
	scene_collider(world, &floor);
	tt_particle_id p[5];
	tt_angle_id angles[3];
	float lo = (float)(-20.0 * DEG), hi = (float)(90.0 * DEG);
	for (int k = 0; k < 5; k++) {
		p[k] = scene_particle(world, (tt_vec3){0.3f * (float)k, 2, 0}, 1.0f);
		tt_particle_set_velocity(p[k], (tt_vec3){2.0f, 6.0f * (float)(k - 2), 0});
		tt_particle_set_radius(p[k], 0.05f);
		if (k > 0)
			rod(world, p[k - 1], p[k]);
		if (k > 1)
			angles[k - 2] = make_angle(world, p[k - 2], p[k - 1], p[k],
						   INFINITY, lo, hi);
	}
	double worst = 0.0, reached = 0.0, deepest = 0.0;
	for (int s = 0; s < 600; s++) {
		scene_steps(world, 1);
		for (int k = 0; k < 3; k++) {
			double phi = tt_angle_get_angle(angles[k]);
			worst = fmax(worst, fmax(lo - phi, phi - hi));
			reached = fmax(reached, fabs(phi));
		}
		for (int k = 0; k < 5; k++)
			deepest = fmax(deepest, -0.95 - tt_particle_get_position(p[k]).y);
	}
	check_note("worst excess %.3f deg (widest bend %.1f deg), deepest %.2f mm",
		   worst / DEG, reached / DEG, 1e3 * deepest);
	CHECK(worst < 1.0 * DEG);
	CHECK(deepest < 2e-3);
	CHECK(reached > 19.0 * DEG);  /* the limits were pressed */
	tt_world_destroy(world);
}

/* Cutting an arm moves the angle to the cut's new end on the vertex's
 * side; destroying a particle destroys its angles; bad input is named. */
void test_angle_handles(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id p[3];
	for (int k = 0; k < 3; k++)
		p[k] = scene_particle(world, (tt_vec3){(float)k, 0, 0}, 1.0f);
	rod(world, p[0], p[1]);
	tt_spring_def def = tt_spring_def_default();
	def.a = p[1], def.b = p[2];
	tt_spring_id arm;
	CHECK(tt_spring_create(world, &def, &arm) == TT_OK);
	tt_angle_id k = make_angle(world, p[0], p[1], p[2], 0.0f, -1.0f, 1.0f);
	CHECK(tt_world_angle_count(world) == 1);
	CHECK(tt_spring_cut(arm, 0.5f) == TT_OK);
	tt_angle_def now = tt_angle_get_def(k);
	CHECK(tt_particle_id_equal(now.b, p[1]));
	CHECK(!tt_particle_id_equal(now.c, p[2]));
	CHECK_NEAR(tt_particle_get_position(now.c).x, 1.5, 1e-6);
	tt_angle_def bad = now;
	bad.min = 2.0f;
	CHECK(tt_angle_set_def(k, &bad) == TT_ERR_ANGLE);
	bad = now, bad.c = now.a;
	tt_angle_id unused;
	CHECK(tt_angle_create(world, &bad, &unused) == TT_ERR_ANGLE_PARTICLES);
	CHECK(tt_particle_destroy(p[0]) == TT_OK);
	CHECK(!tt_angle_valid(k));
	CHECK(tt_world_angle_count(world) == 0);
	CHECK(tt_angle_destroy(k) == TT_ERR_ANGLE_STALE);
	tt_world_destroy(world);
}

/* A rope's bends follow it: one angle per inner node while it reels in
 * and out and after a cut splits it; none once its bend is taken away. */
void test_angle_rope_bends(void)
{
	tt_world_id world = scene_world(8);
	tt_rope_def def = tt_rope_def_default();
	def.to = (tt_vec3){4, 0, 0};
	def.segments = 10;
	def.bend = 0.01f;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	CHECK(tt_world_angle_count(world) == 9);
	CHECK(tt_rope_reel(rope, 2.0f, 6.0f) == TT_OK);
	scene_steps(world, 90);
	int grown = tt_rope_node_count(rope);
	CHECK(grown == 16);
	CHECK(tt_world_angle_count(world) == grown - 2);
	CHECK(tt_rope_set_length(rope, 2.0f) == TT_OK);
	CHECK(tt_world_angle_count(world) == tt_rope_node_count(rope) - 2);
	tt_rope_id tail;
	CHECK(tt_rope_cut(rope, 2, 0.5f, &tail) == TT_OK);
	int nodes = tt_rope_node_count(rope) + tt_rope_node_count(tail);
	CHECK(tt_world_angle_count(world) == nodes - 4);
	CHECK(tt_rope_set_bend(tail, INFINITY) == TT_OK);
	CHECK(tt_world_angle_count(world) == tt_rope_node_count(rope) - 2);
	check_note("%d nodes reeled out, %d angles on the two parts of the cut",
		   grown, nodes - 4);
	tt_world_destroy(world);
}
