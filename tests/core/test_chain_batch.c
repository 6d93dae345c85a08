/* Ropes of the same segments that share no free node are chain-solved in
 * batches, a level of each in turn (core/chain_batch.h), each with the
 * operations it gets alone: a rope among others of its length moves bit
 * for bit as it does alone, in float (light nodes) and in double (a heavy
 * load), at every vector width. */
#include <string.h>

#include "../../core/world.h"
#include "check.h"
#include "scenes.h"
#include "tests.h"

#define STEPS 150
#define SEGMENTS 40

/* A rope swinging from (x, 0); its end weighs load kg (0: as the rope). */
static tt_rope_id swing(tt_world_id world, float x, float load)
{
	tt_rope_def def = tt_rope_def_default();
	def.from = (tt_vec3){x, 0.0f, 0.0f};
	def.to = (tt_vec3){x + 3.0f, -0.5f, 0.0f};
	def.segments = SEGMENTS;
	def.tethers = TT_ROPE_TETHERS_NONE;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	if (load > 0.0f)
		CHECK(tt_particle_set_mass(tt_rope_node(rope, SEGMENTS), load) == TT_OK);
	return rope;
}

/* Rope 0's nodes after STEPS steps, with `others` more ropes of its
 * length beside it (every third unlike it: light where it is loaded,
 * loaded where it is light), into at[]. */
static void run(const tt_lanes *lanes, float load, int others,
		tt_vec3 at[SEGMENTS + 1])
{
	tt_world_def def = tt_world_def_default();
	tt_world_id world = scene_world_from(&def);
	tt_world_get(world)->lanes = lanes;
	tt_rope_id rope = swing(world, 0.0f, load);
	for (int k = 1; k <= others; k++)
		swing(world, 5.0f * (float)k, k % 3 ? load : 60.0f - load);
	scene_steps(world, STEPS);
	for (int i = 0; i <= SEGMENTS; i++)
		at[i] = tt_particle_get_position(tt_rope_node(rope, i));
	tt_world_destroy(world);
}

static void same_as_alone(float load)
{
	tt_vec3 alone[SEGMENTS + 1], among[SEGMENTS + 1];
	for (int k = -1; k < 3; k++) {
		const tt_lanes *lanes = k < 0 ? NULL : tt_lanes_width(k);
		if (k >= 0 && !lanes)
			continue;
		run(lanes, load, 0, alone);
		run(lanes, load, 6, among);
		CHECK(memcmp(alone, among, sizeof alone) == 0);
		/* it swung: the end is far from where it started */
		CHECK(alone[SEGMENTS].y < -1.0f);
	}
}

void test_chain_batch_float(void)
{
	same_as_alone(0.0f);
}

void test_chain_batch_double(void)
{
	same_as_alone(60.0f);
}
