/* The allocator hook and byte counter.
 *
 * Every core allocation goes through tt_alloc/tt_free with its size (as in
 * Box2D's b2Alloc/b2Free), so a test can prove a destroyed world gave back
 * every byte, and a host can route memory into its own allocator. */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "taut.h"

static void *default_alloc(size_t size, void *context)
{
	(void)context;
	return malloc(size);
}

static void default_free(void *memory, size_t size, void *context)
{
	(void)size;
	(void)context;
	free(memory);
}

static tt_alloc_fn *g_alloc = default_alloc;
static tt_free_fn *g_free = default_free;
static void *g_context;
static size_t g_bytes;

void tt_set_allocator(tt_alloc_fn *alloc, tt_free_fn *release, void *context)
{
	g_alloc = alloc ? alloc : default_alloc;
	g_free = release ? release : default_free;
	g_context = context;
}

size_t tt_bytes_allocated(void)
{
	return g_bytes;
}

void *tt_alloc(size_t size)
{
	void *memory = g_alloc(size, g_context);
	if (memory)
		g_bytes += size;
	return memory;
}

void tt_free(void *memory, size_t size)
{
	if (!memory)
		return;
	g_free(memory, size, g_context);
	g_bytes -= size;
}

int tt_reserve(void **items, int count, int *capacity, size_t item_size,
	       int first)
{
	if (count < *capacity)
		return 1;
	int grown = *capacity ? 2 * *capacity : first;
	void *memory = tt_resize(*items, (size_t)*capacity * item_size,
				 (size_t)grown * item_size);
	if (!memory)
		return 0;
	*items = memory;
	*capacity = grown;
	return 1;
}

void *tt_resize(void *memory, size_t old_size, size_t new_size)
{
	void *grown = tt_alloc(new_size);
	if (!grown)
		return NULL;
	if (memory)
		memcpy(grown, memory, old_size < new_size ? old_size : new_size);
	if (new_size > old_size)  /* no array holds bytes never written */
		memset((char *)grown + old_size, 0, new_size - old_size);
	tt_free(memory, old_size);
	return grown;
}
