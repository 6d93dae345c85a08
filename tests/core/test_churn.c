/* Churn (issue 20): ropes built on a kept start, reeled out past their
 * arrays' capacity, cut, reeled in, culled and destroyed. The world's state
 * must not depend on what the allocator's fresh memory held: a hook that
 * fills every new block with copies of a live spring's id (what reused
 * heap memory looks like) must give the same hash as one that zeroes it,
 * and that spring must survive. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define ROUNDS 12

/* Fresh blocks filled with copies of the bait id (zeros while null). */
static void *bait_alloc(size_t size, void *context)
{
	const tt_spring_id *bait = context;
	unsigned char *block = malloc(size);
	for (size_t at = 0; block && at < size; at += sizeof *bait)
		memcpy(block + at, bait,
		       size - at < sizeof *bait ? size - at : sizeof *bait);
	return block;
}

static void bait_free(void *memory, size_t size, void *context)
{
	(void)size;
	(void)context;
	free(memory);
}

static tt_rope_id rope_from(tt_world_id world, tt_particle_id start, float x)
{
	tt_rope_def def = tt_rope_def_default();
	def.start = start;
	def.to = (tt_vec3){x + 0.5f, -3.0f, 0.0f};
	def.segments = 6;
	tt_rope_id rope = {0};
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	return rope;
}

/* A free rope cut next to its start: the 1-segment piece is culled. */
static void drop(tt_world_id world, float x)
{
	tt_rope_def def = tt_rope_def_default();
	def.from = (tt_vec3){x, -1.0f, 0.0f};
	def.to = (tt_vec3){x + 2.0f, -1.0f, 0.0f};
	def.pin_start = 0;
	tt_rope_id rope, tail;
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	CHECK(tt_rope_cut(rope, 0, 0.5f, &tail) == TT_OK);
	CHECK(!tt_rope_valid(rope));
}

/* One rope's life; returns its end part, which must still be whole. */
static tt_rope_id churn_round(tt_world_id world, int k)
{
	float x = (float)(k % 6) * 2.0f;
	tt_particle_id anchor = scene_particle(world, (tt_vec3){x, 0, 0}, 0.0f);
	tt_rope_id rope = rope_from(world, anchor, x), tail;
	CHECK(tt_rope_set_length(rope, 24.0f) == TT_OK);  /* 48 nodes: grown */
	scene_steps(world, 3);
	CHECK(tt_rope_cut(rope, tt_rope_node_count(rope) - 6, 0.5f, &tail) == TT_OK);
	if (k % 2 == 0) {
		CHECK(tt_rope_set_length(rope, 2.0f) == TT_OK);
		int last = tt_rope_node_count(rope) - 2;
		tt_rope_id piece;
		CHECK(tt_rope_cut(rope, last, 0.5f, &piece) == TT_OK);
	}
	drop(world, x);
	CHECK(tt_rope_destroy(rope) == TT_OK);  /* the spool part goes first */
	CHECK(tt_particle_destroy(anchor) == TT_OK);
	scene_steps(world, 3);
	return tail;
}

static uint64_t churn_hash(int baited)
{
	tt_spring_id bait = {0};
	tt_set_allocator(bait_alloc, bait_free, &bait);
	tt_world_id world = scene_world(4);
	CHECK(tt_world_set_min_fragment(world, 2) == TT_OK);
	tt_spring_def def = tt_spring_def_default();
	def.a = scene_particle(world, (tt_vec3){-5, 0, 0}, 0.0f);
	def.b = scene_particle(world, (tt_vec3){-5, -1, 0}, 1.0f);
	tt_spring_id spring;
	CHECK(tt_spring_create(world, &def, &spring) == TT_OK);
	bait = baited ? spring : bait;
	int whole = 0;
	for (int k = 0; k < ROUNDS; k++) {
		tt_rope_id tail = churn_round(world, k);
		whole += tt_rope_set_length(tail, 3.0f) == TT_OK;
	}
	CHECK(whole == ROUNDS);
	CHECK(tt_spring_valid(spring));
	uint64_t hash = tt_world_hash(world);
	CHECK(tt_world_destroy(world) == TT_OK);
	tt_set_allocator(NULL, NULL, NULL);
	return hash;
}

void test_churn_heap(void)
{
	uint64_t zeroed = churn_hash(0), baited = churn_hash(1);
	check_note("hash %016llx", (unsigned long long)zeroed);
	CHECK(zeroed == baited);
}
