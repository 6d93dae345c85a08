/* Private: the core's allocator hook, byte counter and memory limits. */
#ifndef TT_ALLOC_H
#define TT_ALLOC_H

#include <stddef.h>
#include <stdint.h>

/* Accounts: 0 is no world's (the world structs themselves), slot s of the
 * world table is s + 1. */
#define TT_MAX_WORLDS 1024
#define TT_ACCOUNTS (TT_MAX_WORLDS + 1)

/// Allocate through the user's hook and count the bytes; NULL on failure
/// (out of memory, or a limit refused it: see tt_status_refine).
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

/// A world takes account index with this limit (its bytes start at 0).
void tt_account_open(int index, size_t limit);
/// The world is gone: its account forgets it.
void tt_account_close(int index);
/// Charge the allocations that follow to account index; returns the one
/// charged before.
int tt_account_use(int index);
/// on: what follows is a step's working memory (batches, the solver's
/// plan, the broad phase), charged to the account but not refused by its
/// limit: it grows with what the world already holds, which the limit
/// refused in time, so a world at its limit still steps. The total limit
/// still holds. Returns the setting before.
int tt_account_working(int on);
void tt_account_set_limit(int index, size_t limit);
/// Bytes charged to the account now (headers included).
size_t tt_account_bytes(int index);
/// Of those, the bytes of a step's working memory (tt_account_working).
size_t tt_account_working_bytes(int index);
/// How many allocations have failed so far (a step compares it before and
/// after to report that something went short).
uint64_t tt_alloc_failures(void);

#endif
