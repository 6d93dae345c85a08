/* Drawing colliders from tt_world_collider_shape: each filled and
 * outlined (a disabled one only outlined, dimmer); a plane is filled to
 * the edges of the screen. The contact layers (F1) add the contacts of
 * the last substep: a dot at each point, a short line along its normal,
 * in 3D too (draw_colliders3.c draws the 3D shapes). */
#include <math.h>

#include "internal.h"

#define OUTLINE 2.0f
#define NORMAL_PIXELS 18.0f
#define ROUND_STEPS 16  /* corners of a capsule's half circle */
#define CIRCLE_STEPS 48
#define OVER_ALL -1.0f  /* 3D: a depth bias that sorts at the eye, last */

static const tt_color fill_color = { 52, 62, 82, 255 };
static const tt_color outline_color = { 140, 165, 205, 255 };
static const tt_color disabled_color = { 80, 88, 100, 255 };
static const tt_color contact_color = { 250, 80, 80, 255 };
static const tt_color normal_color = { 250, 220, 80, 255 };

/* The outline of a shape in screen pixels: its corners, or for a rounded
 * shape (circle, capsule) its corners pushed out along half circles. */
static int outline(const tt_view *view, const tt_collider_shape *s, float *x,
		   float *y)
{
	int n = 0, steps = s->radius > 0.0f ? ROUND_STEPS : 0;
	if (s->count == 1)
		steps = CIRCLE_STEPS;
	int arcs = s->count == 1 ? 1 : s->count;
	float span = 6.2831853f / (float)arcs;
	for (int k = 0; k < s->count; k++) {
		/* a capsule's two ends: half circles facing away from each other */
		float start = s->angle + (s->count == 2 ? (k ? -1.5707963f : 1.5707963f)
							: 0.0f);
		for (int i = 0; i <= steps; i++) {
			float a = start + span * (float)i / (float)(steps ? steps : 1);
			tt_vec3 p = { s->points[k].x + s->radius * cosf(a),
				      s->points[k].y + s->radius * sinf(a), 0.0f };
			tt_view_to_screen(view, p, &x[n], &y[n]);
			n++;
		}
	}
	return n;
}

/* A plane: a square of the screen's diagonal, on the plane's far side. */
static int plane_outline(const tt_view *view, const tt_collider_shape *s,
			 float *x, float *y)
{
	float reach = hypotf((float)view->width, (float)view->height) /
		      tt_view_scale(view);
	tt_vec3 c = tt_view_to_world(view, tt_view_area_cx(view),
				     tt_view_area_cy(view));
	float nx = -sinf(s->angle), ny = cosf(s->angle);
	float d = (c.x - s->position.x) * nx + (c.y - s->position.y) * ny;
	float qx = c.x - d * nx, qy = c.y - d * ny;
	float corner[4][2] = { { reach, 0 }, { reach, -2 }, { -reach, -2 },
			       { -reach, 0 } };
	for (int k = 0; k < 4; k++) {
		float t = corner[k][0], down = corner[k][1] * reach;
		tt_vec3 p = { qx + t * ny + down * nx, qy - t * nx + down * ny, 0 };
		tt_view_to_screen(view, p, &x[k], &y[k]);
	}
	return 4;
}

static void draw_shape(tt_view *view, const tt_collider_shape *s)
{
	float x[64], y[64];
	int n = s->kind == TT_SHAPE_PLANE ? plane_outline(view, s, x, y)
					  : outline(view, s, x, y);
	if (s->enabled)
		tt_view_convex(view, x, y, n, fill_color);
	for (int i = 0; i < n; i++) {
		int j = (i + 1) % n;
		if (s->kind == TT_SHAPE_PLANE && i != 3)
			continue;  /* only the surface line */
		tt_view_line(view, x[i], y[i], x[j], y[j], OUTLINE,
			     s->enabled ? outline_color : disabled_color);
	}
}

/* A contact's normal, NORMAL_PIXELS long on screen, and its point, queued
 * to be drawn over everything as in 2D: a contact is often out of sight
 * (on the far side of a ball) and the contact layers are there to show it. */
static void draw_contact3(tt_view *view, const tt_contact *c)
{
	float reach = NORMAL_PIXELS / tt_view_scale(view);
	tt_vec3 tip = {c->point.x + reach * c->normal.x,
		       c->point.y + reach * c->normal.y,
		       c->point.z + reach * c->normal.z};
	if (view->layers & TT_LAYER_NORMALS)
		tt_view_line3(view, c->point, tip, 1.5f, normal_color, OVER_ALL);
	if (view->layers & TT_LAYER_CONTACTS)
		tt_view_disc3(view, c->point, 0.0f, 2.5f, contact_color, OVER_ALL);
}

void tt_view_draw_contacts(tt_view *view, tt_world_id world)
{
	tt_contact_view c = tt_world_contacts(world);
	if (!(view->layers & (TT_LAYER_CONTACTS | TT_LAYER_NORMALS)))
		return;
	for (int i = 0; i < c.count; i++) {
		float x, y;
		if (view->is_3d) {
			draw_contact3(view, &c.items[i]);
			continue;
		}
		tt_view_to_screen(view, c.items[i].point, &x, &y);
		if (view->layers & TT_LAYER_NORMALS)
			tt_view_line(view, x, y,
				     x + NORMAL_PIXELS * c.items[i].normal.x,
				     y - NORMAL_PIXELS * c.items[i].normal.y,
				     1.5f, normal_color);
		if (view->layers & TT_LAYER_CONTACTS)
			tt_view_disc(view, x, y, 2.5f, contact_color);
	}
}

void tt_view_draw_colliders(tt_view *view, tt_world_id world)
{
	int count = tt_world_collider_count(world);
	for (int i = 0; i < count; i++) {
		tt_collider_shape s = tt_world_collider_shape(world, i);
		draw_shape(view, &s);
	}
	tt_view_draw_contacts(view, world);
}
