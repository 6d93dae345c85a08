/* Scene thumbnails for the picker. They live in the user's cache (the XDG
 * cache folder), never in the source tree, named by a hash of the scene's
 * path and text: an edited scene gets a new one, an unchanged one is drawn
 * once. A thumbnail is the scene's first second, drawn headless by the
 * app itself (tt_app_run with no HUD) into a temporary file renamed into
 * place, so a half-written PNG is never read. */
#define _DEFAULT_SOURCE  /* realpath, mkdir */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app.h"
#include "thumbs.h"

#define THUMB_FRAMES 60

static void make_dirs(const char *path)
{
	char part[PATH_MAX];
	snprintf(part, sizeof part, "%s", path);
	for (char *p = part + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(part, 0777);
			*p = '/';
		}
	mkdir(part, 0777);
}

void tt_thumb_dir(char *out, size_t size)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	if (xdg && xdg[0] == '/')
		snprintf(out, size, "%s/taut/thumbnails", xdg);
	else
		snprintf(out, size, "%s/.cache/taut/thumbnails",
			 home && home[0] ? home : "/tmp");
	make_dirs(out);
}

/* FNV-1a over the scene's absolute path and its bytes. */
static uint64_t scene_hash(const char *scene)
{
	char full[PATH_MAX];
	uint64_t h = 1469598103934665603ull;
	const char *name = realpath(scene, full) ? full : scene;
	for (const char *c = name; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	FILE *f = fopen(scene, "rb");
	for (int c; f && (c = fgetc(f)) != EOF;)
		h = (h ^ (unsigned)c) * 1099511628211ull;
	if (f)
		fclose(f);
	return h;
}

int tt_thumb(const char *scene, const char *root, char *out, size_t size)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 64];
	tt_thumb_dir(dir, sizeof dir);
	snprintf(out, size, "%s/%016llx.png", dir,
		 (unsigned long long)scene_hash(scene));
	if (access(out, R_OK) == 0)
		return 1;
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", out, (long)getpid());
	tt_app_options o = {.scene = scene, .root = root, .screenshot = tmp,
			    .frames = THUMB_FRAMES, .headless = 1, .fraction = 1.0,
			    .width = TT_THUMB_W, .height = TT_THUMB_H,
			    .hud = TT_HUD_OFF, .quiet = 1};
	int ok = tt_app_run(&o) == 0 && rename(tmp, out) == 0;
	if (!ok)
		remove(tmp);
	return ok;
}
