/* Frames: kinematic transforms with no shape (see frame.h), in a small
 * dense array behind stable ids, removed by swapping the last one in.
 *
 * Like a collider, a frame goes from its pose `from` to `to` through each
 * step; `cur` is its pose at the end of the current substep, set before
 * the pinned particles are placed on it (collider_pin.c). */
#include "alloc.h"
#include "vec3.h"
#include "world.h"

tt_frame_def tt_frame_def_default(void)
{
	return (tt_frame_def){.rotation = {1.0f, 0.0f, 0.0f, 0.0f}};
}

static int lookup(tt_frame_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	return w ? tt_pool_find(&w->frame_pool, id.index1, id.generation) : -1;
}

int tt_frame_find(tt_frame_id id, tt_world **out)
{
	return lookup(id, out);
}

static tt_status check(const tt_frame_def *def, tt_pose3 *pose)
{
	tt_quat q;
	if (!tt_vec3_finite(def->position))
		return TT_ERR_NOT_FINITE;
	tt_status status = tt_quat_normalize(def->rotation, &q);
	if (status == TT_OK)
		*pose = tt_pose3_make(def->position, q);
	return status;
}

static int reserve(tt_frames *fs)
{
	if (fs->count < fs->capacity)
		return 1;
	int capacity = fs->capacity ? 2 * fs->capacity : 8;
	tt_frame *items = tt_resize(fs->items, (size_t)fs->capacity * sizeof *items,
				    (size_t)capacity * sizeof *items);
	if (!items)
		return 0;
	fs->items = items;
	fs->capacity = capacity;
	return 1;
}

tt_frame_id tt_world_frame_at(tt_world_id world, int i)
{
	tt_world *w = tt_world_get(world);
	if (!w || i < 0 || i >= w->frames.count)
		return (tt_frame_id){0};
	int slot = w->frames.items[i].slot;
	return (tt_frame_id){(uint32_t)slot + 1,
			     w->frame_pool.slots[slot].generation, world};
}

int tt_world_frame_count(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->frames.count : 0;
}

tt_status tt_frame_create(tt_world_id world, const tt_frame_def *def,
			  tt_frame_id *out)
{
	tt_world *w = tt_world_get(world);
	tt_pose3 pose;
	if (!w)
		return TT_ERR_WORLD_STALE;
	if (!w->def.is_3d)
		return TT_ERR_NEEDS_3D;
	tt_status status = check(def, &pose);
	if (status != TT_OK)
		return status;
	if (!reserve(&w->frames))
		return TT_ERR_OUT_OF_MEMORY;
	int slot = tt_pool_take(&w->frame_pool, w->frames.count);
	if (slot < 0)
		return TT_ERR_OUT_OF_MEMORY;
	w->frames.items[w->frames.count++] = (tt_frame){slot, pose, pose, pose};
	*out = tt_world_frame_at(world, w->frames.count - 1);
	return TT_OK;
}

tt_status tt_frame_destroy(tt_frame_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_FRAME_STALE;
	tt_frame_unpin_all(w, w->frames.items[i].slot);
	tt_pool_remove_item(&w->frame_pool, w->frames.items, sizeof(tt_frame),
			    &w->frames.count, i);
	return TT_OK;
}

int tt_frame_valid(tt_frame_id id)
{
	tt_world *w;
	return lookup(id, &w) >= 0;
}

tt_frame_def tt_frame_get_def(tt_frame_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return (tt_frame_def){0};
	const tt_pose3 *to = &w->frames.items[i].to;
	return (tt_frame_def){to->p, to->q};
}

tt_status tt_frame_set_def(tt_frame_id id, const tt_frame_def *def)
{
	tt_world *w;
	tt_pose3 pose;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_FRAME_STALE;
	tt_status status = check(def, &pose);
	if (status == TT_OK) {
		tt_frame *f = &w->frames.items[i];
		f->from = f->to = f->cur = pose;
	}
	return status;
}

tt_status tt_frame_move_to(tt_frame_id id, tt_vec3 position, tt_quat rotation)
{
	tt_world *w;
	tt_pose3 pose;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_FRAME_STALE;
	tt_status status = check(&(tt_frame_def){position, rotation}, &pose);
	if (status == TT_OK)
		w->frames.items[i].to = pose;
	return status;
}

tt_vec3 tt_frame_to_world(tt_frame_id id, tt_vec3 l)
{
	return tt_frame_point_at(id, l, 1.0f);
}

tt_vec3 tt_frame_to_local(tt_frame_id id, tt_vec3 point)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i < 0 ? (tt_vec3){0}
		     : tt_pose3_to_local(&w->frames.items[i].to, point);
}

tt_vec3 tt_frame_point_at(tt_frame_id id, tt_vec3 l, float t)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return (tt_vec3){0};
	const tt_frame *f = &w->frames.items[i];
	t = t > 0.0f ? fminf(t, 1.0f) : 0.0f;  /* NaN too */
	tt_pose3 pose = tt_pose3_lerp(&f->from, &f->to, t);
	return tt_pose3_to_world(&pose, l);
}

void tt_frame_substep(tt_world *w, int k, int n)
{
	for (int i = 0; i < w->frames.count; i++) {
		tt_frame *f = &w->frames.items[i];
		f->cur = tt_pose3_lerp(&f->from, &f->to, (float)(k + 1) / (float)n);
	}
}

const tt_pose3 *tt_frame_pose(const tt_world *w, int32_t slot)
{
	return &w->frames.items[w->frame_pool.slots[slot].dense].cur;
}

void tt_frame_end_step(tt_world *w)
{
	for (int i = 0; i < w->frames.count; i++) {
		tt_frame *f = &w->frames.items[i];
		f->from = f->cur = f->to;
	}
}

void tt_frame_release_all(tt_world *w)
{
	tt_free(w->frames.items, (size_t)w->frames.capacity * sizeof(tt_frame));
	tt_pool_release(&w->frame_pool);
}
