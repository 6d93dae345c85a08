/* Dynamic-bone chains: each knob does what Dynamic Bone users expect,
 * measured. A pose held by elasticity and stiffness; a chain with no
 * knobs swinging as a rope does; gravity up floating it as the mirror of
 * its hang; inertia 1 riding the root rigidly and 0 lagging as a free
 * chain; curves along the chain; a knob changed live changing the next
 * step and nothing else. */
#include <math.h>

#include "bones.h"
#include "check.h"
#include "scenes.h"
#include "tests.h"

/* A head dancing: swaying, bobbing and turning about a tilted axis. */
static void dance(tt_frame_id f, int step)
{
	float t = (float)step / 60.0f;
	tt_vec3 p = {0.3f * sinf(3.0f * t), 1.5f + 0.1f * sinf(5.0f * t),
		     0.2f * sinf(2.0f * t)};
	CHECK(tt_frame_move_to(f, p, tt_quat_axis_angle((tt_vec3){0.2f, 1, 0.1f},
							  1.5f * sinf(2.0f * t))) ==
	      TT_OK);
}

void test_bone_holds_pose(void)
{
	tt_world_id world = scene_world3(8);
	tt_bonechain_def def = tt_bonechain_def_default();
	bones_knobs(&def, 0.1f, 1.0f, 1.0f, 0.0f);
	strand s, stiff;
	bones_strand(&s, world, (tt_vec3){0, 1.5f, 0}, (tt_vec3){1, 0, 0}, 11,
		     0.1f, def);
	bones_knobs(&def, 0.1f, 0.0f, 1.0f, 0.0f);  /* the cone alone */
	bones_strand(&stiff, world, (tt_vec3){0, 1.5f, 0}, (tt_vec3){1, 0, 0}, 11,
		     0.1f, def);
	double worst = 0.0, worst_stiff = 0.0;
	for (int k = 1; k <= 120; k++) {
		dance(s.root, k);
		dance(stiff.root, k);
		tt_world_step(world);
		worst = fmax(worst, bones_off_pose(&s));
		worst_stiff = fmax(worst_stiff, bones_off_pose(&stiff));
	}
	check_note("off the animated pose: %.2g m (elasticity 1), %.2g m "
		   "(stiffness 1)", worst, worst_stiff);
	CHECK(worst < 1e-3 && worst_stiff < 1e-3);
	tt_world_destroy(world);
}

/* Released level, a chain with no knobs at the rope's substep rate falls
 * as a rope of the same mass: the tips apart by under 1% of the length
 * through the first half swing (a chain of links is chaotic later). */
static double rope_gap(float rate, int steps)
{
	tt_world_id world = scene_world3(8);
	tt_bonechain_def def = tt_bonechain_def_default();
	bones_knobs(&def, 0.0f, 0.0f, 0.0f, 0.0f);
	def.rate = rate;
	strand s;
	bones_strand(&s, world, (tt_vec3){0, 2, 0}, (tt_vec3){1, 0, 0}, 11, 0.1f, def);
	tt_rope_def rd = tt_rope_def_default();
	rd.from = (tt_vec3){0, 2, 1};
	rd.to = (tt_vec3){1, 2, 1};
	rd.segments = 10;
	rd.mass_per_metre = def.mass / 0.1f;
	rd.damping = 0.0f;  /* as the chain's: none */
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &rd, &rope) == TT_OK);
	double gap = 0.0;
	for (int k = 0; k < steps; k++) {
		tt_world_step(world);
		tt_vec3 tip = tt_particle_get_position(tt_rope_node(rope, 10));
		tip.z -= 1.0f;
		gap = fmax(gap, bones_distance(bones_node(&s, 10), tip));
	}
	tt_world_destroy(world);
	return gap;
}

void test_bone_rope(void)
{
	double matched = rope_gap(480.0f, 30), stepped = rope_gap(0.0f, 30);
	check_note("tip off the rope's over 0.5 s: %.3f%% of the length at "
		   "480 Hz, %.1f%% at 60 Hz", 100.0 * matched, 100.0 * stepped);
	CHECK(matched < 0.01);
}

/* Gravity up: the steady pose of a level chain is its hang mirrored. */
void test_bone_antigravity(void)
{
	tt_world_id world = scene_world3(8);
	tt_bonechain_def def = tt_bonechain_def_default();
	bones_knobs(&def, 0.1f, 0.02f, 0.1f, 0.0f);
	strand down, up;
	bones_strand(&down, world, (tt_vec3){0, 2, 0}, (tt_vec3){1, 0, 0}, 11,
		     0.1f, def);
	def.gravity = (tt_vec3){0, 9.81f, 0};
	bones_strand(&up, world, (tt_vec3){0, 2, 1}, (tt_vec3){1, 0, 0}, 11, 0.1f,
		     def);
	scene_steps(world, 600);
	double lowest = INFINITY, worst = 0.0;
	for (int i = 1; i < 11; i++) {
		tt_vec3 a = bones_local(&down, i), b = bones_local(&up, i);
		lowest = fmin(lowest, b.y);
		worst = fmax(worst, bones_distance(a, (tt_vec3){b.x, -b.y, b.z}));
	}
	tt_vec3 tip = bones_local(&down, 10);
	check_note("lowest node %.3f m above the root; off the mirrored hang by "
		   "%.2g%% of the length (the hang's tip at %.2f, %.2f)", lowest,
		   100.0 * worst, tip.x, tip.y);
	CHECK(lowest > 0.0 && worst < 0.01);
	CHECK(tip.y < -0.5);  /* it does hang */
	tt_world_destroy(world);
}

/* A free chain in no gravity on a root that moves 0.6 m and turns 100
 * degrees in half a second, then holds. */
static void swing_root(tt_frame_id f, int step)
{
	float t = fminf((float)step / 30.0f, 1.0f);
	float ease = 0.5f - 0.5f * cosf(3.14159265f * t);
	CHECK(tt_frame_move_to(f, (tt_vec3){0.6f * ease, 1, 0.2f * ease},
			       tt_quat_axis_angle((tt_vec3){0.3f, 1, 0}, 1.75f * ease)) ==
	      TT_OK);
}

void test_bone_inertia_rigid(void)
{
	tt_world_def wd = tt_world_def_default();
	wd.is_3d = 1;
	tt_world_id world;
	CHECK(tt_world_create(&wd, &world) == TT_OK);
	tt_bonechain_def def = tt_bonechain_def_default();
	bones_knobs(&def, 0.0f, 0.0f, 0.0f, 1.0f);
	def.gravity = (tt_vec3){0, 0, 0};
	strand s;
	bones_strand(&s, world, (tt_vec3){0, 1, 0}, (tt_vec3){0.6f, -0.8f, 0}, 11,
		     0.1f, def);
	double worst = 0.0;
	for (int k = 1; k <= 60; k++) {
		swing_root(s.root, k);
		tt_world_step(world);
		for (int i = 0; i < 11; i++)
			worst = fmax(worst, bones_distance(bones_local(&s, i), s.points[i]));
	}
	CHECK(tt_frame_move_to(s.root, (tt_vec3){3, 2, -1},
			       tt_quat_axis_angle((tt_vec3){1, 0, 0}, 1.0f)) == TT_OK);
	tt_world_step(world);  /* a jump: 3 m and a turn in one step */
	for (int i = 0; i < 11; i++)
		worst = fmax(worst, bones_distance(bones_local(&s, i), s.points[i]));
	check_note("local positions moved by %.2g m at most", worst);
	CHECK(worst < 1e-4);
	tt_world_destroy(world);
}

/* Inertia 0 at the rope's rate: the chain lags as a rope pinned to the
 * same root does. */
void test_bone_inertia_lags(void)
{
	tt_world_def wd = tt_world_def_default();
	wd.is_3d = 1;
	wd.gravity = (tt_vec3){0, 0, 0};
	tt_world_id world;
	CHECK(tt_world_create(&wd, &world) == TT_OK);
	tt_bonechain_def def = tt_bonechain_def_default();
	bones_knobs(&def, 0.0f, 0.0f, 0.0f, 0.0f);
	def.gravity = (tt_vec3){0, 0, 0};
	def.rate = 480.0f;
	strand s;
	bones_strand(&s, world, (tt_vec3){0, 1, 0}, (tt_vec3){1, 0, 0}, 11, 0.1f, def);
	tt_rope_def rd = tt_rope_def_default();
	rd.from = (tt_vec3){0, 1, 0};
	rd.to = (tt_vec3){1, 1, 0};
	rd.segments = 10;
	rd.damping = 0.0f;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &rd, &rope) == TT_OK);
	CHECK(tt_particle_pin_to_frame(tt_rope_node(rope, 0), s.root,
				       (tt_vec3){0, 0, 0}) == TT_OK);
	double gap = 0.0, lag = 0.0;
	for (int k = 1; k <= 45; k++) {
		swing_root(s.root, k);
		tt_world_step(world);
		tt_vec3 tip = tt_particle_get_position(tt_rope_node(rope, 10));
		gap = fmax(gap, bones_distance(bones_node(&s, 10), tip));
		lag = fmax(lag, bones_distance(bones_local(&s, 10), s.points[10]));
	}
	check_note("tip lags the rigid pose by up to %.2f m; off the rope's by "
		   "%.2g%% of the length", lag, 100.0 * gap);
	CHECK(lag > 0.3 && gap < 0.01);
	tt_world_destroy(world);
}

void test_bone_curves(void)
{
	tt_world_id world = scene_world3(8);
	tt_bonechain_def def = tt_bonechain_def_default();
	def.curve[TT_BONE_STIFFNESS] = tt_curve_line(0.1f, 0.5f);
	def.curve[TT_BONE_DAMPING] = (tt_curve){3, {0.0f, 0.5f, 1.0f},
						{0.2f, 0.8f, 0.4f}};
	strand s;
	bones_strand(&s, world, (tt_vec3){0, 1, 0}, (tt_vec3){1, 0, 0}, 5, 0.1f, def);
	float mid = tt_bonechain_value(s.chain, TT_BONE_STIFFNESS, 2);
	float quarter = tt_bonechain_value(s.chain, TT_BONE_DAMPING, 1);
	float tip = tt_bonechain_value(s.chain, TT_BONE_DAMPING, 4);
	check_note("stiffness {0.1, 0.5} at the middle node %.6f", mid);
	CHECK_NEAR(mid, 0.3, 1e-6);
	CHECK_NEAR(quarter, 0.5, 1e-6);
	CHECK_NEAR(tip, 0.4, 1e-6);
	CHECK_NEAR(tt_curve_eval(&def.curve[TT_BONE_DAMPING], 0.75f), 0.6, 1e-6);
	tt_world_destroy(world);
}

typedef enum change { NONE, LIVE, REBUILT, SAME } change;

/* The hash after 100 + extra steps of a dancing strand, with its
 * stiffness made 0.9 at step 100 in the way `how` says: in place, or in a
 * definition made afresh, or not changed but set again. */
static uint64_t run_with(change how, int extra)
{
	tt_world_id world = scene_world3(8);
	tt_bonechain_def def = tt_bonechain_def_default();
	bones_knobs(&def, 0.1f, 0.02f, 0.1f, 0.0f);  /* sags past the cone */
	strand s;
	bones_strand(&s, world, (tt_vec3){0, 1.5f, 0}, (tt_vec3){1, 0, 0}, 11, 0.1f,
		     def);
	for (int k = 1; k <= 100 + extra; k++) {
		if (k == 101 && how != NONE) {
			tt_bonechain_def d = how == REBUILT ? def
							    : tt_bonechain_get_def(s.chain);
			d.frame = s.root;
			d.points = s.points;
			d.point_count = s.count;
			if (how != SAME)
				d.curve[TT_BONE_STIFFNESS] = tt_curve_constant(0.9f);
			CHECK(tt_bonechain_set_def(s.chain, &d) == TT_OK);
		}
		dance(s.root, k);
		tt_world_step(world);
	}
	uint64_t hash = tt_world_hash(world);
	tt_world_destroy(world);
	return hash;
}

void test_bone_live_change(void)
{
	uint64_t none = run_with(NONE, 1), live = run_with(LIVE, 1);
	CHECK(run_with(LIVE, 0) == run_with(NONE, 0));  /* not before its step */
	CHECK(live != none);                             /* at its step */
	CHECK(run_with(LIVE, 100) == run_with(REBUILT, 100));
	CHECK(run_with(SAME, 100) == run_with(NONE, 100));
}
