/* Ropes and roots against 3D colliders (core/contact3.c,
 * core/contact3_spring.c): a rope tied inside a thin bar's skin yanked
 * about it by the soft grab does not lock or blow up; a rope laid through
 * a sphere comes out at TT_PUSH_OUT_SPEED; hair rooted on or 2 cm inside a
 * head stays unstretched with the head static, moving and turning. */
#include <math.h>
#include <stdint.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define BAR_Y 2.95f  /* the bar's axis, 5 cm above the ropes' roots */

static float uniform(uint32_t *seed, float lo, float hi)
{
	*seed = *seed * 1664525u + 1013904223u;
	return lo + (hi - lo) * (float)(*seed >> 8) / 16777216.0f;
}

/* A bar of radius 4 cm (enabled or not) and a 2.1 m rope of 28 segments
 * (as examples/orbit.lua's were) tied at x 5 cm under its axis, inside its
 * skin (4 + 3 cm), with air drag. */
static tt_rope_id under_bar(tt_world_id world, float x, int bar)
{
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_CAPSULE;
	def.position = (tt_vec3){0.0f, BAR_Y, -0.3f};
	def.radius = 0.04f;
	def.length = 2.6f;
	def.enabled = bar;
	scene_collider(world, &def);
	tt_rope_def rd = tt_rope_def_default();
	rd.from = (tt_vec3){x, BAR_Y - 0.05f, -0.3f};
	rd.to = (tt_vec3){x, BAR_Y - 2.15f, -0.3f};
	rd.segments = 28;
	rd.mass_per_metre = 0.4f;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &rd, &rope) == TT_OK);
	for (int k = 0; k < 28; k++)
		tt_spring_set_drag(tt_rope_segment(rope, k), 0.3f);
	return rope;
}

typedef struct yank {
	double worst;  /* strain, over the yank and the 6 s after */
	double rest;   /* strain, from 1 s after the release */
	double last;   /* strain, the last 2 s (settled) */
	double peak;   /* energy (J) */
} yank;

/* The rope under the bar grabbed at a random node and flung through five
 * random points about the bar, 2 to 12 steps each (up to 70 m/s), let
 * go, 6 s more. */
static yank yanked(uint32_t seed, int bar)
{
	tt_world_id world = scene_world3(8);
	float x = -0.95f + 1.2f * (float)(int)uniform(&seed, 0.0f, 2.99f);
	tt_rope_id rope = under_bar(world, x, bar);
	tt_grab_def gd = tt_grab_def_default();
	gd.particle = tt_rope_node(rope, 3 + (int)uniform(&seed, 0.0f, 25.99f));
	gd.target = tt_particle_get_position(gd.particle);
	tt_grab_id grab;
	CHECK(tt_grab_create(world, &gd, &grab) == TT_OK);
	int per = 2 + (int)uniform(&seed, 0.0f, 10.99f);
	yank out = {0};
	for (int step = 0; step < 5 * per + 360; step++) {
		if (step < 5 * per && step % per == 0)
			tt_grab_set_target(grab, (tt_vec3){x + uniform(&seed, -2.5f, 2.5f),
							   BAR_Y + uniform(&seed, -1.5f, 1.5f),
							   -0.3f + uniform(&seed, -1.5f, 1.5f)});
		if (step == 5 * per)
			tt_grab_destroy(grab);
		scene_steps(world, 1);
		double strain = scene_rope_strain(&rope, 1);
		out.worst = fmax(out.worst, strain);
		if (step >= 5 * per + 60)
			out.rest = fmax(out.rest, strain);
		if (step >= 5 * per + 240)
			out.last = fmax(out.last, strain);
		out.peak = fmax(out.peak, tt_world_energy(world));
	}
	tt_world_destroy(world);
	return out;
}

/* Before the fix: 1436% strain, 5.1 kJ, ropes left stuck on the bar at
 * 71% (a spring's line swept through the bar's line far from the bar and
 * was pushed back 0.9 m; the rope's tethers, lines from its root, were
 * pushed off the bar and held the rope up; the first segment, left out as
 * a root's, swung through the bar and stuck there). Now the bar adds
 * nothing to what the yanks do with it off. */
void test_roots3_bar_yanks(void)
{
	yank with = {0}, without = {0};
	for (uint32_t s = 1; s <= 100; s++) {
		yank a = yanked(s, 1), b = yanked(s, 0);
		with.worst = fmax(with.worst, a.worst);
		with.rest = fmax(with.rest, a.rest);
		with.last = fmax(with.last, a.last);
		with.peak = fmax(with.peak, a.peak);
		without.worst = fmax(without.worst, b.worst);
		without.peak = fmax(without.peak, b.peak);
	}
	check_note("100 yanks: worst strain %.0f%% (%.0f%% with the bar off), "
		   "%.1f%% from 1 s after the release, %.1f%% the last 2 s, "
		   "energy %.0f J (%.0f J)", 100 * with.worst, 100 * without.worst,
		   100 * with.rest, 100 * with.last, with.peak, without.peak);
	CHECK(with.worst < 1.0);
	CHECK(with.worst < 1.25 * without.worst);
	/* a rope left wound round the bar stays stretched by the contacts
	 * (roots3 bar fling): over these seeds up to 4.1% or 6.6% (seed 13)
	 * as the chain solve rounds one way or another; stuck, it was 71% */
	CHECK(with.last < 0.08);
	CHECK(with.peak < 1.25 * without.peak);
}

/* The grab takes the rope 0.9 m down, up over the bar at 4 m/s and lets
 * go behind it: it falls over the bar and hangs there wound once round,
 * stretched a little at rest. While it falls and swings round the bar it
 * stretches up to 15% (as before the fix): the contacts come after the
 * chain solve in each substep, and a rope pulled tight round a bar with
 * tension T gets pushed out by about T angle h^2 / node mass. */
void test_roots3_bar_fling(void)
{
	tt_world_id world = scene_world3(8);
	tt_rope_id rope = under_bar(world, -0.95f, 1);
	tt_grab_def gd = tt_grab_def_default();
	gd.particle = tt_rope_node(rope, 12);
	gd.target = tt_particle_get_position(gd.particle);
	tt_grab_id grab;
	CHECK(tt_grab_create(world, &gd, &grab) == TT_OK);
	const tt_vec3 path[3] = {{-0.95f, 2.0f, 0.3f}, {-0.95f, 3.5f, 0.2f},
				 {-0.95f, 3.5f, -0.8f}};
	tt_vec3 at = gd.target;
	double worst = 0.0, rest = 0.0, peak = 0.0;
	int leg = 0, release = -1;
	for (int step = 0; step < 600; step++) {
		if (leg < 3) {  /* the target runs along the path at 4 m/s */
			tt_vec3 d = {path[leg].x - at.x, path[leg].y - at.y,
				     path[leg].z - at.z};
			float len = sqrtf(d.x * d.x + d.y * d.y + d.z * d.z);
			float k = fminf(4.0f / 60.0f / len, 1.0f);
			at = (tt_vec3){at.x + k * d.x, at.y + k * d.y, at.z + k * d.z};
			leg += k == 1.0f;
			tt_grab_set_target(grab, at);
		} else if (release < 0) {
			tt_grab_destroy(grab);
			release = step;
		}
		scene_steps(world, 1);
		double strain = scene_rope_strain(&rope, 1);
		worst = fmax(worst, strain);
		if (step >= 480)
			rest = fmax(rest, strain);
		peak = fmax(peak, tt_world_energy(world));
	}
	tt_vec3 tip = tt_particle_get_position(tt_rope_node(rope, 28));
	check_note("strain %.1f%% over the fling (let go at step %d), %.1f%% "
		   "the last 2 s, energy %.1f J at most, the tip at z %.2f",
		   100 * worst, release, 100 * rest, peak, tip.z);
	CHECK(rest < 0.05);
	CHECK(worst < 0.2);
	CHECK(peak < 60.0);
	CHECK(tip.z < -0.3f);  /* it hangs behind the bar */
	tt_world_destroy(world);
}

/* A free rope laid straight through a sphere of radius 1, 30 cm off its
 * centre, no gravity: the nodes inside come out at TT_PUSH_OUT_SPEED, not
 * all at once (up to 480 m/s before: a node 1 m deep pushed out in one
 * substep), and the rope keeps its length. */
void test_roots3_laid_through(void)
{
	tt_world_def wd = tt_world_def_default();
	wd.is_3d = 1;
	wd.gravity = (tt_vec3){0};
	tt_world_id world = scene_world_from(&wd);
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_SPHERE;
	def.radius = 1.0f;
	scene_collider(world, &def);
	tt_rope_id rope = scene_line_rope(world, (tt_vec3){-2.0f, 0.3f, 0.0f},
					  (tt_vec3){2.0f, 0.3f, 0.0f}, 40, 0.05f, 0, 0);
	double worst = 0.0, fastest = 0.0;
	for (int s = 0; s < 600; s++) {
		scene_steps(world, 1);
		worst = fmax(worst, scene_rope_strain(&rope, 1));
		fastest = fmax(fastest, scene_top_speed(world));
	}
	int inside = 0;
	for (int k = 0; k < tt_rope_node_count(rope); k++) {
		tt_vec3 p = tt_particle_get_position(tt_rope_node(rope, k));
		inside += sqrtf(p.x * p.x + p.y * p.y + p.z * p.z) < 1.04f;
	}
	check_note("worst strain %.2f%%, fastest %.2f m/s, %d nodes inside "
		   "after 10 s", 100 * worst, fastest, inside);
	CHECK(worst < 0.05);
	CHECK(fastest < 1.25);  /* the push out, 0.5 m/s, along two normals */
	CHECK(inside == 0);
	tt_world_destroy(world);
}

enum { STATIC, MOVING, TURNING };  /* as scene_check_roots numbers them */

/* Five strands of 20 x 0.1 m round the lower half of a head of radius 1,
 * roots at distance from its centre pinned to it, 10 s with the head
 * still, moving about, or turning to and fro about a tilted axis: the
 * worst segment strain of any step. */
static double rooted(int motion, float distance)
{
	static const float at[5][2] = {{190, 0}, {225, 30}, {270, -20},
				       {315, 40}, {350, -40}};
	tt_world_id world = scene_world3(8);
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_SPHERE;
	def.radius = 1.0f;
	tt_collider_id head = scene_collider(world, &def);
	tt_rope_id ropes[5];
	for (int k = 0; k < 5; k++) {
		float a = at[k][0] * 3.14159265f / 180.0f;
		float b = at[k][1] * 3.14159265f / 180.0f;
		tt_rope_def rd = tt_rope_def_default();
		rd.from = (tt_vec3){distance * cosf(a) * cosf(b), distance * sinf(a),
				    distance * cosf(a) * sinf(b)};
		rd.to = (tt_vec3){rd.from.x, rd.from.y - 2.0f, rd.from.z};
		rd.radius = 0.05f;
		CHECK(tt_rope_create(world, &rd, &ropes[k]) == TT_OK);
		CHECK(tt_particle_pin_to(tt_rope_node(ropes[k], 0), head,
					 tt_collider_to_local(head, rd.from)) == TT_OK);
	}
	const tt_vec3 axis = {0.3f, 1.0f, 0.2f};
	double worst = 0.0;
	for (int s = 1; s <= 600; s++) {
		float t = (float)s / 60.0f;
		if (motion == MOVING)
			tt_collider_move_to_3d(head, (tt_vec3){1.5f * sinf(t), 0.5f * sinf(2 * t),
							       0.8f * sinf(0.7f * t)},
					       (tt_quat){1.0f, 0.0f, 0.0f, 0.0f});
		if (motion == TURNING)
			tt_collider_move_to_3d(head, (tt_vec3){0},
					       tt_quat_axis_angle(axis, 0.8f * sinf(1.5f * t)));
		scene_steps(world, 1);
		worst = fmax(worst, scene_rope_strain(ropes, 5));
	}
	tt_world_destroy(world);
	return worst;
}

void test_roots3_on_head(void)
{
	scene_check_roots(rooted);
}
