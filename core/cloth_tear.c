/* Tearing a cloth: after each step, of its laid structural springs
 * stretched past max_strain, the few most stretched tear in the middle
 * (cut.c, cause "strain", under the world's floors), TEARS a step.
 *
 * The world's own tearing (tt_cut_tear: every spring past its limit, in
 * dense order, up to max_tears) shredded a flag in a 40 m/s gale into
 * 700 pieces within a second: the whole sheet was past the limit at
 * once, so it tore everywhere. Cloth does not tear like that: a tear
 * starts where the stress is highest and runs, since the threads at its
 * tip carry what the torn ones did. Taking the most stretched first,
 * a few a step, lets the tips run: the flag comes apart in a few pieces,
 * and once they are off the load on the rest drops. Shear and bend
 * springs never tear by strain (they go with the triangles they stand
 * on, cloth_state.c), nor do pieces of cut springs (stubs). */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

#define TEARS 3    /* springs a cloth may tear in a step */
#define OFFERS 16  /* the most stretched looked at, for when floors refuse */
#define TIP 0.5f   /* one at a tear tears at this share of the limit */

typedef struct candidate {
	float strain;
	int32_t spring;  /* in the cloth's list */
} candidate;

static float strain_of(const tt_world *w, int s)
{
	const tt_particles *p = &w->particles;
	int i = w->springs.a[s], j = w->springs.b[s];
	float dx = p->x[i] - p->x[j], dy = p->y[i] - p->y[j], dz = p->z[i] - p->z[j];
	float rest = w->springs.rest[s];
	return rest > 0.0f ? (sqrtf(dx * dx + dy * dy + dz * dz) - rest) / rest : 0.0f;
}

/* Put (strain, k) among the best n kept, most stretched first (ties: the
 * earlier spring). The world's floors refuse a tear that would leave a
 * node too light: the next ones down are tried then, or the same refused
 * few would be tried for ever. */
static void offer(candidate *best, int *n, float strain, int32_t k)
{
	if (*n == OFFERS && strain <= best[OFFERS - 1].strain)
		return;
	int at = *n < OFFERS ? (*n)++ : OFFERS - 1;
	while (at > 0 && strain > best[at - 1].strain) {
		best[at] = best[at - 1];
		at--;
	}
	best[at] = (candidate){strain, k};
}

/* Nodes at a tear: a corner of a triangle that no longer stands. */
static void mark_front(const tt_cloth *c, uint8_t *front)
{
	memset(front, 0, (size_t)c->laid);
	for (int t = 0; t < c->triangle_count; t++)
		if (!c->standing[t])
			for (int k = 0; k < 3; k++)
				front[c->tri[3 * t + k]] = 1;
}

static void tear_cloth(tt_world *w, const tt_cloth *c, uint8_t *front)
{
	candidate best[OFFERS];
	int n = 0, torn = 0;
	mark_front(c, front);
	for (int k = 0; k < c->laid_springs; k++) {
		if (c->spring_class[k] != TT_CLOTH_STRUCTURAL)
			continue;
		int s = tt_pool_find(&w->spring_pool, c->springs[k].index1,
				     c->springs[k].generation);
		float strain = s >= 0 ? strain_of(w, s) : 0.0f;
		int tip = front[c->ends[2 * k]] || front[c->ends[2 * k + 1]];
		float limit = tip ? TIP * c->max_strain : c->max_strain;
		if (strain > limit)
			offer(best, &n, strain / limit, k);
	}
	for (int k = 0; k < n && torn < TEARS; k++) {  /* one by one: a floor */
		w->cuts.count = 0;                      /* may refuse one */
		if (tt_cut_keep(&w->cuts, c->springs[best[k].spring], 0.5f))
			torn += tt_cut_kept(w, TT_CUT_STRAIN);
	}
}

void tt_cloth_tear(tt_world *w)
{
	for (int k = 0; k < w->cloths.count; k++) {
		const tt_cloth *c = &w->cloths.items[k];
		uint8_t *front = c->max_strain > 0.0f ? tt_alloc((size_t)c->laid) : NULL;
		if (front)
			tear_cloth(w, c, front);
		tt_free(front, front ? (size_t)c->laid : 0);
	}
}
