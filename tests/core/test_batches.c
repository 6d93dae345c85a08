/* Constraint batches (STYLE 8): springs sorted so no two in a batch share
 * a free particle (a pinned one is never written, so batch.c lets springs
 * share it). There is no public API for batch boundaries, so this checks
 * what can be observed: the batch count, and that the spring view (in
 * batch order) splits into no more than that many runs sharing no free
 * particle, the fewest runs being found by a greedy scan. */
#include <stdlib.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

/* The fewest consecutive runs of the spring view sharing no free particle. */
static int conflict_free_runs(tt_world_id world)
{
	tt_spring_view s = tt_world_springs(world);
	tt_particle_view p = tt_world_particles(world);
	int *run_of = calloc((size_t)p.count, sizeof *run_of);  /* 0: in none */
	int runs = s.count > 0;
	for (int c = 0; c < s.count; c++) {
		int a = s.a[c], b = s.b[c];
		if ((p.inv_mass[a] > 0.0f && run_of[a] == runs) ||
		    (p.inv_mass[b] > 0.0f && run_of[b] == runs))
			runs++;
		run_of[a] = run_of[b] = runs;
	}
	free(run_of);
	return runs;
}

/* Batch count and run count after one step (which batches the springs). */
static void count_batches(tt_world_id world, int *batches, int *runs)
{
	int springs = tt_world_spring_count(world);
	scene_steps(world, 1);
	*batches = tt_world_batch_count(world);
	*runs = conflict_free_runs(world);
	CHECK(tt_world_spring_count(world) == springs);
	CHECK(*runs <= *batches);
	tt_world_destroy(world);
}

void test_batches_rope(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id nodes[41];
	scene_rope(world, (tt_vec3){0}, (tt_vec3){0.1f, 0.0f, 0.0f}, 40, NULL,
		   nodes);
	int batches, runs;
	count_batches(world, &batches, &runs);
	check_note("%d batches", batches);
	CHECK(batches == 2);
}

void test_batches_grid(void)
{
	int batches[2], runs[2];
	for (int diagonals = 0; diagonals < 2; diagonals++) {
		tt_world_id world = scene_world(8);
		scene_grid(world, 12, 10, 0.1f, diagonals);
		count_batches(world, &batches[diagonals], &runs[diagonals]);
	}
	check_note("%d batches plain, %d with diagonals", batches[0], batches[1]);
	CHECK(batches[0] >= 4 && batches[0] <= 5);
	CHECK(batches[1] >= 8 && batches[1] <= 10);
}
