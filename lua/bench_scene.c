/* `taut bench scene FILE [--frames N] [--replay INPUTS]`: a scene stepped
 * headless as the viewport steps it, without drawing: each frame is the
 * inputs scripted for it and one tt_runtime_step (the scene's
 * update, function winds, the world's step, events), so its time bounds
 * the physics from above. Prints a SCENE line with the median and mean
 * ms per frame over N frames (default 600). The inputs are a script, not
 * a recording (which would pin the scene's text and hashes): a line per
 * input, "step kind button ctrl shift x y px py key" (tt_input's fields,
 * the pointer in metres and pixels, "-" for no key); bench/grapple.inputs
 * fires, reels, pumps and lets go. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/bench.h"
#include "runtime.h"
#include "sandbox.h"

typedef struct inputs {
	long step[256];
	tt_input in[256];
	int count, next;
} inputs;

/* The script at path into *out; 0 (with err) when it cannot be read. */
static int read_inputs(const char *path, inputs *out, char *err, size_t size)
{
	FILE *f = fopen(path, "r");
	char line[256];
	out->count = out->next = 0;
	for (int n = 1; f && fgets(line, sizeof line, f); n++) {
		tt_input *in = &out->in[out->count];
		int kind;
		*in = (tt_input){0};
		if (out->count == 256 ||
		    sscanf(line, "%ld %d %d %d %d %f %f %f %f %31s",
			   &out->step[out->count], &kind, &in->button, &in->ctrl,
			   &in->shift, &in->world.x, &in->world.y, &in->sx, &in->sy,
			   in->key) != 10) {
			snprintf(err, size, "%s:%d: not an input line", path, n);
			fclose(f);
			return 0;
		}
		in->kind = (tt_input_kind)kind;
		if (strcmp(in->key, "-") == 0)
			in->key[0] = '\0';
		out->count++;
	}
	if (!f)
		snprintf(err, size, "cannot read %s", path);
	else
		fclose(f);
	return f != NULL;
}

static double run(tt_runtime *rt, inputs *script, double *ms, int frames,
		  double *total)
{
	*total = 0.0;
	for (int f = 0; f < frames; f++) {
		double t0 = tt_sandbox_clock();
		while (script && script->next < script->count &&
		       script->step[script->next] <= f)
			tt_runtime_input(rt, &script->in[script->next++]);
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
	static inputs script;
	int scripted = replay && read_inputs(replay, &script, err, sizeof err);
	double *ms = calloc((size_t)frames, sizeof *ms), total, median = -1.0;
	if (rt && ms && (scripted || !replay) && tt_runtime_load(rt))
		median = run(rt, scripted ? &script : NULL, ms, frames, &total);
	if (median < 0.0)
		fprintf(stderr, "taut bench: %s\n",
			rt && tt_runtime_error(rt) ? tt_runtime_error(rt) : err);
	else
		printf("SCENE frames=%d ms_frame=%.4f ms_mean=%.4f particles=%d\n",
		       frames, median, total / frames,
		       tt_world_particle_count(tt_runtime_world(rt)));
	free(ms);
	tt_runtime_destroy(rt);
	return median < 0.0;
}
