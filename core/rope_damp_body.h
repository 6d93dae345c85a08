/* A rope's damping (rope_damp.c) in RL fixed lanes of double, written once
 * and built for each target (RD_FN, RD(f) its attribute and suffix,
 * RD_WIDEN and RD_NARROW the conversions from and to float): the
 * lanes are the algorithm's, not the machine's, so every target adds the
 * same partial sums in the same order and all agree bit for bit. Which
 * lanes hold a node, or a free one, is found on the floats (a mask as wide
 * as the target's); on the doubles it is a factor of 1 or 0, exact (GCC
 * 12 fails, an internal error, on masks of doubles wider than the target).
 * RD_WHOLE(r) and RD_D3(r) say whether the rope is in one piece and the
 * world 3D: constants or r's fields (rope_damp_shapes.h). */

#define RD_INLINE RD_FN static inline __attribute__((always_inline))
#define RD_PASS RD_FN static __attribute__((noinline))  /* GCC 12, as above */

/* The lanes of the nodes from k that are in the rope. */
RD_INLINE rd_mf RD(in)(const rd_rope *r, int k)
{
	return rd_lane < r->n - k;
}

/* Nodes k .. k + RL - 1 of column c; 0 past the last. A rope in one piece
 * is read whole, past its end too (the particle columns have room): a
 * vector put together lane by lane in memory waits for every lane. */
RD_INLINE rd_f RD(load_f)(const rd_rope *r, const float *c, int k, rd_mf in)
{
	rd_f f = {0};
	if (RD_WHOLE(r)) {
		memcpy(&f, c + r->node[0] + k, sizeof f);
		return (rd_f)((rd_mf)f & in);
	}
	for (int l = 0; l < RL; l++)
		if (in[l])
			f[l] = c[r->node[k + l]];
	return f;
}

RD_INLINE rd_v RD(load)(const rd_rope *r, const float *c, int k, rd_mf in)
{
	return RD_WIDEN(RD(load_f)(r, c, k, in));
}

/* 1 where mask m is set, else 0. */
RD_INLINE rd_v RD(one)(rd_mf m)
{
	return RD_WIDEN((rd_f)(m & (rd_mf)((rd_f){0} + 1.0f)));
}

/* The masses of the free nodes from k, 0 elsewhere; pinned: 1 where a
 * node is pinned. */
RD_INLINE rd_v RD(mass)(const rd_rope *r, int k, rd_mf in, rd_v *pinned)
{
	rd_v free = RD(one)(RD(load_f)(r, r->p->inv_mass, k, in) > 0.0f);
	*pinned = RD(one)(in) - free;
	return free * RD(load)(r, r->p->mass, k, in);
}

RD_INLINE double RD(sum)(rd_v v)
{
	double s = 0.0;
	for (int l = 0; l < RL; l++)
		s += v[l];
	return s;
}

/* Sums over the free nodes (f: mass, mass times x y z vx vy vz) and the
 * pinned ones (p: count, x y z vx vy vz). */
typedef struct RD(sums) {
	double f[7], p[7];
} RD(sums);

RD_PASS void RD(centre_sums)(const rd_rope *r, RD(sums) *out)
{
	const tt_particles *p = r->p;
	rd_v f[7] = {{0}}, q[7] = {{0}};
	for (int k = 0; k < r->n; k += RL) {
		rd_mf in = RD(in)(r, k);
		rd_v pin, m = RD(mass)(r, k, in, &pin);
		rd_v x = RD(load)(r, p->x, k, in), y = RD(load)(r, p->y, k, in),
		     u = RD(load)(r, p->vx, k, in), v = RD(load)(r, p->vy, k, in);
		f[0] += m, f[1] += m * x, f[2] += m * y;
		f[4] += m * u, f[5] += m * v;
		q[0] += pin, q[1] += pin * x, q[2] += pin * y;
		q[4] += pin * u, q[5] += pin * v;
		if (RD_D3(r)) {
			rd_v z = RD(load)(r, p->z, k, in), s = RD(load)(r, p->vz, k, in);
			f[3] += m * z, f[6] += m * s;
			q[3] += pin * z, q[6] += pin * s;
		}
	}
	for (int a = 0; a < 7; a++)
		out->f[a] = RD(sum)(f[a]), out->p[a] = RD(sum)(q[a]);
}

/* Centre and its velocity, pinned nodes weighing pin. */
static void RD(centre)(const RD(sums) *s, double pin, rigid *out)
{
	double total = s->f[0] + pin * s->p[0];
	for (int a = 0; a < 3; a++) {
		out->c[a] = (s->f[1 + a] + pin * s->p[1 + a]) / total;
		out->v[a] = (s->f[4 + a] + pin * s->p[4 + a]) / total;
	}
}

/* Angular momentum L and inertia I (xx, xy, xz, yy, yz, zz) about the
 * centre, relative to its velocity. */
RD_PASS void RD(moments)(const rd_rope *r, double pin, const rigid *g,
			  double L[3], double I[6])
{
	const tt_particles *p = r->p;
	rd_v l0 = {0}, l1 = {0}, l2 = {0}, i0 = {0}, i1 = {0}, i2 = {0}, i3 = {0},
	     i4 = {0}, i5 = {0};
	for (int k = 0; k < r->n; k += RL) {
		rd_mf in = RD(in)(r, k);
		rd_v pinned, mk = RD(mass)(r, k, in, &pinned);
		mk += pinned * pin;
		rd_v x = RD(load)(r, p->x, k, in) - g->c[0],
		     y = RD(load)(r, p->y, k, in) - g->c[1];
		rd_v u = RD(load)(r, p->vx, k, in) - g->v[0],
		     v = RD(load)(r, p->vy, k, in) - g->v[1];
		l2 += mk * (x * v - y * u);
		i1 -= mk * x * y, i5 += mk * (x * x + y * y);
		if (!RD_D3(r)) {  /* z and vz are +0: what they add is +0 */
			i0 += mk * (y * y), i3 += mk * (x * x);
			continue;
		}
		rd_v z = RD(load)(r, p->z, k, in) - g->c[2],
		     s = RD(load)(r, p->vz, k, in) - g->v[2];
		l0 += mk * (y * s - z * v);
		l1 += mk * (z * u - x * s);
		i0 += mk * (y * y + z * z);
		i2 -= mk * x * z, i3 += mk * (x * x + z * z);
		i4 -= mk * y * z;
	}
	L[0] = RD(sum)(l0), L[1] = RD(sum)(l1), L[2] = RD(sum)(l2);
	I[0] = RD(sum)(i0), I[1] = RD(sum)(i1), I[2] = RD(sum)(i2);
	I[3] = RD(sum)(i3), I[4] = RD(sum)(i4), I[5] = RD(sum)(i5);
}

/* Column c of the free nodes from k moves share of the way to its rigid
 * value t. */
RD_INLINE void RD(toward)(const rd_rope *r, float *c, int k, rd_mf in,
			  rd_v t, float share, rd_mf free)
{
	rd_f old = RD(load_f)(r, c, k, in);
	rd_f to = old + share * RD_NARROW(t - RD_WIDEN(old));
	if (RD_WHOLE(r) && in[RL - 1]) {
		to = (rd_f)(((rd_mf)to & free) | ((rd_mf)old & ~free));
		memcpy(c + r->node[0] + k, &to, sizeof to);
		return;
	}
	for (int l = 0; l < RL; l++)
		if (free[l])
			c[r->node[k + l]] = to[l];
}

/* Each free node's velocity share of the way to the rigid motion's. */
RD_PASS void RD(settle)(const rd_rope *r, const rigid *g, float share)
{
	tt_particles *p = r->p;
	const double *o = g->omega;
	for (int k = 0; k < r->n; k += RL) {
		rd_mf in = RD(in)(r, k);
		rd_mf free = RD(load_f)(r, p->inv_mass, k, in) > 0.0f;
		rd_v x = RD(load)(r, p->x, k, in) - g->c[0],
		     y = RD(load)(r, p->y, k, in) - g->c[1], z = {0};
		if (RD_D3(r))
			z = RD(load)(r, p->z, k, in) - g->c[2];
		RD(toward)(r, p->vx, k, in, g->v[0] + o[1] * z - o[2] * y, share, free);
		RD(toward)(r, p->vy, k, in, g->v[1] + o[2] * x - o[0] * z, share, free);
		if (RD_D3(r))  /* in 2D vz stays +0 */
			RD(toward)(r, p->vz, k, in, g->v[2] + o[0] * y - o[1] * x, share, free);
	}
}

RD_FN static void RD(damp)(const rd_rope *r, float share)
{
	RD(sums) s;
	RD(centre_sums)(r, &s);
	if (!(s.f[0] > 0.0))  /* no free mass */
		return;
	rigid g;
	double L[3], I[6], pin = PIN_WEIGHT * s.f[0];
	RD(centre)(&s, pin, &g);
	RD(moments)(r, pin, &g, L, I);
	solve3(I, L, g.omega);
	RD(settle)(r, &g, share);
}

#undef RD_INLINE
#undef RD_PASS
