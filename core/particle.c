/* Particles: dense structure-of-arrays behind stable ids.
 *
 * Removal swaps the last particle into the hole and patches its slot and
 * the springs that name it (Box2D's b2RemoveBodySim), so the solver always
 * streams over [0, count) with no holes. */
#include <math.h>

#include "alloc.h"
#include "world.h"

tt_columns tt_particle_columns(tt_particles *p)
{
	return (tt_columns){{(void **)&p->x, (void **)&p->y, (void **)&p->z,
			     (void **)&p->px, (void **)&p->py, (void **)&p->pz,
			     (void **)&p->vx, (void **)&p->vy, (void **)&p->vz,
			     (void **)&p->inv_mass, (void **)&p->mass,
			     (void **)&p->radius, (void **)&p->slot,
			     (void **)&p->drag, (void **)&p->gravity_scale,
			     (void **)&p->fx, (void **)&p->fy, (void **)&p->fz,
			     (void **)&p->group, (void **)&p->mask,
			     (void **)&p->touch, (void **)&p->hit,
			     (void **)&p->pin_slot, (void **)&p->pin_lx,
			     (void **)&p->pin_ly, (void **)&p->pin_lz,
			     (void **)&p->damping},
			    27};
}

tt_particle_def tt_particle_def_default(void)
{
	return (tt_particle_def){.mass = 1.0f, .radius = 0.05f,
				 .gravity_scale = 1.0f, .group = 1,
				 .mask = UINT32_MAX};
}

/* The world and dense index an id names; -1 when stale. */
static int lookup(tt_particle_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	return w ? tt_pool_find(&w->particle_pool, id.index1, id.generation) : -1;
}

int tt_particle_find(tt_particle_id id, tt_world **out)
{
	return lookup(id, out);
}

static tt_vec3 flatten(const tt_world *w, tt_vec3 v)
{
	if (!w->def.is_3d)
		v.z = 0.0f;
	return v;
}

static tt_status check_def(const tt_particle_def *def)
{
	if (!tt_vec3_finite(def->position) || !tt_vec3_finite(def->velocity))
		return TT_ERR_NOT_FINITE;
	if (!(def->mass >= 0.0f) || !isfinite(def->mass))
		return TT_ERR_MASS;
	if (!(def->radius >= 0.0f) || !isfinite(def->radius))
		return TT_ERR_RADIUS;
	if (!(def->drag >= 0.0f) || !isfinite(def->drag))
		return TT_ERR_DRAG;
	if (!isfinite(def->gravity_scale))
		return TT_ERR_NOT_FINITE;
	if (!(def->damping >= 0.0f) || !isfinite(def->damping))
		return TT_ERR_DAMPING;
	return TT_OK;
}

/* A pinned particle keeps its mass but has inverse mass 0. Batches let
 * springs share a pinned particle, so a change of pin state re-batches. */
static void set_mass(tt_world *w, int i, float mass, int pinned)
{
	tt_particles *p = &w->particles;
	int was_pinned = p->inv_mass[i] == 0.0f;
	p->mass[i] = mass;
	p->inv_mass[i] = mass > 0.0f && !pinned ? 1.0f / mass : 0.0f;
	if (was_pinned != (p->inv_mass[i] == 0.0f))
		w->springs.dirty = 1;
}

static void set_position(tt_particles *p, int i, tt_vec3 v)
{
	p->x[i] = p->px[i] = v.x;
	p->y[i] = p->py[i] = v.y;
	p->z[i] = p->pz[i] = v.z;
}

static void set_velocity(tt_particles *p, int i, tt_vec3 v)
{
	p->vx[i] = v.x;
	p->vy[i] = v.y;
	p->vz[i] = v.z;
}

tt_status tt_particle_create(tt_world_id world, const tt_particle_def *def,
			     tt_particle_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	tt_status status = check_def(def);
	if (status != TT_OK)
		return status;
	tt_particles *p = &w->particles;
	tt_columns columns = tt_particle_columns(p);
	if (!tt_columns_reserve(&columns, p->count + TT_PARTICLE_SLACK,
				&p->capacity))
		return TT_ERR_OUT_OF_MEMORY;
	int i = p->count;
	int slot = tt_pool_take(&w->particle_pool, i);
	if (slot < 0)
		return TT_ERR_OUT_OF_MEMORY;
	p->count++;
	set_position(p, i, flatten(w, def->position));
	set_velocity(p, i, flatten(w, def->velocity));
	p->inv_mass[i] = 0.0f;  /* no springs yet: nothing to re-batch */
	set_mass(w, i, def->mass, def->pinned);
	p->radius[i] = def->radius;
	p->slot[i] = slot;
	p->drag[i] = def->drag;
	p->dragged += def->drag > 0.0f;
	p->gravity_scale[i] = def->gravity_scale;
	p->fx[i] = p->fy[i] = p->fz[i] = 0.0f;
	p->group[i] = def->group;
	p->mask[i] = def->mask;
	p->touch[i] = p->hit[i] = p->pin_slot[i] = 0;
	p->damping[i] = def->damping;
	p->damped += def->damping > 0.0f;
	*out = tt_particle_id_at(w, i);
	return TT_OK;
}

tt_particle_id tt_particle_id_at(const tt_world *w, int i)
{
	int slot = w->particles.slot[i];
	uint32_t generation = w->particle_pool.slots[slot].generation;
	return (tt_particle_id){(uint32_t)slot + 1, generation, w->id};
}

tt_particle_id tt_world_particle_at(tt_world_id world, int i)
{
	tt_world *w = tt_world_get(world);
	if (!w || i < 0 || i >= w->particles.count)
		return (tt_particle_id){0};
	return tt_particle_id_at(w, i);
}

/* Springs that name particle `from` name `to` instead. */
static void rename_in_springs(tt_springs *s, int32_t from, int32_t to)
{
	for (int c = 0; c < s->count; c++) {
		if (s->a[c] == from)
			s->a[c] = to;
		if (s->b[c] == from)
			s->b[c] = to;
	}
}

/* Swap-remove particle i from the columns (the last moves into its place)
 * and its counts; the caller renames what named the last. */
static void take_out(tt_world *w, int i)
{
	tt_particles *p = &w->particles;
	int last = p->count - 1;
	p->dragged -= p->drag[i] > 0.0f;
	p->damped -= p->damping[i] > 0.0f;
	p->pinned_to -= p->pin_slot[i] != 0;
	tt_pool_give(&w->particle_pool, p->slot[i]);
	if (i != last) {
		tt_columns c = tt_particle_columns(p);
		tt_columns_move(&c, last, i);
		w->particle_pool.slots[p->slot[i]].dense = i;
		w->springs.dirty = 1;  /* the plan's blocks name particles by index */
	}
	p->count--;
}

tt_status tt_particle_destroy(tt_particle_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	tt_springs *s = &w->springs;
	for (int c = s->count - 1; c >= 0; c--)
		if (s->a[c] == i || s->b[c] == i)
			tt_spring_remove(w, c);
	int last = w->particles.count - 1;
	tt_angle_drop_particle(w, i, last);
	take_out(w, i);
	if (i != last)
		rename_in_springs(s, last, i);
	return TT_OK;
}

/* Take particle i out, as tt_particle_destroy does, but leave its springs
 * and angles to the caller: at[who[j]] = j follows every move. */
static void remove_tracked(tt_world *w, int i, int32_t *at, int32_t *who)
{
	int last = w->particles.count - 1;
	at[who[i]] = -1;
	take_out(w, i);
	if (i != last) {
		who[i] = who[last];
		at[who[i]] = i;
	}
}

/* Destroy n particles of one world in O(particles + springs), not the
 * O(n springs) of n single destroys (a 100000-node rope took 25 s): the
 * particles leave in the same order, their springs and angles in one
 * sweep each, and the ones left are renamed once. The two index maps are no world's (a
 * world at its max_bytes must still be able to free); without them it
 * falls back to single destroys. */
void tt_particles_destroy(const tt_particle_id *ids, int n)
{
	tt_world *w = n > 0 ? tt_world_get(ids[0].world) : NULL;
	int count = w ? w->particles.count : 0;
	size_t size = (size_t)count * sizeof(int32_t);
	int charged = tt_account_use(0);  /* scratch: even a full world frees */
	int32_t *at = count ? tt_alloc(size) : NULL;
	int32_t *who = at ? tt_alloc(size) : NULL;
	tt_account_use(charged);
	if (!who) {
		tt_free(at, size);
		for (int k = 0; k < n; k++)
			tt_particle_destroy(ids[k]);
		return;
	}
	for (int i = 0; i < count; i++)
		at[i] = who[i] = i;
	for (int k = 0; k < n; k++) {
		tt_world *owner;
		int i = lookup(ids[k], &owner);
		if (i >= 0 && owner == w)
			remove_tracked(w, i, at, who);
	}
	tt_springs *s = &w->springs;
	for (int c = s->count - 1; c >= 0; c--)
		if (at[s->a[c]] < 0 || at[s->b[c]] < 0)
			tt_spring_remove(w, c);
	for (int c = 0; c < s->count; c++)
		s->a[c] = at[s->a[c]], s->b[c] = at[s->b[c]];
	tt_angle_sweep(w, at);
	tt_free(who, size);
	tt_free(at, size);
}

int tt_particle_valid(tt_particle_id id)
{
	tt_world *w;
	return lookup(id, &w) >= 0;
}

int tt_particle_index(tt_particle_id id)
{
	tt_world *w;
	return lookup(id, &w);
}

tt_vec3 tt_particle_get_position(tt_particle_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return (tt_vec3){0};
	tt_particles *p = &w->particles;
	return (tt_vec3){p->x[i], p->y[i], p->z[i]};
}

tt_status tt_particle_set_position(tt_particle_id id, tt_vec3 position)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	if (!tt_vec3_finite(position))
		return TT_ERR_NOT_FINITE;
	set_position(&w->particles, i, flatten(w, position));
	return TT_OK;
}

tt_vec3 tt_particle_get_velocity(tt_particle_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return (tt_vec3){0};
	tt_particles *p = &w->particles;
	return (tt_vec3){p->vx[i], p->vy[i], p->vz[i]};
}

tt_status tt_particle_set_velocity(tt_particle_id id, tt_vec3 velocity)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	if (!tt_vec3_finite(velocity))
		return TT_ERR_NOT_FINITE;
	set_velocity(&w->particles, i, flatten(w, velocity));
	return TT_OK;
}

tt_status tt_particle_move_to(tt_particle_id id, tt_vec3 target)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	if (!tt_vec3_finite(target))
		return TT_ERR_NOT_FINITE;
	tt_particles *p = &w->particles;
	float inv_dt = 1.0f / w->def.time_step;
	tt_vec3 v = {(target.x - p->x[i]) * inv_dt, (target.y - p->y[i]) * inv_dt,
		     (target.z - p->z[i]) * inv_dt};
	if (!tt_vec3_finite(v))
		return TT_ERR_NOT_FINITE;
	set_velocity(p, i, flatten(w, v));
	return TT_OK;
}

float tt_particle_get_mass(tt_particle_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i < 0 ? 0.0f : w->particles.mass[i];
}

tt_status tt_particle_set_mass(tt_particle_id id, float mass)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	if (!(mass >= 0.0f) || !isfinite(mass))
		return TT_ERR_MASS;
	int pinned = w->particles.inv_mass[i] == 0.0f;
	set_mass(w, i, mass, pinned);
	if (mass == 0.0f)  /* pinned where it is, not drifting on */
		set_velocity(&w->particles, i, (tt_vec3){0});
	return TT_OK;
}

int tt_particle_get_pinned(tt_particle_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i >= 0 && w->particles.inv_mass[i] == 0.0f;
}

tt_status tt_particle_set_pinned(tt_particle_id id, int pinned)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	tt_particles *p = &w->particles;
	if (!pinned && p->mass[i] == 0.0f)
		return TT_ERR_UNPIN_MASSLESS;
	if (!pinned && p->pin_slot[i]) {  /* lets go of its collider too */
		p->pin_slot[i] = 0;
		p->pinned_to--;
	}
	set_mass(w, i, p->mass[i], pinned);
	if (pinned)
		set_velocity(p, i, (tt_vec3){0});
	return TT_OK;
}

float tt_particle_get_radius(tt_particle_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i < 0 ? 0.0f : w->particles.radius[i];
}

tt_status tt_particle_set_radius(tt_particle_id id, float radius)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	if (!(radius >= 0.0f) || !isfinite(radius))
		return TT_ERR_RADIUS;
	w->particles.radius[i] = radius;
	return TT_OK;
}
