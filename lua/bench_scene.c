/* `taut bench scene FILE [--frames N] [--replay INPUTS]`: a scene stepped
 * headless as the viewport steps it, without drawing: each frame is the
 * inputs recorded for it (lua/record.c's format; bench/grapple.inputs
 * fires, reels, pumps and lets go) and one tt_runtime_step (the scene's
 * update, function winds, the world's step, events), so its time bounds
 * the physics from above. Prints a SCENE line with the median and mean
 * ms per frame over N frames (default 600). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/bench.h"
#include "record.h"
#include "runtime.h"
#include "sandbox.h"

static double run(tt_runtime *rt, tt_record *inputs, double *ms, int frames,
		  double *total)
{
	*total = 0.0;
	for (int f = 0; f < frames; f++) {
		tt_input in;
		double t0 = tt_sandbox_clock();
		while (inputs && tt_record_next(inputs, f, &in))
			tt_runtime_input(rt, &in);
		if (!tt_runtime_step(rt))
			return -1.0;
		ms[f] = 1e3 * (tt_sandbox_clock() - t0);
		*total += ms[f];
	}
	return bench_median(ms, frames);
}

/* --frames N and --replay FILE after the scene; 0 on bad usage. */
static int options(int argc, char **argv, int *frames, const char **replay)
{
	for (int i = 1; i + 1 < argc; i += 2)
		if (strcmp(argv[i], "--frames") == 0)
			*frames = atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--replay") == 0)
			*replay = argv[i + 1];
		else
			return 0;
	return argc % 2 == 1 && *frames > 0;
}

int tt_bench_scene(const char *root, int argc, char **argv)
{
	int frames = 600;
	const char *replay = NULL;
	char err[512] = "out of memory";
	if (!options(argc, argv, &frames, &replay)) {
		fputs("usage: taut bench scene FILE [--frames N] [--replay INPUTS]\n",
		      stderr);
		return 2;
	}
	tt_runtime *rt = tt_runtime_create(argv[0], root);
	tt_record *inputs = replay ? tt_record_open(NULL, replay, err, sizeof err) : NULL;
	double *ms = calloc((size_t)frames, sizeof *ms), total, median = -1.0;
	if (rt && ms && (inputs || !replay) && tt_runtime_load(rt))
		median = run(rt, inputs, ms, frames, &total);
	if (median < 0.0)
		fprintf(stderr, "taut bench: %s\n",
			rt && tt_runtime_error(rt) ? tt_runtime_error(rt) : err);
	else
		printf("SCENE frames=%d ms_frame=%.4f ms_mean=%.4f particles=%d\n",
		       frames, median, total / frames,
		       tt_world_particle_count(tt_runtime_world(rt)));
	tt_record_close(inputs);
	free(ms);
	tt_runtime_destroy(rt);
	return median < 0.0;
}
