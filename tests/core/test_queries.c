/* Queries: raycasts against every shape (exact points and normals) and
 * against a rope (its spring and the fraction along it), circle overlap,
 * particles in a box, and refused rays. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define PI 3.14159265358979323846

static tt_ray_hit cast(tt_world_id world, tt_vec3 o, tt_vec3 d, int *hit)
{
	tt_ray_hit h;
	tt_status status;
	*hit = tt_world_raycast(world, o, d, 100.0f, TT_RAY_ALL, &h, &status);
	CHECK(status == TT_OK);
	return h;
}

/* A ray down the line x = x0 from y = 10 onto a shape at the origin. */
static void down_on(tt_collider_def def, float x0, tt_vec3 point,
		    tt_vec3 normal)
{
	tt_world_id world = scene_world(8);
	tt_collider_id c = scene_collider(world, &def);
	int hit;
	tt_ray_hit h = cast(world, (tt_vec3){x0, 10, 0}, (tt_vec3){0, -2, 0}, &hit);
	CHECK(hit && tt_collider_id_equal(h.collider, c));
	CHECK_NEAR(h.point.x, point.x, 1e-5);
	CHECK_NEAR(h.point.y, point.y, 1e-5);
	CHECK_NEAR(h.normal.x, normal.x, 1e-5);
	CHECK_NEAR(h.normal.y, normal.y, 1e-5);
	CHECK_NEAR(h.distance, 10.0 - point.y, 1e-5);
	tt_world_destroy(world);
}

void test_query_raycast_shapes(void)
{
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_CIRCLE;
	def.radius = 0.5f;
	float s = sqrtf(0.5f * 0.5f - 0.3f * 0.3f);
	down_on(def, 0.3f, (tt_vec3){0.3f, s, 0}, (tt_vec3){0.6f, s / 0.5f, 0});
	def.shape = TT_SHAPE_CAPSULE;
	def.length = 2.0f;
	down_on(def, 0.7f, (tt_vec3){0.7f, 0.5f, 0}, (tt_vec3){0, 1, 0});
	def.shape = TT_SHAPE_BOX;
	def.size = (tt_vec3){2, 1, 0};
	def.angle = (float)(PI / 4.0);  /* a diamond: the ray meets the face
					   of local +y, y = x + 0.5 sqrt 2 */
	float k = sqrtf(0.5f);
	down_on(def, 0.2f, (tt_vec3){0.2f, 0.2f + 0.5f / k, 0}, (tt_vec3){-k, k, 0});
	def = tt_collider_def_default();
	def.shape = TT_SHAPE_PLANE;
	def.position.y = -1.0f;
	down_on(def, 3.0f, (tt_vec3){3.0f, -1.0f, 0}, (tt_vec3){0, 1, 0});
	def.shape = TT_SHAPE_POLYGON;
	def.position.y = 0.0f;
	def.point_count = 3;
	def.points[0] = (tt_vec3){-1, 0, 0};
	def.points[1] = (tt_vec3){0, 1, 0};
	def.points[2] = (tt_vec3){1, 0, 0};  /* clockwise: made ccw */
	down_on(def, 0.25f, (tt_vec3){0.25f, 0.75f, 0}, (tt_vec3){k, k, 0});
}

/* A ray across a hanging rope names the segment and the fraction. */
void test_query_raycast_rope(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id nodes[5];
	scene_rope(world, (tt_vec3){0, 0, 0}, (tt_vec3){0, -0.5f, 0}, 4, NULL, nodes);
	int hit;
	tt_ray_hit h = cast(world, (tt_vec3){-3, -1.2f, 0}, (tt_vec3){1, 0, 0}, &hit);
	CHECK(hit && h.spring.index1 != 0 && h.collider.index1 == 0);
	CHECK(tt_particle_id_equal(tt_spring_get_a(h.spring), nodes[2]));
	CHECK_NEAR(h.fraction, 0.4, 1e-5);
	CHECK_NEAR(h.point.x, -0.05, 1e-5);  /* radius 5 cm */
	CHECK_NEAR(h.normal.x, -1.0, 1e-5);
	check_note("fraction %.6f at x %.6f", h.fraction, h.point.x);
	h = cast(world, (tt_vec3){-3, -1.2f, 0}, (tt_vec3){-1, 0, 0}, &hit);
	CHECK(!hit);
	tt_world_destroy(world);
}

void test_query_overlap(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def def = tt_collider_def_default();
	tt_collider_id box = scene_collider(world, &def);
	def.shape = TT_SHAPE_CIRCLE;
	def.position.x = 2.0f;
	tt_collider_id circle = scene_collider(world, &def);
	tt_collider_id found[4];
	CHECK(tt_world_overlap(world, (tt_vec3){0.2f, 0.2f, 0}, 0, found, 4) == 1);
	CHECK(tt_collider_id_equal(found[0], box));
	CHECK(tt_world_overlap(world, (tt_vec3){1.0f, 0, 0}, 0.55f, found, 4) == 2);
	CHECK(tt_collider_id_equal(found[1], circle));
	CHECK(tt_world_overlap(world, (tt_vec3){1.0f, 0, 0}, 0.45f, found, 4) == 0);
	scene_particle(world, (tt_vec3){5, 5, 0}, 1);
	scene_particle(world, (tt_vec3){6, 5, 0}, 1);
	int32_t in[4];
	CHECK(tt_world_particles_in_box(world, (tt_vec3){5.5f, 4, -1},
					(tt_vec3){7, 6, 1}, in, 4) == 1);
	CHECK(in[0] == 1);
	tt_ray_hit h;
	tt_status status;
	CHECK(!tt_world_raycast(world, (tt_vec3){0}, (tt_vec3){0}, 1, TT_RAY_ALL, &h, &status));
	CHECK(status == TT_ERR_DIRECTION);
	CHECK(!tt_world_raycast(world, (tt_vec3){NAN, 0, 0}, (tt_vec3){1, 0, 0}, 1, TT_RAY_ALL,
				&h, &status));
	CHECK(status == TT_ERR_NOT_FINITE);
	tt_world_destroy(world);
}
