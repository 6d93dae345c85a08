/* Screen-space overlays: the HUD (text docked in its strip at the top,
 * layout.c), the error bar at the bottom of the scene area, toasts, the
 * badge that says the run is paused or recording, and a warning in red
 * under it.
 *
 * HUD lines wrap between their items (runs separated by two spaces), never
 * inside one, so a key and what it does stay together and a line never
 * runs past the strip. The error bar shows the message's first line and a
 * hint; expanded it grows upwards with the traceback, wrapped at spaces
 * where it can and clipped to the bar, so a long one never runs off. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define BORDER 2.0f
#define GAP "  "  /* between the items of a HUD line */

static const tt_color hud_backing = { 14, 15, 19, 235 };
static const tt_color hud_edge = { 52, 57, 68, 255 };
static const tt_color hud_title = { 255, 255, 255, 255 };
static const tt_color hud_text = { 205, 210, 218, 255 };
static const tt_color error_border = { 230, 60, 50, 255 };
static const tt_color error_backing = { 28, 12, 14, 240 };
static const tt_color error_title = { 255, 140, 125, 255 };
static const tt_color error_text = { 225, 225, 230, 255 };
static const tt_color toast_backing = { 0, 0, 0, 200 };
static const tt_color toast_text = { 240, 240, 240, 255 };
static const tt_color badge_backing = { 120, 84, 10, 230 };
static const tt_color badge_text = { 255, 236, 190, 255 };
static const tt_color warning_text = { 255, 95, 80, 255 };

static float pad(const tt_view *view)
{
	return 4.0f * (float)tt_view_text_scale(view);
}

/* Lay out (and, when draw is set, draw) the HUD text in rows no wider
 * than width from (x, y); returns the rows used, the widest in *widest. */
static int hud_rows(tt_view *view, const char *text, float x, float y,
		    float width, int draw, float *widest)
{
	int scale = tt_view_text_scale(view), rows = 0;
	float row = (float)tt_view_text_line_height(scale);
	float gap = tt_view_text_width(GAP, 2, scale);
	*widest = 0.0f;
	for (const char *line = text; line; rows++) {
		const char *end = strchr(line, '\n');
		const char *stop = end ? end : line + strlen(line);
		float at = 0.0f;
		tt_color color = line == text ? hud_title : hud_text;
		for (const char *item = line; item < stop;) {
			const char *next = strstr(item, GAP);
			int n = (int)((next && next < stop ? next : stop) - item);
			float w = tt_view_text_width(item, n, scale);
			if (at > 0.0f && at + gap + w > width)
				rows++, at = 0.0f;
			else if (at > 0.0f)
				at += gap;
			if (draw)
				tt_view_text_line(view, x + at, y + (float)rows * row,
						  item, n, scale, color);
			at += w;
			*widest = fmaxf(*widest, at);
			for (item += n; item < stop && *item == ' '; item++)
				;
		}
		line = end ? end + 1 : NULL;
	}
	return rows;
}

static float rows_height(const tt_view *view, int rows)
{
	int scale = tt_view_text_scale(view);
	/* the last row's advance is mostly blank below the glyphs */
	return (float)(rows * tt_view_text_line_height(scale) - 3 * scale) +
	       2.0f * pad(view);
}

float tt_view_hud_height(const tt_view *view, const char *text)
{
	float widest;
	int rows = hud_rows((tt_view *)view, text, 0.0f, 0.0f,
			    (float)view->width - 2.0f * pad(view), 0, &widest);
	return rows_height(view, rows);
}

void tt_view_draw_hud(tt_view *view, const char *text)
{
	tt_rect r = view->hud;
	float p = pad(view), widest;
	if (r.h <= 0.0f)
		return;
	tt_view_rect(view, r.x, r.y, r.w, r.h, hud_backing);
	tt_view_rect(view, r.x, r.y + r.h - 1.0f, r.w, 1.0f, hud_edge);
	int rows = hud_rows(view, text, r.x + p, r.y + p, r.w - 2.0f * p, 1,
			    &widest);
	view->hud_text = (tt_rect){r.x + p, r.y + p, widest,
				   rows_height(view, rows) - 2.0f * p};
}

tt_rect tt_view_hud_text_rect(const tt_view *view)
{
	return view->hud_text;
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

/* Draw text wrapped into the box (x, y, w, h); the first line (the message) stands out from the traceback below it. */
static void draw_wrapped(tt_view *view, const char *text, float x, float y,
			 float w, float h)
{
	int scale = tt_view_text_scale(view);
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

void tt_view_draw_error(tt_view *view, const char *text, int expanded)
{
	static const char hint[] =
		"Tab: traceback  Esc: dismiss (Esc again quits)";
	static const char hint_open[] = "Tab: fold  Esc: dismiss (Esc again quits)";
	int scale = tt_view_text_scale(view);
	float row = (float)tt_view_text_line_height(scale);
	float inset = BORDER + pad(view);
	tt_rect a = view->area;
	/* the text's rows, the hint's last: the message alone, or unfolded
	 * most of the scene's height for the traceback */
	float rows = expanded ? fmaxf(floorf(0.6f * a.h / row), 4.0f) : 2.0f;
	float h = rows * row + 2.0f * inset, y = a.y + a.h - h;
	const char *end = strchr(text, '\n');
	char first[512];
	snprintf(first, sizeof first, "%.*s",
		 end ? (int)(end - text) : (int)strlen(text), text);
	tt_view_rect(view, a.x, y, a.w, h, error_backing);
	outline(view, a.x, y, a.w, h, error_border);
	draw_wrapped(view, expanded ? text : first, a.x + inset, y + inset,
		     a.w - 2.0f * inset, (rows - 1.0f) * row);
	tt_view_text(view, a.x + inset, y + inset + (rows - 1.0f) * row,
		     expanded ? hint_open : hint, scale, error_text);
}

/* text on a backing, centred across the scene area, top at y. */
static void label(tt_view *view, const char *text, float y, tt_color back,
		  tt_color fore)
{
	int scale = tt_view_text_scale(view);
	float w, h, p = pad(view);
	tt_view_text_size(text, scale, &w, &h);
	h -= (float)(3 * scale);
	float x = tt_view_area_cx(view) - 0.5f * w;
	tt_view_rect(view, x - 2.0f * p, y - p, w + 4.0f * p, h + 2.0f * p, back);
	tt_view_text(view, x, y, text, scale, fore);
}

void tt_view_draw_toast(tt_view *view, const char *text, float alpha)
{
	tt_color back = toast_backing, fore = toast_text;
	float h = (float)tt_view_text_line_height(tt_view_text_scale(view));
	alpha = alpha < 0.0f ? 0.0f : alpha > 1.0f ? 1.0f : alpha;
	back.a = (uint8_t)((float)back.a * alpha);
	fore.a = (uint8_t)(255.0f * alpha);
	label(view, text, view->area.y + view->area.h - 4.0f * h, back, fore);
}

void tt_view_draw_badge(tt_view *view, const char *text)
{
	label(view, text, view->area.y + 3.0f * pad(view), badge_backing,
	      badge_text);
}

/* Under the badge, so a paused run that went non-finite shows both. */
void tt_view_draw_warning(tt_view *view, const char *text)
{
	float row = (float)tt_view_text_line_height(tt_view_text_scale(view));
	label(view, text, view->area.y + 5.0f * pad(view) + row, hud_backing,
	      warning_text);
}
