/* The project files a scene runs, held as text by the runtime.
 *
 * Every read of the scene file or of a module it requires goes through
 * here (scripts/reload.lua's reload.source), so the runtime knows exactly
 * which text it ran: a save is read once, completely, and then compared;
 * a recording is told every text (the note), and a replay puts the
 * recorded texts back instead of reading the disk, so it runs what the
 * recorded session ran even after the files changed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"

#define MAX_FILES 64
#define MAX_TEXT ((size_t)16 << 20)  /* 16 MiB: no scene is larger */

typedef struct file {
	char *path, *text, *staged;  /* staged: read by tt_source_stage */
	size_t len, staged_len;
	int noted, changed;
} file;

struct tt_source {
	file files[MAX_FILES];
	int count, replaying;
	tt_source_note *note;
	void *ud;
};

tt_source *tt_source_create(void)
{
	return calloc(1, sizeof(tt_source));
}

void tt_source_destroy(tt_source *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->count; i++) {
		free(s->files[i].path);
		free(s->files[i].text);
		free(s->files[i].staged);
	}
	free(s);
}

void tt_source_set_replaying(tt_source *s, int on)
{
	s->replaying = on;
}

void tt_source_on_note(tt_source *s, tt_source_note *note, void *ud)
{
	s->note = note;
	s->ud = ud;
}

/* The whole file, NUL-terminated; NULL when it cannot be read. */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *text = malloc(cap);
	while (text) {
		n += fread(text + n, 1, cap - n - 1, f);
		if (n < cap - 1 || cap > MAX_TEXT)
			break;
		char *more = realloc(text, cap *= 2);
		if (!more)
			free(text);
		text = more;
	}
	int bad = ferror(f) || cap > MAX_TEXT;
	fclose(f);
	if (text && bad)
		free(text), text = NULL;
	if (text)
		text[n] = '\0', *len = n;
	return text;
}

static file *find(tt_source *s, const char *path)
{
	for (int i = 0; i < s->count; i++)
		if (strcmp(s->files[i].path, path) == 0)
			return &s->files[i];
	return NULL;
}

static file *add(tt_source *s, const char *path)
{
	if (s->count == MAX_FILES)
		return NULL;
	file *f = &s->files[s->count];
	memset(f, 0, sizeof *f);
	f->path = malloc(strlen(path) + 1);
	if (!f->path)
		return NULL;
	strcpy(f->path, path);
	s->count++;
	return f;
}

static void note(tt_source *s, file *f)
{
	if (s->note)
		s->note(s->ud, f->path, f->text, f->len);
	f->noted = 1;
}

/* f holds text from now on (taken); a change of a noted text is noted. */
static void hold(tt_source *s, file *f, char *text, size_t len)
{
	int same = f->text && len == f->len && memcmp(text, f->text, len) == 0;
	if (same) {
		free(text);
		return;
	}
	free(f->text);
	f->text = text;
	f->len = len;
	f->changed = 1;
	if (f->noted)
		note(s, f);
}

/* f is gone from disk (a noted loss is noted: NULL text). */
static void drop(tt_source *s, file *f)
{
	free(f->text);
	f->text = NULL;
	f->len = 0;
	f->changed = 1;
	if (f->noted)
		note(s, f);
}

const char *tt_source_get(tt_source *s, const char *path, size_t *len)
{
	file *f = find(s, path);
	if (!f && !s->replaying) {
		size_t n;
		char *text = read_file(path, &n);
		if (!text)
			return NULL;
		if (!(f = add(s, path))) {
			free(text);
			return NULL;
		}
		f->text = text;
		f->len = n;
	}
	if (!f || !f->text)
		return NULL;
	if (!f->noted)
		note(s, f);
	*len = f->len;
	return f->text;
}

int tt_source_put(tt_source *s, const char *path, const char *text, size_t len)
{
	file *f = find(s, path);
	if (!text) {
		if (f && f->text)
			drop(s, f);
		return 1;
	}
	char *copy = malloc(len + 1);
	if (!f && copy)
		f = add(s, path);
	if (!f || !copy)
		return free(copy), 0;
	memcpy(copy, text, len);
	copy[len] = '\0';
	hold(s, f, copy, len);
	return 1;
}

int tt_source_stage(tt_source *s, const char *must)
{
	int complete = 1;
	for (int i = 0; i < s->count; i++) {
		file *f = &s->files[i];
		free(f->staged);
		f->staged = read_file(f->path, &f->staged_len);
		complete &= f->staged || strcmp(f->path, must) != 0;
	}
	return complete;
}

int tt_source_staged_empty(const tt_source *s, const char *path)
{
	for (int i = 0; i < s->count; i++)
		if (strcmp(s->files[i].path, path) == 0)
			return s->files[i].staged_len == 0 || !s->files[i].staged;
	return 1;
}

/* A module gone from disk is a change too: requiring it fails from now. */
void tt_source_commit(tt_source *s)
{
	for (int i = 0; i < s->count; i++) {
		file *f = &s->files[i];
		if (f->staged)
			hold(s, f, f->staged, f->staged_len);
		else if (f->text)
			drop(s, f);
		f->staged = NULL;
	}
}

const char *tt_source_changed_other(const tt_source *s, const char *path)
{
	for (int i = 0; i < s->count; i++)
		if (s->files[i].changed && strcmp(s->files[i].path, path) != 0)
			return s->files[i].path;
	return NULL;
}

void tt_source_clear_changed(tt_source *s)
{
	for (int i = 0; i < s->count; i++)
		s->files[i].changed = 0;
}

int tt_source_paths(const tt_source *s, const char **paths, int max)
{
	int n = s->count < max ? s->count : max;
	for (int i = 0; i < n; i++)
		paths[i] = s->files[i].path;
	return n;
}
