/* The 3D perspective orbit camera: it circles a target point, yaw about
 * the world's +y (up) axis and pitch above the ground plane, at a distance
 * the wheel dollies. Yaw 0 and pitch 0 look down -z with +x right and +y
 * up, as the 2D view does, so a 3D scene starts out looking familiar.
 *
 * Camera space: x right, y up, z the depth along the view direction. A
 * point projects to the screen by the pinhole model, focal length
 * (height / 2) / tan(fov / 2) pixels; points nearer than `near` are not
 * drawn (draw3d.c clips at that plane). The pointer's world point is where
 * its ray meets the plane through the target facing the camera, so a
 * click reads as a point "at the depth of what you are looking at".
 * A pointer is also named in view units (tt_view_point: its ray's point on
 * the image plane at unit depth), and the camera by its pose, which is
 * what a recording holds: neither depends on the window's size. */
#include <math.h>

#include "internal.h"

#define DEFAULT_YAW 0.45f
#define DEFAULT_PITCH 0.35f
#define DEFAULT_FOV 0.87266f   /* 50 degrees */
#define MAX_PITCH 1.55f        /* just short of straight down or up */
#define ORBIT_RADIANS_PER_PIXEL 0.008f
#define MARGIN 1.15f           /* the framed sphere fills 1 / MARGIN */
#define MIN_DISTANCE 1e-3f
#define MAX_DISTANCE 1e6f
#define NEAR_FRACTION 0.01f    /* near plane at this much of the distance */

static tt_vec3 add(tt_vec3 a, tt_vec3 b, float s)
{
	return (tt_vec3){a.x + b.x * s, a.y + b.y * s, a.z + b.z * s};
}

static float dot(tt_vec3 a, tt_vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static float clampf(float x, float lo, float hi)
{
	return !(x >= lo) ? lo : x > hi ? hi : x;  /* NaN goes to lo */
}

void tt_camera3_update(tt_camera3 *cam)
{
	float cp = cosf(cam->pitch), sp = sinf(cam->pitch);
	float cy = cosf(cam->yaw), sy = sinf(cam->yaw);
	tt_vec3 back = {cp * sy, sp, cp * cy};  /* from target to eye */
	cam->eye = add(cam->target, back, cam->distance);
	cam->forward = (tt_vec3){-back.x, -back.y, -back.z};
	cam->right = (tt_vec3){cy, 0.0f, -sy};
	cam->up = (tt_vec3){-sp * sy, cp, -sp * cy};
	cam->near = NEAR_FRACTION * cam->distance;
}

void tt_view_set_3d(tt_view *view, int on)
{
	if (on && !view->is_3d) {
		view->cam = (tt_camera3){.yaw = DEFAULT_YAW, .pitch = DEFAULT_PITCH,
					 .distance = 10.0f, .fov = DEFAULT_FOV};
		tt_camera3_update(&view->cam);
	}
	view->is_3d = on != 0;
}

int tt_view_is_3d(const tt_view *view)
{
	return view->is_3d;
}

tt_vec3 tt_view_eye(const tt_view *view)
{
	return view->cam.eye;
}

void tt_view_look(tt_view *view, tt_vec3 eye, tt_vec3 target)
{
	tt_vec3 d = {eye.x - target.x, eye.y - target.y, eye.z - target.z};
	float len = sqrtf(dot(d, d));
	if (!isfinite(len) || len < MIN_DISTANCE)
		return;
	view->cam.target = target;
	view->cam.distance = clampf(len, MIN_DISTANCE, MAX_DISTANCE);
	view->cam.pitch = clampf(asinf(d.y / len), -MAX_PITCH, MAX_PITCH);
	view->cam.yaw = atan2f(d.x, d.z);
	tt_camera3_update(&view->cam);
	tt_view_camera_framed(view);
}

tt_view_pose tt_view_get_pose(const tt_view *view)
{
	const tt_camera3 *c = &view->cam;
	return (tt_view_pose){c->target, c->yaw, c->pitch, c->distance, c->fov};
}

void tt_view_set_pose(tt_view *view, const tt_view_pose *pose)
{
	view->moved = 1;
	view->cam.target = pose->target;
	view->cam.yaw = pose->yaw;
	view->cam.pitch = pose->pitch;
	view->cam.distance = pose->distance;
	view->cam.fov = pose->fov;
	tt_camera3_update(&view->cam);
}

float tt_camera3_focal(const tt_view *view)
{
	return 0.5f * view->area.h / tanf(0.5f * view->cam.fov);
}

void tt_camera3_fit(tt_view *view, tt_vec3 lo, tt_vec3 hi)
{
	tt_vec3 half = {0.5f * (hi.x - lo.x), 0.5f * (hi.y - lo.y),
			0.5f * (hi.z - lo.z)};
	float radius = fmaxf(sqrtf(dot(half, half)), 0.5f);
	float aspect = view->area.w / view->area.h;
	float wide = 2.0f * atanf(aspect * tanf(0.5f * view->cam.fov));
	float fov = fminf(view->cam.fov, wide);  /* the narrower way */
	if (!isfinite(radius))
		return;
	view->cam.target = add(lo, half, 1.0f);
	view->cam.distance = clampf(MARGIN * radius / sinf(0.5f * fov),
				    MIN_DISTANCE, MAX_DISTANCE);
	tt_camera3_update(&view->cam);
}

void tt_view_orbit(tt_view *view, float dx, float dy)
{
	view->moved = 1;
	view->cam.yaw -= dx * ORBIT_RADIANS_PER_PIXEL;
	view->cam.pitch = clampf(view->cam.pitch + dy * ORBIT_RADIANS_PER_PIXEL,
				 -MAX_PITCH, MAX_PITCH);
	tt_camera3_update(&view->cam);
}

/* Move the target with the pointer: a drag of one pixel moves it by one
 * pixel's worth of metres at the target's depth. */
void tt_camera3_pan(tt_view *view, float dx, float dy)
{
	float m = view->cam.distance / tt_camera3_focal(view);
	view->cam.target = add(view->cam.target, view->cam.right, -dx * m);
	view->cam.target = add(view->cam.target, view->cam.up, dy * m);
	tt_camera3_update(&view->cam);
}

void tt_camera3_dolly(tt_view *view, float factor)
{
	view->cam.distance = clampf(view->cam.distance / factor, MIN_DISTANCE,
				    MAX_DISTANCE);
	tt_camera3_update(&view->cam);
}

tt_vec3 tt_view_to_camera(const tt_view *view, tt_vec3 p)
{
	if (!view->is_3d) {
		float s = view->pixels_per_metre;
		return (tt_vec3){(p.x - view->center_x) * s,
				 (p.y - view->center_y) * s, -p.z};
	}
	tt_vec3 d = add(p, view->cam.eye, -1.0f);
	return (tt_vec3){dot(d, view->cam.right), dot(d, view->cam.up),
			 dot(d, view->cam.forward)};
}

void tt_view_camera_to_screen(const tt_view *view, tt_vec3 c, float *sx,
			      float *sy)
{
	float k = view->is_3d ? tt_camera3_focal(view) / c.z : 1.0f;
	*sx = tt_view_area_cx(view) + c.x * k;
	*sy = tt_view_area_cy(view) - c.y * k;
}

void tt_camera3_to_screen(const tt_view *view, tt_vec3 p, float *sx, float *sy)
{
	tt_vec3 c = tt_view_to_camera(view, p);
	if (!(c.z >= view->cam.near)) {
		*sx = *sy = NAN;  /* behind the camera: every shape skips it */
		return;
	}
	tt_view_camera_to_screen(view, c, sx, sy);
}

tt_view_point tt_view_point_at(const tt_view *view, float sx, float sy)
{
	if (!view->is_3d)
		return (tt_view_point){sx, sy};
	float f = tt_camera3_focal(view);
	return (tt_view_point){(sx - tt_view_area_cx(view)) / f,
			       (tt_view_area_cy(view) - sy) / f};
}

void tt_view_point_to_screen(const tt_view *view, tt_view_point p, float *sx,
			     float *sy)
{
	float f = tt_view_pixels_per_unit(view);
	*sx = view->is_3d ? tt_view_area_cx(view) + p.x * f : p.x;
	*sy = view->is_3d ? tt_view_area_cy(view) - p.y * f : p.y;
}

float tt_view_pixels_per_unit(const tt_view *view)
{
	return view->is_3d ? tt_camera3_focal(view) : 1.0f;
}

void tt_view_ray_at(const tt_view *view, tt_view_point p, tt_vec3 *origin,
		    tt_vec3 *dir)
{
	if (!view->is_3d) {
		*origin = tt_view_to_world(view, p.x, p.y);
		origin->z = 1e4f;
		*dir = (tt_vec3){0.0f, 0.0f, -1.0f};
		return;
	}
	tt_vec3 d = add(view->cam.forward, view->cam.right, p.x);
	d = add(d, view->cam.up, p.y);
	float len = sqrtf(dot(d, d));
	*origin = view->cam.eye;
	*dir = (tt_vec3){d.x / len, d.y / len, d.z / len};
}

void tt_view_ray(const tt_view *view, float sx, float sy, tt_vec3 *origin,
		 tt_vec3 *dir)
{
	tt_view_ray_at(view, tt_view_point_at(view, sx, sy), origin, dir);
}

tt_vec3 tt_view_facing_point_at(const tt_view *view, tt_view_point p,
				tt_vec3 through)
{
	tt_vec3 o, d;
	tt_view_ray_at(view, p, &o, &d);
	tt_vec3 n = view->is_3d ? view->cam.forward : (tt_vec3){0.0f, 0.0f, -1.0f};
	float t = dot(add(through, o, -1.0f), n) / dot(d, n);
	return add(o, d, t);
}

tt_vec3 tt_view_facing_point(const tt_view *view, float sx, float sy,
			     tt_vec3 through)
{
	return tt_view_facing_point_at(view, tt_view_point_at(view, sx, sy),
				       through);
}

tt_vec3 tt_camera3_to_world(const tt_view *view, float sx, float sy)
{
	return tt_view_facing_point(view, sx, sy, view->cam.target);
}

tt_vec3 tt_view_screen_direction(const tt_view *view, tt_vec3 v)
{
	if (!view->is_3d)
		return v;
	return (tt_vec3){dot(v, view->cam.right), dot(v, view->cam.up),
			 dot(v, view->cam.forward)};
}
