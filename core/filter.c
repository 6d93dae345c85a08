/* A particle's collision filter: the categories it is in (group) and
 * those it collides with (mask), the same pair colliders carry, so one
 * rule (tt_collide_filter) decides particle-collider and particle-particle
 * contacts. Putting an object's particles in a category its mask leaves
 * out turns its self-collision off while it still meets others. */
#include "world.h"

static uint32_t *column(tt_particle_id id, int mask, int *i)
{
	tt_world *w = tt_world_get(id.world);
	*i = w ? tt_pool_find(&w->particle_pool, id.index1, id.generation) : -1;
	if (*i < 0)
		return NULL;
	return mask ? w->particles.mask : w->particles.group;
}

static uint32_t get(tt_particle_id id, int mask)
{
	int i;
	uint32_t *c = column(id, mask, &i);
	return c ? c[i] : 0;
}

static tt_status set(tt_particle_id id, int mask, uint32_t value)
{
	int i;
	uint32_t *c = column(id, mask, &i);
	if (!c)
		return TT_ERR_PARTICLE_STALE;
	c[i] = value;
	return TT_OK;
}

uint32_t tt_particle_get_group(tt_particle_id id)
{
	return get(id, 0);
}

tt_status tt_particle_set_group(tt_particle_id id, uint32_t group)
{
	return set(id, 0, group);
}

uint32_t tt_particle_get_mask(tt_particle_id id)
{
	return get(id, 1);
}

tt_status tt_particle_set_mask(tt_particle_id id, uint32_t mask)
{
	return set(id, 1, mask);
}
