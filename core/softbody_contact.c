/* Edge contacts: every particle is kept out of every soft body it is not
 * a node of, against the body's outline, so a small blob cannot slip
 * between a big one's nodes and a rope bumps off a jelly.
 *
 * Each substep the live outline edges go into a hash grid (Teschner et
 * al. 2003, as core/hash.c does for particles) whose cells are wider than
 * an edge grown by its reach, so an edge lands in at most 2 x 2 cells and
 * a particle looks in its own cell only. A cell's entries of one body
 * are together (edges go in body by body, chained in order), so for
 * each body near a particle the closest edge is found. A particle that
 * crossed it this substep goes back to the side it came from; one inside
 * a solid body's outline (on the inner side of the edge, or, at a
 * corner, of the corner's pseudo-normal, the sum of its edges' normals;
 * Bærentzen & Aanæs 2005) is pushed out; one outside within its radius
 * plus the edge's is pushed off. The push goes along the closest point's
 * normal, the edge's ends taking their share as the
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
#define EDGE_ARRAYS 4  /* ea, eb, ebody, ek */
#define PUSH_OUT 2.0f  /* m/s: how fast one found deep inside gets out */

int tt_softbody_scratch(void **array, int *capacity, int need, size_t size)
{
	if (need <= *capacity)
		return 1;
	int cap = need > 2 * *capacity ? need : 2 * *capacity;
	void *fresh = tt_alloc((size_t)cap * size);
	if (!fresh)
		return 0;
	tt_free(*array, (size_t)*capacity * size);
	*array = fresh;
	*capacity = cap;
	return 1;
}

void tt_softbody_hash_release(tt_edge_hash *h)
{
	tt_free(h->ea, (size_t)h->edge_capacity * EDGE_ARRAYS * sizeof *h->ea);
	tt_free(h->entry, (size_t)h->entry_capacity * sizeof *h->entry);
	tt_free(h->link, (size_t)h->link_capacity * sizeof *h->link);
	tt_free(h->tail, (size_t)h->tail_capacity * sizeof *h->tail);
	tt_free(h->fence, (size_t)h->fence_capacity * 4 * sizeof *h->fence);
}

/* Room for n edges: the edge arrays share one block (rebuilt every
 * substep, so nothing is copied). */
static int reserve_edges(tt_edge_hash *h, int n)
{
	if (n <= h->edge_capacity)
		return 1;
	int cap = n > 2 * h->edge_capacity ? n : 2 * h->edge_capacity;
	int32_t *block = tt_alloc((size_t)cap * EDGE_ARRAYS * sizeof *block);
	if (!block)
		return 0;
	tt_free(h->ea, (size_t)h->edge_capacity * EDGE_ARRAYS * sizeof *h->ea);
	int32_t **a[EDGE_ARRAYS] = {&h->ea, &h->eb, &h->ebody, &h->ek};
	for (int k = 0; k < EDGE_ARRAYS; k++)
		*a[k] = block + (size_t)k * (size_t)cap;
	h->edge_capacity = cap;
	return 1;
}

static float min_f(float a, float b)
{
	return a < b ? a : b;
}

static float max_f(float a, float b)
{
	return a > b ? a : b;
}

/* floor(v / cell) by the inverse, clamped to +-bound (1e9); NaN goes to
 * -bound. The bound is read from the hash rather than written here: a
 * constant one let the compiler turn the max and the min into branches
 * to fold each clamped case's conversion (13 instructions a cell where
 * these take 10, no branch to miss). */
static int32_t cell_of(float v, float inv_cell, float bound)
{
	float c = v * inv_cell;
	c = c > -bound ? c : -bound;
	c = c < bound ? c : bound;
	int32_t k = (int32_t)c;
	return k - ((float)k > c);
}

/* Cell (cx, cy) as one number, to compare in one go. */
static uint64_t cell_key(int32_t cx, int32_t cy)
{
	return (uint64_t)(uint32_t)cx | (uint64_t)(uint32_t)cy << 32;
}

static int bucket(int32_t cx, int32_t cy, int buckets)
{
	uint32_t k = ((uint32_t)cx * PRIME_X) ^ ((uint32_t)cy * PRIME_Y);
	return (int)(k & (uint32_t)(buckets - 1));
}

/* The live outline edges of every body taking part. */
static void list_edges(tt_world *w)
{
	tt_softbodies *s = &w->softbodies;
	tt_edge_hash *h = &s->hash;
	int32_t *ea = h->ea, *eb = h->eb, *ebody = h->ebody, *ek = h->ek;
	int n = 0;
	for (int k = 0; k < s->count; k++) {
		const tt_softbody *b = &s->items[k];
		const int32_t *ring = b->ring, *open = b->edge_open;
		const int last = b->outline_count - 1;
		if (!tt_softbody_broad_active(&s->broad, k))
			continue;
		for (int e = 0; e <= last; e++) {
			if (!open[e])
				continue;
			ea[n] = ring[e], eb[n] = ring[e == last ? 0 : e + 1];
			ebody[n] = k, ek[n++] = e;
		}
	}
	h->edges = n;
}

float tt_softbody_reach(const tt_world *w, float longest)
{
	const tt_particles *p = &w->particles;
	float r = 0.0f;
	for (int i = 0; i < p->count; i++)
		r = max_f(r, p->radius[i]);
	/* both radii, and a quarter edge more, so a particle that went that
	 * far inside still finds its way out */
	return 2.0f * r + 0.25f * longest;
}

/* The reach and cells, the bodies near each other, the edges of those;
 * 0 when no body takes part (or memory ran out). */
static int gather_edges(tt_world *w)
{
	tt_softbodies *s = &w->softbodies;
	tt_edge_hash *h = &s->hash;
	int total = 0;
	for (int k = 0; k < s->count; k++)
		total += s->items[k].outline_count;
	float longest;
	if (!reserve_edges(h, total) || !tt_softbody_broad(w, &s->broad, &longest))
		return 0;
	h->reach = tt_softbody_reach(w, longest);
	h->cell = max_f(longest + 2.0f * h->reach, 1e-4f);
	h->inv_cell = 1.0f / h->cell;
	h->bound = 1e9f;
	if (!tt_softbody_broad_pairs(w, &s->broad, h->reach))
		return 0;
	list_edges(w);
	return h->edges > 0;
}

/* Where enter writes (the hash's arrays, held here so that its int
 * stores need not read them again). */
typedef struct chain {
	tt_edge_entry *entry;
	int32_t *link, *tail;
	int buckets;
} chain;

/* Entry n: edge e of body k in cell (cx, cy), chained last in its
 * bucket (the tail's link, at first the bucket's own, points to it). */
static inline void put(const chain *to, int n, int32_t cx, int32_t cy, int e,
		       int k)
{
	int b = bucket(cx, cy, to->buckets);
	to->entry[n] = (tt_edge_entry){cell_key(cx, cy), e, k};
	to->link[n] = -1;
	to->link[to->tail[b]] = n;
	to->tail[b] = n;
}

/* How far off an edge's box, along x or y, a point is surely beyond the
 * reach: the squared distance closest_on finds for it is at least
 * reach^2 despite its roundings, each at most an ulp of the coordinates
 * (at most 2 m, m their size, here |lo|, |hi| of the box of every
 * edge's box; a push moves nothing far out of it), so such an edge is
 * passed over without changing which edge is closest within the reach. */
static float far_margin(const tt_edge_hash *h)
{
	float m = max_f(max_f(fabsf(h->lo_x), fabsf(h->hi_x)),
			max_f(fabsf(h->lo_y), fabsf(h->hi_y)));
	return h->reach * (1.0f + 0x1p-12f) + 0x1p-18f * m;
}

/* Every edge's entries, chained, for the cells its box grown by the
 * reach covers (2 x 2 at most: the cells are that wide), and the box of
 * those boxes; how many entries. */
static int enter(tt_world *w)
{
	tt_edge_hash *h = &w->softbodies.hash;
	const float *x = w->particles.x, *y = w->particles.y, r = h->reach;
	const float inv = h->inv_cell, bound = h->bound;
	const int32_t *ea = h->ea, *eb = h->eb, *ebody = h->ebody;
	float lo_x = INFINITY, lo_y = INFINITY, hi_x = -INFINITY, hi_y = -INFINITY;
	const chain to = {h->entry, h->link, h->tail, h->buckets};
	int n = 0;
	for (int e = 0, edges = h->edges; e < edges; e++) {
		int i = ea[e], j = eb[e], k = ebody[e];
		float lx = min_f(x[i], x[j]) - r, hx = max_f(x[i], x[j]) + r;
		float ly = min_f(y[i], y[j]) - r, hy = max_f(y[i], y[j]) + r;
		int32_t x0 = cell_of(lx, inv, bound), y0 = cell_of(ly, inv, bound);
		int wide = cell_of(hx, inv, bound) > x0, tall = cell_of(hy, inv, bound) > y0;
		put(&to, n++, x0, y0, e, k);
		if (wide)
			put(&to, n++, x0 + 1, y0, e, k);
		if (tall)
			put(&to, n++, x0, y0 + 1, e, k);
		if (wide && tall)
			put(&to, n++, x0 + 1, y0 + 1, e, k);
		lo_x = min_f(lo_x, lx), hi_x = max_f(hi_x, hx);
		lo_y = min_f(lo_y, ly), hi_y = max_f(hi_y, hy);
	}
	h->lo_x = lo_x, h->lo_y = lo_y, h->hi_x = hi_x, h->hi_y = hi_y;
	h->far = far_margin(h);
	return n;
}

/* The hash of this substep: a bucket's entries are chained as they go
 * in, so they stay in edge order, body by body (no sort). */
static int build(tt_world *w)
{
	tt_edge_hash *h = &w->softbodies.hash;
	int buckets = 64, most = 4 * h->edges;  /* 2 x 2 cells an edge */
	while (buckets < h->edges)
		buckets *= 2;
	if (!tt_softbody_scratch((void **)&h->entry, &h->entry_capacity, most,
				 sizeof *h->entry) ||
	    !tt_softbody_scratch((void **)&h->link, &h->link_capacity, buckets + most,
				 sizeof *h->link) ||
	    !tt_softbody_scratch((void **)&h->tail, &h->tail_capacity, buckets,
				 sizeof *h->tail))
		return 0;
	h->buckets = buckets, h->most = most;
	memset(h->link + most, 0xff, (size_t)buckets * sizeof *h->link);  /* -1 */
	for (int b = 0; b < buckets; b++)
		h->tail[b] = most + b;
	h->entries = enter(w);
	const int n = w->softbodies.count;
	if (!tt_softbody_scratch((void **)&h->fence, &h->fence_capacity, n + 1,
				 4 * sizeof *h->fence))
		return 0;
	const float box[4] = {h->lo_x, h->lo_y, h->hi_x, h->hi_y};
	tt_softbody_broad_fences(&w->softbodies.broad, n, box, h->fence);
	return 1;
}

typedef struct closest {
	int e;          /* edge */
	float t, d2;    /* where on it, squared distance */
	float qx, qy;   /* the closest point */
} closest;

/* The point of edge e closest to (x, y), kept in c when closer than c's.
 * An edge further than h->far off its box along x or y is passed over: it
 * could not be kept within the reach (and one with a NaN is never kept). */
static void closest_on(const tt_particles *p, const tt_edge_hash *h, int e,
		       float x, float y, closest *c)
{
	int i = h->ea[e], j = h->eb[e];
	const float far = h->far;
	/* how far off the edge's box: one branch, as it is hard to foresee */
	float off_x = max_f(min_f(p->x[i], p->x[j]) - x, x - max_f(p->x[i], p->x[j]));
	float off_y = max_f(min_f(p->y[i], p->y[j]) - y, y - max_f(p->y[i], p->y[j]));
	if (max_f(off_x, off_y) > far)
		return;
	float ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
	float len2 = ex * ex + ey * ey;
	float t = len2 > 0.0f ? ((x - p->x[i]) * ex + (y - p->y[i]) * ey) / len2
			      : 0.0f;
	t = min_f(max_f(t, 0.0f), 1.0f);
	float qx = p->x[i] + t * ex, qy = p->y[i] + t * ey;
	float d2 = (x - qx) * (x - qx) + (y - qy) * (y - qy);
	if (d2 < c->d2)
		*c = (closest){e, t, d2, qx, qy};
}

/* Outward unit normal of the edge from particle i to j (0 when it has
 * no length). */
static void normal_of(const tt_particles *p, int i, int j, float *nx, float *ny)
{
	float ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
	float len = sqrtf(ex * ex + ey * ey);
	*nx = 0.0f, *ny = 0.0f;
	if (len > 0.0f)
		*nx = ey / len, *ny = -ex / len;
}

/* The same for outline edge k of body b (0 when a node is gone). */
static void edge_normal(const tt_particles *p, const tt_softbody *b, int k,
			float *nx, float *ny)
{
	int n = b->outline_count, i = b->ring[k], j = b->ring[k + 1 == n ? 0 : k + 1];
	*nx = 0.0f, *ny = 0.0f;
	if (i >= 0 && j >= 0)
		normal_of(p, i, j, nx, ny);
}

/* Does the point lie inside, seen from its closest feature? The edge's
 * own normal from its ends in the hash (the nodes of outline edge k);
 * at a corner the body's outline gives the other edge's. */
static int inside(const tt_world *w, const closest *c, float x, float y)
{
	const tt_edge_hash *h = &w->softbodies.hash;
	float nx, ny, mx = 0.0f, my = 0.0f;
	normal_of(&w->particles, h->ea[c->e], h->eb[c->e], &nx, &ny);
	if (c->t <= 0.0f || c->t >= 1.0f) {
		const tt_softbody *b = &w->softbodies.items[h->ebody[c->e]];
		int k = h->ek[c->e], n = b->outline_count;
		int other = c->t <= 0.0f ? (k == 0 ? n - 1 : k - 1)  /* edge k - 1 */
					 : (k + 1 == n ? 0 : k + 1);
		edge_normal(&w->particles, b, other, &mx, &my);
	}
	return (x - c->qx) * (nx + mx) + (y - c->qy) * (ny + my) < 0.0f;
}

void tt_softbody_push(tt_particles *p, int i, int a, int b, float t, float k,
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
	float share = len < mu * depth ? 1.0f : min_f(mu * depth / len, 1.0f);
	float k = share * len / W;
	tt_softbody_push(p, i, a, b, t, k, -tx / len, -ty / len);
}

static float cross(float ax, float ay, float bx, float by)
{
	return ax * by - ay * bx;
}

/* Which side of edge c's line particle i is on (> 0 the left, inside
 * for a counter-clockwise outline), now and at the substep's start, as
 * crosses; 1 when it changed side within the edge this substep. */
static int crossed(const tt_particles *p, const tt_edge_hash *h,
		   const closest *c, int i, float *before)
{
	int a = h->ea[c->e], b = h->eb[c->e];
	*before = cross(p->px[b] - p->px[a], p->py[b] - p->py[a],
			p->px[i] - p->px[a], p->py[i] - p->py[a]);
	float now = cross(p->x[b] - p->x[a], p->y[b] - p->y[a], p->x[i] - p->x[a],
			  p->y[i] - p->y[a]);
	return c->t > 0.0f && c->t < 1.0f && *before * now < 0.0f;
}

/* Which way to push particle i off the edge of contact c, and by how
 * much: back to the side it came from if it crossed the edge this
 * substep; else out of the outline if it is inside a body that is solid
 * (its outline encloses a third of its rest area: a crumpled, popped
 * one's folds face every way); else off the edge on its side. 0 when
 * it need not move. */
static int direction(const tt_world *w, int i, const closest *c, float r,
		     float *nx, float *ny, float *depth)
{
	const tt_particles *p = &w->particles;
	const tt_edge_hash *h = &w->softbodies.hash;
	float x = p->x[i], y = p->y[i], d = sqrtf(c->d2), before;
	if (d < 1e-9f)
		return 0;
	*nx = (x - c->qx) / d, *ny = (y - c->qy) / d;
	if (crossed(p, h, c, i, &before)) {
		int a = h->ea[c->e], b = h->eb[c->e];
		float ex = p->x[b] - p->x[a], ey = p->y[b] - p->y[a];
		float len = sqrtf(ex * ex + ey * ey), sign = before > 0.0f ? -1.0f : 1.0f;
		*nx = sign * ey / len, *ny = -sign * ex / len, *depth = r + d;
		return 1;
	}
	if (w->softbodies.items[h->ebody[c->e]].solid && inside(w, c, x, y)) {
		*nx = -*nx, *ny = -*ny, *depth = r + d;
		return 1;
	}
	*depth = r - d;
	return d < r;
}

/* How far particle i came toward the edge point at t along n during the
 * substep (its motion relative to that point). */
static float approach(const tt_particles *p, int i, int a, int b, float t,
		      float nx, float ny)
{
	float rx = p->x[i] - p->px[i] - (1.0f - t) * (p->x[a] - p->px[a]) -
		   t * (p->x[b] - p->px[b]);
	float ry = p->y[i] - p->py[i] - (1.0f - t) * (p->y[a] - p->py[a]) -
		   t * (p->y[b] - p->py[b]);
	return max_f(-(rx * nx + ry * ny), 0.0f);
}

/* Keep particle i out of the body the closest edge c belongs to. A push
 * undoes what the particle came in by this substep, and at most PUSH_OUT
 * m/s more: an overlap that grew over many substeps (a jelly that a
 * deflating balloon folded over) comes apart gently, where all at once
 * it threw nodes at 200 m/s. */
static void resolve(tt_world *w, int i, const closest *c)
{
	tt_particles *p = &w->particles;
	const tt_edge_hash *h = &w->softbodies.hash;
	int a = h->ea[c->e], b = h->eb[c->e];
	float t = c->t, nx, ny, depth;
	float r = p->radius[i] + p->radius[a] + t * (p->radius[b] - p->radius[a]);
	float W = p->inv_mass[i] + (1.0f - t) * (1.0f - t) * p->inv_mass[a] +
		  t * t * p->inv_mass[b];
	if (!(W > 0.0f) || !direction(w, i, c, r, &nx, &ny, &depth))
		return;
	depth = min_f(depth, approach(p, i, a, b, t, nx, ny) +
				     PUSH_OUT * w->springs.h);
	tt_softbody_push(p, i, a, b, t, depth / W, nx, ny);
	rub(w, i, c->e, t, W, nx, ny, depth);
}

/* Resolve i's contact with the closest edge c of a body, if any: within
 * the reach it touches, or is found inside. */
static void settle(tt_world *w, int i, const closest *c)
{
	const float reach = w->softbodies.hash.reach;
	if (c->e >= 0 && c->d2 < reach * reach)
		resolve(w, i, c);
}

/* The entries of i's cell come body by body (in edge order): the closest
 * edge of each body near i decides that body's contact. Its own body's
 * (own, -1 for none) are passed over. */
static void particle_against_edges(tt_world *w, int i, int own)
{
	const tt_edge_hash *h = &w->softbodies.hash;
	const tt_particles *p = &w->particles;
	const tt_softbody *items = w->softbodies.items;
	const float x = p->x[i], y = p->y[i], *f = &h->fence[4 * (own + 1)];
	if (!(x >= f[0] && x <= f[2] && y >= f[1] && y <= f[3]))
		return;  /* where no edge is, or i's body does not look */
	int32_t cx = cell_of(x, h->inv_cell, h->bound),
		cy = cell_of(y, h->inv_cell, h->bound);
	int bk = bucket(cx, cy, h->buckets), body = -1, skip = 1;
	const uint64_t cell = cell_key(cx, cy);
	closest c = {-1, 0.0f, INFINITY, 0.0f, 0.0f};
	const int32_t *link = h->link;
	const tt_edge_entry *entry = h->entry;
	for (int n = link[h->most + bk]; n >= 0; n = link[n]) {
		const tt_edge_entry *en = &entry[n];
		if ((en->cell != cell) | (en->body == own))  /* one branch */
			continue;  /* another cell in the same bucket, or i's body */
		if (en->body != body) {
			settle(w, i, &c);
			body = en->body;
			skip = !tt_collide_filter(p->group[i], p->mask[i], items[body].group,
						  items[body].mask);
			c = (closest){-1, 0.0f, INFINITY, 0.0f, 0.0f};
		}
		if (!skip)
			closest_on(p, h, en->edge, p->x[i], p->y[i], &c);
	}
	settle(w, i, &c);
}

void tt_softbody_collide(tt_world *w)
{
	const tt_softbodies *s = &w->softbodies;
	if (s->count == 0 || !gather_edges(w) || !build(w))
		return;
	for (int i = 0; i < w->particles.count; i++)
		particle_against_edges(w, i, (i < s->owner_count ? s->owner[i] : 0) - 1);
}

void tt_softbody_friction(const tt_world *w, int i, const tt_collider_def *def,
			  float *friction, float *kinetic)
{
	const tt_softbodies *s = &w->softbodies;
	int o = i < s->owner_count ? s->owner[i] : 0;
	*friction = def->friction, *kinetic = def->kinetic_friction;
	if (!o)
		return;
	float mu = s->items[o - 1].friction;
	*friction = sqrtf(def->friction * mu);
	*kinetic = sqrtf(def->kinetic_friction * mu);
}

float tt_softbody_restitution(const tt_world *w, int i, float e)
{
	const tt_softbodies *s = &w->softbodies;
	int o = i < s->owner_count ? s->owner[i] : 0;
	return o ? 0.0f : e;
}
