/* Limits (core/alloc.c, core/budget.c) and the crashes of issue 19 that
 * live in the core: a world's max_bytes and the total limit refuse with
 * their own status and give every byte back; the host's interrupt ends a
 * step of 1000 x 1000 early and the world steps on; a stale stored id
 * (a rope segment destroyed under the rope) is a status; an empty world
 * with particle collision steps; a rope's nodes go in one sweep. */
#include <math.h>

#include "../../core/taut.h"
#include "check.h"
#include "tests.h"

static tt_world_id new_world(size_t max_bytes)
{
	tt_world_def def = tt_world_def_default();
	if (max_bytes)
		def.max_bytes = max_bytes;
	tt_world_id w;
	CHECK(tt_world_create(&def, &w) == TT_OK);
	return w;
}

static tt_status add_rope(tt_world_id w, float y, int segments, tt_rope_id *out)
{
	tt_rope_def def = tt_rope_def_default();
	def.from = (tt_vec3){0.0f, y, 0.0f};
	def.to = (tt_vec3){10.0f, y, 0.0f};
	def.segments = segments;
	def.pin_start = 1;
	tt_rope_id unused;
	return tt_rope_create(w, &def, out ? out : &unused);
}

/* Ropes until the world refuses: how many were made. */
static int fill(tt_world_id w, tt_status *why)
{
	int n = 0;
	while ((*why = add_rope(w, (float)n, 1000, NULL)) == TT_OK)
		n++;
	*why = tt_status_refine(*why);
	return n;
}

void test_budget_world_bytes(void)
{
	size_t before = tt_bytes_allocated();
	tt_world_id small = new_world((size_t)2 << 20), other = new_world(0);
	tt_status why;
	int made = fill(small, &why);
	check_note("%d ropes of 1000 in 2 MiB, %zu bytes held", made,
		   tt_world_bytes(small));
	CHECK(why == TT_ERR_MEMORY_LIMIT);
	CHECK(made >= 1 && made < 100);
	CHECK(tt_world_bytes(small) <= (size_t)2 << 20);
	CHECK(add_rope(other, 0.0f, 1000, NULL) == TT_OK);  /* its own limit */
	CHECK(tt_world_step(small) == TT_OK);  /* full, it still steps */
	tt_world_def def = tt_world_get_def(small);
	def.max_bytes = 0;
	CHECK(tt_world_set_def(small, &def) == TT_ERR_MAX_BYTES);
	def.max_bytes = (size_t)64 << 20;
	CHECK(tt_world_set_def(small, &def) == TT_OK);
	CHECK(add_rope(small, -1.0f, 1000, NULL) == TT_OK);  /* raised: room */
	CHECK(tt_world_destroy(small) == TT_OK);
	CHECK(tt_world_destroy(other) == TT_OK);
	CHECK(tt_bytes_allocated() == before);
}

void test_budget_total_bytes(void)
{
	size_t before = tt_bytes_allocated();
	tt_set_byte_limit(before + ((size_t)3 << 20));
	tt_world_id a = new_world(0), b = new_world(0);
	tt_status why_a, why_b;
	int made = fill(a, &why_a) + fill(b, &why_b);
	tt_set_byte_limit(0);
	check_note("%d ropes before the 3 MiB total", made);
	CHECK(why_a == TT_ERR_TOTAL_MEMORY && why_b == TT_ERR_TOTAL_MEMORY);
	CHECK(tt_bytes_allocated() <= before + ((size_t)3 << 20));
	CHECK(add_rope(b, 100.0f, 1000, NULL) == TT_OK);  /* lifted */
	CHECK(tt_world_destroy(a) == TT_OK && tt_world_destroy(b) == TT_OK);
	CHECK(tt_bytes_allocated() == before);
}

static int g_polls;

static int stop_at_third(void *context)
{
	(void)context;
	return ++g_polls >= 3;
}

void test_budget_interrupt(void)
{
	tt_world_id w = new_world(0);
	tt_rope_id rope;
	CHECK(add_rope(w, 0.0f, 200, &rope) == TT_OK);
	tt_world_def def = tt_world_get_def(w);
	def.substeps = def.iterations = 1000;
	CHECK(tt_world_set_def(w, &def) == TT_OK);
	g_polls = 0;
	tt_set_interrupt(stop_at_third, NULL);
	CHECK(tt_world_step(w) == TT_ERR_INTERRUPTED);
	check_note("stopped at poll %d of a 2e8-projection step", g_polls);
	CHECK(g_polls == 3);
	tt_vec3 end = tt_particle_get_position(tt_rope_node(rope, 200));
	CHECK(isfinite(end.x) && isfinite(end.y));
	CHECK(end.y < 0.0f);  /* it had begun to fall */
	tt_set_interrupt(NULL, NULL);
	def.substeps = 8;
	def.iterations = 1;
	CHECK(tt_world_set_def(w, &def) == TT_OK);
	CHECK(tt_world_step(w) == TT_OK);
	CHECK(tt_world_step_count(w) == 2);
	tt_world_destroy(w);
}

void test_budget_stale_segment(void)
{
	tt_world_id w = new_world(0);
	tt_rope_id rope, end;
	CHECK(add_rope(w, 0.0f, 10, &rope) == TT_OK);
	CHECK(tt_spring_destroy(tt_rope_segment(rope, 3)) == TT_OK);
	CHECK(tt_rope_cut(rope, 3, 0.5f, &end) == TT_ERR_ROPE_BROKEN);
	CHECK(tt_particle_destroy(tt_rope_node(rope, 6)) == TT_OK);
	CHECK(tt_rope_cut(rope, 5, 0.5f, &end) == TT_ERR_ROPE_BROKEN);
	CHECK(tt_rope_cut(rope, 6, 0.5f, &end) == TT_ERR_ROPE_BROKEN);
	CHECK(tt_rope_cut(rope, 1, 0.5f, &end) == TT_OK);  /* a live one */
	CHECK(tt_world_step(w) == TT_OK);
	tt_world_destroy(w);
}

void test_budget_empty_collision(void)
{
	tt_world_def def = tt_world_def_default();
	def.particle_collision = 1;
	tt_world_id w;
	CHECK(tt_world_create(&def, &w) == TT_OK);
	CHECK(tt_world_step(w) == TT_OK);
	tt_particle_def pd = tt_particle_def_default();
	tt_particle_id p;
	CHECK(tt_particle_create(w, &pd, &p) == TT_OK);
	CHECK(tt_world_step(w) == TT_OK);
	CHECK(tt_particle_destroy(p) == TT_OK);
	CHECK(tt_world_step(w) == TT_OK);
	CHECK(tt_world_step_count(w) == 3);
	tt_world_destroy(w);
}

/* Destroying one of two ropes leaves the other as if it were alone. */
void test_budget_rope_sweep(void)
{
	tt_world_id both = new_world(0), alone = new_world(0);
	tt_rope_id gone, kept, control;
	CHECK(add_rope(both, 0.0f, 300, &gone) == TT_OK);
	CHECK(add_rope(both, -2.0f, 100, &kept) == TT_OK);
	CHECK(add_rope(alone, -2.0f, 100, &control) == TT_OK);
	CHECK(tt_rope_set_bend(gone, 0.01f) == TT_OK);  /* angles at its nodes */
	CHECK(tt_rope_set_bend(kept, 0.01f) == TT_OK);
	CHECK(tt_rope_set_bend(control, 0.01f) == TT_OK);
	CHECK(tt_rope_destroy(gone) == TT_OK);
	CHECK(tt_world_particle_count(both) == 101);
	CHECK(tt_world_spring_count(both) == tt_world_spring_count(alone));
	CHECK(tt_world_angle_count(both) == 99);
	for (int i = 0; i < 120; i++)
		tt_world_step(both), tt_world_step(alone);
	double worst = 0.0;
	for (int k = 0; k <= 100; k++) {
		tt_vec3 a = tt_particle_get_position(tt_rope_node(kept, k));
		tt_vec3 b = tt_particle_get_position(tt_rope_node(control, k));
		worst = fmax(worst, hypot(a.x - b.x, a.y - b.y));
	}
	check_note("kept rope within %.2g m of one alone", worst);
	CHECK(worst < 1e-4);
	tt_world_destroy(both);
	tt_world_destroy(alone);
}

/* Shortening a long rope takes its nodes out in one sweep too: from
 * 100000 segments to one, the fuzzer's slow input (tens of seconds, one
 * destroy at a time), now in milliseconds. */
void test_budget_rope_shrink(void)
{
	tt_world_id w = new_world(0);
	tt_rope_id rope;
	CHECK(add_rope(w, 0.0f, 100000, &rope) == TT_OK);
	CHECK(tt_rope_set_bend(rope, 0.01f) == TT_OK);
	CHECK(tt_rope_set_length(rope, 1e-4f) == TT_OK);
	check_note("%d nodes left, %d angles", tt_rope_node_count(rope),
		   tt_world_angle_count(w));
	CHECK(tt_rope_node_count(rope) == 2);
	CHECK(tt_world_particle_count(w) == 2);
	CHECK(tt_world_angle_count(w) == 0);
	CHECK(tt_world_step(w) == TT_OK);
	tt_vec3 end = tt_particle_get_position(tt_rope_node(rope, 1));
	CHECK(isfinite(end.x) && isfinite(end.y));
	tt_world_destroy(w);
}

/* A world slot's 16-bit generation never wraps to name an old world's
 * handles again: the slot retires and the next worlds take another. */
void test_budget_world_generations(void)
{
	tt_world_id first = new_world(0);
	CHECK(tt_world_destroy(first) == TT_OK);
	int aliased = 0, slots = 0;
	uint16_t last_slot = 0;
	for (int i = 0; i < 70000; i++) {
		tt_world_id w = new_world(0);
		aliased += tt_world_id_equal(w, first);
		slots += w.index1 != last_slot;
		last_slot = w.index1;
		tt_world_destroy(w);
	}
	check_note("70000 worlds over %d slots", slots);
	CHECK(aliased == 0);
	CHECK(slots == 2);
	CHECK(!tt_world_valid(first));
}

/* At every limit a call refused partway leaves sizes right: a destroyed
 * world gives back exactly its bytes (a rope's three node arrays grown
 * one by one used to leave one grown and the size of the other). */
void test_budget_partial_failures(void)
{
	size_t before = tt_bytes_allocated();
	int refused = 0, leaks = 0;
	for (size_t limit = 16 << 10; limit < (size_t)1 << 20; limit += 4 << 10) {
		tt_world_id w = new_world(limit);
		tt_rope_id rope;
		tt_status status = add_rope(w, 0.0f, 1000, &rope);
		refused += status != TT_OK;
		if (status == TT_OK) {
			tt_rope_set_length(rope, 2.0f * tt_rope_get_length(rope));
			tt_world_step(w);
		}
		tt_world_destroy(w);
		leaks += tt_bytes_allocated() != before;
	}
	check_note("%d of 252 limits refused the rope", refused);
	CHECK(refused > 50);
	CHECK(leaks == 0);
}
