/* Ropes solved as whole chains: a direct solve after the springs' pass.
 *
 * One Gauss-Seidel pass per substep converges slowly along a chain, and
 * hardly at all when its masses differ a lot: a 70 kg player on a rope of
 * 75 g nodes stretches the rope by 10% or more. But a rope's segments form
 * a chain, so the linearised XPBD system for all of its corrections at
 * once is tridiagonal and is solved exactly in O(n) (the Thomas algorithm;
 * the direct chain solvers of Deul et al., "Direct Position-Based Solver
 * for Stiff Rods", 2018, and Müller's long-range chains). For segment i
 * between nodes i and i+1, with u_i its current direction, o_i its
 * direction at the substep's start (the corrections move along o, as in
 * solver.c), w the inverse masses and alpha = compliance / h^2:
 *   (w_i + w_i+1)(u_i.o_i) + alpha_i  on the diagonal,
 *   -w_i (u_i.o_i-1) and -w_i+1 (u_i.o_i+1) beside it,
 *   -C_i - alpha_i lambda_i           on the right.
 * It runs after the general pass over the same springs, so it only removes
 * what that pass left; a rope that lost a node (cut, destroyed) is left to
 * the general pass. Tether ropes are inequalities and are skipped. */
#include <math.h>

#include "alloc.h"
#include "world.h"

/* Columns of the scratch, each of capacity doubles. The solve runs in
 * double: with a heavy load on light nodes the corrections are small
 * differences of large multipliers, and a 2000:1 mass ratio in float
 * leaves noise that throws the nodes. */
enum { OX, OY, OZ, UX, UY, UZ, LEN, DIAG, LOWER, UPPER, RHS, COLUMNS };

static double *column(tt_chain_scratch *s, int c)
{
	return s->f + (size_t)c * (size_t)s->capacity;
}

/* Room for rows of `rows` nodes and `ids` indices; 0 on no memory. */
static int reserve(tt_chain_scratch *s, int rows, int ids)
{
	if (rows <= s->capacity && ids <= s->i_capacity)
		return 1;
	rows = rows > s->capacity ? rows : s->capacity;
	ids = ids > s->i_capacity ? ids : s->i_capacity;
	size_t fsize = (size_t)rows * COLUMNS * sizeof(double);
	size_t isize = (size_t)ids * sizeof(int32_t);
	double *f = tt_alloc(fsize);
	int32_t *idx = tt_alloc(isize);
	if (!f || !idx) {
		tt_free(f, fsize);
		tt_free(idx, isize);
		return 0;
	}
	tt_chain_release(s);
	*s = (tt_chain_scratch){f, idx, rows, ids};
	return 1;
}

void tt_chain_release(tt_chain_scratch *s)
{
	tt_free(s->f, (size_t)s->capacity * COLUMNS * sizeof(double));
	tt_free(s->i, (size_t)s->i_capacity * sizeof(int32_t));
	*s = (tt_chain_scratch){0};
}

/* Dense indices of the rope's nodes and segments; 0 if any is gone. */
static int find_parts(const tt_world *w, const tt_rope *r, int32_t *node,
		      int32_t *seg)
{
	for (int k = 0; k < r->count; k++) {
		node[k] = tt_pool_find(&w->particle_pool, r->nodes[k].index1,
				       r->nodes[k].generation);
		seg[k] = k + 1 < r->count
				 ? tt_pool_find(&w->spring_pool, r->segments[k].index1,
						r->segments[k].generation)
				 : 0;
		if (node[k] < 0 || seg[k] < 0)
			return 0;
	}
	return 1;
}

void tt_chain_prepare(tt_world *w)
{
	int longest = 0, ids = 0;
	for (int r = 0; r < w->ropes.count; r++) {
		int n = w->ropes.items[r].count;
		longest = n > longest ? n : longest;
		ids += 2 * n;
	}
	int room = reserve(&w->chain, longest, ids);
	int at = 0;
	for (int r = 0; r < w->ropes.count; r++) {
		tt_rope *rope = &w->ropes.items[r];
		int32_t *node = w->chain.i + at, *seg = node + rope->count;
		rope->dense_at = room && rope->count > 1 &&
					 find_parts(w, rope, node, seg)
				 ? at
				 : -1;
		rope->chain_at = rope->kind != TT_SPRING_TETHER ? rope->dense_at : -1;
		at += 2 * rope->count;
	}
}

/* Per segment: u_i its current direction and length, o_i its direction at
 * the substep's start, or u_i when it turned far (as solver.c does). */
static void directions(tt_world *w, tt_chain_scratch *s, const int32_t *node,
		       int m)
{
	const tt_particles *p = &w->particles;
	double *ox = column(s, OX), *oy = column(s, OY), *oz = column(s, OZ);
	double *ux = column(s, UX), *uy = column(s, UY), *uz = column(s, UZ);
	double *len = column(s, LEN);
	for (int i = 0; i < m; i++) {
		int a = node[i], b = node[i + 1];
		float dx = p->x[a] - p->x[b], dy = p->y[a] - p->y[b],
		      dz = p->z[a] - p->z[b];
		float qx = p->px[a] - p->px[b], qy = p->py[a] - p->py[b],
		      qz = p->pz[a] - p->pz[b];
		float l = sqrtf(dx * dx + dy * dy + dz * dz);
		float ql = sqrtf(qx * qx + qy * qy + qz * qz);
		if (!((qx * dx + qy * dy + qz * dz) > 0.5f * ql * l))
			qx = dx, qy = dy, qz = dz, ql = l;
		double k = ql > 1e-9f ? 1.0 / ql : 0.0, j = l > 1e-9f ? 1.0 / l : 0.0;
		ox[i] = qx * k, oy[i] = qy * k, oz[i] = qz * k;
		ux[i] = dx * j, uy[i] = dy * j, uz[i] = dz * j;
		len[i] = l;
	}
}

/* The rows of the system, from the directions. */
static void rows(tt_world *w, tt_chain_scratch *s, const int32_t *node,
		 const int32_t *seg, int m, double inv_h2)
{
	const float *wi = w->particles.inv_mass;
	const tt_springs *sp = &w->springs;
	const double *ox = column(s, OX), *oy = column(s, OY), *oz = column(s, OZ);
	const double *ux = column(s, UX), *uy = column(s, UY), *uz = column(s, UZ);
	const double *len = column(s, LEN);
	double *diag = column(s, DIAG), *lower = column(s, LOWER),
	       *upper = column(s, UPPER), *rhs = column(s, RHS);
	for (int i = 0; i < m; i++) {
		int c = seg[i];
		double alpha = sp->compliance[c] * inv_h2;
		double wa = wi[node[i]], wb = wi[node[i + 1]];
		diag[i] = (wa + wb) * (ux[i] * ox[i] + uy[i] * oy[i] + uz[i] * oz[i]) +
			  alpha;
		lower[i] = i > 0 ? -wa * (ux[i] * ox[i - 1] + uy[i] * oy[i - 1] +
					   uz[i] * oz[i - 1])
				 : 0.0;
		upper[i] = i + 1 < m ? -wb * (ux[i] * ox[i + 1] + uy[i] * oy[i + 1] +
					       uz[i] * oz[i + 1])
				     : 0.0;
		rhs[i] = -(len[i] - sp->rest[c]) - alpha * sp->lambda[c];
		if (!(diag[i] > 1e-12) || !isfinite(alpha)) /* both ends pinned */
			diag[i] = 1.0, lower[i] = upper[i] = rhs[i] = 0.0;
	}
}

/* Thomas algorithm (shared with chains, bone_solve.c). */
int tt_chain_thomas(const double *diag, const double *lower, double *upper,
		    double *rhs, int m)
{
	double c = 0.0, d = 0.0;  /* the previous row's upper and rhs, reduced */
	for (int i = 0; i < m; i++) {
		double pivot = diag[i] - lower[i] * c;
		if (!(fabs(pivot) > 1e-15))
			return 0;
		double inv = 1.0 / pivot;
		upper[i] = c = upper[i] * inv;
		rhs[i] = d = (rhs[i] - lower[i] * d) * inv;
	}
	for (int i = m - 2; i >= 0; i--)
		rhs[i] -= upper[i] * rhs[i + 1];
	return 1;
}

/* How much of the solution to take. Near a straight chain pinned at both
 * ends the system is nearly singular (its length can hardly change), and a
 * small stretch asks for large sideways moves: taken at once they would
 * throw the nodes. So no node moves more than a quarter of its segment in
 * one pass; the rest follows in the next substeps. */
static double share(const tt_world *w, tt_chain_scratch *s,
		    const int32_t *node, const int32_t *seg, int m)
{
	const double *dl = column(s, RHS);
	const double *ox = column(s, OX), *oy = column(s, OY), *oz = column(s, OZ);
	const float *wi = w->particles.inv_mass;
	double k = 1.0;
	for (int i = 0; i <= m; i++) {  /* node i: a of segment i, b of i - 1 */
		double in = i < m ? dl[i] : 0.0, out = i > 0 ? dl[i - 1] : 0.0;
		double mx = in * (i < m ? ox[i] : 0.0) - out * (i > 0 ? ox[i - 1] : 0.0);
		double my = in * (i < m ? oy[i] : 0.0) - out * (i > 0 ? oy[i - 1] : 0.0);
		double mz = in * (i < m ? oz[i] : 0.0) - out * (i > 0 ? oz[i - 1] : 0.0);
		double w2 = (double)wi[node[i]] * wi[node[i]];
		double move2 = w2 * (mx * mx + my * my + mz * mz);
		double most = 0.25 * w->springs.rest[seg[i < m ? i : m - 1]];
		if (move2 * k * k > most * most)
			k = most / sqrt(move2);
	}
	return k;
}

static void apply(tt_world *w, tt_chain_scratch *s, const int32_t *node,
		  const int32_t *seg, int m, double k)
{
	tt_particles *p = &w->particles;
	const double *ox = column(s, OX), *oy = column(s, OY), *oz = column(s, OZ);
	const double *dl = column(s, RHS);
	for (int i = 0; i < m; i++) {
		int a = node[i], b = node[i + 1];
		double ka = p->inv_mass[a] * dl[i] * k, kb = p->inv_mass[b] * dl[i] * k;
		p->x[a] += (float)(ka * ox[i]), p->y[a] += (float)(ka * oy[i]),
			p->z[a] += (float)(ka * oz[i]);
		p->x[b] -= (float)(kb * ox[i]), p->y[b] -= (float)(kb * oy[i]),
			p->z[b] -= (float)(kb * oz[i]);
		w->springs.lambda[seg[i]] += (float)(dl[i] * k);
	}
}

void tt_chain_solve(tt_world *w, float h)
{
	tt_chain_scratch *s = &w->chain;
	const double inv_h2 = 1.0 / ((double)h * h);
	for (int r = 0; r < w->ropes.count; r++) {
		const tt_rope *rope = &w->ropes.items[r];
		if (rope->chain_at < 0)
			continue;
		int m = rope->count - 1;
		const int32_t *node = s->i + rope->chain_at, *seg = node + rope->count;
		directions(w, s, node, m);
		rows(w, s, node, seg, m, inv_h2);
		if (tt_chain_thomas(column(s, DIAG), column(s, LOWER),
				    column(s, UPPER), column(s, RHS), m))
			apply(w, s, node, seg, m, share(w, s, node, seg, m));
	}
}
