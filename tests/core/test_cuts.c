/* Cuts (core/cut.c, core/cutter.c): a cut rope's lower part falls freely
 * and shares nothing, a replayed cut gives the same bits, a fast blade
 * cuts every rope it passes, strain tears exactly when passed, a swipe
 * severs exactly the springs it crosses, handles after a cut. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

/* A vertical rope of `segments` from (x, 0) down 5 m, pinned at the top. */
static tt_rope_id hanging_rope(tt_world_id world, float x, int segments)
{
	tt_rope_def def = tt_rope_def_default();
	def.from = (tt_vec3){x, 0.0f, 0.0f};
	def.to = (tt_vec3){x, -5.0f, 0.0f};
	def.segments = segments;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &def, &rope) == TT_OK);
	return rope;
}

static double total_mass(tt_world_id world)
{
	double sum = 0.0;
	for (int i = 0; i < tt_world_particle_count(world); i++)
		sum += tt_particle_get_mass(tt_world_particle_at(world, i));
	return sum;
}

/* Height of the rope's centre of mass. */
static double centre_y(tt_rope_id rope)
{
	double m = 0.0, my = 0.0;
	for (int k = 0; k < tt_rope_node_count(rope); k++) {
		tt_particle_id p = tt_rope_node(rope, k);
		m += tt_particle_get_mass(p);
		my += tt_particle_get_mass(p) * tt_particle_get_position(p).y;
	}
	return my / m;
}

static int in_rope(tt_rope_id rope, tt_particle_id p)
{
	for (int k = 0; k < tt_rope_node_count(rope); k++)
		if (tt_particle_id_equal(tt_rope_node(rope, k), p))
			return 1;
	return 0;
}

/* No particle in both parts, and no spring from one part to the other. */
static int parts_share_nothing(tt_world_id world, tt_rope_id a, tt_rope_id b)
{
	for (int k = 0; k < tt_rope_node_count(b); k++)
		if (in_rope(a, tt_rope_node(b, k)))
			return 0;
	for (int c = 0; c < tt_world_spring_count(world); c++) {
		tt_spring_id s = tt_world_spring_at(world, c);
		int ea = in_rope(a, tt_spring_get_a(s)) + in_rope(b, tt_spring_get_a(s));
		int eb = in_rope(a, tt_spring_get_b(s)) + in_rope(b, tt_spring_get_b(s));
		if (ea && eb && in_rope(a, tt_spring_get_a(s)) !=
				      in_rope(a, tt_spring_get_b(s)))
			return 0;
	}
	return 1;
}

void test_cut_rope_falls(void)
{
	tt_world_id world = scene_world(8);
	tt_rope_id rope = hanging_rope(world, 0.0f, 100);  /* > 32: grows */
	scene_steps(world, 30);
	double mass = total_mass(world);
	tt_rope_id lower;
	CHECK(tt_rope_cut(rope, 50, 0.5f, &lower) == TT_OK);
	CHECK_NEAR(total_mass(world), mass, 1e-6);
	CHECK(tt_rope_node_count(rope) == 52 && tt_rope_node_count(lower) == 51);
	CHECK(parts_share_nothing(world, rope, lower));
	double y[3];
	for (int k = 0; k < 3; k++) {
		scene_steps(world, 10);
		y[k] = centre_y(lower);
	}
	float dt = 10.0f * tt_world_get_def(world).time_step;
	double g = -(y[2] - 2.0 * y[1] + y[0]) / ((double)dt * dt);
	check_note("lower part falls at %.4f m/s^2, mass kept to %.1e kg", g,
		   fabs(total_mass(world) - mass));
	CHECK_NEAR(g, 9.81, 0.02 * 9.81);
	CHECK_NEAR(tt_particle_get_position(tt_rope_node(rope, 51)).y, -2.525,
		   0.01);  /* the upper part still hangs: 50.5 segments */
	tt_world_destroy(world);
}

/* The same calls, then the same cut: the same state bit for bit. */
static uint64_t cut_and_hash(float t, int steps)
{
	tt_world_id world = scene_world(8);
	tt_rope_id rope = hanging_rope(world, 0.0f, 40);
	tt_particle_set_velocity(tt_rope_node(rope, 40), (tt_vec3){3, 0, 0});
	scene_steps(world, 20);
	CHECK(tt_rope_cut(rope, 17, t, NULL) == TT_OK);
	scene_steps(world, steps);
	uint64_t hash = tt_world_hash(world);
	tt_world_destroy(world);
	return hash;
}

void test_cut_replay(void)
{
	uint64_t a = cut_and_hash(0.3f, 0), b = cut_and_hash(0.3f, 0);
	check_note("hash %016llx", (unsigned long long)a);
	CHECK(a == b);
	CHECK(cut_and_hash(0.3f, 60) == cut_and_hash(0.3f, 60));
	CHECK(cut_and_hash(0.3f, 60) != cut_and_hash(0.31f, 60));
}

void test_cut_blade(void)
{
	tt_world_id world = scene_world(8);
	tt_rope_id ropes[20];
	for (int r = 0; r < 20; r++)
		ropes[r] = hanging_rope(world, 0.2f * (float)r, 20);
	tt_cutter_id blade;
	CHECK(tt_cutter_create(world, (tt_vec3){-0.3f, -2.6f, 0}, &blade) == TT_OK);
	scene_steps(world, 1);
	CHECK(tt_cutter_move(blade, (tt_vec3){4.7f, -2.6f, 0}) == TT_OK);
	scene_steps(world, 1);
	int count, cut_ropes = 0;
	const tt_event *e = tt_world_events(world, &count);
	for (int i = 0; i < count; i++)
		cut_ropes += e[i].kind == TT_EVENT_CUT && e[i].cause == TT_CUT_SWIPE;
	int shortened = 0;
	for (int r = 0; r < 20; r++)
		shortened += tt_rope_node_count(ropes[r]) == 12;
	check_note("a 5 m/step blade cut %d of 20 ropes", cut_ropes);
	CHECK(tt_cutter_cut_count(blade) == 20 && cut_ropes == 20);
	CHECK(shortened == 20);
	tt_world_destroy(world);
}

/* Rope with both ends pinned, end pulled along +x at 0.5 m/s, no gravity. */
static tt_rope_id pulled_rope(tt_world_id *world, float max_strain)
{
	*world = scene_world(8);
	tt_world_def def = tt_world_get_def(*world);
	def.gravity = (tt_vec3){0};
	tt_world_set_def(*world, &def);
	tt_rope_def rd = tt_rope_def_default();
	rd.to = (tt_vec3){4, 0, 0};
	rd.segments = 10;
	rd.compliance = 1e-4f;
	rd.pin_end = 1;
	rd.tethers = TT_ROPE_TETHERS_NONE;
	rd.max_strain = max_strain;
	tt_rope_id rope;
	CHECK(tt_rope_create(*world, &rd, &rope) == TT_OK);
	return rope;
}

static float rope_strain(tt_rope_id rope)
{
	float worst = 0.0f;
	for (int i = 0; i + 1 < tt_rope_node_count(rope); i++) {
		tt_spring_id s = tt_rope_segment(rope, i);
		float rest = tt_spring_get_rest_length(s);
		worst = fmaxf(worst, (tt_spring_get_length(s) - rest) / rest);
	}
	return worst;
}

void test_cut_tear(void)
{
	tt_world_id a, b;
	tt_rope_id torn = pulled_rope(&a, 0.05f), free_rope = pulled_rope(&b, 0);
	int tear_step = -1, early = 0;
	for (int step = 1; step <= 120 && tear_step < 0; step++) {
		tt_vec3 to = {4.0f + 0.5f * (float)step / 60.0f, 0, 0};
		tt_particle_move_to(tt_rope_node(torn, 10), to);
		tt_particle_move_to(tt_rope_node(free_rope, 10), to);
		scene_steps(a, 1);
		scene_steps(b, 1);
		int passed = rope_strain(free_rope) > 0.05f;
		int cut = tt_rope_node_count(torn) != 11;
		early += cut && !passed;
		if (passed && !cut)
			early = 1000;  /* passed but did not tear in that step */
		if (cut)
			tear_step = step;
	}
	check_note("tore in step %d, the first past strain 0.05", tear_step);
	CHECK(tear_step > 1 && early == 0);
	int count;
	const tt_event *e = tt_world_events(a, &count);
	CHECK(count >= 1 && e[0].kind == TT_EVENT_CUT &&
	      e[0].cause == TT_CUT_STRAIN && e[0].value == 0.5f);
	tt_world_destroy(a);
	tt_world_destroy(b);
}

/* Brute force: does segment p-q cross segment a-b? Orientation signs. */
static int crosses(tt_vec3 p, tt_vec3 q, tt_vec3 a, tt_vec3 b)
{
	double d1 = ((double)b.x - a.x) * ((double)p.y - a.y) -
		    ((double)b.y - a.y) * ((double)p.x - a.x);
	double d2 = ((double)b.x - a.x) * ((double)q.y - a.y) -
		    ((double)b.y - a.y) * ((double)q.x - a.x);
	double d3 = ((double)q.x - p.x) * ((double)a.y - p.y) -
		    ((double)q.y - p.y) * ((double)a.x - p.x);
	double d4 = ((double)q.x - p.x) * ((double)b.y - p.y) -
		    ((double)q.y - p.y) * ((double)b.x - p.x);
	return d1 * d2 < 0.0 && d3 * d4 < 0.0;
}

void test_cut_cloth_slit(void)
{
	tt_world_id world = scene_world(8);
	scene_grid(world, 16, 16, 0.25f, 1);
	int n = tt_world_spring_count(world), expected = 0, wrong = 0;
	tt_spring_id ids[16 * 16 * 4];
	int crossing[16 * 16 * 4];
	tt_vec3 a = {-0.37f, -1.13f, 0}, b = {3.97f, -2.41f, 0};
	for (int c = 0; c < n; c++) {
		ids[c] = tt_world_spring_at(world, c);
		crossing[c] = crosses(tt_particle_get_position(tt_spring_get_a(ids[c])),
				      tt_particle_get_position(tt_spring_get_b(ids[c])),
				      a, b);
		expected += crossing[c];
	}
	int cut = 0;
	CHECK(tt_world_cut(world, a, b, &cut) == TT_OK);
	for (int c = 0; c < n; c++)
		wrong += tt_spring_valid(ids[c]) == crossing[c];
	check_note("cut %d springs, %d cross, %d wrong", cut, expected, wrong);
	CHECK(expected > 40 && cut == expected && wrong == 0);
	scene_steps(world, 90);  /* the slit opens: the lower half falls */
	float low = 0.0f;
	for (int i = 0; i < tt_world_particle_count(world); i++)
		low = fminf(low, tt_particle_get_position(tt_world_particle_at(world, i)).y);
	CHECK(low < -6.0f);
	tt_world_destroy(world);
}

void test_cut_handles(void)
{
	size_t bytes = tt_bytes_allocated();
	tt_world_id world = scene_world(8);
	tt_cutter_id blade;
	CHECK(tt_cutter_create(world, (tt_vec3){0}, &blade) == TT_OK);
	tt_rope_id rope = hanging_rope(world, 0.0f, 20);
	tt_spring_id seg = tt_rope_segment(rope, 5), tether = {0};
	for (int c = 0; c < tt_world_spring_count(world) && !tether.index1; c++)
		if (tt_spring_get_kind(tt_world_spring_at(world, c)) == TT_SPRING_TETHER)
			tether = tt_world_spring_at(world, c);
	CHECK(tt_spring_cut(tether, 0.5f) == TT_ERR_CUT_TETHER);
	CHECK(tt_rope_cut(rope, 20, 0.5f, NULL) == TT_ERR_ROPE_SEGMENT);
	CHECK(tt_rope_cut(rope, 5, 1.5f, NULL) == TT_ERR_CUT_FRACTION);
	CHECK(tt_spring_cut(seg, NAN) == TT_ERR_CUT_FRACTION);
	CHECK(tt_spring_cut(seg, 0.25f) == TT_OK);  /* splits the rope too */
	CHECK(tt_spring_cut(seg, 0.25f) == TT_ERR_SPRING_STALE);
	CHECK(tt_rope_valid(rope) && tt_rope_node_count(rope) == 7);
	CHECK_NEAR(tt_rope_get_length(rope), 5.25 * 0.25, 1e-5);
	CHECK(tt_rope_get_tethers(rope) == TT_ROPE_TETHERS_START);
	int count;
	const tt_event *e = tt_world_events(world, &count);
	CHECK(count == 1 && e[0].cause == TT_CUT_SCRIPT && e[0].value == 0.25f);
	tt_rope_id lower = e[0].other_rope;
	CHECK(tt_rope_node_count(lower) == 16 &&
	      tt_rope_get_tethers(lower) == TT_ROPE_TETHERS_NONE);
	CHECK_NEAR(tt_rope_get_length(lower), 14.75 * 0.25, 1e-5);
	CHECK(tt_particle_id_equal(tt_rope_node(lower, 0), e[0].other));
	scene_steps(world, 1);  /* a script cut is reported after the next step */
	e = tt_world_events(world, &count);
	CHECK(count == 1 && e[0].kind == TT_EVENT_CUT);
	scene_steps(world, 1);
	tt_world_events(world, &count);
	CHECK(count == 0);
	CHECK(tt_world_set_min_fragment(world, 3) == TT_OK);
	tt_rope_id stub;
	CHECK(tt_rope_cut(lower, 14, 0.5f, &stub) == TT_OK);
	CHECK(!tt_rope_valid(stub) && tt_rope_node_count(lower) == 16);
	CHECK(tt_world_set_min_fragment(world, -1) == TT_ERR_MIN_SEGMENTS);
	tt_world_destroy(world);
	CHECK(!tt_cutter_valid(blade) && tt_cutter_move(blade, (tt_vec3){0}) ==
						 TT_ERR_CUTTER_STALE);
	CHECK(tt_bytes_allocated() == bytes);  /* cuts and cutters freed */
}
