/* Binding a dense render mesh to a cloth (binding.h): the nearest proxy
 * triangle of every render vertex at bind time (a uniform grid over the
 * triangles' boxes, searched ring by ring), and each update in bulk: a
 * pass over the triangles (corners, unit normal, usable or not), then one
 * over the vertices reading one triangle record each. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "binding.h"
#include "vec3.h"
#include "world.h"

#define MIN_AREA 0.01f

/* Per proxy triangle, each update: corners, unit normal, usable. */
typedef struct tri_frame {
	tt_vec3 p[3], n;
	int usable;
} tri_frame;

struct tt_binding {
	tt_cloth_id cloth;
	int vertex_count, triangle_count;   /* render mesh */
	int proxy_count;                    /* cloth triangles */
	tt_bound *bound;
	float *rest;                        /* 3 per vertex, root frame */
	uint8_t *fell_back;
	int32_t *triangles;                 /* the render mesh's, as bound */
	tri_frame *frames;
	int fallbacks, hidden;
	uint32_t version;                   /* the cloth's, when last hidden */
	float min_area;
};

/* u p0 + v p1 + w p2 + d n, n unit. */
static tt_vec3 mapped(const tt_vec3 p[3], tt_vec3 n, float u, float v, float w,
		      float d)
{
	tt_vec3 surface = v3_add(v3_add(v3_scale(p[0], u), v3_scale(p[1], v)),
				 v3_scale(p[2], w));
	return v3_mad(surface, n, d);
}

int tt_binding_map(tt_vec3 p0, tt_vec3 p1, tt_vec3 p2, float u, float v,
		   float w, float d, tt_vec3 *out)
{
	tt_vec3 n = v3_cross(v3_sub(p1, p0), v3_sub(p2, p0));
	float len2 = v3_dot(n, n);
	if (!(len2 > 0.0f) || !(len2 <= FLT_MAX))
		return 0;
	*out = mapped((tt_vec3[3]){p0, p1, p2}, v3_scale(n, 1.0f / sqrtf(len2)),
		      u, v, w, d);
	return 1;
}

/* ---- memory -------------------------------------------------------------- */

static size_t sizes(const tt_binding *b, size_t z[5])
{
	size_t n = (size_t)b->vertex_count;
	z[0] = n * sizeof *b->bound;
	z[1] = 3 * n * sizeof *b->rest;
	z[2] = n;
	z[3] = 3 * (size_t)b->triangle_count * sizeof *b->triangles;
	z[4] = (size_t)b->proxy_count * sizeof *b->frames;
	return 5;
}

void tt_binding_destroy(tt_binding *b)
{
	if (!b)
		return;
	size_t z[5];
	sizes(b, z);
	void *p[5] = {b->bound, b->rest, b->fell_back, b->triangles, b->frames};
	for (int k = 0; k < 5; k++)
		tt_free(p[k], p[k] ? z[k] : 0);
	tt_free(b, sizeof *b);
}

static tt_binding *new_binding(tt_cloth_id cloth, const tt_mesh *m,
			       const tt_cloth *c)
{
	tt_binding *b = tt_alloc(sizeof *b);
	if (!b)
		return NULL;
	*b = (tt_binding){.cloth = cloth, .vertex_count = m->vertex_count,
			  .triangle_count = m->triangle_count,
			  .proxy_count = c->triangle_count, .min_area = MIN_AREA};
	size_t z[5];
	sizes(b, z);
	void **p[5] = {(void **)&b->bound, (void **)&b->rest,
		       (void **)&b->fell_back, (void **)&b->triangles,
		       (void **)&b->frames};
	int ok = 1;
	for (int k = 0; k < 5; k++)
		ok &= (*p[k] = tt_alloc(z[k] ? z[k] : 1)) != NULL;
	if (!ok) {
		tt_binding_destroy(b);
		return NULL;
	}
	memset(b->fell_back, 0, z[2]);
	memcpy(b->triangles, m->triangle, z[3]);
	return b;
}

/* ---- the nearest triangle at rest ------------------------------------------ */

/* Triangles bucketed by the cells of a uniform grid their boxes touch. */
typedef struct bucket_grid {
	tt_vec3 lo;
	float cell;
	int n[3];
	int32_t *start, *items;
	size_t start_size, items_size;
} bucket_grid;

static tt_vec3 rest_of(const tt_cloth *c, int node)
{
	const float *r = c->rest + 3 * node;
	return v3(r[0], r[1], r[2]);
}

static void tri_box(const tt_cloth *c, int t, tt_vec3 *lo, tt_vec3 *hi)
{
	*lo = *hi = rest_of(c, c->tri[3 * t]);
	for (int k = 1; k < 3; k++) {
		tt_vec3 p = rest_of(c, c->tri[3 * t + k]);
		lo->x = fminf(lo->x, p.x), hi->x = fmaxf(hi->x, p.x);
		lo->y = fminf(lo->y, p.y), hi->y = fmaxf(hi->y, p.y);
		lo->z = fminf(lo->z, p.z), hi->z = fmaxf(hi->z, p.z);
	}
}

static int cell_at(const bucket_grid *g, float v, float lo, int n)
{
	float f = floorf((v - lo) / g->cell);
	return f < 0.0f ? 0 : f >= (float)n ? n - 1 : (int)f;
}

static void cell_of(const bucket_grid *g, tt_vec3 p, int c[3])
{
	c[0] = cell_at(g, p.x, g->lo.x, g->n[0]);
	c[1] = cell_at(g, p.y, g->lo.y, g->n[1]);
	c[2] = cell_at(g, p.z, g->lo.z, g->n[2]);
}

static int cell_index(const bucket_grid *g, int x, int y, int z)
{
	return (z * g->n[1] + y) * g->n[0] + x;
}

/* Visit (pass 0: count, pass 1: fill) the cells of triangle t's box. */
static void bucket_tri(const tt_cloth *c, bucket_grid *g, int t, int pass)
{
	tt_vec3 lo, hi;
	int a[3], b[3];
	tri_box(c, t, &lo, &hi);
	cell_of(g, lo, a);
	cell_of(g, hi, b);
	for (int z = a[2]; z <= b[2]; z++)
		for (int y = a[1]; y <= b[1]; y++)
			for (int x = a[0]; x <= b[0]; x++) {
				int k = cell_index(g, x, y, z);
				if (pass == 0)
					g->start[k + 1]++;
				else
					g->items[g->start[k]++] = t;
			}
}

/* The grid's box (every triangle and every render point) and cell: about
 * the mean triangle's size, at most 64 cells each way. */
static void size_grid(const tt_cloth *c, const float *points, int count,
		      bucket_grid *g)
{
	tt_vec3 lo = rest_of(c, 0), hi = lo;
	float size = 0.0f;
	for (int t = 0; t < c->triangle_count; t++) {
		tt_vec3 a, b;
		tri_box(c, t, &a, &b);
		lo = v3(fminf(lo.x, a.x), fminf(lo.y, a.y), fminf(lo.z, a.z));
		hi = v3(fmaxf(hi.x, b.x), fmaxf(hi.y, b.y), fmaxf(hi.z, b.z));
		size += v3_length(v3_sub(b, a));
	}
	for (int k = 0; k < count; k++) {
		const float *p = points + 3 * k;
		lo = v3(fminf(lo.x, p[0]), fminf(lo.y, p[1]), fminf(lo.z, p[2]));
		hi = v3(fmaxf(hi.x, p[0]), fmaxf(hi.y, p[1]), fmaxf(hi.z, p[2]));
	}
	tt_vec3 span = v3_sub(hi, lo);
	float most = fmaxf(span.x, fmaxf(span.y, span.z));
	g->cell = fmaxf(size / (float)c->triangle_count, most / 64.0f);
	g->cell = g->cell > 0.0f ? g->cell : 1.0f;
	g->lo = lo;
	float s[3] = {span.x, span.y, span.z};
	for (int k = 0; k < 3; k++)
		g->n[k] = (int)fminf(floorf(s[k] / g->cell) + 1.0f, 64.0f);
}

static int build_grid(const tt_cloth *c, const float *points, int count,
		      bucket_grid *g)
{
	size_grid(c, points, count, g);
	int cells = g->n[0] * g->n[1] * g->n[2];
	g->start_size = (size_t)(cells + 1) * sizeof *g->start;
	g->start = tt_alloc(g->start_size);
	if (!g->start)
		return 0;
	memset(g->start, 0, g->start_size);
	for (int t = 0; t < c->triangle_count; t++)
		bucket_tri(c, g, t, 0);
	for (int k = 0; k < cells; k++)
		g->start[k + 1] += g->start[k];
	g->items_size = (size_t)(g->start[cells] > 0 ? g->start[cells] : 1) *
			sizeof *g->items;
	g->items = tt_alloc(g->items_size);
	if (!g->items)
		return 0;
	for (int t = 0; t < c->triangle_count; t++)
		bucket_tri(c, g, t, 1);
	for (int k = cells; k > 0; k--)  /* start[k] ran to k's end */
		g->start[k] = g->start[k - 1];
	g->start[0] = 0;
	return 1;
}

/* Squared distance from q to triangle a b c (Ericson, "Real-Time
 * Collision Detection", 5.1.5: the nearest point by Voronoi region). */
static float tri_distance2(tt_vec3 q, tt_vec3 a, tt_vec3 b, tt_vec3 c)
{
	tt_vec3 ab = v3_sub(b, a), ac = v3_sub(c, a), ap = v3_sub(q, a);
	float d1 = v3_dot(ab, ap), d2 = v3_dot(ac, ap);
	tt_vec3 near = a;
	tt_vec3 bp = v3_sub(q, b), cp = v3_sub(q, c);
	float d3 = v3_dot(ab, bp), d4 = v3_dot(ac, bp);
	float d5 = v3_dot(ab, cp), d6 = v3_dot(ac, cp);
	float va = d3 * d6 - d5 * d4, vb = d5 * d2 - d1 * d6, vc = d1 * d4 - d3 * d2;
	if (d1 <= 0.0f && d2 <= 0.0f)
		near = a;
	else if (d3 >= 0.0f && d4 <= d3)
		near = b;
	else if (d6 >= 0.0f && d5 <= d6)
		near = c;
	else if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f)
		near = v3_mad(a, ab, d1 / (d1 - d3));
	else if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f)
		near = v3_mad(a, ac, d2 / (d2 - d6));
	else if (va <= 0.0f && d4 - d3 >= 0.0f && d5 - d6 >= 0.0f)
		near = v3_mad(b, v3_sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)));
	else {
		float den = 1.0f / (va + vb + vc);
		near = v3_add(a, v3_add(v3_scale(ab, vb * den), v3_scale(ac, vc * den)));
	}
	tt_vec3 d = v3_sub(q, near);
	return v3_dot(d, d);
}

typedef struct nearest {
	float d2;
	int32_t t;
} nearest;

static void try_cell(const tt_cloth *c, const bucket_grid *g, int k,
		     tt_vec3 q, nearest *best)
{
	for (int e = g->start[k]; e < g->start[k + 1]; e++) {
		int t = g->items[e];
		const int32_t *n = c->tri + 3 * t;
		float d2 = tri_distance2(q, rest_of(c, n[0]), rest_of(c, n[1]),
					 rest_of(c, n[2]));
		if (d2 < best->d2 || (d2 == best->d2 && t < best->t))
			*best = (nearest){d2, t};
	}
}

/* The cells at Chebyshev distance r from cell a. */
static void try_ring(const tt_cloth *c, const bucket_grid *g, const int a[3],
		     int r, tt_vec3 q, nearest *best)
{
	for (int z = a[2] - r; z <= a[2] + r; z++)
		for (int y = a[1] - r; y <= a[1] + r; y++)
			for (int x = a[0] - r; x <= a[0] + r; x++) {
				int on = abs(x - a[0]) == r || abs(y - a[1]) == r ||
					 abs(z - a[2]) == r;
				if (on && x >= 0 && y >= 0 && z >= 0 && x < g->n[0] &&
				    y < g->n[1] && z < g->n[2])
					try_cell(c, g, cell_index(g, x, y, z), q, best);
			}
}

/* Rings outward until the nearest found is nearer than any unseen cell. */
static int32_t nearest_triangle(const tt_cloth *c, const bucket_grid *g,
				tt_vec3 q)
{
	int a[3], most = g->n[0] + g->n[1] + g->n[2];
	nearest best = {INFINITY, -1};
	cell_of(g, q, a);
	for (int r = 0; r <= most; r++) {
		try_ring(c, g, a, r, q, &best);
		float reach = (float)r * g->cell;
		if (best.t >= 0 && best.d2 <= reach * reach)
			break;
	}
	return best.t >= 0 ? best.t : 0;
}

/* Weights of q's projection on triangle t's plane, and its height. */
static tt_bound weigh(const tt_cloth *c, int t, tt_vec3 q)
{
	const int32_t *n = c->tri + 3 * t;
	tt_vec3 a = rest_of(c, n[0]), e1 = v3_sub(rest_of(c, n[1]), a),
		e2 = v3_sub(rest_of(c, n[2]), a), r = v3_sub(q, a);
	float d00 = v3_dot(e1, e1), d01 = v3_dot(e1, e2), d11 = v3_dot(e2, e2);
	float d20 = v3_dot(r, e1), d21 = v3_dot(r, e2);
	float den = d00 * d11 - d01 * d01;
	float v = (d11 * d20 - d01 * d21) / den, w = (d00 * d21 - d01 * d20) / den;
	tt_vec3 normal = v3_unit_or(v3_cross(e1, e2), v3(0.0f, 0.0f, 1.0f));
	return (tt_bound){t, 1.0f - v - w, v, w, v3_dot(r, normal)};
}

static void bind_all(const tt_cloth *c, tt_binding *b, const bucket_grid *g)
{
	for (int i = 0; i < b->vertex_count; i++) {
		const float *p = b->rest + 3 * i;
		tt_vec3 q = v3(p[0], p[1], p[2]);
		b->bound[i] = weigh(c, nearest_triangle(c, g, q), q);
	}
}

tt_status tt_binding_create(tt_cloth_id cloth, const tt_mesh *m,
			    tt_binding **out)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(cloth, &w);
	if (!c)
		return TT_ERR_CLOTH_STALE;
	tt_binding *b = new_binding(cloth, m, c);
	if (!b)
		return TT_ERR_OUT_OF_MEMORY;
	tt_pose3 root = tt_cloth_root_pose(w, c);
	for (int i = 0; i < b->vertex_count; i++) {
		const float *p = m->position + 3 * i;
		tt_vec3 l = tt_pose3_to_local(&root, v3(p[0], p[1], p[2]));
		memcpy(b->rest + 3 * i, &l, sizeof l);
	}
	bucket_grid g = {0};
	int ok = build_grid(c, b->rest, b->vertex_count, &g);
	if (ok)
		bind_all(c, b, &g);
	tt_free(g.start, g.start ? g.start_size : 0);
	tt_free(g.items, g.items ? g.items_size : 0);
	if (!ok) {
		tt_binding_destroy(b);
		return TT_ERR_OUT_OF_MEMORY;
	}
	*out = b;
	return TT_OK;
}

/* ---- updates ---------------------------------------------------------------- */

/* Triangle t now: usable when its area is at least min_area times its
 * longest edge squared and its normal is on the side of its rest normal
 * carried by the root (the latter only while a pin holds its corners: a
 * piece torn off tumbles as it likes). */
static void frame_triangle(const tt_world *w, const tt_cloth *c,
			   const tt_pose3 *root, float min_area, int t,
			   tri_frame *f)
{
	const tt_particles *p = &w->particles;
	const int32_t *n = c->tri + 3 * t;
	f->usable = 0;
	for (int k = 0; k < 3; k++) {
		int i = c->dense[n[k]];
		if (i < 0)
			return;
		f->p[k] = v3(p->x[i], p->y[i], p->z[i]);
	}
	tt_vec3 e1 = v3_sub(f->p[1], f->p[0]), e2 = v3_sub(f->p[2], f->p[0]);
	tt_vec3 e3 = v3_sub(f->p[2], f->p[1]), cross = v3_cross(e1, e2);
	float len2 = v3_dot(cross, cross);
	float edge2 = fmaxf(v3_dot(e1, e1), fmaxf(v3_dot(e2, e2), v3_dot(e3, e3)));
	float floor = 2.0f * min_area * edge2;  /* |cross| is twice the area */
	const float *rn = c->tri_normal + 3 * t;
	tt_vec3 rest = tt_pose3_turn(root, v3(rn[0], rn[1], rn[2]));
	int held = c->attached[n[0]] && c->attached[n[1]] && c->attached[n[2]];
	if (!(len2 > 0.0f) || !(len2 <= FLT_MAX) || len2 < floor * floor ||
	    (held && !(v3_dot(cross, rest) > 0.0f)))
		return;
	f->n = v3_scale(cross, 1.0f / sqrtf(len2));
	f->usable = 1;
}

static void place_vertices(tt_binding *b, const tt_pose3 *root, float *out)
{
	b->fallbacks = 0;
	for (int i = 0; i < b->vertex_count; i++) {
		const tt_bound *v = &b->bound[i];
		const tri_frame *f = &b->frames[v->triangle];
		tt_vec3 x;
		if (f->usable) {
			x = mapped(f->p, f->n, v->u, v->v, v->w, v->offset);
		} else {
			const float *r = b->rest + 3 * i;
			x = tt_pose3_to_world(root, v3(r[0], r[1], r[2]));
		}
		b->fell_back[i] = (uint8_t)!f->usable;
		b->fallbacks += !f->usable;
		out[3 * i] = x.x, out[3 * i + 1] = x.y, out[3 * i + 2] = x.z;
	}
}

/* Render triangles with a corner bound to a torn proxy triangle go. */
static void hide_torn(tt_binding *b, const tt_cloth *c, tt_mesh *m)
{
	b->hidden = 0;
	for (int t = 0; t < b->triangle_count; t++) {
		const int32_t *v = b->triangles + 3 * t;
		int torn = 0;
		for (int k = 0; k < 3; k++)
			torn |= v[k] >= 0 && v[k] < b->vertex_count &&
				!c->standing[b->bound[v[k]].triangle];
		for (int k = 0; k < 3; k++)
			m->triangle[3 * t + k] = torn ? -1 : v[k];
		b->hidden += torn;
	}
	b->version = c->version;
}

tt_status tt_binding_update(tt_binding *b, tt_mesh *m)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(b->cloth, &w);
	if (!c)
		return TT_ERR_CLOTH_STALE;
	if (m->vertex_count != b->vertex_count ||
	    m->triangle_count != b->triangle_count)
		return TT_ERR_BINDING_MESH;
	tt_cloth_refresh(w, c);
	tt_pose3 root = tt_cloth_root_pose(w, c);
	for (int t = 0; t < b->proxy_count; t++)
		frame_triangle(w, c, &root, b->min_area, t, &b->frames[t]);
	place_vertices(b, &root, m->position);
	if (b->version != c->version)
		hide_torn(b, c, m);
	return TT_OK;
}

/* ---- reads -------------------------------------------------------------------- */

tt_cloth_id tt_binding_cloth(const tt_binding *b)
{
	return b->cloth;
}

int tt_binding_vertex_count(const tt_binding *b)
{
	return b->vertex_count;
}

tt_bound tt_binding_vertex(const tt_binding *b, int i)
{
	if (i < 0 || i >= b->vertex_count)
		return (tt_bound){-1, 0.0f, 0.0f, 0.0f, 0.0f};
	return b->bound[i];
}

int tt_binding_fallbacks(const tt_binding *b)
{
	return b->fallbacks;
}

const uint8_t *tt_binding_fell_back(const tt_binding *b)
{
	return b->fell_back;
}

int tt_binding_hidden(const tt_binding *b)
{
	return b->hidden;
}

tt_vec3 tt_binding_skinned(const tt_binding *b, int i)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(b->cloth, &w);
	if (!c || i < 0 || i >= b->vertex_count)
		return v3(0.0f, 0.0f, 0.0f);
	tt_pose3 root = tt_cloth_root_pose(w, c);
	const float *r = b->rest + 3 * i;
	return tt_pose3_to_world(&root, v3(r[0], r[1], r[2]));
}

float tt_binding_get_min_area(const tt_binding *b)
{
	return b->min_area;
}

tt_status tt_binding_set_min_area(tt_binding *b, float min_area)
{
	if (!(min_area >= 0.0f && min_area < 0.5f))
		return TT_ERR_MIN_AREA;
	b->min_area = min_area;
	return TT_OK;
}
