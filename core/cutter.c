/* Cutters: blade points moved by a script or the mouse. Each remembers
 * where it was at the last step; at the start of the next step it cuts
 * everything the segment from there to where it is now crosses (a swept
 * test, so a blade moving 5 m in one step still cuts every rope on its
 * way), then starts the next sweep from there. Swept once per step, not
 * per substep: the springs are tested where they are at the step's start. */
#include <string.h>

#include "alloc.h"
#include "world.h"

static tt_cutter *lookup(tt_cutter_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	int i = w ? tt_pool_find(&w->cutter_pool, id.index1, id.generation) : -1;
	return i < 0 ? NULL : &w->cutters.items[i];
}

/// A blade at position; it cuts from the next step on.
tt_status tt_cutter_create(tt_world_id world, tt_vec3 position,
			   tt_cutter_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	if (!tt_vec3_finite(position))
		return TT_ERR_NOT_FINITE;
	tt_cutters *cutters = &w->cutters;
	int slot = tt_reserve((void **)&cutters->items, cutters->count,
			      &cutters->capacity, sizeof *cutters->items, 4)
			   ? tt_pool_take(&w->cutter_pool, cutters->count)
				    : -1;
	if (slot < 0)
		return TT_ERR_OUT_OF_MEMORY;
	cutters->items[cutters->count++] = (tt_cutter){slot, position, position, 0};
	*out = (tt_cutter_id){(uint32_t)slot + 1,
			      w->cutter_pool.slots[slot].generation, world};
	return TT_OK;
}

tt_status tt_cutter_destroy(tt_cutter_id id)
{
	tt_world *w;
	tt_cutter *c = lookup(id, &w);
	if (!c)
		return TT_ERR_CUTTER_STALE;
	tt_cutters *cutters = &w->cutters;
	tt_pool_remove_item(&w->cutter_pool, cutters->items, sizeof *c,
			    &cutters->count, (int)(c - cutters->items));
	return TT_OK;
}

int tt_cutter_valid(tt_cutter_id id)
{
	tt_world *w;
	return lookup(id, &w) != NULL;
}

tt_status tt_cutter_move(tt_cutter_id id, tt_vec3 position)
{
	tt_world *w;
	tt_cutter *c = lookup(id, &w);
	if (!c)
		return TT_ERR_CUTTER_STALE;
	if (!tt_vec3_finite(position))
		return TT_ERR_NOT_FINITE;
	c->to = position;
	return TT_OK;
}

tt_vec3 tt_cutter_get_position(tt_cutter_id id)
{
	tt_world *w;
	tt_cutter *c = lookup(id, &w);
	return c ? c->to : (tt_vec3){0};
}

int tt_cutter_cut_count(tt_cutter_id id)
{
	tt_world *w;
	tt_cutter *c = lookup(id, &w);
	return c ? c->cuts : 0;
}

void tt_cutter_advance(tt_world *w)
{
	for (int i = 0; i < w->cutters.count; i++) {
		tt_cutter *c = &w->cutters.items[i];
		if (memcmp(&c->from, &c->to, sizeof c->from) != 0)
			c->cuts += tt_cut_swipe(w, c->from, c->to, TT_CUT_SWIPE);
		c->from = c->to;
	}
}
