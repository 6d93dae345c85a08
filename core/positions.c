/* Positions in bulk: a world's particles in view order, or a rope's nodes
 * start to end, to and from flat arrays of dims floats a particle, so a
 * gameplay script reads and writes thousands in one call instead of one
 * call (and one id check) each. A write is a teleport per particle, as
 * tt_particle_set_position: position and history move together, the
 * velocity stays. Every value is checked before anything moves.
 *
 * Drawing between steps swaps positions in and out the same way: the app
 * keeps the previous step's positions, blends them with the current ones
 * and swaps the blend in while the frame is drawn (so the debug view and a
 * scene's draw read the same drawn state), then swaps the simulated state
 * back. A swap is an exchange of floats, so two restore the world bit for
 * bit; the core itself keeps nothing of it. */
#include <math.h>

#include "world.h"

static int all_finite(const float *v, int n)
{
	for (int k = 0; k < n; k++)
		if (!isfinite(v[k]))
			return 0;
	return 1;
}

static void get(const tt_particles *p, int i, float *out, int dims)
{
	out[0] = p->x[i];
	out[1] = p->y[i];
	if (dims == 3)
		out[2] = p->z[i];
}

/* z moves only in a 3D world (a 2D one holds it at 0). */
static void put(tt_world *w, int i, const float *in, int dims)
{
	tt_particles *p = &w->particles;
	p->x[i] = p->px[i] = in[0];
	p->y[i] = p->py[i] = in[1];
	if (dims == 3 && w->def.is_3d)
		p->z[i] = p->pz[i] = in[2];
}

static int node_index(const tt_world *w, const tt_rope *r, int k)
{
	tt_particle_id id = r->nodes[k];
	return tt_pool_find(&w->particle_pool, id.index1, id.generation);
}

int tt_world_get_positions(tt_world_id world, float *out, int dims, int max)
{
	tt_world *w = tt_world_get(world);
	if (!w || (dims != 2 && dims != 3))
		return 0;
	const tt_particles *p = &w->particles;
	for (int i = 0; i < p->count && i < max; i++)
		get(p, i, out + (size_t)i * dims, dims);
	return p->count;
}

tt_status tt_world_set_positions(tt_world_id world, const float *in, int dims,
				 int count)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	if ((dims != 2 && dims != 3) || count != w->particles.count)
		return TT_ERR_BUFFER_SIZE;
	if (!all_finite(in, count * dims))
		return TT_ERR_NOT_FINITE;
	for (int i = 0; i < count; i++)
		put(w, i, in + (size_t)i * dims, dims);
	return TT_OK;
}

int tt_rope_get_positions(tt_rope_id rope, float *out, int dims, int max)
{
	tt_world *w;
	const tt_rope *r = tt_rope_find(rope, &w);
	if (!r || (dims != 2 && dims != 3))
		return 0;
	for (int k = 0; k < r->count && k < max; k++) {
		int i = node_index(w, r, k);
		float *at = out + (size_t)k * dims;
		if (i >= 0)
			get(&w->particles, i, at, dims);
		else
			at[0] = at[1] = at[dims - 1] = NAN;
	}
	return r->count;
}

tt_status tt_rope_set_positions(tt_rope_id rope, const float *in, int dims,
				int count)
{
	tt_world *w;
	const tt_rope *r = tt_rope_find(rope, &w);
	if (!r)
		return TT_ERR_ROPE_STALE;
	if ((dims != 2 && dims != 3) || count != r->count)
		return TT_ERR_BUFFER_SIZE;
	if (!all_finite(in, count * dims))
		return TT_ERR_NOT_FINITE;
	for (int k = 0; k < count; k++)
		if (node_index(w, r, k) < 0)
			return TT_ERR_ROPE_BROKEN;
	for (int k = 0; k < count; k++)
		put(w, node_index(w, r, k), in + (size_t)k * dims, dims);
	return TT_OK;
}

static void exchange(float *a, float *b, int n)
{
	for (int i = 0; i < n; i++) {
		float t = a[i];
		a[i] = b[i];
		b[i] = t;
	}
}

tt_status tt_world_swap_positions(tt_world_id world, float *x, float *y,
				  float *z, int count)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	int n = count < w->particles.count ? count : w->particles.count;
	exchange(w->particles.x, x, n);
	exchange(w->particles.y, y, n);
	exchange(w->particles.z, z, n);
	return TT_OK;
}
