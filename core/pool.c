/* Slots with generations behind dense arrays (see pool.h). Freed slots are
 * reused last-freed first, which keeps ids deterministic for a given
 * sequence of calls. */
#include <string.h>

#include "pool.h"

#include "alloc.h"

void tt_pool_init(tt_pool *pool)
{
	pool->slots = NULL;
	pool->count = pool->capacity = 0;
	pool->free_head = -1;
}

void tt_pool_release(tt_pool *pool)
{
	tt_free(pool->slots, (size_t)pool->capacity * sizeof(tt_slot));
	tt_pool_init(pool);
}

static int grow(tt_pool *pool)
{
	int capacity = pool->capacity ? 2 * pool->capacity : 64;
	tt_slot *slots = tt_resize(pool->slots,
				   (size_t)pool->capacity * sizeof(tt_slot),
				   (size_t)capacity * sizeof(tt_slot));
	if (!slots)
		return 0;
	pool->slots = slots;
	pool->capacity = capacity;
	return 1;
}

int tt_pool_take(tt_pool *pool, int32_t dense)
{
	int slot = pool->free_head;
	if (slot >= 0) {
		pool->free_head = pool->slots[slot].next_free;
	} else {
		if (pool->count == pool->capacity && !grow(pool))
			return -1;
		slot = pool->count++;
		pool->slots[slot].generation = 1;
	}
	pool->slots[slot].dense = dense;
	pool->slots[slot].next_free = -1;
	return slot;
}

void tt_pool_give(tt_pool *pool, int slot)
{
	tt_slot *s = &pool->slots[slot];
	s->dense = -1;
	s->generation = s->generation == UINT32_MAX ? 1 : s->generation + 1;
	s->next_free = pool->free_head;
	pool->free_head = slot;
}

int tt_pool_find(const tt_pool *pool, uint32_t index1, uint32_t generation)
{
	if (index1 == 0 || index1 > (uint32_t)pool->count)
		return -1;
	const tt_slot *s = &pool->slots[index1 - 1];
	return s->generation == generation ? s->dense : -1;
}

void tt_pool_remove_item(tt_pool *pool, void *items, size_t item_size,
			 int *count, int i)
{
	char *base = items;
	int32_t slot, last = *count - 1;
	memcpy(&slot, base + (size_t)i * item_size, sizeof slot);
	tt_pool_give(pool, slot);
	if (i != last) {
		memcpy(base + (size_t)i * item_size, base + (size_t)last * item_size,
		       item_size);
		memcpy(&slot, base + (size_t)i * item_size, sizeof slot);
		pool->slots[slot].dense = i;
	}
	*count = last;
}
