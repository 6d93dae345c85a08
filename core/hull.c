/* The convex hull of a few points (a 3D collider's box or hull), built
 * incrementally (O'Rourke, "Computational Geometry in C", 4.3): start from
 * the widest tetrahedron, then for each point outside the hull so far
 * drop the faces it sees and join it to their horizon. Points within a
 * small tolerance of a face count as on it, so the coplanar corners of a
 * box make no slivers; a face may come out split into coplanar triangles,
 * which the edges then skip (an edge is only where the surface bends).
 * O(n^2) for n <= TT_MAX_HULL, run once per definition. */
#include "vec3.h"
#include "world.h"

#define MAX_FACES (2 * TT_MAX_HULL)

typedef struct hull {
	const tt_vec3 *p;
	uint8_t f[MAX_FACES][3];
	int count;
	float eps;
} hull;

/* How far q is above the plane of face f (outward positive). */
static float height(const hull *h, const uint8_t *f, tt_vec3 q)
{
	tt_vec3 a = h->p[f[0]];
	tt_vec3 n = v3_cross(v3_sub(h->p[f[1]], a), v3_sub(h->p[f[2]], a));
	return v3_dot(v3_unit_or(n, v3(0.0f, 0.0f, 0.0f)), v3_sub(q, a));
}

static void set_face(hull *h, int k, int a, int b, int c)
{
	h->f[k][0] = (uint8_t)a;
	h->f[k][1] = (uint8_t)b;
	h->f[k][2] = (uint8_t)c;
}

/* The point of p[0..n) that maximises the measure from the first ones. */
static int widest(const tt_vec3 *p, int n, int stage, const int *pick,
		  float *best)
{
	int at = 0;
	*best = -1.0f;
	tt_vec3 a = p[pick[0]], ab = v3_sub(p[pick[1]], a);
	tt_vec3 normal = v3_unit_or(v3_cross(ab, v3_sub(p[pick[2]], a)),
				    v3(0.0f, 0.0f, 0.0f));
	for (int i = 0; i < n; i++) {
		tt_vec3 d = v3_sub(p[i], a);
		float m = stage == 1   ? v3_length(d)
			  : stage == 2 ? v3_length(v3_cross(v3_unit_or(ab, ab), d))
				       : fabsf(v3_dot(normal, d));
		if (m > *best)
			*best = m, at = i;
	}
	return at;
}

/* The first tetrahedron, its faces turned outward; 0 when the points lie
 * on a plane (or a line, or one spot). */
static int start(hull *h, int n)
{
	int pick[4] = {0, 0, 0, 0};
	float size, area, depth;
	pick[1] = widest(h->p, n, 1, pick, &size);
	h->eps = 1e-5f * size;
	pick[2] = widest(h->p, n, 2, pick, &area);
	pick[3] = widest(h->p, n, 3, pick, &depth);
	if (!(size > 0.0f) || !(area > h->eps) || !(depth > h->eps))
		return 0;
	int a = pick[0], b = pick[1], c = pick[2], d = pick[3];
	set_face(h, 0, a, b, c);
	if (height(h, h->f[0], h->p[d]) > 0.0f)
		b = pick[2], c = pick[1];
	set_face(h, 0, a, b, c);
	set_face(h, 1, b, a, d);
	set_face(h, 2, c, b, d);
	set_face(h, 3, a, c, d);
	h->count = 4;
	return 1;
}

/* The face holding the directed edge u -> v (every edge of the closed
 * surface is in exactly one face each way). */
static int face_with(const hull *h, int u, int v)
{
	for (int k = 0; k < h->count; k++)
		for (int e = 0; e < 3; e++)
			if (h->f[k][e] == u && h->f[k][(e + 1) % 3] == v)
				return k;
	return -1;
}

/* Grow the hull to take in point i; 0 when the faces overflow. */
static int add_point(hull *h, int i)
{
	uint8_t seen[MAX_FACES], horizon[3 * MAX_FACES][2];
	int any = 0, edges = 0, kept = 0;
	for (int k = 0; k < h->count; k++)
		any |= seen[k] = height(h, h->f[k], h->p[i]) > h->eps;
	if (!any)
		return 1;
	for (int k = 0; k < h->count; k++)
		for (int e = 0; seen[k] && e < 3; e++) {
			int u = h->f[k][e], v = h->f[k][(e + 1) % 3];
			int other = face_with(h, v, u);
			if (other >= 0 && !seen[other]) {
				horizon[edges][0] = (uint8_t)u;
				horizon[edges++][1] = (uint8_t)v;
			}
		}
	for (int k = 0; k < h->count; k++)
		if (!seen[k])
			set_face(h, kept++, h->f[k][0], h->f[k][1], h->f[k][2]);
	if (kept + edges > MAX_FACES)
		return 0;
	for (int e = 0; e < edges; e++)
		set_face(h, kept++, horizon[e][0], horizon[e][1], i);
	h->count = kept;
	return 1;
}

/* The edges between faces that bend (not coplanar), each once. */
static void find_edges(tt_shape3 *s)
{
	s->edge_count = 0;
	for (int k = 0; k < s->triangle_count; k++)
		for (int e = 0; e < 3; e++) {
			int u = s->tri[k][e], v = s->tri[k][(e + 1) % 3];
			int other = -1;
			for (int j = 0; j < s->triangle_count && other < 0; j++)
				for (int f = 0; f < 3; f++)
					if (s->tri[j][f] == v &&
					    s->tri[j][(f + 1) % 3] == u)
						other = j;
			if (u > v || other < 0 ||
			    v3_dot(s->n[k], s->n[other]) > 1.0f - 1e-6f)
				continue;
			s->edge[s->edge_count][0] = (uint8_t)u;
			s->edge[s->edge_count++][1] = (uint8_t)v;
		}
}

/* Keep the vertices faces use (in input order), with planes and edges. */
static void store(const hull *h, int n, tt_shape3 *s)
{
	int map[TT_MAX_HULL];
	for (int i = 0; i < n; i++)
		map[i] = -1;
	for (int k = 0; k < h->count; k++)
		for (int e = 0; e < 3; e++)
			map[h->f[k][e]] = 0;
	s->count = 0;
	for (int i = 0; i < n; i++)
		if (map[i] == 0) {
			map[i] = s->count;
			s->v[s->count++] = h->p[i];
		}
	s->triangle_count = h->count;
	for (int k = 0; k < h->count; k++) {
		for (int e = 0; e < 3; e++)
			s->tri[k][e] = (uint8_t)map[h->f[k][e]];
		tt_vec3 a = s->v[s->tri[k][0]];
		tt_vec3 c = v3_cross(v3_sub(s->v[s->tri[k][1]], a),
				     v3_sub(s->v[s->tri[k][2]], a));
		s->n[k] = v3_unit_or(c, v3(0.0f, 1.0f, 0.0f));
		s->d[k] = v3_dot(s->n[k], a);
	}
	find_edges(s);
}

tt_status tt_hull_make(const tt_vec3 *points, int n, tt_shape3 *s)
{
	if (n < 4 || n > TT_MAX_HULL)
		return TT_ERR_HULL;
	for (int i = 0; i < n; i++)
		if (!tt_vec3_finite(points[i]))
			return TT_ERR_NOT_FINITE;
	hull h = {.p = points};
	if (!start(&h, n))
		return TT_ERR_HULL;
	for (int i = 0; i < n; i++)
		if (!add_point(&h, i))
			return TT_ERR_HULL;
	if (h.count > TT_MAX_HULL_TRIANGLES)
		return TT_ERR_HULL;
	store(&h, n, s);
	return TT_OK;
}
