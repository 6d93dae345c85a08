/* Particles pinned to a collider or a frame at a local offset: hair on a
 * moving head, a rope tied to a moving platform, a strand on a bone.
 *
 * A pinned particle has inverse mass 0, so the solver never moves it; here,
 * after each substep's integration, it is placed where its offset lies on
 * the collider's (or frame's) pose at the end of that substep. Its
 * velocity, from the substep's motion, is then the collider's there, and
 * what hangs from it follows smoothly, turning with the collider too. In
 * 3D the pose is position plus rotation, so the offset turns about any
 * axis. pin_slot holds the collider's slot + 1, or minus a frame's. */
#include "vec3.h"
#include "world.h"

static int find_collider(tt_collider_id id, tt_world *w)
{
	return tt_world_id_equal(id.world, w->id)
		       ? tt_pool_find(&w->collider_pool, id.index1, id.generation)
		       : -1;
}

/* Pin particle i of w to what code names (see pin_slot). */
static tt_status pin(tt_world *w, tt_particle_id particle, int i,
		     int32_t code, tt_vec3 local)
{
	if (!tt_vec3_finite(local))
		return TT_ERR_NOT_FINITE;
	tt_status status = tt_particle_set_pinned(particle, 1);
	if (status != TT_OK)
		return status;
	tt_particles *p = &w->particles;
	p->pinned_to += p->pin_slot[i] == 0;
	p->pin_slot[i] = code;
	p->pin_lx[i] = local.x;
	p->pin_ly[i] = local.y;
	p->pin_lz[i] = w->def.is_3d ? local.z : 0.0f;
	return TT_OK;
}

tt_status tt_particle_pin_to(tt_particle_id particle, tt_collider_id collider,
			     tt_vec3 local)
{
	tt_world *w;
	int i = tt_particle_find(particle, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	int c = find_collider(collider, w);
	if (c < 0)
		return tt_collider_valid(collider) ? TT_ERR_COLLIDER_OTHER_WORLD
						   : TT_ERR_COLLIDER_STALE;
	return pin(w, particle, i, w->colliders.items[c].slot + 1, local);
}

tt_status tt_particle_pin_to_frame(tt_particle_id particle, tt_frame_id frame,
				   tt_vec3 local)
{
	tt_world *w, *fw;
	int i = tt_particle_find(particle, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	int f = tt_frame_find(frame, &fw);
	if (f < 0 || fw != w)
		return f < 0 ? TT_ERR_FRAME_STALE : TT_ERR_OTHER_WORLD;
	return pin(w, particle, i, -(w->frames.items[f].slot + 1), local);
}

tt_collider_id tt_particle_get_pin_collider(tt_particle_id particle)
{
	tt_world *w;
	int i = tt_particle_find(particle, &w);
	if (i < 0 || w->particles.pin_slot[i] <= 0)
		return (tt_collider_id){0};
	int32_t slot = w->particles.pin_slot[i] - 1;
	return (tt_collider_id){(uint32_t)slot + 1,
				w->collider_pool.slots[slot].generation, w->id};
}

tt_frame_id tt_particle_get_pin_frame(tt_particle_id particle)
{
	tt_world *w;
	int i = tt_particle_find(particle, &w);
	if (i < 0 || w->particles.pin_slot[i] >= 0)
		return (tt_frame_id){0};
	int32_t slot = -w->particles.pin_slot[i] - 1;
	return (tt_frame_id){(uint32_t)slot + 1,
			     w->frame_pool.slots[slot].generation, w->id};
}

/* A point carried out of the collider's frame as it is now (to_world)
 * or into it. */
static tt_vec3 carry(tt_collider_id collider, tt_vec3 v, int to_world)
{
	tt_world *w;
	int c = tt_collider_find(collider, &w);
	if (c < 0)
		return (tt_vec3){0};
	const tt_collider_def *d = &w->colliders.items[c].def;
	if (w->def.is_3d) {
		tt_pose3 pose = tt_pose3_make(d->position, d->rotation);
		return to_world ? tt_pose3_to_world(&pose, v)
				: tt_pose3_to_local(&pose, v);
	}
	tt_pose pose = tt_pose_make(d->position.x, d->position.y, d->angle);
	tt_vec3 out = {0};
	if (to_world)
		tt_pose_to_world(pose, v.x, v.y, &out.x, &out.y);
	else
		tt_pose_to_local(pose, v.x, v.y, &out.x, &out.y);
	return out;
}

tt_vec3 tt_collider_to_local(tt_collider_id collider, tt_vec3 point)
{
	return carry(collider, point, 0);
}

tt_vec3 tt_collider_to_world(tt_collider_id collider, tt_vec3 local)
{
	return carry(collider, local, 1);
}

/* 3D: every collider's and frame's pose for the end of substep k first
 * (the collision stage then computes the colliders' again, to the same
 * bits), so each pinned particle costs one transform. */
static void pins3(tt_world *w, int k, int n)
{
	tt_particles *p = &w->particles;
	tt_collider3_substep(w, k, n);
	tt_frame_substep(w, k, n);
	for (int i = 0; i < p->count; i++) {
		int32_t code = p->pin_slot[i];
		if (code == 0)
			continue;
		const tt_pose3 *pose =
			code > 0 ? &w->colliders.items[w->collider_pool.slots[code - 1]
							       .dense].cur3
				 : tt_frame_pose(w, -code - 1);
		tt_vec3 x = tt_pose3_to_world(pose, v3(p->pin_lx[i], p->pin_ly[i],
						       p->pin_lz[i]));
		p->x[i] = x.x;
		p->y[i] = x.y;
		p->z[i] = x.z;
	}
}

void tt_collider_pins(tt_world *w, int k, int n)
{
	tt_particles *p = &w->particles;
	float t = (float)(k + 1) / (float)n;
	if (w->def.is_3d) {
		pins3(w, k, n);
		return;
	}
	for (int i = 0; i < p->count; i++) {
		if (p->pin_slot[i] == 0)
			continue;
		int c = w->collider_pool.slots[p->pin_slot[i] - 1].dense;
		tt_pose pose = tt_collider_pose_at(&w->colliders.items[c], t);
		tt_pose_to_world(pose, p->pin_lx[i], p->pin_ly[i], &p->x[i],
				 &p->y[i]);
	}
}

/* Particles pinned to what code names stay pinned where they are. */
static void unpin_all(tt_world *w, int32_t code)
{
	tt_particles *p = &w->particles;
	for (int i = 0; i < p->count; i++)
		if (p->pin_slot[i] == code) {
			p->pin_slot[i] = 0;
			p->pinned_to--;
		}
}

void tt_collider_unpin_all(tt_world *w, int32_t slot)
{
	unpin_all(w, slot + 1);
}

void tt_frame_unpin_all(tt_world *w, int32_t slot)
{
	unpin_all(w, -(slot + 1));
}
