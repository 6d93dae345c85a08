/* Collider geometry (see shape.h): rounded convex polygons and the plane,
 * in the collider's frame. The distance is exact for the rounded shape
 * (the nearest edge from inside, the nearest point of the core polygon
 * from outside, minus the radius); the raycast is exact too: the first of
 * the edges pushed out by the radius and the circles at the vertices
 * (Ericson, "Real-Time Collision Detection", 5.3, rounded shapes as
 * Minkowski sums). */
#include <math.h>

#include "world.h"

static const char *const kind_names[TT_SHAPE_KIND_COUNT] = {
	"circle", "capsule", "box", "plane", "polygon", "sphere", "hull"};

const char *tt_shape_kind_name(tt_shape_kind kind)
{
	return (unsigned)kind < TT_SHAPE_KIND_COUNT ? kind_names[kind] : "?";
}

static int positive(float v)
{
	return v > 0.0f && isfinite(v);
}

static float cross(float ax, float ay, float bx, float by)
{
	return ax * by - ay * bx;
}

/* Edge normals and reach of the vertices set in s. 0 when an edge has no
 * length or the polygon is not convex and counter-clockwise. */
static int finish(tt_shape *s)
{
	int n = s->count;
	s->reach = 0.0f;
	for (int i = 0; i < n; i++) {
		int j = (i + 1) % n, k = (i + 2) % n;
		float ex = s->vx[j] - s->vx[i], ey = s->vy[j] - s->vy[i];
		float len = sqrtf(ex * ex + ey * ey);
		if (n > 1 && !(len > 1e-6f))
			return 0;
		if (n > 2 && !(cross(ex, ey, s->vx[k] - s->vx[j],
				     s->vy[k] - s->vy[j]) > 0.0f))
			return 0;
		s->nx[i] = n > 1 ? ey / len : 0.0f;
		s->ny[i] = n > 1 ? -ex / len : 1.0f;
		s->reach = fmaxf(s->reach, sqrtf(s->vx[i] * s->vx[i] +
						 s->vy[i] * s->vy[i]));
	}
	s->reach += s->radius;
	return 1;
}

/* Polygon points, made counter-clockwise. */
static tt_status make_polygon(const tt_collider_def *def, tt_shape *s)
{
	int n = def->point_count;
	if (n < 3 || n > TT_MAX_POLYGON)
		return TT_ERR_POLYGON;
	float area = 0.0f;
	for (int i = 0; i < n; i++) {
		tt_vec3 a = def->points[i], b = def->points[(i + 1) % n];
		if (!tt_vec3_finite(a))
			return TT_ERR_NOT_FINITE;
		area += cross(a.x, a.y, b.x, b.y);
	}
	for (int i = 0; i < n; i++) {
		int k = area < 0.0f ? n - 1 - i : i;
		s->vx[i] = def->points[k].x;
		s->vy[i] = def->points[k].y;
	}
	s->count = n;
	return finish(s) ? TT_OK : TT_ERR_POLYGON;
}

static void set_vertex(tt_shape *s, int i, float x, float y)
{
	s->vx[i] = x;
	s->vy[i] = y;
}

tt_status tt_shape_make(const tt_collider_def *def, tt_shape *s)
{
	*s = (tt_shape){.kind = def->shape};
	float hw = 0.5f * def->size.x, hh = 0.5f * def->size.y;
	switch (def->shape) {
	case TT_SHAPE_CIRCLE:
	case TT_SHAPE_CAPSULE:
		if (!positive(def->radius))
			return TT_ERR_SIZE;
		s->radius = def->radius;
		if (def->shape == TT_SHAPE_CIRCLE || def->length == 0.0f) {
			s->count = 1;
			break;
		}
		if (!positive(def->length))
			return TT_ERR_SIZE;
		s->count = 2;
		set_vertex(s, 0, -0.5f * def->length, 0.0f);
		set_vertex(s, 1, 0.5f * def->length, 0.0f);
		break;
	case TT_SHAPE_BOX:
		if (!positive(def->size.x) || !positive(def->size.y))
			return TT_ERR_SIZE;
		s->count = 4;
		set_vertex(s, 0, -hw, -hh);
		set_vertex(s, 1, hw, -hh);
		set_vertex(s, 2, hw, hh);
		set_vertex(s, 3, -hw, hh);
		break;
	case TT_SHAPE_PLANE:
		s->reach = INFINITY;
		return TT_OK;
	case TT_SHAPE_POLYGON:
		return make_polygon(def, s);
	default:
		return TT_ERR_SHAPE;
	}
	return finish(s) ? TT_OK : TT_ERR_SIZE;
}

int tt_shape_segment(float ax, float ay, float bx, float by, float radius,
		     tt_shape *s)
{
	*s = (tt_shape){.kind = TT_SHAPE_CAPSULE, .count = 2, .radius = radius};
	set_vertex(s, 0, ax, ay);
	set_vertex(s, 1, bx, by);
	return finish(s);
}

/* Nearest point of the core polygon's edges to (x, y). */
static float nearest_edge(const tt_shape *s, float x, float y, float *cx,
			  float *cy)
{
	float best = INFINITY;
	int edges = s->count == 2 ? 1 : s->count;
	for (int i = 0; i < edges; i++) {
		int j = (i + 1) % s->count;
		float ex = s->vx[j] - s->vx[i], ey = s->vy[j] - s->vy[i];
		float t = ((x - s->vx[i]) * ex + (y - s->vy[i]) * ey) /
			  (ex * ex + ey * ey);
		t = fminf(fmaxf(t, 0.0f), 1.0f);
		float px = s->vx[i] + t * ex, py = s->vy[i] + t * ey;
		float d2 = (x - px) * (x - px) + (y - py) * (y - py);
		if (d2 < best) {
			best = d2;
			*cx = px;
			*cy = py;
		}
	}
	return sqrtf(best);
}

float tt_shape_distance(const tt_shape *s, float x, float y, float extra,
			float *nx, float *ny)
{
	float r = s->radius + extra, sep = -INFINITY, cx = s->vx[0],
	      cy = s->vy[0];
	int best = 0;
	*nx = 0.0f;
	*ny = 1.0f;
	if (s->kind == TT_SHAPE_PLANE)
		return y - extra;
	for (int i = 0; i < s->count && s->count > 1; i++) {
		float d = (x - s->vx[i]) * s->nx[i] + (y - s->vy[i]) * s->ny[i];
		if (d > sep)
			sep = d, best = i;
	}
	if (s->count > 1) {
		*nx = s->nx[best];
		*ny = s->ny[best];
	}
	if (s->count > 2 && sep <= 0.0f)  /* inside: the nearest face */
		return sep - r;
	float d = s->count > 1 ? nearest_edge(s, x, y, &cx, &cy)
			       : sqrtf((x - cx) * (x - cx) + (y - cy) * (y - cy));
	if (d > 1e-12f) {
		*nx = (x - cx) / d;
		*ny = (y - cy) / d;
	}
	return d - r;
}

/* The ray's entry into the circle (cx, cy, r), if before *t. */
static int ray_circle(float ox, float oy, float dx, float dy, float cx,
		      float cy, float r, float *t)
{
	float mx = ox - cx, my = oy - cy;
	float a = dx * dx + dy * dy, b = mx * dx + my * dy,
	      c = mx * mx + my * my - r * r;
	float disc = b * b - a * c;
	if (c < 0.0f || b >= 0.0f || disc < 0.0f)
		return 0;
	float hit = (-b - sqrtf(disc)) / a;
	if (!(hit >= 0.0f && hit <= *t))
		return 0;
	*t = hit;
	return 1;
}

/* The ray's crossing of edge i pushed out by r, if before *t. */
static int ray_edge(const tt_shape *s, int i, float ox, float oy, float dx,
		    float dy, float r, float *t)
{
	int j = (i + 1) % s->count;
	if (dx * s->nx[i] + dy * s->ny[i] >= 0.0f)
		return 0;  /* leaving or along it */
	float ax = s->vx[i] + r * s->nx[i] - ox, ay = s->vy[i] + r * s->ny[i] - oy;
	float ex = s->vx[j] - s->vx[i], ey = s->vy[j] - s->vy[i];
	float denom = cross(dx, dy, ex, ey);
	float hit = cross(ax, ay, ex, ey) / denom, u = cross(ax, ay, dx, dy) / denom;
	if (!(u >= 0.0f && u <= 1.0f && hit >= 0.0f && hit <= *t))
		return 0;
	*t = hit;
	return 1;
}

static int ray_plane(float oy, float dy, float extra, float max_t, float *t)
{
	if (oy < extra || dy >= 0.0f)
		return 0;
	float hit = (extra - oy) / dy;
	if (!(hit <= max_t))
		return 0;
	*t = hit;
	return 1;
}

int tt_shape_raycast(const tt_shape *s, float ox, float oy, float dx,
		     float dy, float extra, float max_t, float *t, float *nx,
		     float *ny)
{
	float r = s->radius + extra, best = max_t, ignore_x, ignore_y;
	int hit = 0, edges = s->count > 1 ? s->count : 0;
	*nx = 0.0f, *ny = 1.0f;
	if (s->kind == TT_SHAPE_PLANE)
		return ray_plane(oy, dy, extra, max_t, t);
	if (tt_shape_distance(s, ox, oy, extra, &ignore_x, &ignore_y) < 0.0f)
		return 0;
	for (int i = 0; i < edges; i++)
		if (ray_edge(s, i, ox, oy, dx, dy, r, &best))
			hit = 1, *nx = s->nx[i], *ny = s->ny[i];
	for (int i = 0; i < s->count && r > 0.0f; i++) {
		if (!ray_circle(ox, oy, dx, dy, s->vx[i], s->vy[i], r, &best))
			continue;
		hit = 1;
		*nx = (ox + best * dx - s->vx[i]) / r;
		*ny = (oy + best * dy - s->vy[i]) / r;
	}
	*t = best;
	return hit;
}

tt_pose tt_pose_make(float x, float y, float angle)
{
	return (tt_pose){x, y, angle, cosf(angle), sinf(angle)};
}

void tt_pose_to_local(tt_pose p, float x, float y, float *lx, float *ly)
{
	float dx = x - p.x, dy = y - p.y;
	*lx = p.c * dx + p.s * dy;
	*ly = -p.s * dx + p.c * dy;
}

void tt_pose_turn(tt_pose p, float lx, float ly, float *x, float *y)
{
	*x = p.c * lx - p.s * ly;
	*y = p.s * lx + p.c * ly;
}

void tt_pose_to_world(tt_pose p, float lx, float ly, float *x, float *y)
{
	tt_pose_turn(p, lx, ly, x, y);
	*x += p.x;
	*y += p.y;
}
