/* `taut bench cut`: what a cut costs. The issue asks for two figures: one
 * cut in the middle of a 1000-segment rope (it refits the rope's tethers,
 * so it is O(segments)), and one swipe across a 64 x 64 cloth-like grid
 * (structural rods and both diagonals; O(springs) to find the crossings,
 * then the cuts). Each trial builds a fresh scene, steps it once and
 * times the one call alone; the median over the trials is printed.
 * Issue 10 adds tearing: the 20 x 14 banner of examples/slice.lua
 * (rods that tear past 60% strain, soft diagonals) yanked down at 6 m/s
 * by a rigid mover for 2 s: the cuts and particles it made and the
 * slowest step (ms), which the floors keep bounded. */
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

/* The banner: particles 0.25 m apart, 50 g, every third of the top row
 * pinned; structural rods and diagonals that tear; the bottom middle
 * particle tied to the returned pinned mover by a rigid rod. */
static tt_particle_id banner(tt_world_id w)
{
	enum { C = 20, R = 14 };
	tt_particle_id p[C * R];
	tt_particle_def pd = tt_particle_def_default();
	pd.mass = 0.05f;
	for (int k = 0; k < C * R; k++) {
		pd.position = (tt_vec3){0.25f * (float)(k % C), -0.25f * (float)(k / C), 0};
		pd.pinned = k < C && k % 3 == 0;
		tt_particle_create(w, &pd, &p[k]);
	}
	tt_spring_def sd = tt_spring_def_default();
	sd.max_strain = 0.6f;
	for (int k = 0; k < C * R; k++) {
		int i = k % C, j = k / C;
		int to[4] = {k + 1, k + C, k + C + 1, k + C - 1};
		int ok[4] = {i + 1 < C, j + 1 < R, i + 1 < C && j + 1 < R,
			     i > 0 && j + 1 < R};
		for (int e = 0; e < 4; e++) {
			sd.compliance = e < 2 ? 0.0f : 1e-4f;
			sd.a = p[k], sd.b = p[to[e]];
			if (ok[e])
				tt_spring_create(w, &sd, &(tt_spring_id){0});
		}
	}
	pd.mass = 0.0f;
	pd.position = tt_particle_get_position(p[(R - 1) * C + C / 2]);
	tt_particle_id mover;
	tt_particle_create(w, &pd, &mover);
	sd = tt_spring_def_default();
	sd.a = mover, sd.b = p[(R - 1) * C + C / 2], sd.rest_length = 0.0f;
	tt_spring_create(w, &sd, &(tt_spring_id){0});
	return mover;
}

/* The banner yanked for 120 steps: the slowest step (s), cuts, growth,
 * and the median step in *typical. */
static double tear_pull(int *cuts, int *grown, double *typical)
{
	tt_world_def wd = tt_world_def_default();
	tt_world_id w;
	if (tt_world_create(&wd, &w) != TT_OK)
		return -1.0;
	tt_particle_id mover = banner(w);
	tt_vec3 at = tt_particle_get_position(mover);
	int start = tt_world_particle_count(w);
	double slowest = 0.0, times[120];
	*cuts = 0;
	for (int s = 1; s <= 120; s++) {
		tt_particle_move_to(mover, (tt_vec3){at.x, at.y - 0.1f * (float)s, 0});
		double t0 = bench_now();
		tt_world_step(w);
		double t = times[s - 1] = bench_now() - t0;
		slowest = t > slowest ? t : slowest;
		int count;
		const tt_event *e = tt_world_events(w, &count);
		for (int k = 0; k < count; k++)
			*cuts += e[k].kind == TT_EVENT_CUT;
	}
	*grown = tt_world_particle_count(w) - start;
	*typical = bench_median(times, 120);
	tt_world_destroy(w);
	return slowest;
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
	int tears = 0, grown = 0;
	double typical = 0.0, slowest = tear_pull(&tears, &grown, &typical);
	printf("TEAR workload=banner tear_cuts=%d tear_particles=%d "
	       "tear_step_ms_max=%.3f tear_step_ms_median=%.3f\n", tears, grown,
	       1e3 * slowest, 1e3 * typical);
	free(rope);
	free(swipe);
	return 0;
}
