/* Contact events: after the step, each particle's contact of the last
 * substep is compared with the one it had after the step before, and a
 * change is a contact_end (of the old collider) and/or a contact_begin
 * (of the new one), with the point and normal. A particle is counted as
 * touching one collider: the first it met, in collider order. */
#include "world.h"

static tt_collider_id collider_of_slot(const tt_world *w, int32_t slot)
{
	return (tt_collider_id){(uint32_t)slot + 1,
				w->collider_pool.slots[slot].generation, w->id};
}

static void report(tt_world *w, tt_event_kind kind, int i, int32_t slot,
		   const tt_contact *c)
{
	tt_event e = {.kind = kind, .particle = tt_particle_id_at(w, i),
		      .collider = collider_of_slot(w, slot)};
	if (c) {
		e.point = c->point;
		e.normal = c->normal;
	} else {
		e.point = (tt_vec3){w->particles.x[i], w->particles.y[i],
				    w->particles.z[i]};
	}
	tt_event_push(w, &e);
}

/* Particle contacts come first in the list, in particle order; spring
 * contacts (speed NaN) follow and are not counted here. */
void tt_contact_events(tt_world *w)
{
	tt_particles *p = &w->particles;
	const tt_contacts *ct = &w->contacts;
	int k = 0;
	for (int i = 0; i < p->count; i++) {
		const tt_contact *c = NULL;
		while (k < ct->count && ct->motion[k].speed == ct->motion[k].speed &&
		       ct->items[k].particle <= i) {
			if (ct->items[k].particle == i && !c)
				c = &ct->items[k];
			k++;
		}
		int32_t now = c ? w->colliders.items[c->collider].slot + 1 : 0;
		if (now == p->touch[i])
			continue;
		if (p->touch[i])
			report(w, TT_EVENT_CONTACT_END, i, p->touch[i] - 1, NULL);
		if (now)
			report(w, TT_EVENT_CONTACT_BEGIN, i, now - 1, c);
		p->touch[i] = now;
	}
}

void tt_collider_end_step(tt_world *w)
{
	for (int i = 0; i < w->colliders.count; i++) {
		tt_collider *c = &w->colliders.items[i];
		c->from = c->to;
		c->has_target = 0;
	}
	tt_contact_events(w);
}
