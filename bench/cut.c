/* `taut bench cut`: what a cut costs. The issue asks for two figures: one
 * cut in the middle of a 1000-segment rope (it refits the rope's tethers,
 * so it is O(segments)), and one swipe across a 64 x 64 cloth-like grid
 * (structural rods and both diagonals; O(springs) to find the crossings,
 * then the cuts). Each trial builds a fresh scene, steps it once and
 * times the one call alone; the median over the trials is printed. */
#include <stdio.h>
#include <stdlib.h>

#include "../core/taut.h"
#include "bench.h"
#include "workload.h"

/* Seconds for tt_rope_cut in the middle of a fresh hanging rope. */
static double rope_cut(int segments)
{
	tt_world_def wd = tt_world_def_default();
	tt_world_id w;
	tt_rope_def rd = tt_rope_def_default();
	rd.to = (tt_vec3){0, -0.1f * (float)segments, 0};
	rd.segments = segments;
	tt_rope_id rope;
	if (tt_world_create(&wd, &w) != TT_OK || tt_rope_create(w, &rd, &rope) != TT_OK)
		return -1.0;
	tt_world_step(w);
	double t0 = bench_now();
	tt_status status = tt_rope_cut(rope, segments / 2, 0.5f, NULL);
	double t = bench_now() - t0;
	tt_world_destroy(w);
	return status == TT_OK ? t : -1.0;
}

/* n x n particles 0.1 m apart, top row pinned, rods along the grid and
 * both diagonals of every cell. */
static void grid(tt_world_id w, int n, tt_particle_id *p)
{
	tt_particle_def pd = tt_particle_def_default();
	for (int k = 0; k < n * n; k++) {
		pd.position = (tt_vec3){0.1f * (float)(k % n), -0.1f * (float)(k / n), 0};
		pd.pinned = k < n;
		tt_particle_create(w, &pd, &p[k]);
	}
	tt_spring_def sd = tt_spring_def_default();
	for (int k = 0; k < n * n; k++) {
		int i = k % n, j = k / n;
		int to[4][2] = {{k, k + 1}, {k, k + n}, {k, k + n + 1}, {k + 1, k + n}};
		int ok[4] = {i + 1 < n, j + 1 < n, i + 1 < n && j + 1 < n,
			     i + 1 < n && j + 1 < n};
		for (int e = 0; e < 4; e++) {
			if (!ok[e])
				continue;
			sd.a = p[to[e][0]], sd.b = p[to[e][1]];
			tt_spring_create(w, &sd, &(tt_spring_id){0});
		}
	}
}

/* Seconds for one swipe across the middle of a fresh grid; *cuts. */
static double grid_swipe(int n, int *cuts)
{
	tt_world_def wd = tt_world_def_default();
	tt_world_id w;
	tt_particle_id *p = malloc((size_t)(n * n) * sizeof *p);
	if (!p || tt_world_create(&wd, &w) != TT_OK) {
		free(p);
		return -1.0;
	}
	grid(w, n, p);
	tt_world_step(w);
	float mid = -0.05f * (float)n - 0.0137f;
	double t0 = bench_now();
	tt_status status = tt_world_cut(w, (tt_vec3){-1, mid, 0},
					(tt_vec3){0.1f * (float)n + 1, mid - 0.031f, 0},
					cuts);
	double t = bench_now() - t0;
	tt_world_destroy(w);
	free(p);
	return status == TT_OK ? t : -1.0;
}

int bench_cut(int argc, char **argv)
{
	int segments = 1000, n = 64, trials = 21, cuts = 0;
	static const char *const names[] = {"--segments", "--grid", "--trials"};
	int *const fields[] = {&segments, &n, &trials};
	if (!bench_parse(argc, argv, names, fields, 3))
		return 2;
	double *rope = malloc((size_t)trials * sizeof *rope);
	double *swipe = malloc((size_t)trials * sizeof *swipe);
	for (int k = 0; rope && swipe && k < trials; k++) {
		rope[k] = rope_cut(segments);
		swipe[k] = grid_swipe(n, &cuts);
	}
	if (rope && swipe)
		printf("RESULT workload=cut segments=%d rope_cut_us=%.1f grid=%d "
		       "swipe_us=%.1f swipe_cuts=%d us_per_cut=%.2f\n",
		       segments, 1e6 * bench_median(rope, trials), n,
		       1e6 * bench_median(swipe, trials), cuts,
		       1e6 * bench_median(swipe, trials) / (cuts ? cuts : 1));
	free(rope);
	free(swipe);
	return 0;
}
