/* Collider poses swapped in and out for drawing between steps, as
 * tt_world_swap_positions does for particles (positions.c): the app keeps
 * each collider's pose before a step, blends it with the current one and
 * swaps the blend in while the frame is drawn, then the simulated pose
 * back, bit for bit. Only the definition's pose changes (what drawing and
 * scripts read); the poses the step moves the collider through are not
 * touched, and the core keeps nothing of it. */
#include "world.h"

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
