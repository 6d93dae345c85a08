/* The solver's vector kernels and threads change no result (lanes.h,
 * parallel.c): every scene reaches the same world hash one spring at a
 * time, at every vector width this machine runs, and split among 1, 2 or
 * 3 threads (every stage split, however small). The scenes cover each way
 * a block finds its particles: ropes (pairs; tethers from a pinned anchor,
 * fans), grids with diagonals (strides, gathers), soft and slack springs,
 * stretch damping, a heavy load, 2D and 3D, and particle counts that are
 * no multiple of a vector; in 3D also cloths (in wind, one self-colliding,
 * one draped on a ball, one tearing: its springs change between steps) and
 * a hair chain, which share the passes. */
#include "../../core/world.h"
#include "bones.h"
#include "check.h"
#include "scenes.h"
#include "tests.h"

#define STEPS 120

/* Ropes as world:rope makes them: tethers, the chain solve (alone and in
 * batches), a load, the rope damping. */
static void ropes(tt_world_id world, int is_3d)
{
	tt_particle_id held = scene_particle(world, (tt_vec3){-2.0f, 0.5f, 0.0f}, 2.0f);
	for (int r = 0; r < 7; r++) {
		tt_rope_def def = tt_rope_def_default();
		def.from = (tt_vec3){(float)r * 3.0f, 0.0f, is_3d ? 0.5f : 0.0f};
		def.to = (tt_vec3){(float)r * 3.0f + 2.5f, -1.0f, 0.0f};
		def.segments = 20 + 7 * r;
		def.compliance = r % 3 == 1 ? 1e-4f : 0.0f;
		def.stretch_damping = r % 3 == 2 ? 3.0f : 0.0f;
		def.tethers = r % 2 ? TT_ROPE_TETHERS_NONE : TT_ROPE_TETHERS_AUTO;
		tt_rope_id rope;
		CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
		if (r == 3)
			CHECK(tt_particle_set_mass(tt_rope_node(rope, def.segments),
						   40.0f) == TT_OK);
	}
	/* ropes of one length, chain-solved in batches: two light, two with
	 * loads (in double) */
	for (int r = 0; r < 4; r++) {
		tt_rope_def def = tt_rope_def_default();
		def.from = (tt_vec3){(float)r * 3.0f, -4.0f, 0.0f};
		def.to = (tt_vec3){(float)r * 3.0f + 2.0f, -4.5f, is_3d ? 0.3f : 0.0f};
		def.segments = 24;
		def.tethers = TT_ROPE_TETHERS_NONE;
		tt_rope_id rope;
		CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
		if (r >= 2)
			CHECK(tt_particle_set_mass(tt_rope_node(rope, 24), 40.0f) == TT_OK);
	}
	/* one held by a free particle made before the others: its nodes are
	 * not in one piece (the chain solve and the damping gather them) */
	tt_rope_def def = tt_rope_def_default();
	def.from = (tt_vec3){-2.0f, 0.5f, 0.0f};
	def.to = (tt_vec3){-0.5f, -1.5f, is_3d ? 0.4f : 0.0f};
	def.start = held;
	def.pin_start = 0;
	def.pin_end = 1;
	def.segments = 17;
	def.tethers = TT_ROPE_TETHERS_NONE;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
}

/* A hanging sheet with both diagonals, and springs of every kind. */
static void sheet(tt_world_id world, int is_3d)
{
	enum { COLS = 23, ROWS = 19 };
	tt_particle_id p[COLS * ROWS];
	for (int r = 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++)
			p[r * COLS + c] = scene_particle(
				world,
				(tt_vec3){30.0f + 0.2f * (float)c, -0.2f * (float)r,
					  is_3d ? 0.05f * (float)r : 0.0f},
				r == 0 && c % 4 == 0 ? 0.0f : 0.5f);
	tt_spring_def def = tt_spring_def_default();
	for (int r = 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++) {
			int i = r * COLS + c, k = (r + c) % 3;
			def.kind = k == 0 ? TT_SPRING_ROD : k == 1 ? TT_SPRING_TETHER
								  : TT_SPRING_SOFT;
			def.compliance = k == 2 ? 1e-3f : 0.0f;
			def.stretch_damping = k == 2 ? 1.0f : 0.0f;
			def.a = p[i];
			def.rest_length = -1.0f;
			tt_spring_id s;
			int right = c + 1 < COLS, down = r + 1 < ROWS;
			if (right && (def.b = p[i + 1], 1))
				CHECK(tt_spring_create(world, &def, &s) == TT_OK);
			if (down && (def.b = p[i + COLS], 1))
				CHECK(tt_spring_create(world, &def, &s) == TT_OK);
			if (right && down && (def.b = p[i + COLS + 1], 1))
				CHECK(tt_spring_create(world, &def, &s) == TT_OK);
			if (c > 0 && down && (def.b = p[i + COLS - 1], 1))
				CHECK(tt_spring_create(world, &def, &s) == TT_OK);
		}
}

/* A flag in wind, a self-colliding sheet falling onto a ball beside it,
 * a sheet with a heavy hem tearing, and a dynamic-bone strand swinging
 * down from level. */
static void cloths(tt_world_id world)
{
	tt_wind_def wind = tt_wind_def_default();
	wind.strength = 6.0f;
	tt_wind_id gust;
	CHECK(tt_wind_create(world, &wind, &gust) == TT_OK);
	tt_collider_def ball = tt_collider_def_default();
	ball.shape = TT_SHAPE_SPHERE;
	ball.radius = 0.4f;
	ball.position = (tt_vec3){-3.0f, -1.0f, 0.0f};
	scene_collider(world, &ball);
	tt_cloth_def def = tt_cloth_def_default();
	def.cols = 19, def.rows = 13;
	def.width = 1.5f, def.height = 1.0f;
	def.origin = (tt_vec3){-6.0f, 1.0f, 0.0f};
	def.pin_sets = TT_CLOTH_PIN_LEFT;
	tt_cloth_id cloth;
	CHECK(tt_cloth_create(world, &def, &cloth) == TT_OK);
	def.pin_sets = 0;
	def.self_collision = 1;
	def.cols = def.rows = 14;
	def.origin = (tt_vec3){-3.6f, -0.2f, -0.6f};
	def.orientation = tt_quat_axis_angle((tt_vec3){1, 0, 0}, -1.5f);
	CHECK(tt_cloth_create(world, &def, &cloth) == TT_OK);
	def = tt_cloth_def_default();
	def.origin = (tt_vec3){-10.0f, 1.0f, 0.0f};
	def.pin_sets = TT_CLOTH_PIN_TOP;
	def.max_strain = 0.2f;
	def.stretch = 1e-2f;
	CHECK(tt_cloth_create(world, &def, &cloth) == TT_OK);
	for (int i = 0; i <= def.cols; i++)
		tt_particle_set_mass(tt_cloth_node(cloth, def.rows * (def.cols + 1) + i),
				     0.3f);
	strand hair;
	bones_strand(&hair, world, (tt_vec3){-8.0f, 0.0f, 0.0f},
		     (tt_vec3){1.0f, 0.0f, 0.0f}, 12, 0.05f,
		     tt_bonechain_def_default());
}

/* FNV-1a over n bytes. */
static uint64_t fold(uint64_t hash, const void *bytes, size_t n)
{
	for (size_t k = 0; k < n; k++)
		hash = (hash ^ ((const unsigned char *)bytes)[k]) * 0x100000001b3ull;
	return hash;
}

/* The step's contacts and events, in their order: the contacts of a 3D
 * world are listed part by part (contact3_parts.c), and must come out as
 * from one pass. */
static uint64_t fold_lists(uint64_t hash, tt_world_id world)
{
	tt_contact_view ct = tt_world_contacts(world);
	hash = fold(hash, ct.items, (size_t)ct.count * sizeof *ct.items);
	int n;
	const tt_event *e = tt_world_events(world, &n);
	for (int k = 0; k < n; k++) {
		hash = fold(hash, &e[k].kind, sizeof e[k].kind);
		hash = fold(hash, &e[k].particle.index1, sizeof(uint32_t));
		hash = fold(hash, &e[k].point, sizeof e[k].point);
	}
	return hash;
}

/* The scene after STEPS steps, solved with these kernels (NULL: one
 * spring at a time) and threads: its hash, and its contacts' and events'
 * along the way. */
static uint64_t run(int is_3d, const tt_lanes *lanes, int threads)
{
	tt_world_def def = tt_world_def_default();
	def.is_3d = is_3d;
	def.threads = threads;
	tt_world_id world = scene_world_from(&def);
	tt_world *w = tt_world_get(world);
	w->lanes = lanes;
	w->split_all = 1;
	ropes(world, is_3d);
	sheet(world, is_3d);
	if (is_3d)
		cloths(world);
	uint64_t lists = 0xcbf29ce484222325ull;
	for (int k = 0; k < STEPS; k++) {
		CHECK(tt_world_step(world) == TT_OK);
		lists = fold_lists(lists, world);
	}
	uint64_t hash = tt_world_hash(world) ^ lists;
	tt_world_destroy(world);
	return hash;
}

static void same_everywhere(int is_3d)
{
	uint64_t scalar = run(is_3d, NULL, 1);
	check_note("%s hash %016llx", is_3d ? "3D" : "2D",
		   (unsigned long long)scalar);
	for (int k = 0; k < 3; k++) {
		const tt_lanes *lanes = tt_lanes_width(k);
		for (int threads = 1; lanes && threads <= 3; threads++)
			CHECK(run(is_3d, lanes, threads) == scalar);
	}
	CHECK(run(is_3d, NULL, 2) == scalar);
	CHECK(run(is_3d, NULL, 3) == scalar);
}

/* Particles in a row of heaps, falling on a tilted floor and a ball: each
 * part of the contact stage has contacts of its own (contact3_parts.c),
 * its list is cut short (split_all), and the contacts, the events and
 * the world come out as from one pass whatever the threads. */
static uint64_t rain(int threads)
{
	tt_world_def def = tt_world_def_default();
	def.is_3d = 1;
	def.threads = threads;
	tt_world_id world = scene_world_from(&def);
	tt_world_get(world)->split_all = 1;
	tt_collider_def floor = tt_collider_def_default(), ball = floor;
	floor.shape = TT_SHAPE_PLANE;
	floor.rotation = tt_quat_axis_angle((tt_vec3){0, 0, 1}, 0.2f);
	ball.shape = TT_SHAPE_SPHERE;
	ball.radius = 0.5f;
	ball.position = (tt_vec3){1.0f, 0.6f, 0.0f};
	scene_collider(world, &floor);
	scene_collider(world, &ball);
	for (int k = 0; k < 300; k++)
		scene_particle(world, (tt_vec3){0.01f * (float)k, 1.2f + 0.003f * (float)(k % 7),
					 0.1f * (float)(k % 5)}, 1.0f);
	uint64_t lists = 0xcbf29ce484222325ull;
	for (int k = 0; k < 90; k++) {
		CHECK(tt_world_step(world) == TT_OK);
		lists = fold_lists(lists, world);
	}
	CHECK(tt_world_contacts(world).count > 200);
	uint64_t hash = tt_world_hash(world) ^ lists;
	tt_world_destroy(world);
	return hash;
}

void test_lanes_contacts(void)
{
	uint64_t one = rain(1);
	check_note("hash %016llx", (unsigned long long)one);
	CHECK(rain(2) == one);
	CHECK(rain(3) == one);
}

void test_lanes_2d(void)
{
	same_everywhere(0);
}

void test_lanes_3d(void)
{
	same_everywhere(1);
}

/* The plan lays a chain of springs out as pairs, the tethers of a rope
 * as a fan, and leaves the rope's segments to the chain solve. */
void test_lanes_plan(void)
{
	const tt_lanes *lanes = tt_lanes_width(2);
	if (!lanes) {
		check_note("no vector kernels on this machine");
		return;
	}
	tt_world_id world = scene_world(8);
	tt_world *w = tt_world_get(world);
	w->lanes = lanes;
	tt_particle_id nodes[31];
	scene_rope(world, (tt_vec3){0}, (tt_vec3){0.1f, 0, 0}, 30, NULL, nodes);
	tt_rope_def def = tt_rope_def_default();
	def.segments = 30;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	scene_steps(world, 1);
	int kinds[6] = {0}, lanes_used = 0;
	const tt_plan *plan = &w->springs.plan;
	for (int b = 0; b < plan->at[TT_MAX_BATCHES]; b++) {
		kinds[plan->blocks[b].kind]++;
		lanes_used += plan->blocks[b].n;
	}
	check_note("pairs %d, fans %d, gathers %d", kinds[TT_BLOCK_PAIR],
		   kinds[TT_BLOCK_FAN_A], kinds[TT_BLOCK_GATHER]);
	CHECK(lanes_used == w->springs.count - 30);  /* all but the rope's */
	CHECK(kinds[TT_BLOCK_PAIR] == 8);  /* 15 + 15 rods in fours */
	CHECK(kinds[TT_BLOCK_FAN_A] >= 7);  /* 28 tethers in fours */
	tt_world_destroy(world);
}

/* A grid cloth's springs come in long runs (cloth_order.c): a 32 x 32
 * cloth's 6206 springs fill blocks of 4 lanes within 6% of the fewest
 * (1637 blocks), where made in the layout's order they took 1835 (and at
 * 16 lanes, 64 x 64, 3338 blocks where 1743 do now). */
void test_lanes_cloth_plan(void)
{
	const tt_lanes *lanes = tt_lanes_width(2);
	if (!lanes) {
		check_note("no vector kernels on this machine");
		return;
	}
	tt_world_def wd = tt_world_def_default();
	wd.is_3d = 1;
	tt_world_id world = scene_world_from(&wd);
	tt_world *w = tt_world_get(world);
	w->lanes = lanes;
	tt_cloth_def def = tt_cloth_def_default();
	def.cols = def.rows = 32;
	tt_cloth_id cloth;
	CHECK(tt_cloth_create(world, &def, &cloth) == TT_OK);
	scene_steps(world, 1);
	const tt_plan *plan = &w->springs.plan;
	int blocks = plan->at[TT_MAX_BATCHES], gathered = 0;
	for (int b = 0; b < blocks; b++)
		gathered += plan->blocks[b].kind == TT_BLOCK_GATHER;
	check_note("%d springs in %d blocks, %d gathered, %d colours",
		   w->springs.count, blocks, gathered, plan->colour_count);
	CHECK(w->springs.count == 6206);
	CHECK(blocks * 4 <= w->springs.count * 106 / 100);
	CHECK(plan->colour_count == 12);
	tt_world_destroy(world);
}

