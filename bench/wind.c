/* `taut bench wind K --ropes N --steps S [--segments M]`: what wind
 * costs per particle per step. N hanging ropes of M (100) segments are stepped three
 * ways: plain (no drag, no field), still (drag on every particle and
 * segment, no field: the drag passes against still air) and wind (drag
 * and one field of kind K). Printed per particle-step: the three times,
 * wind - plain (all the wind costs) and wind - still (sampling the field).
 * Kind "grid" has its 17 x 9 lattice rewritten from C before every step,
 * as the binding does for a Lua function (minus the Lua calls). */
#include <stdio.h>
#include <string.h>

#include "../core/taut.h"
#include "workload.h"

static const char *const kinds[] = {"uniform", "noise", "vortex", "radial",
				    "grid"};

static tt_status build(tt_world_id *w, int ropes, int segments, int drag)
{
	tt_world_def def = tt_world_def_default();
	tt_status status = tt_world_create(&def, w);
	tt_particle_def pd = tt_particle_def_default();
	tt_spring_def sd = tt_spring_def_default();
	pd.drag = drag ? 0.05f : 0.0f;
	sd.drag = drag ? 0.5f : 0.0f;
	for (int r = 0; r < ropes && status == TT_OK; r++)
		for (int k = 0; k <= segments && status == TT_OK; k++) {
			pd.position = (tt_vec3){(float)r, -BENCH_REST * k, 0.0f};
			pd.mass = k == 0 ? 0.0f : 0.1f;
			sd.a = sd.b;
			status = tt_particle_create(*w, &pd, &sd.b);
			if (status == TT_OK && k > 0)
				status = tt_spring_create(*w, &sd, &(tt_spring_id){0});
		}
	return status;
}

static tt_status add_field(tt_world_id w, int kind, int ropes, tt_wind_id *id)
{
	tt_wind_def def = tt_wind_def_default();
	def.kind = (tt_wind_kind)kind;
	def.strength = 4.0f;
	def.center = (tt_vec3){0.5f * (float)ropes, -12.0f, 0.0f};
	def.radius = 30.0f;
	def.grid_lo = (tt_vec3){-5.0f, -30.0f, 0.0f};
	def.grid_hi = (tt_vec3){(float)ropes + 5.0f, 5.0f, 0.0f};
	def.grid_cells[0] = 16, def.grid_cells[1] = 8;
	return tt_wind_create(w, &def, id);
}

/* Seconds for steps steps, after a few untimed ones. */
static double run(tt_world_id w, tt_wind_id grid, int steps)
{
	double wall = 0.0;
	for (int k = -10; k < steps; k++) {
		double start = bench_now();
		for (int i = 0; i < tt_wind_grid_count(grid); i++)
			tt_wind_grid_set(grid, i, (tt_vec3){4.0f, 0.1f * (float)(k % 7), 0});
		tt_world_step(w);
		if (k >= 0)
			wall += bench_now() - start;
	}
	return wall;
}

/* ns per particle-step of one variant: 0 plain, 1 still, 2 wind. */
static double variant(int which, int kind, const int size[3])
{
	int ropes = size[0], steps = size[2];
	tt_world_id w = {0};
	tt_wind_id field = {0};
	tt_status status = build(&w, ropes, size[1], which > 0);
	if (status == TT_OK && which == 2)
		status = add_field(w, kind, ropes, &field);
	if (status != TT_OK) {
		fprintf(stderr, "taut bench: %s\n", tt_status_message(status));
		tt_world_destroy(w);
		return -1.0;
	}
	double wall = run(w, kind == TT_WIND_GRID ? field : (tt_wind_id){0}, steps);
	double per = (double)tt_world_particle_count(w) * steps;
	tt_world_destroy(w);
	return 1e9 * wall / per;
}

int bench_wind(const char *kind_name, int ropes, int segments, int steps)
{
	const int size[3] = {ropes, segments, steps};
	int kind = 0;
	while (kind < 5 && strcmp(kinds[kind], kind_name) != 0)
		kind++;
	if (kind == 5) {
		fprintf(stderr, "taut bench: unknown wind kind '%s' (expected "
			"uniform, noise, vortex, radial, grid)\n", kind_name);
		return 2;
	}
	double ns[3];
	for (int v = 0; v < 3; v++)
		if ((ns[v] = variant(v, kind, size)) < 0.0)
			return 1;
	printf("RESULT kind=%s plain=%.3f still=%.3f wind=%.3f "
	       "wind_cost=%.3f sampling=%.3f (ns per particle-step)\n",
	       kind_name, ns[0], ns[1], ns[2], ns[2] - ns[0], ns[2] - ns[1]);
	return 0;
}
