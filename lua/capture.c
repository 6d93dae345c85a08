/* Captures land next to the scene, in a screenshots/ folder beside it
 * (ignored by git), named after the scene and numbered from 1 without
 * overwriting: examples/screenshots/rope-3.png. GIFs are taken at most 30
 * times a second (every other frame at 60 Hz, every other step headless)
 * through giflib (view/gif.c) and stop by themselves after a minute. */
#define _DEFAULT_SOURCE  /* mkdir's mode bits */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"

#define GIF_PERIOD (1.0 / 30.0)
#define GIF_MAX_FRAMES 1800

/* The scene's folder ("." for none) and its name without ".lua". */
static void split(const char *scene, char *dir, size_t dsize, char *name,
		  size_t nsize)
{
	const char *slash = strrchr(scene, '/');
	const char *base = slash ? slash + 1 : scene;
	size_t len = strlen(base);
	if (len > 4 && strcmp(base + len - 4, ".lua") == 0)
		len -= 4;
	snprintf(dir, dsize, "%.*s", slash ? (int)(slash - scene) : 1,
		 slash ? scene : ".");
	snprintf(name, nsize, "%.*s", (int)len, base);
}

int tt_capture_path(const char *scene, const char *ext, char *out,
		    size_t size)
{
	char dir[1024], name[256], folder[1100];
	split(scene, dir, sizeof dir, name, sizeof name);
	snprintf(folder, sizeof folder, "%s/screenshots", dir);
	struct stat st;
	int why = mkdir(folder, 0777) == 0 ? 0 : errno;
	if (why == EEXIST)  /* a folder, or a file that has its name */
		why = stat(folder, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
	if (why)
		return snprintf(out, size, "cannot make %s (%s)", folder,
				strerror(why)), 0;
	for (int n = 1; n < 100000; n++) {
		snprintf(out, size, "%s/%s-%d.%s", folder, name, n, ext);
		if (access(out, F_OK) != 0)
			return 1;
	}
	return snprintf(out, size, "%s is full", folder), 0;
}

int tt_capture_shot(tt_view *view, const char *scene, char *msg, size_t size)
{
	char path[1200], err[512];
	if (!tt_capture_path(scene, "png", path, sizeof path))
		return snprintf(msg, size, "%s", path), 0;
	if (tt_view_screenshot(view, path, err, sizeof err) != 0)
		return snprintf(msg, size, "%s", err), 0;
	snprintf(msg, size, "saved %s", path);
	return 1;
}

static void finish(tt_recorder *r, char *msg, size_t size, const char *why)
{
	char err[512];
	int frames = tt_gif_frames(r->gif);
	if (tt_gif_close(r->gif, err, sizeof err))
		snprintf(msg, size, "%ssaved %s (%d frames)", why, r->path, frames);
	else
		snprintf(msg, size, "%s%s", why, err);
	r->gif = NULL;
}

void tt_capture_toggle(tt_recorder *r, tt_view *view, const char *scene,
		       char *msg, size_t size)
{
	char err[1200];
	if (r->gif) {
		finish(r, msg, size, "");
		return;
	}
	if (!tt_capture_path(scene, "gif", r->path, sizeof r->path)) {
		snprintf(msg, size, "%s", r->path);
		return;
	}
	r->gif = tt_gif_open(view, r->path, err, sizeof err);
	r->since = -1.0;  /* the first frame is taken at once */
	snprintf(msg, size, r->gif ? "recording %s (F9 stops)" : "%s",
		 r->gif ? r->path : err);
}

int tt_capture_frame(tt_recorder *r, tt_view *view, double elapsed,
		     char *msg, size_t size)
{
	char err[512];
	if (!r->gif)
		return 1;
	r->since = r->since < 0.0 ? GIF_PERIOD : r->since + elapsed;
	if (r->since < GIF_PERIOD - 1e-9)
		return 1;
	int ok = tt_gif_frame(r->gif, view, r->since, err, sizeof err);
	r->since = 0.0;
	if (ok && tt_gif_frames(r->gif) < GIF_MAX_FRAMES)
		return 1;
	char why[600];
	snprintf(why, sizeof why, "%s: ", ok ? "a minute recorded" : err);
	finish(r, msg, size, why);
	return 0;
}
