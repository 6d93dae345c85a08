/* The 2D orthographic camera: a centre in world metres and a zoom in
 * pixels per metre, the centre drawn at the middle of the scene area
 * (layout.c). World y points up, screen y down, so y flips here and
 * nowhere else. A view switched to 3D hands each call to the orbit
 * camera (camera3d.c). */
#include <math.h>

#include "internal.h"

#define MARGIN 1.2f          /* the framed box fills 1 / MARGIN of the view */
#define MIN_FIT_SIZE 2.0f    /* fit_world frames at least 2 m each way */
#define MIN_SCALE 1e-3f      /* pixels per metre, zoomed out */
#define MAX_SCALE 1e6f       /* zoomed in */

static float clamp_scale(float s)
{
	if (!(s >= MIN_SCALE)) /* also catches NaN */
		return MIN_SCALE;
	return s > MAX_SCALE ? MAX_SCALE : s;
}

void tt_view_fit(tt_view *view, tt_vec3 lo, tt_vec3 hi)
{
	float w = fabsf(hi.x - lo.x) * MARGIN;
	float h = fabsf(hi.y - lo.y) * MARGIN;
	float sx = view->area.w / (w > 1e-6f ? w : 1e-6f);
	float sy = view->area.h / (h > 1e-6f ? h : 1e-6f);

	if (!isfinite(lo.x + lo.y + hi.x + hi.y))
		return;
	tt_view_camera_framed(view);
	if (view->is_3d) {
		tt_camera3_fit(view, lo, hi);
		return;
	}
	view->center_x = 0.5f * (lo.x + hi.x);
	view->center_y = 0.5f * (lo.y + hi.y);
	view->pixels_per_metre = clamp_scale(sx < sy ? sx : sy);
}

void tt_view_fit_default(tt_view *view)
{
	tt_vec3 lo = { -5.0f, -5.0f, 0.0f }, hi = { 5.0f, 5.0f, 0.0f };

	tt_view_fit(view, lo, hi);
}

/* Grow [lo, hi] about its centre to at least MIN_FIT_SIZE. */
static void widen(float *lo, float *hi)
{
	float mid = 0.5f * (*lo + *hi);

	if (*hi - *lo >= MIN_FIT_SIZE)
		return;
	*lo = mid - 0.5f * MIN_FIT_SIZE;
	*hi = mid + 0.5f * MIN_FIT_SIZE;
}

void tt_view_fit_world(tt_view *view, tt_world_id world)
{
	tt_particle_view p = tt_world_particles(world);
	float z0 = view->is_3d ? INFINITY : 0.0f;
	tt_vec3 lo = { INFINITY, INFINITY, z0 };
	tt_vec3 hi = { -INFINITY, -INFINITY, -z0 };

	for (int i = 0; i < p.count; i++) {
		if (!isfinite(p.x[i]) || !isfinite(p.y[i]) || !isfinite(p.z[i]))
			continue;
		lo.x = fminf(lo.x, p.x[i]);
		lo.y = fminf(lo.y, p.y[i]);
		hi.x = fmaxf(hi.x, p.x[i]);
		hi.y = fmaxf(hi.y, p.y[i]);
		if (view->is_3d) {
			lo.z = fminf(lo.z, p.z[i]);
			hi.z = fmaxf(hi.z, p.z[i]);
		}
	}
	if (lo.x > hi.x) {
		tt_view_fit_default(view);
		return;
	}
	widen(&lo.x, &hi.x);
	widen(&lo.y, &hi.y);
	widen(&lo.z, &hi.z);
	tt_view_fit(view, lo, hi);
}

tt_vec3 tt_view_to_world(const tt_view *view, float sx, float sy)
{
	float s = view->pixels_per_metre;
	tt_vec3 p;

	if (view->is_3d)
		return tt_camera3_to_world(view, sx, sy);

	p.x = view->center_x + (sx - tt_view_area_cx(view)) / s;
	p.y = view->center_y - (sy - tt_view_area_cy(view)) / s;
	p.z = 0.0f;
	return p;
}

void tt_view_to_screen(const tt_view *view, tt_vec3 p, float *sx, float *sy)
{
	float s = view->pixels_per_metre;

	if (view->is_3d) {
		tt_camera3_to_screen(view, p, sx, sy);
		return;
	}
	*sx = tt_view_area_cx(view) + (p.x - view->center_x) * s;
	*sy = tt_view_area_cy(view) - (p.y - view->center_y) * s;
}

float tt_view_scale(const tt_view *view)
{
	if (view->is_3d)  /* at the target's depth */
		return tt_camera3_focal(view) / view->cam.distance;
	return view->pixels_per_metre;
}

void tt_view_pan(tt_view *view, float dx, float dy)
{
	view->moved = 1;
	if (view->is_3d) {
		tt_camera3_pan(view, dx, dy);
		return;
	}
	view->center_x -= dx / view->pixels_per_metre;
	view->center_y += dy / view->pixels_per_metre;
}

void tt_view_zoom_at(tt_view *view, float sx, float sy, float factor)
{
	tt_vec3 anchor = tt_view_to_world(view, sx, sy);
	float s = clamp_scale(view->pixels_per_metre * factor);

	view->moved = 1;
	if (view->is_3d) {
		tt_camera3_dolly(view, factor);
		return;
	}

	view->pixels_per_metre = s;
	view->center_x = anchor.x - (sx - tt_view_area_cx(view)) / s;
	view->center_y = anchor.y + (sy - tt_view_area_cy(view)) / s;
}
