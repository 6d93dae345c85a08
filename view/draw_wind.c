/* The wind layer: arrows on a screen-space grid showing the air's velocity
 * (every enabled field summed, tt_world_air_velocity), as the next step
 * will sample it (in 3D on the plane through the camera's target, each
 * arrow the air's velocity as the camera sees it). Arrows are scaled so
 * the fastest on screen fills most of a cell and coloured from dim to
 * bright by speed, so gusts read at a glance. Read-only: it samples the wind, it never changes it. */
#include <math.h>

#include "internal.h"

#define ARROW_SPACING 48.0f   /* pixels between arrows */
#define ARROW_FILL 0.85f      /* the fastest arrow spans this much of a cell */
#define MAX_ARROWS 4096
#define ALPHA_3D 100          /* in 3D the arrows float over solids: see through them */

static const tt_color slow_color = {40, 80, 110, 255};
static const tt_color fast_color = {120, 220, 255, 255};

static tt_color speed_color(const tt_view *view, float t)
{
	tt_color c = {(uint8_t)(slow_color.r + (fast_color.r - slow_color.r) * t),
		      (uint8_t)(slow_color.g + (fast_color.g - slow_color.g) * t),
		      (uint8_t)(slow_color.b + (fast_color.b - slow_color.b) * t),
		      view->is_3d ? ALPHA_3D : 255};
	return c;
}

/* An arrow from (x, y) by (dx, dy) pixels, with a two-stroke head. */
static void arrow(tt_view *view, float x, float y, float dx, float dy,
		  tt_color color)
{
	float len = sqrtf(dx * dx + dy * dy);
	if (len < 1.0f)
		return;
	float ux = dx / len, uy = dy / len, head = fminf(6.0f, 0.4f * len);
	float tx = x + dx, ty = y + dy;
	tt_view_line(view, x, y, tx, ty, 1.5f, color);
	tt_view_line(view, tx, ty, tx - head * (ux - 0.5f * uy),
		     ty - head * (uy + 0.5f * ux), 1.5f, color);
	tt_view_line(view, tx, ty, tx - head * (ux + 0.5f * uy),
		     ty - head * (uy - 0.5f * ux), 1.5f, color);
}

/* The middle of arrow cell k of a grid cols wide over the scene area. */
static void cell(const tt_view *view, int cols, int k, float *sx, float *sy)
{
	*sx = view->area.x + ARROW_SPACING * ((float)(k % cols) + 0.5f);
	*sy = view->area.y + ARROW_SPACING * ((float)(k / cols) + 0.5f);
}

void tt_view_draw_wind(tt_view *view, tt_world_id world)
{
	if (tt_world_wind_count(world) == 0 || !(view->layers & TT_LAYER_WIND))
		return;
	int cols = (int)(view->area.w / ARROW_SPACING) + 1,
	    rows = (int)(view->area.h / ARROW_SPACING) + 1;
	static tt_vec3 air[MAX_ARROWS];
	float fastest = 1e-6f;
	for (int k = 0; k < cols * rows && k < MAX_ARROWS; k++) {
		float sx, sy;
		cell(view, cols, k, &sx, &sy);
		/* on screen: x right, y up (in 3D, along the camera's axes) */
		tt_vec3 at = tt_view_to_world(view, sx, sy);
		air[k] = tt_view_screen_direction(view,
						  tt_world_air_velocity(world, at));
		fastest = fmaxf(fastest, hypotf(air[k].x, air[k].y));
	}
	float k_px = ARROW_FILL * ARROW_SPACING / fastest;
	for (int k = 0; k < cols * rows && k < MAX_ARROWS; k++) {
		float sx, sy;
		cell(view, cols, k, &sx, &sy);
		float dx = air[k].x * k_px, dy = -air[k].y * k_px;  /* y down */
		arrow(view, sx - 0.5f * dx, sy - 0.5f * dy, dx, dy,
		      speed_color(view, hypotf(air[k].x, air[k].y) / fastest));
	}
}
