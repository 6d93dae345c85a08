/* Ids (STYLE 3): a destroyed object's id is stale, checked on every call,
 * and stays stale when its slot (or its world's slot) is reused; removal
 * swaps the last particle into the hole without disturbing anyone. */
#include "check.h"
#include "scenes.h"
#include "tests.h"

/* Every setter refuses a stale particle; every getter reads zero. */
static void check_stale(tt_particle_id p)
{
	const tt_vec3 v = {1.0f, 2.0f, 0.0f};
	CHECK(!tt_particle_valid(p));
	CHECK(tt_particle_set_position(p, v) == TT_ERR_PARTICLE_STALE);
	CHECK(tt_particle_set_velocity(p, v) == TT_ERR_PARTICLE_STALE);
	CHECK(tt_particle_move_to(p, v) == TT_ERR_PARTICLE_STALE);
	CHECK(tt_particle_set_mass(p, 2.0f) == TT_ERR_PARTICLE_STALE);
	CHECK(tt_particle_set_pinned(p, 1) == TT_ERR_PARTICLE_STALE);
	CHECK(tt_particle_set_radius(p, 1.0f) == TT_ERR_PARTICLE_STALE);
	CHECK(tt_particle_destroy(p) == TT_ERR_PARTICLE_STALE);
	tt_vec3 at = tt_particle_get_position(p), vel = tt_particle_get_velocity(p);
	CHECK(at.x == 0.0f && at.y == 0.0f && at.z == 0.0f);
	CHECK(vel.x == 0.0f && vel.y == 0.0f && vel.z == 0.0f);
	CHECK(tt_particle_get_mass(p) == 0.0f);
	CHECK(tt_particle_get_radius(p) == 0.0f);
	CHECK(tt_particle_get_pinned(p) == 0);
	CHECK(tt_particle_index(p) == -1);
}

void test_ids_stale_particle(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id n[3];
	scene_rope(world, (tt_vec3){0}, (tt_vec3){1.0f, 0.0f, 0.0f}, 2, NULL, n);
	CHECK(tt_particle_destroy(n[1]) == TT_OK);
	check_stale(n[1]);
	CHECK(tt_particle_valid(n[0]) && tt_particle_valid(n[2]));
	tt_world_destroy(world);
}

/* Destroying node 2 of a 3-segment rope takes segments 1 and 2 with it. */
void test_ids_springs_follow(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id n[4];
	scene_rope(world, (tt_vec3){0}, (tt_vec3){1.0f, 0.0f, 0.0f}, 3, NULL, n);
	tt_spring_id s[3];
	for (int k = 0; k < 3; k++)
		s[k] = tt_world_spring_at(world, k);
	CHECK(tt_particle_destroy(n[2]) == TT_OK);
	CHECK(tt_world_spring_count(world) == 1);
	CHECK(tt_spring_valid(s[0]));
	CHECK(!tt_spring_valid(s[1]) && !tt_spring_valid(s[2]));
	CHECK(tt_spring_set_rest_length(s[1], 1.0f) == TT_ERR_SPRING_STALE);
	CHECK(tt_spring_get_length(s[2]) == 0.0f);
	CHECK(tt_particle_id_equal(tt_spring_get_b(s[0]), n[1]));
	tt_world_destroy(world);
}

/* The freed slot is reused with a new generation: the old id stays stale. */
void test_ids_generation(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_def def = tt_particle_def_default();
	tt_particle_id old, fresh;
	CHECK(tt_particle_create(world, &def, &old) == TT_OK);
	CHECK(tt_particle_destroy(old) == TT_OK);
	CHECK(tt_particle_create(world, &def, &fresh) == TT_OK);
	CHECK(fresh.index1 == old.index1);
	CHECK(fresh.generation != old.generation);
	CHECK(tt_particle_valid(fresh));
	check_stale(old);
	tt_world_destroy(world);
}

/* A destroyed world's ids stay stale when a new world takes its slot. */
void test_ids_world(void)
{
	tt_world_id old = scene_world(8), fresh;
	tt_particle_def def = tt_particle_def_default();
	tt_particle_id p, q;
	CHECK(tt_particle_create(old, &def, &p) == TT_OK);
	CHECK(tt_world_destroy(old) == TT_OK);
	CHECK(!tt_world_valid(old));
	CHECK(tt_world_step(old) == TT_ERR_WORLD_STALE);
	CHECK(tt_world_destroy(old) == TT_ERR_WORLD_STALE);
	CHECK(tt_particle_create(old, &def, &q) == TT_ERR_WORLD_STALE);
	check_stale(p);
	fresh = scene_world(8);
	CHECK(tt_particle_create(fresh, &def, &q) == TT_OK);
	CHECK(fresh.index1 == old.index1 && q.index1 == p.index1);
	CHECK(!tt_world_valid(old) && tt_world_particle_count(old) == 0);
	check_stale(p);
	tt_world_destroy(fresh);
}

static int same_vec(tt_vec3 a, tt_vec3 b)
{
	return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* Five particles, springs 0-1, 3-4 and 2-4; destroying 1 moves 4 into
 * its place: positions, springs and their view indices must follow. */
void test_ids_swap_remove(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id p[5];
	tt_vec3 at[5];
	for (int k = 0; k < 5; k++) {
		tt_particle_def def = tt_particle_def_default();
		def.position = at[k] = (tt_vec3){(float)k, (float)(k * k), 0.0f};
		CHECK(tt_particle_create(world, &def, &p[k]) == TT_OK);
	}
	tt_spring_def sd = tt_spring_def_default();
	tt_spring_id s[3];
	const int ends[3][2] = {{0, 1}, {3, 4}, {2, 4}};
	for (int k = 0; k < 3; k++) {
		sd.a = p[ends[k][0]];
		sd.b = p[ends[k][1]];
		CHECK(tt_spring_create(world, &sd, &s[k]) == TT_OK);
	}
	CHECK(tt_particle_destroy(p[1]) == TT_OK);
	CHECK(tt_particle_index(p[4]) == 1);
	for (int k = 0; k < 5; k++)
		CHECK(k == 1 || same_vec(tt_particle_get_position(p[k]), at[k]));
	CHECK(!tt_spring_valid(s[0]));
	tt_spring_view view = tt_world_springs(world);
	for (int k = 1; k < 3; k++) {
		CHECK(tt_spring_valid(s[k]));
		CHECK(tt_particle_id_equal(tt_spring_get_b(s[k]), p[4]));
		CHECK(tt_particle_id_equal(tt_spring_get_a(s[k]), p[ends[k][0]]));
		CHECK_NEAR(tt_spring_get_length(s[k]),
			   tt_spring_get_rest_length(s[k]), 0.0);
	}
	for (int c = 0; c < view.count; c++)
		CHECK(view.b[c] == tt_particle_index(p[4]));
	tt_world_destroy(world);
}
