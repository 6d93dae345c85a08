/* 3D collider geometry (see shape3.h): spheres and capsules (a point or a
 * segment grown by a radius), boxes and convex hulls (polytopes), and the
 * plane, in the collider's frame.
 *
 * Distance is exact: from inside a polytope, the nearest face plane; from
 * outside, the nearest point of the faces the point is above (Ericson,
 * "Real-Time Collision Detection", 5.1.5); the box in closed form.
 * Raycasts against a polytope grown by r (a Minkowski sum, Ericson 5.3)
 * clip the ray by the face planes pushed out by r (Cyrus and Beck 1978):
 * the entry is exact when it lands on a face; near an edge or a corner,
 * where pushed planes overshoot the rounded surface, the ray is cast at
 * the capsules around the edges instead. */
#include "vec3.h"
#include "world.h"

static const tt_vec3 up = {0.0f, 1.0f, 0.0f};

static int positive(float v)
{
	return v > 0.0f && isfinite(v);
}

static tt_status make_box(tt_vec3 size, tt_shape3 *s)
{
	if (!positive(size.x) || !positive(size.y) || !positive(size.z))
		return TT_ERR_SIZE;
	tt_vec3 h = v3_scale(size, 0.5f), corner[8];
	for (int k = 0; k < 8; k++)
		corner[k] = v3(k & 1 ? h.x : -h.x, k & 2 ? h.y : -h.y,
			       k & 4 ? h.z : -h.z);
	tt_status status = tt_hull_make(corner, 8, s);
	s->half = h;
	return status;
}

/* A sphere (one vertex) or a capsule (two, along x, and their edge). */
static tt_status make_round(const tt_collider_def *def, tt_shape3 *s)
{
	if (!positive(def->radius))
		return TT_ERR_SIZE;
	s->radius = def->radius;
	s->count = 1;
	if (def->shape == TT_SHAPE_SPHERE || def->length == 0.0f)
		return TT_OK;
	if (!positive(def->length))
		return TT_ERR_SIZE;
	s->count = 2;
	s->v[0] = v3(-0.5f * def->length, 0.0f, 0.0f);
	s->v[1] = v3(0.5f * def->length, 0.0f, 0.0f);
	s->edge_count = 1;
	s->edge[0][0] = 0;
	s->edge[0][1] = 1;
	return TT_OK;
}

static tt_status make_kind(const tt_collider_def *def, tt_shape3 *s)
{
	switch (def->shape) {
	case TT_SHAPE_SPHERE:
	case TT_SHAPE_CAPSULE:
		return make_round(def, s);
	case TT_SHAPE_BOX:
		return make_box(def->size, s);
	case TT_SHAPE_HULL:
		return tt_hull_make(def->points, def->point_count, s);
	case TT_SHAPE_PLANE:
		return TT_OK;
	case TT_SHAPE_CIRCLE:
	case TT_SHAPE_POLYGON:
		return TT_ERR_SHAPE_2D;
	default:
		return TT_ERR_SHAPE;
	}
}

tt_status tt_shape3_make(const tt_collider_def *def, tt_shape3 *s)
{
	s->kind = def->shape;
	s->count = s->triangle_count = s->edge_count = 0;
	s->radius = 0.0f;
	tt_status status = make_kind(def, s);
	s->kind = def->shape;  /* the box was made as a hull */
	s->reach = 0.0f;
	for (int k = 0; k < s->count; k++)
		s->reach = fmaxf(s->reach, v3_length(s->v[k]));
	s->reach = def->shape == TT_SHAPE_PLANE ? INFINITY : s->reach + s->radius;
	return status;
}

float tt_segment_nearest(tt_vec3 a, tt_vec3 b, tt_vec3 p)
{
	tt_vec3 ab = v3_sub(b, a);
	float len2 = v3_dot(ab, ab);
	if (!(len2 > 0.0f))
		return 0.0f;
	return fminf(fmaxf(v3_dot(v3_sub(p, a), ab) / len2, 0.0f), 1.0f);
}

static float round_distance(const tt_shape3 *s, tt_vec3 l, tt_vec3 *n)
{
	tt_vec3 q = s->v[0];
	if (s->count == 2)
		q = v3_mad(q, v3_sub(s->v[1], q), tt_segment_nearest(q, s->v[1], l));
	tt_vec3 off = v3_sub(l, q);
	float len = v3_length(off);  /* v3_unit_or's, taken once */
	*n = len > 1e-12f ? v3_scale(off, 1.0f / len) : up;
	return len - s->radius;
}

/* In closed form: the nearest face from inside, the clamped point from
 * outside. */
static float box_distance(const tt_shape3 *s, tt_vec3 l, tt_vec3 *n)
{
	float q[3] = {fabsf(l.x) - s->half.x, fabsf(l.y) - s->half.y,
		      fabsf(l.z) - s->half.z};
	float sign[3] = {l.x < 0.0f ? -1.0f : 1.0f, l.y < 0.0f ? -1.0f : 1.0f,
			 l.z < 0.0f ? -1.0f : 1.0f};
	if (q[0] <= 0.0f && q[1] <= 0.0f && q[2] <= 0.0f) {
		int k = q[1] > q[0] ? 1 : 0;
		k = q[2] > q[k] ? 2 : k;
		float axis[3] = {0.0f, 0.0f, 0.0f};
		axis[k] = sign[k];
		*n = v3(axis[0], axis[1], axis[2]);
		return q[k];
	}
	tt_vec3 out = v3(fmaxf(q[0], 0.0f) * sign[0], fmaxf(q[1], 0.0f) * sign[1],
			 fmaxf(q[2], 0.0f) * sign[2]);
	*n = v3_unit_or(out, up);
	return v3_length(out);
}

/* Nearest point of triangle abc to p (Ericson 5.1.5, by Voronoi regions). */
static tt_vec3 triangle_nearest(tt_vec3 p, tt_vec3 a, tt_vec3 b, tt_vec3 c)
{
	tt_vec3 ab = v3_sub(b, a), ac = v3_sub(c, a), ap = v3_sub(p, a);
	float d1 = v3_dot(ab, ap), d2 = v3_dot(ac, ap);
	if (d1 <= 0.0f && d2 <= 0.0f)
		return a;
	tt_vec3 bp = v3_sub(p, b);
	float d3 = v3_dot(ab, bp), d4 = v3_dot(ac, bp);
	if (d3 >= 0.0f && d4 <= d3)
		return b;
	float vc = d1 * d4 - d3 * d2;
	if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f)
		return v3_mad(a, ab, d1 / (d1 - d3));
	tt_vec3 cp = v3_sub(p, c);
	float d5 = v3_dot(ab, cp), d6 = v3_dot(ac, cp);
	if (d6 >= 0.0f && d5 <= d6)
		return c;
	float vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f)
		return v3_mad(a, ac, d2 / (d2 - d6));
	float va = d3 * d6 - d5 * d4;
	if (va <= 0.0f && d4 - d3 >= 0.0f && d5 - d6 >= 0.0f)
		return v3_mad(b, v3_sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)));
	float k = 1.0f / (va + vb + vc);
	return v3_add(a, v3_add(v3_scale(ab, vb * k), v3_scale(ac, vc * k)));
}

/* Highest face plane over l: the depth from inside (<= 0). */
static float top_face(const tt_shape3 *s, tt_vec3 l, int *face)
{
	float best = -INFINITY;
	for (int k = 0; k < s->triangle_count; k++) {
		float h = v3_dot(s->n[k], l) - s->d[k];
		if (h > best)
			best = h, *face = k;
	}
	return best;
}

static float hull_distance(const tt_shape3 *s, tt_vec3 l, tt_vec3 *n)
{
	int face = 0;
	float top = top_face(s, l, &face);
	*n = s->n[face];
	if (top <= 0.0f)
		return top;
	float best = INFINITY;
	tt_vec3 nearest = l;
	for (int k = 0; k < s->triangle_count; k++) {
		if (!(v3_dot(s->n[k], l) - s->d[k] > 0.0f))
			continue;  /* the nearest point is on a face l is above */
		const uint8_t *t = s->tri[k];
		tt_vec3 q = triangle_nearest(l, s->v[t[0]], s->v[t[1]], s->v[t[2]]);
		tt_vec3 off = v3_sub(l, q);
		float d2 = v3_dot(off, off);
		if (d2 < best)
			best = d2, nearest = q;
	}
	*n = v3_unit_or(v3_sub(l, nearest), *n);
	return sqrtf(best);
}

float tt_shape3_distance(const tt_shape3 *s, tt_vec3 l, float extra,
			 tt_vec3 *n)
{
	switch (s->kind) {
	case TT_SHAPE_PLANE:
		*n = up;
		return l.y - extra;
	case TT_SHAPE_BOX:
		return box_distance(s, l, n) - extra;
	case TT_SHAPE_HULL:
		return hull_distance(s, l, n) - extra;
	default:
		return round_distance(s, l, n) - extra;
	}
}

/* The ray's entry into the sphere (c, r), if within *t. */
static int ray_sphere(tt_vec3 o, tt_vec3 u, tt_vec3 c, float r, float *t,
		      tt_vec3 *n)
{
	tt_vec3 m = v3_sub(o, c);
	float b = v3_dot(m, u);
	tt_vec3 closest = v3_mad(m, u, -b);
	float d2 = v3_dot(closest, closest);
	if (b >= 0.0f || d2 > r * r)
		return 0;
	float hit = -b - sqrtf(r * r - d2);
	if (!(hit >= 0.0f && hit <= *t))
		return 0;
	*t = hit;
	*n = v3_unit_or(v3_mad(m, u, hit), up);
	return 1;
}

/* Across the axis the capsule's body is a circle: solve there, from the
 * ray's closest approach to the axis, then keep hits within the segment;
 * the end spheres do the rest. */
int tt_ray_capsule(tt_vec3 o, tt_vec3 u, tt_vec3 a, tt_vec3 b, float r,
		   float *t, tt_vec3 *n)
{
	tt_vec3 ab = v3_sub(b, a), m = v3_sub(o, a);
	float len = v3_length(ab);
	int hit = ray_sphere(o, u, a, r, t, n);
	if (!(len > 0.0f))
		return hit;
	hit |= ray_sphere(o, u, b, r, t, n);
	tt_vec3 w = v3_scale(ab, 1.0f / len);
	tt_vec3 across = v3_mad(m, w, -v3_dot(m, w));
	tt_vec3 drift = v3_mad(u, w, -v3_dot(u, w));
	float a2 = v3_dot(drift, drift);
	if (!(a2 > 1e-12f))
		return hit;  /* along the axis: only the ends can be met */
	float tc = -v3_dot(across, drift) / a2;
	tt_vec3 closest = v3_mad(across, drift, tc);
	float d2 = v3_dot(closest, closest);
	if (d2 > r * r)
		return hit;
	float s = tc - sqrtf((r * r - d2) / a2);
	float along = v3_dot(v3_mad(m, u, s), w);
	if (!(s >= 0.0f && s <= *t && along >= 0.0f && along <= len))
		return hit;
	*t = s;
	*n = v3_unit_or(v3_mad(across, drift, s), up);
	return 1;
}

/* Does the point on the plane of face f, pushed back in by extra, lie
 * on the polytope (within rounding)? Then a hit there is on a face. */
static int on_face(const tt_shape3 *s, int f, tt_vec3 p, float extra)
{
	tt_vec3 q = v3_mad(p, s->n[f], -extra);
	float tolerance = 1e-6f * (1.0f + s->reach);
	for (int k = 0; k < s->triangle_count; k++)
		if (v3_dot(s->n[k], q) - s->d[k] > tolerance)
			return 0;
	return 1;
}

/* Cyrus-Beck against the face planes pushed out by extra: 1 on a hit on a
 * face within *best, 0 on a miss, -1 when the edges must decide. */
static int ray_planes(const tt_shape3 *s, tt_vec3 o, tt_vec3 u, float extra,
		      float *best, tt_vec3 *n)
{
	float enter = -INFINITY, leave = INFINITY;
	int face = -1;
	for (int k = 0; k < s->triangle_count; k++) {
		float dn = v3_dot(u, s->n[k]), h = v3_dot(o, s->n[k]) - s->d[k] - extra;
		if (dn == 0.0f) {
			if (h > 0.0f)
				return 0;  /* along a face, outside it */
			continue;
		}
		float t = -h / dn;
		if (dn < 0.0f && t > enter)
			enter = t, face = k;
		else if (dn > 0.0f && t < leave)
			leave = t;
	}
	if (face < 0 || enter > leave || enter > *best)
		return 0;
	if (enter < 0.0f || (extra > 0.0f && !on_face(s, face, v3_mad(o, u, enter),
						       extra)))
		return -1;
	*best = enter;
	*n = s->n[face];
	return 1;
}

static int ray_plane(tt_vec3 o, tt_vec3 u, float extra, float *best,
		     tt_vec3 *n)
{
	if (o.y < extra || u.y >= 0.0f)
		return 0;
	float hit = (extra - o.y) / u.y;
	if (!(hit <= *best))
		return 0;
	*best = hit;
	*n = up;
	return 1;
}

/* The rounded parts: the sphere of a lone vertex, the capsules around
 * the edges (their end spheres are the rounded corners). */
static int ray_rounded(const tt_shape3 *s, tt_vec3 o, tt_vec3 u, float r,
		       float *best, tt_vec3 *n)
{
	if (s->count == 1 && s->edge_count == 0)  /* a sphere: the capsule's */
		return ray_sphere(o, u, s->v[0], r, best, n);  /* a = b case */
	int hit = s->count == 1 &&
		  tt_ray_capsule(o, u, s->v[0], s->v[0], r, best, n);
	for (int k = 0; k < s->edge_count && r > 0.0f; k++)
		hit |= tt_ray_capsule(o, u, s->v[s->edge[k][0]],
				      s->v[s->edge[k][1]], r, best, n);
	return hit;
}

int tt_shape3_raycast(const tt_shape3 *s, tt_vec3 o, tt_vec3 d, float extra,
		      float max_t, float *t, tt_vec3 *n)
{
	tt_vec3 ignore;
	if (s->kind != TT_SHAPE_PLANE &&
	    tt_shape3_distance(s, o, extra, &ignore) < 0.0f)
		return 0;
	return tt_shape3_raycast_out(s, o, d, extra, max_t, t, n);
}

int tt_shape3_raycast_out(const tt_shape3 *s, tt_vec3 o, tt_vec3 d,
			  float extra, float max_t, float *t, tt_vec3 *n)
{
	float len = v3_length(d);
	if (!(len > 0.0f))
		return 0;
	tt_vec3 u = v3_scale(d, 1.0f / len);
	float best = max_t * len;
	int hit;
	if (s->kind == TT_SHAPE_PLANE) {
		hit = ray_plane(o, u, extra, &best, n);
	} else {
		hit = s->triangle_count > 0 ? ray_planes(s, o, u, extra, &best, n)
					    : -1;
		if (hit < 0)
			hit = ray_rounded(s, o, u, s->radius + extra, &best, n);
	}
	if (hit)
		*t = best / len;
	return hit;
}
