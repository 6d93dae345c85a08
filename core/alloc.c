/* The allocator hook, the byte counter and the memory limits.
 *
 * Every core allocation goes through tt_alloc/tt_free with its size (as in
 * Box2D's b2Alloc/b2Free), so a test can prove a destroyed world gave back
 * every byte, and a host can route memory into its own allocator.
 *
 * Limits: each world has an account (its bytes and its max_bytes) and all
 * worlds together have one more limit, so a runaway tear or a script that
 * builds ropes without end gets a clear status instead of the machine's
 * memory. The account charged is the world the running call looked up
 * last (every public call finds its world through tt_world_get before it
 * allocates). Each block carries its account in a small header, so it is
 * given back to the account that paid for it whatever call frees it, and
 * an account reopened for a new world in the same slot (a new generation)
 * is never debited for an old world's block. */
#include <stdalign.h>
#include <stdint.h>
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

typedef struct account {
	size_t bytes, limit;
	size_t working;  /* of bytes, those of a step's working memory */
	uint32_t generation;
} account;

/* Before each block: whose it is, in a header as long as malloc's
 * alignment, so the block after it is as aligned as the allocator's own
 * (copied in and out: a user allocator may align less). */
typedef struct owner {
	uint32_t account, generation, working;
} owner;

#define HEADER (alignof(max_align_t) > sizeof(owner) ? alignof(max_align_t) \
						    : sizeof(owner))

static tt_alloc_fn *g_alloc = default_alloc;
static tt_free_fn *g_free = default_free;
static void *g_context;
static size_t g_bytes, g_limit = SIZE_MAX;
static account g_accounts[TT_ACCOUNTS] = {[0] = {0, SIZE_MAX, 0, 0}};
static int g_current;
static tt_status g_failure = TT_ERR_OUT_OF_MEMORY;
static int g_working;  /* a step's working memory: past the world's limit */
static uint64_t g_failures;

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

void tt_set_byte_limit(size_t limit)
{
	g_limit = limit ? limit : SIZE_MAX;
}

tt_status tt_status_refine(tt_status status)
{
	return status == TT_ERR_OUT_OF_MEMORY ? g_failure : status;
}

void tt_account_open(int index, size_t limit)
{
	account *a = &g_accounts[index];
	a->bytes = a->working = 0;
	a->limit = limit;
	a->generation++;
}

void tt_account_close(int index)
{
	g_accounts[index].generation++;
	g_accounts[index].bytes = g_accounts[index].working = 0;
	if (g_current == index)
		g_current = 0;
}

int tt_account_use(int index)
{
	int was = g_current;
	g_current = index;
	return was;
}

int tt_account_working(int on)
{
	int was = g_working;
	g_working = on;
	return was;
}

void tt_account_set_limit(int index, size_t limit)
{
	g_accounts[index].limit = limit;
}

size_t tt_account_bytes(int index)
{
	return g_accounts[index].bytes;
}

size_t tt_account_working_bytes(int index)
{
	return g_accounts[index].working;
}

uint64_t tt_alloc_failures(void)
{
	return g_failures;
}

/* Why a block of size bytes (header included) cannot be had from the
 * current account and the total: TT_OK when it can. */
static tt_status refusal(size_t size)
{
	const account *a = &g_accounts[g_current];
	if (!g_working && (size > a->limit || a->bytes > a->limit - size))
		return TT_ERR_MEMORY_LIMIT;
	if (size > g_limit || g_bytes > g_limit - size)
		return TT_ERR_TOTAL_MEMORY;
	return TT_OK;
}

void *tt_alloc(size_t size)
{
	size_t block = size + HEADER;
	tt_status why = block < size ? TT_ERR_MEMORY_LIMIT : refusal(block);
	char *h = why == TT_OK ? g_alloc(block, g_context) : NULL;
	if (!h) {
		g_failure = why == TT_OK ? TT_ERR_OUT_OF_MEMORY : why;
		g_failures++;
		return NULL;
	}
	account *a = &g_accounts[g_current];
	owner o = {(uint32_t)g_current, a->generation, (uint32_t)g_working};
	memcpy(h, &o, sizeof o);
	a->bytes += block;
	a->working += g_working ? block : 0;
	g_bytes += block;
	return h + HEADER;
}

void tt_free(void *memory, size_t size)
{
	if (!memory)
		return;
	char *h = (char *)memory - HEADER;
	owner o;
	memcpy(&o, h, sizeof o);
	size += HEADER;
	account *a = &g_accounts[o.account];
	if (a->generation == o.generation) {
		a->bytes -= size;
		a->working -= o.working ? size : 0;
	}
	g_free(h, size, g_context);
	g_bytes -= size;
}

int tt_reserve(void **items, int count, int *capacity, size_t item_size,
	       int first)
{
	if (count < *capacity)
		return 1;
	if (*capacity > INT32_MAX / 2)
		return 0;
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
