/* Damping, the two kinds users expect.
 *
 * Velocity damping, per particle and per world, in 1/s: each substep
 * v *= 1 / (1 + c h), c the particle's plus the world's (Box2D's linear
 * damping). It slows everything, a swing too: for air resistance, or a
 * world under water.
 *
 * A rope's damping of its own shape: rope_damp.c. */
#include <math.h>

#include "world.h"

void tt_damping_apply(tt_world *w, float h)
{
	tt_particles *p = &w->particles;
	const float world = w->def.damping;
	for (int i = 0; i < p->count; i++) {
		float c = p->damping[i] + world;
		if (c > 0.0f && p->inv_mass[i] > 0.0f) {
			float k = 1.0f / (1.0f + c * h);
			p->vx[i] *= k, p->vy[i] *= k, p->vz[i] *= k;
		}
	}
}

float tt_particle_get_damping(tt_particle_id id)
{
	tt_world *w;
	int i = tt_particle_find(id, &w);
	return i < 0 ? 0.0f : w->particles.damping[i];
}

tt_status tt_particle_set_damping(tt_particle_id id, float damping)
{
	tt_world *w;
	int i = tt_particle_find(id, &w);
	if (i < 0)
		return TT_ERR_PARTICLE_STALE;
	if (!(damping >= 0.0f) || !isfinite(damping))
		return TT_ERR_DAMPING;
	tt_particles *p = &w->particles;
	p->damped += (damping > 0.0f) - (p->damping[i] > 0.0f);
	p->damping[i] = damping;
	return TT_OK;
}

float tt_rope_get_damping(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = tt_rope_find(id, &w);
	return r ? r->damping : 0.0f;
}

tt_status tt_rope_set_damping(tt_rope_id id, float damping)
{
	tt_world *w;
	tt_rope *r = tt_rope_find(id, &w);
	if (!r)
		return TT_ERR_ROPE_STALE;
	if (!(damping >= 0.0f) || !isfinite(damping))
		return TT_ERR_DAMPING;
	r->damping = damping;
	return TT_OK;
}
