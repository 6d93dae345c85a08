/* Tearing with a floor (core/cut.c): a cloth grid pulled apart by a rigid
 * mover (the worst puller there is) tears into a few pieces and stops,
 * each step tears at most max_tears springs, and no cut makes a particle
 * lighter or a piece shorter than the world's floors. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

enum { COLS = 16, ROWS = 12 };

/* A COLS x ROWS grid of 50 g particles 0.2 m apart, top row pinned, rods
 * that tear past 60% strain; a pinned mover is joined to the bottom
 * middle particle by a rigid rod of rest 0 (the old window grab). */
static tt_particle_id torn_grid(tt_world_id world)
{
	tt_particle_id p[COLS * ROWS];
	tt_particle_def pd = tt_particle_def_default();
	pd.mass = 0.05f;
	for (int k = 0; k < COLS * ROWS; k++) {
		pd.position = (tt_vec3){0.2f * (float)(k % COLS), -0.2f * (float)(k / COLS), 0};
		pd.pinned = k < COLS;
		CHECK(tt_particle_create(world, &pd, &p[k]) == TT_OK);
	}
	tt_spring_def sd = tt_spring_def_default();
	sd.max_strain = 0.6f;
	for (int k = 0; k < COLS * ROWS; k++) {
		sd.a = p[k];
		for (int e = 0; e < 2; e++) {
			int next = e == 0 ? k + 1 : k + COLS;
			if ((e == 0 && k % COLS == COLS - 1) || next >= COLS * ROWS)
				continue;
			sd.b = p[next];
			CHECK(tt_spring_create(world, &sd, &(tt_spring_id){0}) == TT_OK);
		}
	}
	tt_particle_id grabbed = p[(ROWS - 1) * COLS + COLS / 2];
	tt_particle_id mover = scene_particle(world, tt_particle_get_position(grabbed), 0.0f);
	sd = tt_spring_def_default();
	sd.a = mover, sd.b = grabbed, sd.rest_length = 0.0f;
	CHECK(tt_spring_create(world, &sd, &(tt_spring_id){0}) == TT_OK);
	return mover;
}

static int count_events(tt_world_id world, tt_event_kind kind, float *value)
{
	int count, n = 0;
	const tt_event *e = tt_world_events(world, &count);
	for (int k = 0; k < count; k++)
		if (e[k].kind == kind)
			n++, *value = e[k].value;
	return n;
}

/* The lightest particle and the shortest spring rest now. */
static void smallest(tt_world_id world, double *mass, double *rest)
{
	*mass = *rest = INFINITY;
	for (int i = 0; i < tt_world_particle_count(world); i++) {
		float m = tt_particle_get_mass(tt_world_particle_at(world, i));
		*mass = m > 0.0f ? fmin(*mass, m) : *mass;
	}
	tt_spring_view s = tt_world_springs(world);
	for (int c = 0; c < s.count; c++)
		*rest = s.rest[c] > 0.0f ? fmin(*rest, s.rest[c]) : *rest;
}

/* Yanked down at 6 m/s for 2 s: a few dozen cuts at most, the particle
 * count bounded, nothing under the floors. */
void test_tear_bounded(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id mover = torn_grid(world);
	tt_vec3 at = tt_particle_get_position(mover);
	int start = tt_world_particle_count(world), cuts = 0;
	float unused;
	for (int s = 1; s <= 120; s++) {
		tt_particle_move_to(mover, (tt_vec3){at.x, at.y - 0.1f * (float)s, 0});
		scene_steps(world, 1);
		cuts += count_events(world, TT_EVENT_CUT, &unused);
	}
	int grown = tt_world_particle_count(world) - start;
	double mass, rest;
	smallest(world, &mass, &rest);
	check_note("%d cuts, %d particles more, lightest %.3g kg, shortest %.3g m",
		   cuts, grown, mass, rest);
	CHECK(cuts > 0 && cuts <= 36);
	CHECK(grown == 2 * cuts);
	tt_cut_limits floors = tt_world_get_cut_limits(world);
	CHECK(mass >= floors.min_mass && rest >= floors.min_length);
	tt_world_destroy(world);
}

/* With max_tears 2 a hard yank tears 2 springs a step and says how many
 * wait (event tear_limit). */
void test_tear_limit(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id mover = torn_grid(world);
	tt_cut_limits limits = tt_world_get_cut_limits(world);
	limits.max_tears = 2;
	CHECK(tt_world_set_cut_limits(world, &limits) == TT_OK);
	tt_vec3 at = tt_particle_get_position(mover);
	int most = 0, limited = 0;
	float waiting = 0.0f;
	for (int s = 1; s <= 30; s++) {
		/* 60 m/s: the grabbed particle's three springs tear at once */
		tt_particle_move_to(mover, (tt_vec3){at.x, at.y - 1.0f * (float)s, 0});
		scene_steps(world, 1);
		float unused;
		int cuts = count_events(world, TT_EVENT_CUT, &unused);
		most = cuts > most ? cuts : most;
		limited += count_events(world, TT_EVENT_TEAR_LIMIT, &waiting);
	}
	check_note("at most %d tears a step, %d limited steps", most, limited);
	CHECK(most == 2);
	CHECK(limited > 0 && waiting >= 1.0f);
	limits.max_tears = -1;
	CHECK(tt_world_set_cut_limits(world, &limits) == TT_ERR_CUT_LIMITS);
	tt_world_destroy(world);
}

/* A cut near an end moves off it by min_length; a spring too short for
 * two pieces is not cut; a light end gives no less than min_mass and
 * keeps at least that. */
void test_cut_floor(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id a = scene_particle(world, (tt_vec3){0, 0, 0}, 1.0f);
	tt_particle_id b = scene_particle(world, (tt_vec3){1, 0, 0}, 1.0f);
	tt_particle_id c = scene_particle(world, (tt_vec3){1.008f, 0, 0}, 1.0f);
	tt_spring_def sd = tt_spring_def_default();
	sd.a = a, sd.b = b;
	tt_spring_id long_one, short_one;
	CHECK(tt_spring_create(world, &sd, &long_one) == TT_OK);
	sd.a = b, sd.b = c;
	CHECK(tt_spring_create(world, &sd, &short_one) == TT_OK);
	CHECK(tt_spring_cut(short_one, 0.5f) == TT_ERR_CUT_FLOOR);
	CHECK(tt_spring_valid(short_one));
	CHECK(tt_spring_cut(long_one, 0.0f) == TT_OK);
	int count;
	const tt_event *e = tt_world_events(world, &count);
	CHECK(count == 1 && e[0].kind == TT_EVENT_CUT);
	CHECK_NEAR(e[0].value, 0.005, 1e-6);  /* moved off a by 5 mm */
	CHECK_NEAR(tt_particle_get_mass(e[0].particle), 0.025, 1e-7);  /* MIN_SHARE */
	tt_cut_limits limits = tt_world_get_cut_limits(world);
	limits.min_mass = 0.3f;  /* a quarter of 0.5 kg is under it, and 0.5
				    kg cannot give 0.3 and keep 0.3 */
	tt_world_set_cut_limits(world, &limits);
	sd.a = scene_particle(world, (tt_vec3){0, 1, 0}, 0.5f);
	sd.b = scene_particle(world, (tt_vec3){1, 1, 0}, 0.5f);
	tt_spring_id light;
	CHECK(tt_spring_create(world, &sd, &light) == TT_OK);
	CHECK(tt_spring_cut(light, 0.5f) == TT_ERR_CUT_FLOOR);
	tt_world_destroy(world);
}
