/* A rope's direct solve (see chain.c), written once for any number of
 * lanes of float or double (REAL): the including file defines the vector
 * type and a few operations, and this body becomes CN(chain) at that
 * width. Width 1 is the scalar reference; every width performs the same
 * operations on each row and node, so all give one result bit for bit.
 *
 * Expected from the includer:
 *   CW, REAL          lanes and their type; VD, VM a vector of them and its
 *                     mask; CHAIN_FN, CN(f) the target attribute, suffix
 *   d_load d_store    REAL columns; f_load f_store f_store_if(p, v, m)
 *                     float columns, converted to and from REAL
 *   d_set d_sqrt d_sel(m, a, b) d_gt d_lt m_and m_or m_not m_lane d_lane
 *   d_iota (lane l holds l), d_next(a, b) and d_before(a, b) (lanes
 *   1 .. CW and CW - 1 .. 2 CW - 2 of a:b: the rows after a's, the rows
 *   before b's), with + - * / and unary - on VD.
 *
 * The solve's rows are padded with identity rows (d = 1, l = u = r = 0)
 * before and after, so every loop runs whole vectors: a lane past the
 * end computes an identity row or a zero, never a value that is used. */

#define CHAIN_INLINE CHAIN_FN static inline __attribute__((always_inline))

/* The solve's own vectors: CHAIN_G rows of REAL, whatever CW is. The
 * solve (below) is the same operations on the same groups of rows at
 * every width, so every width gives one result bit for bit. */
#ifndef CHAIN_G
#define CHAIN_G 8  /* rows in a group: the systems the rows split into */
#define CHAIN_PAD 8  /* rows before a solve array's first, and 8 after */
/* The groups pass between static functions of one file only: no ABI of
 * ours changes with the target. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
#endif
typedef REAL CN(g) __attribute__((vector_size(CHAIN_G * sizeof(REAL))));

CHAIN_INLINE CN(g) CN(g_load)(const REAL *p)
{
	CN(g) v;
	memcpy(&v, p, sizeof v);
	return v;
}

CHAIN_INLINE void CN(g_store)(REAL *p, CN(g) v)
{
	memcpy(p, &v, sizeof v);
}

/* One tridiagonal system: its rows l x_i-1 + d x_i + u x_i+1 = r, its
 * solution x (room for the rows rounded up to CHAIN_G) and the work the
 * solve takes (solve_need). The pointers are named one by one, not in
 * arrays: GCC builds an array of them with scalar stores and reads it
 * back as a vector, which waits for them all. */
typedef struct {
	REAL *l, *d, *u, *r, *x, *work;
} CN(system);

/* A system's rows in one of the solve's stages, with 1 / d. */
typedef struct {
	REAL *l, *d, *u, *r, *inv;
} CN(stage);

/* The rows of a system of s rows rounded up to whole groups. */
static int CN(rounded)(int s)
{
	return (s + CHAIN_G - 1) / CHAIN_G * CHAIN_G;
}

/* REALs in one of the solve's arrays: the rows and their padding. */
static int CN(solve_array)(int s)
{
	return CN(rounded)(s) + 2 * CHAIN_PAD;
}

/* REALs solve_rows needs below a system of s rows: the first stage's
 * inverses and two stages. */
static int CN(solve_need)(int s)
{
	return 11 * CN(solve_array)(s);
}

/* Rows [from, from + CHAIN_G) of the stage's arrays become identity
 * rows (d = 1, l = u = r = 0), their 1 / d 1. */
CHAIN_INLINE void CN(identity_rows)(const CN(stage) *t, int from)
{
	const CN(g) zero = {0}, one = zero + 1;
	CN(g_store)(t->l + from, zero), CN(g_store)(t->u + from, zero);
	CN(g_store)(t->r + from, zero), CN(g_store)(t->d + from, one);
	CN(g_store)(t->inv + from, one);
}

/* The system's stages: its rows (with the first stage's inverses) and
 * two more in its work, every one with identity rows around the rows of
 * groups, so the neighbours up to 4 rows away are always there (the
 * first stage's from the end of its rows on). */
CHAIN_INLINE void CN(stages)(const CN(system) *sy, int s, CN(stage) t[3])
{
	const int n = CN(rounded)(s), z = CN(solve_array)(s);
	REAL *w = sy->work + CHAIN_PAD;
	t[0] = (CN(stage)){sy->l, sy->d, sy->u, sy->r, w};
	for (int k = 1; k < 3; k++)
		t[k] = (CN(stage)){w + (5 * k - 4) * z, w + (5 * k - 3) * z,
				   w + (5 * k - 2) * z, w + (5 * k - 1) * z,
				   w + 5 * k * z};
	for (int k = 0; k < 3; k++) {
		CN(identity_rows)(&t[k], -CHAIN_PAD);
		CN(identity_rows)(&t[k], n);
	}
	CN(identity_rows)(&t[0], s);
	for (int i = -CHAIN_PAD; i < n + CHAIN_PAD; i += CHAIN_G)
		CN(g_store)(t[0].inv + i, (REAL)1 / CN(g_load)(t[0].d + i));
}

/* Parallel cyclic reduction, one level: each row takes out its
 * neighbours `away` rows before and after (Hockney 1965), so it couples
 * the rows 2 away apart. A row's neighbours come from memory: every
 * row of a level is read by three groups. */
CHAIN_INLINE void CN(pcr)(const CN(stage) *a, const CN(stage) *b, int n,
			  int away, int inverses)
{
	for (int i = 0; i < n; i += CHAIN_G) {
		const int lo = i - away, hi = i + away;
		CN(g) p = CN(g_load)(a->l + i) * CN(g_load)(a->inv + lo);
		CN(g) q = CN(g_load)(a->u + i) * CN(g_load)(a->inv + hi);
		CN(g) d = CN(g_load)(a->d + i) - p * CN(g_load)(a->u + lo) -
			  q * CN(g_load)(a->l + hi);
		CN(g_store)(b->l + i, -(p * CN(g_load)(a->l + lo)));
		CN(g_store)(b->u + i, -(q * CN(g_load)(a->u + hi)));
		CN(g_store)(b->d + i, d);
		CN(g_store)(b->r + i, CN(g_load)(a->r + i) - p * CN(g_load)(a->r + lo) -
					      q * CN(g_load)(a->r + hi));
		if (inverses)
			CN(g_store)(b->inv + i, (REAL)1 / d);
	}
}

/* Solve `count` tridiagonal systems of s rows each. Three levels of
 * parallel cyclic reduction leave rows coupled only to the rows CHAIN_G
 * before and after: the rows of each lane of the groups are a system of
 * their own, the CHAIN_G of them solved together by Thomas' elimination
 * (one division a row, none of the reduction's reordering). The
 * elimination waits on each row's division; the systems of several ropes
 * run a row of each in turn, and each gets the operations it gets alone,
 * bit for bit. */
CHAIN_FN static void CN(solve_rows)(const CN(system) *sy, int count, int s)
{
	const int n = CN(rounded)(s);
	CN(stage) t[TT_CHAIN_BATCH][3];
	CN(g) c[TT_CHAIN_BATCH], q[TT_CHAIN_BATCH], x[TT_CHAIN_BATCH];
	for (int j = 0; j < count; j++) {
		CN(stages)(&sy[j], s, t[j]);
		CN(pcr)(&t[j][0], &t[j][1], n, 1, 1);
		CN(pcr)(&t[j][1], &t[j][2], n, 2, 1);
		CN(pcr)(&t[j][2], &t[j][1], n, 4, 0);
		c[j] = q[j] = (CN(g)){0};
	}
	for (int i = 0; i < n; i += CHAIN_G)  /* forward: c, q in stage 2 */
		for (int j = 0; j < count; j++) {
			const CN(stage) *a = &t[j][1], *b = &t[j][2];
			CN(g) l = CN(g_load)(a->l + i);
			CN(g) inv = (REAL)1 / (CN(g_load)(a->d + i) - l * c[j]);
			c[j] = CN(g_load)(a->u + i) * inv;
			q[j] = (CN(g_load)(a->r + i) - l * q[j]) * inv;
			CN(g_store)(b->u + i, c[j]), CN(g_store)(b->r + i, q[j]);
		}
	for (int j = 0; j < count; j++)
		x[j] = (CN(g)){0};
	for (int i = n - CHAIN_G; i >= 0; i -= CHAIN_G)  /* back */
		for (int j = 0; j < count; j++) {
			const CN(stage) *b = &t[j][2];
			x[j] = CN(g_load)(b->r + i) - CN(g_load)(b->u + i) * x[j];
			CN(g_store)(sy[j].x + i, x[j]);
		}
}

/* Segments i .. i + CW - 1: d the vectors between their nodes, len their
 * lengths, o the vectors at the substep's start (the current ones when
 * they turned far, as solver.c does) and, when the multipliers are kept,
 * so their lengths; zero o past the last segment. Nothing is normalised:
 * rows() scales each row by len and each column by so instead (a
 * division each, and a root, saved). */
typedef struct {
	VD ox, oy, oz, dx, dy, dz, len, so;
} CN(dirs);

CHAIN_INLINE CN(dirs) CN(dirs_at)(float *const n[7], int i, int m, int lambdas,
				  const int d3)
{
	CN(dirs) g = {0};
	if (i >= m)
		return g;
	VD dx = f_load(n[0] + i) - f_load(n[0] + i + 1);
	VD dy = f_load(n[1] + i) - f_load(n[1] + i + 1);
	VD qx = f_load(n[3] + i) - f_load(n[3] + i + 1);
	VD qy = f_load(n[4] + i) - f_load(n[4] + i + 1);
	VD dz = d_set(0.0), qz = d_set(0.0);
	VD d2 = dx * dx + dy * dy, q2 = qx * qx + qy * qy;
	VD qd = qx * dx + qy * dy;  /* turned: q.d <= |q| |d| / 2 */
	if (d3) {
		dz = f_load(n[2] + i) - f_load(n[2] + i + 1);
		qz = f_load(n[5] + i) - f_load(n[5] + i + 1);
		d2 = d2 + dz * dz, q2 = q2 + qz * qz, qd = qd + qz * dz;
	}
	VM turned = m_not(m_and(d_gt(qd, d_set(0.0)),
				d_gt(qd * qd, d_set(0.25) * q2 * d2)));
	qx = d_sel(turned, dx, qx), qy = d_sel(turned, dy, qy);
	qz = d_sel(turned, dz, qz), q2 = d_sel(turned, d2, q2);
	VM keep = m_and(d_lt(d_iota + d_set(i), d_set(m)), d_gt(q2, d_set(1e-18)));
	g.ox = d_sel(keep, qx, d_set(0.0)), g.oy = d_sel(keep, qy, d_set(0.0));
	g.oz = d_sel(keep, qz, d_set(0.0));
	g.dx = dx, g.dy = dy, g.dz = dz, g.len = d_sqrt(d2);
	if (lambdas)
		g.so = d_sqrt(q2);
	return g;
}

/* d . o for each lane's pair; in 2D (d3 0) z is 0 and left out, as its
 * +0 products add nothing (lanes_body.h) */
CHAIN_INLINE VD CN(dot)(const CN(dirs) *u, VD ox, VD oy, VD oz, const int d3)
{
	VD xy = u->dx * ox + u->dy * oy;
	return d3 ? xy + u->dz * oz : xy;
}

/* The rows (chain.c's note), each times its segment's length, in the
 * unknowns dl_i / so_i (the multipliers' share of a unit o); o of each
 * segment kept for the moves, so for the multipliers. A row with both
 * ends pinned, infinitely soft or of no length is an identity row. Lanes
 * past the last segment read the rope's neighbours in memory: their rows
 * are then made identity rows. Without the multipliers (lambdas 0) every
 * alpha is 0. */
CHAIN_INLINE void CN(rows)(const tt_chain_job *job, REAL *const col[4],
			   REAL *const row[4], const int d3)
{
	const int m = job->m, lambdas = job->lambdas;
	CN(dirs) p = {0}, g = CN(dirs_at)(job->node, 0, m, lambdas, d3);
	for (int i = 0; i < m; i += CW) {
		CN(dirs) q = CN(dirs_at)(job->node, i + CW, m, lambdas, d3);
		d_store(col[0] + i, g.ox), d_store(col[1] + i, g.oy);
		if (d3)
			d_store(col[2] + i, g.oz);
		VD wa = f_load(job->node[6] + i), wb = f_load(job->node[6] + i + 1);
		VD al = f_load(job->alpha + i),
		   diag = (wa + wb) * CN(dot)(&g, g.ox, g.oy, g.oz, d3);
		VD lower = -wa * CN(dot)(&g, d_before(p.ox, g.ox), d_before(p.oy, g.oy),
					 d_before(p.oz, g.oz), d3);
		VD upper = -wb * CN(dot)(&g, d_next(g.ox, q.ox), d_next(g.oy, q.oy),
					 d_next(g.oz, q.oz), d3);
		VD rhs = -g.len * (g.len - f_load(job->rest + i));
		if (lambdas) {
			d_store(col[3] + i, g.so);
			diag = diag + al * g.len * g.so;
			if (!job->first)
				rhs = rhs - g.len * al * f_load(job->lambda + i);
		}
		VM off = m_or(m_not(d_gt(diag, d_set(1e-12) * g.len * g.len)),
			      m_not(d_lt(al, d_set(INFINITY))));
		d_store(row[0] + i, d_sel(off, d_set(0.0), lower));
		d_store(row[1] + i, d_sel(off, d_set(1.0), diag));
		d_store(row[2] + i, d_sel(off, d_set(0.0), upper));
		d_store(row[3] + i, d_sel(off, d_set(0.0), rhs));
		p = g, g = q;
	}
	for (int c = 0; c < 2 + d3; c++)  /* no segment before the first, after the last */
		d_store(col[c] - CW, d_set(0.0)), d_store(col[c] + m, d_set(0.0));
}

/* The least most2 / move2 of the nodes (move2 = (w mv)^2), past 1 when
 * none moves more than it may. */
CHAIN_INLINE REAL CN(least)(const tt_chain_job *job, REAL *const mv[3],
			    const int d3)
{
	VD least = d_set(INFINITY);
	for (int j = 0; j <= job->m; j += CW) {
		VD w = d_sel(d_lt(d_iota + d_set(j), d_set(job->m + 1)),
			     f_load(job->node[6] + j), d_set(0.0));
		VD mx = d_load(mv[0] + j), my = d_load(mv[1] + j);
		VD m2 = mx * mx + my * my;
		if (d3) {
			VD mz = d_load(mv[2] + j);
			m2 = m2 + mz * mz;
		}
		VD move2 = w * w * m2;
		VD ratio = d_sel(d_gt(move2, d_set(0.0)),
				 f_load(job->most2 + j) / move2, d_set(INFINITY));
		least = d_sel(d_lt(ratio, least), ratio, least);
	}
	REAL k = 1;
	for (int l = 0; l < CW; l++)
		k = d_lane(least, l) < k ? d_lane(least, l) : k;
	return k;
}

/* Each node's move per unit of the solution, mv = dl_j o_j - dl_j-1 o_j-1,
 * and how much of the solution to take: no node moves more than a
 * quarter of its segment in one pass (chain.c), most2 that squared per
 * node. Returns the share, 0 when the solution is not finite. Mostly no
 * node moves that far, and the share is 1 without a division: the
 * ratios (least) only when one does. */
CHAIN_INLINE REAL CN(share)(const tt_chain_job *job, REAL *const col[4],
			    const REAL *dl, REAL *const mv[3], const int d3)
{
	VD bad = d_set(0.0);
	VM far = d_gt(d_set(0.0), d_set(0.0));
	for (int j = 0; j <= job->m; j += CW) {
		VD in = d_load(dl + j), out = d_load(dl + j - 1);
		VM node = d_lt(d_iota + d_set(j), d_set(job->m + 1));
		VD w = d_sel(node, f_load(job->node[6] + j), d_set(0.0));
		VD mx = in * d_load(col[0] + j) - out * d_load(col[0] + j - 1);
		VD my = in * d_load(col[1] + j) - out * d_load(col[1] + j - 1);
		d_store(mv[0] + j, mx), d_store(mv[1] + j, my);
		VD m2 = mx * mx + my * my;
		if (d3) {
			VD mz = in * d_load(col[2] + j) - out * d_load(col[2] + j - 1);
			d_store(mv[2] + j, mz);
			m2 = m2 + mz * mz;
		}
		VD move2 = w * w * m2;
		far = m_or(far, m_and(node, d_gt(move2, f_load(job->most2 + j))));
		bad = bad + (in - in);  /* NaN once a solution is not finite */
	}
	int any = 0, sum = 0;
	for (int l = 0; l < CW; l++)
		any |= m_lane(far, l), sum |= d_lane(bad, l) != 0;
	if (sum)
		return 0;
	return any ? (REAL)sqrt(CN(least)(job, mv, d3)) : 1;
}

/* The free nodes move by w_j k mv_j (no other node is written), and the
 * segments' multipliers, when kept, take so_i dl_i k. */
CHAIN_INLINE void CN(move)(const tt_chain_job *job, const REAL *dl,
			   REAL *const col[4], REAL *const mv[3], REAL k, const int d3)
{
	for (int j = 0; j <= job->m; j += CW) {
		VD w = f_load(job->node[6] + j);
		VM free = m_and(d_gt(w, d_set(0.0)),
				d_lt(d_iota + d_set(j), d_set(job->m + 1)));
		for (int c = 0; c < 2 + d3; c++)
			f_store_if(job->node[c] + j,
				   f_load(job->node[c] + j) + w * d_set(k) * d_load(mv[c] + j),
				   free);
	}
	for (int i = 0; job->lambdas && i < job->m; i += CW) {
		VD dk = d_load(col[3] + i) * d_load(dl + i) * d_set(k);
		f_store(job->lambda + i, job->first ? dk : f_load(job->lambda + i) + dk);
	}
}

/* Columns of m + 4 CW and one CW before the first; the rows' with
 * CHAIN_PAD rows before theirs and room for them rounded to groups and
 * CHAIN_PAD after (solve_rows). */
static int CN(column)(int m)
{
	return (m + 6 * CW + 3 * CHAIN_PAD) / CW * CW;
}

/* Where a row column starts in its column: CHAIN_PAD in whole vectors. */
#define ROW_AT ((CHAIN_PAD + CW - 1) / CW * CW)

/* Bytes of work for a rope of m segments. */
static size_t CN(chain_need)(int m)
{
	return (size_t)(12 * CN(column)(m) + CN(solve_need)(m) + CW) * sizeof(REAL);
}

/* A job's columns in its work. */
typedef struct {
	REAL *col[4], *row[4], *mv[3], *dl;
} CN(layout);

static CN(layout) CN(lay_out)(const tt_chain_job *job)
{
	const int z = CN(column)(job->m);
	REAL *work = job->work;
	CN(layout) y;
	for (int c = 0; c < 3; c++)
		y.col[c] = work + c * z + CW, y.mv[c] = work + (7 + c) * z;
	for (int c = 0; c < 4; c++)
		y.row[c] = work + (3 + c) * z + ROW_AT;
	y.col[3] = work + 11 * z;
	y.dl = work + 10 * z + CW;
	return y;
}

/* The solution's share and the moves: 0 when it failed (nothing moved),
 * 2 when it took only a share, else 1. */
CHAIN_INLINE int CN(finish)(const tt_chain_job *job, CN(layout) *y, const int d3)
{
	d_store(y->dl - CW, d_set(0.0));
	for (int i = job->m; i < job->m + 2 * CW; i += CW)
		d_store(y->dl + i, d_set(0.0));
	REAL k = CN(share)(job, y->col, y->dl, y->mv, d3);
	if (k > 0)
		CN(move)(job, y->dl, y->col, y->mv, k, d3);
	return k > 0 ? 1 + (k < 1) : 0;
}

/* The solves of `count` ropes (at most TT_CHAIN_BATCH) of the same
 * segments that share no free node, in the jobs' columns; each one's
 * outcome (finish) in solved. In 2D (d3 0) z is never read nor written. */
CHAIN_INLINE void CN(chain_d)(const tt_chain_job *jobs, int count, int *solved,
			      const int d3)
{
	CN(layout) y[TT_CHAIN_BATCH];
	CN(system) sy[TT_CHAIN_BATCH] = {{0}};
	for (int j = 0; j < count; j++) {
		const int z = CN(column)(jobs[j].m);
		y[j] = CN(lay_out)(&jobs[j]);
		CN(rows)(&jobs[j], y[j].col, y[j].row, d3);
		sy[j] = (CN(system)){y[j].row[0], y[j].row[1], y[j].row[2],
				     y[j].row[3], y[j].dl,
				     (REAL *)jobs[j].work + 12 * z + CW};
	}
	CN(solve_rows)(sy, count, jobs[0].m);
	for (int j = 0; j < count; j++)
		solved[j] = CN(finish)(&jobs[j], &y[j], d3);
}

/* As chain_batch.h's tt_chain_batch. */
CHAIN_FN static void CN(chain)(const tt_chain_job *jobs, int count, int d3,
			       int *solved)
{
	if (d3)
		CN(chain_d)(jobs, count, solved, 1);
	else
		CN(chain_d)(jobs, count, solved, 0);
}

/* One rope's solve, as tt_chain_kernel's chain (in 3D: it reads z). */
CHAIN_FN static int CN(chain1)(const tt_chain_job *job)
{
	int solved;
	CN(chain)(job, 1, 1, &solved);
	return solved;
}

#undef ROW_AT
#undef CHAIN_INLINE
