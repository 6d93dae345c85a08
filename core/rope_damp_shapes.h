/* rope_damp_body.h for one target (RD_FN, RD_T(f) its suffix, RD_WIDEN,
 * RD_NARROW) in three shapes of rope: in one piece in a 2D world, in one
 * piece in 3D, and any. In the first two the shape is a constant, so no
 * load tests it: GCC kept the tests in the loops, and with them the spills
 * of the lane-by-lane path. A rope gets the same operations in any shape
 * that fits it. RD_T(damps) lists them in that order. */
#define RD_WHOLE(r) 1
#define RD_D3(r) 0
#define RD(f) RD_T(f##_w2)
#include "rope_damp_body.h"
#undef RD
#undef RD_D3
#define RD_D3(r) 1
#define RD(f) RD_T(f##_w3)
#include "rope_damp_body.h"
#undef RD
#undef RD_D3
#undef RD_WHOLE
#define RD_WHOLE(r) ((r)->contiguous)
#define RD_D3(r) ((r)->d3)
#define RD(f) RD_T(f##_any)
#include "rope_damp_body.h"
#undef RD
#undef RD_D3
#undef RD_WHOLE

static const rd_kernel RD_T(damps)[3] = {RD_T(damp_w2), RD_T(damp_w3),
					 RD_T(damp_any)};
