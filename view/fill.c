/* Filled polygons with texture coordinates, batched into calls of
 * SDL_RenderGeometry (in every SDL2 renderer since 2.0.18, the software
 * one included, so headless screenshots show them too). A polygon goes in
 * as a fan from its first corner, which fills any convex polygon and any
 * that corner sees whole. Texture coordinates pass through, so a texture
 * given at begin maps onto the polygons (v up: images are stored top row
 * first, so v is flipped here). */
#include <math.h>

#include "fill.h"

static int finite_corners(const float *x, const float *y, int n)
{
	for (int i = 0; i < n; i++)
		if (!isfinite(x[i]) || !isfinite(y[i]))
			return 0;
	return 1;
}

/* Some corner on screen, or the box spans it. */
static int on_screen(const tt_view *view, const float *x, const float *y,
		     int n)
{
	float lx = x[0], hx = x[0], ly = y[0], hy = y[0];
	for (int i = 1; i < n; i++) {
		lx = fminf(lx, x[i]), hx = fmaxf(hx, x[i]);
		ly = fminf(ly, y[i]), hy = fmaxf(hy, y[i]);
	}
	return hx >= 0.0f && lx <= (float)view->width && hy >= 0.0f &&
	       ly <= (float)view->height;
}

void tt_fill_begin(tt_fill *f, tt_view *view, SDL_Texture *texture)
{
	f->view = view;
	f->texture = texture;
	f->vertices = f->indices = 0;
}

void tt_fill_end(tt_fill *f)
{
	if (f->indices > 0)
		SDL_RenderGeometry(f->view->renderer, f->texture, f->v,
				   f->vertices, f->index, f->indices);
	f->vertices = f->indices = 0;
}

void tt_fill_polygon(tt_fill *f, const tt_fill_corner *c, int n,
		     tt_color color)
{
	float x[TT_FILL_MAX_CORNERS], y[TT_FILL_MAX_CORNERS];
	float b = f->view->raster_bias;
	if (n < 3 || n > TT_FILL_MAX_CORNERS)
		return;
	for (int i = 0; i < n; i++)
		x[i] = c[i].x, y[i] = c[i].y;
	if (!finite_corners(x, y, n) || !on_screen(f->view, x, y, n))
		return;
	if (f->vertices + n > TT_FILL_VERTICES ||
	    f->indices + 3 * (n - 2) > TT_FILL_INDICES)
		tt_fill_end(f);
	int first = f->vertices;
	for (int i = 0; i < n; i++)
		f->v[f->vertices++] = (SDL_Vertex){
			{x[i] + b, y[i] + b},
			{color.r, color.g, color.b, color.a},
			{c[i].u, 1.0f - c[i].v}};
	for (int i = 1; i + 1 < n; i++) {
		f->index[f->indices++] = first;
		f->index[f->indices++] = first + i;
		f->index[f->indices++] = first + i + 1;
	}
}
