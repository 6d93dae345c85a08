/* Measures of a soft body, for tests, the HUD and scripts: area, centre,
 * energy, distance from the rest shape, and the view the drawing reads.
 * Each resolves the body's ids first, so it is right between steps too. */
#include <math.h>

#include "world.h"

static tt_softbody *fresh(tt_softbody_id id, tt_world **w)
{
	tt_softbody *b = tt_softbody_lookup(id, w);
	if (b) {
		tt_softbody_refresh(*w, b);
		tt_softbody_find_parts(*w, b);
	}
	return b;
}

float tt_softbody_outline_area(const tt_world *w, tt_softbody *b)
{
	const tt_particles *p = &w->particles;
	int n = 0;
	for (int k = 0; k < b->outline_count; k++)
		if (b->ring[k] >= 0)
			b->gx[n] = p->x[b->ring[k]], b->gy[n++] = p->y[b->ring[k]];
	return n < 3 ? 0.0f : tt_softbody_polygon_area(b->gx, b->gy, n);
}

float tt_softbody_area(tt_softbody_id id)
{
	tt_world *w;
	tt_softbody *b = fresh(id, &w);
	return b ? tt_softbody_outline_area(w, b) : 0.0f;
}

tt_vec3 tt_softbody_center(tt_softbody_id id)
{
	tt_world *w;
	tt_softbody *b = fresh(id, &w);
	if (!b)
		return (tt_vec3){0};
	const tt_particles *p = &w->particles;
	double m = 0.0, cx = 0.0, cy = 0.0;
	for (int k = 0; k < b->node_count; k++) {
		int i = b->dense[k];
		if (i >= 0)
			m += p->mass[i], cx += p->mass[i] * p->x[i],
				cy += p->mass[i] * p->y[i];
	}
	if (!(m > 0.0))
		return (tt_vec3){0};
	return (tt_vec3){(float)(cx / m), (float)(cy / m), 0.0f};
}

int tt_softbody_torn(tt_softbody_id id)
{
	tt_world *w;
	tt_softbody *b = fresh(id, &w);
	return b ? b->torn : 0;
}

static double spring_energy(tt_spring_id s)
{
	float c = tt_spring_get_compliance(s);
	if (!tt_spring_valid(s) || !(c > 0.0f))
		return 0.0;
	double stretch = tt_spring_get_length(s) - tt_spring_get_rest_length(s);
	return 0.5 * stretch * stretch / c;
}

tt_softbody_energy tt_softbody_get_energy(tt_softbody_id id)
{
	tt_world *w;
	tt_softbody *b = fresh(id, &w);
	tt_softbody_energy e = {0};
	if (!b)
		return e;
	const tt_particles *p = &w->particles;
	tt_vec3 g = w->def.gravity;
	for (int k = 0; k < b->node_count; k++) {
		int i = b->dense[k];
		if (i < 0)
			continue;
		double v2 = (double)p->vx[i] * p->vx[i] + (double)p->vy[i] * p->vy[i];
		e.kinetic += 0.5 * p->mass[i] * v2;
		e.potential -= p->mass[i] * ((double)g.x * p->x[i] + (double)g.y * p->y[i]);
	}
	for (int k = 0; k < b->spring_count; k++)
		e.elastic += spring_energy(b->springs[k]);
	return e;
}

float tt_softbody_shape_error(tt_softbody_id id)
{
	tt_world *w;
	tt_softbody *b = fresh(id, &w);
	if (!b || !(b->rest_radius > 0.0f))
		return 0.0f;
	const tt_particles *p = &w->particles;
	double sum = 0.0;
	int n = 0;
	for (int q = 0; q < b->parts; q++) {  /* each part from its own fit */
		tt_fit f;
		if (!tt_shape_fit(w, b, q, &f))
			continue;
		for (int j = b->part_start[q]; j < b->part_start[q + 1]; j++) {
			int k = b->order[j], i = b->dense[k];
			if (i < 0)
				continue;
			float gx, gy;
			tt_shape_goal(&f, b, k, &gx, &gy);
			sum += hypot(p->x[i] - gx, p->y[i] - gy);
			n++;
		}
	}
	return n > 0 ? (float)(sum / n) / b->rest_radius : 0.0f;
}

tt_softbody_view tt_softbody_get_view(tt_softbody_id id)
{
	tt_world *w;
	tt_softbody *b = fresh(id, &w);
	if (!b)
		return (tt_softbody_view){0};
	tt_softbody_refresh_cells(w, b);
	return (tt_softbody_view){b->node_count, b->dense,	  b->u,
				  b->v,		 b->outline_count, b->outline,
				  b->edge_open,	 b->cell_count,	  b->cells,
				  b->cell_rest,	 b->cell_open};
}
