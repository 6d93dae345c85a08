/* Structure-of-arrays helpers (see columns.h). Every column holds 4-byte
 * elements, so one routine serves floats and int32 alike. */
#include <string.h>

#include "alloc.h"
#include "columns.h"

/* A column starts on a 64-byte line, so the solver's vectors of it never
 * straddle two (a straddling load or store costs two: a tile's
 * integration took 0.33 ns a particle so, 0.19 aligned): its block from
 * tt_alloc holds a line and a word more, and the word two before the
 * column says how far into the block it starts (a stray write to
 * element -1 does not reach it). */
#define LINE 64
#define LEAD 8  /* bytes at least before the column */

static void *column_alloc(size_t size)
{
	unsigned char *block = tt_alloc(size + LINE + LEAD);
	if (!block)
		return NULL;
	unsigned char *column = block + LEAD + LINE - (uintptr_t)(block + LEAD) % LINE;
	uint32_t lead = (uint32_t)(column - block);
	memcpy(column - LEAD, &lead, sizeof lead);
	return column;
}

static void column_free(void *column, size_t size)
{
	unsigned char *c = column;
	uint32_t lead;
	if (!c)
		return;
	memcpy(&lead, c - LEAD, sizeof lead);
	tt_free(c - lead, size + LINE + LEAD);
}

int tt_columns_resize(const tt_columns *c, int old_capacity, int capacity)
{
	void *fresh[TT_MAX_COLUMNS];
	size_t old_size = (size_t)old_capacity * 4, size = (size_t)capacity * 4;
	for (int i = 0; i < c->n; i++) {
		fresh[i] = size ? column_alloc(size) : NULL;
		if (size && !fresh[i]) {
			while (i-- > 0)
				column_free(fresh[i], size);
			return 0;
		}
	}
	size_t keep = old_size < size ? old_size : size;
	for (int i = 0; i < c->n; i++) {
		if (keep)
			memcpy(fresh[i], *c->column[i], keep);
		if (size > keep)  /* what a vector may read past the end is defined */
			memset((char *)fresh[i] + keep, 0, size - keep);
		column_free(*c->column[i], old_size);
		*c->column[i] = fresh[i];
	}
	return 1;
}

int tt_columns_reserve(const tt_columns *c, int count, int *capacity)
{
	if (count < *capacity)
		return 1;
	int grown = *capacity ? 2 * *capacity : 64;
	if (!tt_columns_resize(c, *capacity, grown))
		return 0;
	*capacity = grown;
	return 1;
}

void tt_columns_move(const tt_columns *c, int from, int to)
{
	for (int i = 0; i < c->n; i++) {
		uint32_t *col = *c->column[i];
		col[to] = col[from];
	}
}

void tt_columns_permute(const tt_columns *c, const int32_t *dest, int count,
			uint32_t *scratch)
{
	if (count == 0)
		return;
	for (int i = 0; i < c->n; i++) {
		uint32_t *col = *c->column[i];
		for (int k = 0; k < count; k++)
			scratch[dest[k]] = col[k];
		memcpy(col, scratch, (size_t)count * 4);
	}
}
