/* The window's layout: the HUD docked as a strip across the top, the
 * tuning panel as a column at the right below it, and the scene in the
 * rectangle they leave, so no overlay ever hides what the camera frames
 * (the camera, camera.c and camera3d.c, centres and fits in that area).
 * Scene drawing is clipped to the area, so what reaches past the framed
 * box (a 60 m floor, a plane) stops at the dock's edge.
 *
 * Overlay text is stb_easy_font scaled by whole pixels (crisp strokes):
 * the scale is the smaller of width / 640 and height / 360, so a window
 * shows the same share of text at 640 x 480 (1x) as at 4K (6x). */
#include <math.h>
#include <stdio.h>

#include "internal.h"

#define PANEL_UNITS 160.0f  /* panel width in font units */

int tt_view_text_scale(const tt_view *view)
{
	int s = view->width / 640 < view->height / 360 ? view->width / 640
						       : view->height / 360;
	return s < 1 ? 1 : s;
}

static int same(tt_rect a, tt_rect b)
{
	return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h;
}

void tt_view_relayout(tt_view *view)
{
	float w = (float)view->width, h = (float)view->height;
	float top = fminf(floorf(view->dock_hud), floorf(0.5f * h));
	float side = view->dock_panel
		? fminf(PANEL_UNITS * (float)tt_view_text_scale(view), floorf(0.5f * w))
		: 0.0f;
	view->hud = (tt_rect){0.0f, 0.0f, top > 0.0f ? w : 0.0f, top};
	view->panel = (tt_rect){w - side, top, side, side > 0.0f ? h - top : 0.0f};
	view->area = (tt_rect){0.0f, top, w - side, h - top};
}

int tt_view_dock(tt_view *view, float hud_height, int panel)
{
	view->dock_hud = hud_height > 0.0f ? hud_height : 0.0f;
	view->dock_panel = panel != 0;
	tt_view_relayout(view);
	return !same(view->area, view->framed);
}

tt_rect tt_view_scene_rect(const tt_view *view)
{
	return view->area;
}

tt_rect tt_view_hud_rect(const tt_view *view)
{
	return view->hud;
}

tt_rect tt_view_panel_rect(const tt_view *view)
{
	return view->panel;
}

int tt_view_camera_moved(const tt_view *view)
{
	return view->moved;
}

void tt_view_camera_framed(tt_view *view)
{
	view->framed = view->area;
	view->moved = 0;
}

float tt_view_area_cx(const tt_view *view)
{
	return view->area.x + 0.5f * view->area.w;
}

float tt_view_area_cy(const tt_view *view)
{
	return view->area.y + 0.5f * view->area.h;
}

void tt_view_clip_scene(tt_view *view, int on)
{
	SDL_Rect r = {(int)view->area.x, (int)view->area.y, (int)view->area.w,
		      (int)view->area.h};
	SDL_RenderSetClipRect(view->renderer, on ? &r : NULL);
}

void tt_view_set_title(tt_view *view, const char *title)
{
	if (view->window)
		SDL_SetWindowTitle(view->window, title ? title : "taut");
}

int tt_view_write_layout(const tt_view *view, const char *path, char *err,
			 size_t err_size)
{
	FILE *f = fopen(path, "w");
	const tt_rect r[4] = {view->area, view->hud, view->hud_text, view->panel};
	const char *names[4] = {"scene", "hud", "text", "panel"};
	if (!f)
		return snprintf(err, err_size, "cannot write %s", path), 0;
	for (int i = 0; i < 4; i++)
		fprintf(f, "%s %g %g %g %g\n", names[i], (double)r[i].x,
			(double)r[i].y, (double)r[i].w, (double)r[i].h);
	fprintf(f, "scale %d\n", tt_view_text_scale(view));
	return fclose(f) == 0 ? 1 : (snprintf(err, err_size, "cannot write %s",
					      path), 0);
}
