/* The streamed substep (stream.c) changes no result: worlds of plain
 * springs reach the hash they reach stage by stage, one spring at a time,
 * at every vector width and split among 1, 2 or 3 threads. The scene has
 * chains of every spring kind and of lengths that are no multiple of a
 * vector, two chains from one anchor and a chain tied to another's middle
 * (so tiles must hold both), a grid with diagonals (gathered blocks),
 * a heavy load and loose particles; in 3D stretch damping and the world's
 * damping run after the velocities, so the stop of the pinned particles
 * is not fused. */
#include <float.h>
#include <string.h>

#include "../../core/world.h"
#include "check.h"
#include "scenes.h"
#include "split.h"
#include "tests.h"

#define STEPS 90

static tt_spring_id spring(tt_world_id world, tt_particle_id a,
			   tt_particle_id b, tt_spring_def def)
{
	tt_spring_id s;
	def.a = a, def.b = b, def.rest_length = -1.0f;
	CHECK(tt_spring_create(world, &def, &s) == TT_OK);
	return s;
}

/* A second chain of 20 from the anchor of the chain at first. */
static void from_anchor(tt_world_id world, const tt_particle_id *first,
			tt_spring_def def, float z)
{
	tt_particle_id prev = first[0];
	for (int k = 1; k <= 20; k++) {
		tt_particle_id node = scene_particle(
			world, (tt_vec3){0.0f, -0.1f * (float)k, z}, 1.0f);
		spring(world, prev, node, def);
		prev = node;
	}
}

/* A chain of `segments` from a pinned anchor, its odd rods made first
 * when odd_first (they then take the first colour). */
static void chain(tt_world_id world, tt_vec3 at, tt_vec3 step, int segments,
		  tt_spring_def def, int odd_first, tt_particle_id *nodes)
{
	for (int k = 0; k <= segments; k++)
		nodes[k] = scene_particle(world,
					  (tt_vec3){at.x + (float)k * step.x, at.y + (float)k * step.y,
						    at.z + (float)k * step.z},
					  k == 0 ? 0.0f : 1.0f);
	const int odd = segments / 2;
	for (int k = 0; k < segments; k++) {
		int rod = !odd_first ? k : k < odd ? 2 * k + 1 : 2 * (k - odd);
		spring(world, nodes[rod], nodes[rod + 1], def);
	}
}

/* How a run is set: the world's damping (then each substep streams on
 * its own), its speed limit and passes, the chains' colours. */
typedef struct setting {
	int is_3d;
	float damping, max_speed;
	int iterations, odd_first;
} setting;

static void chains(tt_world_id world, const setting *set, float z,
		   tt_particle_id *fast)
{
	tt_particle_id nodes[120], first[120];
	tt_spring_def def = tt_spring_def_default();
	for (int r = 0; r < 12; r++) {
		def.kind = r % 3 == 1 ? TT_SPRING_TETHER : r % 3 == 2 ? TT_SPRING_SOFT
								   : TT_SPRING_ROD;
		def.compliance = r % 3 == 2 ? 1e-3f : 0.0f;
		def.stretch_damping = set->damping > 0.0f && r == 5 ? 2.0f : 0.0f;
		int segments = 17 + 9 * r;
		chain(world, (tt_vec3){(float)r * 2.0f, 0.0f, z}, (tt_vec3){0.1f, -0.02f, z},
		      segments, def, set->odd_first, r == 0 ? first : nodes);
		if (r == 0)
			from_anchor(world, first, def, z);
		if (r == 1)  /* tied to the first chain's middle */
			spring(world, nodes[segments], first[8], def);
		if (r == 6)
			CHECK(tt_particle_set_mass(nodes[segments], 30.0f) == TT_OK);
		if (r == 9)
			*fast = nodes[segments / 2];
	}
	for (int k = 0; k < 5; k++)
		scene_particle(world, (tt_vec3){-3.0f, (float)k, z}, 1.0f);
}

/* The tiles that step as strands, and of them those whose odd rods come
 * first. */
static int strand_tiles(const tt_world *w, int *odd_first)
{
	const tt_plan *plan = &w->springs.plan;
	int count = 0;
	*odd_first = 0;
	for (int t = 0; t < plan->tile_count; t++) {
		count += plan->strand_tiles[t].count > 0;
		*odd_first += plan->strand_tiles[t].count > 0 && plan->strand_tiles[t].odd_first;
	}
	return count;
}

/* The world's hash with its previous positions folded in: the hash
 * leaves them out, but a step sets them, and a kernel could leave them
 * stale. */
static uint64_t state_hash(tt_world_id world)
{
	const tt_particles *p = &tt_world_get(world)->particles;
	const float *columns[] = {p->px, p->py, p->pz};
	uint64_t hash = tt_world_hash(world);
	for (int c = 0; c < 3; c++)
		for (int i = 0; i < p->count; i++) {
			uint32_t bits;
			memcpy(&bits, &columns[c][i], sizeof bits);
			hash = (hash ^ bits) * 1099511628211ull;
		}
	return hash;
}

static uint64_t run(const setting *set, const tt_lanes *lanes, int threads,
		    int stream)
{
	tt_world_def def = tt_world_def_default();
	def.is_3d = set->is_3d;
	def.threads = threads;
	def.damping = set->damping;
	def.max_speed = set->max_speed;
	def.iterations = set->iterations;
	tt_world_id world = split_world(&def, lanes, stream);
	tt_world *w = tt_world_get(world);
	tt_particle_id fast;
	scene_grid(world, 21, 13, 0.15f, 1);
	chains(world, set, set->is_3d ? 0.3f : 0.0f, &fast);
	scene_steps(world, 1);
	int odd_first, strands = strand_tiles(w, &odd_first);
	CHECK(tt_stream_begin(w, 0).on == stream);
	CHECK(!stream || w->springs.plan.tile_count >= 4);
	CHECK(tt_stream_begin(w, 0).whole == (stream && set->damping == 0.0f));
	CHECK(!lanes || (strands >= 2 && (odd_first > 0) == set->odd_first));
	/* a thrown node: the step's speed limit, where it is low, slows it */
	CHECK(tt_particle_set_velocity(fast, (tt_vec3){40.0f, 0.0f, 0.0f}) == TT_OK);
	scene_steps(world, STEPS - 1);
	uint64_t hash = state_hash(world);
	tt_world_destroy(world);
	return hash;
}

static void same_streamed(const setting *set)
{
	uint64_t staged = run(set, NULL, 1, 0);
	check_note("%s hash %016llx", set->is_3d ? "3D" : "2D",
		   (unsigned long long)staged);
	for (int threads = 1; threads <= 3; threads++)
		CHECK(run(set, NULL, threads, 1) == staged);
	for (int k = 0; k < 3; k++) {
		const tt_lanes *lanes = tt_lanes_width(k);
		for (int threads = 1; lanes && threads <= 3; threads++) {
			CHECK(run(set, lanes, threads, 0) == staged);
			CHECK(run(set, lanes, threads, 1) == staged);
		}
	}
}

/* 2D: whole steps, swept; with the speed limit at work, swept and in
 * two passes */
void test_stream_2d(void)
{
	same_streamed(&(setting){0, 0.0f, 1000.0f, 1, 0});
	same_streamed(&(setting){0, 0.0f, 2.0f, 1, 0});
	same_streamed(&(setting){0, 0.0f, 2.0f, 2, 0});
}

/* 3D: damped, each substep on its own; whole steps; odd rods first */
void test_stream_3d(void)
{
	same_streamed(&(setting){1, 0.5f, 1000.0f, 1, 0});
	same_streamed(&(setting){1, 0.0f, 1000.0f, 1, 0});
	same_streamed(&(setting){1, 0.0f, 3.0f, 1, 1});
}

/* Two chains of tiles of their own fall out of float range (a node of
 * each falls the faster), and their tiles halt at other substeps than
 * each other's; their resets and events come as the stages give them. */
static uint64_t overflow(const tt_lanes *lanes, int threads, int stream,
			 int *events)
{
	tt_world_def def = tt_world_def_default();
	def.gravity = (tt_vec3){0.0f, -3e38f, 0.0f};
	def.max_speed = FLT_MAX;
	def.threads = threads;
	tt_world_id world = split_world(&def, lanes, stream);
	tt_world *w = tt_world_get(world);
	tt_particle_id nodes[301];
	for (int r = 0; r < 2; r++) {
		scene_rope(world, (tt_vec3){(float)r, 0.0f, 0.0f},
			   (tt_vec3){0.01f, 0.0f, 0.0f}, 300, NULL, nodes);
		CHECK(tt_particle_set_gravity_scale(nodes[150], r ? 100.0f : 1000.0f) == TT_OK);
	}
	uint64_t h = 1469598103934665603ull;
	*events = 0;
	for (int step = 0; step < 3; step++) {
		scene_steps(world, 1);
		CHECK(tt_stream_begin(w, 0).whole == stream);
		h = scene_fold_events(world, h, events);
	}
	h ^= tt_world_hash(world);
	tt_world_destroy(world);
	return h;
}

void test_stream_nonfinite(void)
{
	split_same_resets(overflow);
}

/* What runs between a substep's stages keeps a world staged: a collider,
 * an angle constraint; without them it streams again. */
void test_stream_when(void)
{
	tt_world_id world = scene_world(8);
	tt_world *w = tt_world_get(world);
	tt_particle_id nodes[11];
	scene_rope(world, (tt_vec3){0}, (tt_vec3){0.1f, 0, 0}, 10, NULL, nodes);
	scene_steps(world, 1);
	CHECK(tt_stream_begin(w, 0).on);
	tt_collider_def box = tt_collider_def_default();
	box.position = (tt_vec3){0.0f, -5.0f, 0.0f};
	tt_collider_id c = scene_collider(world, &box);
	scene_steps(world, 1);
	CHECK(!tt_stream_begin(w, 0).on);
	CHECK(tt_collider_destroy(c) == TT_OK);
	tt_angle_def ad = tt_angle_def_default();
	ad.a = nodes[0], ad.b = nodes[1], ad.c = nodes[2];
	tt_angle_id angle;
	CHECK(tt_angle_create(world, &ad, &angle) == TT_OK);
	scene_steps(world, 1);
	CHECK(!tt_stream_begin(w, 0).on);
	CHECK(tt_angle_destroy(angle) == TT_OK);
	scene_steps(world, 1);
	CHECK(tt_stream_begin(w, 0).on);
	tt_world_destroy(world);
}
