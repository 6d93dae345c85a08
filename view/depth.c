/* Queued 3D drawing, painted far to near (the painter's algorithm; SDL's
 * renderers have no depth buffer, the software one included). Every shape
 * is a run of whole triangles with one depth, its middle's distance along
 * the view (a solid's face: its farthest corner, draw3d.c). A flush sorts the runs by depth, farthest first, ties in the
 * order they came (so a frame always draws the same way): a stable LSD
 * radix sort on the depth's bits, four passes of a byte, no allocation
 * and no comparisons. It copies their vertices in that order and hands
 * them to SDL_RenderGeometry in one call per stretch of the same texture.
 * Then the axis gizmo, when asked for, goes over it all. Memory runs out:
 * the shape is dropped, never the frame. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct run {
	uint32_t key;      /* the depth's bits, so that farther sorts first */
	int first, count;  /* vertices */
	SDL_Texture *texture;
} run;

struct tt_depth {
	SDL_Vertex *vertices, *sorted;
	int vertex_count, vertex_capacity, sorted_capacity;
	run *runs, *spare;  /* spare: the radix sort's other buffer */
	int run_count, run_capacity, spare_capacity;
	float *scratch;
	int scratch_capacity;
};

tt_depth *tt_depth_create(void)
{
	return calloc(1, sizeof(tt_depth));
}

void tt_depth_destroy(tt_depth *d)
{
	if (!d)
		return;
	free(d->vertices);
	free(d->sorted);
	free(d->runs);
	free(d->spare);
	free(d->scratch);
	free(d);
}

/* Room for n items of size bytes at *items (capacity *cap); 0 when the
 * array cannot grow. */
static int grow(void **items, int *cap, int n, size_t size)
{
	if (n <= *cap)
		return 1;
	int want = *cap ? *cap : 256;
	while (want < n && want < (1 << 28))
		want *= 2;
	void *p = want >= n ? realloc(*items, (size_t)want * size) : NULL;
	if (!p)
		return 0;
	*items = p;
	*cap = want;
	return 1;
}

/* An unsigned key that orders depths from far to near: IEEE floats
 * compare as sign-magnitude integers, so flip the negatives' bits and the
 * positives' sign, then invert it all for descending order. */
static uint32_t depth_key(float depth)
{
	uint32_t bits;
	memcpy(&bits, &depth, sizeof bits);
	bits = bits & 0x80000000u ? ~bits : bits | 0x80000000u;
	return ~bits;
}

SDL_Vertex *tt_depth_add(tt_view *view, int count, float depth,
			 SDL_Texture *texture)
{
	tt_depth *d = view->depth;
	if (!d || !grow((void **)&d->vertices, &d->vertex_capacity,
			d->vertex_count + count, sizeof(SDL_Vertex)) ||
	    !grow((void **)&d->runs, &d->run_capacity, d->run_count + 1,
		  sizeof(run)))
		return NULL;
	d->runs[d->run_count] = (run){depth_key(depth), d->vertex_count, count,
				      texture};
	d->run_count++;
	d->vertex_count += count;
	return d->vertices + d->vertex_count - count;
}

float *tt_depth_scratch(tt_view *view, int n)
{
	tt_depth *d = view->depth;
	if (!d || !grow((void **)&d->scratch, &d->scratch_capacity, n,
			sizeof(float)))
		return NULL;
	return d->scratch;
}

/* Sort the runs by key, stably, through the spare buffer. */
static void radix_sort(tt_depth *d)
{
	for (int shift = 0; shift < 32; shift += 8) {
		int count[257] = {0};
		for (int i = 0; i < d->run_count; i++)
			count[((d->runs[i].key >> shift) & 0xff) + 1]++;
		for (int b = 0; b < 256; b++)
			count[b + 1] += count[b];
		for (int i = 0; i < d->run_count; i++)
			d->spare[count[(d->runs[i].key >> shift) & 0xff]++] = d->runs[i];
		run *t = d->runs;
		d->runs = d->spare, d->spare = t;
		int c = d->run_capacity;
		d->run_capacity = d->spare_capacity, d->spare_capacity = c;
	}
}

/* Draw the sorted runs, one call per stretch of one texture. */
static void draw_sorted(tt_view *view, tt_depth *d)
{
	int n = 0;
	SDL_Texture *texture = d->run_count ? d->runs[0].texture : NULL;
	for (int i = 0; i <= d->run_count; i++) {
		const run *r = i < d->run_count ? &d->runs[i] : NULL;
		if (n > 0 && (!r || r->texture != texture)) {
			SDL_RenderGeometry(view->renderer, texture, d->sorted, n,
					   NULL, 0);
			n = 0;
		}
		if (!r)
			break;
		texture = r->texture;
		memcpy(d->sorted + n, d->vertices + r->first,
		       (size_t)r->count * sizeof(SDL_Vertex));
		n += r->count;
	}
}

void tt_view_flush(tt_view *view)
{
	tt_depth *d = view->depth;
	if (d && d->run_count > 0 &&
	    grow((void **)&d->sorted, &d->sorted_capacity, d->vertex_count,
		 sizeof(SDL_Vertex)) &&
	    grow((void **)&d->spare, &d->spare_capacity, d->run_count,
		 sizeof(run))) {
		radix_sort(d);
		draw_sorted(view, d);
	}
	if (d) {
		d->run_count = 0;
		d->vertex_count = 0;
	}
	if (view->gizmo)
		tt_view_draw_gizmo(view);
	view->gizmo = 0;
}
