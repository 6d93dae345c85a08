/* The step: substeps of integrate, project, update velocities.
 *
 * XPBD with small steps (Macklin, Müller et al., "XPBD: Position-Based
 * Simulation of Compliant Constrained Dynamics", 2016; "Small Steps in
 * Physics Simulation", 2019). Per substep of length h:
 *   v += g h;  p = x;  x += v h                      (integrate)
 *   for each spring, with w = inverse masses, n = (xa - xb) / |xa - xb|,
 *   C = |xa - xb| - rest, alpha = compliance / h^2:
 *     dlambda = (-C - alpha lambda) / (wa + wb + alpha)
 *     xa += wa dlambda n;  xb -= wb dlambda n;  lambda += dlambda
 *   v = (x - p) / h                                  (update velocities)
 * Compliance 0 is rigid; larger is softer, independent of substeps.
 * Damping acts on velocities after the update, along each spring (Müller
 * et al., "Detailed Rigid Body Simulation with XPBD", 2020), so it works on
 * rigid springs too. Springs are solved batch by batch in a fixed order. */
#include <math.h>
#include <string.h>

#include "world.h"

/* The speed limit that stops explosions. In double: v^2 may overflow. */
static void limit_speed(float max_speed, float *vx, float *vy, float *vz)
{
	double speed = sqrt((double)*vx * *vx + (double)*vy * *vy +
			    (double)*vz * *vz);
	float k = (float)(max_speed / speed);
	*vx *= k;
	*vy *= k;
	*vz *= k;
}

static void integrate(tt_world *w, float h)
{
	tt_particles *p = &w->particles;
	const float gx = w->def.gravity.x * h, gy = w->def.gravity.y * h,
		    gz = w->def.gravity.z * h;
	const float max2 = w->def.max_speed * w->def.max_speed;
	float *x = p->x, *y = p->y, *z = p->z, *px = p->px, *py = p->py,
	      *pz = p->pz, *vx = p->vx, *vy = p->vy, *vz = p->vz;
	const float *wi = p->inv_mass, *scale = p->gravity_scale;
	for (int i = 0; i < p->count; i++) {
		float falls = wi[i] > 0.0f ? scale[i] : 0.0f;
		vx[i] += gx * falls;
		vy[i] += gy * falls;
		vz[i] += gz * falls;
		float v2 = vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i];
		if (v2 > max2 && wi[i] > 0.0f)  /* kinematic ones go as asked */
			limit_speed(w->def.max_speed, &vx[i], &vy[i], &vz[i]);
		px[i] = x[i];
		py[i] = y[i];
		pz[i] = z[i];
		x[i] += vx[i] * h;
		y[i] += vy[i] * h;
		z[i] += vz[i] * h;
	}
}

/* The correction of a spring moves its ends along the direction they had
 * at the start of the substep (SHAKE, Ryckaert et al. 1977), not along the
 * current one: a swing then keeps its energy, where projecting along the
 * current direction bleeds it (-21% over 10 s for a 30 degree pendulum at
 * 8 substeps). The step is a Newton step on C along that direction, so the
 * denominator carries n . n0; when the spring turned far within one
 * substep the current direction is used instead. */
static void project(tt_world *w, float h)
{
	tt_particles *p = &w->particles;
	tt_springs *s = &w->springs;
	float *x = p->x, *y = p->y, *z = p->z;
	const float *px = p->px, *py = p->py, *pz = p->pz, *wi = p->inv_mass;
	const int32_t *a = s->a, *b = s->b, *kind = s->kind;
	const float *rest = s->rest, *compliance = s->compliance;
	float *lambda = s->lambda;
	const float inv_h2 = 1.0f / (h * h);
	for (int c = 0; c < s->count; c++) {
		int i = a[c], j = b[c];
		float wsum = wi[i] + wi[j];
		float dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
		float len = sqrtf(dx * dx + dy * dy + dz * dz);
		float C = len - rest[c];
		if (wsum == 0.0f || len < 1e-9f ||
		    (kind[c] == TT_SPRING_TETHER && C < 0.0f))
			continue;
		float ox = px[i] - px[j], oy = py[i] - py[j], oz = pz[i] - pz[j];
		float olen = sqrtf(ox * ox + oy * oy + oz * oz);
		float along = (ox * dx + oy * dy + oz * dz) / (olen * len);
		if (!(along > 0.5f)) {  /* also when olen is 0 */
			ox = dx, oy = dy, oz = dz, olen = len, along = 1.0f;
		}
		float alpha = compliance[c] * inv_h2;
		if (alpha == INFINITY)  /* so soft it does nothing */
			continue;
		float dl = (-C - alpha * lambda[c]) / (wsum * along + alpha);
		lambda[c] += dl;
		float k = dl / olen;
		x[i] += wi[i] * k * ox;
		y[i] += wi[i] * k * oy;
		z[i] += wi[i] * k * oz;
		x[j] -= wi[j] * k * ox;
		y[j] -= wi[j] * k * oy;
		z[j] -= wi[j] * k * oz;
	}
}

/* v = (x - p) / h, computed as v += (x - (p + v h)) / h: the same value,
 * but a free particle's velocity takes no rounding from the difference of
 * two large nearby positions (x + v h is recomputed bit for bit as the
 * integrator did). A particle gone non-finite goes back to p, at rest, so
 * a NaN is caught where it appears and never spreads. */
static void update_velocities(tt_world *w, float h)
{
	tt_particles *p = &w->particles;
	float *x = p->x, *y = p->y, *z = p->z, *px = p->px, *py = p->py,
	      *pz = p->pz, *vx = p->vx, *vy = p->vy, *vz = p->vz;
	const float inv_h = 1.0f / h;
	for (int i = 0; i < p->count; i++) {
		vx[i] += (x[i] - (px[i] + vx[i] * h)) * inv_h;
		vy[i] += (y[i] - (py[i] + vy[i] * h)) * inv_h;
		vz[i] += (z[i] - (pz[i] + vz[i] * h)) * inv_h;
		if (isfinite(vx[i] + vy[i] + vz[i] + x[i] + y[i] + z[i]))
			continue;
		x[i] = px[i];
		y[i] = py[i];
		z[i] = pz[i];
		vx[i] = vy[i] = vz[i] = 0.0f;
		w->nonfinite_resets++;
		tt_event_push(w, &(tt_event){.kind = TT_EVENT_NONFINITE,
					     .particle = tt_particle_id_at(w, i),
					     .point = {x[i], y[i], z[i]}});
	}
}

/* Remove a share min(damping h, 1) of each spring's relative speed. */
static void damp(tt_world *w, float h)
{
	tt_particles *p = &w->particles;
	tt_springs *s = &w->springs;
	const float *x = p->x, *y = p->y, *z = p->z, *wi = p->inv_mass;
	float *vx = p->vx, *vy = p->vy, *vz = p->vz;
	for (int c = 0; c < s->count; c++) {
		int i = s->a[c], j = s->b[c];
		float wsum = wi[i] + wi[j];
		float dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
		float len2 = dx * dx + dy * dy + dz * dz;
		if (s->damping[c] == 0.0f || wsum == 0.0f || len2 < 1e-18f)
			continue;
		float share = fminf(s->damping[c] * h, 1.0f);
		float vrel = (vx[i] - vx[j]) * dx + (vy[i] - vy[j]) * dy +
			     (vz[i] - vz[j]) * dz;
		float k = -share * vrel / (len2 * wsum);
		vx[i] += wi[i] * k * dx;
		vy[i] += wi[i] * k * dy;
		vz[i] += wi[i] * k * dz;
		vx[j] -= wi[j] * k * dx;
		vy[j] -= wi[j] * k * dy;
		vz[j] -= wi[j] * k * dz;
	}
}

/* A pinned particle moves only as far as move_to asked for this step. */
static void stop_pinned(tt_particles *p)
{
	for (int i = 0; i < p->count; i++)
		if (p->inv_mass[i] == 0.0f)
			p->vx[i] = p->vy[i] = p->vz[i] = 0.0f;
}

void tt_solver_step(tt_world *w)
{
	const float h = w->def.time_step / (float)w->def.substeps;
	tt_springs *s = &w->springs;
	s->h = h;
	int drag = tt_drag_prepare(w);  /* wind and forces: 0 when none */
	tt_collider_begin_step(w);
	/* units of a substep beyond its iterations: integration, contacts */
	long work = (long)w->particles.count * (1 + w->colliders.count) + 1;
	for (int sub = 0; sub < w->def.substeps; sub++) {
		if (tt_budget_spend(w, work))
			break;
		if (w->ropes.count > 0)
			tt_rope_substep(w, sub, w->def.substeps);
		integrate(w, h);
		if (w->particles.pinned_to > 0)
			tt_collider_pins(w, sub, w->def.substeps);
		if (s->count > 0)
			memset(s->lambda, 0, (size_t)s->count * sizeof(float));
		for (int it = 0; it < w->def.iterations &&
				!tt_budget_spend(w, s->count + 1); it++) {
			project(w, h);
			if (w->ropes.count > 0)
				tt_chain_solve(w, h);
		}
		tt_collide(w, sub, h);
		update_velocities(w, h);
		tt_contact_restitution(w, h);
		if (s->damped > 0)
			damp(w, h);
		if (drag)
			tt_drag_apply(w, h);
	}
	stop_pinned(&w->particles);
	tt_collider_end_step(w);
}
