/* The core test runner: every test in one table, run in order. Exit
 * status 1 when any failed. */
#include "check.h"
#include "tests.h"

static const check_test tests[] = {
	{"pendulum period", test_pendulum_period},
	{"pendulum energy", test_pendulum_energy},
	{"rope rest length", test_rope_rest_length},
	{"tether", test_tether},
	{"compliance", test_compliance},
	{"determinism", test_determinism},
	{"determinism differs", test_determinism_differs},
	{"memory baseline", test_memory_baseline},
	{"memory allocator", test_memory_allocator},
	{"ids stale particle", test_ids_stale_particle},
	{"ids springs follow", test_ids_springs_follow},
	{"ids generation", test_ids_generation},
	{"ids world", test_ids_world},
	{"ids swap remove", test_ids_swap_remove},
	{"batches rope", test_batches_rope},
	{"batches grid", test_batches_grid},
	{"teleport", test_teleport},
	{"move_to", test_move_to},
	{"move_to far", test_move_to_far},
	{"nonfinite refused", test_nonfinite_refused},
	{"nonfinite compliance", test_nonfinite_compliance},
	{"speed limit", test_speed_limit},
	{"rope heavy load", test_rope_heavy_load},
	{"rope catenary", test_rope_catenary},
	{"rope reel", test_rope_reel},
	{"rope teleport", test_rope_teleport},
	{"spring breaks", test_spring_breaks},
	{"cut rope falls", test_cut_rope_falls},
	{"cut replay", test_cut_replay},
	{"cut blade", test_cut_blade},
	{"cut tear", test_cut_tear},
	{"cut cloth slit", test_cut_cloth_slit},
	{"cut handles", test_cut_handles},
};

int main(void)
{
	int count = (int)(sizeof tests / sizeof tests[0]);
	return check_run(tests, count) ? 1 : 0;
}
