/* The solver's hot loops, written once for any vector width: the file that
 * includes it defines the vector types and their few operations, then this
 * body becomes that width's kernels, LN(integrate) and so on.
 *
 * Expected from the includer:
 *   VF, VI, VM       W floats, W int32s, a lane mask
 *   LANES_FN         the function attribute (the width's target)
 *   LN(f)            f with the width's suffix
 *   v_load_n(p, n) v_store_n(p, v, n) v_loadi_n(p, n): lanes 0..n-1 only
 *   (the others load 0 and are not stored; n <= W), v_set v_sqrt
 *   v_sel(m, a, b) (a where m), v_lt v_gt v_eq -> VM (ordered: false
 *   on NaN), v_eqi on VI, v_seti, m_and m_or m_not, m_bits(m) -> lane l at
 *   bit l, v_tail(n) -> lanes 0..n-1,
 *   v_gather(base, VI), v_gatheri(base, VI), v_scatter(base, VI, v, m),
 *   with + - * / and unary - on VF.
 *
 * Every expression is core/solver.c's scalar one, operation for
 * operation (-ffp-contract=off keeps products and sums apart), so a lane
 * gives the scalar loop's result bit for bit. A 2D world holds z, pz and
 * vz at +0, and adding +0 to a sum of squares or a dot product changes no
 * result that is used, so 2D kernels leave z out. */

#define LANES_INLINE LANES_FN static inline __attribute__((always_inline))

typedef struct {
	VF x, y, z, px, py, pz, w;
} LN(end);

/* p[0 .. 2n): the even places in lanes 0..n-1 of *even, the odd ones in
 * *odd. */
LANES_INLINE void LN(pair)(const float *p, int n, VF *even, VF *odd)
{
	int lo = 2 * n < W ? 2 * n : W;
	v_deinterleave(v_load_n(p, lo), v_load_n(p + W, 2 * n - lo), even, odd);
}

LANES_INLINE void LN(unpair)(float *p, int n, VF even, VF odd)
{
	int lo = 2 * n < W ? 2 * n : W;
	VF a, b;
	v_interleave(even, odd, &a, &b);
	v_store_n(p, a, lo);
	v_store_n(p + W, b, 2 * n - lo);
}

/* The ends of a block's springs: n contiguous from i, or particle i in
 * every lane, or gathered. */
LANES_INLINE LN(end) LN(at)(const tt_particles *p, int i, int n, const int d3)
{
	LN(end) e = {.x = v_load_n(p->x + i, n), .y = v_load_n(p->y + i, n),
		     .px = v_load_n(p->px + i, n), .py = v_load_n(p->py + i, n),
		     .w = v_load_n(p->inv_mass + i, n)};
	if (d3)
		e.z = v_load_n(p->z + i, n), e.pz = v_load_n(p->pz + i, n);
	return e;
}

LANES_INLINE LN(end) LN(one)(const tt_particles *p, int i, const int d3)
{
	LN(end) e = {.x = v_set(p->x[i]), .y = v_set(p->y[i]),
		     .px = v_set(p->px[i]), .py = v_set(p->py[i]),
		     .w = v_set(p->inv_mass[i])};
	if (d3)
		e.z = v_set(p->z[i]), e.pz = v_set(p->pz[i]);
	return e;
}

/* Out of line: a block with many gathers in a row is more than valgrind
 * translates at once. */
LANES_FN static __attribute__((noinline)) LN(end)
	LN(gathered)(const tt_particles *p, VI i, const int d3)
{
	LN(end) e = {.x = v_gather(p->x, i), .y = v_gather(p->y, i),
		     .px = v_gather(p->px, i), .py = v_gather(p->py, i),
		     .w = v_gather(p->inv_mass, i)};
	if (d3)
		e.z = v_gather(p->z, i), e.pz = v_gather(p->pz, i);
	return e;
}

/* A rope's rods: a at the even places from i, b at the odd ones. */
LANES_INLINE void LN(pairs)(const tt_particles *p, int i, int n, LN(end) *a,
			    LN(end) *b, const int d3)
{
	LN(pair)(p->x + i, n, &a->x, &b->x);
	LN(pair)(p->y + i, n, &a->y, &b->y);
	LN(pair)(p->px + i, n, &a->px, &b->px);
	LN(pair)(p->py + i, n, &a->py, &b->py);
	LN(pair)(p->inv_mass + i, n, &a->w, &b->w);
	if (d3) {
		LN(pair)(p->z + i, n, &a->z, &b->z);
		LN(pair)(p->pz + i, n, &a->pz, &b->pz);
	}
}

LANES_INLINE void LN(put)(tt_particles *p, int i, int n, const LN(end) *e,
			  const int d3)
{
	v_store_n(p->x + i, e->x, n);
	v_store_n(p->y + i, e->y, n);
	if (d3)
		v_store_n(p->z + i, e->z, n);
}

/* The springs' own columns for the block's lanes; the multiplier starts
 * each substep at 0 (the first pass stores it). */
typedef struct {
	VF rest, compliance, lambda;
	VM tether;
} LN(rods);

LANES_INLINE LN(rods) LN(rods_from)(const float *rest, const float *compliance,
				    const int32_t *kind, const float *lambda,
				    int n, const int first)
{
	return (LN(rods)){v_load_n(rest, n), v_load_n(compliance, n),
			  first ? v_set(0.0f) : v_load_n(lambda, n),
			  v_eqi(v_loadi_n(kind, n), v_seti(TT_SPRING_TETHER))};
}

LANES_INLINE LN(rods) LN(rods_at)(const tt_springs *s, int c, int n,
				  const int first)
{
	return LN(rods_from)(s->rest + c, s->compliance + c, s->kind + c,
			     s->lambda + c, n, first);
}

/* solver.c's project for every lane: the SHAKE direction, XPBD's
 * multiplier, the same skips; the root of |o|^2 only when some lane's rod
 * is soft or every multiplier is summed (sums: the step's last substep).
 * plain: no rod is soft or a tether, so their tests fall away. Corrections go where the mask
 * says: lanes that solved, ends that are free (a pinned end is never
 * written, as in the scalar loop). Lanes past a block's springs load zero
 * masses and skip. */
LANES_INLINE void LN(solve)(LN(end) *a, LN(end) *b, LN(rods) *r, VF inv_h2,
			    VM *write_a, VM *write_b, const int sums, const int plain,
			    const int d3)
{
	const VF zero = v_set(0.0f);
	VF wsum = a->w + b->w;
	VF dx = a->x - b->x, dy = a->y - b->y, dz = zero;
	VF len2 = dx * dx + dy * dy;
	if (d3)
		dz = a->z - b->z, len2 = len2 + dz * dz;
	VF len = v_sqrt(len2);
	VF alpha = r->compliance * inv_h2;
	/* plain: every compliance 0 or infinite, and so alpha */
	VM skip = m_or(m_or(v_eq(wsum, zero), v_lt(len, v_set(1e-9f))),
		       v_eq(plain ? r->compliance : alpha, v_set(INFINITY)));
	if (!plain)
		skip = m_or(skip, m_and(r->tether, v_lt(len, r->rest)));
	VF ox = a->px - b->px, oy = a->py - b->py, oz = zero;
	VF olen2 = ox * ox + oy * oy, dot = ox * dx + oy * dy;
	if (d3)
		oz = a->pz - b->pz, olen2 = olen2 + oz * oz, dot = dot + oz * dz;
	VM along = m_and(v_gt(dot, zero), v_gt(v_set(4.0f) * dot * dot, olen2 * len2));
	ox = v_sel(along, ox, dx), oy = v_sel(along, oy, dy);
	oz = v_sel(along, oz, dz), dot = v_sel(along, dot, len2);
	VM soft = plain ? v_gt(zero, zero) /* none */
			: m_and(m_not(skip), m_not(v_eq(alpha, zero)));
	VF num = r->rest - len, den = wsum * dot, olen = len;
	const int summed = sums || (!plain && m_bits(soft));  /* else no multiplier changes */
	if (summed) {
		olen = v_sqrt(v_sel(along, olen2, len2));
		num = v_sel(soft, num - alpha * r->lambda, num);
		den = v_sel(soft, den + alpha * (olen * len), den);
	}
	VF k = num * len / den;
	/* |k| <= FLT_MAX, as k - k == 0: no constants to hold */
	skip = m_or(skip, m_not(v_eq(k - k, zero)));
	VM apply = m_not(skip);
	if (summed)
		r->lambda = v_sel(sums ? apply : m_and(apply, soft), r->lambda + k * olen,
				  r->lambda);
	VF ka = a->w * k, kb = b->w * k;
	*write_a = m_and(apply, v_gt(a->w, zero));
	*write_b = m_and(apply, v_gt(b->w, zero));
	a->x = v_sel(*write_a, a->x + ka * ox, a->x);
	a->y = v_sel(*write_a, a->y + ka * oy, a->y);
	b->x = v_sel(*write_b, b->x - kb * ox, b->x);
	b->y = v_sel(*write_b, b->y - kb * oy, b->y);
	if (d3) {
		a->z = v_sel(*write_a, a->z + ka * oz, a->z);
		b->z = v_sel(*write_b, b->z - kb * oz, b->z);
	}
}

/* A block whose particles lie in a pattern, and its springs from c. */
LANES_INLINE void LN(regular)(tt_world *w, const tt_block *bk, VF inv_h2,
			      const int first, const int sums, const int d3)
{
	tt_particles *p = &w->particles;
	tt_springs *s = &w->springs;
	const int n = bk->n;
	LN(end) a, b;
	VM wa, wb;
	LN(rods) r = LN(rods_at)(s, bk->c, n, first);
	if (bk->kind == TT_BLOCK_PAIR)
		LN(pairs)(p, bk->a, n, &a, &b, d3);
	else
		a = bk->kind == TT_BLOCK_FAN_A ? LN(one)(p, bk->a, d3)
					       : LN(at)(p, bk->a, n, d3),
		b = bk->kind == TT_BLOCK_FAN_B ? LN(one)(p, bk->b, d3)
					       : LN(at)(p, bk->b, n, d3);
	LN(solve)(&a, &b, &r, inv_h2, &wa, &wb, sums, 0, d3);
	v_store_n(s->lambda + bk->c, r.lambda, n);
	if (bk->kind == TT_BLOCK_PAIR) {
		LN(unpair)(p->x + bk->a, n, a.x, b.x);
		LN(unpair)(p->y + bk->a, n, a.y, b.y);
		if (d3)
			LN(unpair)(p->z + bk->a, n, a.z, b.z);
		return;
	}
	if (bk->kind != TT_BLOCK_FAN_A)  /* a fan's shared end is pinned */
		LN(put)(p, bk->a, n, &a, d3);
	if (bk->kind != TT_BLOCK_FAN_B)
		LN(put)(p, bk->b, n, &b, d3);
}

/* Springs listed in the gather column (n of them; the lanes past n
 * repeat the first and write nothing). */
LANES_INLINE void LN(listed)(tt_world *w, const tt_block *bk, VF inv_h2,
			     const int first, const int sums, const int d3)
{
	tt_particles *p = &w->particles;
	tt_springs *s = &w->springs;
	VI c = v_loadi_n(w->springs.plan.gather + bk->c, W);
	VI ia = v_gatheri(s->a, c), ib = v_gatheri(s->b, c);
	LN(end) a = LN(gathered)(p, ia, d3), b = LN(gathered)(p, ib, d3);
	LN(rods) r = {v_gather(s->rest, c), v_gather(s->compliance, c),
		      first ? v_set(0.0f) : v_gather(s->lambda, c),
		      v_eqi(v_gatheri(s->kind, c), v_seti(TT_SPRING_TETHER))};
	VM wa, wb, tail = v_tail(bk->n);
	LN(solve)(&a, &b, &r, inv_h2, &wa, &wb, sums, 0, d3);
	v_scatter(s->lambda, c, r.lambda, tail);
	wa = m_and(wa, tail), wb = m_and(wb, tail);
	v_scatter(p->x, ia, a.x, wa), v_scatter(p->y, ia, a.y, wa);
	v_scatter(p->x, ib, b.x, wb), v_scatter(p->y, ib, b.y, wb);
	if (d3)
		v_scatter(p->z, ia, a.z, wa), v_scatter(p->z, ib, b.z, wb);
}

LANES_INLINE void LN(project_d)(tt_world *w, float h, int from, int to,
				const int first, int sums, const int d3)
{
	const tt_block *blocks = w->springs.plan.blocks;
	const VF inv_h2 = v_set(1.0f / (h * h));
	for (int k = from; k < to; k++) {
		if (blocks[k].kind == TT_BLOCK_GATHER)
			LN(listed)(w, &blocks[k], inv_h2, first, sums, d3);
		else
			LN(regular)(w, &blocks[k], inv_h2, first, sums, d3);
	}
}

LANES_FN static void LN(project)(tt_world *w, float h, int from, int to,
				 int pass)
{
	const int sums = (pass & TT_PASS_LAST) != 0;
	if (w->def.is_3d && (pass & TT_PASS_FIRST))
		LN(project_d)(w, h, from, to, 1, sums, 1);
	else if (w->def.is_3d)
		LN(project_d)(w, h, from, to, 0, sums, 1);
	else if (pass & TT_PASS_FIRST)
		LN(project_d)(w, h, from, to, 1, sums, 0);
	else
		LN(project_d)(w, h, from, to, 0, sums, 0);
}

/* The lanes a particle stage takes from particle i: up to the next
 * whole vector (columns start on one: columns.c), so the others load and
 * store within a cache line; at most to - i. */
LANES_INLINE int LN(reach)(int i, int to)
{
	int n = W - i % W;
	return n < to - i ? n : to - i;
}

/* v += g h (what falls), p = x, x += v h, lane by lane. */
LANES_INLINE void LN(integrate_d)(tt_particles *p, const float g[3], float h,
				  int from, int to, const int d3)
{
	const VF gx = v_set(g[0]), gy = v_set(g[1]), gz = v_set(g[2]),
		 vh = v_set(h), zero = v_set(0.0f);
	for (int i = from, n; i < to; i += n) {
		n = LN(reach)(i, to);
		VF falls = v_sel(v_gt(v_load_n(p->inv_mass + i, n), zero),
				 v_load_n(p->gravity_scale + i, n), zero);
		VF vx = v_load_n(p->vx + i, n) + gx * falls;
		VF vy = v_load_n(p->vy + i, n) + gy * falls;
		VF x = v_load_n(p->x + i, n), y = v_load_n(p->y + i, n);
		v_store_n(p->vx + i, vx, n), v_store_n(p->vy + i, vy, n);
		v_store_n(p->px + i, x, n), v_store_n(p->py + i, y, n);
		v_store_n(p->x + i, x + vx * vh, n);
		v_store_n(p->y + i, y + vy * vh, n);
		if (d3) {
			VF vz = v_load_n(p->vz + i, n) + gz * falls;
			VF z = v_load_n(p->z + i, n);
			v_store_n(p->vz + i, vz, n), v_store_n(p->pz + i, z, n);
			v_store_n(p->z + i, z + vz * vh, n);
		}
	}
}

LANES_FN static void LN(integrate)(tt_particles *p, const float g[3], float h,
				   int from, int to, int is_3d)
{
	if (is_3d)
		LN(integrate_d)(p, g, h, from, to, 1);
	else
		LN(integrate_d)(p, g, h, from, to, 0);
}

/* The columns the speed limit reads and scales. */
typedef struct {
	const float *wi;
	float *vx, *vy, *vz;
} LN(speeds);

LANES_INLINE LN(speeds) LN(speeds_of)(const tt_particles *p)
{
	return (LN(speeds)){p->inv_mass, p->vx, p->vy, p->vz};
}

/* Lanes of the block at i over the speed limit (free ones only, among
 * `among`), one by one through the scalar limit; v2 is |v|^2 summed as
 * the scalar loop sums it. */
LANES_INLINE void LN(clamp)(LN(speeds) p, int i, int n, VF v2, VM among,
			    float max)
{
	VM over = m_and(m_and(among, v_gt(v2, v_set(max * max))),
			v_gt(v_load_n(p.wi + i, n), v_set(0.0f)));
	for (unsigned m = m_bits(over); m; m &= m - 1)
		tt_solver_limit_one(max, max * max, p.wi, p.vx, p.vy, p.vz,
				    i + __builtin_ctz(m));
}

/* The speed limit of the n lanes from i. */
LANES_INLINE void LN(limit_n)(LN(speeds) p, int i, int n, float max, const int d3)
{
	VF vx = v_load_n(p.vx + i, n), vy = v_load_n(p.vy + i, n);
	VF v2 = vx * vx + vy * vy;
	if (d3) {
		VF vz = v_load_n(p.vz + i, n);
		v2 = v2 + vz * vz;
	}
	LN(clamp)(p, i, n, v2, v_tail(n), max);
}

LANES_FN static void LN(limit)(tt_particles *p, float max, int from, int to,
			       int is_3d)
{
	for (int i = from, n; i < to; i += n) {
		n = LN(reach)(i, to);
		LN(limit_n)(LN(speeds_of)(p), i, n, max, is_3d);
	}
}

/* v += (x - (p + v h)) / h (see solver.c); the lanes over the speed limit
 * are limited one by one, the non-finite ones counted and left. */
LANES_INLINE int LN(velocities_d)(tt_particles *p, float h, float max,
				  int from, int to, const int d3)
{
	const VF vh = v_set(h), inv_h = v_set(1.0f / h), zero = v_set(0.0f);
	int bad = 0;
	for (int i = from, n; i < to; i += n) {
		n = LN(reach)(i, to);
		VF x = v_load_n(p->x + i, n), y = v_load_n(p->y + i, n);
		VF vx = v_load_n(p->vx + i, n), vy = v_load_n(p->vy + i, n);
		vx = vx + (x - (v_load_n(p->px + i, n) + vx * vh)) * inv_h;
		vy = vy + (y - (v_load_n(p->py + i, n) + vy * vh)) * inv_h;
		v_store_n(p->vx + i, vx, n), v_store_n(p->vy + i, vy, n);
		VF sum = vx + vy, v2 = vx * vx + vy * vy;
		if (d3) {
			VF z = v_load_n(p->z + i, n), vz = v_load_n(p->vz + i, n);
			vz = vz + (z - (v_load_n(p->pz + i, n) + vz * vh)) * inv_h;
			v_store_n(p->vz + i, vz, n);
			sum = ((sum + vz) + x) + y + z, v2 = v2 + vz * vz;
		} else {
			sum = (sum + x) + y;
		}
		VM finite = v_eq(sum - sum, zero), tail = v_tail(n);
		LN(clamp)(LN(speeds_of)(p), i, n, v2, m_and(finite, tail), max);
		bad += __builtin_popcount(m_bits(m_and(m_not(finite), tail)));
	}
	return bad;
}

LANES_FN static int LN(velocities)(tt_particles *p, float h, float max, int from,
				   int to, int is_3d)
{
	if (is_3d)
		return LN(velocities_d)(p, h, max, from, to, 1);
	return LN(velocities_d)(p, h, max, from, to, 0);
}

#include "strand_body.h"

#undef LANES_INLINE
