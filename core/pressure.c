/* Pressure: one area constraint on a body's outline, in XPBD form
 * (Macklin et al. 2016; the 2D case of the volume constraint of Müller et
 * al., "Position Based Dynamics", 2007, section 4.4).
 *
 * With the outline x_k counter-clockwise, its area is
 *   A = 1/2 sum_k (x_k y_{k+1} - x_{k+1} y_k),
 * whose gradient at node k is g_k = 1/2 (y_{k+1} - y_{k-1}, x_{k-1} - x_{k+1}).
 * The constraint is C = A - pressure A_rest; with alpha = compliance / h^2
 *   dlambda = (-C - alpha lambda) / (sum_k w_k g_k . g0_k + alpha),
 *   x_k += w_k dlambda g0_k,
 * a Newton step along the gradient g0 of the outline as it was at the
 * start of the substep, as the springs move along their old direction
 * (SHAKE, core/solver.c). Along the current gradient a ring rolling on a
 * floor with friction speeds up by itself: the contact pushed the outline
 * in, the current gradient then leans the push at the contact nodes
 * (which friction holds) and the rest of the body is driven on (a 32-node
 * ring rolling on a floor: 0.52 to 0.76 m/s in 4 s; along g0 it slows,
 * 0.48 to 0.44 m/s, as rolling resistance does). When the outline
 * turned far within the substep the current gradient is used. lambda / h^2
 * is the gas pressure, in N/m.
 *
 * The area the constraint holds follows pressure * rest area at most
 * RATE rest areas per second, and starts from the area the body has when
 * pressure comes on: a slider dragged from 1 to 3 in one frame would
 * otherwise ask one projection for twice the area, and the nodes would
 * leave at tens of m/s (the balloons flew off the screen). Pressure 0
 * lets the air out the same way, to the rest area, where the skin is
 * slack, and then the constraint stops: switched off at once, a
 * balloon's stretched skin snapped shut and threw it 10 m up (and held
 * down to no area its squeezed skin did the same when let go). A torn
 * body stops at once. */
#include "world.h"

#define RATE 2.0f  /* rest areas per second */

void tt_pressure_advance(tt_world *w, tt_softbody *b)
{
	int letting_out = !(b->pressure > 0.0f);
	float goal = letting_out ? b->rest_area : b->pressure * b->rest_area;
	if (b->torn || (!b->pressing && letting_out)) {
		b->pressing = 0;
		return;
	}
	if (!b->pressing) {
		b->pressing = 1;
		b->target_area = tt_softbody_outline_area(w, b);
	}
	float most = RATE * b->rest_area * w->def.time_step;
	float change = goal - b->target_area;
	b->target_area += change > most ? most : change < -most ? -most : change;
	if (letting_out && b->target_area == goal)
		b->pressing = 0;  /* let out: the body is its skin alone */
}

/* Node k's gradient from the positions (x, y), with prev, i, next the
 * outline's nodes k - 1, k, k + 1. */
static void gradient_at(const float *x, const float *y, int prev, int next,
			float *gx, float *gy)
{
	*gx = 0.5f * (y[next] - y[prev]);
	*gy = 0.5f * (x[prev] - x[next]);
}

/* The gradients now (g) and at the substep's start (o) at each node, the
 * sums of w g . o (along) and w g . g (now); the area. */
static float gradients(const tt_softbody *b, const tt_particles *p,
		       float *along, float *now)
{
	const int32_t *r = b->ring;
	const int n = b->outline_count;
	const float *x = p->x, *y = p->y, *wi = p->inv_mass;
	float area = 0.0f, sum_o = 0.0f, sum_g = 0.0f;
	for (int k = 0; k < n; k++) {
		int prev = r[k == 0 ? n - 1 : k - 1], i = r[k],
		    next = r[k + 1 == n ? 0 : k + 1];
		float gx, gy, ox, oy;
		area += x[i] * y[next] - x[next] * y[i];
		gradient_at(x, y, prev, next, &gx, &gy);
		gradient_at(p->px, p->py, prev, next, &ox, &oy);
		b->gx[k] = gx, b->gy[k] = gy, b->ox[k] = ox, b->oy[k] = oy;
		sum_o += wi[i] * (gx * ox + gy * oy);
		sum_g += wi[i] * (gx * gx + gy * gy);
	}
	*along = sum_o, *now = sum_g;
	return 0.5f * area;
}

void tt_pressure_solve(tt_world *w, tt_softbody *b, float h)
{
	tt_particles *p = &w->particles;
	float *gx = b->gx, *gy = b->gy, *ox = b->ox, *oy = b->oy;
	const float *wi = p->inv_mass;
	const int32_t *r = b->ring;
	const int n = b->outline_count;
	float along, now, area = gradients(b, p, &along, &now);
	if (!(along > 0.5f * now))  /* turned far: the current gradient */
		ox = gx, oy = gy, along = now;
	float C = area - b->target_area;
	float alpha = b->area_compliance / (h * h);
	if (!(along + alpha > 0.0f))
		return;
	float dl = (-C - alpha * b->area_lambda) / (along + alpha);
	b->area_lambda += dl;
	for (int k = 0; k < n; k++) {
		int i = r[k];
		float move = wi[i] * dl;  /* once: the store to x may alias wi */
		p->x[i] += move * ox[k];
		p->y[i] += move * oy[k];
	}
}
