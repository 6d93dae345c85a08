/* Memory (STYLE 10): every byte the core takes it gives back, and all of
 * it passes through the allocator hook with matching sizes. */
#include <stdlib.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define NODES 1000

/* Build a 1000-particle rope, destroy every 7th particle and every 5th
 * remaining spring, step; the world is left for the caller to destroy. */
static tt_world_id churn(void)
{
	static tt_particle_id nodes[NODES];
	tt_world_id world = scene_world(8);
	scene_rope(world, (tt_vec3){0}, (tt_vec3){0.1f, 0.0f, 0.0f}, NODES - 1,
		   NULL, nodes);
	for (int k = 3; k < NODES; k += 7)
		CHECK(tt_particle_destroy(nodes[k]) == TT_OK);
	for (int k = tt_world_spring_count(world) - 1; k >= 0; k -= 5)
		CHECK(tt_spring_destroy(tt_world_spring_at(world, k)) == TT_OK);
	scene_steps(world, 10);
	return world;
}

void test_memory_baseline(void)
{
	size_t baseline = tt_bytes_allocated();
	tt_world_id world = churn();
	size_t held = tt_bytes_allocated() - baseline;
	CHECK(held > NODES * 9 * sizeof(float));
	CHECK(tt_world_destroy(world) == TT_OK);
	check_note("%zu bytes held by the world, %zu after", held,
		   tt_bytes_allocated() - baseline);
	CHECK(tt_bytes_allocated() == baseline);
}

/* Each block carries its size in front, so a free can be checked. */
typedef struct counter {
	size_t bytes;
	long allocs, frees, wrong_sizes;
} counter;

static void *count_alloc(size_t size, void *context)
{
	counter *c = context;
	size_t *block = malloc(sizeof(size_t) + size);
	if (!block)
		return NULL;
	*block = size;
	c->bytes += size;
	c->allocs++;
	return block + 1;
}

static void count_free(void *memory, size_t size, void *context)
{
	counter *c = context;
	size_t *block = (size_t *)memory - 1;
	c->wrong_sizes += *block != size;
	c->bytes -= *block;
	c->frees++;
	free(block);
}

void test_memory_allocator(void)
{
	counter c = {0};
	size_t baseline = tt_bytes_allocated();
	tt_set_allocator(count_alloc, count_free, &c);
	tt_world_id world = churn();
	CHECK(c.bytes == tt_bytes_allocated() - baseline);
	CHECK(tt_world_destroy(world) == TT_OK);
	tt_set_allocator(NULL, NULL, NULL);
	check_note("%ld allocations, %ld frees, %ld wrong sizes", c.allocs,
		   c.frees, c.wrong_sizes);
	CHECK(c.allocs > 0);
	CHECK(c.allocs == c.frees);
	CHECK(c.bytes == 0);
	CHECK(c.wrong_sizes == 0);
}
