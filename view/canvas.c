/* Pixel drawing for plots: the view's own line, rectangle and text
 * helpers, in screen pixels, for charts that are not a world (the PNG
 * plots of experiments). The same rasteriser as the scene view, so a plot
 * looks like the viewport and needs no other library. */
#include "internal.h"

void tt_view_canvas_line(tt_view *view, float x0, float y0, float x1,
			 float y1, float width, tt_color color)
{
	tt_view_line(view, x0, y0, x1, y1, width, color);
}

void tt_view_canvas_rect(tt_view *view, float x, float y, float w, float h,
			 tt_color color)
{
	tt_view_rect(view, x, y, w, h, color);
}

void tt_view_canvas_text(tt_view *view, float x, float y, const char *text,
			 int scale, tt_color color)
{
	tt_view_text(view, x, y, text, scale, color);
}

void tt_view_canvas_text_size(const char *text, int scale, float *w, float *h)
{
	tt_view_text_size(text, scale, w, h);
}

void tt_view_canvas_image(tt_view *view, const tt_texture *texture, float x,
			  float y, float w, float h)
{
	SDL_Texture *t = tt_view_texture(view, texture);
	SDL_FRect to = { x, y, w, h };
	if (t)
		SDL_RenderCopyF(view->renderer, t, NULL, &to);
}
