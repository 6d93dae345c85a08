/* The ropes of a world in order, for scripts that list what a scene built
 * (taut export): ids made from a rope's dense index. */
#include "world.h"

tt_rope_id tt_rope_id_at(const tt_world *w, int index)
{
	int slot = w->ropes.items[index].slot;
	return (tt_rope_id){(uint32_t)slot + 1,
			    w->rope_pool.slots[slot].generation, w->id};
}

int tt_world_rope_count(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->ropes.count : 0;
}

tt_rope_id tt_world_rope_at(tt_world_id world, int index)
{
	tt_world *w = tt_world_get(world);
	if (!w || index < 0 || index >= w->ropes.count)
		return (tt_rope_id){0};
	return tt_rope_id_at(w, index);
}
