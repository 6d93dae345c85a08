/* A cut by a sheet: the wedge a slash sweeps through a 3D view. The eye
 * looks through a screen stroke from a to b; every ray from the eye
 * through the stroke lies in the sheet {eye + s (a - eye) + u (b - eye) :
 * s, u >= 0}, the triangle eye-a-b extended without end. A spring p-q is
 * cut where it crosses that sheet: its ends lie on opposite sides of the
 * sheet's plane (half open, as the 2D swipe, so a sheet through a particle
 * cuts one of the springs that meet there), and the crossing point has
 * non-negative coordinates on the two edge rays. Doubles throughout, and
 * springs in dense order, then cut in that order (core/cut.c): the same
 * sheet over the same state cuts the same springs at the same fractions. */
#include "world.h"

typedef struct dvec {
	double x, y, z;
} dvec;

static dvec sub(const float *x, const float *y, const float *z, int i,
		tt_vec3 o)
{
	return (dvec){(double)x[i] - o.x, (double)y[i] - o.y, (double)z[i] - o.z};
}

static dvec dsub(tt_vec3 a, tt_vec3 b)
{
	return (dvec){(double)a.x - b.x, (double)a.y - b.y, (double)a.z - b.z};
}

static dvec cross(dvec a, dvec b)
{
	return (dvec){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
		      a.x * b.y - a.y * b.x};
}

static double dot(dvec a, dvec b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

typedef struct sheet {
	tt_vec3 eye;
	dvec da, db, n;  /* edge rays and their normal da x db */
} sheet;

/* Where spring p-q (relative to the eye) crosses the sheet: the fraction
 * along it in [0, 1), or -1. */
static float crossing(const sheet *s, dvec p, dvec q)
{
	double sp = dot(s->n, p), sq = dot(s->n, q), den = sp - sq;
	double t = den != 0.0 ? sp / den : -1.0;
	if (!(t >= 0.0 && t < 1.0))
		return -1.0f;
	dvec x = {p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t,
		  p.z + (q.z - p.z) * t};
	/* x = alpha da + beta db, both >= 0: inside the wedge */
	double alpha = dot(cross(x, s->db), s->n), beta = dot(cross(s->da, x), s->n);
	return alpha >= 0.0 && beta >= 0.0 ? (float)t : -1.0f;
}

/* Keep the springs the sheet crosses; 0 when out of memory. */
static int collect(tt_world *w, const sheet *s)
{
	const tt_springs *sp = &w->springs;
	const tt_particles *p = &w->particles;
	w->cuts.count = 0;
	for (int c = 0; c < sp->count; c++) {
		dvec a = sub(p->x, p->y, p->z, sp->a[c], s->eye);
		dvec b = sub(p->x, p->y, p->z, sp->b[c], s->eye);
		float t = crossing(s, a, b);
		if (t >= 0.0f &&
		    !tt_cut_keep(&w->cuts, tt_world_spring_at(w->id, c), t))
			return 0;
	}
	return 1;
}

tt_status tt_world_cut_sheet(tt_world_id world, tt_vec3 eye, tt_vec3 a,
			     tt_vec3 b, int *count)
{
	tt_world *w = tt_world_get(world);
	if (count)
		*count = 0;
	if (!w)
		return TT_ERR_WORLD_STALE;
	if (!tt_vec3_finite(eye) || !tt_vec3_finite(a) || !tt_vec3_finite(b))
		return TT_ERR_NOT_FINITE;
	sheet s = {eye, dsub(a, eye), dsub(b, eye), {0.0, 0.0, 0.0}};
	s.n = cross(s.da, s.db);
	if (dot(s.n, s.n) == 0.0)
		return TT_OK;  /* a stroke that did not move cuts nothing */
	if (!collect(w, &s))
		return TT_ERR_OUT_OF_MEMORY;
	w->interrupted = 0;
	int cut = tt_cut_kept(w, TT_CUT_SWIPE);
	if (count)
		*count = cut;
	return w->interrupted ? TT_ERR_INTERRUPTED : TT_OK;
}
