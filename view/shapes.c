/* Shapes as triangles through SDL_RenderGeometry, which every renderer has,
 * the software one included: a line is a quad, a disc a fan, a ring a
 * strip. No anti-aliasing, so colours stay exact where a test reads them.
 * Shapes wholly off screen (or with non-finite corners) are skipped, which
 * also keeps far-flung coordinates away from the rasteriser. */
#include <math.h>

#include "internal.h"

#define MAX_SEGMENTS 64

static int visible(const tt_view *view, float x, float y, float reach)
{
	if (!isfinite(x) || !isfinite(y) || !isfinite(reach))
		return 0;
	return x + reach >= 0.0f && x - reach <= (float)view->width &&
	       y + reach >= 0.0f && y - reach <= (float)view->height;
}

static SDL_Vertex vertex(const tt_view *view, float x, float y, tt_color c)
{
	float b = view->raster_bias;
	SDL_Vertex v = { { x + b, y + b }, { c.r, c.g, c.b, c.a }, { 0, 0 } };

	return v;
}

/* Enough segments that the polygon edge stays within about a pixel. */
int tt_view_disc_segments(float r)
{
	if (!(r < 2.0f * (MAX_SEGMENTS - 8)))
		return MAX_SEGMENTS;
	return r > 0.0f ? 8 + (int)(r * 0.5f) : 8;
}

void tt_view_line_corners(float x0, float y0, float x1, float y1,
			  float width, float corners[8])
{
	float dx = x1 - x0, dy = y1 - y0;
	float len = sqrtf(dx * dx + dy * dy);
	float half = 0.5f * width;
	float nx = len > 0.0f ? -dy / len * half : half;
	float ny = len > 0.0f ? dx / len * half : 0.0f;
	float c[8] = { x0 + nx, y0 + ny, x1 + nx, y1 + ny,
		       x1 - nx, y1 - ny, x0 - nx, y0 - ny };

	for (int i = 0; i < 8; i++)
		corners[i] = c[i];
}

void tt_view_line(tt_view *view, float x0, float y0, float x1, float y1,
		  float width, tt_color color)
{
	float dx = x1 - x0, dy = y1 - y0;
	float len = sqrtf(dx * dx + dy * dy);
	float q[8];
	static const int quad[6] = { 0, 1, 2, 0, 2, 3 };
	SDL_Vertex v[4];

	if (!visible(view, 0.5f * (x0 + x1), 0.5f * (y0 + y1),
		     0.5f * len + 0.5f * width))
		return;
	tt_view_line_corners(x0, y0, x1, y1, width, q);
	for (int i = 0; i < 4; i++)
		v[i] = vertex(view, q[2 * i], q[2 * i + 1], color);
	SDL_RenderGeometry(view->renderer, NULL, v, 4, quad, 6);
}

void tt_view_disc(tt_view *view, float x, float y, float r, tt_color color)
{
	SDL_Vertex v[MAX_SEGMENTS + 1];
	int index[MAX_SEGMENTS * 3];
	int n = tt_view_disc_segments(r);

	if (!visible(view, x, y, r))
		return;
	v[0] = vertex(view, x, y, color);
	for (int i = 0; i < n; i++) {
		float a = 6.2831853f * (float)i / (float)n;
		float c = cosf(a), s = sinf(a);
		v[i + 1] = vertex(view, x + r * c, y + r * s, color);
		index[3 * i] = 0;
		index[3 * i + 1] = i + 1;
		index[3 * i + 2] = (i + 1) % n + 1;
	}
	SDL_RenderGeometry(view->renderer, NULL, v, n + 1, index, 3 * n);
}

void tt_view_ring(tt_view *view, float x, float y, float r, float width,
		  tt_color color)
{
	SDL_Vertex v[2 * MAX_SEGMENTS];
	int index[MAX_SEGMENTS * 6];
	float inner = r - 0.5f * width, outer = r + 0.5f * width;
	int n = tt_view_disc_segments(outer);

	if (!visible(view, x, y, outer))
		return;
	for (int i = 0; i < n; i++) {
		float a = 6.2831853f * (float)i / (float)n;
		float c = cosf(a), s = sinf(a);
		int j = (i + 1) % n;
		v[2 * i] = vertex(view, x + inner * c, y + inner * s, color);
		v[2 * i + 1] =
			vertex(view, x + outer * c, y + outer * s, color);
		index[6 * i] = 2 * i;
		index[6 * i + 1] = 2 * i + 1;
		index[6 * i + 2] = 2 * j + 1;
		index[6 * i + 3] = 2 * i;
		index[6 * i + 4] = 2 * j + 1;
		index[6 * i + 5] = 2 * j;
	}
	SDL_RenderGeometry(view->renderer, NULL, v, 2 * n, index, 6 * n);
}

void tt_view_rect(tt_view *view, float x, float y, float w, float h,
		  tt_color color)
{
	SDL_FRect rect = { x, y, w, h };

	SDL_SetRenderDrawColor(view->renderer, color.r, color.g, color.b,
			       color.a);
	SDL_RenderFillRectF(view->renderer, &rect);
}

void tt_view_convex(tt_view *view, const float *x, const float *y, int n,
		    tt_color color)
{
	SDL_Vertex v[MAX_SEGMENTS];
	int index[3 * MAX_SEGMENTS];
	float lo_x = x[0], hi_x = x[0], lo_y = y[0], hi_y = y[0];

	if (n < 3 || n > MAX_SEGMENTS)
		return;
	for (int i = 0; i < n; i++) {
		lo_x = fminf(lo_x, x[i]), hi_x = fmaxf(hi_x, x[i]);
		lo_y = fminf(lo_y, y[i]), hi_y = fmaxf(hi_y, y[i]);
		v[i] = vertex(view, x[i], y[i], color);
	}
	if (!visible(view, 0.5f * (lo_x + hi_x), 0.5f * (lo_y + hi_y),
		     0.5f * (hi_x - lo_x + hi_y - lo_y)))
		return;
	for (int i = 0; i + 2 < n; i++) {
		index[3 * i] = 0;
		index[3 * i + 1] = i + 1;
		index[3 * i + 2] = i + 2;
	}
	SDL_RenderGeometry(view->renderer, NULL, v, n, index, 3 * (n - 2));
}
