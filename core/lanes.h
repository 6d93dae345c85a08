/* Private: the solver's hot loops in vector lanes (lanes_body.h, built
 * at each x86 width in lanes_x86.c and lanes_sse2.c) and the plan that
 * lays a batch of springs out for them (plan.c).
 *
 * The springs of a batch share no free particle, so they can be solved
 * side by side: lane l of a block takes one spring, and the block's
 * results are the scalar loop's bit for bit (the same IEEE operations in
 * the same order on each spring). A block finds its particles one of
 * five ways, chosen when the batches are built so the hot loop has no
 * per-spring lookup:
 *   PAIR    a = A + 2l, b = a + 1  (a rope's even or odd rods)
 *   STRIDE  a = A + l,  b = B + l  (a grid's rows of rods)
 *   FAN_A   a = A,      b = B + l  (tethers from one pinned anchor)
 *   FAN_B   a = A + l,  b = B
 *   GATHER  springs listed in the plan's gather column, indices loaded
 * each for n springs (at most `lanes`) from spring c, or listed from
 * gather[c] on. Without kernels, and in the overflow batch, blocks are
 * SPANs: springs c .. c + n - 1, solved one at a time. Segments of ropes
 * that the chain solve takes (chain.c) are in no block. */
#ifndef TT_LANES_H
#define TT_LANES_H

#include <stddef.h>
#include <stdint.h>

enum { TT_BLOCK_PAIR, TT_BLOCK_STRIDE, TT_BLOCK_FAN_A, TT_BLOCK_FAN_B,
       TT_BLOCK_GATHER, TT_BLOCK_SPAN };

typedef struct tt_block {
	int32_t kind, c, a, b;
	int32_t n;  /* springs: lanes 0 .. n - 1 */
} tt_block;

#define TT_PLAN_BATCHES 65  /* TT_MAX_BATCHES */

/* Colour k's blocks are blocks[at[k] .. at[k + 1]); colours lists the
 * colours that have springs or angles, in order. */
typedef struct tt_plan {
	tt_block *blocks;
	int32_t *gather;
	int block_capacity, gather_capacity;
	int32_t at[TT_PLAN_BATCHES + 1];
	int32_t colours[TT_PLAN_BATCHES];
	int colour_count;
	int lanes;  /* springs a block: the kernels' width, 0 when none */
	/* Tiles (stream.c): tile t holds particles [tiles[t], tiles[t + 1])
	 * (the last one up to the particle count) and, of colours[c], the
	 * blocks [tile_blocks[t * colour_count + c], the same at t + 1).
	 * No tiles: the world cannot stream. Tile t's pinned particles are
	 * pins[pin_at[t] .. pin_at[t + 1]). A whole step (stream.c) leaves
	 * in halts[t] the substep that left one of tile t's particles
	 * non-finite, or the step's substep count. */
	int32_t *tiles, *tile_blocks, *pin_at, *halts, *pins;
	int tile_count;
	size_t tile_bytes;
	/* Strands (strand.c): tile t's are strands[strand_tiles[t].strand
	 * ..], none when it is not all strands; `parts` threads' scratch. */
	struct tt_strand *strands;
	struct tt_strand_tile *strand_tiles;
	float *scratch;
	int scratch_parts;
	size_t scratch_bytes;
} tt_plan;

/* A strand: particles first .. first + nodes - 1 each joined to the next
 * by one spring and to nothing else. Its tile lies in two halves of
 * `slots` slots each, the even nodes and the odd ones: node 2j at slot
 * at + j of the even half, node 2j + 1 at slot at + j of the odd half.
 * Rod 2j (nodes 2j, 2j + 1) is spring even + j, in the even rods' slot
 * at + j; rod 2j + 1 (nodes 2j + 1, 2j + 2) spring odd + j, in the odd
 * rods' slot at + j. A slot that holds no node or rod is padding: no
 * mass, no motion, compliance infinite (so its rod is skipped). Then
 * the even rods of every strand are one run of lanes, and the odd ones
 * another, read one slot along in the even half: no shuffle. */
typedef struct tt_strand {
	int32_t first, nodes, at, even, odd;
} tt_strand;

typedef struct tt_strand_tile {
	int32_t strand, count;  /* count 0: not all strands */
	int32_t slots;
	int32_t odd_first;      /* the odd rods' colour comes first */
} tt_strand_tile;

/* A tile's whole step in halves (strand_body.h): substeps [0, subs),
 * `passes` each and `last` in the last one, the speed limit first when
 * `limit`. */
typedef struct tt_strand_job {
	struct tt_world *w;
	const tt_strand *strand;
	tt_strand_tile tile;
	float *scratch;    /* TT_STRAND_COLUMNS columns of TT_STRAND_COLUMN */
	float h, g[3];     /* g: gravity times h */
	int subs, passes, last, limit;
} tt_strand_job;

/* A half's x y z px py pz vx vy vz w gravity_scale, twice, then a run
 * of rods' rest compliance kind lambda, twice. */
#define TT_STRAND_COLUMNS 30
/* Floats a column: a constant, so the kernel reaches every column from
 * one pointer, and a line past 4 KB, so the columns' slot i fall in
 * other cache sets. A tile of more slots is not stepped as strands. */
#define TT_STRAND_COLUMN 1040
#define TT_STRAND_MOST (TT_STRAND_COLUMN - 48)

/// Find the tiles that are all strands (strand.c), once the tiles are
/// placed, and each thread's scratch for them; without memory, none are.
void tt_strand_plan(struct tt_world *w);
void tt_strand_release(tt_plan *plan);
/// Tile t's whole step as strands, in part `part`'s scratch (job gives
/// h, g and the substeps); 0 when it cannot, or when a particle went
/// non-finite (the world is then as it was).
int tt_strand_step(struct tt_world *w, int t, int part, tt_strand_job job);

struct tt_world;
struct tt_particles;

/* One rope's direct solve (chain.c, chain_body.h): its m + 1 nodes' x y
 * z px py pz w as float columns from its first node (read past the end,
 * for 64 floats: what lies there is never used nor written), per segment
 * rest, alpha (compliance / h^2) and lambda (the multiplier, taken as 0 in
 * a substep's first pass, and written when lambdas is set; without it
 * every alpha is 0), per node the square of the most it may move; the
 * free nodes' x y z are moved in place. */
typedef struct tt_chain_job {
	int m, first, lambdas;
	float *node[7];
	float *rest, *alpha, *most2, *lambda;  /* 64 past the end */
	void *work;                            /* need(m) bytes */
} tt_chain_job;

typedef struct tt_chain_kernel {
	int width;
	int (*chain)(const tt_chain_job *job);  /* 0: failed; 2: a share */
	size_t (*need)(int m);
} tt_chain_kernel;

/* [0] in float, [1] in double: chain.c (1 lane) and chain_x86.c. */
extern const tt_chain_kernel tt_chain_scalar[2], tt_chain_avx512[2],
	tt_chain_avx2[2], tt_chain_sse2[2];

/* One width's kernels. The particle stages work on [from, to); project
 * solves blocks [from, to) of the plan in one pass whose flags are `pass`
 * (world.h's TT_PASS_FIRST, TT_PASS_LAST). velocities returns how many
 * particles it left non-finite (the caller resets them, in order). */
typedef struct tt_lanes {
	const char *name;
	int width;
	void (*integrate)(struct tt_particles *p, const float g[3], float h,
			  int from, int to, int is_3d);
	void (*project)(struct tt_world *w, float h, int from, int to,
			int pass);
	int (*velocities)(struct tt_particles *p, float h, float max_speed,
			  int from, int to, int is_3d);
	void (*limit)(struct tt_particles *p, float max_speed, int from, int to,
		      int is_3d);
	const tt_chain_kernel *chain;
	/* 0: a particle went non-finite, and the world is as it was */
	int (*strand_step)(const tt_strand_job *job);
} tt_lanes;

/// The widest kernels this machine runs, or NULL (built without them,
/// or not on x86).
const tt_lanes *tt_lanes_pick(void);
/// Each width's kernels, for the tests: 0 avx512, 1 avx2, 2 sse2; NULL
/// when the machine lacks it.
const tt_lanes *tt_lanes_width(int k);
extern const tt_lanes tt_lanes_sse2;  /* lanes_sse2.c: x86-64 has it */

/// Lay every batch of the world's springs out in blocks of `lanes`; 0
/// when out of memory (the plan is then empty).
int tt_plan_build(struct tt_world *w, int lanes);
void tt_plan_release(tt_plan *plan);

/// The scalar loops of the same stages (solver.c), and the speed limit
/// of one particle, which the kernels call for the few lanes over it.
void tt_solver_integrate_scalar(struct tt_particles *p, const float g[3],
				float h, int from, int to);
int tt_solver_velocities_scalar(struct tt_particles *p, float h,
				float max_speed, int from, int to);
void tt_solver_limit_one(float max_speed, float max2, const float *wi,
			 float *vx, float *vy, float *vz, int i);

#endif
