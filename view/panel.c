/* The tuning panel: one row per tune value at the top right, a slider
 * (or a toggle for a boolean) under its name and value.
 *
 * The panel only draws and answers "which row, which value is under the
 * pointer"; the runtime applies the value (the view never changes
 * physics). Slider values snap to a round step, a hundredth of the
 * range's order of magnitude, so a dragged value saves as a short literal
 * ("7.5", not "7.4983713"). */
#include <math.h>
#include <stdio.h>

#include "internal.h"

#define WIDTH 300.0f
#define EDGE 8.0f
#define PAD 8.0f
#define TRACK 6.0f   /* slider track height */
#define KNOB 7.0f    /* knob radius */

static const tt_color backing = { 0, 0, 0, 150 };
static const tt_color label = { 225, 228, 232, 255 };
static const tt_color track = { 90, 96, 110, 255 };
static const tt_color fill = { 90, 160, 230, 255 };
static const tt_color knob = { 235, 240, 245, 255 };
static const tt_color knob_active = { 255, 200, 90, 255 };

static float left(const tt_view *view)
{
	return (float)view->width - EDGE - WIDTH;
}

static int scale_of(const tt_view *view)
{
	return view->width >= 640 && view->height >= 300 ? 2 : 1;
}

static float row_height(const tt_view *view)
{
	return (float)tt_view_text_line_height(scale_of(view)) + 2.0f * KNOB + 6.0f;
}

static float row_top(const tt_view *view, int i)
{
	return EDGE + PAD + (float)i * row_height(view);
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
	float x = left(view) + PAD, y = row_top(view, i), w = WIDTH - 2 * PAD;
	float ty = y + (float)tt_view_text_line_height(scale_of(view)) + KNOB;
	if (item->is_bool)
		snprintf(text, sizeof text, "%s  %s", item->name,
			 item->value != 0.0 ? "on" : "off");
	else
		snprintf(text, sizeof text, "%s  %.4g", item->name, item->value);
	tt_view_text(view, x, y, text, scale_of(view), label);
	if (item->is_bool) {
		tt_view_rect(view, x, ty - KNOB, 2 * KNOB, 2 * KNOB, track);
		if (item->value != 0.0)
			tt_view_rect(view, x + 3, ty - KNOB + 3, 2 * KNOB - 6,
				     2 * KNOB - 6, fill);
		return;
	}
	float at = x + (float)fraction(item) * w;
	tt_view_rect(view, x, ty - TRACK / 2, w, TRACK, track);
	tt_view_rect(view, x, ty - TRACK / 2, at - x, TRACK, fill);
	tt_view_disc(view, at, ty, KNOB, active ? knob_active : knob);
}

void tt_view_draw_panel(tt_view *view, const tt_panel_item *items, int count,
			int active)
{
	if (count <= 0)
		return;
	tt_view_rect(view, left(view), EDGE, WIDTH,
		     2 * PAD + (float)count * row_height(view), backing);
	for (int i = 0; i < count; i++)
		draw_row(view, &items[i], i, i == active);
}

int tt_view_panel_pick(const tt_view *view, int count, float sx, float sy)
{
	if (sx < left(view) || sx > left(view) + WIDTH || sy < EDGE + PAD)
		return -1;
	int i = (int)((sy - EDGE - PAD) / row_height(view));
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
	double f = (sx - left(view) - PAD) / (WIDTH - 2 * PAD);
	f = f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
	return snap(item->min + f * (item->max - item->min),
		    item->max - item->min);
}
