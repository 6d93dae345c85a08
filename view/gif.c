/* Animated GIFs of what the view draws, written by giflib (Debian's
 * libgif-dev): a maintained encoder rather than one of our own. Each frame
 * is read back like a screenshot, reduced to its own 256-colour palette by
 * giflib's median-cut quantizer (GifQuantizeBuffer) and streamed to the
 * file, so a long recording holds one frame in memory, never the film.
 * The file loops forever (the NETSCAPE2.0 extension browsers read). GIF
 * delays are in hundredths of a second: each frame's is rounded and the
 * rounding error carried into the next, so the film keeps real time. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gif_lib.h>

#include "internal.h"

struct tt_gif {
	GifFileType *file;
	int width, height, frames;
	double carry;  /* seconds of delay not yet given to a frame */
};

/* Say what failed, with giflib's reason when it gave one (code != 0). */
static int fail(char *err, size_t err_size, const char *what, int code)
{
	const char *why = code ? GifErrorString(code) : NULL;
	if (err && err_size > 0)
		snprintf(err, err_size, "%s%s%s%s", what, why ? " (" : "",
			 why ? why : "", why ? ")" : "");
	return 0;
}

/* Loop forever: application extension NETSCAPE2.0, sub-block {1, 0, 0}. */
static int put_loop(GifFileType *file)
{
	static const unsigned char loop[3] = {1, 0, 0};
	return EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) ==
		       GIF_OK &&
	       EGifPutExtensionBlock(file, 11, "NETSCAPE2.0") == GIF_OK &&
	       EGifPutExtensionBlock(file, 3, loop) == GIF_OK &&
	       EGifPutExtensionTrailer(file) == GIF_OK;
}

/* A new GIF on the open file fd (closed on failure); NULL with why. */
static tt_gif *open_on(int fd, const tt_view *view, int *code)
{
	tt_gif *gif = calloc(1, sizeof *gif);
	GifFileType *file = gif ? EGifOpenFileHandle(fd, code) : NULL;
	if (!file) {
		close(fd);
		free(gif);
		return NULL;
	}
	*gif = (tt_gif){file, view->width, view->height, 0, 0.0};
	EGifSetGifVersion(file, true);
	if (EGifPutScreenDesc(file, gif->width, gif->height, 8, 0, NULL) ==
		    GIF_OK && put_loop(file))
		return gif;
	*code = file->Error;
	EGifCloseFile(file, NULL);
	free(gif);
	return NULL;
}

tt_gif *tt_gif_open(const tt_view *view, const char *path, char *err,
		    size_t err_size)
{
	int code = 0;
	char what[1100];
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);  /* umask's mode */
	tt_gif *gif = fd >= 0 ? open_on(fd, view, &code) : NULL;
	if (fd < 0)
		snprintf(what, sizeof what, "cannot write '%s' (%s)", path,
			 strerror(errno));
	else
		snprintf(what, sizeof what, "cannot write '%s'", path);
	if (!gif)
		fail(err, err_size, what, code);
	return gif;
}

/* The frame's delay in hundredths, the rounding carried on. */
static int delay_of(tt_gif *gif, double seconds)
{
	double want = seconds + gif->carry;
	int cs = (int)(want * 100.0 + 0.5);
	cs = cs < 2 ? 2 : cs;  /* viewers slow anything faster to 1/10 s */
	gif->carry = want - cs / 100.0;
	return cs;
}

static int put_delay(GifFileType *file, int cs)
{
	GraphicsControlBlock gcb = {DISPOSAL_UNSPECIFIED, false, cs,
				    NO_TRANSPARENT_COLOR};
	GifByteType ext[4];
	EGifGCBToExtension(&gcb, ext);
	return EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK;
}

/* Quantize rgba (w x h) into index and map; 0 when out of memory. */
static int quantize(const unsigned char *rgba, int w, int h,
		    GifByteType *index, GifColorType *map, int *colors)
{
	size_t n = (size_t)w * (size_t)h;
	GifByteType *plane = malloc(3 * n);
	if (!plane)
		return 0;
	for (size_t i = 0; i < n; i++) {
		plane[i] = rgba[4 * i];
		plane[n + i] = rgba[4 * i + 1];
		plane[2 * n + i] = rgba[4 * i + 2];
	}
	*colors = 256;
	int ok = GifQuantizeBuffer((unsigned)w, (unsigned)h, colors, plane,
				   plane + n, plane + 2 * n, index, map) == GIF_OK;
	free(plane);
	return ok;
}

static int put_image(tt_gif *gif, GifByteType *index, GifColorType *colors)
{
	ColorMapObject *map = GifMakeMapObject(256, colors);
	int ok = map && EGifPutImageDesc(gif->file, 0, 0, gif->width,
					 gif->height, false, map) == GIF_OK;
	for (int y = 0; ok && y < gif->height; y++)
		ok = EGifPutLine(gif->file, index + (size_t)y * gif->width,
				 gif->width) == GIF_OK;
	GifFreeMapObject(map);
	return ok;
}

int tt_gif_frame(tt_gif *gif, tt_view *view, double seconds, char *err,
		 size_t err_size)
{
	int w, h, colors = 0;
	if (view->width != gif->width || view->height != gif->height)
		return fail(err, err_size, "the window changed size", 0);
	unsigned char *rgba = tt_view_read_frame(view, &w, &h, err, err_size);
	if (!rgba)
		return 0;
	GifColorType map[256];
	GifByteType *index = w == gif->width && h == gif->height
		? malloc((size_t)w * (size_t)h) : NULL;
	memset(map, 0, sizeof map);
	int ok = index && quantize(rgba, w, h, index, map, &colors) &&
		 put_delay(gif->file, delay_of(gif, seconds)) &&
		 put_image(gif, index, map);
	free(rgba);
	free(index);
	if (!ok)
		return fail(err, err_size, "cannot add a GIF frame",
			    gif->file->Error);
	gif->frames++;
	return 1;
}

int tt_gif_frames(const tt_gif *gif)
{
	return gif ? gif->frames : 0;
}

int tt_gif_close(tt_gif *gif, char *err, size_t err_size)
{
	int code = 0;
	if (!gif)
		return 1;
	int ok = EGifCloseFile(gif->file, &code) == GIF_OK;
	free(gif);
	return ok ? 1 : fail(err, err_size, "cannot finish the GIF", code);
}
