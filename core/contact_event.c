/* Contact events. A particle touches the first collider it meets in a
 * step, in any substep (a hook that hits a ceiling and falls away within
 * the step still touched it). contact_begin is recorded when that first
 * contact happens, with its point and normal, unless the particle touched
 * the same collider in the step before; contact_end after the step, for
 * a collider touched the step before and not in this one. */
#include "world.h"

static tt_collider_id collider_of_slot(const tt_world *w, int32_t slot)
{
	return (tt_collider_id){(uint32_t)slot + 1,
				w->collider_pool.slots[slot].generation, w->id};
}

void tt_contact_touched(tt_world *w, const tt_contact *c)
{
	tt_particles *p = &w->particles;
	int i = c->particle;
	int32_t slot = w->colliders.items[c->collider].slot;
	if (p->hit[i])
		return;
	p->hit[i] = slot + 1;
	if (p->touch[i] == slot + 1)
		return;
	tt_event e = {.kind = TT_EVENT_CONTACT_BEGIN,
		      .particle = tt_particle_id_at(w, i),
		      .collider = collider_of_slot(w, slot),
		      .point = c->point, .normal = c->normal};
	tt_event_push(w, &e);
}

/* Without colliders nothing is hit: once no touch is left either, the
 * sweep over every particle (serial, at each step's end) is skipped. */
static void contact_events(tt_world *w)
{
	tt_particles *p = &w->particles;
	if (w->colliders.count == 0 && !p->touching)
		return;
	p->touching = 0;
	for (int i = 0; i < p->count; i++) {
		if (p->touch[i] && p->touch[i] != p->hit[i]) {
			tt_event e = {.kind = TT_EVENT_CONTACT_END,
				      .particle = tt_particle_id_at(w, i),
				      .collider = collider_of_slot(w, p->touch[i] - 1),
				      .point = {p->x[i], p->y[i], p->z[i]}};
			tt_event_push(w, &e);
		}
		p->touch[i] = p->hit[i];
		p->touching |= p->hit[i] != 0;
		p->hit[i] = 0;
	}
}

void tt_collider_end_step(tt_world *w)
{
	for (int i = 0; i < w->colliders.count; i++) {
		tt_collider *c = &w->colliders.items[i];
		c->from = c->to;
		c->from3 = c->to3;
		c->has_target = 0;
	}
	tt_frame_end_step(w);
	contact_events(w);
}
