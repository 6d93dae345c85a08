/* The limit's kernel at 4 lanes: SSE2 on x86 (every x86-64 has it), the
 * compiler's generic vectors elsewhere. */
#include <math.h>
#include <string.h>

#include "limit.h"

#define LANES 4
#define LIMIT_FN
#define LIMIT_NAME(f) f##_sse2

#if defined(__SSE2__)
#include <emmintrin.h>

#define VF __m128
#define VM __m128
#define v_load _mm_loadu_ps
#define v_store _mm_storeu_ps
#define v_set _mm_set1_ps
#define v_sqrt _mm_sqrt_ps
#define v_gt _mm_cmpgt_ps
#define v_and _mm_and_ps
#define v_sel(m, a, b) _mm_or_ps(_mm_and_ps(m, a), _mm_andnot_ps(m, b))
#define v_tail(n) \
	_mm_castsi128_ps(_mm_cmplt_epi32(_mm_setr_epi32(0, 1, 2, 3), _mm_set1_epi32(n)))
#else
typedef float VF __attribute__((vector_size(16)));
typedef int32_t VM __attribute__((vector_size(16)));

static VF v_load(const float *p)
{
	VF v;
	memcpy(&v, p, sizeof v);
	return v;
}

static void v_store(float *p, VF v)
{
	memcpy(p, &v, sizeof v);
}

static VF v_set(float f)
{
	return (VF){f, f, f, f};
}

static VF v_sqrt(VF v)
{
	return (VF){sqrtf(v[0]), sqrtf(v[1]), sqrtf(v[2]), sqrtf(v[3])};
}

#define v_gt(a, b) ((a) > (b))
#define v_and(a, b) ((a) & (b))
#define v_sel(m, a, b) ((VF)(((m) & (VM)(a)) | (~(m) & (VM)(b))))
#define v_tail(n) ((VM){0, 1, 2, 3} < (n))
#endif

#include "limit_lanes.h"
