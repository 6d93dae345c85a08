/* Particles pinned to a collider at a local offset: hair on a moving head,
 * a rope tied to a moving platform.
 *
 * A pinned particle has inverse mass 0, so the solver never moves it; here,
 * after each substep's integration, it is placed where its offset lies on
 * the collider's pose at the end of that substep. Its velocity, from the
 * substep's motion, is then the collider's there, and what hangs from it
 * follows smoothly, turning with the collider too. */
#include "world.h"

static int find_collider(tt_collider_id id, tt_world *w)
{
	return tt_world_id_equal(id.world, w->id)
		       ? tt_pool_find(&w->collider_pool, id.index1, id.generation)
		       : -1;
}

tt_status tt_particle_pin_to(tt_particle_id particle, tt_collider_id collider,
			     tt_vec3 local)
{
	tt_world *w;
	int i = tt_particle_find(particle, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	int c = find_collider(collider, w);
	if (c < 0)
		return tt_collider_valid(collider) ? TT_ERR_COLLIDER_OTHER_WORLD
						   : TT_ERR_COLLIDER_STALE;
	if (!tt_vec3_finite(local))
		return TT_ERR_NOT_FINITE;
	tt_status status = tt_particle_set_pinned(particle, 1);
	if (status != TT_OK)
		return status;
	tt_particles *p = &w->particles;
	w->particles.pinned_to += p->pin_slot[i] == 0;
	p->pin_slot[i] = w->colliders.items[c].slot + 1;
	p->pin_lx[i] = local.x;
	p->pin_ly[i] = local.y;
	return TT_OK;
}

tt_collider_id tt_particle_get_pin_collider(tt_particle_id particle)
{
	tt_world *w;
	int i = tt_particle_find(particle, &w);
	if (i < 0 || w->particles.pin_slot[i] == 0)
		return (tt_collider_id){0};
	int32_t slot = w->particles.pin_slot[i] - 1;
	return (tt_collider_id){(uint32_t)slot + 1,
				w->collider_pool.slots[slot].generation, w->id};
}

tt_vec3 tt_collider_to_local(tt_collider_id collider, tt_vec3 point)
{
	tt_world *w = tt_world_get(collider.world);
	int c = w ? find_collider(collider, w) : -1;
	if (c < 0)
		return (tt_vec3){0};
	const tt_collider_def *d = &w->colliders.items[c].def;
	tt_vec3 local = {0};
	tt_pose_to_local(tt_pose_make(d->position.x, d->position.y, d->angle),
			 point.x, point.y, &local.x, &local.y);
	return local;
}

void tt_collider_pins(tt_world *w, int k, int n)
{
	tt_particles *p = &w->particles;
	float t = (float)(k + 1) / (float)n;
	for (int i = 0; i < p->count; i++) {
		if (p->pin_slot[i] == 0)
			continue;
		int c = w->collider_pool.slots[p->pin_slot[i] - 1].dense;
		tt_pose pose = tt_collider_pose_at(&w->colliders.items[c], t);
		tt_pose_to_world(pose, p->pin_lx[i], p->pin_ly[i], &p->x[i],
				 &p->y[i]);
	}
}

void tt_collider_unpin_all(tt_world *w, int32_t slot)
{
	tt_particles *p = &w->particles;
	for (int i = 0; i < p->count; i++)
		if (p->pin_slot[i] == slot + 1) {
			p->pin_slot[i] = 0;
			p->pinned_to--;
		}
}
