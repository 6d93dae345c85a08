/* Determinism (DESIGN §4): the same calls give bit-identical state. The
 * scene exercises every solver path: a swinging rope of rods, a tether, a
 * soft spring with compliance and damping, a damped rod. */
#include <stdint.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define SEGMENTS 30

/* A free 1 kg particle at `at`, hung on rope node `node` by a spring. */
static void hang_from(tt_world_id world, tt_particle_id node, tt_vec3 at,
		      tt_spring_def def)
{
	tt_particle_def pd = tt_particle_def_default();
	pd.position = at;
	def.a = node;
	CHECK(tt_particle_create(world, &pd, &def.b) == TT_OK);
	tt_spring_id spring;
	CHECK(tt_spring_create(world, &def, &spring) == TT_OK);
}

/* The scene after 300 steps, its last particle nudged by `nudge` m. */
static uint64_t run_scene(float nudge)
{
	tt_world_id world = scene_world(8);
	tt_particle_id n[SEGMENTS + 1];
	scene_rope(world, (tt_vec3){0}, (tt_vec3){0.1f, 0.0f, 0.0f}, SEGMENTS,
		   NULL, n);
	tt_spring_def def = tt_spring_def_default();
	def.kind = TT_SPRING_TETHER;
	def.rest_length = 0.5f;
	hang_from(world, n[10], (tt_vec3){1.0f, -0.2f, 0.0f}, def);
	def.kind = TT_SPRING_SOFT;
	def.compliance = 1e-3f;
	def.stretch_damping = 2.0f;
	hang_from(world, n[20], (tt_vec3){2.0f, -0.3f, 0.0f}, def);
	def = tt_spring_def_default();
	def.stretch_damping = 1.0f;
	hang_from(world, n[SEGMENTS], (tt_vec3){3.0f, -0.4f + nudge, 0.0f}, def);
	scene_steps(world, 300);
	uint64_t hash = tt_world_hash(world);
	tt_world_destroy(world);
	return hash;
}

void test_determinism(void)
{
	uint64_t first = run_scene(0.0f), second = run_scene(0.0f);
	check_note("hash %016llx", (unsigned long long)first);
	CHECK(first == second);
}

void test_determinism_differs(void)
{
	CHECK(run_scene(0.0f) != run_scene(1e-6f));
}
