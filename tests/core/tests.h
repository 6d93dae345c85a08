/* Every core test, one function each, listed in main.c. */
#ifndef TT_TESTS_H
#define TT_TESTS_H

void test_pendulum_period(void);
void test_pendulum_energy(void);
void test_rope_rest_length(void);
void test_tether(void);
void test_compliance(void);
void test_determinism(void);
void test_determinism_differs(void);
void test_memory_baseline(void);
void test_memory_allocator(void);
void test_ids_stale_particle(void);
void test_ids_springs_follow(void);
void test_ids_generation(void);
void test_ids_world(void);
void test_ids_swap_remove(void);
void test_batches_rope(void);
void test_batches_grid(void);
void test_teleport(void);
void test_move_to(void);
void test_move_to_far(void);
void test_nonfinite_refused(void);
void test_nonfinite_compliance(void);
void test_speed_limit(void);
void test_wind_terminal(void);
void test_wind_rope_angle(void);
void test_wind_noise_seed(void);
void test_wind_noise_smooth(void);
void test_wind_region(void);
void test_wind_grid_uniform(void);
void test_wind_vortex_radial(void);
void test_wind_refused(void);
void test_wind_forces(void);

void test_rope_heavy_load(void);
void test_rope_catenary(void);
void test_rope_mass_ratio(void);
void test_rope_reel(void);
void test_rope_teleport(void);
void test_spring_breaks(void);
void test_collider_rest(void);
void test_collider_rest_tilted(void);
void test_collider_friction(void);
void test_collider_restitution(void);
void test_collider_carries(void);
void test_collider_move_to(void);
void test_collider_events(void);
void test_collider_refused(void);
void test_tunnel_trials(void);
void test_tunnel_peg(void);
void test_hash_brute_force(void);
void test_hash_self_collision(void);
void test_query_raycast_shapes(void);
void test_query_raycast_rope(void);
void test_query_overlap(void);

void test_cut_rope_falls(void);
void test_cut_replay(void);
void test_cut_blade(void);
void test_cut_tear(void);
void test_cut_cloth_slit(void);
void test_cut_handles(void);

void test_limits_world_bytes(void);
void test_limits_total_bytes(void);
void test_limits_interrupt(void);
void test_limits_stale_segment(void);
void test_limits_empty_collision(void);
void test_limits_rope_sweep(void);
void test_limits_world_generations(void);

#endif
