/* Particle-particle collision through a spatial hash (Teschner et al.,
 * "Optimized Spatial Hashing for Collision Detection of Deformable
 * Objects", 2003), rebuilt every substep.
 *
 * Cells are as wide as the largest particle diameter, so overlapping
 * particles are in the same or adjacent cells. A counting sort lays the
 * particles out bucket by bucket, ascending in each; a particle looks at
 * the buckets of the 9 (27 in 3D) cells around where it is now, skipping
 * buckets already seen, so every pair is met once and in a fixed order:
 * deterministic, and the same pairs brute force finds.
 *
 * Most particles of a bucket are strangers, there by a hash collision, so
 * the cheap test comes first: distance, then the group/mask filter, then
 * a spring joining the two (self-collision along a rope would fight its
 * own rest length), which is the same pairs as any order. An overlap is
 * removed by moving both apart in inverse proportion to their masses (a
 * contact constraint with no compliance). */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

#define PRIME_X 73856093u
#define PRIME_Y 19349663u
#define PRIME_Z 83492791u

/* An array to replace: where it is, its bytes now and to be. */
typedef struct slab {
	void **array;
	size_t old, fresh;
} slab;

/* Fresh room for every slab, all or none (0: nothing changed). */
static int regrow(slab *s, int n)
{
	void *fresh[3] = {NULL, NULL, NULL};
	int ok = 1;
	for (int k = 0; k < n; k++)
		ok &= (fresh[k] = tt_alloc(s[k].fresh)) != NULL;
	for (int k = 0; k < n; k++) {
		tt_free(ok ? *s[k].array : fresh[k], ok ? s[k].old : s[k].fresh);
		if (ok)
			*s[k].array = fresh[k];
	}
	return ok;
}

static int larger(int need, int had)
{
	return need > 2 * had ? need : 2 * had;
}

static int grow_particles(tt_grid *g, int cap)
{
	size_t item = sizeof(int32_t), had = (size_t)g->capacity;
	slab s[] = {{(void **)&g->key, had * item, (size_t)cap * item},
		    {(void **)&g->sorted, had * item, (size_t)cap * item},
		    {(void **)&g->adj_start, (had + 1) * item, (size_t)(cap + 1) * item}};
	if (!regrow(s, 3))
		return 0;
	g->capacity = cap;
	g->graph_step = 0;  /* the step's graph went with adj_start */
	return 1;
}

static int grow_buckets(tt_grid *g, int buckets)
{
	size_t item = sizeof(int32_t), had = (size_t)g->bucket_capacity;
	slab s[] = {{(void **)&g->start, (had + 1) * item, (size_t)(buckets + 1) * item},
		    {(void **)&g->stamp, had * item, (size_t)buckets * item}};
	if (!regrow(s, 2))
		return 0;
	memset(g->stamp, 0, (size_t)buckets * item);
	g->bucket_capacity = buckets;
	g->mark = 0;
	return 1;
}

static int grow_graph(tt_grid *g, int cap)
{
	size_t item = sizeof(int32_t);
	slab s[] = {{(void **)&g->adj, (size_t)g->adj_capacity * item, (size_t)cap * item}};
	if (!regrow(s, 1))
		return 0;
	g->adj_capacity = cap;
	g->graph_step = 0;
	return 1;
}

/* Room for n particles, their buckets and s springs; 0 when out of
 * memory. */
static int reserve(tt_grid *g, int n, int s)
{
	int buckets = 64;
	while (buckets < 2 * n)
		buckets *= 2;
	if ((!g->key || n > g->capacity) &&
	    !grow_particles(g, larger(n > 16 ? n : 16, g->capacity)))
		return 0;
	if (buckets > g->bucket_capacity && !grow_buckets(g, buckets))
		return 0;
	if (2 * s > g->adj_capacity && !grow_graph(g, larger(2 * s, g->adj_capacity)))
		return 0;
	g->buckets = buckets;
	return 1;
}

/* Neighbours along springs, as compressed rows (counting sort). */
static void build_graph(tt_grid *g, const tt_springs *s, int n)
{
	memset(g->adj_start, 0, (size_t)(n + 1) * sizeof *g->adj_start);
	for (int c = 0; c < s->count; c++)
		g->adj_start[s->a[c] + 1]++, g->adj_start[s->b[c] + 1]++;
	for (int i = 0; i < n; i++)
		g->adj_start[i + 1] += g->adj_start[i];
	for (int c = 0; c < s->count; c++) {
		g->adj[g->adj_start[s->a[c]]++] = s->b[c];
		g->adj[g->adj_start[s->b[c]]++] = s->a[c];
	}
	for (int i = n; i > 0; i--)  /* the fill moved each start to the next */
		g->adj_start[i] = g->adj_start[i - 1];
	g->adj_start[0] = 0;
}

/* The graph once a step: springs do not change between the batching and
 * the end of the substeps. Outside a step (a query) it is always built. */
static void spring_graph(tt_world *w, int n)
{
	tt_grid *g = &w->grid;
	uint64_t step = w->cuts.stepping ? w->steps + 1 : 0;
	if (step && g->graph_step == step)
		return;
	build_graph(g, &w->springs, n);
	g->graph_step = step;
}

/* floor(v / cell), clamped to +-1e9; NaN goes to -1e9. Clamped first,
 * the quotient truncates to an int32 and a negative one steps down. */
static int32_t cell_of(float v, float cell)
{
	float q = v / cell;
	q = q > -1e9f ? (q < 1e9f ? q : 1e9f) : -1e9f;
	int32_t c = (int32_t)q;
	return c - (q < (float)c);
}

static int bucket(const tt_grid *g, int32_t cx, int32_t cy, int32_t cz)
{
	uint32_t h = ((uint32_t)cx * PRIME_X) ^ ((uint32_t)cy * PRIME_Y) ^
		     ((uint32_t)cz * PRIME_Z);
	return (int)(h & (uint32_t)(g->buckets - 1));
}

static int bucket_at(const tt_grid *g, float x, float y, float z)
{
	return bucket(g, cell_of(x, g->cell), cell_of(y, g->cell),
		      cell_of(z, g->cell));
}

/* The particles by bucket (counting sort: those of a bucket stay
 * ascending). */
static void sort_buckets(tt_grid *g, const tt_particles *p)
{
	int n = p->count;
	memset(g->start, 0, (size_t)(g->buckets + 1) * sizeof *g->start);
	for (int i = 0; i < n; i++) {
		g->key[i] = bucket_at(g, p->x[i], p->y[i], p->z[i]);
		g->start[g->key[i] + 1]++;
	}
	for (int b = 0; b < g->buckets; b++)
		g->start[b + 1] += g->start[b];
	for (int i = 0; i < n; i++)
		g->sorted[g->start[g->key[i]]++] = i;
	for (int b = g->buckets; b > 0; b--)  /* as in build_graph */
		g->start[b] = g->start[b - 1];
	g->start[0] = 0;
}

int tt_grid_build(tt_world *w)
{
	tt_grid *g = &w->grid;
	const tt_particles *p = &w->particles;
	if (!reserve(g, p->count, w->springs.count))
		return 0;
	spring_graph(w, p->count);
	float r = 0.0f;
	for (int i = 0; i < p->count; i++)
		r = fmaxf(r, p->radius[i]);
	g->cell = fmaxf(2.0f * r, 1e-4f);
	sort_buckets(g, p);
	return 1;
}

void tt_grid_release(tt_grid *g)
{
	tt_free(g->start, (size_t)(g->bucket_capacity + 1) * sizeof *g->start);
	tt_free(g->stamp, (size_t)g->bucket_capacity * sizeof *g->stamp);
	tt_free(g->sorted, (size_t)g->capacity * sizeof *g->sorted);
	tt_free(g->key, (size_t)g->capacity * sizeof *g->key);
	tt_free(g->adj_start, (size_t)(g->capacity + 1) * sizeof *g->adj_start);
	tt_free(g->adj, (size_t)g->adj_capacity * sizeof *g->adj);
}

static int joined(const tt_grid *g, int i, int j)
{
	for (int k = g->adj_start[i]; k < g->adj_start[i + 1]; k++)
		if (g->adj[k] == j)
			return 1;
	return 0;
}

/* The distance from i to j when they overlap and may collide, else -1. */
static float touching(const tt_world *w, int i, int j)
{
	const tt_particles *p = &w->particles;
	float dx = p->x[j] - p->x[i], dy = p->y[j] - p->y[i],
	      dz = p->z[j] - p->z[i];
	float d = sqrtf(dx * dx + dy * dy + dz * dz);
	return d < p->radius[i] + p->radius[j] &&
			       tt_collide_filter(p->group[i], p->mask[i], p->group[j],
						 p->mask[j]) &&
			       !joined(&w->grid, i, j)
		       ? d
		       : -1.0f;
}

/* Push i and j, touching at distance d, apart. */
static void separate(tt_particles *p, int i, int j, float d)
{
	float dx = p->x[j] - p->x[i], dy = p->y[j] - p->y[i],
	      dz = p->z[j] - p->z[i];
	float r = p->radius[i] + p->radius[j];
	float wsum = p->inv_mass[i] + p->inv_mass[j];
	if (d < 1e-9f || wsum == 0.0f)
		return;
	float k = (r - d) / (d * wsum);
	p->x[i] -= p->inv_mass[i] * k * dx;
	p->y[i] -= p->inv_mass[i] * k * dy;
	p->z[i] -= p->inv_mass[i] * k * dz;
	p->x[j] += p->inv_mass[j] * k * dx;
	p->y[j] += p->inv_mass[j] * k * dy;
	p->z[j] += p->inv_mass[j] * k * dz;
}

/* A mark no bucket holds yet (all stamps cleared when the marks run out). */
static uint32_t next_mark(tt_grid *g)
{
	if (++g->mark == 0) {
		memset(g->stamp, 0, (size_t)g->bucket_capacity * sizeof *g->stamp);
		g->mark = 1;
	}
	return g->mark;
}

/* What a visit finds: pairs solved, or written to pairs (up to max). */
typedef struct visit {
	int solve, max;
	int32_t *pairs;
} visit;

/* The particles after i in bucket b that touch it; returns found plus
 * their count. */
static int visit_bucket(tt_world *w, int i, uint32_t b, const visit *v, int found)
{
	const tt_grid *g = &w->grid;
	for (int e = g->start[b], end = g->start[b + 1]; e < end; e++) {
		int j = g->sorted[e];
		float d = j > i ? touching(w, i, j) : -1.0f;
		if (d < 0.0f)
			continue;
		if (v->solve)
			separate(&w->particles, i, j, d);
		else if (found < v->max)
			v->pairs[2 * found] = i, v->pairs[2 * found + 1] = j;
		found++;
	}
	return found;
}

/* The buckets of the 9 (27 in 3D) cells around where particle i is, in
 * the order of the cells, each once: a bucket met before in this visit
 * holds this visit's mark. The hash of a cell is that of the corner cell
 * plus the primes of the steps from it (mod 2^32, as the products are). */
static int visit_particle(tt_world *w, int i, const visit *v, int found)
{
	tt_grid *g = &w->grid;
	const tt_particles *p = &w->particles;
	const uint32_t mask = (uint32_t)g->buckets - 1, mark = next_mark(g);
	const int32_t dz = w->def.is_3d ? 1 : 0;
	uint32_t hx = (uint32_t)(cell_of(p->x[i], g->cell) - 1) * PRIME_X,
		 hy = (uint32_t)(cell_of(p->y[i], g->cell) - 1) * PRIME_Y,
		 hz = (uint32_t)(cell_of(p->z[i], g->cell) - dz) * PRIME_Z;
	for (int32_t z = 0; z <= 2 * dz; z++, hz += PRIME_Z)
		for (uint32_t y = 0, yz = hy ^ hz; y < 3; y++, yz = (hy + y * PRIME_Y) ^ hz)
			for (uint32_t x = 0; x < 3; x++) {
				uint32_t b = ((hx + x * PRIME_X) ^ yz) & mask;
				if (g->stamp[b] != mark) {
					g->stamp[b] = mark;
					found = visit_bucket(w, i, b, v, found);
				}
			}
	return found;
}

/* Every colliding pair once, solved or written to pairs (up to max).
 * Returns the number of pairs. */
static int visit_pairs(tt_world *w, int solve, int32_t *pairs, int max)
{
	const visit v = {solve, max, pairs};
	int found = 0;
	for (int i = 0; i < w->particles.count; i++)
		found = visit_particle(w, i, &v, found);
	return found;
}

void tt_grid_solve(tt_world *w)
{
	visit_pairs(w, 1, NULL, 0);
}

int tt_world_particle_pairs(tt_world_id id, int32_t *pairs, int max)
{
	tt_world *w = tt_world_get(id);
	if (!w || !tt_grid_build(w))
		return 0;
	return visit_pairs(w, 0, pairs, max);
}
