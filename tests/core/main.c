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
	{"rope mass ratio", test_rope_mass_ratio},
	{"rope reel", test_rope_reel},
	{"rope teleport", test_rope_teleport},
	{"spring breaks", test_spring_breaks},
	{"wind terminal velocity", test_wind_terminal},
	{"wind rope angle", test_wind_rope_angle},
	{"wind noise seed", test_wind_noise_seed},
	{"wind noise smooth", test_wind_noise_smooth},
	{"wind region", test_wind_region},
	{"wind grid = uniform", test_wind_grid_uniform},
	{"wind vortex radial", test_wind_vortex_radial},
	{"wind refused", test_wind_refused},
	{"wind forces", test_wind_forces},
	{"collider rest", test_collider_rest},
	{"collider rest tilted", test_collider_rest_tilted},
	{"collider friction", test_collider_friction},
	{"collider restitution", test_collider_restitution},
	{"collider carries", test_collider_carries},
	{"collider move_to", test_collider_move_to},
	{"collider events", test_collider_events},
	{"collider refused", test_collider_refused},
	{"tunnel trials", test_tunnel_trials},
	{"tunnel peg", test_tunnel_peg},
	{"hash brute force", test_hash_brute_force},
	{"hash self collision", test_hash_self_collision},
	{"query raycast shapes", test_query_raycast_shapes},
	{"query raycast rope", test_query_raycast_rope},
	{"query overlap", test_query_overlap},
};

int main(void)
{
	int count = (int)(sizeof tests / sizeof tests[0]);
	return check_run(tests, count) ? 1 : 0;
}
