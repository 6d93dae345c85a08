/* How the air acts: drag, once the step has sampled the wind.
 *
 * Once per step the enabled fields are summed at every particle (u, the
 * air velocity), at the step's start time; the substeps then read u from
 * flat arrays. After each substep's velocity update (like spring damping):
 * - a particle with drag k feels k (u - v): its velocity relaxes towards
 *   the air's by a share min(k h / m, 1) per substep, so the terminal
 *   relative velocity is exactly m g / k and never overshoots;
 * - a spring with drag c is a segment of length L in the air: with w the
 *   air's velocity relative to its midpoint, split across and along it,
 *   F = c L (w_across + TT_DRAG_ALONG w_along) (slender-body resistive
 *   force theory: Gray & Hancock 1955, whose cross-flow drag is about
 *   twice the along-flow one; a rope's loose weave makes along smaller
 *   still), half to each end. So a rope streams instead of sliding.
 * Linear in w: stable with substeps, and a rope's angle in a steady cross
 * wind has the closed form tan(theta) = c u / (rho g), rho its mass per
 * metre. Worlds with no drag skip all of this. */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

#define TT_DRAG_ALONG 0.1f  /* along-segment drag / across-segment drag */

/* Air buffers for every particle; 0 when out of memory. */
static int fit_air(tt_winds *winds, int count)
{
	if (count <= winds->air_capacity)
		return 1;
	size_t old = (size_t)winds->air_capacity * sizeof(float),
	       size = (size_t)count * sizeof(float);
	float **columns[3] = {&winds->ax, &winds->ay, &winds->az};
	float *grown[3];
	int ok = 1;
	for (int c = 0; c < 3; c++)  /* all or none: sizes must stay right */
		ok &= (grown[c] = tt_alloc(size)) != NULL;
	for (int c = 0; c < 3; c++) {
		tt_free(ok ? *columns[c] : grown[c], ok ? old : size);
		if (ok)
			*columns[c] = grown[c];
	}
	if (ok)
		winds->air_capacity = count;
	return ok;
}

/* u at every particle: the enabled fields summed, field by field. */
static void sample_air(tt_world *w)
{
	tt_winds *winds = &w->winds;
	tt_particles *p = &w->particles;
	size_t size = (size_t)p->count * sizeof(float);
	memset(winds->ax, 0, size);
	memset(winds->ay, 0, size);
	memset(winds->az, 0, size);
	float t = (float)winds->time;
	for (int f = 0; f < winds->count && winds->enabled; f++) {
		const tt_wind_field *field = &winds->fields[f];
		if (!field->def.enabled)
			continue;
		for (int i = 0; i < p->count; i++) {
			tt_vec3 at = {p->x[i], p->y[i], p->z[i]};
			tt_vec3 u = tt_wind_field_velocity(field, at, t);
			winds->ax[i] += u.x;
			winds->ay[i] += u.y;
			winds->az[i] += w->def.is_3d ? u.z : 0.0f;
		}
	}
}

int tt_drag_prepare(tt_world *w)
{
	if (w->particles.forced)
		tt_force_apply(w);
	int drag = w->particles.dragged > 0 || w->springs.dragged > 0;
	if (drag && !fit_air(&w->winds, w->particles.count))
		drag = 0;  /* out of memory: no drag this step */
	if (drag)
		sample_air(w);
	w->winds.time += w->def.time_step;
	return drag;
}

static void drag_particles(tt_world *w, float h)
{
	tt_particles *p = &w->particles;
	const float *ax = w->winds.ax, *ay = w->winds.ay, *az = w->winds.az;
	const float *k = p->drag, *wi = p->inv_mass;
	float *vx = p->vx, *vy = p->vy, *vz = p->vz;
	for (int i = 0; i < p->count; i++) {
		if (k[i] == 0.0f)
			continue;
		float share = fminf(k[i] * wi[i] * h, 1.0f);
		vx[i] += (ax[i] - vx[i]) * share;
		vy[i] += (ay[i] - vy[i]) * share;
		vz[i] += (az[i] - vz[i]) * share;
	}
}

/* The drag impulse of spring c over h, given to both ends. */
static void drag_segment(tt_world *w, int c, float h)
{
	tt_particles *p = &w->particles;
	const tt_winds *air = &w->winds;
	int i = w->springs.a[c], j = w->springs.b[c];
	float wsum = p->inv_mass[i] + p->inv_mass[j];
	float dx = p->x[j] - p->x[i], dy = p->y[j] - p->y[i],
	      dz = p->z[j] - p->z[i];
	float len2 = dx * dx + dy * dy + dz * dz;
	if (wsum == 0.0f || len2 < 1e-18f)
		return;
	float len = sqrtf(len2);
	/* relative air at the midpoint, split along d and across it */
	float rx = 0.5f * (air->ax[i] + air->ax[j] - p->vx[i] - p->vx[j]);
	float ry = 0.5f * (air->ay[i] + air->ay[j] - p->vy[i] - p->vy[j]);
	float rz = 0.5f * (air->az[i] + air->az[j] - p->vz[i] - p->vz[j]);
	float along = (rx * dx + ry * dy + rz * dz) / len2;
	float keep = 1.0f - TT_DRAG_ALONG;
	/* c L h (wa + wb) / 4 is the share of w one substep removes: <= 1 */
	float cl = fminf(w->springs.drag[c] * len, 4.0f / (h * wsum));
	float k = 0.5f * cl * h;
	float fx = k * (rx - keep * along * dx), fy = k * (ry - keep * along * dy),
	      fz = k * (rz - keep * along * dz);
	p->vx[i] += p->inv_mass[i] * fx, p->vx[j] += p->inv_mass[j] * fx;
	p->vy[i] += p->inv_mass[i] * fy, p->vy[j] += p->inv_mass[j] * fy;
	p->vz[i] += p->inv_mass[i] * fz, p->vz[j] += p->inv_mass[j] * fz;
}

void tt_drag_apply(tt_world *w, float h)
{
	if (w->particles.dragged > 0)
		drag_particles(w, h);
	for (int c = 0; c < w->springs.count && w->springs.dragged > 0; c++)
		if (w->springs.drag[c] > 0.0f)
			drag_segment(w, c, h);
}
