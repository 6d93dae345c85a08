/* A tile of strands (lanes.h) through its whole step in two halves, at
 * one vector width: the file that includes it has defined that width's
 * types and operations and included lanes_body.h, whose loops this body
 * runs on the halves (as particles and springs of their own) instead of
 * on the world. So every node and rod takes the same operations as in
 * the staged step, in the same order (integration, the rods of the
 * first colour, of the second, the velocities), and the result is the
 * same bit for bit; what it saves is the shuffles that lay a rope's even
 * and odd rods out in lanes, once a substep in the world's order, and
 * the short block that ends each rope's run of a colour. The halves are
 * laid out from the world at the step's start and back at its end. */

/* A run of rods' columns (a view of no more: a tt_springs, zeroed and
 * copied with each tile, weighs over a kilobyte). */
typedef struct {
	float *rest, *compliance, *lambda;
	int32_t *kind;
} LN(run);

/* The tile's scratch as two halves of particles and two runs of rods;
 * n: the slots in whole vectors. */
typedef struct {
	tt_particles half[2];
	LN(run) rods[2];
	int n;
} LN(halves);

/* The scratch's columns: a half's (x y z px py pz vx vy vz w
 * gravity_scale), the odd half's from ODD, the runs of rods' (rest
 * compliance kind lambda) from EVEN_RODS and ODD_RODS. */
enum { LN(X), LN(Y), LN(Z), LN(PX), LN(PY), LN(PZ), LN(VX), LN(VY), LN(VZ),
       LN(WI), LN(GS), LN(ODD), LN(EVEN_RODS) = 2 * LN(ODD),
       LN(ODD_RODS) = LN(EVEN_RODS) + 4 };

/* Column k of the scratch from c: every column of the halves lies at a
 * constant offset from one pointer. */
#define LN_COLUMN(c, k) ((c) + (k) * TT_STRAND_COLUMN)

LANES_INLINE tt_particles LN(half_at)(float *c)
{
	return (tt_particles){.x = LN_COLUMN(c, LN(X)), .y = LN_COLUMN(c, LN(Y)),
			      .z = LN_COLUMN(c, LN(Z)), .px = LN_COLUMN(c, LN(PX)),
			      .py = LN_COLUMN(c, LN(PY)), .pz = LN_COLUMN(c, LN(PZ)),
			      .vx = LN_COLUMN(c, LN(VX)), .vy = LN_COLUMN(c, LN(VY)),
			      .vz = LN_COLUMN(c, LN(VZ)), .inv_mass = LN_COLUMN(c, LN(WI)),
			      .gravity_scale = LN_COLUMN(c, LN(GS))};
}

LANES_INLINE LN(run) LN(rods_of)(float *c)
{
	return (LN(run)){.rest = LN_COLUMN(c, 0), .compliance = LN_COLUMN(c, 1),
			 .kind = (int32_t *)LN_COLUMN(c, 2), .lambda = LN_COLUMN(c, 3)};
}

LANES_INLINE LN(halves) LN(halves_of)(const tt_strand_job *job)
{
	float *c = job->scratch;
	return (LN(halves)){.half = {LN(half_at)(c), LN(half_at)(LN_COLUMN(c, LN(ODD)))},
			    .rods = {LN(rods_of)(LN_COLUMN(c, LN(EVEN_RODS))),
				     LN(rods_of)(LN_COLUMN(c, LN(ODD_RODS)))},
			    .n = (job->tile.slots + W - 1) / W * W};
}

#undef LN_COLUMN

/* The lanes a copy of n elements takes from j: W, or what is left. */
LANES_INLINE int LN(left)(int n, int j)
{
	return n - j < W ? n - j : W;
}

/* p[0 .. n) split: the even places to even[0 ..), the odd ones to odd[0
 * ..), (n + 1) / 2 each (the last odd one 0 when n is odd); and back.
 * Each vector from j: whole when `whole` (a constant: no masks, which
 * cost as much again as the moves), else the lanes left. */
LANES_INLINE void LN(split_at)(const float *p, int n, float *even, float *odd,
			       int j, const int whole)
{
	int lo = whole ? W : LN(left)(n, 2 * j);
	int hi = whole ? W : n - 2 * j - lo < W ? n - 2 * j - lo : W;
	int q = whole ? W : LN(left)((n + 1) / 2, j);
	VF e, o;
	v_deinterleave(v_load_n(p + 2 * j, lo), v_load_n(p + 2 * j + W, hi), &e, &o);
	v_store_n(even + j, e, q);
	v_store_n(odd + j, o, q);
}

LANES_INLINE void LN(split)(const float *p, int n, float *even, float *odd)
{
	int j = 0;
	for (; 2 * j + 2 * W <= n; j += W)
		LN(split_at)(p, n, even, odd, j, 1);
	if (2 * j < n)
		LN(split_at)(p, n, even, odd, j, 0);
}

LANES_INLINE void LN(join_at)(float *p, int n, const float *even, const float *odd,
			      int j, const int whole)
{
	int lo = whole ? W : LN(left)(n, 2 * j);
	int hi = whole ? W : n - 2 * j - lo < W ? n - 2 * j - lo : W;
	int q = whole ? W : LN(left)((n + 1) / 2, j);
	VF a, b;
	v_interleave(v_load_n(even + j, q), v_load_n(odd + j, q), &a, &b);
	v_store_n(p + 2 * j, a, lo);
	v_store_n(p + 2 * j + W, b, hi);
}

LANES_INLINE void LN(join)(float *p, int n, const float *even, const float *odd)
{
	int j = 0;
	for (; 2 * j + 2 * W <= n; j += W)
		LN(join_at)(p, n, even, odd, j, 1);
	if (2 * j < n)
		LN(join_at)(p, n, even, odd, j, 0);
}

/* n words from `from` to `to` (floats or int32s: the bits move as they
 * are), whole vectors and then the lanes left. */
LANES_INLINE void LN(copy)(void *to, const void *from, int n)
{
	int j = 0;
	for (; j + W <= n; j += W)
		v_store_n((float *)to + j, v_load_n((const float *)from + j, W), W);
	if (j < n)
		v_store_n((float *)to + j, v_load_n((const float *)from + j, n - j), n - j);
}

/* Slots [from, to) of a run of rods: padding. */
LANES_INLINE void LN(no_rods)(LN(run) *r, int from, int to)
{
	for (int i = from; i < to; i++) {
		r->rest[i] = r->lambda[i] = 0.0f;
		r->compliance[i] = INFINITY;
		r->kind[i] = 0;
	}
}

/* `count` springs from c to the run's slots from `at`, the rest of the
 * strand's slots (to `end`) padding. Not their multipliers: every
 * substep's first pass starts them at 0 (see lambdas). */
LANES_INLINE void LN(rods_in)(LN(run) *r, const tt_springs *s, int c,
			      int count, int at, int end)
{
	if (count > 0) {
		LN(copy)(r->rest + at, s->rest + c, count);
		LN(copy)(r->compliance + at, s->compliance + c, count);
		LN(copy)(r->kind + at, s->kind + c, count);
	}
	LN(no_rods)(r, at + count, end);
}

/* The columns of p a step reads (out 0) or writes (out 1): in 2D z and
 * pz stay unread, and vz, which the speed limit scales, is 0 in the
 * halves as in a 2D world. Returns how many. */
LANES_INLINE int LN(moving)(const tt_particles *p, float **column, const int out,
			    const int d3)
{
	float *in[] = {p->x, p->y, p->vx, p->vy, p->inv_mass, p->gravity_scale, p->z, p->vz};
	float *made[] = {p->x, p->y, p->px, p->py, p->vx, p->vy, p->z, p->pz, p->vz};
	const int n = out ? (d3 ? 9 : 6) : (d3 ? 8 : 6);
	for (int k = 0; k < n; k++)
		column[k] = out ? made[k] : in[k];
	return n;
}

/* Strand s's multipliers from the halves' runs to the world (out 1), or
 * in: only when no pass may run to set them. */
LANES_INLINE void LN(lambdas)(LN(halves) *v, tt_springs *sp, const tt_strand *s,
			      const int out)
{
	const int count[] = {s->nodes / 2, (s->nodes - 1) / 2},
		  spring[] = {s->even, s->odd};
	for (int r = 0; r < 2; r++) {
		float *world = count[r] > 0 ? sp->lambda + spring[r] : NULL,
		      *run = v->rods[r].lambda + s->at;
		if (count[r] > 0)
			LN(copy)(out ? world : run, out ? run : world, count[r]);
	}
}

/* Strand s laid out in the halves (out 0), or back (out 1: positions,
 * velocities and the multipliers). */
LANES_INLINE void LN(strand_move)(LN(halves) *v, tt_world *w, const tt_strand *s,
				  const int out, const int d3)
{
	float *world[9], *even[9], *odd[9];
	const int f = s->first, n = s->nodes, a = s->at, end = a + (n + 1) / 2;
	LN(moving)(&v->half[0], even, out, d3), LN(moving)(&v->half[1], odd, out, d3);
	for (int k = 0, m = LN(moving)(&w->particles, world, out, d3); k < m; k++)
		if (out)
			LN(join)(world[k] + f, n, even[k] + a, odd[k] + a);
		else
			LN(split)(world[k] + f, n, even[k] + a, odd[k] + a);
	if (out) {
		LN(lambdas)(v, &w->springs, s, 1);
		return;
	}
	LN(rods_in)(&v->rods[0], &w->springs, s->even, n / 2, a, end);
	LN(rods_in)(&v->rods[1], &w->springs, s->odd, (n - 1) / 2, a, end);
}

LANES_INLINE void LN(zero)(float *p, int from, int to)
{
	int i = from;
	for (; i + W <= to; i += W)
		v_store_n(p + i, v_set(0.0f), W);
	if (i < to)
		v_store_n(p + i, v_set(0.0f), to - i);
}

/* Slots [from, to) of both halves: padding, at rest with no mass. */
LANES_INLINE void LN(no_nodes)(LN(halves) *v, int from, int to)
{
	for (int h = 0; h < 2; h++) {
		tt_particles *p = &v->half[h];
		float *column[] = {p->x,  p->y,	 p->z,	p->px, p->py,
				   p->pz, p->vx, p->vy, p->vz, p->inv_mass,
				   p->gravity_scale};
		for (int k = 0; k < 11; k++)
			LN(zero)(column[k], from, to);
	}
}

/* The tile laid out: its strands, and padding to the end of the last
 * vector and one slot past it (which the odd rods read). */
LANES_INLINE void LN(tile_in)(LN(halves) *v, const tt_strand_job *job, const int d3)
{
	const int slots = job->tile.slots;
	for (int h = 0; !d3 && h < 2; h++)
		LN(zero)(v->half[h].vz, 0, slots);
	/* a step whose substeps may all run no pass keeps the multipliers */
	const int kept = job->passes == 0 || job->last == 0;
	for (int k = 0; k < job->tile.count; k++) {
		LN(strand_move)(v, job->w, &job->strand[k], 0, d3);
		if (kept)
			LN(lambdas)(v, &job->w->springs, &job->strand[k], 0);
	}
	LN(no_nodes)(v, slots, v->n + 1);
	LN(no_rods)(&v->rods[0], slots, v->n);
	LN(no_rods)(&v->rods[1], slots, v->n);
}

/* W rods of run `run` (0 the even rods, 1 the odd) from slot i: the
 * even rods join the halves' slot i, the odd ones the odd half's slot i
 * to the even half's i + 1. */
LANES_INLINE void LN(rods_run)(LN(halves) *v, int run, int i, VF inv_h2,
			       const int first, int sums, const int d3)
{
	tt_particles *pa = &v->half[run], *pb = &v->half[1 - run];
	LN(run) *s = &v->rods[run];
	LN(end) a = LN(at)(pa, i, W, d3), b = LN(at)(pb, i + run, W, d3);
	LN(rods) r = LN(rods_from)(s->rest + i, s->compliance + i, s->kind + i,
				   s->lambda + i, W, first);
	VM wa, wb;
	LN(solve)(&a, &b, &r, inv_h2, &wa, &wb, sums, 0, d3);
	v_store_n(s->lambda + i, r.lambda, W);
	LN(put)(pa, i, W, &a, d3);
	LN(put)(pb, i + run, W, &b, d3);
}

/* A substep stage by stage: integration, `passes` passes of both runs
 * (the tile's first colour first), the velocities; the non-finite
 * particles counted. */
LANES_INLINE int LN(staged)(LN(halves) *v, const tt_strand_job *job, int passes,
			    int sums, VF inv_h2, const int d3)
{
	const float max = job->w->def.max_speed;
	int bad = 0;
	for (int h = 0; h < 2; h++)
		LN(integrate_d)(&v->half[h], job->g, job->h, 0, v->n, d3);
	for (int it = 0; it < passes; it++)
		for (int k = 0; k < 2; k++)
			for (int i = 0; i < v->n; i += W)
				LN(rods_run)(v, k ^ job->tile.odd_first, i, inv_h2, it == 0,
					     sums, d3);
	for (int h = 0; h < 2; h++)
		bad += LN(velocities_d)(&v->half[h], job->h, max, 0, v->n, d3);
	return bad;
}

/* Where a vector of nodes is now and was at the substep's start. */
typedef struct {
	VF x, y, z, px, py, pz;
} LN(pos);

/* The job's numbers in registers: the vector stores may alias the job,
 * not these. */
typedef struct {
	VF h, inv_h, inv_h2, gx, gy, gz;
	float max;
} LN(step);

LANES_INLINE LN(step) LN(step_of)(const tt_strand_job *job)
{
	return (LN(step)){v_set(job->h), v_set(1.0f / job->h),
			  v_set(1.0f / (job->h * job->h)), v_set(job->g[0]),
			  v_set(job->g[1]), v_set(job->g[2]), job->w->def.max_speed};
}

/* The hot sweeps reach a half's columns from its first one, so every
 * column is one pointer and a constant (the views' pointers, one each,
 * outnumbered the registers). */
#define LN_AT(p, k, i) ((p) + LN(k) * TT_STRAND_COLUMN + (i))
#define LN_ROD(r, k, i) ((r) + (k) * TT_STRAND_COLUMN + (i))

/* Half p's columns the speed limit reads and scales. */
LANES_INLINE LN(speeds) LN(speeds_at)(float *p)
{
	return (LN(speeds)){LN_AT(p, WI, 0), LN_AT(p, VX, 0), LN_AT(p, VY, 0),
			    LN_AT(p, VZ, 0)};
}

/* The nodes of half p at slot i integrated (integrate_d's operations):
 * their velocities and the places they start from stored at once (held
 * through the rods, those spilled out of the registers), their positions
 * kept. */
LANES_INLINE LN(pos) LN(fall)(float *p, int i, const LN(step) *k, const int d3)
{
	VF falls = v_sel(v_gt(v_load_n(LN_AT(p, WI, i), W), v_set(0.0f)),
			 v_load_n(LN_AT(p, GS, i), W), v_set(0.0f));
	LN(pos) n = {.px = v_load_n(LN_AT(p, X, i), W), .py = v_load_n(LN_AT(p, Y, i), W)};
	VF vx = v_load_n(LN_AT(p, VX, i), W) + k->gx * falls;
	VF vy = v_load_n(LN_AT(p, VY, i), W) + k->gy * falls;
	v_store_n(LN_AT(p, VX, i), vx, W), v_store_n(LN_AT(p, VY, i), vy, W);
	v_store_n(LN_AT(p, PX, i), n.px, W), v_store_n(LN_AT(p, PY, i), n.py, W);
	n.x = n.px + vx * k->h, n.y = n.py + vy * k->h;
	if (d3) {
		VF vz = v_load_n(LN_AT(p, VZ, i), W) + k->gz * falls;
		v_store_n(LN_AT(p, VZ, i), vz, W);
		n.pz = v_load_n(LN_AT(p, Z, i), W), n.z = n.pz + vz * k->h;
		v_store_n(LN_AT(p, PZ, i), n.pz, W);
	}
	return n;
}

LANES_INLINE LN(end) LN(end_of)(LN(pos) n, VF w)
{
	return (LN(end)){n.x, n.y, n.z, n.px, n.py, n.pz, w};
}

LANES_INLINE void LN(moved)(LN(pos) *n, const LN(end) *e)
{
	n->x = e->x, n->y = e->y, n->z = e->z;
}

/* W rods of the run of rods r from slot i between nodes held in
 * registers, the first pass of a substep. */
LANES_INLINE void LN(rods_held)(float *r, int i, LN(pos) *a, VF wa, LN(pos) *b,
				VF wb, VF inv_h2, int sums, const int plain, const int d3)
{
	LN(end) ea = LN(end_of)(*a, wa), eb = LN(end_of)(*b, wb);
	LN(rods) rods = LN(rods_from)(LN_ROD(r, 0, i), LN_ROD(r, 1, i),
				      (const int32_t *)LN_ROD(r, 2, i), LN_ROD(r, 3, i), W, 1);
	VM write_a, write_b;
	LN(solve)(&ea, &eb, &rods, inv_h2, &write_a, &write_b, sums, plain, d3);
	v_store_n(LN_ROD(r, 3, i), rods.lambda, W);
	LN(moved)(a, &ea), LN(moved)(b, &eb);
}

/* The nodes of half p at slot i final: their velocities updated
 * (velocities_d's operations), stored with their positions (where they
 * were, the first sweep kept); the non-finite counted, the
 * fast ones (seldom) limited through a view of the half. */
LANES_INLINE int LN(finish)(float *p, int i, LN(pos) n, const LN(step) *k,
			    const int d3)
{
	const VF h = k->h, inv_h = k->inv_h;
	VF vx = v_load_n(LN_AT(p, VX, i), W), vy = v_load_n(LN_AT(p, VY, i), W);
	vx = vx + (n.x - (n.px + vx * h)) * inv_h;
	vy = vy + (n.y - (n.py + vy * h)) * inv_h;
	v_store_n(LN_AT(p, X, i), n.x, W), v_store_n(LN_AT(p, Y, i), n.y, W);
	v_store_n(LN_AT(p, VX, i), vx, W), v_store_n(LN_AT(p, VY, i), vy, W);
	VF sum = vx + vy, v2 = vx * vx + vy * vy;
	if (d3) {
		VF vz = v_load_n(LN_AT(p, VZ, i), W);
		vz = vz + (n.z - (n.pz + vz * h)) * inv_h;
		v_store_n(LN_AT(p, Z, i), n.z, W), v_store_n(LN_AT(p, VZ, i), vz, W);
		sum = ((sum + vz) + n.x) + n.y + n.z, v2 = v2 + vz * vz;
	} else {
		sum = (sum + n.x) + n.y;
	}
	VM finite = v_eq(sum - sum, v_set(0.0f));
	if (!m_bits(m_or(m_not(finite), v_gt(v2, v_set(k->max * k->max)))))
		return 0;  /* all finite, none over the limit: the most often */
	LN(clamp)(LN(speeds_at)(p), i, W, v2, finite, k->max);
	return __builtin_popcount(m_bits(m_not(finite)));
}

/* Positions of half p at slot i: loaded; and where they are now, stored. */
LANES_INLINE LN(pos) LN(pos_at)(const float *p, int i, const int d3)
{
	LN(pos) n = {.x = v_load_n(LN_AT(p, X, i), W), .y = v_load_n(LN_AT(p, Y, i), W),
		     .px = v_load_n(LN_AT(p, PX, i), W), .py = v_load_n(LN_AT(p, PY, i), W)};
	if (d3)
		n.z = v_load_n(LN_AT(p, Z, i), W), n.pz = v_load_n(LN_AT(p, PZ, i), W);
	return n;
}

/* Where they are now (fall stored where they were). */
LANES_INLINE void LN(keep)(float *p, int i, LN(pos) n, const int d3)
{
	v_store_n(LN_AT(p, X, i), n.x, W), v_store_n(LN_AT(p, Y, i), n.y, W);
	if (d3)
		v_store_n(LN_AT(p, Z, i), n.z, W);
}

/* The same substep in two sweeps when it has one pass, the even rods
 * first: each vector of both halves integrated and its even rods solved
 * (no vector waits on another), then each vector's odd rods and its
 * velocities. Vector i's odd rods reach into the even half one slot
 * along, whose slot i the odd rod before moved; so its even nodes' final
 * places are that rod's last lane and this one's first W - 1, turned into
 * place in registers (no load waits on the odd rods' stores). Each node
 * takes its stages in the staged order. */
LANES_INLINE int LN(swept)(const LN(halves) *v, const tt_strand_job *job, int limit,
			   int sums, const int plain, const int d3)
{
	const LN(step) k = LN(step_of)(job);
	float *e = job->scratch, *o = e + LN(ODD) * TT_STRAND_COLUMN,
	      *even_rods = e + LN(EVEN_RODS) * TT_STRAND_COLUMN,
	      *odd_rods = e + LN(ODD_RODS) * TT_STRAND_COLUMN;
	int bad = 0;
	for (int i = 0; i < v->n; i += W) {
		if (limit) {
			LN(limit_n)(LN(speeds_at)(e), i, W, k.max, d3);
			LN(limit_n)(LN(speeds_at)(o), i, W, k.max, d3);
		}
		LN(pos) a = LN(fall)(e, i, &k, d3), b = LN(fall)(o, i, &k, d3);
		LN(rods_held)(even_rods, i, &a, v_load_n(LN_AT(e, WI, i), W), &b,
			      v_load_n(LN_AT(o, WI, i), W), k.inv_h2, sums, plain, d3);
		LN(keep)(e, i, a, d3), LN(keep)(o, i, b, d3);
	}
	LN(pos) moved = LN(pos_at)(e, 0, d3);  /* lane W - 1 of it: slot 0 */
	moved.x = v_align(moved.x, moved.x, 1), moved.y = v_align(moved.y, moved.y, 1);
	moved.z = d3 ? v_align(moved.z, moved.z, 1) : moved.z;
	for (int i = 0; i < v->n; i += W) {
		LN(pos) a = LN(pos_at)(o, i, d3), b = LN(pos_at)(e, i + 1, d3);
		LN(rods_held)(odd_rods, i, &a, v_load_n(LN_AT(o, WI, i), W), &b,
			      v_load_n(LN_AT(e, WI, i + 1), W), k.inv_h2, sums, plain, d3);
		LN(pos) even = {.x = v_align(b.x, moved.x, W - 1),
				.y = v_align(b.y, moved.y, W - 1),
				.px = v_load_n(LN_AT(e, PX, i), W),
				.py = v_load_n(LN_AT(e, PY, i), W)};
		if (d3)
			even.z = v_align(b.z, moved.z, W - 1), even.pz = v_load_n(LN_AT(e, PZ, i), W);
		bad += LN(finish)(e, i, even, &k, d3);
		bad += LN(finish)(o, i, a, &k, d3);
		moved = b;
	}
	return bad;
}

#undef LN_AT
#undef LN_ROD

/* Are all the tile's rods rigid (or so soft they do nothing, as the
 * padding is), and none a tether? Read from the halves' runs of rods. */
LANES_INLINE int LN(plain)(const LN(halves) *v)
{
	const VF zero = v_set(0.0f), inf = v_set(INFINITY);
	const VI tether = v_seti(TT_SPRING_TETHER);
	for (int h = 0; h < 2; h++)
		for (int i = 0; i < v->n; i += W) {
			VF c = v_load_n(v->rods[h].compliance + i, W);
			VM odd = m_or(m_not(m_or(v_eq(c, zero), v_eq(c, inf))),
				      v_eqi(v_loadi_n(v->rods[h].kind + i, W), tether));
			if (m_bits(odd))
				return 0;
		}
	return 1;
}

LANES_INLINE int LN(strand_step_d)(const tt_strand_job *job, const int d3)
{
	LN(halves) v = LN(halves_of)(job);
	const VF inv_h2 = v_set(1.0f / (job->h * job->h));
	LN(tile_in)(&v, job, d3);
	const int plain = LN(plain)(&v);
	for (int sub = 0; sub < job->subs; sub++) {
		int passes = sub + 1 == job->subs ? job->last : job->passes;
		int sums = sub + 1 == job->w->def.substeps, limit = job->limit && sub == 0;
		int swept = passes == 1 && !job->tile.odd_first;
		for (int h = 0; limit && !swept && h < 2; h++) {
			tt_particles half = v.half[h];  /* v stays the kernel's own */
			LN(limit)(&half, job->w->def.max_speed, 0, v.n, d3);
		}
		int bad = !swept  ? LN(staged)(&v, job, passes, sums, inv_h2, d3)
			  : plain ? LN(swept)(&v, job, limit, sums, 1, d3)  /* limits as it goes */
				  : LN(swept)(&v, job, limit, sums, 0, d3);
		if (bad > 0)
			return 0;
	}
	for (int k = 0; k < job->tile.count; k++)
		LN(strand_move)(&v, job->w, &job->strand[k], 1, d3);
	return 1;
}

LANES_FN static int LN(strand_step)(const tt_strand_job *job)
{
	if (job->w->def.is_3d)
		return LN(strand_step_d)(job, 1);
	return LN(strand_step_d)(job, 0);
}
