/* Edge contacts: every particle is kept out of every soft body it is not
 * a node of, against the body's outline, so a small blob cannot slip
 * between a big one's nodes and a rope bumps off a jelly.
 *
 * Each substep the live outline edges go into a hash grid (Teschner et
 * al. 2003, as core/hash.c does for particles) whose cells are wider than
 * an edge grown by its reach, so an edge lands in at most 2 x 2 cells and
 * a particle looks in its own cell only. A cell's entries of one body
 * are together (edges go in body by body and the sort is stable), so for
 * each body near a particle the closest edge is found, and it says
 * whether the particle is inside the outline: on the inner side of the
 * edge, or, at a corner, of the corner's pseudo-normal (the sum of its
 * edges' normals; Bærentzen & Aanæs 2005). A particle inside, or outside
 * within its radius plus the edge's, is pushed out of the outline along
 * the closest point's normal, the edge's ends taking their share as the
 * point at t with generalised inverse mass (1-t)^2 wa + t^2 wb would
 * (Müller et al., PBD 2007), and Coulomb friction acts on the motion
 * relative to that point, as against colliders (core/contact.c) with the
 * two bodies' friction mixed as sqrt(a b). */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

#define PRIME_X 73856093u
#define PRIME_Y 19349663u

static int grow(int32_t **array, int *capacity, int need)
{
	if (need <= *capacity)
		return 1;
	int cap = need > 2 * *capacity ? need : 2 * *capacity;
	int32_t *fresh = tt_alloc((size_t)cap * sizeof *fresh);
	if (!fresh)
		return 0;
	tt_free(*array, (size_t)*capacity * sizeof *fresh);
	*array = fresh;
	*capacity = cap;
	return 1;
}

void tt_softbody_hash_release(tt_edge_hash *h)
{
	size_t e = (size_t)h->edge_capacity * 4, n = (size_t)h->entry_capacity * 4;
	tt_free(h->ea, e), tt_free(h->eb, e), tt_free(h->ebody, e);
	tt_free(h->ek, e);
	tt_free(h->entry_edge, n), tt_free(h->entry_cx, n), tt_free(h->entry_cy, n);
	tt_free(h->start, (size_t)(h->start_capacity) * 4);
}

static int reserve_edges(tt_edge_hash *h, int n)
{
	int a = h->edge_capacity, b = a, c = a, d = a;
	int ok = grow(&h->ea, &a, n) && grow(&h->eb, &b, n) &&
		 grow(&h->ebody, &c, n) && grow(&h->ek, &d, n);
	h->edge_capacity = a < b ? a : b;
	h->edge_capacity = h->edge_capacity < c ? h->edge_capacity : c;
	h->edge_capacity = h->edge_capacity < d ? h->edge_capacity : d;
	return ok;
}

static int reserve_entries(tt_edge_hash *h, int n, int buckets)
{
	int a = h->entry_capacity, b = a, c = a;
	int ok = grow(&h->entry_edge, &a, n) && grow(&h->entry_cx, &b, n) &&
		 grow(&h->entry_cy, &c, n) && grow(&h->start, &h->start_capacity,
						   buckets + 1);
	h->entry_capacity = a < b ? (a < c ? a : c) : (b < c ? b : c);
	return ok;
}

static int32_t cell_of(float v, float cell)
{
	float c = floorf(v / cell);
	return (int32_t)fminf(fmaxf(c, -1e9f), 1e9f);  /* NaN goes to -1e9 */
}

static int bucket(const tt_edge_hash *h, int32_t cx, int32_t cy)
{
	uint32_t k = ((uint32_t)cx * PRIME_X) ^ ((uint32_t)cy * PRIME_Y);
	return (int)(k & (uint32_t)(h->buckets - 1));
}

/* The live outline edges of every body, their reach and the cell size;
 * 0 when there are none (or memory ran out). */
static int gather_edges(tt_world *w)
{
	tt_softbodies *s = &w->softbodies;
	tt_edge_hash *h = &s->hash;
	const tt_particles *p = &w->particles;
	int total = 0;
	for (int k = 0; k < s->count; k++)
		total += s->items[k].outline_count;
	if (!reserve_edges(h, total))
		return 0;
	float longest = 0.0f, r = 0.0f;
	h->edges = 0;
	for (int k = 0; k < s->count; k++) {
		const tt_softbody *b = &s->items[k];
		for (int e = 0; e < b->outline_count; e++) {
			if (!b->edge_open[e])
				continue;
			int i = b->ring[e], j = b->ring[(e + 1) % b->outline_count];
			h->ea[h->edges] = i, h->eb[h->edges] = j;
			h->ebody[h->edges] = k, h->ek[h->edges++] = e;
			longest = fmaxf(longest, fmaxf(fabsf(p->x[j] - p->x[i]),
						       fabsf(p->y[j] - p->y[i])));
		}
	}
	for (int i = 0; i < p->count; i++)
		r = fmaxf(r, p->radius[i]);
	/* an edge's reach: both radii, and a quarter edge more, so a
	 * particle that went that far inside still finds its way out */
	h->reach = 2.0f * r + 0.25f * longest;
	h->cell = fmaxf(longest + 2.0f * h->reach, 1e-4f);
	return h->edges > 0;
}

/* Visit the cells edge e's box (grown by the reach) covers. */
typedef void cell_fn(tt_edge_hash *h, int e, int32_t cx, int32_t cy);

static void edge_cells(const tt_world *w, tt_edge_hash *h, int e, cell_fn *fn)
{
	const tt_particles *p = &w->particles;
	int i = h->ea[e], j = h->eb[e];
	float r = h->reach;
	int32_t x0 = cell_of(fminf(p->x[i], p->x[j]) - r, h->cell);
	int32_t x1 = cell_of(fmaxf(p->x[i], p->x[j]) + r, h->cell);
	int32_t y0 = cell_of(fminf(p->y[i], p->y[j]) - r, h->cell);
	int32_t y1 = cell_of(fmaxf(p->y[i], p->y[j]) + r, h->cell);
	for (int32_t cy = y0; cy <= y1 && cy <= y0 + 1; cy++)
		for (int32_t cx = x0; cx <= x1 && cx <= x0 + 1; cx++)
			fn(h, e, cx, cy);
}

static void count_entry(tt_edge_hash *h, int e, int32_t cx, int32_t cy)
{
	(void)e;
	h->start[bucket(h, cx, cy) + 1]++;
	h->entries++;
}

static void put_entry(tt_edge_hash *h, int e, int32_t cx, int32_t cy)
{
	int k = h->start[bucket(h, cx, cy)]++;
	h->entry_edge[k] = e, h->entry_cx[k] = cx, h->entry_cy[k] = cy;
}

/* Counting sort of the entries by bucket: stable, so deterministic. */
static int build(tt_world *w)
{
	tt_edge_hash *h = &w->softbodies.hash;
	int buckets = 64;
	while (buckets < 8 * h->edges)
		buckets *= 2;
	if (!reserve_entries(h, 4 * h->edges, buckets))
		return 0;
	h->buckets = buckets;
	memset(h->start, 0, (size_t)(buckets + 1) * sizeof *h->start);
	h->entries = 0;
	for (int e = 0; e < h->edges; e++)
		edge_cells(w, h, e, count_entry);
	for (int b = 0; b < buckets; b++)
		h->start[b + 1] += h->start[b];
	for (int e = 0; e < h->edges; e++)
		edge_cells(w, h, e, put_entry);
	for (int b = buckets; b > 0; b--)  /* the fill moved each start on */
		h->start[b] = h->start[b - 1];
	h->start[0] = 0;
	return 1;
}

typedef struct closest {
	int e;          /* edge */
	float t, d2;    /* where on it, squared distance */
	float qx, qy;   /* the closest point */
} closest;

static void closest_on(const tt_particles *p, const tt_edge_hash *h, int e,
		       float x, float y, closest *c)
{
	int i = h->ea[e], j = h->eb[e];
	float ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
	float len2 = ex * ex + ey * ey;
	float t = len2 > 0.0f ? ((x - p->x[i]) * ex + (y - p->y[i]) * ey) / len2
			      : 0.0f;
	t = fminf(fmaxf(t, 0.0f), 1.0f);
	float qx = p->x[i] + t * ex, qy = p->y[i] + t * ey;
	float d2 = (x - qx) * (x - qx) + (y - qy) * (y - qy);
	if (d2 < c->d2)
		*c = (closest){e, t, d2, qx, qy};
}

/* Outward normal (not unit) of outline edge k of body b. */
static void edge_normal(const tt_particles *p, const tt_softbody *b, int k,
			float *nx, float *ny)
{
	int n = b->outline_count, i = b->ring[k], j = b->ring[(k + 1) % n];
	*nx = 0.0f, *ny = 0.0f;
	if (i < 0 || j < 0)
		return;
	float ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
	float len = sqrtf(ex * ex + ey * ey);
	if (len > 0.0f)
		*nx = ey / len, *ny = -ex / len;
}

/* Does the point lie inside, seen from its closest feature? */
static int inside(const tt_world *w, const closest *c, float x, float y)
{
	const tt_edge_hash *h = &w->softbodies.hash;
	const tt_softbody *b = &w->softbodies.items[h->ebody[c->e]];
	int k = h->ek[c->e], n = b->outline_count;
	float nx, ny, mx, my;
	edge_normal(&w->particles, b, k, &nx, &ny);
	if (c->t <= 0.0f)  /* at the corner where edge k - 1 comes in */
		edge_normal(&w->particles, b, (k + n - 1) % n, &mx, &my);
	else if (c->t >= 1.0f)
		edge_normal(&w->particles, b, (k + 1) % n, &mx, &my);
	else
		mx = my = 0.0f;
	return (x - c->qx) * (nx + mx) + (y - c->qy) * (ny + my) < 0.0f;
}

/* Move particle i by w_i k n and the edge's ends against it. */
static void push(tt_particles *p, int i, int a, int b, float t, float k,
		 float nx, float ny)
{
	float ka = -(1.0f - t) * p->inv_mass[a] * k, kb = -t * p->inv_mass[b] * k;
	float kp = p->inv_mass[i] * k;
	p->x[i] += kp * nx, p->y[i] += kp * ny;
	p->x[a] += ka * nx, p->y[a] += ka * ny;
	p->x[b] += kb * nx, p->y[b] += kb * ny;
}

static float mixed_friction(const tt_world *w, int i, const tt_softbody *b)
{
	const tt_softbodies *s = &w->softbodies;
	int o = i < s->owner_count ? s->owner[i] : 0;
	return o ? sqrtf(s->items[o - 1].friction * b->friction) : b->friction;
}

/* Coulomb friction on the motion of i relative to the edge point at t
 * over the substep, after a push of depth along n. */
static void rub(tt_world *w, int i, int e, float t, float W, float nx,
		float ny, float depth)
{
	tt_particles *p = &w->particles;
	const tt_edge_hash *h = &w->softbodies.hash;
	int a = h->ea[e], b = h->eb[e];
	float rx = p->x[i] - p->px[i] - (1.0f - t) * (p->x[a] - p->px[a]) -
		   t * (p->x[b] - p->px[b]);
	float ry = p->y[i] - p->py[i] - (1.0f - t) * (p->y[a] - p->py[a]) -
		   t * (p->y[b] - p->py[b]);
	float rn = rx * nx + ry * ny, tx = rx - rn * nx, ty = ry - rn * ny;
	float len = sqrtf(tx * tx + ty * ty);
	float mu = mixed_friction(w, i, &w->softbodies.items[h->ebody[e]]);
	if (!(len > 0.0f))
		return;
	float share = len < mu * depth ? 1.0f : fminf(mu * depth / len, 1.0f);
	float k = share * len / W;
	push(p, i, a, b, t, k, -tx / len, -ty / len);
}

/* Keep particle i out of the body the closest edge c belongs to. */
static void resolve(tt_world *w, int i, const closest *c)
{
	tt_particles *p = &w->particles;
	const tt_edge_hash *h = &w->softbodies.hash;
	int a = h->ea[c->e], b = h->eb[c->e];
	float x = p->x[i], y = p->y[i], t = c->t;
	float r = p->radius[i] + p->radius[a] + t * (p->radius[b] - p->radius[a]);
	float d = sqrtf(c->d2);
	int in = inside(w, c, x, y);
	if ((!in && !(d < r)) || (in && !(d < h->reach)) || d < 1e-9f)
		return;
	float sign = in ? -1.0f : 1.0f, depth = in ? r + d : r - d;
	float nx = sign * (x - c->qx) / d, ny = sign * (y - c->qy) / d;
	float W = p->inv_mass[i] + (1.0f - t) * (1.0f - t) * p->inv_mass[a] +
		  t * t * p->inv_mass[b];
	if (!(W > 0.0f))
		return;
	push(p, i, a, b, t, depth / W, nx, ny);
	rub(w, i, c->e, t, W, nx, ny, depth);
}

/* May particle i touch body k at all? */
static int may_touch(const tt_world *w, int i, int k)
{
	const tt_softbodies *s = &w->softbodies;
	const tt_particles *p = &w->particles;
	const tt_softbody *b = &s->items[k];
	int o = i < s->owner_count ? s->owner[i] : 0;
	return o != k + 1 &&
	       tt_collide_filter(p->group[i], p->mask[i], b->group, b->mask);
}

/* The entries of i's cell come body by body (in edge order): the closest
 * edge of each body near i decides that body's contact. */
static void particle_against_edges(tt_world *w, int i)
{
	const tt_edge_hash *h = &w->softbodies.hash;
	const tt_particles *p = &w->particles;
	int32_t cx = cell_of(p->x[i], h->cell), cy = cell_of(p->y[i], h->cell);
	int bk = bucket(h, cx, cy), body = -1, skip = 1;
	closest c = {-1, 0.0f, INFINITY, 0.0f, 0.0f};
	for (int k = h->start[bk]; k < h->start[bk + 1]; k++) {
		if (h->entry_cx[k] != cx || h->entry_cy[k] != cy)
			continue;  /* another cell in the same bucket */
		int e = h->entry_edge[k];
		if (h->ebody[e] != body) {
			if (c.e >= 0)
				resolve(w, i, &c);
			body = h->ebody[e];
			skip = !may_touch(w, i, body);
			c = (closest){-1, 0.0f, INFINITY, 0.0f, 0.0f};
		}
		if (!skip)
			closest_on(p, h, e, p->x[i], p->y[i], &c);
	}
	if (c.e >= 0)
		resolve(w, i, &c);
}

void tt_softbody_collide(tt_world *w)
{
	if (w->softbodies.count == 0 || !gather_edges(w) || !build(w))
		return;
	for (int i = 0; i < w->particles.count; i++)
		particle_against_edges(w, i);
}

const tt_collider_def *tt_softbody_material(const tt_world *w, int i,
					    const tt_collider_def *def,
					    tt_collider_def *mixed)
{
	const tt_softbodies *s = &w->softbodies;
	int o = i < s->owner_count ? s->owner[i] : 0;
	if (!o)
		return def;
	float mu = s->items[o - 1].friction;
	*mixed = *def;
	mixed->friction = sqrtf(def->friction * mu);
	mixed->kinetic_friction = sqrtf(def->kinetic_friction * mu);
	return mixed;
}

float tt_softbody_restitution(const tt_world *w, int i, float e)
{
	const tt_softbodies *s = &w->softbodies;
	int o = i < s->owner_count ? s->owner[i] : 0;
	return o ? fmaxf(e, s->items[o - 1].restitution) : e;
}
