/* `taut bench scene FILE [--steps K] [--warmup W] [--core 0|1] [--self 0|1]
 * [--replay INPUTS]`: what a scene costs a frame, stepped headless without
 * drawing. W frames (default 0) run untimed first, so a scene can settle
 * into contact; K (default 600) are timed, on the wall clock and on the
 * process's CPU clock (the machine may be shared: another process's turn
 * on the core is not this frame's cost).
 * - By default a frame is what the viewport does: the inputs scripted for
 *   it and one tt_runtime_step (the scene's update, function winds, the
 *   world's step, events), so its time bounds the physics from above.
 * - --core 1 steps the world the scene's load built by the core alone,
 *   its Lua left out (the soft-body and ragdoll workloads of bench/scenes/).
 * - --self 0 or 1 turns particle-particle collision off or on, to show
 *   what the spatial hash costs (left as the scene set it otherwise).
 * Inputs are a script, not a recording (which would pin the scene's text
 * and hashes): a line per input, "step kind button ctrl shift x y px py
 * key" (tt_input's fields, the pointer in metres and pixels, "-" for no
 * key); bench/grapple.inputs fires, reels, pumps and lets go.
 * Prints a SCENE line: median and mean ms a frame, CPU ms a frame, and
 * what the world holds at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../bench/bench.h"
#include "runtime.h"
#include "sandbox.h"

#define MAX_INPUTS 256

typedef struct inputs {
	long step[MAX_INPUTS];
	tt_input in[MAX_INPUTS];
	int count, next;
} inputs;

typedef struct options {
	int steps, warmup, core, self;
	const char *replay;
} options;

/* One input line into script's next entry; 0 when it is not one. */
static int read_input(const char *line, inputs *script)
{
	tt_input *in = &script->in[script->count];
	int kind;
	*in = (tt_input){0};
	if (script->count == MAX_INPUTS ||
	    sscanf(line, "%ld %d %d %d %d %f %f %f %f %31s",
		   &script->step[script->count], &kind, &in->button, &in->ctrl,
		   &in->shift, &in->world.x, &in->world.y, &in->sx, &in->sy,
		   in->key) != 10)
		return 0;
	in->kind = (tt_input_kind)kind;
	if (strcmp(in->key, "-") == 0)
		in->key[0] = '\0';
	script->count++;
	return 1;
}

/* The script at path into *out; 0 (with err) when it cannot be read. */
static int read_inputs(const char *path, inputs *out, char *err, size_t size)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int ok = f != NULL;
	out->count = out->next = 0;
	for (int n = 1; ok && fgets(line, sizeof line, f); n++)
		if (!(ok = read_input(line, out)))
			snprintf(err, size, "%s:%d: not an input line", path, n);
	if (!f)
		snprintf(err, size, "cannot read %s", path);
	else
		fclose(f);
	return ok;
}

/* One frame: its inputs and a runtime step, or the world's step alone. */
static int frame(tt_runtime *rt, const options *o, inputs *script, long f)
{
	while (script->next < script->count && script->step[script->next] <= f)
		tt_runtime_input(rt, &script->in[script->next++]);
	if (o->core)
		return tt_world_step(tt_runtime_world(rt)) == TT_OK;
	return tt_runtime_step(rt);
}

/* Every frame; the timed ones' wall ms into ms, their CPU ms into *cpu.
 * The median wall ms, or -1 when a frame failed. */
static double run(tt_runtime *rt, const options *o, inputs *script, double *ms,
		  double *cpu)
{
	for (long f = 0; f < o->warmup; f++)
		if (!frame(rt, o, script, f))
			return -1.0;
	clock_t c0 = clock();
	for (int k = 0; k < o->steps; k++) {
		double t0 = tt_sandbox_clock();
		if (!frame(rt, o, script, o->warmup + k))
			return -1.0;
		ms[k] = 1e3 * (tt_sandbox_clock() - t0);
	}
	*cpu = 1e3 * (double)(clock() - c0) / CLOCKS_PER_SEC / o->steps;
	return bench_median(ms, o->steps);
}

/* The integer at s in [least, most] into *out; 0 when it is not one. */
static int integer(const char *s, int least, int most, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);
	*out = (int)v;
	return *s && !*end && v >= least && v <= most;
}

/* The options after the scene (argv[0]); 0 on bad usage. */
static int parse(int argc, char **argv, options *o)
{
	*o = (options){600, 0, 0, -1, NULL};
	int ok = argc % 2 == 1;
	for (int i = 1; ok && i + 1 < argc; i += 2) {
		const char *name = argv[i], *value = argv[i + 1];
		if (strcmp(name, "--replay") == 0)
			o->replay = value;
		else if (strcmp(name, "--steps") == 0)
			ok = integer(value, 1, 100000000, &o->steps);
		else if (strcmp(name, "--warmup") == 0)
			ok = integer(value, 0, 100000000, &o->warmup);
		else if (strcmp(name, "--core") == 0)
			ok = integer(value, 0, 1, &o->core);
		else if (strcmp(name, "--self") == 0)
			ok = integer(value, 0, 1, &o->self);
		else
			ok = 0;
	}
	return ok;
}

static void set_self(tt_world_id w, int on)
{
	tt_world_def def = tt_world_get_def(w);
	def.particle_collision = on;
	tt_world_set_def(w, &def);
}

static void report(const char *scene, const options *o, tt_world_id w,
		   double median, const double *ms, double cpu)
{
	double total = 0.0;
	for (int k = 0; k < o->steps; k++)
		total += ms[k];
	printf("SCENE scene=%s ms_frame=%.4f ms_mean=%.4f cpu_ms=%.4f "
	       "particles=%d springs=%d softbodies=%d angles=%d self=%d "
	       "steps=%d\n", scene, median, total / o->steps, cpu,
	       tt_world_particle_count(w), tt_world_spring_count(w),
	       tt_world_softbody_count(w), tt_world_angle_count(w),
	       tt_world_get_def(w).particle_collision, o->steps);
}

int tt_bench_scene(const char *root, int argc, char **argv)
{
	options o;
	char err[512] = "out of memory";
	static inputs script;
	if (argc < 1 || !parse(argc, argv, &o)) {
		fputs("usage: taut bench scene FILE [--steps K] [--warmup W] "
		      "[--core 0|1] [--self 0|1] [--replay INPUTS]\n", stderr);
		return 2;
	}
	script.count = script.next = 0;
	int scripted = !o.replay || read_inputs(o.replay, &script, err, sizeof err);
	tt_runtime *rt = tt_runtime_create(argv[0], root);
	double *ms = calloc((size_t)o.steps, sizeof *ms), cpu = 0.0, median = -1.0;
	if (rt && ms && scripted && tt_runtime_load(rt)) {
		if (o.self >= 0)
			set_self(tt_runtime_world(rt), o.self);
		median = run(rt, &o, &script, ms, &cpu);
	}
	if (median < 0.0)
		fprintf(stderr, "taut bench: %s\n",
			rt && tt_runtime_error(rt) ? tt_runtime_error(rt) : err);
	else
		report(argv[0], &o, tt_runtime_world(rt), median, ms, cpu);
	free(ms);
	tt_runtime_destroy(rt);
	return median < 0.0;
}
