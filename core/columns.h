/* Private: structure-of-arrays storage. An object kind keeps each field in
 * its own array of 4-byte elements (float or int32), all of one capacity,
 * so the solver streams them. These helpers grow, free, move and permute
 * every column of a kind at once. */
#ifndef TT_COLUMNS_H
#define TT_COLUMNS_H

#include <stdint.h>

#define TT_MAX_COLUMNS 32

typedef struct tt_columns {
	void **column[TT_MAX_COLUMNS];  /* addresses of the owner's array pointers */
	int n;
} tt_columns;

/// Resize every column to capacity elements; all or nothing (0 on failure).
int tt_columns_resize(const tt_columns *c, int old_capacity, int capacity);
/// Room for one more element: doubles the capacity when count reaches it.
int tt_columns_reserve(const tt_columns *c, int count, int *capacity);
/// Copy element from to element to, in every column.
void tt_columns_move(const tt_columns *c, int from, int to);
/// Reorder: element i goes to place dest[i]; scratch holds count elements.
void tt_columns_permute(const tt_columns *c, const int32_t *dest, int count,
			uint32_t *scratch);

#endif
