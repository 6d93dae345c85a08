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
 * Face-on there is no lift. In a 2D world the sheet lies in the plane the
 * air moves in, so the air passes through it: drag q C_d u, no lift. A
 * third of the force goes to each corner.
 *
 * It is computed once per step, before it, with the wind sampled at the
 * step's start as drag.c does (the force on a 64 x 64 cloth costs 0.3 ms;
 * each substep it would be 8 times that), and applied over the substeps.
 * Explicit, it blew up: a flag of 0.2 kg/m^2 in a 40 m/s wind, its motion
 * along its normal damped by lift at rho A s C_l / 2 (k dt / m about 1 a
 * step for a triangle, 6 for a node, which six triangles push), fluttered
 * faster each step until it flew apart at max_speed. So each node's force
 * is held implicitly against its own mass and the damping its triangles
 * put on it (backward Euler on that damping): a light sheet in a gale
 * relaxes toward the air without overshooting it. */
#include <math.h>
#include <string.h>

#include "threads.h"
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

/* Row j's nodes from sample i0 to the next (or the last), blended from
 * the samples around them (none at a sample itself); in runs, so no node
 * divides to find its samples. */
static void blend_run(tt_cloth *c, int j, int i0, int si, int sj)
{
	int cols = c->cols, rows = c->rows, row = cols + 1;
	int j0 = j - j % sj, j1 = j0 + sj < rows ? j0 + sj : rows;
	int i1 = i0 + si < cols ? i0 + si : cols;
	float b = j1 > j0 ? (float)(j - j0) / (float)(j1 - j0) : 0.0f;
	const float *q00 = c->air + 3 * (j0 * row + i0),
		    *q10 = c->air + 3 * (j0 * row + i1),
		    *q01 = c->air + 3 * (j1 * row + i0),
		    *q11 = c->air + 3 * (j1 * row + i1);
	for (int i = i0 + (j == j0); i < i0 + si && i <= cols; i++) {
		float a = i1 > i0 ? (float)(i - i0) / (float)(i1 - i0) : 0.0f;
		float *o = c->air + 3 * (j * row + i);
		for (int d = 0; d < 3; d++)
			o[d] = (1.0f - b) * ((1.0f - a) * q00[d] + a * q10[d]) +
			       b * ((1.0f - a) * q01[d] + a * q11[d]);
	}
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
		for (int i = 0; (j % sj == 0 || j == rows) && i <= cols; i++)
			if (i % si == 0 || i == cols)
				put_air(c, j * row + i, air_at(w, c, j * row + i));
	for (int j = 0; j <= rows; j++)
		for (int i0 = 0; i0 <= cols; i0 += si)
			blend_run(c, j, i0, si, sj);
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

/* The force on triangle t in relative air rel (speed s, direction u),
 * and into *k the damping it puts on the triangle's motion (N s/m): the
 * force grows as s^2, so 2 |F| / s along the air; along the normal,
 * where with cos small lift is q C_l w_n / s, rho A s C_l / 2, and drag
 * as much again. */
static tt_vec3 force_on(const tt_world *w, const tt_cloth *c, const int d[3],
			tt_vec3 rel, float *k)
{
	const tt_particles *p = &w->particles;
	tt_vec3 a = at(p->x, p->y, p->z, d[0]);
	tt_vec3 normal = v3_cross(v3_sub(at(p->x, p->y, p->z, d[1]), a),
				  v3_sub(at(p->x, p->y, p->z, d[2]), a));
	float twice_area = v3_length(normal), s = v3_length(rel);
	*k = 0.0f;
	if (!(twice_area > 0.0f) || !(s > 1e-6f))
		return v3(0.0f, 0.0f, 0.0f);
	tt_vec3 u = v3_scale(rel, 1.0f / s);
	float q = 0.25f * c->air_density * s * s * twice_area;
	if (!w->def.is_3d) {
		*k = 2.0f * q * c->drag / s;
		return v3_scale(u, q * c->drag);
	}
	tt_vec3 n = v3_scale(normal, 1.0f / twice_area);
	float cos_t = v3_dot(n, u);
	tt_vec3 f = v3_add(v3_scale(u, q * c->drag * (fabsf(cos_t) + SKIN)),
			   v3_scale(v3_mad(n, u, -cos_t), q * c->lift * cos_t));
	*k = 2.0f * v3_length(f) / s +
	     0.25f * c->air_density * twice_area * s * (c->lift + c->drag);
	return f;
}

/* Each node's force held implicitly against its own inertia and the
 * damping k its triangles put on it: F / (1 + k dt / m), so under that
 * damping alone its velocity relaxes toward the air's over a step and
 * never past it (backward Euler). */
static void hold(const tt_world *w, tt_cloth *c)
{
	const float *wi = w->particles.inv_mass;
	for (int n = 0; n < c->laid; n++) {
		int i = c->dense[n];
		float share = i >= 0 ? 1.0f + c->damp[n] * w->def.time_step * wi[i]
				     : 1.0f;
		for (int k = 0; k < 3; k++)
			c->force[3 * n + k] /= share;
	}
}

/* Triangles [from, to)'s shares, a third of each, into tri_air: none
 * (NaN) for a triangle that no longer stands, or went non-finite. */
static void shares(const tt_world *w, const tt_cloth *c, int from, int to)
{
	for (int t = from; t < to; t++) {
		const int32_t *n = c->tri + 3 * t;
		int d[3] = {c->dense[n[0]], c->dense[n[1]], c->dense[n[2]]};
		float k = NAN, *out = c->tri_air + 4 * t;
		tt_vec3 f = v3(0.0f, 0.0f, 0.0f);
		if (c->standing[t])
			f = v3_scale(force_on(w, c, d, relative_air(w, c, t, d), &k),
				     1.0f / 3.0f);
		out[0] = f.x, out[1] = f.y, out[2] = f.z;
		out[3] = tt_vec3_finite(f) && isfinite(k) ? k / 3.0f : NAN;
	}
}

/* The triangles split among the world's threads: each writes its own
 * shares, and the nodes sum them after, in triangle order as one pass
 * would. */
#define LEAST_TRIANGLES 1024

typedef struct aero_job {
	const tt_world *w;
	const tt_cloth *c;
} aero_job;

static void aero_part(void *ctx, int part, int parts)
{
	const aero_job *j = ctx;
	long long n = j->c->triangle_count;
	shares(j->w, j->c, (int)(n * part / parts), (int)(n * (part + 1) / parts));
}

static void all_shares(const tt_world *w, const tt_cloth *c)
{
	int parts = w->split_all ? w->threads
				 : c->triangle_count / LEAST_TRIANGLES;
	parts = parts < w->threads ? parts : w->threads;
	aero_job j = {w, c};
	tt_threads_run(aero_part, &j, parts > 1 ? parts : 1);
}

void tt_cloth_aero(tt_world *w, tt_cloth *c)
{
	memset(c->force, 0, 3 * (size_t)c->laid * sizeof *c->force);
	memset(c->damp, 0, (size_t)c->laid * sizeof *c->damp);
	if ((c->drag == 0.0f && c->lift == 0.0f) || c->air_density == 0.0f)
		return;
	sample(w, c);
	all_shares(w, c);
	for (int t = 0; t < c->triangle_count; t++) {
		const int32_t *n = c->tri + 3 * t;
		const float *f = c->tri_air + 4 * t;
		if (isnan(f[3]))
			continue;
		for (int m = 0; m < 3; m++) {
			float *out = c->force + 3 * n[m];
			out[0] += f[0], out[1] += f[1], out[2] += f[2];
			c->damp[n[m]] += f[3];
		}
	}
	hold(w, c);
}

/* Every substep; the arrays held in locals, which the stores to the
 * velocities made the loop load again for every node. */
static void push(tt_particles *p, const tt_cloth *c, float h)
{
	const float *force = c->force, *wi = p->inv_mass;
	const int32_t *dense = c->dense;
	float *vx = p->vx, *vy = p->vy, *vz = p->vz;
	for (int n = 0; n < c->laid; n++) {
		int i = dense[n];
		float s = i >= 0 ? h * wi[i] : 0.0f;
		if (s == 0.0f)
			continue;
		vx[i] += force[3 * n] * s;
		vy[i] += force[3 * n + 1] * s;
		vz[i] += force[3 * n + 2] * s;
	}
}

void tt_cloth_push(tt_world *w, float h)
{
	for (int k = 0; k < w->cloths.count; k++)
		push(&w->particles, &w->cloths.items[k], h);
}
