/* A soft body's rest shape, the resolution of its ids before each step,
 * and its constraints' place in the substep.
 *
 * The rest shape is kept about its centre (the mean of the nodes, which
 * all have the same mass) for shape matching; texture coordinates map its
 * bounding box to [0, 1]. Before each step every node id is resolved to
 * its dense index and each outline edge is checked: a node or an edge
 * spring gone (destroyed, cut, torn) makes the body torn, and a torn body
 * has no pressure. The owner table maps particles to bodies for the
 * contacts of the step; then particles caught deep in a body are freed
 * (softbody_untangle.c). */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

#define SOLID (1.0f / 3.0f)  /* of the rest area: a body, not a crumple */

/* Area of the polygon of n corners (x, y), counter-clockwise positive. */
float tt_softbody_polygon_area(const float *x, const float *y, int n)
{
	float a = 0.0f;
	for (int k = 0; k < n; k++) {
		int j = (k + 1) % n;
		a += x[k] * y[j] - x[j] * y[k];
	}
	return 0.5f * a;
}

/* The corners of cell k at positions (x, y) of the nodes (or of the rest
 * shape), the centre (cx, cy) standing for index -1; how many. */
int tt_softbody_cell_corners(const tt_softbody *b, int k, const float *x,
			     const float *y, float cx, float cy, float ox[4],
			     float oy[4])
{
	int n = 0;
	for (int c = 0; c < 4 && b->cells[4 * k + c] != -2; c++, n++) {
		int i = b->cells[4 * k + c];
		ox[n] = i < 0 ? cx : x[i];
		oy[n] = i < 0 ? cy : y[i];
	}
	return n;
}

/* Mean of the outline's rest nodes. */
static void outline_mean(const tt_softbody *b, float *mx, float *my)
{
	float sx = 0.0f, sy = 0.0f;
	for (int k = 0; k < b->outline_count; k++)
		sx += b->qx[b->outline[k]], sy += b->qy[b->outline[k]];
	*mx = sx / (float)b->outline_count;
	*my = sy / (float)b->outline_count;
}

static void rest_cells(tt_softbody *b)
{
	float mx, my, ox[4], oy[4];
	outline_mean(b, &mx, &my);
	for (int k = 0; k < b->cell_count; k++) {
		int n = tt_softbody_cell_corners(b, k, b->qx, b->qy, mx, my, ox, oy);
		b->cell_rest[k] = tt_softbody_polygon_area(ox, oy, n);
	}
}

static void rest_uvs(tt_softbody *b)
{
	float lx = b->qx[0], hx = lx, ly = b->qy[0], hy = ly;
	for (int k = 1; k < b->node_count; k++) {
		lx = fminf(lx, b->qx[k]), hx = fmaxf(hx, b->qx[k]);
		ly = fminf(ly, b->qy[k]), hy = fmaxf(hy, b->qy[k]);
	}
	for (int k = 0; k < b->node_count; k++) {
		b->u[k] = (b->qx[k] - lx) / fmaxf(hx - lx, 1e-9f);
		b->v[k] = (b->qy[k] - ly) / fmaxf(hy - ly, 1e-9f);
	}
}

/* qx, qy hold the laid-out positions: derive the rest shape from them. */
void tt_softbody_rest(tt_world *w, tt_softbody *b)
{
	float *x = b->gx, *y = b->gy, sx = 0.0f, sy = 0.0f, r2 = 0.0f;
	for (int k = 0; k < b->outline_count; k++)
		x[k] = b->qx[b->outline[k]], y[k] = b->qy[b->outline[k]];
	b->rest_area = tt_softbody_polygon_area(x, y, b->outline_count);
	rest_cells(b);
	rest_uvs(b);
	for (int k = 0; k < b->node_count; k++)
		sx += b->qx[k], sy += b->qy[k];
	sx /= (float)b->node_count, sy /= (float)b->node_count;
	for (int k = 0; k < b->node_count; k++) {
		b->qx[k] -= sx, b->qy[k] -= sy;
		r2 += b->qx[k] * b->qx[k] + b->qy[k] * b->qy[k];
	}
	b->rest_radius = sqrtf(r2 / (float)b->node_count);
	b->target_area = b->pressure * b->rest_area;
	b->pressing = b->pressure > 0.0f;
	tt_softbody_refresh(w, b);
	tt_softbody_find_parts(w, b);
}

static int spring_alive(const tt_world *w, tt_spring_id id)
{
	return tt_pool_find(&w->spring_pool, id.index1, id.generation) >= 0;
}

void tt_softbody_refresh(tt_world *w, tt_softbody *b)
{
	b->missing = 0;
	for (int k = 0; k < b->node_count; k++) {
		tt_particle_id id = b->nodes[k];
		b->dense[k] = tt_pool_find(&w->particle_pool, id.index1, id.generation);
		b->missing += b->dense[k] < 0;
	}
	b->torn = 0;
	int n = b->outline_count;
	for (int k = 0; k < n; k++)
		b->ring[k] = b->dense[b->outline[k]];
	for (int k = 0; k < n; k++) {
		b->edge_open[k] = b->ring[k] >= 0 && b->ring[(k + 1) % n] >= 0 &&
				  spring_alive(w, b->springs[b->edge_spring[k]]);
		b->torn |= !b->edge_open[k];
	}
}

/* Which cells stand (for drawing): every node there, every side spring;
 * a fan about the centre only while the outline is whole (the centre of
 * a torn ring's scattered nodes would fill the space between them). */
void tt_softbody_refresh_cells(tt_world *w, tt_softbody *b)
{
	for (int k = 0; k < b->cell_count; k++) {
		int open = 1;
		for (int c = 0; c < 4; c++) {
			int i = b->cells[4 * k + c], s = b->cell_sides[4 * k + c];
			open &= i == -2 || (i == -1 ? !b->torn : b->dense[i] >= 0);
			open &= s < 0 || spring_alive(w, b->springs[s]);
		}
		b->cell_open[k] = open;
	}
}

static int fill_owners(tt_world *w)
{
	tt_softbodies *s = &w->softbodies;
	int n = w->particles.count;
	if (n > s->owner_capacity) {
		int32_t *fresh = tt_alloc((size_t)n * sizeof *fresh);
		if (!fresh)
			return 0;
		tt_free(s->owner, (size_t)s->owner_capacity * sizeof *s->owner);
		s->owner = fresh;
		s->owner_capacity = n;
	}
	memset(s->owner, 0, (size_t)n * sizeof *s->owner);
	s->owned = 0;
	for (int k = 0; k < s->count; k++) {
		const tt_softbody *b = &s->items[k];
		for (int i = 0; i < b->node_count; i++)
			if (b->dense[i] >= 0) {
				s->owned += s->owner[b->dense[i]] == 0;
				s->owner[b->dense[i]] = k + 1;
			}
	}
	for (int k = 0; k < s->count; k++)
		s->owned += tt_softbody_own_pieces(w, k, s->owner);
	s->owner_count = n;
	return 1;
}

void tt_softbody_prepare(tt_world *w)
{
	tt_softbodies *s = &w->softbodies;
	if (s->count == 0) {
		s->owner_count = 0;
		return;
	}
	int passes = w->def.substeps * w->def.iterations;
	for (int k = 0; k < s->count; k++) {
		tt_softbody *b = &s->items[k];
		tt_softbody_refresh(w, b);
		tt_softbody_find_parts(w, b);
		b->solid = !b->torn &&
			   tt_softbody_outline_area(w, b) > SOLID * b->rest_area;
		tt_pressure_advance(w, b);
		b->shape_k = b->shape_matching >= 1.0f
				     ? 1.0f
				     : 1.0f - powf(1.0f - b->shape_matching,
						   1.0f / (float)passes);
	}
	if (!fill_owners(w))
		s->owner_count = 0;  /* contacts then treat nodes as loose */
	tt_softbody_untangle(w);
}

void tt_softbody_solve(tt_world *w, float h, int first)
{
	tt_softbodies *s = &w->softbodies;
	for (int k = 0; k < s->count; k++) {
		tt_softbody *b = &s->items[k];
		if (first)
			b->area_lambda = 0.0f;
		if (b->pressing)
			tt_pressure_solve(w, b, h);
		if (b->shape_k > 0.0f)
			tt_shape_match(w, b);
	}
}
