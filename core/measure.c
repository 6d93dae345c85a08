/* Measures and queries over a whole world: the determinism hash, energy,
 * worst strain, nearest particle. Read-only. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "world.h"

static uint64_t fnv1a(uint64_t hash, const void *data, size_t size)
{
	const unsigned char *bytes = data;
	for (size_t i = 0; i < size; i++) {
		hash ^= bytes[i];
		hash *= 1099511628211ull;
	}
	return hash;
}

uint64_t tt_world_hash(tt_world_id id)
{
	uint64_t hash = 14695981039346656037ull;
	tt_world *w = tt_world_get(id);
	if (!w)
		return hash;
	tt_particles *p = &w->particles;
	const float *columns[] = {p->x, p->y, p->z, p->vx, p->vy, p->vz};
	size_t size = (size_t)p->count * sizeof(float);
	hash = fnv1a(hash, &p->count, sizeof p->count);
	for (int c = 0; c < 6 && size > 0; c++)
		hash = fnv1a(hash, columns[c], size);
	return hash;
}

double tt_world_energy(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	if (!w)
		return 0.0;
	tt_particles *p = &w->particles;
	tt_vec3 g = w->def.gravity;
	double energy = 0.0;
	for (int i = 0; i < p->count; i++) {
		double v2 = (double)p->vx[i] * p->vx[i] +
			    (double)p->vy[i] * p->vy[i] +
			    (double)p->vz[i] * p->vz[i];
		double height = -((double)g.x * p->x[i] + (double)g.y * p->y[i] +
				  (double)g.z * p->z[i]);
		energy += p->mass[i] * (0.5 * v2 + height);
	}
	return energy;
}

float tt_world_max_strain(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	if (!w)
		return 0.0f;
	tt_particles *p = &w->particles;
	tt_springs *s = &w->springs;
	double worst = 0.0;  /* in double: far-flung ends must not read inf */
	for (int c = 0; c < s->count; c++) {
		int i = s->a[c], j = s->b[c];
		double dx = (double)p->x[i] - p->x[j], dy = (double)p->y[i] - p->y[j],
		       dz = (double)p->z[i] - p->z[j];
		double len = sqrt(dx * dx + dy * dy + dz * dz);
		double strain = s->rest[c] > 0.0f ? (len - s->rest[c]) / s->rest[c]
						  : 0.0;
		if (s->kind[c] == TT_SPRING_TETHER)  /* slack is not strain */
			strain = fmax(strain, 0.0);
		worst = fmax(worst, fabs(strain));
	}
	return worst < FLT_MAX ? (float)worst : FLT_MAX;
}

tt_particle_id tt_world_nearest_particle(tt_world_id id, tt_vec3 point,
					 float max_distance)
{
	tt_world *w = tt_world_get(id);
	if (!w)
		return (tt_particle_id){0};
	tt_particles *p = &w->particles;
	int best = -1;
	float best2 = max_distance * max_distance;
	for (int i = 0; i < p->count; i++) {
		float dx = p->x[i] - point.x, dy = p->y[i] - point.y,
		      dz = p->z[i] - point.z;
		float d2 = dx * dx + dy * dy + dz * dz;
		if (d2 <= best2) {
			best2 = d2;
			best = i;
		}
	}
	if (best < 0)
		return (tt_particle_id){0};
	return tt_particle_id_at(w, best);
}
