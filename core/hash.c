/* Particle-particle collision: candidate pairs from sorted cells, kept
 * over substeps (a Verlet list with a skin, as in molecular dynamics).
 *
 * Cells are as wide as the largest particle diameter plus the skin, so
 * two particles within the skin of touching are in the same or adjacent
 * cells. A build sorts the particles by cell (z, then y, then x, then
 * index; insertion sort from the last build's order, as particles move
 * little between builds) and walks them in that order: each meets the
 * later ones of its own cell and of the next one in its row, and those of
 * the three cells around it in the rows above (1 row in 2D, 4 in 3D), a
 * cursor per row moving only forward; so every pair of adjacent cells is
 * met once. Pairs farther than the skin from touching, pairs the
 * group/mask filter refuses, and pairs joined by a spring (self-collision
 * along a rope would fight its own rest length) are dropped; the rest,
 * sorted as brute force meets them (lower index, then higher), are the
 * candidates. They are kept while no particle has moved more than a share
 * of the skin from where the build saw it (checked each substep), and
 * rebuilt at each step's first substep: at any instant the candidates
 * that overlap are the pairs brute force finds, in its order, as long as
 * the solve's own moves within a substep stay inside the rest of the
 * skin. Each round of the solve walks them, testing distance where they
 * are now; an overlap is removed by moving both apart in inverse
 * proportion to their masses (a contact constraint with no compliance). */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

/* The pair search's steps, inlined into its loop (each is a few
 * operations a particle; as calls they were half its cost). */
#define HASH_INLINE static inline __attribute__((always_inline))

#define SKIN 0.25f   /* of the largest radius */
#define DRIFT 0.45f  /* of the skin */

/* An array to replace: where it is, its bytes now and to be. */
typedef struct slab {
	void **array;
	size_t old, fresh;
} slab;

/* Fresh room for every slab, all or none (0: nothing changed). */
static int regrow(slab *s, int n)
{
	void *fresh[8] = {NULL};
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
	size_t entry = sizeof(tt_grid_entry), item = sizeof(int32_t);
	size_t had = (size_t)g->capacity;
	size_t real = sizeof(float);
	slab s[] = {{(void **)&g->counts, (had + 1) * item, (size_t)(cap + 1) * item},
		    {(void **)&g->entries, had * entry, (size_t)cap * entry},
		    {(void **)&g->adj_start, (had + 1) * item, (size_t)(cap + 1) * item},
		    {(void **)&g->moved, had, (size_t)cap},
		    {(void **)&g->at, 3 * had * real, 3 * (size_t)cap * real}};
	if (!regrow(s, 5))
		return 0;
	g->capacity = cap;
	g->graph_step = 0;  /* the step's graph went with adj_start */
	g->sorted = -1;     /* and the order with the entries */
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

/* Room for n particles and s springs; 0 when out of memory. */
static int reserve(tt_grid *g, int n, int s)
{
	if ((!g->entries || n > g->capacity) &&
	    !grow_particles(g, larger(n > 16 ? n : 16, g->capacity)))
		return 0;
	if (2 * s > g->adj_capacity && !grow_graph(g, larger(2 * s, g->adj_capacity)))
		return 0;
	return 1;
}

/* Room for one more candidate pair (the ones found so far kept). */
static int reserve_pair(tt_grid *g)
{
	if (g->pair_count < g->pair_capacity)
		return 1;
	int cap = larger(64, g->pair_capacity);
	size_t item = 2 * sizeof(int32_t);
	int32_t *fresh = tt_alloc((size_t)cap * item);
	if (!fresh)
		return 0;
	if (g->pair_count > 0)
		memcpy(fresh, g->pairs, (size_t)g->pair_count * item);
	tt_free(g->pairs, (size_t)g->pair_capacity * item);
	g->pairs = fresh;
	g->pair_capacity = cap;
	return 1;
}

/* Room in spare for the pairs (its capacity follows theirs). */
static int reserve_spare(tt_grid *g)
{
	if (g->spare_capacity == g->pair_capacity)
		return 1;
	size_t item = 2 * sizeof(int32_t);
	int32_t *fresh = tt_alloc((size_t)g->pair_capacity * item);
	if (!fresh)
		return 0;
	tt_free(g->spare, (size_t)g->spare_capacity * item);
	g->spare = fresh;
	g->spare_capacity = g->pair_capacity;
	return 1;
}

static int before(const int32_t *a, const int32_t *b)
{
	return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]);
}

/* The candidates in the order brute force meets them, lower index first
 * then higher, so what the solve does depends neither on the cells nor
 * on when the list was built: counting sort by the lower, then
 * insertion by the higher within each (a particle has few). */
static int sort_pairs(tt_grid *g, int n)
{
	if (!reserve_spare(g))
		return 0;
	int32_t *count = g->counts, *in = g->pairs, *out = g->spare;
	memset(count, 0, (size_t)(n + 1) * sizeof *count);
	for (int k = 0; k < g->pair_count; k++)
		count[in[2 * k] + 1]++;
	for (int i = 0; i < n; i++)
		count[i + 1] += count[i];
	for (int k = 0; k < g->pair_count; k++) {
		int at = count[in[2 * k]]++;
		out[2 * at] = in[2 * k], out[2 * at + 1] = in[2 * k + 1];
	}
	for (int k = 1; k < g->pair_count; k++)
		for (int m = k; m > 0 && before(out + 2 * m, out + 2 * m - 2); m--) {
			int32_t lo = out[2 * m], hi = out[2 * m + 1];
			out[2 * m] = out[2 * m - 2], out[2 * m + 1] = out[2 * m - 1];
			out[2 * m - 2] = lo, out[2 * m - 1] = hi;
		}
	g->pairs = out, g->spare = in;
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

/* Is a after b in cell order: z, then y, then x, then particle (a
 * total order: whatever sorts by it gives the same array)? */
static int later(const tt_grid_entry *a, const tt_grid_entry *b)
{
	if (a->row != b->row)
		return a->row > b->row;
	if (a->cx != b->cx)
		return a->cx > b->cx;
	return a->particle > b->particle;
}

/* The row key of cells (y, z): |y| <= 1e9 + 1 < 2^31, so rows order by
 * z, then y. */
static int64_t row_of(int32_t y, int32_t z)
{
	return (int64_t)z * 4294967296LL + y;
}

/* Sift entry k of the heap e[0 .. n) down to its place. */
static void sift(tt_grid_entry *e, int k, int n)
{
	for (int c; (c = 2 * k + 1) < n; k = c) {
		if (c + 1 < n && later(&e[c + 1], &e[c]))
			c++;
		if (!later(&e[c], &e[k]))
			return;
		tt_grid_entry t = e[k];
		e[k] = e[c], e[c] = t;
	}
}

/* Heapsort: in place, n log n at worst. */
static void heapsort_cells(tt_grid_entry *e, int n)
{
	for (int k = n / 2 - 1; k >= 0; k--)
		sift(e, k, n);
	for (int end = n - 1; end > 0; end--) {
		tt_grid_entry t = e[0];
		e[0] = e[end], e[end] = t;
		sift(e, 0, end);
	}
}

/* Each entry's cell where its particle is now, and the entries in cell
 * order. They were in it at the last build and particles move little
 * between builds, so insertion sort from there is about one pass; when
 * it is not (a first build, a teleport), heapsort. */
static void sort_cells(tt_grid *g, const tt_particles *p, int is_3d)
{
	int n = p->count;
	tt_grid_entry *e = g->entries;
	for (int k = 0; k < n; k++) {  /* 2D: z is held at 0 */
		int i = g->sorted == n ? e[k].particle : k;  /* else a fresh order */
		int32_t cz = is_3d ? cell_of(p->z[i], g->cell) : 0;
		e[k] = (tt_grid_entry){row_of(cell_of(p->y[i], g->cell), cz),
				       cell_of(p->x[i], g->cell), i};
	}
	long moves = 0, most = 32L * n + 64;  /* heapsort's cost */
	for (int k = 1; k < n && moves <= most; k++) {
		tt_grid_entry t = e[k];
		int m = k;
		for (; m > 0 && later(&e[m - 1], &t); m--)
			e[m] = e[m - 1];
		e[m] = t;
		moves += k - m;
	}
	if (moves > most)
		heapsort_cells(e, n);
	g->sorted = n;
}

static int joined(const tt_grid *g, int i, int j)
{
	for (int k = g->adj_start[i]; k < g->adj_start[i + 1]; k++)
		if (g->adj[k] == j)
			return 1;
	return 0;
}

/* What the pair search reads, out of the world once: a pair test is a
 * few operations, and the loads of the arrays' addresses were a third of
 * them (a store of a pair may alias the world's counts). */
typedef struct search {
	tt_world *w;
	const tt_grid_entry *e;
	const float *x, *y, *z, *radius;
	float skin;
	int n;
} search;

/* Add i and j, within the skin of touching, as candidates unless the
 * filter or a spring parts them (with the world's particle collision
 * off, the hash runs for cloths' self-collision: two nodes of one such
 * cloth only). 0 when out of memory. */
static int admit(tt_world *w, int i, int j)
{
	const tt_particles *p = &w->particles;
	tt_grid *g = &w->grid;
	if (!tt_collide_filter(p->group[i], p->mask[i], p->group[j], p->mask[j]) ||
	    (g->cloth_only && !tt_cloth_self_pair(w, i, j)) || joined(g, i, j))
		return 1;
	if (!reserve_pair(g))
		return 0;
	g->pairs[2 * g->pair_count] = i < j ? i : j;
	g->pairs[2 * g->pair_count + 1] = i < j ? j : i;
	g->pair_count++;
	return 1;
}

/* i and j as candidates when they are within the skin of touching (most
 * looked at are not: the test is inline, admit is not); 0 when out of
 * memory. */
HASH_INLINE int candidate(const search *s, int i, int j)
{
	float dx = s->x[j] - s->x[i], dy = s->y[j] - s->y[i],
	      dz = s->z[j] - s->z[i], reach = s->radius[i] + s->radius[j] + s->skin;
	return dx * dx + dy * dy + dz * dz >= reach * reach || admit(s->w, i, j);
}

/* The rows of cells besides its own that a cell pairs with, as (dy, dz)
 * in row keys (row_of), each from x - 1 to x + 1: with the next cell of
 * its own row, half the neighbours (4 in 2D, 13 in 3D; the other half
 * pair with it from theirs). 1 row in 2D, 4 in 3D. */
static const int64_t rows[4] = {1, 4294967296LL - 1, 4294967296LL,
				4294967296LL + 1};

/* Does entry a come before cell x of row? */
HASH_INLINE int before_cell(const tt_grid_entry *a, int32_t x, int64_t row)
{
	return a->row != row ? a->row < row : a->cx < x;
}

/* Pair entry k with entries [m, ...) while they are in row up to cell x;
 * the entries looked at, or -1 when out of memory. */
HASH_INLINE int pair_run(const search *s, int k, int m, int32_t x,
			 int64_t row)
{
	const tt_grid_entry *e = s->e;
	int first = m;
	for (; m < s->n && e[m].row == row && e[m].cx <= x; m++)
		if (!candidate(s, e[k].particle, e[m].particle))
			return -1;
	return m - first;
}

/* Entry k's pairs: the later ones of its row up to the next cell, and
 * the three cells around it in each of the other rows, where a cursor
 * per row (the first entry not before x - 1 of it) only moves forward,
 * as the entries do. The entries looked at, or -1 when out of memory. */
HASH_INLINE int pair_entry(const search *s, int k, int count, int *cursor)
{
	const tt_grid_entry *e = s->e;
	int looked = pair_run(s, k, k + 1, e[k].cx + 1, e[k].row);
	for (int r = 0; r < count && looked >= 0; r++) {
		int64_t row = e[k].row + rows[r];
		int c = cursor[r];
		while (c < s->n && before_cell(&e[c], e[k].cx - 1, row))
			c++;
		int run = pair_run(s, k, c, e[k].cx + 1, row);
		looked = run < 0 ? -1 : looked + run + (c - cursor[r]);
		cursor[r] = c;
	}
	return looked;
}

/* The candidate pairs, walking the entries in cell order (pair_entry);
 * 0 when out of memory. A heap of particles in one cell (a rope reeled
 * into a point) makes this quadratic: the entries looked at count
 * against the time budget, which can end the search (the step then ends
 * too), polled every 64 entries. */
static int find_pairs(tt_world *w)
{
	const tt_particles *p = &w->particles;
	const search s = {w, w->grid.entries, p->x, p->y, p->z, p->radius,
			  w->grid.skin, p->count};
	int count = w->def.is_3d ? 4 : 1;
	int cursor[4] = {0, 0, 0, 0};
	long looked = 0;
	w->grid.pair_count = 0;
	for (int k = 0; k < s.n; k++) {
		if (k % 64 == 0 && tt_budget_spend(w, looked))
			break;
		looked = k % 64 == 0 ? 0 : looked;
		int seen = pair_entry(&s, k, count, cursor);
		if (seen < 0)
			return 0;
		looked += 1 + count + seen;
	}
	return 1;
}

/* The candidates: every pair within skin of touching, where each
 * particle is now (remembered in at); 0 when out of memory. */
static int build(tt_world *w, float skin)
{
	tt_grid *g = &w->grid;
	const tt_particles *p = &w->particles;
	g->listed = -1;
	g->builds++;
	if (!reserve(g, p->count, w->springs.count))
		return 0;
	spring_graph(w, p->count);
	float r = 0.0f;
	for (int i = 0; i < p->count; i++)  /* radii are finite: fmaxf's call */
		r = p->radius[i] > r ? p->radius[i] : r;  /* is not needed */
	g->skin = r > 0.0f ? skin * r : 0.0f;
	g->cell = fmaxf(2.0f * r + g->skin, 1e-4f);
	sort_cells(g, p, w->def.is_3d);
	int n = p->count;
	for (int i = 0; i < n; i++)
		g->at[i] = p->x[i], g->at[n + i] = p->y[i], g->at[2 * n + i] = p->z[i];
	if (!find_pairs(w) || !sort_pairs(g, n))
		return 0;
	g->listed = w->interrupted ? -1 : n;
	return 1;
}

/* Has any particle moved more than a share of the skin since the build?
 * Two that did not are no nearer by more than that share twice over (the
 * rest of the skin is the solve's own moves within the substep); a
 * position gone non-finite counts as moved. */
static int drifted(const tt_grid *g, const tt_particles *p)
{
	const float *ax = g->at, *ay = g->at + p->count, *az = g->at + 2 * p->count;
	const float most = DRIFT * g->skin, most2 = most * most;
	int far = 0;
	for (int i = 0; i < p->count; i++) {
		float dx = p->x[i] - ax[i], dy = p->y[i] - ay[i], dz = p->z[i] - az[i];
		far |= !(dx * dx + dy * dy + dz * dz <= most2);
	}
	return far;
}

int tt_grid_build(tt_world *w)
{
	tt_grid *g = &w->grid;
	uint64_t step = w->steps + 1;
	if (w->cuts.stepping && g->list_step == step &&
	    g->listed == w->particles.count && !drifted(g, &w->particles))
		return 1;
	g->list_step = w->cuts.stepping ? step : 0;
	return build(w, g->skin_share > 0.0f ? g->skin_share : SKIN);
}

void tt_grid_release(tt_grid *g)
{
	tt_free(g->counts, (size_t)(g->capacity + 1) * sizeof *g->counts);
	tt_free(g->entries, (size_t)g->capacity * sizeof *g->entries);
	tt_free(g->pairs, (size_t)g->pair_capacity * 2 * sizeof *g->pairs);
	tt_free(g->spare, (size_t)g->spare_capacity * 2 * sizeof *g->spare);
	tt_free(g->adj_start, (size_t)(g->capacity + 1) * sizeof *g->adj_start);
	tt_free(g->adj, (size_t)g->adj_capacity * sizeof *g->adj);
	tt_free(g->moved, (size_t)g->capacity);
	tt_free(g->at, 3 * (size_t)g->capacity * sizeof *g->at);
}

/* How far apart i and j are now, when they overlap; else -1. */
static inline float overlap(const tt_particles *p, int i, int j)
{
	float dx = p->x[j] - p->x[i], dy = p->y[j] - p->y[i],
	      dz = p->z[j] - p->z[i];
	float d = sqrtf(dx * dx + dy * dy + dz * dz);
	return d < p->radius[i] + p->radius[j] ? d : -1.0f;
}

/* Push i and j, overlapping at distance d, apart; 0 when neither can
 * move. */
static inline int separate(tt_particles *p, int i, int j, float d)
{
	float dx = p->x[j] - p->x[i], dy = p->y[j] - p->y[i],
	      dz = p->z[j] - p->z[i];
	float r = p->radius[i] + p->radius[j];
	float wsum = p->inv_mass[i] + p->inv_mass[j];
	if (d < 1e-9f || wsum == 0.0f)
		return 0;
	float k = (r - d) / (d * wsum);
	p->x[i] -= p->inv_mass[i] * k * dx;
	p->y[i] -= p->inv_mass[i] * k * dy;
	p->z[i] -= p->inv_mass[i] * k * dz;
	p->x[j] += p->inv_mass[j] * k * dx;
	p->y[j] += p->inv_mass[j] * k * dy;
	p->z[j] += p->inv_mass[j] * k * dz;
	return 1;
}

int tt_grid_solve(tt_world *w, uint8_t *moved)
{
	tt_particles *p = &w->particles;
	const int32_t *pair = w->grid.pairs;
	int separated = 0;
	if (moved)
		memset(moved, 0, (size_t)p->count);
	for (int k = 0; k < w->grid.pair_count; k++, pair += 2) {
		float d = overlap(p, pair[0], pair[1]);
		if (d < 0.0f || !separate(p, pair[0], pair[1], d))
			continue;
		separated++;
		if (moved) {
			w->grid.revisited += !moved[pair[0]] + !moved[pair[1]];
			moved[pair[0]] = moved[pair[1]] = 1;
		}
	}
	return separated;
}

/* Pairs come smaller index first. */
int tt_world_particle_pairs(tt_world_id id, int32_t *pairs, int max)
{
	tt_world *w = tt_world_get(id);
	if (w) {
		w->grid.cloth_only = 0;
		w->interrupted = 0;
		w->grid.list_step = 0;  /* the step's list is not this one */
	}
	if (!w || !build(w, 0.0f))
		return 0;
	const int32_t *pair = w->grid.pairs;
	int found = 0;
	for (int k = 0; k < w->grid.pair_count; k++, pair += 2) {
		int i = pair[0], j = pair[1];
		if (overlap(&w->particles, i, j) < 0.0f)
			continue;
		if (found < max)
			pairs[2 * found] = i < j ? i : j, pairs[2 * found + 1] = i < j ? j : i;
		found++;
	}
	return found;
}
