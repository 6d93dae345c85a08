/* File watching for hot reload.
 *
 * On Linux, inotify on the folder of each watched file: IN_CLOSE_WRITE
 * sees an editor that writes in place, IN_MOVED_TO and IN_CREATE one that
 * saves to a temporary file and renames it over (vim, VS Code), which a
 * watch on the file itself would lose. The kernel queues the event during
 * the writer's close or rename, so a poll right after a save sees it: the
 * headless tests need no sleeping. Elsewhere (or if inotify is refused)
 * each poll compares every file's size and modification time. */
#define _DEFAULT_SOURCE  /* st_mtim */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifdef __linux__
#include <sys/inotify.h>
#include <unistd.h>
#endif

#include "watch.h"

#define MAX_FILES 64
#define PATH_SIZE 1024

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
};

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

static void stamp(watched *f)
{
	struct stat st;
	memset(&st, 0, sizeof st);
	stat(f->path, &st);
	f->mtime = st.st_mtim;
	f->size = st.st_size;
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
					  IN_MOVED_TO | IN_CREATE);
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

/* Polling: a file whose size or time differs from the last look. */
static int poll_stamps(tt_watch *w)
{
	int changed = 0;
	for (int i = 0; i < w->count; i++) {
		watched old = w->files[i];
		stamp(&w->files[i]);
		changed |= old.size != w->files[i].size ||
			   old.mtime.tv_sec != w->files[i].mtime.tv_sec ||
			   old.mtime.tv_nsec != w->files[i].mtime.tv_nsec;
	}
	return changed;
}

#ifdef __linux__
static int names_watched(const tt_watch *w, const struct inotify_event *e)
{
	for (int i = 0; i < w->count; i++)
		if (w->files[i].wd == e->wd && e->len &&
		    strcmp(w->files[i].name, e->name) == 0)
			return 1;
	return 0;
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
			changed |= names_watched(w, e);
			p += sizeof *e + e->len;
		}
	return changed;
}
#endif

int tt_watch_changed(tt_watch *w)
{
#ifdef __linux__
	if (w->fd >= 0)
		return read_events(w);
#endif
	return poll_stamps(w);
}
