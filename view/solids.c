/* Lit solid shapes for 3D colliders, as triangles from their geometry:
 * sphere, capsule, box, plane patch, convex hull. Each is queued for the
 * depth sort (depth.c) and lit by face normal (draw3d.c); closed ones
 * cull their back faces. Every triangle is turned to face away from a
 * point inside the solid (all of them are convex), so no shape has to
 * get its winding right by hand.
 *
 * A rotation is a unit quaternion {w, x, y, z} (NULL: none). A sphere and
 * a capsule are lathes: rings of points about an axis (the capsule's is
 * its local x: its end centres are center -+ half_length along it). A
 * hull is found by brute force (every triple with all points on one side
 * is a face): O(n^4), fine for the few dozen points a collider has, and
 * capped at MAX_HULL_POINTS. */
#include <math.h>

#include "internal.h"

#define SLICES 32          /* points around a lathe's ring */
#define SPHERE_ROWS 16     /* rings from pole to pole */
#define PLANE_CELLS 8      /* per side, so the patch sorts with its neighbours */
#define MAX_HULL_POINTS 64

typedef struct frame {
	tt_vec3 origin, u, v, w;  /* w: the lathe's axis */
} frame;

static tt_vec3 add(tt_vec3 a, tt_vec3 b, float s)
{
	return (tt_vec3){a.x + b.x * s, a.y + b.y * s, a.z + b.z * s};
}

static tt_vec3 sub(tt_vec3 a, tt_vec3 b)
{
	return add(a, b, -1.0f);
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

/* v turned by the quaternion q = {w, x, y, z} (normalised here). */
static tt_vec3 rotate(const float *q, tt_vec3 v)
{
	float len = q ? sqrtf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] +
			      q[3] * q[3])
		      : 0.0f;
	if (!(len > 0.0f) || !isfinite(len))
		return v;
	float w = q[0] / len;
	tt_vec3 r = {q[1] / len, q[2] / len, q[3] / len};
	tt_vec3 t = cross(r, v);
	t = (tt_vec3){2.0f * t.x, 2.0f * t.y, 2.0f * t.z};
	return add(add(v, t, w), cross(r, t), 1.0f);
}

/* a-b-c facing away from `inside`, queued. */
static void outward(tt_view *view, tt_vec3 a, tt_vec3 b, tt_vec3 c,
		    tt_vec3 inside, tt_color color, int flags)
{
	tt_vec3 n = cross(sub(b, a), sub(c, a));
	if (dot(n, n) == 0.0f)
		return;  /* a pole's sliver or the sphere's empty band */
	if (dot(n, sub(a, inside)) < 0.0f)
		tt_view_world_triangle(view, a, c, b, color, flags);
	else
		tt_view_world_triangle(view, a, b, c, color, flags);
}

/* Point of a lathe: `along` the axis, `out` from it at slice j. */
static tt_vec3 lathe_point(const frame *f, float along, float out, int j)
{
	float a = 6.2831853f * (float)j / (float)SLICES;
	tt_vec3 p = add(f->origin, f->w, along);
	p = add(p, f->u, out * cosf(a));
	return add(p, f->v, out * sinf(a));
}

/* Rings (along[k], out[k]), k < rows, joined by quads. */
static void lathe(tt_view *view, const frame *f, const float *along,
		  const float *out, int rows, tt_color color)
{
	for (int k = 0; k + 1 < rows; k++)
		for (int j = 0; j < SLICES; j++) {
			tt_vec3 a = lathe_point(f, along[k], out[k], j);
			tt_vec3 b = lathe_point(f, along[k], out[k], j + 1);
			tt_vec3 c = lathe_point(f, along[k + 1], out[k + 1], j);
			tt_vec3 d = lathe_point(f, along[k + 1], out[k + 1], j + 1);
			if (out[k] > 0.0f)
				outward(view, a, b, d, f->origin, color, TT_TRI_CULL);
			if (out[k + 1] > 0.0f)
				outward(view, a, d, c, f->origin, color, TT_TRI_CULL);
		}
}

/* A frame whose w is the (unit) axis. */
static frame frame_of(tt_vec3 origin, tt_vec3 w)
{
	tt_vec3 helper = fabsf(w.x) < 0.9f ? (tt_vec3){1, 0, 0} : (tt_vec3){0, 1, 0};
	tt_vec3 u = cross(w, helper);
	float len = sqrtf(dot(u, u));
	u = (tt_vec3){u.x / len, u.y / len, u.z / len};
	return (frame){origin, u, cross(w, u), w};
}

/* The rings of a sphere of radius r, split at its equator by gap (the
 * two halves of a capsule); rows = SPHERE_ROWS + 2. */
static void rounded_rows(float r, float gap, float *along, float *out)
{
	for (int k = 0, half = SPHERE_ROWS / 2; k <= SPHERE_ROWS; k++) {
		float t = 3.14159265f * (float)k / (float)SPHERE_ROWS;
		int row = k <= half ? k : k + 1;
		along[row] = r * cosf(t) + (k <= half ? gap : -gap);
		out[row] = k == 0 || k == SPHERE_ROWS ? 0.0f : r * sinf(t);
		if (k == half)  /* the equator twice: the band between */
			along[row + 1] = along[row] - 2.0f * gap, out[row + 1] = out[row];
	}
}

void tt_view_draw_sphere(tt_view *view, tt_vec3 center, float radius,
			 tt_color color)
{
	tt_view_draw_capsule(view, center, NULL, radius, 0.0f, color);
}

void tt_view_draw_capsule(tt_view *view, tt_vec3 center, const float *rotation,
			  float radius, float half_length, tt_color color)
{
	float along[SPHERE_ROWS + 2], out[SPHERE_ROWS + 2];
	if (!(radius > 0.0f) || !(half_length >= 0.0f))
		return;
	frame f = frame_of(center, rotate(rotation, (tt_vec3){1, 0, 0}));
	rounded_rows(radius, half_length, along, out);
	lathe(view, &f, along, out, SPHERE_ROWS + 2, color);
}

void tt_view_draw_box(tt_view *view, tt_vec3 center, const float *rotation,
		      tt_vec3 half, tt_color color)
{
	static const int faces[6][4] = {{0, 1, 3, 2}, {4, 5, 7, 6}, {0, 1, 5, 4},
					{2, 3, 7, 6}, {0, 2, 6, 4}, {1, 3, 7, 5}};
	tt_vec3 p[8];
	for (int i = 0; i < 8; i++) {
		tt_vec3 local = {i & 1 ? half.x : -half.x, i & 2 ? half.y : -half.y,
				 i & 4 ? half.z : -half.z};
		p[i] = add(center, rotate(rotation, local), 1.0f);
	}
	for (int k = 0; k < 6; k++) {
		const int *q = faces[k];
		outward(view, p[q[0]], p[q[1]], p[q[2]], center, color, TT_TRI_CULL);
		outward(view, p[q[0]], p[q[2]], p[q[3]], center, color, TT_TRI_CULL);
	}
}

void tt_view_draw_plane(tt_view *view, tt_vec3 point, tt_vec3 normal,
			float half_size, tt_color color)
{
	float len = sqrtf(dot(normal, normal));
	if (!(len > 0.0f) || !isfinite(len) || !(half_size > 0.0f))
		return;
	frame f = frame_of(point, (tt_vec3){normal.x / len, normal.y / len,
					    normal.z / len});
	tt_vec3 below = add(point, f.w, -1.0f);  /* the solid side */
	float cell = 2.0f * half_size / PLANE_CELLS;
	tt_color dark = {(uint8_t)(color.r * 7 / 8), (uint8_t)(color.g * 7 / 8),
			 (uint8_t)(color.b * 7 / 8), color.a};
	for (int i = 0; i < PLANE_CELLS; i++)
		for (int j = 0; j < PLANE_CELLS; j++) {
			tt_vec3 a = add(add(point, f.u, -half_size + cell * (float)i),
					f.v, -half_size + cell * (float)j);
			tt_vec3 b = add(a, f.u, cell), c = add(b, f.v, cell);
			tt_vec3 d = add(a, f.v, cell);
			tt_color shade = (i + j) & 1 ? dark : color;  /* a checker */
			outward(view, a, b, c, below, shade, 0);
			outward(view, a, c, d, below, shade, 0);
		}
}

/* Every point within tolerance on the same side of the plane of a-b-c. */
static int is_face(const tt_vec3 *p, int n, int a, int b, int c, float tol)
{
	tt_vec3 normal = cross(sub(p[b], p[a]), sub(p[c], p[a]));
	float len = sqrtf(dot(normal, normal)), above = 0.0f, below = 0.0f;
	if (!(len > tol * tol))
		return 0;
	for (int m = 0; m < n; m++) {
		float d = dot(normal, sub(p[m], p[a])) / len;
		above = fmaxf(above, d), below = fminf(below, d);
	}
	return above <= tol || below >= -tol;
}

void tt_view_draw_hull(tt_view *view, tt_vec3 center, const float *rotation,
		       const tt_vec3 *points, int count, tt_color color)
{
	tt_vec3 p[MAX_HULL_POINTS], mid = {0, 0, 0};
	float size = 0.0f;
	if (count < 4)
		return;
	count = count < MAX_HULL_POINTS ? count : MAX_HULL_POINTS;
	for (int i = 0; i < count; i++) {
		p[i] = add(center, rotate(rotation, points[i]), 1.0f);
		mid = add(mid, p[i], 1.0f / (float)count);
		size = fmaxf(size, fabsf(points[i].x) + fabsf(points[i].y) +
					   fabsf(points[i].z));
	}
	float tol = 1e-4f * size;
	for (int a = 0; a < count; a++)
		for (int b = a + 1; b < count; b++)
			for (int c = b + 1; c < count; c++)
				if (is_face(p, count, a, b, c, tol))
					outward(view, p[a], p[b], p[c], mid, color,
						TT_TRI_CULL);
}

void tt_view_draw_solid(tt_view *view, const tt_solid *s, tt_color color)
{
	switch (s->shape) {
	case TT_SOLID_SPHERE:
		tt_view_draw_sphere(view, s->center, s->radius, color);
		break;
	case TT_SOLID_CAPSULE:
		tt_view_draw_capsule(view, s->center, s->rotation, s->radius,
				     s->half_length, color);
		break;
	case TT_SOLID_BOX:
		tt_view_draw_box(view, s->center, s->rotation, s->half_extents, color);
		break;
	case TT_SOLID_PLANE:
		tt_view_draw_plane(view, s->center, s->normal, s->half_size, color);
		break;
	case TT_SOLID_HULL:
		tt_view_draw_hull(view, s->center, s->rotation, s->points,
				  s->point_count, color);
		break;
	}
}
