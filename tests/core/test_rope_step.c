/* The whole step of a world of ropes (core/rope_step.c) changes no
 * result: ropes stepped group by group reach, bit for bit, the state and
 * events the staged step gives (every stage over every particle, the
 * stream off), at every vector width and split among 1, 2 or 3 threads.
 * The scene has ropes of lengths that are no multiple of a vector, a
 * rope hung from another's free node (not contiguous, not alone) and one
 * from another's anchor, soft, loaded (double), far too heavily loaded
 * (swept) and doubly pinned ropes, rope damping on and off, loose
 * particles, a thrown node under a low speed limit and a moving anchor;
 * in 2D and 3D, at 1 and 2 passes. Then ropes falling out of float range
 * (resets, events), a step the host interrupts, and what keeps a world
 * staged. */
#include <float.h>
#include <string.h>

#include "../../core/world.h"
#include "check.h"
#include "scenes.h"
#include "split.h"
#include "tests.h"

#define STEPS 90

typedef struct setting {
	int is_3d, iterations;
	float max_speed;
} setting;

static tt_rope_id rope_at(tt_world_id world, tt_rope_def def, float x,
			  float z, int segments)
{
	tt_rope_id rope;
	def.from = (tt_vec3){x, 0.0f, z};
	def.to = (tt_vec3){x + 0.02f * (float)segments, -0.004f * (float)segments, z};
	def.segments = segments;
	def.tethers = TT_ROPE_TETHERS_NONE;
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	return rope;
}

static void set_mass(tt_rope_id rope, int node, float mass)
{
	CHECK(tt_particle_set_mass(tt_rope_node(rope, node), mass) == TT_OK);
}

/* The ropes; the node thrown at the first step out. */
static void ropes(tt_world_id world, float z, tt_particle_id *thrown,
		  tt_particle_id *anchor)
{
	tt_rope_def def = tt_rope_def_default();
	for (int k = 0; k < 3; k++)
		scene_particle(world, (tt_vec3){-2.0f, (float)k, z}, 1.0f);
	tt_rope_id first = rope_at(world, def, 0.0f, z, 40);
	tt_rope_def hung = def;
	hung.start = tt_rope_node(first, 20), hung.pin_start = 0;
	rope_at(world, hung, 0.4f, z, 33);  /* from a free node */
	hung.start = tt_rope_node(first, 0), hung.pin_start = 1;
	rope_at(world, hung, 0.0f, z, 27);  /* from the anchor */
	for (int r = 0; r < 8; r++) {
		def.compliance = r == 1 ? 2e-4f : 0.0f;
		def.damping = r == 2 ? 0.0f : r == 3 ? 4.0f : 1.0f;
		def.pin_end = r == 5;
		tt_rope_id rope = rope_at(world, def, 3.0f + 3.0f * (float)r, z,
					  r % 3 == 0 ? 257 + r : 23 + 7 * r);
		int end = tt_rope_node_count(rope) - 1;
		if (r == 4)
			set_mass(rope, end, 60.0f);
		if (r == 6)
			set_mass(rope, end, 1e13f);
		if (r == 7)
			*thrown = tt_rope_node(rope, end / 2);
		if (r == 0)
			*anchor = tt_rope_node(rope, 0);
	}
	scene_particle(world, (tt_vec3){-3.0f, 0.0f, z}, 1.0f);
}

/* The state the hash leaves out: start positions and multipliers. */
static uint64_t fold_rest(const tt_world *w, uint64_t h)
{
	const tt_particles *p = &w->particles;
	const float *cols[] = {p->px, p->py, p->pz};
	for (int c = 0; c < 3; c++)
		for (int i = 0; i < p->count; i++) {
			uint32_t bits;
			memcpy(&bits, &cols[c][i], sizeof bits);
			h = (h ^ bits) * 0x100000001b3ull;
		}
	for (int s = 0; s < w->springs.count; s++) {
		uint32_t bits;
		memcpy(&bits, &w->springs.lambda[s], sizeof bits);
		h = (h ^ bits) * 0x100000001b3ull;
	}
	return h;
}

static tt_world_id world_for(tt_world_def *def, const tt_lanes *lanes,
			     int threads, int fused)
{
	def->threads = threads;
	return split_world(def, lanes, fused);
}

static uint64_t run(const setting *set, const tt_lanes *lanes, int threads,
		    int fused)
{
	tt_world_def def = tt_world_def_default();
	def.is_3d = set->is_3d;
	def.iterations = set->iterations;
	def.max_speed = set->max_speed;
	tt_world_id world = world_for(&def, lanes, threads, fused);
	tt_world *w = tt_world_get(world);
	tt_particle_id thrown, anchor;
	ropes(world, set->is_3d ? 0.3f : 0.0f, &thrown, &anchor);
	scene_steps(world, 1);
	CHECK(tt_rope_step_fits(w, 0) == fused);
	CHECK(!fused || w->springs.plan.tile_count >= 4);
	CHECK(tt_particle_set_velocity(thrown, (tt_vec3){40.0f, 0.0f, 0.0f}) == TT_OK);
	uint64_t h = 1469598103934665603ull;
	int events = 0;
	for (int step = 1; step < STEPS; step++) {
		CHECK(tt_particle_set_velocity(anchor, (tt_vec3){0.5f, 0.0f, 0.0f}) == TT_OK);
		scene_steps(world, 1);
		h = scene_fold_events(world, h, &events);
	}
	h = fold_rest(w, h ^ tt_world_hash(world));
	tt_world_destroy(world);
	return h;
}

static void same_fused(const setting *set)
{
	uint64_t staged = run(set, NULL, 1, 0);
	check_note("%s, %d passes: hash %016llx", set->is_3d ? "3D" : "2D",
		   set->iterations, (unsigned long long)staged);
	for (int k = -1; k < 3; k++) {
		const tt_lanes *lanes = k < 0 ? NULL : tt_lanes_width(k);
		if (k >= 0 && !lanes)
			continue;
		CHECK(run(set, lanes, 1, 0) == staged);
		for (int threads = 1; threads <= 3; threads++)
			CHECK(run(set, lanes, threads, 1) == staged);
	}
}

void test_rope_step_2d(void)
{
	same_fused(&(setting){0, 1, 1000.0f});
	same_fused(&(setting){0, 2, 3.0f});
}

void test_rope_step_3d(void)
{
	same_fused(&(setting){1, 1, 3.0f});
	same_fused(&(setting){1, 2, 1000.0f});
}

/* Two ropes in tiles of their own fall out of float range (a node of
 * each falls the faster), and halt at other substeps than each other:
 * their resets and events come as the stages give them. */
static uint64_t overflow(const tt_lanes *lanes, int threads, int fused,
			 int *events)
{
	tt_world_def def = tt_world_def_default();
	def.gravity = (tt_vec3){0.0f, -3e38f, 0.0f};
	def.max_speed = FLT_MAX;
	tt_world_id world = world_for(&def, lanes, threads, fused);
	tt_world *w = tt_world_get(world);
	tt_rope_def rd = tt_rope_def_default();
	for (int r = 0; r < 2; r++) {
		tt_rope_id rope = rope_at(world, rd, (float)r, 0.0f, 300);
		CHECK(tt_particle_set_gravity_scale(tt_rope_node(rope, 150),
						    r ? 100.0f : 1000.0f) == TT_OK);
	}
	uint64_t h = 1469598103934665603ull;
	*events = 0;
	for (int step = 0; step < 3; step++) {
		scene_steps(world, 1);
		CHECK(tt_rope_step_fits(w, 0) == fused);
		h = scene_fold_events(world, h, events);
	}
	h = fold_rest(w, h ^ tt_world_hash(world));
	tt_world_destroy(world);
	return h;
}

void test_rope_step_nonfinite(void)
{
	split_same_resets(overflow);
}

static int polls, stop_at;

static int stop_at_poll(void *context)
{
	(void)context;
	return ++polls == stop_at;
}

/* The host stops a step in its middle, at its poll `at`: the substeps
 * and passes it let run are those the stages run. */
static uint64_t interrupted(int threads, int fused, int at, int *stopped)
{
	tt_world_def def = tt_world_def_default();
	def.iterations = 2;
	tt_world_id world = world_for(&def, NULL, threads, fused);
	tt_particle_id thrown, anchor;
	ropes(world, 0.0f, &thrown, &anchor);
	polls = 0, stop_at = at;
	*stopped = -1;
	tt_set_interrupt(stop_at_poll, NULL);
	for (int step = 0; step < 40; step++)
		if (tt_world_step(world) == TT_ERR_INTERRUPTED && *stopped < 0)
			*stopped = step;
	tt_set_interrupt(NULL, NULL);
	uint64_t h = fold_rest(tt_world_get(world), tt_world_hash(world));
	tt_world_destroy(world);
	return h;
}

void test_rope_step_interrupt(void)
{
	for (int at = 1; at <= 4; at++) {
		int stopped, again;
		uint64_t staged = interrupted(1, 0, at, &stopped);
		CHECK(stopped > 0 && stopped < 39);
		for (int threads = 1; threads <= 3; threads++) {
			CHECK(interrupted(threads, 1, at, &again) == staged);
			CHECK(again == stopped);
		}
		if (at == 4)
			check_note("the fourth poll stops step %d", stopped);
	}
}

/* A collider, a plain spring, a reeling rope or a tether keeps a world
 * of ropes staged; without them it steps whole again. */
void test_rope_step_when(void)
{
	tt_world_id world = scene_world(8);
	tt_world *w = tt_world_get(world);
	tt_rope_def def = tt_rope_def_default();
	tt_rope_id rope = rope_at(world, def, 0.0f, 0.0f, 30);
	scene_steps(world, 1);
	CHECK(tt_rope_step_fits(w, 0));
	CHECK(!tt_rope_step_fits(w, 1));  /* wind */
	tt_collider_def box = tt_collider_def_default();
	box.position = (tt_vec3){0.0f, -50.0f, 0.0f};
	tt_collider_id c = scene_collider(world, &box);
	scene_steps(world, 1);
	CHECK(!tt_rope_step_fits(w, 0));
	CHECK(tt_collider_destroy(c) == TT_OK);
	tt_spring_def sd = tt_spring_def_default();
	sd.a = tt_rope_node(rope, 3), sd.b = tt_rope_node(rope, 9);
	tt_spring_id s;
	CHECK(tt_spring_create(world, &sd, &s) == TT_OK);
	scene_steps(world, 1);
	CHECK(!tt_rope_step_fits(w, 0));
	CHECK(tt_spring_destroy(s) == TT_OK);
	scene_steps(world, 1);
	CHECK(tt_rope_step_fits(w, 0));
	CHECK(tt_rope_reel(rope, -0.5f, 0.5f) == TT_OK);
	CHECK(tt_world_step(world) == TT_OK);
	CHECK(!tt_rope_step_fits(w, 0));
	CHECK(tt_rope_reel(rope, 0.0f, 0.0f) == TT_OK);
	scene_steps(world, 1);
	CHECK(tt_rope_step_fits(w, 0));
	CHECK(tt_rope_set_tethers(rope, TT_ROPE_TETHERS_START) == TT_OK);
	scene_steps(world, 1);
	CHECK(!tt_rope_step_fits(w, 0));
	tt_world_destroy(world);
}
