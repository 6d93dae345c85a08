/* Colliders: resting distance on every shape, friction on a slope,
 * restitution, a moving platform carrying what rests on it, contact
 * events, and refused definitions. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define G 9.81
#define PI 3.14159265358979323846

static tt_collider_def shape_def(tt_shape_kind kind)
{
	tt_collider_def def = tt_collider_def_default();
	def.shape = kind;
	def.radius = 0.3f;
	def.length = 1.0f;
	def.size = (tt_vec3){2.0f, 0.5f, 0.0f};
	return def;
}

/* A 5 cm particle dropped from 0.2 m above the top of a shape centred at
 * the origin rests at distance radius from the surface after 2 s. */
static double rest_on(float top, tt_collider_def def)
{
	tt_world_id world = scene_world(8);
	scene_collider(world, &def);
	tt_particle_id p = scene_particle(world, (tt_vec3){0.0f, top + 0.25f, 0.0f},
					  1.0f);
	scene_steps(world, 120);
	tt_vec3 x = tt_particle_get_position(p);
	double gap = x.y - top;
	CHECK_NEAR(gap, 0.05, 0.001);
	CHECK_NEAR(x.x, 0.0, 0.001);
	tt_world_destroy(world);
	return 1000.0 * (gap - 0.05);
}

void test_collider_rest(void)
{
	tt_collider_def poly = shape_def(TT_SHAPE_POLYGON);
	tt_vec3 hexagon[6] = {{-1, 0, 0}, {-0.5f, -0.8f, 0}, {0.5f, -0.8f, 0},
			      {1, 0, 0},  {0.5f, 0.8f, 0},   {-0.5f, 0.8f, 0}};
	poly.point_count = 6;
	for (int k = 0; k < 6; k++)
		poly.points[k] = hexagon[k];
	check_note("gap - radius (mm): circle %.4f capsule %.4f box %.4f "
		   "plane %.4f polygon %.4f",
		   rest_on(0.3f, shape_def(TT_SHAPE_CIRCLE)),
		   rest_on(0.3f, shape_def(TT_SHAPE_CAPSULE)),
		   rest_on(0.25f, shape_def(TT_SHAPE_BOX)),
		   rest_on(0.0f, shape_def(TT_SHAPE_PLANE)), rest_on(0.8f, poly));
}

/* An oriented box: the gap is measured along its normal. */
void test_collider_rest_tilted(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def def = shape_def(TT_SHAPE_BOX);
	def.angle = 0.4f;
	def.friction = 1.0f;
	scene_collider(world, &def);
	float nx = -sinf(0.4f), ny = cosf(0.4f);
	tt_particle_id p = scene_particle(world, (tt_vec3){0.3f * nx, 0.3f * ny, 0},
					  1.0f);
	scene_steps(world, 120);
	tt_vec3 x = tt_particle_get_position(p);
	double gap = x.x * nx + x.y * ny - 0.25;
	check_note("gap - radius %.4f mm", 1000.0 * (gap - 0.05));
	CHECK_NEAR(gap, 0.05, 0.001);
	tt_world_destroy(world);
}

/* A two-particle rope segment on a 30 degree slope (a long tilted box):
 * mu 0.8 holds it, mu 0.1 lets it slide at g (sin - mu cos). Returns the
 * acceleration along the slope, measured between 0.5 s and 1.5 s. */
static double slope_acceleration(float mu, double *creep)
{
	tt_world_id world = scene_world(8);
	const float angle = (float)(PI / 6.0);
	tt_collider_def def = tt_collider_def_default();
	def.size = (tt_vec3){60.0f, 1.0f, 0.0f};
	def.angle = angle;
	def.friction = mu;
	scene_collider(world, &def);
	float tx = cosf(angle), ty = sinf(angle), nx = -ty, ny = tx;
	tt_particle_id nodes[2];
	tt_vec3 start = {0.55f * nx, 0.55f * ny, 0.0f};
	scene_rope(world, start, (tt_vec3){0.2f * tx, 0.2f * ty, 0}, 1, NULL, nodes);
	tt_particle_set_mass(nodes[0], 1.0f);
	tt_particle_set_pinned(nodes[0], 0);
	scene_steps(world, 30);
	tt_vec3 v0 = tt_particle_get_velocity(nodes[0]);
	tt_vec3 x0 = tt_particle_get_position(nodes[0]);
	scene_steps(world, 60);
	tt_vec3 v1 = tt_particle_get_velocity(nodes[0]);
	tt_vec3 x1 = tt_particle_get_position(nodes[0]);
	*creep = (x1.x - x0.x) * tx + (x1.y - x0.y) * ty;
	tt_world_destroy(world);
	return -((v1.x - v0.x) * tx + (v1.y - v0.y) * ty);  /* down the slope */
}

void test_collider_friction(void)
{
	double creep, slide, expected = G * (0.5 - 0.1 * cos(PI / 6.0));
	double stuck = slope_acceleration(0.8f, &creep);
	CHECK(fabs(creep) < 1e-4);
	CHECK(fabs(stuck) < 1e-3);
	double a = slope_acceleration(0.1f, &slide);
	check_note("mu 0.8 creeps %.2g m in 1 s; mu 0.1: a %.4f, expected %.4f "
		   "(%+.2f%%)", creep, a, expected, 100.0 * (a - expected) / expected);
	CHECK(fabs(a - expected) < 0.05 * expected);
}

/* Dropped from 1 m onto a plane of restitution 0.5, the particle comes
 * back to 0.25 of its drop height. */
void test_collider_restitution(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_PLANE;
	def.restitution = 0.5f;
	scene_collider(world, &def);
	tt_particle_id p = scene_particle(world, (tt_vec3){0, 1.05f, 0}, 1.0f);
	double peak = 0.0, prev_vy = 0.0;
	int bounced = 0;
	for (int k = 0; k < 240 && !(bounced && prev_vy > 0.0 &&
				     tt_particle_get_velocity(p).y <= 0.0); k++) {
		prev_vy = tt_particle_get_velocity(p).y;
		tt_world_step(world);
		bounced |= tt_particle_get_velocity(p).y > 0.0;
		if (bounced)
			peak = fmax(peak, tt_particle_get_position(p).y - 0.05);
	}
	check_note("bounce height ratio %.4f", peak / 1.0);
	CHECK_NEAR(peak / 1.0, 0.25, 0.03);
	tt_world_destroy(world);
}

/* A platform set moving at 1 m/s carries a particle resting on it
 * (mu 0.8): after 2 s the particle moves with it, having slipped back
 * only while friction brought it up to speed, v^2 / (2 mu g). */
void test_collider_carries(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def def = tt_collider_def_default();
	def.size = (tt_vec3){20.0f, 0.2f, 0.0f};
	def.friction = 0.8f;
	tt_collider_id platform = scene_collider(world, &def);
	tt_particle_id p = scene_particle(world, (tt_vec3){0, 0.15f, 0}, 1.0f);
	scene_steps(world, 30);
	def = tt_collider_get_def(platform);
	def.velocity = (tt_vec3){1.0f, 0, 0};
	CHECK(tt_collider_set_def(platform, &def) == TT_OK);
	scene_steps(world, 120);
	tt_vec3 x = tt_particle_get_position(p), v = tt_particle_get_velocity(p);
	double slip = tt_collider_get_def(platform).position.x - x.x;
	double expected = 1.0 / (2.0 * 0.8 * G);
	check_note("speed %.4f m/s, slipped %.2f mm (Coulomb %.2f mm)", v.x,
		   1000.0 * slip, 1000.0 * expected);
	CHECK_NEAR(v.x, 1.0, 0.01);
	CHECK_NEAR(slip, expected, 0.05 * expected);
	CHECK_NEAR(x.y, 0.15, 0.001);
	tt_world_destroy(world);
}

/* move_to: a platform sent up 0.5 m over one step lifts the particle. */
void test_collider_move_to(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def def = tt_collider_def_default();
	def.size = (tt_vec3){4.0f, 0.2f, 0.0f};
	tt_collider_id platform = scene_collider(world, &def);
	tt_particle_id p = scene_particle(world, (tt_vec3){0, 0.15f, 0}, 1.0f);
	scene_steps(world, 10);
	for (int k = 1; k <= 30; k++) {
		CHECK(tt_collider_move_to(platform, (tt_vec3){0, 0.01f * k, 0},
					  0.0f) == TT_OK);
		tt_world_step(world);
	}
	tt_vec3 x = tt_particle_get_position(p);
	check_note("rode up to %.4f m (platform top + r = 0.45)", x.y);
	CHECK_NEAR(x.y, 0.45, 0.002);
	CHECK_NEAR(tt_particle_get_velocity(p).y, 0.6, 0.05);
	tt_world_destroy(world);
}

/* Contact events: begin when the particle lands, with the collider, the
 * point on the surface and the normal; end when it is lifted off. */
void test_collider_events(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_PLANE;
	tt_collider_id floor = scene_collider(world, &def);
	tt_particle_id p = scene_particle(world, (tt_vec3){0.5f, 0.3f, 0}, 1.0f);
	int begins = 0, ends = 0, count;
	for (int k = 0; k < 60; k++) {
		tt_world_step(world);
		const tt_event *e = tt_world_events(world, &count);
		for (int i = 0; i < count; i++) {
			if (e[i].kind != TT_EVENT_CONTACT_BEGIN)
				continue;
			begins++;
			CHECK(tt_collider_id_equal(e[i].collider, floor));
			CHECK(tt_particle_id_equal(e[i].particle, p));
			CHECK_NEAR(e[i].point.x, 0.5, 1e-3);
			CHECK_NEAR(e[i].point.y, 0.0, 1e-6);
			CHECK_NEAR(e[i].normal.y, 1.0, 1e-6);
		}
	}
	tt_particle_set_position(p, (tt_vec3){0.5f, 2.0f, 0});
	tt_world_step(world);
	const tt_event *e = tt_world_events(world, &count);
	for (int i = 0; i < count; i++)
		ends += e[i].kind == TT_EVENT_CONTACT_END &&
			tt_collider_id_equal(e[i].collider, floor);
	check_note("%d begin, %d end", begins, ends);
	CHECK(begins == 1);
	CHECK(ends == 1);
	tt_world_destroy(world);
}

/* Bad definitions are refused with their status; a destroyed collider's
 * id is stale; disabled colliders let particles through. */
void test_collider_refused(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def def = tt_collider_def_default();
	tt_collider_id id;
	def.size.x = -1.0f;
	CHECK(tt_collider_create(world, &def, &id) == TT_ERR_SIZE);
	def = tt_collider_def_default();
	def.restitution = 1.5f;
	CHECK(tt_collider_create(world, &def, &id) == TT_ERR_RESTITUTION);
	def = tt_collider_def_default();
	def.friction = NAN;
	CHECK(tt_collider_create(world, &def, &id) == TT_ERR_FRICTION);
	def = tt_collider_def_default();
	def.shape = TT_SHAPE_POLYGON;
	def.point_count = 4;  /* a bow tie is not convex */
	def.points[0] = (tt_vec3){0, 0, 0};
	def.points[1] = (tt_vec3){1, 1, 0};
	def.points[2] = (tt_vec3){1, 0, 0};
	def.points[3] = (tt_vec3){0, 1, 0};
	CHECK(tt_collider_create(world, &def, &id) == TT_ERR_POLYGON);
	def = tt_collider_def_default();
	def.shape = (tt_shape_kind)99;
	CHECK(tt_collider_create(world, &def, &id) == TT_ERR_SHAPE);
	def = tt_collider_def_default();
	def.enabled = 0;
	id = scene_collider(world, &def);
	tt_particle_id p = scene_particle(world, (tt_vec3){0, 1, 0}, 1.0f);
	scene_steps(world, 60);
	CHECK(tt_particle_get_position(p).y < -1.0f);
	CHECK(tt_collider_destroy(id) == TT_OK);
	CHECK(!tt_collider_valid(id));
	CHECK(tt_collider_destroy(id) == TT_ERR_COLLIDER_STALE);
	CHECK(tt_collider_move_to(id, (tt_vec3){0}, 0) == TT_ERR_COLLIDER_STALE);
	tt_world_destroy(world);
}
