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
 * Stretch damping acts on velocities after the update, along each spring
 * (Müller et al., "Detailed Rigid Body Simulation with XPBD", 2020): it
 * damps the stretching of soft springs. Velocity damping follows it, and
 * ropes damp their motion relative to their rigid motion once per step
 * (damping.c). Springs are solved batch by batch in a fixed order,
 * each batch followed by the angle constraints of its colour (angle.c);
 * hard angle limits get several more passes after the contacts (see
 * angle.c). */
#include <float.h>
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

/* max_speed bounds the velocity that leaves every substep (after the
 * constraints: a rope yanked by a teleported anchor left at 1200 m/s with
 * max_speed 20 when only the integration was clamped), and, once before
 * the substeps, what scripts set between steps. Kinematic (pinned)
 * particles go as asked. */
void tt_solver_limit_one(float max_speed, float max2, const float *wi,
			 float *vx, float *vy, float *vz, int i)
{
	float v2 = vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i];
	if (v2 > max2 && wi[i] > 0.0f)
		limit_speed(max_speed, &vx[i], &vy[i], &vz[i]);
}

static void limit_all(tt_world *w)
{
	tt_range_limit(w, 0, w->particles.count);
}

/* The reference loops below are what the vector kernels (lanes_body.h)
 * compute, lane for lane; the stages run them, or the kernels, over
 * ranges split among the threads (parallel.c). */
void tt_solver_integrate_scalar(tt_particles *p, const float g[3], float h,
				int from, int to)
{
	float *x = p->x, *y = p->y, *z = p->z, *px = p->px, *py = p->py,
	      *pz = p->pz, *vx = p->vx, *vy = p->vy, *vz = p->vz;
	const float *wi = p->inv_mass, *scale = p->gravity_scale;
	for (int i = from; i < to; i++) {
		float falls = wi[i] > 0.0f ? scale[i] : 0.0f;
		vx[i] += g[0] * falls;
		vy[i] += g[1] * falls;
		vz[i] += g[2] * falls;
		px[i] = x[i];
		py[i] = y[i];
		pz[i] = z[i];
		x[i] += vx[i] * h;
		y[i] += vy[i] * h;
		z[i] += vz[i] * h;
	}
}

/* The correction of a spring moves its ends along the direction o they
 * had at the start of the substep (SHAKE, Ryckaert et al. 1977), not along
 * the current one d: a swing then keeps its energy, where projecting along
 * d bleeds it (-21% over 10 s for a 30 degree pendulum at 8 substeps). The
 * step is a Newton step on C along o, so the denominator carries
 * n . o / |o|; when the spring turned far within one substep (that is 0.5
 * or less) d is used instead. The algebra done once, the multiplier's step
 *   dl = (rest - |d| - alpha lambda) / (wsum (o.d) / (|o| |d|) + alpha)
 * moves the ends by w k o with
 *   k = dl / |o| = (rest - |d| - alpha lambda) |d| / (wsum o.d + alpha |o| |d|)
 * (o = d when it turned), and the turn test is o.d > 0 and 4 (o.d)^2 >
 * |o|^2 |d|^2. So a rigid rod (alpha 0) costs one square root and one
 * division, a soft one a root more. A rigid rod's multiplier only tells
 * its force after the step: it is summed in the step's last substep
 * (TT_PASS_LAST) only, as in the chain solve (chain.c), and is 0 in the
 * others. */
void tt_solver_project_scalar(tt_world *w, float h, int from, int to, int pass)
{
	tt_particles *p = &w->particles;
	tt_springs *s = &w->springs;
	float *x = p->x, *y = p->y, *z = p->z;
	const float *px = p->px, *py = p->py, *pz = p->pz, *wi = p->inv_mass;
	const int32_t *a = s->a, *b = s->b, *kind = s->kind;
	const float *rest = s->rest, *compliance = s->compliance;
	float *lambda = s->lambda;
	const float inv_h2 = 1.0f / (h * h);
	const int first = pass & TT_PASS_FIRST, last = pass & TT_PASS_LAST;
	for (int c = from; c < to; c++) {
		int i = a[c], j = b[c];
		lambda[c] = first ? 0.0f : lambda[c];  /* 0 at a substep's start */
		float wsum = wi[i] + wi[j];
		float dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
		float len2 = dx * dx + dy * dy + dz * dz, len = sqrtf(len2);
		float alpha = compliance[c] * inv_h2;
		if (wsum == 0.0f || len < 1e-9f ||
		    (kind[c] == TT_SPRING_TETHER && len < rest[c]) ||
		    alpha == INFINITY)  /* so soft it does nothing */
			continue;
		float ox = px[i] - px[j], oy = py[i] - py[j], oz = pz[i] - pz[j];
		float dot = ox * dx + oy * dy + oz * dz,
		      olen2 = ox * ox + oy * oy + oz * oz;
		if (!(dot > 0.0f && 4.0f * dot * dot > olen2 * len2)) {
			ox = dx, oy = dy, oz = dz, dot = olen2 = len2;  /* also when o is 0 */
		}
		float num = rest[c] - len, den = wsum * dot, olen = len;
		int sums = last || alpha != 0.0f;  /* the multiplier is summed */
		if (sums)
			olen = sqrtf(olen2);
		if (alpha != 0.0f) {
			num = num - alpha * lambda[c];
			den = den + alpha * (olen * len);
		}
		float k = num * len / den;
		if (!(fabsf(k) <= FLT_MAX))  /* an end went non-finite */
			continue;
		if (sums)
			lambda[c] += k * olen;
		if (wi[i] > 0.0f) {  /* a pinned end is never written */
			x[i] += wi[i] * k * ox;
			y[i] += wi[i] * k * oy;
			z[i] += wi[i] * k * oz;
		}
		if (wi[j] > 0.0f) {
			x[j] -= wi[j] * k * ox;
			y[j] -= wi[j] * k * oy;
			z[j] -= wi[j] * k * oz;
		}
	}
}

int tt_solver_pass(const tt_world *w, int sub, int it)
{
	return (it == 0 ? TT_PASS_FIRST : 0) |
	       (sub + 1 == w->def.substeps ? TT_PASS_LAST : 0);
}

/* The constraint pass: spring batch k, then the angles of colour k (they
 * share no particle with it), for every colour in order. */
static void project_all(tt_world *w, float h, int pass)
{
	const tt_springs *s = &w->springs;
	const tt_angles *an = &w->angles;
	for (int c = 0; c < s->plan.colour_count; c++) {
		int k = s->plan.colours[c];
		if (s->plan.at[k + 1] > s->plan.at[k])
			tt_parallel_project(w, h, k, pass);
		if (an->count > 0)
			tt_angle_project(w, h, an->colour[k], an->colour[k + 1]);
	}
}

/* v = (x - p) / h, computed as v += (x - (p + v h)) / h: the same value,
 * but a free particle's velocity takes no rounding from the difference of
 * two large nearby positions (x + v h is recomputed bit for bit as the
 * integrator did); then the speed limit. Returns how many particles went
 * non-finite: reset_nonfinite puts them back. */
int tt_solver_velocities_scalar(tt_particles *p, float h, float max, int from,
				int to)
{
	float *x = p->x, *y = p->y, *z = p->z, *px = p->px, *py = p->py,
	      *pz = p->pz, *vx = p->vx, *vy = p->vy, *vz = p->vz;
	const float inv_h = 1.0f / h, max2 = max * max;
	int bad = 0;
	for (int i = from; i < to; i++) {
		vx[i] += (x[i] - (px[i] + vx[i] * h)) * inv_h;
		vy[i] += (y[i] - (py[i] + vy[i] * h)) * inv_h;
		vz[i] += (z[i] - (pz[i] + vz[i] * h)) * inv_h;
		if (isfinite(vx[i] + vy[i] + vz[i] + x[i] + y[i] + z[i]))
			tt_solver_limit_one(max, max2, p->inv_mass, vx, vy, vz, i);
		else
			bad++;
	}
	return bad;
}

/* A particle gone non-finite goes back to p, at rest: the constraints and
 * contacts skip corrections that are not finite, so a NaN is caught where
 * it appears and never spreads. In particle order, after the velocities
 * of every range, so the events come in the same order for any number of
 * threads. */
void tt_solver_reset_nonfinite(tt_world *w, int from, int to)
{
	tt_particles *p = &w->particles;
	float *x = p->x, *y = p->y, *z = p->z;
	for (int i = from; i < to; i++) {
		if (isfinite(p->vx[i] + p->vy[i] + p->vz[i] + x[i] + y[i] + z[i]))
			continue;
		x[i] = p->px[i];
		y[i] = p->py[i];
		z[i] = p->pz[i];
		p->vx[i] = p->vy[i] = p->vz[i] = 0.0f;
		w->nonfinite_resets++;
		tt_event_push(w, &(tt_event){.kind = TT_EVENT_NONFINITE,
					     .particle = tt_particle_id_at(w, i),
					     .point = {x[i], y[i], z[i]}});
	}
}

static void reset_nonfinite(tt_world *w)
{
	tt_solver_reset_nonfinite(w, 0, w->particles.count);
}

static void update_velocities(tt_world *w, float h)
{
	if (tt_parallel_velocities(w, h) > 0)
		reset_nonfinite(w);
}

/* Remove a share min(damping h, 1) of each spring's relative speed
 * along it (stretch damping). */
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

/* Symmetry: a rope stood on its end on the floor stayed up for good, as
 * nothing in float or in double breaks a perfect balance. Only what rests
 * on something can be balanced, so what touched a collider this step,
 * and every node of a rope that did, gets a tiny kick: JITTER m/s at most
 * per axis, a hash of the step and its slot, the same every run. */
#define JITTER 1e-5f

static float noise(uint32_t step, uint32_t slot, uint32_t axis)
{
	uint32_t h = step * 0x9E3779B9u ^ slot * 0x85EBCA6Bu ^ axis * 0xC2B2AE35u;
	h ^= h >> 16, h *= 0x7FEB352Du, h ^= h >> 15, h *= 0x846CA68Bu, h ^= h >> 16;
	return (float)(h >> 8) * (2.0f / 16777216.0f) - 1.0f;
}

static void kick(tt_world *w, int i)
{
	tt_particles *p = &w->particles;
	uint32_t step = (uint32_t)w->steps, slot = (uint32_t)p->slot[i];
	if (p->inv_mass[i] == 0.0f)
		return;
	p->vx[i] += JITTER * noise(step, slot, 0);
	p->vy[i] += JITTER * noise(step, slot, 1);
	if (w->def.is_3d)
		p->vz[i] += JITTER * noise(step, slot, 2);
}

static void jitter(tt_world *w)
{
	const int32_t *hit = w->particles.hit;
	for (int i = 0; i < w->particles.count; i++)
		if (hit[i])
			kick(w, i);
	for (int r = 0; r < w->ropes.count; r++) {
		const tt_rope *rope = &w->ropes.items[r];
		const int32_t *node = w->chain.i + rope->dense_at;
		int touched = 0;
		for (int k = 0; rope->dense_at >= 0 && k < rope->count; k++)
			touched |= hit[node[k]] != 0;
		for (int k = 0; touched && k < rope->count; k++)
			if (!hit[node[k]])
				kick(w, node[k]);
	}
}

/* A substep's stages up to its velocities, each over every particle or
 * spring batch. */
static void staged(tt_world *w, float h, int sub, long work_per_pass)
{
	if (w->ropes.count > 0)
		tt_rope_substep(w, sub, w->def.substeps);
	tt_parallel_integrate(w, h);
	if (w->particles.pinned_to > 0)
		tt_collider_pins(w, sub, w->def.substeps);
	if (w->grabs.count > 0)
		tt_grab_solve(w, sub, w->def.substeps, h);
	if (w->angles.count > 0)
		memset(w->angles.lambda, 0, (size_t)w->angles.count * sizeof(float));
	for (int it = 0; it < w->def.iterations &&
			 !tt_budget_spend(w, work_per_pass); it++) {
		project_all(w, h, tt_solver_pass(w, sub, it));
		if (w->ropes.count > 0)
			tt_chain_solve(w, h, sub, it);
		if (w->softbodies.count > 0)
			tt_softbody_solve(w, h, it == 0);
	}
	tt_collide(w, sub, h);
	if (w->angles.limited > 0)
		tt_angle_limit(w);
	update_velocities(w, h);
}

/* The same, tile by tile (stream.c): the passes the budget allows are
 * counted first, with the same calls in the same order. */
static void streamed(tt_world *w, tt_stream *st, float h, int sub,
		     long work_per_pass)
{
	int passes = 0;
	while (passes < w->def.iterations && !tt_budget_spend(w, work_per_pass))
		passes++;
	if (tt_stream_substep(w, st, h, sub, passes) > 0)
		reset_nonfinite(w);
}

/* The colliders' and grabs' poses carried to the next step. */
static void end_step(tt_world *w)
{
	tt_collider_end_step(w);
	tt_grab_end_step(w);
}

void tt_solver_step(tt_world *w)
{
	const float h = w->def.time_step / (float)w->def.substeps;
	tt_springs *s = &w->springs;
	s->h = h;
	int drag = tt_drag_prepare(w);  /* wind and forces: 0 when none */
	tt_collider_begin_step(w);
	if (w->grabs.count > 0)
		tt_grab_begin_step(w);
	tt_stream st = tt_stream_begin(w, drag);
	/* units of a substep beyond its iterations (integration, contacts),
	 * and of one constraint pass */
	long work = (long)w->particles.count * (1 + w->colliders.count) + 1;
	long work_per_pass = (long)s->count + w->angles.count + 1 +
			     (w->softbodies.count > 0 ? w->particles.count : 0);
	if (!st.on && tt_rope_step_fits(w, drag)) {  /* no collider, no grab */
		tt_rope_step(w, h, work, work_per_pass);  /* all but the ends */
		end_step(w);
		return;
	}
	if (!st.on)
		limit_all(w);
	if (st.whole)  /* nothing runs between its substeps */
		tt_stream_step(w, &st, h, work, work_per_pass);
	for (int sub = 0; !st.whole && sub < w->def.substeps; sub++) {
		if (tt_budget_spend(w, work))
			break;
		if (st.on)
			streamed(w, &st, h, sub, work_per_pass);
		else
			staged(w, h, sub, work_per_pass);
		tt_contact_restitution(w, h);
		if (s->damped > 0)
			damp(w, h);
		if (w->softbodies.count > 0)
			tt_softbody_velocities(w, h);
		if (w->particles.damped > 0 || w->def.damping > 0.0f)
			tt_damping_apply(w, h);
		if (drag)
			tt_drag_apply(w, h);
		if (w->cloths.count > 0)
			tt_cloth_push(w, h);
	}
	if (w->ropes.count > 0) {
		tt_rope_damp(w);  /* a turn about a far pin can be fast */
		limit_all(w);
	}
	if (st.limit)  /* streamed, but no substep ran */
		limit_all(w);
	if (w->bonechains.count > 0)
		tt_bonechain_step(w);  /* places its nodes: before they stop */
	if (!st.stopped)  /* a pinned particle moves only as move_to asked */
		tt_range_stop_pinned(&w->particles, 0, w->particles.count);
	if (w->colliders.count > 0) {
		jitter(w);
		tt_contact_tip(w);
	}
	end_step(w);
}
