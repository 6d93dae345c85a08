/* A hanging rope at rest: how far its segments stretch past their rest
 * length. One constraint pass per substep converges slowly along a long
 * chain of rods, so a rope pinned at one end also gets long-range
 * attachments (Kim et al. 2012): a tether from the anchor to every node,
 * as long as the rope between them. Tethers never push, so the rope still
 * bends freely; they only stop the top from stretching under the weight
 * below. The bare-rod figures are printed to track the solver itself. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define SEGMENTS 50
#define SEGMENT 0.1f

static void add_tethers(tt_world_id world, const tt_particle_id *nodes)
{
	for (int k = 2; k <= SEGMENTS; k++) {
		tt_spring_def def = tt_spring_def_default();
		def.a = nodes[0];
		def.b = nodes[k];
		def.kind = TT_SPRING_TETHER;
		def.rest_length = SEGMENT * (float)k;
		tt_spring_id id;
		CHECK(tt_spring_create(world, &def, &id) == TT_OK);
	}
}

/* Worst stretch of the rope's segments (tethers excluded), built hanging
 * straight down, after 5 s of settling. */
static double hanging_stretch(int substeps, int tethers)
{
	tt_world_id world = scene_world(substeps);
	tt_particle_id nodes[SEGMENTS + 1];
	scene_rope(world, (tt_vec3){0}, (tt_vec3){0.0f, -SEGMENT, 0.0f},
		   SEGMENTS, NULL, nodes);
	if (tethers)
		add_tethers(world, nodes);
	scene_steps(world, 300);
	double worst = 0.0;
	for (int k = 0; k < SEGMENTS; k++) {
		tt_vec3 p = tt_particle_get_position(nodes[k]);
		tt_vec3 q = tt_particle_get_position(nodes[k + 1]);
		double dx = p.x - q.x, dy = p.y - q.y;
		double stretch = fabs(sqrt(dx * dx + dy * dy) / SEGMENT - 1.0);
		worst = stretch > worst ? stretch : worst;
	}
	tt_world_destroy(world);
	return worst;
}

void test_rope_rest_length(void)
{
	double tethered = hanging_stretch(8, 1);
	double bare = hanging_stretch(8, 0), bare32 = hanging_stretch(32, 0);
	check_note("worst stretch %.3f%% with tethers; bare rods %.3f%%, at 32 "
		   "substeps %.3f%%", 100.0 * tethered, 100.0 * bare,
		   100.0 * bare32);
	CHECK(tethered < 0.005);
	CHECK(bare32 < 0.005);
}
