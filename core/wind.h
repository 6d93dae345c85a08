/* Private: wind fields in a world, and the drag passes of the step. */
#ifndef TT_WIND_H
#define TT_WIND_H

#include "pool.h"
#include "taut.h"

typedef struct tt_wind_field {
	tt_wind_def def;   /* direction and axis unit */
	tt_vec3 *grid;     /* grid kind: lattice samples, x fastest */
	int grid_count;
	int32_t slot;
	int is_3d;         /* its world's: a 2D field skips the z gust */
} tt_wind_field;

typedef struct tt_winds {
	tt_wind_field *fields;  /* dense, in creation order */
	int count, capacity, enabled;
	tt_pool pool;
	float *ax, *ay, *az;    /* air velocity at each particle, this step */
	int air_capacity;
	int air_valid;          /* ax.. hold this step's air (else still) */
	double time;            /* when the next step samples the air */
} tt_winds;

struct tt_world;

/// The air velocity of one field at p, at time t, region included.
tt_vec3 tt_wind_field_velocity(const tt_wind_field *f, tt_vec3 p, float t);
/// Free every field and the air buffers.
void tt_wind_release(tt_winds *winds);

/// Before the substeps: apply pending forces, sample the air at every
/// particle; 1 when the substeps must apply drag.
int tt_drag_prepare(struct tt_world *w);
/// After each substep's velocity update: drag of particles and springs.
void tt_drag_apply(struct tt_world *w, float h);
/// Apply the forces waiting for this step (force.c) and clear them.
void tt_force_apply(struct tt_world *w);

#endif
