/* File watching for hot reload.
 *
 * On Linux, inotify on the folder of each watched file: IN_CLOSE_WRITE
 * sees an editor that writes in place, IN_MOVED_TO and IN_CREATE one that
 * saves to a temporary file and renames it over (vim, VS Code), which a
 * watch on the file itself would lose. Elsewhere (or if inotify is
 * refused) each poll compares every file's size and modification time.
 *
 * A save is reported once it has settled, so a half-written file never
 * reaches the parser: no writer holds the file open after writing to it
 * or creating it (IN_MODIFY or IN_CREATE not yet followed by
 * IN_CLOSE_WRITE), and nothing happened to
 * it for QUIET seconds, counted from the file's own change time (ctime:
 * a write, a truncation or a rename) so a poll that comes late does not
 * add to the wait. A save made of two opens (truncate, close, open,
 * write) falls within QUIET; one whose writer pauses with the file open
 * is held by the open; a file deleted and written again is waited for.
 * The caller checks tt_watch_disturbed after reading, in case a new save
 * began in the meantime. */
#define _DEFAULT_SOURCE  /* st_mtim */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#ifdef __linux__
#include <sys/inotify.h>
#include <unistd.h>
#endif

#include "watch.h"

#define MAX_FILES 64
#define PATH_SIZE 1024
#define QUIET 0.008   /* seconds a save must rest before it is read */
#define HELD 1.0      /* a writer that holds it longer is not waited for */
#define RETRY 0.002   /* how soon to look again while a writer holds it */

typedef struct watched {
	char path[PATH_SIZE];
	const char *name;  /* last part of path */
	int wd;            /* inotify watch of its folder */
	struct timespec mtime;
	off_t size;
} watched;

struct tt_watch {
	int fd;  /* inotify, or -1 for polling */
	watched files[MAX_FILES];
	int count;
	int pending;  /* a watched file changed since it was last reported */
	int writing;  /* ... and was written to and not yet closed */
	double last;  /* time of the last change seen (file ctime, or now) */
};

static double now(void)
{
	struct timespec ts;
	timespec_get(&ts, TIME_UTC);  /* the clock file times are in */
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

tt_watch *tt_watch_create(void)
{
	tt_watch *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->fd = -1;
#ifdef __linux__
	w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
#endif
	return w;
}

void tt_watch_destroy(tt_watch *w)
{
	if (!w)
		return;
#ifdef __linux__
	if (w->fd >= 0)
		close(w->fd);
#endif
	free(w);
}

/* Size and modification time of f; returns its change time (0 when it
 * is missing). */
static double stamp(watched *f)
{
	struct stat st;
	memset(&st, 0, sizeof st);
	stat(f->path, &st);
	f->mtime = st.st_mtim;
	f->size = st.st_size;
	return (double)st.st_ctim.tv_sec + 1e-9 * (double)st.st_ctim.tv_nsec;
}

/* Watch the folder of f (the same folder twice gives the same wd). */
static void add_folder(tt_watch *w, watched *f)
{
	f->wd = -1;
#ifdef __linux__
	char dir[PATH_SIZE];
	strcpy(dir, f->path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		strcpy(dir, ".");
	if (w->fd >= 0)
		f->wd = inotify_add_watch(w->fd, dir, IN_CLOSE_WRITE |
					  IN_MOVED_TO | IN_CREATE | IN_MODIFY |
					  IN_DELETE | IN_MOVED_FROM);
#else
	(void)w;
#endif
}

void tt_watch_set(tt_watch *w, const char *const *files, int count)
{
	w->count = 0;
	for (int i = 0; i < count && i < MAX_FILES; i++) {
		watched *f = &w->files[w->count++];
		snprintf(f->path, sizeof f->path, "%s", files[i]);
		const char *slash = strrchr(f->path, '/');
		f->name = slash ? slash + 1 : f->path;
		stamp(f);
		add_folder(w, f);
	}
}

/* Note a change to f seen now; writing: it was written, not closed. */
static void seen(tt_watch *w, watched *f, int writing)
{
	double t = now(), changed = stamp(f);
	w->pending = 1;
	w->writing = writing;
	w->last = changed > 0.0 && changed < t ? changed : t;
}

/* Polling: a file whose size or time differs from the last look. */
static int poll_stamps(tt_watch *w)
{
	int changed = 0;
	for (int i = 0; i < w->count; i++) {
		watched old = w->files[i], *f = &w->files[i];
		stamp(f);
		if (old.size != f->size || old.mtime.tv_sec != f->mtime.tv_sec ||
		    old.mtime.tv_nsec != f->mtime.tv_nsec) {
			seen(w, f, 0);
			w->last = now();  /* stamps are all a poll has */
			changed = 1;
		}
	}
	return changed;
}

#ifdef __linux__
static watched *named(tt_watch *w, const struct inotify_event *e)
{
	for (int i = 0; i < w->count; i++)
		if (w->files[i].wd == e->wd && e->len &&
		    strcmp(w->files[i].name, e->name) == 0)
			return &w->files[i];
	return NULL;
}

/* Drain every queued event; 1 when one names a watched file. */
static int read_events(tt_watch *w)
{
	char buf[8192] __attribute__((aligned(__alignof__(struct inotify_event))));
	int changed = 0;
	ssize_t n;
	while ((n = read(w->fd, buf, sizeof buf)) > 0)
		for (char *p = buf; p < buf + n;) {
			const struct inotify_event *e = (const void *)p;
			watched *f = named(w, e);
			if (f)  /* written to or created: a close is coming */
				seen(w, f, (e->mask & (IN_MODIFY | IN_CREATE)) != 0);
			changed |= f != NULL;
			p += sizeof *e + e->len;
		}
	return changed;
}
#endif

/* Look at what happened since the last look; 1 when something did. */
static int look(tt_watch *w)
{
#ifdef __linux__
	if (w->fd >= 0)
		return read_events(w);
#endif
	return poll_stamps(w);
}

double tt_watch_due(tt_watch *w)
{
	look(w);
	if (!w->pending)
		return -1.0;
	double rest = now() - w->last;
	if (w->writing && rest < HELD)
		return RETRY;
	return rest >= QUIET ? 0.0 : QUIET - rest;
}

int tt_watch_changed(tt_watch *w)
{
	if (tt_watch_due(w) != 0.0)
		return 0;
	w->pending = 0;
	return 1;
}

int tt_watch_disturbed(tt_watch *w)
{
	if (!look(w))
		return 0;
	w->pending = 1;  /* read it again once this save has settled */
	return 1;
}

int tt_watch_fresh(tt_watch *w)
{
	double last = w->last;  /* the truncation's own time, event or not */
	look(w);
	for (int i = 0; i < w->count; i++) {
		double changed = stamp(&w->files[i]);
		last = changed > last ? changed : last;
	}
	if (now() - last >= HELD)
		return 0;
	w->pending = 1;
	return 1;
}

void tt_watch_forget(tt_watch *w)
{
	look(w);
	w->pending = 0;
}
