/* Stacks: a rope node that a contact pushed passes the push on up the
 * rope's rods it left compressed.
 *
 * Contacts come after the springs and the chain solve, so when a rope
 * lands on its end the contact pushes its lowest node out alone: the rod
 * above is left shorter than its rest, the next substep's solve pushes
 * both ends apart (the lower one back into the floor, the upper one up),
 * and the contact again pushes the lower one out. Each substep gives back
 * only a share of what it stores, and what is left over when the rope has
 * stopped drives it up: a 2 m rope dropped upright from 3 m on a floor of
 * restitution 0 jumped 1.6 m. A rigid rod meeting the floor instead moves
 * as a whole, so here, after the contacts, each rod from a node that
 * touched a collider this step to one that did not, shorter than its
 * rest by more than SLACK of it, lengthens back by moving the far end,
 * and so on up the rope while rods stay short: the push reaches the top
 * of the rope in the same substep and nothing is stored. A rope lying on
 * the floor has no such rods (a push across a rod hardly shortens it),
 * and springs and tethers, which may be short, are left alone. */
#include <math.h>

#include "world.h"

#define SLACK 1e-5f

/* Lengthen the rod from a to b back to rest by moving b: 1 when it was
 * short and b could move. */
static int lengthen(tt_particles *p, int a, int b, float rest)
{
	float dx = p->x[b] - p->x[a], dy = p->y[b] - p->y[a], dz = p->z[b] - p->z[a];
	float len = sqrtf(dx * dx + dy * dy + dz * dz);
	if (!(len < rest * (1.0f - SLACK)) || !(len > 0.0f) ||
	    p->inv_mass[b] == 0.0f || p->hit[b])
		return 0;
	float k = (rest - len) / len;
	p->x[b] += k * dx;
	p->y[b] += k * dy;
	p->z[b] += k * dz;
	return 1;
}

/* From node k of a rope (dense nodes node, segments seg) toward step
 * (+1 or -1) while rods are short. */
static void walk(tt_world *w, const int32_t *node, const int32_t *seg,
		 int count, int k, int step)
{
	const tt_springs *s = &w->springs;
	for (int j = k; j + step >= 0 && j + step < count; j += step) {
		int rod = seg[step > 0 ? j : j - 1];
		if (s->kind[rod] != TT_SPRING_ROD ||
		    !lengthen(&w->particles, node[j], node[j + step], s->rest[rod]))
			return;
	}
}

void tt_contact_stack(tt_world *w)
{
	const int32_t *hit = w->particles.hit;
	for (int r = 0; r < w->ropes.count; r++) {
		const tt_rope *rope = &w->ropes.items[r];
		if (rope->dense_at < 0)
			continue;
		const int32_t *node = w->chain.i + rope->dense_at, *seg = node + rope->count;
		for (int k = 0; k < rope->count; k++) {
			if (!hit[node[k]])
				continue;
			walk(w, node, seg, rope->count, k, 1);
			walk(w, node, seg, rope->count, k, -1);
		}
	}
}
