/* Never lose a tuned value silently, and never let an old one win over a
 * newer save: values tuned in the panel and not saved with Ctrl+S are
 * written at quit to a sidecar "<scene>.tuned", one a line,
 *
 *   gravity=21.1 (from 9.81)
 *
 * each with the file value it was tuned from. At the next start a value is
 * applied only while the scene still holds that value: when the file was
 * saved with a new one since, the file wins (and the runtime says so).
 * Ctrl+S writes them into the scene itself and removes the sidecar; a
 * quit with none left unsaved removes it too. The file is text so a user
 * can read or delete it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keep.h"

static void sidecar(const char *scene, char *out, size_t size)
{
	snprintf(out, size, "%s.tuned", scene);
}

void tt_keep_write(tt_runtime *rt, const char *scene)
{
	char path[1100], name[64], value[64], from[64];
	int unsaved = tt_runtime_tune_unsaved(rt), saved;
	if (tt_runtime_world(rt).index1 == 0)
		return;  /* never loaded: what is kept stays for the next start */
	sidecar(scene, path, sizeof path);
	if (!unsaved) {
		remove(path);
		return;
	}
	FILE *f = fopen(path, "w");
	for (int i = 0; f && tt_runtime_tune_override(rt, i, 0, name, value,
						      from, &saved); i++)
		if (saved)  /* unsaved, in tt_runtime_tune_override's words */
			fprintf(f, "%s=%s (from %s)\n", name, value, from);
	if (f)
		fclose(f);
	fprintf(stderr, "taut: %d tuned value%s not saved with Ctrl+S: %s %s "
		"(applied at the next start)\n", unsaved, unsaved == 1 ? "" : "s",
		f ? "kept in" : "COULD NOT be kept in", path);
}

/* One "name=value (from value)" line; 0 when it is not one. */
static int parse(char *line, char **name, char **value, char **from)
{
	char *eq = strchr(line, '='), *open = strstr(line, " (from ");
	char *close = open ? strrchr(open, ')') : NULL;
	if (!eq || !open || !close || eq > open)
		return 0;
	*eq = *open = *close = '\0';
	*name = line;
	*value = eq + 1;
	*from = open + strlen(" (from ");
	return **name && **value && **from;
}

int tt_keep_read(tt_runtime *rt, const char *scene)
{
	char path[1100], line[256], *name, *value, *from;
	sidecar(scene, path, sizeof path);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	for (int no = 1; fgets(line, sizeof line, f); no++) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!parse(line, &name, &value, &from))
			fprintf(stderr, "taut: %s:%d: not 'name=value (from "
				"value)': ignored\n", path, no);
		else
			tt_runtime_tune_give(rt, TT_TUNE_KEPT, name, value, from,
					     path);
	}
	fclose(f);
	return 1;
}

void tt_keep_remove(const char *scene)
{
	char path[1100];
	sidecar(scene, path, sizeof path);
	remove(path);
}
