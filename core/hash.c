/* Particle-particle collision through a spatial hash (Teschner et al.,
 * "Optimized Spatial Hashing for Collision Detection of Deformable
 * Objects", 2003), rebuilt every substep.
 *
 * Cells are as wide as the largest particle diameter, so overlapping
 * particles are in the same or adjacent cells. Each bucket's list is in
 * ascending particle order and a particle looks at its 9 (27 in 3D)
 * neighbour cells, skipping buckets already seen, so every pair is met
 * once and in a fixed order: deterministic, and the same pairs brute
 * force finds. Pairs joined by a spring are skipped (self-collision along
 * a rope would fight its own rest length), as are pairs the group/mask
 * filter refuses. An overlap is removed by moving both apart in inverse
 * proportion to their masses (a contact constraint with no compliance). */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

#define PRIME_X 73856093u
#define PRIME_Y 19349663u
#define PRIME_Z 83492791u

/* Room for need (+ extra) items. An array with extra items is allocated
 * even when need is 0: adj_start has n + 1 entries, so an empty world
 * still has one. */
static int grow(int32_t **array, int *capacity, int need, int extra)
{
	if (need <= *capacity && (*array || need + extra == 0))
		return 1;
	int cap = need > 2 * *capacity ? need : 2 * *capacity;
	int32_t *fresh = tt_alloc((size_t)(cap + extra) * sizeof *fresh);
	if (!fresh)
		return 0;
	tt_free(*array, (size_t)(*capacity + extra) * sizeof *fresh);
	*array = fresh;
	*capacity = cap;
	return 1;
}

/* Room for n particles, s springs; 0 when out of memory. */
static int reserve(tt_grid *g, int n, int s)
{
	int buckets = 64;
	while (buckets < 2 * n)
		buckets *= 2;
	int cap = g->capacity, cap2 = g->capacity, adj = g->adj_capacity;
	if (!grow(&g->head, &g->buckets, buckets, 0) ||
	    !grow(&g->next, &cap, n, 0) || !grow(&g->adj_start, &cap2, n, 1) ||
	    !grow(&g->adj, &adj, 2 * s, 0))
		return 0;
	g->capacity = cap < cap2 ? cap : cap2;
	g->adj_capacity = adj;
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

static int32_t cell_of(float v, float cell)
{
	float c = floorf(v / cell);
	return (int32_t)fminf(fmaxf(c, -1e9f), 1e9f);  /* NaN goes to -1e9 */
}

static int bucket(const tt_grid *g, int32_t cx, int32_t cy, int32_t cz)
{
	uint32_t h = ((uint32_t)cx * PRIME_X) ^ ((uint32_t)cy * PRIME_Y) ^
		     ((uint32_t)cz * PRIME_Z);
	return (int)(h & (uint32_t)(g->buckets - 1));
}

int tt_grid_build(tt_world *w)
{
	tt_grid *g = &w->grid;
	const tt_particles *p = &w->particles;
	int n = p->count;
	if (!reserve(g, n, w->springs.count))
		return 0;
	build_graph(g, &w->springs, n);
	float r = 0.0f;
	for (int i = 0; i < n; i++)
		r = fmaxf(r, p->radius[i]);
	g->cell = fmaxf(2.0f * r, 1e-4f);
	for (int b = 0; b < g->buckets; b++)
		g->head[b] = -1;
	for (int i = n - 1; i >= 0; i--) {
		int b = bucket(g, cell_of(p->x[i], g->cell), cell_of(p->y[i], g->cell),
			       cell_of(p->z[i], g->cell));
		g->next[i] = g->head[b];
		g->head[b] = i;
	}
	return 1;
}

static int joined(const tt_grid *g, int i, int j)
{
	for (int k = g->adj_start[i]; k < g->adj_start[i + 1]; k++)
		if (g->adj[k] == j)
			return 1;
	return 0;
}

/* Push i and j apart if they overlap; 1 if they did. */
static int separate(tt_particles *p, int i, int j, int solve)
{
	float dx = p->x[j] - p->x[i], dy = p->y[j] - p->y[i],
	      dz = p->z[j] - p->z[i];
	float d = sqrtf(dx * dx + dy * dy + dz * dz), r = p->radius[i] + p->radius[j];
	float wsum = p->inv_mass[i] + p->inv_mass[j];
	if (!(d < r))
		return 0;
	if (!solve || d < 1e-9f || wsum == 0.0f)
		return 1;
	float k = (r - d) / (d * wsum);
	p->x[i] -= p->inv_mass[i] * k * dx;
	p->y[i] -= p->inv_mass[i] * k * dy;
	p->z[i] -= p->inv_mass[i] * k * dz;
	p->x[j] += p->inv_mass[j] * k * dx;
	p->y[j] += p->inv_mass[j] * k * dy;
	p->z[j] += p->inv_mass[j] * k * dz;
	return 1;
}

/* The distinct buckets of the cells around particle i (at most 27). */
static int neighbour_buckets(const tt_world *w, int i, int *out)
{
	const tt_grid *g = &w->grid;
	const tt_particles *p = &w->particles;
	int32_t cx = cell_of(p->x[i], g->cell), cy = cell_of(p->y[i], g->cell),
		cz = cell_of(p->z[i], g->cell), dz = w->def.is_3d ? 1 : 0, n = 0;
	for (int32_t z = cz - dz; z <= cz + dz; z++)
		for (int32_t y = cy - 1; y <= cy + 1; y++)
			for (int32_t x = cx - 1; x <= cx + 1; x++) {
				int b = bucket(g, x, y, z), seen = 0;
				for (int k = 0; k < n; k++)
					seen |= out[k] == b;
				if (!seen)
					out[n++] = b;
			}
	return n;
}

/* Every colliding pair once: solved (solve) or written to pairs (up to
 * max). Returns the number of pairs. A heap of particles in one cell (a
 * rope reeled into a point) makes this quadratic: the pairs looked at
 * count against the time budget, which can end the visit. */
static int visit_pairs(tt_world *w, int solve, int32_t *pairs, int max)
{
	tt_particles *p = &w->particles;
	const tt_grid *g = &w->grid;
	int buckets[27], found = 0;
	long looked = 0;  /* pairs looked at for the last particle */
	for (int i = 0; i < p->count && !tt_budget_spend(w, looked); i++) {
		int nb = neighbour_buckets(w, i, buckets);
		looked = nb;
		for (int k = 0; k < nb; k++)
			for (int j = g->head[buckets[k]]; j >= 0;
			     j = g->next[j], looked++) {
				if (j <= i || !tt_collide_filter(p->group[i], p->mask[i],
								 p->group[j], p->mask[j]) ||
				    joined(g, i, j) || !separate(p, i, j, solve))
					continue;
				if (found < max)
					pairs[2 * found] = i, pairs[2 * found + 1] = j;
				found++;
			}
	}
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
	w->interrupted = 0;
	return visit_pairs(w, 0, pairs, max);
}
