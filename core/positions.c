/* Positions swapped in and out in bulk, for drawing between steps: the app
 * keeps the previous step's positions, blends them with the current ones
 * and swaps the blend in while the frame is drawn (so the debug view and a
 * scene's draw read the same drawn state), then swaps the simulated state
 * back. A swap is an exchange of floats, so two restore the world bit for
 * bit; the core itself keeps nothing of it. */
#include "world.h"

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
