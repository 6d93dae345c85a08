/* The view's lifetime and frames: a window or a headless surface.
 *
 * Both paths end in one SDL_Renderer, so every drawing call is shared.
 * Headless never initialises SDL's video subsystem: a software renderer
 * draws into a plain surface, so it needs no display, X server or GPU
 * (raylib's platform split, reduced to one branch here).
 *
 * In a window the frame is drawn into a target texture (the canvas) and
 * copied to the window at the end, because the window's back buffer is
 * undefined after presenting and a screenshot must still read the frame. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void set_error(char *err, size_t err_size, const char *what)
{
	if (err && err_size > 0)
		snprintf(err, err_size, "%s: %s", what, SDL_GetError());
}

tt_view_def tt_view_def_default(void)
{
	tt_view_def def = { 1280, 720, 0, "taut" };
	return def;
}

static int open_headless(tt_view *view)
{
	view->surface = SDL_CreateRGBSurfaceWithFormat(
		0, view->width, view->height, 32, SDL_PIXELFORMAT_ARGB8888);
	if (!view->surface)
		return -1;
	view->renderer = SDL_CreateSoftwareRenderer(view->surface);
	return view->renderer ? 0 : -1;
}

/* With no display SDL falls back to its offscreen driver, and a window
 * would run unseen forever; unless the user chose a driver, that is an
 * error. */
static int has_display(void)
{
	const char *driver = SDL_GetCurrentVideoDriver();
	return getenv("SDL_VIDEODRIVER") ||
	       !(driver && (strcmp(driver, "offscreen") == 0 ||
			    strcmp(driver, "dummy") == 0));
}

static int open_window(tt_view *view, const char *title)
{
	Uint32 wanted = SDL_RENDERER_TARGETTEXTURE | SDL_RENDERER_PRESENTVSYNC;

	if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0)
		return -1;
	if (!has_display())
		return SDL_SetError("no display to open a window on (run under X11 "
				    "or Wayland, or use --headless)");
	view->window = SDL_CreateWindow(title ? title : "taut",
					SDL_WINDOWPOS_CENTERED,
					SDL_WINDOWPOS_CENTERED, view->width,
					view->height, SDL_WINDOW_RESIZABLE);
	if (!view->window)
		return -1;
	view->renderer = SDL_CreateRenderer(view->window, -1,
					    wanted | SDL_RENDERER_ACCELERATED);
	if (!view->renderer)
		view->renderer = SDL_CreateRenderer(
			view->window, -1, wanted | SDL_RENDERER_SOFTWARE);
	return view->renderer ? 0 : -1;
}

static int is_software(SDL_Renderer *renderer)
{
	SDL_RendererInfo info;

	return SDL_GetRendererInfo(renderer, &info) == 0 &&
	       (info.flags & SDL_RENDERER_SOFTWARE);
}

tt_view *tt_view_create(const tt_view_def *def, char *err, size_t err_size)
{
	tt_view *view;
	int failed;

	if (def->width <= 0 || def->height <= 0) {
		if (err && err_size > 0)
			snprintf(err, err_size, "bad view size %d x %d",
				 def->width, def->height);
		return NULL;
	}
	view = calloc(1, sizeof *view);
	if (!view) {
		if (err && err_size > 0)
			snprintf(err, err_size, "out of memory");
		return NULL;
	}
	view->width = def->width;
	view->height = def->height;
	view->layers = TT_LAYER_WIND;
	tt_view_relayout(view);
	failed = def->headless ? open_headless(view)
			       : open_window(view, def->title);
	view->depth = tt_depth_create();
	if (!view->depth || !tt_view_textures_open(view))
		failed = SDL_SetError("out of memory");
	if (failed) {
		set_error(err, err_size, "cannot open the view");
		tt_view_destroy(view);
		return NULL;
	}
	SDL_SetRenderDrawBlendMode(view->renderer, SDL_BLENDMODE_BLEND);
	view->raster_bias = is_software(view->renderer) ? 0.5f : 0.0f;
	tt_view_fit_default(view);
	return view;
}

void tt_view_destroy(tt_view *view)
{
	if (!view)
		return;
	tt_view_textures_release(view);
	tt_depth_destroy(view->depth);
	free(view->cloth_nodes);
	if (view->canvas)
		SDL_DestroyTexture(view->canvas);
	if (view->renderer)
		SDL_DestroyRenderer(view->renderer);
	if (view->surface)
		SDL_FreeSurface(view->surface);
	if (view->window) {
		SDL_DestroyWindow(view->window);
		SDL_QuitSubSystem(SDL_INIT_VIDEO);
	}
	free(view);
}

void tt_view_size(const tt_view *view, int *width, int *height)
{
	if (width)
		*width = view->width;
	if (height)
		*height = view->height;
}

/* Keep the canvas the size of the window; without one (it could not be
 * made) the frame goes straight to the window. */
static void sync_canvas(tt_view *view)
{
	int w = 0, h = 0;

	if (view->canvas)
		SDL_QueryTexture(view->canvas, NULL, NULL, &w, &h);
	if (view->canvas && w == view->width && h == view->height)
		return;
	if (view->canvas)
		SDL_DestroyTexture(view->canvas);
	view->canvas = SDL_CreateTexture(view->renderer,
					 SDL_PIXELFORMAT_ARGB8888,
					 SDL_TEXTUREACCESS_TARGET, view->width,
					 view->height);
	if (view->canvas)
		SDL_SetTextureBlendMode(view->canvas, SDL_BLENDMODE_NONE);
	SDL_SetRenderTarget(view->renderer, view->canvas);
}

void tt_view_begin(tt_view *view)
{
	view->frame++;
	tt_view_textures_age(view);
	if (view->window)
		sync_canvas(view);
	SDL_SetRenderDrawColor(view->renderer, 24, 26, 32, 255);
	SDL_RenderClear(view->renderer);
}

void tt_view_end(tt_view *view)
{
	tt_view_flush(view);
	if (!view->window) {
		SDL_RenderFlush(view->renderer);  /* the surface holds the frame */
		return;
	}
	if (view->canvas) {
		SDL_SetRenderTarget(view->renderer, NULL);
		SDL_RenderCopy(view->renderer, view->canvas, NULL, NULL);
	}
	SDL_RenderPresent(view->renderer);
	SDL_SetRenderTarget(view->renderer, view->canvas);
}

double tt_view_clock(void)
{
	return (double)SDL_GetPerformanceCounter() /
	       (double)SDL_GetPerformanceFrequency();
}
