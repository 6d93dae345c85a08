/* Never lose a tuned value silently: values tuned in the panel and not
 * saved with Ctrl+S are written at quit to a sidecar "<scene>.tuned", one
 * "name=value" a line, and applied over the scene's defaults at the next
 * start (both say so). Ctrl+S writes them into the scene itself and
 * removes the sidecar. The file is text so a user can read or delete it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keep.h"

static void sidecar(const char *scene, char *out, size_t size)
{
	snprintf(out, size, "%s.tuned", scene);
}

/* The shortest text that reads back as exactly v. */
static void format(double v, char *out, size_t size)
{
	if (v == (double)(long long)v && v > -1e15 && v < 1e15) {
		snprintf(out, size, "%lld", (long long)v);
		return;
	}
	for (int digits = 1; digits <= 17; digits++) {
		snprintf(out, size, "%.*g", digits, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

void tt_keep_write(tt_runtime *rt, const char *scene)
{
	int n, unsaved = tt_runtime_tune_unsaved(rt);
	const tt_panel_item *items = tt_runtime_tune_items(rt, &n);
	char path[1100], value[32];
	if (!unsaved)
		return;
	sidecar(scene, path, sizeof path);
	FILE *f = fopen(path, "w");
	for (int i = 0; f && i < n; i++) {
		format(items[i].value, value, sizeof value);
		fprintf(f, "%s=%s\n", items[i].name,
			items[i].is_bool ? (items[i].value ? "true" : "false") : value);
	}
	if (f)
		fclose(f);
	fprintf(stderr, "taut: %d tuned value%s not saved with Ctrl+S: %s %s "
		"(applied at the next start)\n", unsaved, unsaved == 1 ? "" : "s",
		f ? "kept in" : "COULD NOT be kept in", path);
}

int tt_keep_read(tt_runtime *rt, const char *scene)
{
	char path[1100], line[256], err[256];
	sidecar(scene, path, sizeof path);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	int count = 0;
	while (fgets(line, sizeof line, f)) {
		char *eq = strchr(line, '=');
		if (!eq)
			continue;
		*eq = '\0';
		double v = strncmp(eq + 1, "true", 4) == 0 ? 1.0 : atof(eq + 1);
		count += tt_runtime_tune_set(rt, line, v, err, sizeof err);
	}
	fclose(f);
	fprintf(stderr, "taut: applied %d tuned value%s kept in %s at the last "
		"quit (Ctrl+S writes them into the scene)\n", count,
		count == 1 ? "" : "s", path);
	return 1;
}

void tt_keep_remove(const char *scene)
{
	char path[1100];
	sidecar(scene, path, sizeof path);
	remove(path);
}
