/* The air on a cloth: drag and lift of every standing triangle from the
 * air's velocity relative to it (the wind fields minus the triangle's
 * motion), so a flag streams and flutters in a wind and a cape billows
 * behind a runner in still air.
 *
 * A flat plate of area A in air of density rho moving at w relative to it
 * (speed s, direction u), its unit normal n at cos(theta) = n . u to it,
 * feels, with q = rho s^2 A / 2 (after Keckeisen et al., "Interactive
 * cloth simulation in virtual environments", 2003):
 *   drag  q C_d (|cos theta| + SKIN) u        along the relative wind
 *   lift  q C_l cos theta (n - cos theta u)   across it, |.| = q C_l
 *                                             |cos theta| sin theta
 * SKIN is the friction of the air sliding along the sheet: a plate
 * edge-on to the wind feels no pressure, and without it a flag hanging in
 * a wind along its plane would not stream at all. 5% of C_d (chosen, not
 * measured) lets a 0.2 kg/m^2 flag lift toward level between 3 and 12 m/s.
 * Face-on there is no lift. In a 2D
 * world the sheet lies in the plane the air moves in, so the air passes
 * through it: drag q C_d u, no lift. A third of the force goes to each
 * corner. It is computed once per step, before it (with the wind sampled
 * at the step's start, as drag.c does), and applied as a force for the
 * step: the change it makes to the triangle's mean velocity is held below
 * the relative speed, so a light sheet in a gale relaxes toward the air
 * without overshooting it. */
#include <math.h>

#include "vec3.h"
#include "world.h"

#define SKIN 0.05f       /* skin friction, a share of C_d */
#define AIR_SAMPLES 16  /* most lattice steps each way a grid samples */

/* The air at node k, the enabled fields summed (zero for a node gone). */
static tt_vec3 air_at(const tt_world *w, const tt_cloth *c, int k)
{
	const tt_particles *p = &w->particles;
	const tt_winds *winds = &w->winds;
	tt_vec3 u = v3(0.0f, 0.0f, 0.0f);
	int i = c->dense[k];
	for (int f = 0; i >= 0 && f < winds->count && winds->enabled; f++)
		if (winds->fields[f].def.enabled)
			u = v3_add(u, tt_wind_field_velocity(&winds->fields[f],
							     v3(p->x[i], p->y[i], p->z[i]),
							     (float)winds->time));
	return w->def.is_3d ? u : v3(u.x, u.y, 0.0f);
}

static void put_air(tt_cloth *c, int k, tt_vec3 u)
{
	c->air[3 * k] = u.x, c->air[3 * k + 1] = u.y, c->air[3 * k + 2] = u.z;
}

/* The air at the grid nodes on a coarse lattice (every stride-th node
 * each way, and the last), blended bilinearly between along the grid:
 * gusts are metres wide, a noise field costs ~170 ns a sample, and a
 * 64 x 64 cloth sampled at every node spent 0.7 ms a step on it. */
static void sample_grid(const tt_world *w, tt_cloth *c)
{
	int cols = c->cols, rows = c->rows, row = cols + 1;
	int si = (cols + AIR_SAMPLES - 1) / AIR_SAMPLES;
	int sj = (rows + AIR_SAMPLES - 1) / AIR_SAMPLES;
	for (int j = 0; j <= rows; j++)
		for (int i = 0; i <= cols && (j % sj == 0 || j == rows); i++)
			if (i % si == 0 || i == cols)
				put_air(c, j * row + i, air_at(w, c, j * row + i));
	for (int j = 0; j <= rows; j++)
		for (int i = 0; i <= cols; i++) {
			int i0 = i - i % si, j0 = j - j % sj;
			int i1 = i0 + si < cols ? i0 + si : cols;
			int j1 = j0 + sj < rows ? j0 + sj : rows;
			float a = i1 > i0 ? (float)(i - i0) / (float)(i1 - i0) : 0.0f;
			float b = j1 > j0 ? (float)(j - j0) / (float)(j1 - j0) : 0.0f;
			const float *q00 = c->air + 3 * (j0 * row + i0),
				    *q10 = c->air + 3 * (j0 * row + i1),
				    *q01 = c->air + 3 * (j1 * row + i0),
				    *q11 = c->air + 3 * (j1 * row + i1);
			float *o = c->air + 3 * (j * row + i);
			for (int d = 0; d < 3 && (i != i0 || j != j0); d++)
				o[d] = (1.0f - b) * ((1.0f - a) * q00[d] + a * q10[d]) +
				       b * ((1.0f - a) * q01[d] + a * q11[d]);
		}
}

static void sample(const tt_world *w, tt_cloth *c)
{
	if (c->kind == TT_CLOTH_GRID) {
		sample_grid(w, c);
		return;
	}
	for (int k = 0; k < c->laid; k++)
		put_air(c, k, air_at(w, c, k));
}

static tt_vec3 at(const float *x, const float *y, const float *z, int i)
{
	return v3(x[i], y[i], z[i]);
}

/* The air's velocity relative to triangle t (corners' dense indices d):
 * the mean of the air at its corners minus the mean of their velocities. */
static tt_vec3 relative_air(const tt_world *w, const tt_cloth *c, int t,
			    const int d[3])
{
	const tt_particles *p = &w->particles;
	const int32_t *n = c->tri + 3 * t;
	tt_vec3 rel = v3(0.0f, 0.0f, 0.0f);
	for (int k = 0; k < 3; k++)
		rel = v3_add(rel, v3_sub(v3(c->air[3 * n[k]], c->air[3 * n[k] + 1],
					    c->air[3 * n[k] + 2]),
					 at(p->vx, p->vy, p->vz, d[k])));
	return v3_scale(rel, 1.0f / 3.0f);
}

/* The force on triangle t in relative air rel. */
static tt_vec3 force_on(const tt_world *w, const tt_cloth *c, const int d[3],
			tt_vec3 rel)
{
	const tt_particles *p = &w->particles;
	tt_vec3 a = at(p->x, p->y, p->z, d[0]);
	tt_vec3 normal = v3_cross(v3_sub(at(p->x, p->y, p->z, d[1]), a),
				  v3_sub(at(p->x, p->y, p->z, d[2]), a));
	float twice_area = v3_length(normal), s = v3_length(rel);
	if (!(twice_area > 0.0f) || !(s > 1e-6f))
		return v3(0.0f, 0.0f, 0.0f);
	tt_vec3 u = v3_scale(rel, 1.0f / s);
	float q = 0.25f * c->air_density * s * s * twice_area;
	if (!w->def.is_3d)
		return v3_scale(u, q * c->drag);
	tt_vec3 nu = v3_scale(normal, 1.0f / twice_area);
	float cos_t = v3_dot(nu, u);
	tt_vec3 lift = v3_mad(nu, u, -cos_t);
	return v3_add(v3_scale(u, q * c->drag * (fabsf(cos_t) + SKIN)),
		      v3_scale(lift, q * c->lift * cos_t));
}

/* f held so that it changes the corners' mean velocity (by f dt wsum / 9)
 * by less than the relative speed s over the step. */
static tt_vec3 held(const tt_world *w, tt_vec3 f, float s, float wsum)
{
	float mag = v3_length(f), most = 9.0f * s / (w->def.time_step * wsum);
	return mag > most ? v3_scale(f, most / mag) : f;
}

void tt_cloth_aero(tt_world *w, tt_cloth *c)
{
	if ((c->drag == 0.0f && c->lift == 0.0f) || c->air_density == 0.0f)
		return;
	tt_particles *p = &w->particles;
	sample(w, c);
	for (int t = 0; t < c->triangle_count; t++) {
		const int32_t *n = c->tri + 3 * t;
		int d[3] = {c->dense[n[0]], c->dense[n[1]], c->dense[n[2]]};
		if (!c->standing[t])
			continue;
		float wsum = p->inv_mass[d[0]] + p->inv_mass[d[1]] + p->inv_mass[d[2]];
		if (wsum == 0.0f)
			continue;
		tt_vec3 rel = relative_air(w, c, t, d);
		tt_vec3 f = v3_scale(held(w, force_on(w, c, d, rel), v3_length(rel),
					  wsum),
				     1.0f / 3.0f);
		if (!tt_vec3_finite(f))
			continue;
		for (int k = 0; k < 3; k++)
			p->fx[d[k]] += f.x, p->fy[d[k]] += f.y, p->fz[d[k]] += f.z;
		p->forced = 1;
	}
}
