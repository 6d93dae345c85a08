/* The limit's kernel, written once for any vector width: the file that
 * includes it defines the vector type and its few operations, then this
 * body becomes that width's `LIMIT_NAME(limit_steps)`.
 *
 * Expected from the includer:
 *   VF, VM         a vector of LANES floats, and a lane mask
 *   LIMIT_FN       the function attribute (the target of the width)
 *   LIMIT_NAME(f)  f with the width's suffix
 *   v_load(p), v_store(p, v), v_set(f), v_sqrt(v), v_gt(a, b) -> VM,
 *   v_and(m, m), v_sel(m, a, b) (a where m, else b), v_tail(n) -> VM
 *   (lanes 0..n-1), with + - * / on VF.
 *
 * The maths is core/solver.c's for a rigid rod (compliance 0, so lambda
 * drops out, and the multiplier, which only tells the rod's force, is not
 * summed): k = (rest - |d|) |d| / (wsum o.d), one square root and one
 * division, with the turn test o.d > 0 and 4 (o.d)^2 > |o|^2 |d|^2 (no
 * root); when the test fails the rod moves along d with o.d = |d|^2. The
 * core rounds the same expressions (it did not always: its own were
 * two roots and three divisions a rod), so the limit's only other
 * rounding is its velocities', v = (x - p) / h; with the core's (--exact 1)
 * it matches the core bit for bit, which proves the rest is the same work. */

/* One node of a vector of lanes, in registers. */
typedef struct {
	VF x, y, px, py, vx, vy, w;
} LIMIT_NAME(node);

/* The nodes at i, integrated: v += g h (those that fall); p = x; x += v h. */
LIMIT_FN static inline LIMIT_NAME(node)
	LIMIT_NAME(start)(const limit_lanes *f, int i, const VF h[3])
{
	LIMIT_NAME(node) n = {.x = v_load(f->x + i), .y = v_load(f->y + i),
			      .vx = v_load(f->vx + i), .vy = v_load(f->vy + i),
			      .w = v_load(f->w + i)};
	n.px = n.x, n.py = n.y;
	n.vy = n.vy + v_sel(v_gt(n.w, v_set(0.0f)), h[1], v_set(0.0f));
	n.x = n.x + n.vx * h[0];
	n.y = n.y + n.vy * h[0];
	return n;
}

/* Nodes part way through their substep: stored, and loaded back. */
LIMIT_FN static inline void LIMIT_NAME(keep)(const limit_lanes *f, int i,
					     LIMIT_NAME(node) n)
{
	v_store(f->x + i, n.x);
	v_store(f->y + i, n.y);
	v_store(f->px + i, n.px);
	v_store(f->py + i, n.py);
	v_store(f->vy + i, n.vy);
}

LIMIT_FN static inline LIMIT_NAME(node) LIMIT_NAME(kept)(const limit_lanes *f, int i)
{
	return (LIMIT_NAME(node)){.x = v_load(f->x + i), .y = v_load(f->y + i),
				  .px = v_load(f->px + i), .py = v_load(f->py + i),
				  .vx = v_load(f->vx + i), .vy = v_load(f->vy + i),
				  .w = v_load(f->w + i)};
}

/* The rods between nodes a and b, lane by lane, in the core's order of
 * operations. */
LIMIT_FN static inline void LIMIT_NAME(rod)(LIMIT_NAME(node) *a,
					      LIMIT_NAME(node) *b)
{
	VF dx = a->x - b->x, dy = a->y - b->y;
	VF ox = a->px - b->px, oy = a->py - b->py;
	VF len2 = dx * dx + dy * dy, dot = ox * dx + oy * dy;
	VM along = v_and(v_gt(dot, v_set(0.0f)),
			 v_gt(v_set(4.0f) * dot * dot, (ox * ox + oy * oy) * len2));
	VF len = v_sqrt(len2);
	VF k = (v_set(BENCH_REST) - len) * len /
	       ((a->w + b->w) * v_sel(along, dot, len2));
	VF ka = a->w * k, kb = b->w * k;
	ox = v_sel(along, ox, dx), oy = v_sel(along, oy, dy);
	a->x = a->x + ka * ox, a->y = a->y + ka * oy;
	b->x = b->x - kb * ox, b->y = b->y - kb * oy;
}

/* The nodes' velocities, stored with their positions: v = (x - p) / h, or
 * as the core writes it, v += (x - (p + v h)) / h (for the rounding of
 * free flight; two operations more a node). */
LIMIT_FN static inline void LIMIT_NAME(finish)(const limit_lanes *f, int i,
					       LIMIT_NAME(node) n, const VF h[3])
{
	v_store(f->x + i, n.x);
	v_store(f->y + i, n.y);
	if (f->exact) {
		n.vx = n.vx + (n.x - (n.px + n.vx * h[0])) * h[2];
		n.vy = n.vy + (n.y - (n.py + n.vy * h[0])) * h[2];
	} else {
		n.vx = (n.x - n.px) * h[2];
		n.vy = (n.y - n.py) * h[2];
	}
	v_store(f->vx + i, n.vx);
	v_store(f->vy + i, n.vy);
}

/* The rods between a and b in their first n lanes (all when n >= LANES);
 * the other lanes keep their positions. */
LIMIT_FN static inline void LIMIT_NAME(rod_first)(LIMIT_NAME(node) *a,
						    LIMIT_NAME(node) *b, int n)
{
	if (n <= 0)
		return;
	VF xa = a->x, ya = a->y, xb = b->x, yb = b->y;
	LIMIT_NAME(rod)(a, b);
	if (n < LANES) {
		VM on = v_tail(n);
		a->x = v_sel(on, a->x, xa), a->y = v_sel(on, a->y, ya);
		b->x = v_sel(on, b->x, xb), b->y = v_sel(on, b->y, yb);
	}
}

/* The positions of nodes at i, stored (a rod moved only those). */
LIMIT_FN static inline void LIMIT_NAME(moved)(const limit_lanes *f, int i,
					      LIMIT_NAME(node) n)
{
	v_store(f->x + i, n.x);
	v_store(f->y + i, n.y);
}

/* The rods of one run: node i + l against node j + l for l < n. No two
 * rods of a run share a node, so the lanes are independent. The j side
 * is stored first: the odd rods of a rope's halves read the evens one
 * lane along, and past the last even that reaches odd[0], which the i
 * side may hold too, moved (as pair_halves does). */
LIMIT_FN static void LIMIT_NAME(project)(const limit_lanes *f, limit_run run)
{
	for (int l = 0; l < run.n; l += LANES) {
		int i = run.i + l, j = run.j + l;
		LIMIT_NAME(node) a = LIMIT_NAME(kept)(f, i), b = LIMIT_NAME(kept)(f, j);
		LIMIT_NAME(rod_first)(&a, &b, run.n - l);
		LIMIT_NAME(moved)(f, j, b);
		LIMIT_NAME(moved)(f, i, a);
	}
}

/* A substep in passes: integrate all, every run (the colours in order),
 * velocities of all. */
LIMIT_FN static void LIMIT_NAME(passes)(const limit_lanes *f, const VF h[3])
{
	for (int i = 0; i < f->n; i += LANES)
		LIMIT_NAME(keep)(f, i, LIMIT_NAME(start)(f, i, h));
	for (int it = 0; it < f->iterations; it++)
		for (int r = 0; r < f->run_count; r++)
			LIMIT_NAME(project)(f, f->runs[r]);
	for (int i = 0; i < f->n; i += LANES)
		LIMIT_NAME(finish)(f, i, LIMIT_NAME(kept)(f, i), h);
}

/* Row pair k (k even) of one substep of the node-major block at column c:
 * nodes k and k + 1 are integrated and their even rod solved (node k + 1
 * is kept for the next pair), then the odd rod k - 1 behind them, which
 * leaves nodes k - 1 and k final. Pair k = rows (rows odd) only finishes
 * the last node. Each rod runs after every rod it waits on in the passes,
 * so the result is theirs bit for bit. */
LIMIT_FN static void LIMIT_NAME(pair)(const limit_lanes *f, int c, int k,
				      const VF h[3])
{
	const int last = f->rows - 1, s = f->stride, i = k * s + c;
	LIMIT_NAME(node) even = {0}, odd;
	if (k <= last)
		even = LIMIT_NAME(start)(f, i, h);
	if (k < last) {
		odd = LIMIT_NAME(start)(f, i + s, h);
		LIMIT_NAME(rod)(&even, &odd);
		LIMIT_NAME(keep)(f, i + s, odd);
	}
	if (k > 0) {
		LIMIT_NAME(node) behind = LIMIT_NAME(kept)(f, i - s);
		if (k <= last)
			LIMIT_NAME(rod)(&behind, &even);
		LIMIT_NAME(finish)(f, i - s, behind, h);
	}
	if (k <= last)
		LIMIT_NAME(finish)(f, i, even, h);
}

/* Block q of one substep of the rope whose halves start at e0 (evens)
 * and e0 + stride (odds): its nodes are integrated and its even rods
 * solved (and kept), then the odd rods of block q - 1, odd[m] against
 * even[m + 1] (one lane along), which leave that block final. Call q =
 * the block count only finishes the last block. Past the rope's rods the
 * lanes are masked; as in pair, every rod runs after those it waits on. */
LIMIT_FN static void LIMIT_NAME(pair_halves)(const limit_lanes *f, int e0, int q,
					      const VF h[3])
{
	const int s = f->stride, e = e0 + q * LANES, p = e - LANES;
	if (q < s / LANES) {
		LIMIT_NAME(node) even = LIMIT_NAME(start)(f, e, h),
				 odd = LIMIT_NAME(start)(f, e + s, h);
		LIMIT_NAME(rod_first)(&even, &odd, f->rows / 2 - q * LANES);
		LIMIT_NAME(keep)(f, e, even);
		LIMIT_NAME(keep)(f, e + s, odd);
	}
	if (q > 0) {
		LIMIT_NAME(node) odd = LIMIT_NAME(kept)(f, p + s),
				 next = LIMIT_NAME(kept)(f, p + 1);
		LIMIT_NAME(rod_first)(&odd, &next, (f->rows - 1) / 2 - (q - 1) * LANES);
		LIMIT_NAME(moved)(f, p + 1, next);  /* first: see project */
		LIMIT_NAME(finish)(f, p + s, odd, h);
		LIMIT_NAME(finish)(f, p, LIMIT_NAME(kept)(f, p), h);
	}
}

/* One step of a block as a wavefront: substep s works on pair t - LAG s
 * while substep 0 works on pair t. Substep s + 1 needs substep s one pair
 * ahead of it; two pairs ahead, no substep of a wave waits on another,
 * and the core overlaps their square roots and divisions instead of
 * waiting on each in turn. The block is a column c of lanes (node-major)
 * or a rope whose halves start at c. */
#define LAG 2
LIMIT_FN static void LIMIT_NAME(wave)(const limit_lanes *f, int c, const VF h[3])
{
	const int pairs = f->node_major ? f->rows / 2 + 1 : f->stride / LANES + 1;
	for (int t = 0; t < pairs + LAG * (f->substeps - 1); t++)
		for (int s = 0; s < f->substeps; s++) {
			int j = t - LAG * s;
			if (j < 0 || j >= pairs)
				continue;
			if (f->node_major)
				LIMIT_NAME(pair)(f, c, 2 * j, h);
			else
				LIMIT_NAME(pair_halves)(f, c, j, h);
		}
}

/* In waves (one iteration only) every block of lanes, a column of ropes
 * or a rope, takes its whole step as one wave and stays in L1; else
 * substeps of passes. */
LIMIT_FN void LIMIT_NAME(limit_steps)(const limit_lanes *columns, int steps)
{
	/* A local copy: the vector stores may alias anything but it, so the
	 * column pointers stay in registers */
	const limit_lanes copy = *columns, *f = &copy;
	const float dt = BENCH_DT / (float)f->substeps;
	const VF h[3] = {v_set(dt), v_set(BENCH_GRAVITY * dt), v_set(1.0f / dt)};
	const int waves = f->waves && f->iterations == 1,
		  blocks = f->node_major ? f->stride / LANES : f->ropes,
		  block = f->node_major ? LANES : 2 * f->stride;
	for (int step = 0; step < steps; step++) {
		for (int b = 0; waves && b < blocks; b++)
			LIMIT_NAME(wave)(f, b * block, h);
		for (int sub = 0; !waves && sub < f->substeps; sub++)
			LIMIT_NAME(passes)(f, h);
	}
}
