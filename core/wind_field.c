/* What one wind field blows at a point: the air velocity of each kind,
 * times the region's weight. Pure functions of the field, the point and
 * the time, so the step, the view's arrows and the tests agree.
 *
 * Noise: gusts are frozen turbulence carried downwind with the mean wind
 * (Taylor's hypothesis) that also changes in place at `speed`: the noise
 * is read at (x - mean t) / scale, shifted by speed t along its third
 * axis, one independent noise per component. Each component then differs
 * between two points by at most strength * turbulence * TT_NOISE_SLOPE *
 * |dx|_1 / scale. Vortex: a Rankine vortex (solid core, then 1 / r).
 * Region edges fade with a smoothstep, so the force is C1 across them. */
#include <math.h>

#include "noise.h"
#include "wind.h"

static tt_vec3 scaled(tt_vec3 v, float k)
{
	return (tt_vec3){v.x * k, v.y * k, v.z * k};
}

static tt_vec3 sub(tt_vec3 a, tt_vec3 b)
{
	return (tt_vec3){a.x - b.x, a.y - b.y, a.z - b.z};
}

static float length(tt_vec3 v)
{
	return sqrtf(v.x * v.x + v.y * v.y + v.z * v.z);
}

static tt_vec3 noise(const tt_wind_field *f, tt_vec3 p, float t)
{
	const tt_wind_def *d = &f->def;
	tt_vec3 mean = scaled(d->direction, d->strength);
	tt_vec3 q = scaled(sub(p, scaled(mean, t)), 1.0f / d->scale);
	float k = d->strength * d->turbulence, z = q.z + d->speed * t;
	/* far apart lattice offsets make the three components independent */
	tt_vec3 gust = {tt_noise3(d->seed, q.x, q.y, z),
			tt_noise3(d->seed, q.x + 131.7f, q.y - 71.3f, z),
			f->is_3d ? tt_noise3(d->seed, q.x - 53.1f, q.y + 97.9f, z)
				 : 0.0f};
	return (tt_vec3){mean.x + k * gust.x, mean.y + k * gust.y,
			 mean.z + k * gust.z};
}

/* The part of p - center across the axis, its length in *r. */
static tt_vec3 across_axis(const tt_wind_def *d, tt_vec3 p, float *r)
{
	tt_vec3 rel = sub(p, d->center);
	float along = rel.x * d->axis.x + rel.y * d->axis.y + rel.z * d->axis.z;
	rel = sub(rel, scaled(d->axis, along));
	*r = length(rel);
	return rel;
}

static tt_vec3 vortex(const tt_wind_def *d, tt_vec3 p)
{
	float r;
	tt_vec3 rel = across_axis(d, p, &r);
	if (r < 1e-9f)
		return (tt_vec3){0};
	float speed = r < d->radius ? r / d->radius : d->radius / r;
	tt_vec3 a = d->axis;  /* axis x rel, of length r */
	tt_vec3 turn = {a.y * rel.z - a.z * rel.y, a.z * rel.x - a.x * rel.z,
			a.x * rel.y - a.y * rel.x};
	return scaled(turn, d->strength * speed / r);
}

static tt_vec3 radial(const tt_wind_def *d, tt_vec3 p)
{
	tt_vec3 rel = sub(p, d->center);
	float r = length(rel);
	if (r < 1e-9f || r >= d->radius)
		return (tt_vec3){0};
	return scaled(rel, d->strength * (1.0f - r / d->radius) / r);
}

/* Lattice coordinate of x along one axis, clamped into the box: the cell
 * index in *cell and the fraction in it. */
static float lattice(float x, float lo, float hi, int cells, int *cell)
{
	float u = cells > 0 ? (x - lo) / (hi - lo) * (float)cells : 0.0f;
	u = fminf(fmaxf(u, 0.0f), (float)cells);
	*cell = (int)u < cells ? (int)u : cells - 1;
	if (*cell < 0)
		*cell = 0;
	return cells > 0 ? u - (float)*cell : 0.0f;
}

static tt_vec3 lerp3(tt_vec3 a, tt_vec3 b, float t)
{
	return (tt_vec3){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t,
			 a.z + (b.z - a.z) * t};
}

/* Trilinear blend of the lattice, in the a + (b - a) t form: a flat
 * lattice gives exactly its value, bit for bit the uniform field's. */
static tt_vec3 grid(const tt_wind_field *f, tt_vec3 p)
{
	const tt_wind_def *d = &f->def;
	int n[3] = {d->grid_cells[0] + 1, d->grid_cells[1] + 1,
		    d->grid_cells[2] + 1}, c[3];
	float t[3] = {lattice(p.x, d->grid_lo.x, d->grid_hi.x, n[0] - 1, &c[0]),
		      lattice(p.y, d->grid_lo.y, d->grid_hi.y, n[1] - 1, &c[1]),
		      lattice(p.z, d->grid_lo.z, d->grid_hi.z, n[2] - 1, &c[2])};
	if (!f->grid)
		return (tt_vec3){0};
	int dz = n[2] > 1 ? n[0] * n[1] : 0, dy = n[1] > 1 ? n[0] : 0,
	    dx = n[0] > 1 ? 1 : 0;
	const tt_vec3 *g = f->grid + (c[2] * n[1] + c[1]) * n[0] + c[0];
	tt_vec3 face[2];
	for (int k = 0; k < 2; k++) {
		const tt_vec3 *q = g + k * dz;
		face[k] = lerp3(lerp3(q[0], q[dx], t[0]),
				lerp3(q[dy], q[dy + dx], t[0]), t[1]);
	}
	return lerp3(face[0], face[1], t[2]);
}

/* Distance inside the region's border (negative outside). */
static float inside(const tt_wind_def *d, tt_vec3 p)
{
	tt_vec3 rel = sub(p, d->region_center);
	if (d->region == TT_REGION_CIRCLE)
		return d->region_size.x - length(rel);
	float ix = d->region_size.x - fabsf(rel.x),
	      iy = d->region_size.y - fabsf(rel.y),
	      iz = d->region_size.z - fabsf(rel.z);
	return fminf(fminf(ix, iy), iz);
}

/* 1 deep inside, 0 outside, a smoothstep over the edge between. */
static float region_weight(const tt_wind_def *d, tt_vec3 p)
{
	if (d->region == TT_REGION_NONE)
		return 1.0f;
	float depth = inside(d, p);
	if (depth >= d->edge)
		return depth > 0.0f ? 1.0f : 0.0f;
	if (depth <= 0.0f)
		return 0.0f;
	float s = depth / d->edge;
	return s * s * (3.0f - 2.0f * s);
}

tt_vec3 tt_wind_field_velocity(const tt_wind_field *f, tt_vec3 p, float t)
{
	const tt_wind_def *d = &f->def;
	float weight = region_weight(d, p);
	if (weight == 0.0f)
		return (tt_vec3){0};
	tt_vec3 v;
	switch (d->kind) {
	case TT_WIND_NOISE: v = noise(f, p, t); break;
	case TT_WIND_VORTEX: v = vortex(d, p); break;
	case TT_WIND_RADIAL: v = radial(d, p); break;
	case TT_WIND_GRID: v = grid(f, p); break;
	default: v = scaled(d->direction, d->strength); break;
	}
	return weight == 1.0f ? v : scaled(v, weight);
}
