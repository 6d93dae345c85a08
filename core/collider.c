/* Colliders: a small array of structs behind stable ids (few colliders,
 * each read whole by the contact stage), swap-removed like particles.
 *
 * Motion is kinematic: each step a collider goes from its pose `from` to
 * its pose `to` (from + velocity dt, or a move_to target), interpolated
 * per substep, so a contact sees how far the surface moved under it and
 * friction can carry what rests there. */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

tt_collider_def tt_collider_def_default(void)
{
	return (tt_collider_def){
		.shape = TT_SHAPE_BOX,
		.radius = 0.5f,
		.size = {1.0f, 1.0f, 1.0f},
		.friction = 0.5f,
		.kinetic_friction = -1.0f,
		.enabled = 1,
		.group = 1,
		.mask = UINT32_MAX,
		.rotation = {1.0f, 0.0f, 0.0f, 0.0f},
	};
}

static int lookup(tt_collider_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	return w ? tt_pool_find(&w->collider_pool, id.index1, id.generation) : -1;
}

int tt_collider_find(tt_collider_id id, tt_world **out)
{
	return lookup(id, out);
}

static int unit_range(float v)
{
	return v >= 0.0f && v <= 1.0f;
}

/* Check def and build its shape (a 3D one in a 3D world); the kinetic
 * friction defaults to the static one (negative means "same"). */
static tt_status check_def(int is_3d, tt_collider_def *def, tt_collider *c)
{
	if ((unsigned)def->shape >= TT_SHAPE_KIND_COUNT)
		return TT_ERR_SHAPE;
	if (!tt_vec3_finite(def->position) || !isfinite(def->angle) ||
	    !tt_vec3_finite(def->velocity) || !isfinite(def->angular_velocity))
		return TT_ERR_NOT_FINITE;
	if (def->kinetic_friction < 0.0f)
		def->kinetic_friction = def->friction;
	if (!(def->friction >= 0.0f) || !isfinite(def->friction) ||
	    !(def->kinetic_friction >= 0.0f) || !isfinite(def->kinetic_friction))
		return TT_ERR_FRICTION;
	if (!unit_range(def->restitution))
		return TT_ERR_RESTITUTION;
	if (is_3d)
		return tt_collider3_check(def, &c->shape3);
	if (def->shape == TT_SHAPE_SPHERE || def->shape == TT_SHAPE_HULL)
		return TT_ERR_SHAPE_3D;
	return tt_shape_make(def, &c->shape);
}

/* Its pose now, as the start and end of a step that has not begun. */
static void rest_at(int is_3d, tt_collider *c)
{
	c->from = c->to = c->prev = c->cur =
		tt_pose_make(c->def.position.x, c->def.position.y, c->def.angle);
	if (is_3d)
		tt_collider3_rest(c);
	c->has_target = 0;
}

static int reserve(tt_colliders *cs)
{
	if (cs->count < cs->capacity)
		return 1;
	int capacity = cs->capacity ? 2 * cs->capacity : 16;
	tt_collider *items = tt_resize(cs->items,
				       (size_t)cs->capacity * sizeof *items,
				       (size_t)capacity * sizeof *items);
	if (!items)
		return 0;
	cs->items = items;
	cs->capacity = capacity;
	return 1;
}

tt_collider_id tt_world_collider_at(tt_world_id world, int i)
{
	tt_world *w = tt_world_get(world);
	if (!w || i < 0 || i >= w->colliders.count)
		return (tt_collider_id){0};
	int slot = w->colliders.items[i].slot;
	return (tt_collider_id){(uint32_t)slot + 1,
				w->collider_pool.slots[slot].generation, world};
}

tt_status tt_collider_create(tt_world_id world, const tt_collider_def *def,
			     tt_collider_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	tt_collider c = {.def = *def};
	tt_status status = check_def(w->def.is_3d, &c.def, &c);
	if (status != TT_OK)
		return status;
	tt_colliders *cs = &w->colliders;
	if (!reserve(cs))
		return TT_ERR_OUT_OF_MEMORY;
	c.slot = tt_pool_take(&w->collider_pool, cs->count);
	if (c.slot < 0)
		return TT_ERR_OUT_OF_MEMORY;
	if (!w->def.is_3d)
		c.def.position.z = c.def.velocity.z = 0.0f;
	rest_at(w->def.is_3d, &c);
	cs->items[cs->count++] = c;
	*out = tt_world_collider_at(world, cs->count - 1);
	return TT_OK;
}

/* Particles that touched the collider at slot forget it (no end event
 * can name a destroyed collider). */
static void forget_touches(tt_world *w, int32_t slot)
{
	tt_particles *p = &w->particles;
	for (int i = 0; i < p->count; i++) {
		if (p->touch[i] == slot + 1)
			p->touch[i] = 0;
		if (p->hit[i] == slot + 1)
			p->hit[i] = 0;
	}
}

tt_status tt_collider_destroy(tt_collider_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_COLLIDER_STALE;
	tt_colliders *cs = &w->colliders;
	forget_touches(w, cs->items[i].slot);
	tt_collider_unpin_all(w, cs->items[i].slot);
	tt_pool_give(&w->collider_pool, cs->items[i].slot);
	cs->items[i] = cs->items[--cs->count];
	if (i < cs->count)
		w->collider_pool.slots[cs->items[i].slot].dense = i;
	w->contacts.count = 0;  /* they name colliders by dense index */
	return TT_OK;
}

int tt_collider_valid(tt_collider_id id)
{
	tt_world *w;
	return lookup(id, &w) >= 0;
}

int tt_collider_index(tt_collider_id id)
{
	tt_world *w;
	return lookup(id, &w);
}

tt_collider_def tt_collider_get_def(tt_collider_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i < 0 ? (tt_collider_def){0} : w->colliders.items[i].def;
}

tt_status tt_collider_set_def(tt_collider_id id, const tt_collider_def *def)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_COLLIDER_STALE;
	tt_collider *c = &w->colliders.items[i];
	tt_collider next = *c;
	next.def = *def;
	next.def.shape = c->def.shape;
	int is_3d = w->def.is_3d;
	tt_status status = check_def(is_3d, &next.def, &next);
	if (status != TT_OK)
		return status;
	if (!is_3d)
		next.def.position.z = next.def.velocity.z = 0.0f;
	int moved = memcmp(&next.def.position, &c->def.position,
			   sizeof(tt_vec3)) != 0 || next.def.angle != c->def.angle ||
		    (is_3d && memcmp(&next.def.rotation, &c->def.rotation,
				     sizeof(tt_quat)) != 0);
	*c = next;
	if (moved)
		rest_at(is_3d, c);
	return TT_OK;
}

tt_status tt_collider_move_to(tt_collider_id id, tt_vec3 position, float angle)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_COLLIDER_STALE;
	if (w->def.is_3d)
		return TT_ERR_ANGLE_3D;
	if (!tt_vec3_finite(position) || !isfinite(angle))
		return TT_ERR_NOT_FINITE;
	tt_collider *c = &w->colliders.items[i];
	c->to = tt_pose_make(position.x, position.y, angle);
	c->def.position = position;
	c->def.angle = angle;
	c->has_target = 1;
	return TT_OK;
}

int tt_world_collider_count(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->colliders.count : 0;
}

tt_collider_shape tt_world_collider_shape(tt_world_id world, int i)
{
	tt_world *w = tt_world_get(world);
	if (!w || i < 0 || i >= w->colliders.count)
		return (tt_collider_shape){0};
	const tt_collider *c = &w->colliders.items[i];
	tt_pose pose = tt_pose_make(c->def.position.x, c->def.position.y,
				    c->def.angle);
	tt_collider_shape out = {.kind = c->def.shape, .enabled = c->def.enabled,
				 .position = c->def.position, .angle = c->def.angle,
				 .radius = c->shape.radius, .count = c->shape.count};
	for (int k = 0; k < c->shape.count; k++)
		tt_pose_to_world(pose, c->shape.vx[k], c->shape.vy[k],
				 &out.points[k].x, &out.points[k].y);
	return out;
}

void tt_collider_release_all(tt_world *w)
{
	tt_colliders *cs = &w->colliders;
	tt_free(cs->items, (size_t)cs->capacity * sizeof *cs->items);
	tt_free(cs->moving, (size_t)cs->moving_capacity * sizeof *cs->moving);
	tt_contact_release(&w->contacts);
	for (int k = 0; k < TT_MAX_THREADS; k++)
		tt_contact_release(&w->contact_parts[k]);
	tt_grid_release(&w->grid);
	tt_pool_release(&w->collider_pool);
}
