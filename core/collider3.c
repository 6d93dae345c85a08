/* The 3D side of colliders: what a 3D definition must hold, the move to a
 * pose over the next step, and the geometry the viewport draws them from.
 * Creation, ids and the common checks are collider.c's. */
#include "vec3.h"
#include "world.h"

tt_status tt_collider3_check(tt_collider_def *def, tt_shape3 *shape)
{
	if (!tt_vec3_finite(def->spin))
		return TT_ERR_NOT_FINITE;
	tt_status status = tt_quat_normalize(def->rotation, &def->rotation);
	return status == TT_OK ? tt_shape3_make(def, shape) : status;
}

void tt_collider3_rest(tt_collider *c)
{
	c->from3 = c->to3 = c->prev3 = c->cur3 =
		tt_pose3_make(c->def.position, c->def.rotation);
}

tt_status tt_collider_move_to_3d(tt_collider_id id, tt_vec3 position,
				 tt_quat rotation)
{
	tt_world *w;
	int i = tt_collider_find(id, &w);
	if (i < 0)
		return TT_ERR_COLLIDER_STALE;
	if (!w->def.is_3d)
		return TT_ERR_NEEDS_3D;
	if (!tt_vec3_finite(position))
		return TT_ERR_NOT_FINITE;
	tt_quat q;
	tt_status status = tt_quat_normalize(rotation, &q);
	if (status != TT_OK)
		return status;
	tt_collider *c = &w->colliders.items[i];
	c->to3 = tt_pose3_make(position, q);
	c->def.position = position;
	c->def.rotation = q;
	c->has_target = 1;
	return TT_OK;
}

/* The hull's vertices carried to the world, with its triangles. */
static void hull_points(const tt_shape3 *s, const tt_pose3 *pose,
			tt_collider_shape3 *out)
{
	out->point_count = s->count;
	for (int k = 0; k < s->count; k++)
		out->points[k] = tt_pose3_to_world(pose, s->v[k]);
	out->triangle_count = s->triangle_count;
	for (int k = 0; k < s->triangle_count; k++)
		for (int e = 0; e < 3; e++)
			out->triangles[k][e] = s->tri[k][e];
}

tt_collider_shape3 tt_world_collider_shape3(tt_world_id world, int i)
{
	tt_world *w = tt_world_get(world);
	if (!w || !w->def.is_3d || i < 0 || i >= w->colliders.count)
		return (tt_collider_shape3){.kind = TT_SHAPE_KIND_COUNT};
	const tt_collider *c = &w->colliders.items[i];
	const tt_shape3 *s = &c->shape3;
	tt_pose3 pose = tt_pose3_make(c->def.position, c->def.rotation);
	tt_collider_shape3 out = {
		.kind = c->def.shape, .enabled = c->def.enabled,
		.center = c->def.position, .rotation = c->def.rotation,
		.radius = s->radius, .half_extents = s->half,
		.axis = tt_pose3_turn(&pose, v3(1.0f, 0.0f, 0.0f)),
		.normal = tt_pose3_turn(&pose, v3(0.0f, 1.0f, 0.0f))};
	if (s->kind == TT_SHAPE_CAPSULE && s->count == 2)
		out.half_length = s->v[1].x;
	out.offset = v3_dot(out.normal, c->def.position);
	if (s->triangle_count > 0)  /* a box or a hull */
		hull_points(s, &pose, &out);
	return out;
}
