/* The tuning panel: one row per tune value in the panel column docked at
 * the right (layout.c), a slider (or a toggle for a boolean) under its
 * name and value, sized by the text scale.
 *
 * The panel only draws and answers "which row, which value is under the
 * pointer"; the runtime applies the value (the view never changes
 * physics). Slider values snap to a round step, a hundredth of the
 * range's order of magnitude, so a dragged value saves as a short literal
 * ("7.5", not "7.4983713"). */
#include <math.h>
#include <stdio.h>

#include "internal.h"

static const tt_color backing = { 14, 15, 19, 235 };
static const tt_color edge = { 52, 57, 68, 255 };
static const tt_color label = { 225, 228, 232, 255 };
static const tt_color track = { 90, 96, 110, 255 };
static const tt_color fill = { 90, 160, 230, 255 };
static const tt_color knob = { 235, 240, 245, 255 };
static const tt_color knob_active = { 255, 200, 90, 255 };

/* Pixels per font unit: every size below is in those units. */
static float unit(const tt_view *view)
{
	return (float)tt_view_text_scale(view);
}

/* Where a row's track starts and how long it is. */
static float track_left(const tt_view *view)
{
	return view->panel.x + 6.0f * unit(view);
}

static float track_width(const tt_view *view)
{
	return view->panel.w - 12.0f * unit(view);
}

static float row_height(const tt_view *view)
{
	return (float)tt_view_text_line_height(tt_view_text_scale(view)) +
	       10.0f * unit(view);
}

static float row_top(const tt_view *view, int i)
{
	return view->panel.y + 4.0f * unit(view) + (float)i * row_height(view);
}

static double fraction(const tt_panel_item *item)
{
	double f = (item->value - item->min) / (item->max - item->min);
	return f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
}

static void draw_row(tt_view *view, const tt_panel_item *item, int i,
		     int active)
{
	char text[96];
	int scale = tt_view_text_scale(view);
	float u = unit(view), knob_r = 3.5f * u;
	float x = track_left(view), y = row_top(view, i), w = track_width(view);
	float ty = y + (float)tt_view_text_line_height(scale) + knob_r;
	if (item->is_bool)
		snprintf(text, sizeof text, "%s  %s", item->name,
			 item->value != 0.0 ? "on" : "off");
	else
		snprintf(text, sizeof text, "%s  %.4g", item->name, item->value);
	tt_view_text(view, x, y, text, scale, label);
	if (item->is_bool) {
		tt_view_rect(view, x, ty - knob_r, 2 * knob_r, 2 * knob_r, track);
		if (item->value != 0.0)
			tt_view_rect(view, x + 1.5f * u, ty - knob_r + 1.5f * u,
				     2 * knob_r - 3.0f * u, 2 * knob_r - 3.0f * u,
				     fill);
		return;
	}
	float at = x + (float)fraction(item) * w;
	tt_view_rect(view, x, ty - 1.5f * u, w, 3.0f * u, track);
	tt_view_rect(view, x, ty - 1.5f * u, at - x, 3.0f * u, fill);
	tt_view_disc(view, at, ty, knob_r, active ? knob_active : knob);
}

void tt_view_draw_panel(tt_view *view, const tt_panel_item *items, int count,
			int active)
{
	tt_rect r = view->panel;
	if (count <= 0 || r.w <= 0.0f)
		return;
	tt_view_rect(view, r.x, r.y, r.w, r.h, backing);
	tt_view_rect(view, r.x, r.y, 1.0f, r.h, edge);
	for (int i = 0; i < count; i++)
		draw_row(view, &items[i], i, i == active);
}

int tt_view_panel_pick(const tt_view *view, int count, float sx, float sy)
{
	tt_rect r = view->panel;
	if (r.w <= 0.0f || sx < r.x || sx > r.x + r.w || sy < row_top(view, 0))
		return -1;
	int i = (int)((sy - row_top(view, 0)) / row_height(view));
	return i < count ? i : -1;
}

/* Round v to a step a hundredth of the range's order of magnitude. */
static double snap(double v, double range)
{
	double e = floor(log10(range)) - 2.0;
	if (e >= 0.0)
		return round(v / pow(10.0, e)) * pow(10.0, e);
	double inv = pow(10.0, -e);  /* exact: a power of ten below 2^53 */
	return round(v * inv) / inv;
}

double tt_view_panel_value(const tt_view *view, const tt_panel_item *item,
			   float sx)
{
	if (item->is_bool)
		return item->value != 0.0 ? 0.0 : 1.0;
	double f = (sx - track_left(view)) / track_width(view);
	f = f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
	return snap(item->min + f * (item->max - item->min),
		    item->max - item->min);
}
