/* A polygon clipped to a guard band around the screen (Sutherland-Hodgman
 * against its four sides), before SDL rasterises it: SDL 2.26's software
 * rasteriser (headless, and a window with no GPU) drops a triangle whose
 * corners lie some 30 000 pixels off screen (seen: one 100 m across at
 * 300 px/m drew nothing), and a triangle reaching towards the near plane
 * projects that far out, so a floor left holes near the camera. uv are
 * clipped along with the corners, linearly on screen, as SDL interpolates
 * them. */
#include "internal.h"

/* Corners kept by the side where (p[axis] - limit) * sign <= 0. */
static int clip_side(const tt_view_spot *in, int n, tt_view_spot *out,
		     int axis, float limit, float sign)
{
	int m = 0;
	for (int i = 0; i < n; i++) {
		const tt_view_spot *a = &in[i], *b = &in[(i + 1) % n];
		float da = (a->p[axis] - limit) * sign;
		float db = (b->p[axis] - limit) * sign;
		if (da <= 0.0f)
			out[m++] = *a;
		if ((da <= 0.0f) != (db <= 0.0f)) {
			float t = da / (da - db);
			for (int k = 0; k < 4; k++)
				out[m].p[k] = a->p[k] + (b->p[k] - a->p[k]) * t;
			m++;
		}
	}
	return m;
}

int tt_view_clip_screen(const tt_view *view, tt_view_spot *spots, int n)
{
	float w = (float)view->width, h = (float)view->height;
	const float limit[4] = {-w, 2.0f * w, -h, 2.0f * h};
	tt_view_spot other[TT_VIEW_MAX_SPOTS];
	for (int side = 0; side < 4 && n > 0; side++) {
		n = clip_side(spots, n, other, side / 2, limit[side],
			      side & 1 ? 1.0f : -1.0f);
		for (int i = 0; i < n; i++)
			spots[i] = other[i];
	}
	return n;
}
