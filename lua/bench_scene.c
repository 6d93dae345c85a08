/* `taut bench scene FILE [--steps K] [--warmup W] [--self 0]`: what one
 * step of the world a scene builds costs, in ms, with the scene's Lua
 * left out (its load builds the world, then the core steps it alone): the
 * soft-body and ragdoll workloads of bench/scenes/. --self 0 turns
 * particle-particle collision off, to show what the spatial hash costs
 * (1 on; 2, the default, leaves it as the scene set it).
 * W steps (default 120) let the scene settle into contact first,
 * untimed; K (default 600) are timed, on the
 * process's CPU clock (the machine is shared: another process's turn on
 * the core is not this step's cost) and on the wall clock. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../bench/bench.h"
#include "runtime.h"
#include "sandbox.h"

/* The integer >= least after option name, or def; -1 when malformed. */
static int option(int argc, char **argv, const char *name, int def, int least)
{
	for (int i = 3; i + 1 < argc; i += 2)
		if (strcmp(argv[i], name) == 0) {
			char *end;
			long v = strtol(argv[i + 1], &end, 10);
			return *end || v < least || v > 100000000 ? -1 : (int)v;
		}
	return def;
}

static void set_self(tt_world_id w, int on)
{
	tt_world_def def = tt_world_get_def(w);
	def.particle_collision = on;
	tt_world_set_def(w, &def);
}

int tt_bench_scene(const char *root, int argc, char **argv)
{
	int steps = option(argc, argv, "--steps", 600, 1);
	int warmup = option(argc, argv, "--warmup", 120, 0);
	int self = option(argc, argv, "--self", 2, 0);
	if (argc < 3 || steps < 0 || warmup < 0 || self < 0 || self > 2) {
		fputs("usage: taut bench scene FILE [--steps K] [--warmup W] "
		      "[--self 0|1]\n", stderr);
		return 2;
	}
	tt_runtime *rt = tt_runtime_create(argv[2], root);
	if (!rt || !tt_runtime_load(rt)) {
		fprintf(stderr, "taut bench: %s\n",
			rt && tt_runtime_error(rt) ? tt_runtime_error(rt) : "cannot load");
		tt_runtime_destroy(rt);
		return 1;
	}
	tt_world_id w = tt_runtime_world(rt);
	if (self < 2)
		set_self(w, self);
	for (int k = 0; k < warmup; k++)
		tt_world_step(w);
	double t0 = tt_sandbox_clock();
	clock_t c0 = clock();
	for (int k = 0; k < steps; k++)
		tt_world_step(w);
	double cpu = 1e3 * (double)(clock() - c0) / CLOCKS_PER_SEC / steps;
	double wall = 1e3 * (tt_sandbox_clock() - t0) / steps;
	printf("RESULT scene=%s ms_step=%.4f wall_ms_step=%.4f particles=%d "
	       "springs=%d softbodies=%d angles=%d self=%d steps=%d\n",
	       argv[2], cpu, wall, tt_world_particle_count(w), tt_world_spring_count(w),
	       tt_world_softbody_count(w), tt_world_angle_count(w),
	       tt_world_get_def(w).particle_collision, steps);
	tt_runtime_destroy(rt);
	return 0;
}
