/* `taut bench reload --saves K`: how long a hot reload of each kind takes
 * to read and apply a save, on a copy of examples/rope.lua. Each save
 * rewrites the copy with one of two texts that differ in a tune literal,
 * the draw callback or the load callback; the time is that of
 * tt_runtime_reload, which reads the files and applies the change (the
 * watcher's wait for a save to settle, a few milliseconds, is not in it:
 * save-to-applied in a window is measured by bench/reload_latency.py).
 * Prints one RESULT line per kind with the median in milliseconds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/bench.h"
#include "runtime.h"
#include "sandbox.h"

typedef struct edit {
	const char *kind, *from, *to;
} edit;

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *text = calloc(1, 1 << 16);
	if (text)
		fread(text, 1, (1 << 16) - 1, f);
	fclose(f);
	return text;
}

/* text with the first from replaced by to, into out. */
static void replace(const char *text, const edit *e, int on, char *out)
{
	const char *at = strstr(text, e->from);
	size_t head = (size_t)(at - text);
	memcpy(out, text, head);
	strcpy(out + head, on ? e->to : e->from);
	strcat(out, at + strlen(e->from));
}

static double median_reload(tt_runtime *rt, const char *path, const char *text,
			    const edit *e, int saves)
{
	static char buf[1 << 17];
	double *ms = calloc((size_t)saves, sizeof *ms);
	for (int i = 0; i < saves; i++) {
		replace(text, e, (i & 1) == 0, buf);
		FILE *f = fopen(path, "wb");
		fputs(buf, f);
		fclose(f);
		double t0 = tt_sandbox_clock();
		tt_reload_kind kind = tt_runtime_reload(rt);
		ms[i] = 1e3 * (tt_sandbox_clock() - t0);
		if (strcmp(tt_reload_kind_name(kind), e->kind) != 0)
			fprintf(stderr, "WARNING: expected %s, got %s\n", e->kind,
				tt_reload_kind_name(kind));
	}
	double m = bench_median(ms, saves);
	free(ms);
	return m;
}

int tt_bench_reload(const char *root, int saves)
{
	static const edit edits[] = {
		{"tune", "gravity = {9.81,", "gravity = {12,"},
		{"swap", "g:color(1, 0.8, 0.3)", "g:color(0.3, 1, 0.4)"},
		{"rebuild", "radius = 0.05", "radius = 0.06"},
	};
	char src[1100], path[] = "/tmp/taut-bench-reload.lua";
	snprintf(src, sizeof src, "%s/examples/rope.lua", root);
	char *text = read_all(src);
	if (!text)
		return fprintf(stderr, "taut bench: cannot read %s\n", src), 1;
	FILE *f = fopen(path, "wb");
	fputs(text, f);
	fclose(f);
	tt_runtime *rt = tt_runtime_create(path, root);
	int ok = rt && tt_runtime_load(rt);
	for (int k = 0; k < 3; k++)
		if (!strstr(text, edits[k].from)) {  /* the example moved on */
			fprintf(stderr, "taut bench: no '%s' in %s to edit\n",
				edits[k].from, src);
			ok = 0;
		}
	for (int k = 0; ok && k < 3; k++)
		printf("RESULT kind=%s median_ms=%.3f saves=%d\n", edits[k].kind,
		       median_reload(rt, path, text, &edits[k], saves), saves);
	tt_runtime_destroy(rt);
	remove(path);
	free(text);
	return ok ? 0 : 1;
}
