/* Positions of particles and poses of colliders swapped in and out in
 * bulk, for drawing between steps: the app keeps the previous step's
 * positions, blends them with the current ones and swaps the blend in
 * while the frame is drawn (so the debug view and a scene's draw read the
 * same drawn state), then swaps the simulated state back. A swap is an
 * exchange of floats, so two restore the world bit for bit; the core
 * itself keeps nothing of it. A collider's pose is swapped in its
 * definition only (what drawing and scripts read); the poses the step
 * moves it through are not touched. */
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

static void exchange_pose(tt_collider_def *def, tt_collider_pose *pose)
{
	tt_collider_pose kept = {def->position, def->angle, def->rotation};
	def->position = pose->position;
	def->angle = pose->angle;
	def->rotation = pose->rotation;
	*pose = kept;
}

tt_status tt_world_swap_collider_poses(tt_world_id world,
				       tt_collider_pose *poses, int count)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	int n = count < w->colliders.count ? count : w->colliders.count;
	for (int i = 0; i < n; i++)
		exchange_pose(&w->colliders.items[i].def, &poses[i]);
	return TT_OK;
}
