/* Plain forces on particles: a force accumulated for the next step (as in
 * Box2D's b2Body_ApplyForce, cleared after the step), an impulse that
 * changes the velocity at once, and per-particle drag and gravity scale.
 * The accumulated forces are applied once at the start of the step, as
 * the velocity change F dt / m: the same impulse as spreading them over
 * the substeps, and a world with no force pending never looks at them. */
#include <math.h>
#include <stddef.h>

#include "world.h"

static void add_force(tt_particles *p, int i, tt_vec3 f)
{
	p->fx[i] += f.x;
	p->fy[i] += f.y;
	p->fz[i] += f.z;
	p->forced = 1;
}

/* The dense index of a live particle and its vector argument checked
 * (flat in a 2D world); -1 with *status saying why not. */
static int find_with(tt_particle_id id, tt_vec3 *v, tt_world **w,
		     tt_status *status)
{
	int i = tt_particle_find(id, w);
	*status = i < 0 ? TT_ERR_PARTICLE_STALE
		  : !tt_vec3_finite(*v) ? TT_ERR_NOT_FINITE : TT_OK;
	if (*status != TT_OK)
		return -1;
	if (!(*w)->def.is_3d)
		v->z = 0.0f;
	return i;
}

tt_status tt_world_apply_force(tt_world_id world, tt_vec3 force)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	if (!tt_vec3_finite(force))
		return TT_ERR_NOT_FINITE;
	if (!w->def.is_3d)
		force.z = 0.0f;
	for (int i = 0; i < w->particles.count; i++)
		add_force(&w->particles, i, force);
	return TT_OK;
}

tt_status tt_particle_apply_force(tt_particle_id id, tt_vec3 force)
{
	tt_world *w;
	tt_status status;
	int i = find_with(id, &force, &w, &status);
	if (i >= 0)
		add_force(&w->particles, i, force);
	return status;
}

tt_status tt_particle_apply_impulse(tt_particle_id id, tt_vec3 impulse)
{
	tt_world *w;
	tt_status status;
	int i = find_with(id, &impulse, &w, &status);
	if (i < 0)
		return status;
	tt_particles *p = &w->particles;
	p->vx[i] += impulse.x * p->inv_mass[i];
	p->vy[i] += impulse.y * p->inv_mass[i];
	p->vz[i] += impulse.z * p->inv_mass[i];
	return TT_OK;
}

void tt_force_apply(tt_world *w)
{
	tt_particles *p = &w->particles;
	const float dt = w->def.time_step;
	for (int i = 0; i < p->count; i++) {
		float k = p->inv_mass[i] * dt;
		p->vx[i] += p->fx[i] * k;
		p->vy[i] += p->fy[i] * k;
		p->vz[i] += p->fz[i] * k;
		p->fx[i] = p->fy[i] = p->fz[i] = 0.0f;
	}
	p->forced = 0;
}

/* A float column of the live particle (by offset in tt_particles), 0 when
 * stale. */
static float get_column(tt_particle_id id, size_t column)
{
	tt_world *w;
	int i = tt_particle_find(id, &w);
	return i < 0 ? 0.0f : (*(float **)((char *)&w->particles + column))[i];
}

float tt_particle_get_drag(tt_particle_id id)
{
	return get_column(id, offsetof(tt_particles, drag));
}

tt_status tt_particle_set_drag(tt_particle_id id, float drag)
{
	tt_world *w;
	int i = tt_particle_find(id, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	if (!(drag >= 0.0f) || !isfinite(drag))
		return TT_ERR_DRAG;
	tt_particles *p = &w->particles;
	p->dragged += (drag > 0.0f) - (p->drag[i] > 0.0f);
	p->drag[i] = drag;
	return TT_OK;
}

float tt_particle_get_gravity_scale(tt_particle_id id)
{
	return get_column(id, offsetof(tt_particles, gravity_scale));
}

tt_status tt_particle_set_gravity_scale(tt_particle_id id, float scale)
{
	tt_world *w;
	tt_status status;
	tt_vec3 v = {scale, 0.0f, 0.0f};
	int i = find_with(id, &v, &w, &status);
	if (i >= 0)
		w->particles.gravity_scale[i] = scale;
	return status;
}
