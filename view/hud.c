/* Screen-space overlays: the HUD (a text block at the top left on a dim
 * backing sized to it, a warning in red under it) and the error overlay (a red-bordered box across
 * the lower part of the screen, its text wrapped at spaces where it can
 * and clipped to the box, so a long traceback never runs off screen). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define EDGE 8.0f      /* gap between an overlay and the screen edge */
#define PAD 6.0f       /* gap between an overlay's border and its text */
#define BORDER 2.0f

static const tt_color hud_backing = { 0, 0, 0, 150 };
static const tt_color hud_text = { 225, 228, 232, 255 };
static const tt_color error_border = { 230, 60, 50, 255 };
static const tt_color error_backing = { 28, 12, 14, 235 };
static const tt_color error_title = { 255, 140, 125, 255 };
static const tt_color error_text = { 225, 225, 230, 255 };
static const tt_color warning_text = { 255, 95, 80, 255 };

/* 2x font where there is room for it, else 1x. */
static int text_scale(const tt_view *view)
{
	return view->width >= 640 && view->height >= 300 ? 2 : 1;
}

void tt_view_draw_hud(tt_view *view, const char *text)
{
	int scale = text_scale(view);
	float w, h;

	tt_view_text_size(text, scale, &w, &h);
	/* the last line's advance is mostly blank below the glyphs */
	h -= (float)(3 * scale);
	tt_view_rect(view, EDGE, EDGE, w + 2.0f * PAD, h + 2.0f * PAD,
		     hud_backing);
	tt_view_text(view, EDGE + PAD, EDGE + PAD, text, scale, hud_text);
}

void tt_view_draw_hud_warning(tt_view *view, const char *hud,
			      const char *warning)
{
	int scale = text_scale(view);
	float w, h, ww, wh;

	tt_view_text_size(hud, scale, &w, &h);
	tt_view_text_size(warning, scale, &ww, &wh);
	float y = EDGE + h - (float)(3 * scale) + 2.0f * PAD + BORDER;
	tt_view_rect(view, EDGE, y, ww + 2.0f * PAD, wh + PAD, hud_backing);
	tt_view_text(view, EDGE + PAD, y + 0.5f * PAD, warning, scale,
		     warning_text);
}

void tt_view_format_figure(char *out, size_t size, double value, int decimals)
{
	if (!isfinite(value))
		snprintf(out, size, "not finite");
	else if (fabs(value) >= 1e7)
		snprintf(out, size, "%.3g", value);
	else
		snprintf(out, size, "%.*f", decimals, value);
}

/* How much of one line (n bytes) to put on a row at most max_width wide:
 * up to the last space that fits when the line must break. */
static int wrap(const char *s, int n, int scale, float max_width)
{
	int fit = tt_view_text_fit(s, n, scale, max_width);

	if (fit == n)
		return n;
	for (int i = fit; i > 0; i--)
		if (s[i] == ' ')
			return i + 1;
	return fit;
}

/* Draw text wrapped into the box (x, y, w, h); the first line (the
 * message) stands out from the traceback below it. */
static void draw_wrapped(tt_view *view, const char *text, float x, float y,
			 float w, float h)
{
	int scale = text_scale(view);
	float row = (float)tt_view_text_line_height(scale);
	tt_color color = error_title;

	for (const char *s = text; *s && row <= h; color = error_text) {
		const char *end = strchr(s, '\n');
		int n = end ? (int)(end - s) : (int)strlen(s);
		do {
			int take = wrap(s, n, scale, w);
			tt_view_text_line(view, x, y, s, take, scale, color);
			s += take;
			n -= take;
			y += row;
			h -= row;
		} while (n > 0 && row <= h);
		s += n + (end ? 1 : 0);
	}
}

/* A BORDER-thick frame just inside the box (x, y, w, h). */
static void outline(tt_view *view, float x, float y, float w, float h,
		    tt_color color)
{
	tt_view_rect(view, x, y, w, BORDER, color);
	tt_view_rect(view, x, y + h - BORDER, w, BORDER, color);
	tt_view_rect(view, x, y + BORDER, BORDER, h - 2.0f * BORDER, color);
	tt_view_rect(view, x + w - BORDER, y + BORDER, BORDER,
		     h - 2.0f * BORDER, color);
}

void tt_view_draw_error(tt_view *view, const char *text)
{
	float x = EDGE, w = (float)view->width - 2.0f * EDGE;
	float y = (float)view->height * 0.4f;
	float h = (float)view->height - EDGE - y;
	float inset = BORDER + PAD;

	tt_view_rect(view, x, y, w, h, error_backing);
	outline(view, x, y, w, h, error_border);
	draw_wrapped(view, text, x + inset, y + inset, w - 2.0f * inset,
		     h - 2.0f * inset);
}
