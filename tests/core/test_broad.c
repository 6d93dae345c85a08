/* The colliders' broad phase (core/broad.c) finds the very contacts the
 * loop over every collider finds, in the same order: a field of 400
 * pegs, boxes, capsules and polygons (a few moving, one spinning, one
 * huge, one plane) that ropes and loose particles fall through reaches
 * the same world hash and the same contact events with the grid and
 * without, in 2D and 3D; and a field that stands still (its cells placed
 * once) until one of its pegs is moved and another added. */
#include "../../core/world.h"
#include "check.h"
#include "scenes.h"
#include "tests.h"

#define FIELD 20  /* colliders a row and a column */

static tt_collider_def field_collider(int k, int is_3d)
{
	tt_collider_def def = tt_collider_def_default();
	int row = k / FIELD, col = k % FIELD;
	def.position = (tt_vec3){0.6f * (float)col + 0.3f * (float)(row % 2),
				 -0.5f * (float)row, 0.0f};
	def.angle = 0.37f * (float)k;
	def.rotation = tt_quat_axis_angle((tt_vec3){0.3f, 0.2f, 1.0f}, def.angle);
	def.shape = k % 4 == 0 ? (is_3d ? TT_SHAPE_SPHERE : TT_SHAPE_CIRCLE)
		    : k % 4 == 1 ? TT_SHAPE_CAPSULE
		    : k % 4 == 2 ? TT_SHAPE_BOX
				 : (is_3d ? TT_SHAPE_BOX : TT_SHAPE_POLYGON);
	def.radius = 0.08f;
	def.length = 0.2f;
	def.size = (tt_vec3){0.25f, 0.12f, 0.3f};
	def.point_count = 3;
	def.points[0] = (tt_vec3){-0.1f, -0.08f, 0};
	def.points[1] = (tt_vec3){0.12f, -0.06f, 0};
	def.points[2] = (tt_vec3){0.0f, 0.1f, 0};
	if (k % 37 == 5)
		def.velocity = (tt_vec3){0.4f, 0.1f, 0.0f};
	if (k == 77)
		def.angular_velocity = 3.0f, def.spin = (tt_vec3){0, 0, 3.0f};
	return def;
}

/* The field; returns collider 30's id. */
static tt_collider_id colliders(tt_world_id world, int is_3d, int still)
{
	tt_collider_def def;
	tt_collider_id thirty = {0};
	for (int k = 0; k < FIELD * FIELD; k++) {
		def = field_collider(k, is_3d);
		if (still)
			def.velocity = (tt_vec3){0}, def.angular_velocity = 0.0f,
			def.spin = (tt_vec3){0};
		tt_collider_id id = scene_collider(world, &def);
		if (k == 30)
			thirty = id;
	}
	def = tt_collider_def_default();
	def.shape = TT_SHAPE_PLANE;
	def.position = (tt_vec3){0, -11.0f, 0};
	scene_collider(world, &def);
	def.shape = TT_SHAPE_BOX;  /* bigger than any cell */
	def.size = (tt_vec3){40.0f, 0.5f, 4.0f};
	def.position = (tt_vec3){5.0f, -12.5f, 0};
	scene_collider(world, &def);
	return thirty;
}

/* Ropes across the top of the field and loose particles among them. */
static void falling(tt_world_id world, int is_3d)
{
	for (int r = 0; r < 6; r++) {
		tt_rope_def def = tt_rope_def_default();
		def.from = (tt_vec3){2.0f * (float)r, 1.0f, 0.0f};
		def.to = (tt_vec3){2.0f * (float)r + 1.7f, 0.8f, is_3d ? 0.1f : 0.0f};
		def.segments = 25;
		def.pin_start = r % 2;
		tt_rope_id rope;
		CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	}
	for (int k = 0; k < 60; k++)
		scene_particle(world,
			       (tt_vec3){0.2f * (float)k, 2.0f + 0.05f * (float)(k % 7),
					 is_3d ? 0.02f * (float)(k % 5) : 0.0f},
			       0.2f);
}

/* A still field changes: collider 30 jumps under a rope (step 5), a
 * peg is added where they fall (step 80). */
static void change(tt_world_id world, tt_collider_id thirty, int s)
{
	if (s == 5)
		CHECK(tt_collider_move_to(thirty,
					  (tt_vec3){2.6f, 0.55f, 0.0f}, 0.5f) == TT_OK);
	if (s == 80) {
		tt_collider_def def = field_collider(0, 0);
		def.position = (tt_vec3){6.1f, -2.0f, 0.0f};
		scene_collider(world, &def);
	}
}

/* Hash and contact_begin events of the scene after n steps. */
static uint64_t run(int is_3d, int broad, int still, int *begins)
{
	tt_world_id world = is_3d ? scene_world3(8) : scene_world(8);
	tt_world_get(world)->broad_off = !broad;
	tt_collider_id thirty = colliders(world, is_3d, still);
	falling(world, is_3d);
	*begins = 0;
	for (int s = 0; s < 150; s++) {
		if (still)
			change(world, thirty, s);
		scene_steps(world, 1);
		int count;
		const tt_event *e = tt_world_events(world, &count);
		for (int k = 0; k < count; k++)
			*begins += e[k].kind == TT_EVENT_CONTACT_BEGIN;
	}
	CHECK(tt_world_get(world)->broad.active == broad);
	uint64_t hash = tt_world_hash(world);
	tt_world_destroy(world);
	return hash;
}

static void same_contacts(int is_3d, int still)
{
	int grid, all;
	uint64_t a = run(is_3d, 1, still, &grid), b = run(is_3d, 0, still, &all);
	check_note("%d contacts began, hash %016llx", grid, (unsigned long long)a);
	CHECK(grid > 200);  /* the scene does collide */
	CHECK(grid == all);
	CHECK(a == b);
}

void test_broad_2d(void)
{
	same_contacts(0, 0);
}

void test_broad_3d(void)
{
	same_contacts(1, 0);
}

void test_broad_still(void)
{
	same_contacts(0, 1);
}
