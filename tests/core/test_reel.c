/* Reeling in fast (core/rope_reel.c): a swinging rope reeled in at 8 m/s,
 * at a pinned spool or by a grapple's player towards its hook, throws no
 * node faster than twice the reel speed plus the swing's speed. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define REEL 8.0f

static double fastest(const tt_rope_id rope)
{
	double top = 0.0;
	for (int k = 0; k < tt_rope_node_count(rope); k++) {
		tt_vec3 v = tt_particle_get_velocity(tt_rope_node(rope, k));
		top = fmax(top, sqrt(v.x * v.x + v.y * v.y + v.z * v.z));
	}
	return top;
}

typedef struct reeled {
	double swing;  /* the fastest node before reeling (m/s) */
	double top;    /* ... while reeling */
} reeled;

/* The rope swings for 1 s, then reels in at REEL m/s for 2.5 s or until
 * it stops at its target. */
static reeled reel_in(tt_world_id world, tt_rope_id rope, float target)
{
	reeled out = {0};
	for (int s = 0; s < 60; s++) {
		scene_steps(world, 1);
		out.swing = fmax(out.swing, fastest(rope));
	}
	CHECK(tt_rope_reel(rope, -REEL, target) == TT_OK);
	for (int s = 0; s < 150 && tt_rope_get_reel_speed(rope) != 0.0f; s++) {
		scene_steps(world, 1);
		out.top = fmax(out.top, fastest(rope));
	}
	CHECK(tt_rope_get_length(rope) < fmaxf(target, 0.01f) + 1e-3f);
	return out;
}

/* A 10 m rope of 40 nodes pinned at its top, let go from dx to the side,
 * reeled all the way in. Before: 45, 178 and 332 m/s (the last node,
 * reeled to the spool with a little swing about it, whirled round it). */
static reeled spool_pinned(float dx)
{
	tt_world_id world = scene_world(8);
	tt_rope_def def = tt_rope_def_default();
	def.to = (tt_vec3){dx, -10.0f, 0.0f};
	def.segments = 40;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	reeled out = reel_in(world, rope, 0.0f);
	tt_world_destroy(world);
	return out;
}

/* A 70 kg player on a 10 m grapple rope (0.25 m segments, 1 kg/m) from a
 * hook pinned above it, let go dx to the side, reeled in to 0.5 m. Before:
 * the player whirled round the hook at 70 m/s, a rope node at 72 m/s.
 * (Once there, the player still moves on at the reel's speed: a rope
 * cannot push, and the light node between it and the hook takes the
 * jolt, at 20 m/s.) */
static reeled grapple(float dx, double *player)
{
	tt_world_id world = scene_world(8);
	tt_particle_id body = scene_particle(world, (tt_vec3){dx, -10.0f, 0.0f}, 70.0f);
	tt_rope_def def = tt_rope_def_default();
	def.start = body;
	def.to = (tt_vec3){0.0f, 0.0f, 0.0f};
	def.segment_length = 0.25f;
	def.mass_per_metre = 1.0f;
	def.pin_start = 0;
	def.pin_end = 1;
	def.tethers = TT_ROPE_TETHERS_END;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	reeled out = reel_in(world, rope, 0.5f);
	tt_vec3 v = tt_particle_get_velocity(body);
	*player = sqrt(v.x * v.x + v.y * v.y);
	tt_world_destroy(world);
	return out;
}

void test_reel_spool_pinned(void)
{
	static const float dx[3] = {0.1f, 1.0f, 5.0f};
	reeled r[3];
	for (int k = 0; k < 3; k++)
		r[k] = spool_pinned(dx[k]);
	check_note("swing %.1f / %.1f / %.1f m/s, fastest reeling %.1f / %.1f / "
		   "%.1f m/s", r[0].swing, r[1].swing, r[2].swing, r[0].top,
		   r[1].top, r[2].top);
	for (int k = 0; k < 3; k++)
		CHECK(r[k].top < 2.0 * REEL + r[k].swing);
}

void test_reel_grapple(void)
{
	double player[2];
	reeled r[2] = {grapple(1.0f, &player[0]), grapple(5.0f, &player[1])};
	check_note("swing %.1f / %.1f m/s, fastest reeling %.1f / %.1f m/s, the "
		   "player %.1f / %.1f m/s at 0.5 m", r[0].swing, r[1].swing,
		   r[0].top, r[1].top, player[0], player[1]);
	for (int k = 0; k < 2; k++) {
		CHECK(r[k].top < 2.0 * REEL + r[k].swing);
		CHECK(player[k] < REEL + r[k].swing);
	}
}
