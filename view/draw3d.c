/* 3D primitives, queued for the depth sort (depth.c): triangles lit by
 * their face normal, lines and discs that face the screen, and the axis
 * gizmo.
 *
 * Lighting is flat (one shade per face, so facets read as shape) from a
 * light fixed to the camera, above and left of the eye: whatever way the
 * orbit turns, faces towards the viewer are bright and silhouettes dark,
 * so a sphere's centre is brighter than its rim. Two-sided: a face seen
 * from behind is lit by its flipped normal and tinted, so the inside of
 * an open cloth reads as the inside; closed solids cull those instead.
 *
 * A triangle sorts at its middle's depth, but a face of a closed solid
 * (culled) at its farthest corner: the front faces of a convex solid never
 * overlap each other, so their order does not matter, and what lies on a
 * face (a rope resting on a ball, a texture drawn onto a box) is then
 * drawn over it: no point of a quad is deeper than the farther end of the
 * diagonal its two triangles share.
 *
 * Camera space is x right, y up, z forward: left-handed, so the cross
 * product of a counter-clockwise (outward, right-handed) triangle comes
 * out inward there and is negated. Triangles are clipped at the near
 * plane (Sutherland-Hodgman against one plane: 3 corners in, at most 4
 * out), so a surface through the camera still draws what is in front. */
#include <math.h>

#include "internal.h"

#define AMBIENT 0.30f
#define DIFFUSE 0.70f
#define BACK_TINT 0.45f         /* how far back faces lean to back_color */
#define GIZMO_PIXELS 34.0f
#define GIZMO_MARGIN 58.0f

/* unit, towards the light: 17.5 degrees off the view axis, up and left,
 * so faces lean lit or dark by their tilt and a sphere is brightest near
 * its centre, its whole rim darker */
static const tt_vec3 light = {-0.1798f, 0.2398f, -0.9540f};
static const tt_color back_color = {170, 80, 150, 255};

static tt_vec3 sub(tt_vec3 a, tt_vec3 b)
{
	return (tt_vec3){a.x - b.x, a.y - b.y, a.z - b.z};
}

static float dot(tt_vec3 a, tt_vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static tt_vec3 cross(tt_vec3 a, tt_vec3 b)
{
	return (tt_vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
			 a.x * b.y - a.y * b.x};
}

static uint8_t scaled(uint8_t c, float s)
{
	float v = (float)c * s + 0.5f;
	return (uint8_t)(v >= 255.0f ? 255.0f : v);
}

/* The shade of a face with outward normal n (camera space, any length). */
static tt_color shade(tt_color color, tt_vec3 n, int back)
{
	float len = sqrtf(dot(n, n));
	float lit = len > 0.0f ? fmaxf(dot(n, light) / len, 0.0f) : 0.0f;
	float s = AMBIENT + DIFFUSE * lit;
	if (back) {
		color.r = (uint8_t)(color.r + (back_color.r - color.r) * BACK_TINT);
		color.g = (uint8_t)(color.g + (back_color.g - color.g) * BACK_TINT);
		color.b = (uint8_t)(color.b + (back_color.b - color.b) * BACK_TINT);
	}
	return (tt_color){scaled(color.r, s), scaled(color.g, s),
			  scaled(color.b, s), color.a};
}

typedef struct corner {
	tt_vec3 c;
	float u, v;
} corner;

static corner between(corner a, corner b, float t)
{
	return (corner){{a.c.x + (b.c.x - a.c.x) * t, a.c.y + (b.c.y - a.c.y) * t,
			 a.c.z + (b.c.z - a.c.z) * t},
			a.u + (b.u - a.u) * t, a.v + (b.v - a.v) * t};
}

/* Clip a triangle at depth near; returns the corners kept (0, 3 or 4). */
static int clip_near(const corner in[3], float near, corner out[4])
{
	int n = 0;
	for (int i = 0; i < 3; i++) {
		corner a = in[i], b = in[(i + 1) % 3];
		int a_in = a.c.z >= near, b_in = b.c.z >= near;
		if (a_in)
			out[n++] = a;
		if (a_in != b_in)
			out[n++] = between(a, b, (near - a.c.z) / (b.c.z - a.c.z));
	}
	return n;
}

static SDL_Vertex vertex(const tt_view *view, float x, float y, tt_color c,
			 float u, float v)
{
	float b = view->raster_bias;
	return (SDL_Vertex){{x + b, y + b}, {c.r, c.g, c.b, c.a}, {u, v}};
}

/* Every point off the same side of the screen. */
static int off_screen(const tt_view *view, const float *x, const float *y,
		      int n)
{
	int left = 1, right = 1, above = 1, below = 1;
	for (int i = 0; i < n; i++) {
		if (!isfinite(x[i]) || !isfinite(y[i]))
			return 1;
		left &= x[i] < 0.0f, right &= x[i] > (float)view->width;
		above &= y[i] < 0.0f, below &= y[i] > (float)view->height;
	}
	return left || right || above || below;
}

/* Queue the clipped polygon as a fan, kept to the screen's guard band
 * (clip.c), texture v flipped to SDL's (top 0). */
static void queue_polygon(tt_view *view, const corner *p, int n, float depth,
			  SDL_Texture *texture, tt_color color)
{
	tt_view_spot s[TT_VIEW_MAX_SPOTS];
	float x[4], y[4];
	for (int i = 0; i < n; i++) {
		tt_view_camera_to_screen(view, p[i].c, &x[i], &y[i]);
		s[i] = (tt_view_spot){{x[i], y[i], p[i].u, 1.0f - p[i].v}};
	}
	if (n < 3 || off_screen(view, x, y, n))
		return;
	n = tt_view_clip_screen(view, s, n);
	SDL_Vertex *v = n >= 3 ? tt_depth_add(view, 3 * (n - 2), depth, texture)
			       : NULL;
	for (int t = 0; v && t + 2 < n; t++)
		for (int k = 0; k < 3; k++) {
			const float *q = s[k == 0 ? 0 : t + k].p;
			*v++ = vertex(view, q[0], q[1], color, q[2], q[3]);
		}
}

void tt_view_camera_triangle(tt_view *view, const tt_vec3 c[3],
			     const float *uv, SDL_Texture *texture,
			     tt_color color, int flags)
{
	tt_vec3 n = cross(sub(c[2], c[0]), sub(c[1], c[0]));  /* outward */
	int back = dot(n, c[0]) > 0.0f;  /* facing away from the eye */
	if (back && (flags & TT_TRI_CULL))
		return;
	if (!(flags & TT_TRI_UNLIT))
		color = shade(color, back ? (tt_vec3){-n.x, -n.y, -n.z} : n, back);
	corner in[3], out[4];
	for (int k = 0; k < 3; k++)
		in[k] = (corner){c[k], uv ? uv[2 * k] : 0.0f, uv ? uv[2 * k + 1] : 0.0f};
	float depth = flags & TT_TRI_CULL ? fmaxf(c[0].z, fmaxf(c[1].z, c[2].z))
					  : (c[0].z + c[1].z + c[2].z) / 3.0f;
	int count = view->is_3d ? clip_near(in, view->cam.near, out) : 3;
	queue_polygon(view, view->is_3d ? out : in, count, depth, texture, color);
}

void tt_view_world_triangle(tt_view *view, tt_vec3 a, tt_vec3 b, tt_vec3 c,
			    tt_color color, int flags)
{
	tt_vec3 cam[3] = {tt_view_to_camera(view, a), tt_view_to_camera(view, b),
			  tt_view_to_camera(view, c)};
	tt_view_camera_triangle(view, cam, NULL, NULL, color, flags);
}

/* Pixels per metre at camera-space depth z. */
static float pixels_at(const tt_view *view, float z)
{
	return view->is_3d ? tt_camera3_focal(view) / z : view->pixels_per_metre;
}

int tt_view_clip_segment(const tt_view *view, tt_vec3 *a, tt_vec3 *b)
{
	float near = view->is_3d ? view->cam.near : -INFINITY;
	if (a->z < near && b->z < near)
		return 0;
	corner ca = {*a, 0, 0}, cb = {*b, 0, 0};
	if (a->z < near)
		*a = between(ca, cb, (near - a->z) / (b->z - a->z)).c;
	else if (b->z < near)
		*b = between(cb, ca, (near - b->z) / (a->z - b->z)).c;
	return 1;
}

void tt_view_queue_line(tt_view *view, float x0, float y0, float x1,
			float y1, float width, tt_color color, float depth)
{
	static const int quad[6] = {0, 1, 2, 0, 2, 3};
	float x[4], y[4], q[8];
	tt_view_line_corners(x0, y0, x1, y1, width, q);
	for (int i = 0; i < 4; i++)
		x[i] = q[2 * i], y[i] = q[2 * i + 1];
	if (off_screen(view, x, y, 4))
		return;
	SDL_Vertex *v = tt_depth_add(view, 6, depth, NULL);
	for (int k = 0; v && k < 6; k++)
		v[k] = vertex(view, x[quad[k]], y[quad[k]], color, 0.0f, 0.0f);
}

void tt_view_line3(tt_view *view, tt_vec3 a, tt_vec3 b, float width,
		   tt_color color, float bias)
{
	tt_vec3 ca = tt_view_to_camera(view, a), cb = tt_view_to_camera(view, b);
	float depth = 0.5f * (ca.z + cb.z) * (1.0f + bias), x0, y0, x1, y1;
	if (!tt_view_clip_segment(view, &ca, &cb))
		return;
	tt_view_camera_to_screen(view, ca, &x0, &y0);
	tt_view_camera_to_screen(view, cb, &x1, &y1);
	tt_view_queue_line(view, x0, y0, x1, y1, width, color, depth);
}

void tt_view_disc3(tt_view *view, tt_vec3 center, float radius,
		   float min_pixels, tt_color color, float bias)
{
	tt_vec3 c = tt_view_to_camera(view, center);
	float x, y;
	if (view->is_3d && !(c.z >= view->cam.near))
		return;
	float r = fmaxf(radius * pixels_at(view, c.z), min_pixels);
	tt_view_camera_to_screen(view, c, &x, &y);
	float bx[2] = {x - r, x + r}, by[2] = {y - r, y + r};
	if (off_screen(view, bx, by, 2))
		return;
	int n = tt_view_disc_segments(r);
	SDL_Vertex *v = tt_depth_add(view, 3 * n, c.z * (1.0f + bias), NULL);
	for (int i = 0; v && i < n; i++) {
		float a0 = 6.2831853f * (float)i / (float)n;
		float a1 = 6.2831853f * (float)(i + 1) / (float)n;
		*v++ = vertex(view, x, y, color, 0.0f, 0.0f);
		*v++ = vertex(view, x + r * cosf(a0), y + r * sinf(a0), color, 0, 0);
		*v++ = vertex(view, x + r * cosf(a1), y + r * sinf(a1), color, 0, 0);
	}
}

void tt_view_draw_gizmo(tt_view *view)
{
	static const tt_color colors[3] = {
		{230, 85, 70, 255}, {110, 205, 90, 255}, {85, 140, 240, 255}};
	static const char *const names[3] = {"x", "y", "z"};
	float ox = view->area.x + GIZMO_MARGIN;
	float oy = view->area.y + view->area.h - GIZMO_MARGIN;
	const tt_camera3 *cam = &view->cam;
	int order[3] = {0, 1, 2};
	float away[3] = {cam->forward.x, cam->forward.y, cam->forward.z};
	for (int i = 0; i < 3; i++)  /* the axes pointing away go first */
		for (int j = i + 1; j < 3; j++)
			if (away[order[j]] > away[order[i]]) {
				int t = order[i];
				order[i] = order[j], order[j] = t;
			}
	for (int k = 0; k < 3; k++) {
		int i = order[k];
		float r[3] = {cam->right.x, cam->right.y, cam->right.z};
		float u[3] = {cam->up.x, cam->up.y, cam->up.z};
		float tx = ox + GIZMO_PIXELS * r[i], ty = oy - GIZMO_PIXELS * u[i];
		tt_view_line(view, ox, oy, tx, ty, 3.0f, colors[i]);
		tt_view_text(view, tx + 3.0f * r[i] - 3.0f, ty - 3.0f * u[i] - 5.0f,
			     names[i], 2, colors[i]);
	}
}
