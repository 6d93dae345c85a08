/* Shape matching (Müller, Heidelberger, Teschner, Gross, "Meshless
 * deformations based on shape matching", SIGGRAPH 2005), in 2D.
 *
 * With node masses m_i, positions x_i and rest positions q_i, the best
 * rigid fit of the rest shape is the translation between the centres of
 * mass c and c_q and the rotation R of the polar decomposition of
 *   A = sum_i m_i (x_i - c) (q_i - c_q)^T,
 * which in 2D is the angle atan2(A_yx - A_xy, A_xx + A_yy). Each node then
 * moves a share k of the way to its goal g_i = c + R (q_i - c_q). Only the
 * nodes still there count, so a body that lost some keeps matching the
 * rest; a body cut apart is matched part by part (softbody_parts.c). k
 * per projection is 1 - (1 - s)^(1 / passes) for stiffness s, so a step
 * closes the share s of the gap whatever the substeps (Müller's alpha per
 * step). */
#include <math.h>

#include "world.h"

int tt_shape_fit(const tt_world *w, const tt_softbody *b, int part, tt_fit *f)
{
	const tt_particles *p = &w->particles;
	const int32_t *node = b->order + b->part_start[part];
	const int n = b->part_start[part + 1] - b->part_start[part];
	double m = 0.0, cx = 0.0, cy = 0.0, qx = 0.0, qy = 0.0;
	for (int j = 0; j < n; j++) {
		int k = node[j], i = b->dense[k];
		if (i < 0)
			continue;
		double mi = p->mass[i];
		m += mi, cx += mi * p->x[i], cy += mi * p->y[i];
		qx += mi * b->qx[k], qy += mi * b->qy[k];
	}
	if (!(m > 0.0))
		return 0;
	f->cx = (float)(cx / m), f->cy = (float)(cy / m);
	f->qx = (float)(qx / m), f->qy = (float)(qy / m);
	double dot = 0.0, crs = 0.0;
	for (int j = 0; j < n; j++) {
		int k = node[j], i = b->dense[k];
		if (i < 0)
			continue;
		double mi = p->mass[i];
		double dx = p->x[i] - f->cx, dy = p->y[i] - f->cy;
		double ex = b->qx[k] - f->qx, ey = b->qy[k] - f->qy;
		dot += mi * (dx * ex + dy * ey);
		crs += mi * (ex * dy - ey * dx);
	}
	double a = atan2(crs, dot);
	f->c = (float)cos(a), f->s = (float)sin(a);
	return 1;
}

void tt_shape_goal(const tt_fit *f, const tt_softbody *b, int k,
		   float *gx, float *gy)
{
	float ex = b->qx[k] - f->qx, ey = b->qy[k] - f->qy;
	*gx = f->cx + f->c * ex - f->s * ey;
	*gy = f->cy + f->s * ex + f->c * ey;
}

static void match_part(tt_world *w, const tt_softbody *b, int part)
{
	tt_particles *p = &w->particles;
	tt_fit f;
	if (!tt_shape_fit(w, b, part, &f))
		return;
	const float k = b->shape_k;
	for (int j = b->part_start[part]; j < b->part_start[part + 1]; j++) {
		int n = b->order[j], i = b->dense[n];
		if (i < 0 || p->inv_mass[i] == 0.0f)
			continue;
		float gx, gy;
		tt_shape_goal(&f, b, n, &gx, &gy);
		p->x[i] += k * (gx - p->x[i]);
		p->y[i] += k * (gy - p->y[i]);
	}
}

void tt_shape_match(tt_world *w, tt_softbody *b)
{
	for (int q = 0; q < b->parts; q++)
		match_part(w, b, q);
}
