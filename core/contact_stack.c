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
 * as a whole, so here, after the contacts, each rod from a node that a
 * contact of this substep pushed up (its normal within 60 degrees of
 * against gravity) up to the next node, shorter than its rest by more
 * than SLACK of it, lengthens back by moving that node (unless that would
 * stretch the rod on from it), and so on up the rope while rods stay
 * short: the push reaches the top of the rope in the same substep and
 * nothing is stored. A rope lying on the floor has no such rods (a push
 * across a rod hardly shortens it); springs and tethers, which may be
 * short, are left alone, and so is what hangs below a contact or is
 * pushed sideways (a strand rooted inside a head and pushed out of it
 * slowly, or a rope wound round a bar, was flung or left stretched when
 * every touching node was stacked). */
#include <string.h>

#include "alloc.h"
#include "vec3.h"
#include "world.h"

#define SLACK 1e-5f
#define STEEP 0.5f  /* cos 60 degrees */

static tt_vec3 at(const tt_particles *p, int a)
{
	return v3(p->x[a], p->y[a], p->z[a]);
}

/* Lengthen the rod from a up to b (against gravity) back to rest by
 * moving b, unless that
 * would stretch the rod on from b to c (c < 0: none; rest_on its rest):
 * 1 when it moved b. */
static int lengthen(tt_particles *p, int a, int b, int c, float rest,
		    float rest_on, tt_vec3 up)
{
	tt_vec3 d = v3_sub(at(p, b), at(p, a));
	float len = v3_length(d), rise = v3_dot(d, up);
	if (!(len < rest * (1.0f - SLACK)) || !(len > 0.0f) || !(rise > 0.0f) ||
	    p->inv_mass[b] == 0.0f)
		return 0;
	float k = (rest - len) / len;
	tt_vec3 q = v3(p->x[b] + k * d.x, p->y[b] + k * d.y, p->z[b] + k * d.z);
	if (c >= 0 && v3_length(v3_sub(q, at(p, c))) > rest_on)
		return 0;
	p->x[b] = q.x, p->y[b] = q.y, p->z[b] = q.z;
	return 1;
}

/* From node k of a rope (dense nodes node, segments seg) toward step
 * (+1 or -1) while rods are short. */
static void walk(tt_world *w, const int32_t *node, const int32_t *seg,
		 int count, int k, int step, tt_vec3 up)
{
	const tt_springs *s = &w->springs;
	for (int j = k; j + step >= 0 && j + step < count; j += step) {
		int rod = seg[step > 0 ? j : j - 1], far = j + 2 * step;
		int on = far >= 0 && far < count ? seg[step > 0 ? j + 1 : j - 2] : -1;
		int c = on >= 0 && s->kind[on] == TT_SPRING_ROD ? node[far] : -1;
		if (s->kind[rod] != TT_SPRING_ROD ||
		    !lengthen(&w->particles, node[j], node[j + step], c, s->rest[rod],
			      c >= 0 ? s->rest[on] : 0.0f, up))
			return;
	}
}

/* Mark (1) or unmark (0) the particles a contact of this substep pushed
 * up, within 60 degrees: 0 when there is no room for the marks. */
static int mark(tt_world *w, tt_vec3 up, uint8_t to)
{
	tt_contacts *ct = &w->contacts;
	int n = w->particles.count;
	if (n > ct->pushed_capacity) {
		uint8_t *room = tt_alloc((size_t)n);
		if (!room)
			return 0;
		memset(room, 0, (size_t)n);
		tt_free(ct->pushed_up, (size_t)ct->pushed_capacity);
		ct->pushed_up = room, ct->pushed_capacity = n;
	}
	for (int k = 0; k < ct->count; k++) {
		if (ct->motion[k].b1 == 0 && v3_dot(ct->items[k].normal, up) > STEEP)
			ct->pushed_up[ct->items[k].particle] = to;
	}
	return 1;
}

void tt_contact_stack(tt_world *w)
{
	tt_vec3 up;
	if (w->contacts.count == 0 || tt_contact_up(w, &up) == 0.0f)
		return;
	if (!mark(w, up, 1))
		return;
	const uint8_t *pushed = w->contacts.pushed_up;
	for (int r = 0; r < w->ropes.count; r++) {
		const tt_rope *rope = &w->ropes.items[r];
		if (rope->dense_at < 0)
			continue;
		const int32_t *node = w->chain.i + rope->dense_at, *seg = node + rope->count;
		for (int k = 0; k < rope->count; k++) {
			if (!pushed[node[k]])
				continue;
			walk(w, node, seg, rope->count, k, 1, up);
			walk(w, node, seg, rope->count, k, -1, up);
		}
	}
	mark(w, up, 0);
}
