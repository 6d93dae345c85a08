/* Screenshots: read back the frame being drawn (the headless surface or
 * the window's canvas) and write it as a PNG with stb_image_write.
 * ABGR8888 is SDL's name for R, G, B, A bytes in memory on little-endian
 * machines, the order stb expects; alpha is forced opaque. */
#include <stdio.h>
#include <stdlib.h>

#include <stb_image_write.h>

#include "internal.h"

static void set_error(char *err, size_t err_size, const char *format,
		      const char *detail)
{
	if (err && err_size > 0)
		snprintf(err, err_size, format, detail);
}

/* The size of what is drawn on: a window's canvas can lag behind a resize
 * until the next tt_view_begin. */
static void frame_size(const tt_view *view, int *w, int *h)
{
	*w = view->width;
	*h = view->height;
	if (view->canvas)
		SDL_QueryTexture(view->canvas, NULL, NULL, w, h);
}

unsigned char *tt_view_read_frame(tt_view *view, int *w, int *h, char *err,
				  size_t err_size)
{
	frame_size(view, w, h);
	size_t bytes = (size_t)*w * (size_t)*h * 4;
	unsigned char *pixels = malloc(bytes);
	if (!pixels) {
		set_error(err, err_size, "%s", "out of memory");
		return NULL;
	}
	if (SDL_RenderReadPixels(view->renderer, NULL, SDL_PIXELFORMAT_ABGR8888,
				 pixels, *w * 4) != 0) {
		set_error(err, err_size, "cannot read the frame: %s",
			  SDL_GetError());
		free(pixels);
		return NULL;
	}
	for (size_t i = 3; i < bytes; i += 4)
		pixels[i] = 255;
	return pixels;
}

int tt_view_screenshot(tt_view *view, const char *path, char *err,
		       size_t err_size)
{
	int w, h;
	unsigned char *pixels = tt_view_read_frame(view, &w, &h, err, err_size);
	if (!pixels)
		return -1;
	int ok = stbi_write_png(path, w, h, 4, pixels, w * 4);
	free(pixels);
	if (!ok) {
		set_error(err, err_size, "cannot write '%s'", path);
		return -1;
	}
	return 0;
}
