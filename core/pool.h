/* Private: stable slots behind dense arrays.
 *
 * An object lives at a dense index that changes when others are removed
 * (swap with the last); its slot does not. A slot maps to the dense index
 * and carries a generation that grows when the slot is freed, so an old id
 * no longer matches (sokol's slot + generation, checked in release too). */
#ifndef TT_POOL_H
#define TT_POOL_H

#include <stddef.h>
#include <stdint.h>

typedef struct tt_slot {
	int32_t dense;       /* -1 while free */
	uint32_t generation; /* starts at 1; 0 never names a live object */
	int32_t next_free;
} tt_slot;

typedef struct tt_pool {
	tt_slot *slots;
	int count, capacity;
	int free_head;       /* -1 when no freed slot waits */
} tt_pool;

void tt_pool_init(tt_pool *pool);
void tt_pool_release(tt_pool *pool);
/// Take a slot for an object at dense index; -1 when out of memory.
int tt_pool_take(tt_pool *pool, int32_t dense);
/// Give a slot back: its generation moves on, old ids turn stale.
void tt_pool_give(tt_pool *pool, int slot);
/// Remove item i of a dense array of item_size-byte items whose first
/// field is their int32 slot: the slot is given back, the last item moves
/// into the hole and its slot follows; *count drops by one.
void tt_pool_remove_item(tt_pool *pool, void *items, size_t item_size,
			 int *count, int i);
/// Dense index of a live object named by (index1, generation), else -1.
int tt_pool_find(const tt_pool *pool, uint32_t index1, uint32_t generation);

#endif
