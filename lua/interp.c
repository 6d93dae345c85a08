/* Drawing between steps: physics runs at its fixed step, a frame falls
 * anywhere between two steps, and drawing the last step as it is makes a
 * 144 Hz window show a 60 Hz world in jerks. So before each step the
 * positions are kept here, and a frame draws them blended towards the
 * current ones by the accumulator's fraction (the frame lags by at most
 * one step, as in "Fix your timestep!", G. Fiedler).
 *
 * The blend is swapped into the world's own arrays for the frame
 * (tt_world_swap_positions) and swapped back after it, so the debug view,
 * the scene's draw (p.position, rope nodes, queries) and anything else
 * that reads positions while drawing see one drawn state, and everything
 * outside drawing sees the simulated one, restored bit for bit. A
 * particle is blended only if the one at its index is the one kept there
 * (by id): cuts append, removals swap, and a new or moved particle is
 * drawn where it is. Cost: three float copies per particle per step and a
 * blend and two swaps per frame. */
#include <stdlib.h>
#include <string.h>

#include "interp.h"

struct tt_interp {
	int count, capacity;   /* kept particles, then room */
	float *kept[3];        /* x, y, z before the last step */
	float *drawn[3];       /* the blend, swapped with the world's */
	tt_particle_id *ids;
	tt_world_id world;
	int swapped;           /* particles swapped in */
};

tt_interp *tt_interp_create(void)
{
	return calloc(1, sizeof(tt_interp));
}

void tt_interp_destroy(tt_interp *in)
{
	if (!in)
		return;
	for (int k = 0; k < 3; k++) {
		free(in->kept[k]);
		free(in->drawn[k]);
	}
	free(in->ids);
	free(in);
}

void tt_interp_forget(tt_interp *in)
{
	in->count = 0;
}

static int reserve(tt_interp *in, int n)
{
	if (n <= in->capacity)
		return 1;
	int ok = 1;
	for (int k = 0; k < 6; k++) {
		float **a = k < 3 ? &in->kept[k] : &in->drawn[k - 3];
		float *grown = realloc(*a, (size_t)n * sizeof **a);
		*a = grown ? grown : *a;  /* the old block stays ours */
		ok = ok && grown;
	}
	tt_particle_id *ids = realloc(in->ids, (size_t)n * sizeof *ids);
	in->ids = ids ? ids : in->ids;
	if (!ok || !ids)
		return 0;
	in->capacity = n;
	return 1;
}

void tt_interp_save(tt_interp *in, tt_world_id world)
{
	tt_particle_view p = tt_world_particles(world);
	in->count = 0;
	if (p.count == 0 || !reserve(in, p.count))
		return;  /* no memory: the next frames draw the steps as they are */
	memcpy(in->kept[0], p.x, (size_t)p.count * sizeof(float));
	memcpy(in->kept[1], p.y, (size_t)p.count * sizeof(float));
	memcpy(in->kept[2], p.z, (size_t)p.count * sizeof(float));
	for (int i = 0; i < p.count; i++)
		in->ids[i] = tt_world_particle_at(world, i);
	in->count = p.count;
	in->world = world;
}

/* Kept value a of a particle now at b, fraction t of the way: exactly b at
 * t = 1. */
static float blend(float a, float b, float t)
{
	return b - (b - a) * (1.0f - t);
}

int tt_interp_begin(tt_interp *in, tt_world_id world, float fraction)
{
	tt_particle_view p = tt_world_particles(world);
	int n = in->count < p.count ? in->count : p.count;
	if (!(fraction < 1.0f) || n == 0 || !tt_world_id_equal(world, in->world))
		return 0;
	fraction = fraction > 0.0f ? fraction : 0.0f;
	const float *now[3] = {p.x, p.y, p.z};
	for (int i = 0; i < n; i++) {
		int same = tt_particle_id_equal(in->ids[i],
						tt_world_particle_at(world, i));
		for (int k = 0; k < 3; k++)
			in->drawn[k][i] = same ? blend(in->kept[k][i], now[k][i],
						       fraction)
					       : now[k][i];
	}
	in->swapped = n;
	tt_world_swap_positions(world, in->drawn[0], in->drawn[1], in->drawn[2], n);
	return 1;
}

void tt_interp_end(tt_interp *in, tt_world_id world)
{
	if (!in->swapped)
		return;
	tt_world_swap_positions(world, in->drawn[0], in->drawn[1], in->drawn[2],
				in->swapped);
	in->swapped = 0;
}
