/* Drawing 3D colliders from tt_world_collider_shape3 as lit solids,
 * queued for the depth sort with the rest of the scene: a sphere and a
 * capsule as lathes (solids.c), a box and a hull from the outward
 * triangles the core gives (no hull to find again), a plane as a checkered
 * patch around the point under the camera's target. A disabled collider
 * is drawn dim, as in 2D.
 *
 * The painter's algorithm sorts a shape by its middle, so a patch of
 * plane metres across would sort in front of what rests on it. Seen from
 * its open side nothing can be behind a plane, so it is drawn first,
 * under everything (the ground grid goes over it: draw_world3d.c); seen from its solid
 * side it is not drawn, as a closed solid's back faces are not (an orbit
 * below the floor shows the scene from underneath). */
#include "internal.h"

#define PLANE_REACH 12.0f  /* patch half size, in camera distances */

static const tt_color solid_color = {140, 160, 200, 255};
static const tt_color plane_color = {62, 70, 88, 255};
static const tt_color disabled_color = {72, 76, 84, 255};

static tt_vec3 add(tt_vec3 a, tt_vec3 b, float s)
{
	return (tt_vec3){a.x + b.x * s, a.y + b.y * s, a.z + b.z * s};
}

static float dot(tt_vec3 a, tt_vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static void triangles(tt_view *view, const tt_collider_shape3 *s,
		      tt_color color)
{
	for (int k = 0; k < s->triangle_count; k++) {
		const uint8_t *t = s->triangles[k];
		tt_view_world_triangle(view, s->points[t[0]], s->points[t[1]],
				       s->points[t[2]], color, TT_TRI_CULL);
	}
}

/* The eye's height above the plane: > 0 on its open side. */
static float above(const tt_view *view, const tt_collider_shape3 *s)
{
	return dot(s->normal, view->cam.eye) - s->offset;
}

static void plane(tt_view *view, const tt_collider_shape3 *s, tt_color color)
{
	tt_vec3 t = view->cam.target;
	tt_vec3 under = add(t, s->normal, s->offset - dot(s->normal, t));
	tt_view_draw_plane(view, under, s->normal,
			   PLANE_REACH * view->cam.distance, color);
}

static void draw_one(tt_view *view, const tt_collider_shape3 *s)
{
	tt_color color = !s->enabled ? disabled_color
			 : s->kind == TT_SHAPE_PLANE ? plane_color : solid_color;
	const float q[4] = {s->rotation.w, s->rotation.x, s->rotation.y,
			    s->rotation.z};
	switch (s->kind) {
	case TT_SHAPE_SPHERE:
		tt_view_draw_sphere(view, s->center, s->radius, color);
		break;
	case TT_SHAPE_CAPSULE:
		tt_view_draw_capsule(view, s->center, q, s->radius,
				     s->half_length, color);
		break;
	case TT_SHAPE_PLANE:
		plane(view, s, color);
		break;
	default:  /* box, hull */
		triangles(view, s, color);
		break;
	}
}

/* Planes seen from their open side; or all but planes. */
void tt_view_draw_colliders3(tt_view *view, tt_world_id world, int backdrop)
{
	int count = tt_world_collider_count(world);
	for (int i = 0; i < count; i++) {
		tt_collider_shape3 s = tt_world_collider_shape3(world, i);
		int plane = s.kind == TT_SHAPE_PLANE;
		if (plane ? backdrop && above(view, &s) > 0.0f : !backdrop)
			draw_one(view, &s);
	}
}
