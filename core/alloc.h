/* Private: the core's allocator hook and byte counter. */
#ifndef TT_ALLOC_H
#define TT_ALLOC_H

#include <stddef.h>

/// Allocate through the user's hook and count the bytes; NULL on failure.
void *tt_alloc(size_t size);
/// Release memory from tt_alloc; size must be the size it was given.
void tt_free(void *memory, size_t size);
/// Resize an array: keeps the first min(old, new) bytes and zeroes the
/// rest, so what a grown array holds never depends on the heap (a
/// deterministic world). NULL on failure (and the old block is kept).
void *tt_resize(void *memory, size_t old_size, size_t new_size);

/// Room for one more item in a growable array of item_size bytes (items
/// at *items, count used, *capacity held): doubles from first when full.
/// 0 when out of memory (the array is kept).
int tt_reserve(void **items, int count, int *capacity, size_t item_size,
	       int first);

#endif
