/* Which rope a particle or spring belongs to, for tools that point at one
 * (the viewport's inspector). A linear search over the ropes' node and
 * segment lists: it runs on a click, never in the step. */
#include "world.h"

static tt_rope_id rope_id(tt_world_id world, const tt_world *w, int i)
{
	int32_t slot = w->ropes.items[i].slot;
	return (tt_rope_id){(uint32_t)slot + 1,
			    w->rope_pool.slots[slot].generation, world};
}

tt_rope_id tt_particle_rope(tt_particle_id particle, int *node)
{
	tt_world *w = tt_particle_valid(particle) ? tt_world_get(particle.world)
						  : NULL;
	for (int i = 0; w && i < w->ropes.count; i++) {
		const tt_rope *r = &w->ropes.items[i];
		for (int k = 0; k < r->count; k++)
			if (tt_particle_id_equal(r->nodes[k], particle)) {
				*node = k;
				return rope_id(particle.world, w, i);
			}
	}
	return (tt_rope_id){0};
}

tt_rope_id tt_spring_rope(tt_spring_id spring, int *segment)
{
	tt_world *w = tt_spring_valid(spring) ? tt_world_get(spring.world) : NULL;
	int i = w ? tt_rope_owner(w, spring, segment) : -1;
	return i < 0 ? (tt_rope_id){0} : rope_id(spring.world, w, i);
}
