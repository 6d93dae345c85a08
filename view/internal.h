/* Private: the view's state and the drawing helpers its files share.
 * Every helper takes screen pixels (x right, y down) unless it says world. */
#ifndef TT_VIEW_INTERNAL_H
#define TT_VIEW_INTERNAL_H

#include <SDL.h>

#include "view.h"

struct tt_view {
	SDL_Window *window;      /* NULL headless */
	SDL_Renderer *renderer;
	SDL_Surface *surface;    /* headless target, NULL in a window */
	SDL_Texture *canvas;     /* windowed target, so a screenshot can read
				    the last frame after it was presented */
	int width, height;       /* pixels */
	float raster_bias;       /* added to shape vertices: SDL's software
				    rasteriser samples pixels half a pixel
				    off from the GPU ones */
	float center_x, center_y;  /* camera centre, world metres */
	float pixels_per_metre;
	int panning;             /* middle button held */
	float pan_x, pan_y;      /* pointer at the last pan step */
	int debug;               /* F1: contact points and normals */
};

/* ---- draw_colliders.c --------------------------------------------------- */

/// Colliders filled and outlined; with the debug layer, contacts too.
void tt_view_draw_colliders(tt_view *view, tt_world_id world);

/* ---- draw_world.c, draw_softbody.c ------------------------------------ */

/// White at strain 0, to red stretched and blue compressed, full at
/// |strain| = full.
tt_color tt_view_strain_color(float strain, float full);
/// Every soft body filled (cells, strain-coloured with the debug layer)
/// and outlined.
void tt_view_draw_softbodies(tt_view *view, tt_world_id world);

/* ---- camera.c ----------------------------------------------------------- */

/// Frame the default box [-5, -5] .. [5, 5].
void tt_view_fit_default(tt_view *view);
/// Move the camera so the world follows the pointer by (dx, dy) pixels.
void tt_view_pan(tt_view *view, float dx, float dy);
/// Zoom by factor, keeping the world point under (sx, sy) in place.
void tt_view_zoom_at(tt_view *view, float sx, float sy, float factor);

/* ---- shapes.c ----------------------------------------------------------- */

/// A line width pixels thick, drawn as a quad.
void tt_view_line(tt_view *view, float x0, float y0, float x1, float y1,
		  float width, tt_color color);
/// A filled disc of radius r pixels.
void tt_view_disc(tt_view *view, float x, float y, float r, tt_color color);
/// A circle outline of radius r, width pixels thick.
void tt_view_ring(tt_view *view, float x, float y, float r, float width,
		  tt_color color);
/// A filled convex polygon of n (3 to 64) corners, in order.
void tt_view_convex(tt_view *view, const float *x, const float *y, int n,
		    tt_color color);
/// A filled axis-aligned rectangle.
void tt_view_rect(tt_view *view, float x, float y, float w, float h,
		  tt_color color);

/* ---- text.c: stb_easy_font glyphs, scale pixels per font unit ----------- */

/// Height of one line of text.
int tt_view_text_line_height(int scale);
/// Width of the first n bytes of s, drawn on one line.
float tt_view_text_width(const char *s, int n, int scale);
/// How many of the first n bytes of s fit in max_width pixels (at least 1
/// when n > 0, so wrapping always advances).
int tt_view_text_fit(const char *s, int n, int scale, float max_width);
/// Draw the first n bytes of s on one line, top left at (x, y).
void tt_view_text_line(tt_view *view, float x, float y, const char *s, int n,
		       int scale, tt_color color);
/// Draw '\n'-separated lines, top left at (x, y).
void tt_view_text(tt_view *view, float x, float y, const char *text, int scale,
		  tt_color color);
/// The size of what tt_view_text would draw.
void tt_view_text_size(const char *text, int scale, float *w, float *h);

#endif
