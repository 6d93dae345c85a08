/* `taut bench`: picks the workload and reads its options. Bad usage says
 * how to call it and returns 2, like the rest of the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "workload.h"

static const char usage[] =
	"usage: taut bench rope|collide|lua --ropes N --segments S --steps K "
	"[--substeps s] [--iterations i] [--chain 1] [--exact 1] "
	"[--threads N] [--scalar 1] [--core 1] [--colliders N]\n"
	"       taut bench wind KIND --ropes N --steps K [--segments S]  "
	"(KIND: uniform, noise, vortex, radial, grid)\n"
	"       taut bench cut [--segments S] [--grid N] [--trials K]\n"
	"       taut bench draw [--triangles N] [--frames K]\n"
	"       taut bench bones [--chains N] [--nodes S] [--steps K] [--only 1|2|3]\n"
	"       taut bench cloth [--size N] [--steps K] [--self 1] "
	"[--vertices V] [--updates U] [--threads T]\n";

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double bench_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, by_value);
	return v[n / 2];
}

/* The positive integer after option `name`, into *out; 0 if malformed. */
static int read_int(const char *name, const char *text, int *out)
{
	char *end;
	long value = text ? strtol(text, &end, 10) : 0;
	if (!text || *end || value < 1 || value > 100000000) {
		fprintf(stderr, "taut bench: %s needs a positive integer\n", name);
		return 0;
	}
	*out = (int)value;
	return 1;
}

int bench_parse(int argc, char **argv, const char *const names[],
		int *const fields[], int n)
{
	for (int i = 2; i < argc; i += 2) {
		int f = 0;
		while (f < n && strcmp(argv[i], names[f]) != 0)
			f++;
		if (f == n) {
			fprintf(stderr, "taut bench: unknown option '%s'\n", argv[i]);
			return 0;
		}
		if (!read_int(argv[i], i + 1 < argc ? argv[i + 1] : NULL, fields[f]))
			return 0;
	}
	return 1;
}

/* Fills a from argv[2..]; 0 on an unknown or malformed option. */
static int parse_rope(int argc, char **argv, bench_rope_args *a)
{
	static const char *const names[] = {
		"--ropes", "--segments",   "--steps", "--substeps",
		"--iterations", "--chain", "--exact", "--threads", "--scalar",
		"--core", "--colliders"};
	int *const fields[] = {&a->ropes,    &a->segments,   &a->steps,
			       &a->substeps, &a->iterations, &a->chain,
			       &a->exact,    &a->threads,    &a->scalar,
			       &a->core,     &a->colliders};
	return bench_parse(argc, argv, names, fields, 11) && a->ropes > 0 &&
	       a->segments > 0 && a->steps > 0;
}

/* The benches that parse their own options: name and entry point. */
static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} own_options[] = {
	{"cut", bench_cut},	  {"bones", bench_bones},
	{"cloth", bench_cloth}, {"draw", bench_draw},
};

int tt_bench_main(int argc, char **argv)
{
	bench_rope_args a = {0, 0, 0, 8, 1, 0, 0, 1, 0, 0, 1000};
	int n = (int)(sizeof own_options / sizeof own_options[0]);
	for (int k = 0; argc >= 2 && k < n; k++)
		if (strcmp(argv[1], own_options[k].name) == 0) {
			int status = own_options[k].run(argc, argv);
			if (status == 2)
				fputs(usage, stderr);
			return status;
		}
	if (argc >= 3 && strcmp(argv[1], "wind") == 0) {
		a.segments = 100;  /* options follow the kind: skip it */
		if (!parse_rope(argc - 1, argv + 1, &a)) {
			fputs(usage, stderr);
			return 2;
		}
		return bench_wind(argv[2], a.ropes, a.segments, a.steps);
	}
	int collide = argc >= 2 && strcmp(argv[1], "collide") == 0,
	    lua = argc >= 2 && strcmp(argv[1], "lua") == 0;
	if (argc < 2 || (!collide && !lua && strcmp(argv[1], "rope") != 0) ||
	    !parse_rope(argc, argv, &a)) {
		fputs(usage, stderr);
		return 2;
	}
	return collide ? bench_collide(&a) : lua ? tt_bench_lua(&a) : bench_rope(&a);
}
