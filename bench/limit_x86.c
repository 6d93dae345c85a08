/* The limit's kernel at 8 lanes (AVX2) and 16 (AVX-512F), chosen at run
 * time: the build needs no -m flag and runs where they are missing. */
#include "limit.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define LIMIT_FN __attribute__((target("avx2")))
#define LIMIT_NAME(f) f##_avx2
#define LANES 8
#define VF __m256
#define VM __m256
#define v_load _mm256_loadu_ps
#define v_store _mm256_storeu_ps
#define v_set _mm256_set1_ps
#define v_sqrt _mm256_sqrt_ps
#define v_gt(a, b) _mm256_cmp_ps(a, b, _CMP_GT_OQ)
#define v_and _mm256_and_ps
#define v_sel(m, a, b) _mm256_blendv_ps(b, a, m)
#define v_tail(n)                                                \
	_mm256_castsi256_ps(_mm256_cmpgt_epi32(                      \
		_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)))
#include "limit_lanes.h"

#undef LIMIT_FN
#undef LIMIT_NAME
#undef LANES
#undef VF
#undef VM
#undef v_load
#undef v_store
#undef v_set
#undef v_sqrt
#undef v_gt
#undef v_and
#undef v_sel
#undef v_tail

#define LIMIT_FN __attribute__((target("avx512f")))
#define LIMIT_NAME(f) f##_avx512
#define LANES 16
#define VF __m512
#define VM __mmask16
#define v_load _mm512_loadu_ps
#define v_store _mm512_storeu_ps
#define v_set _mm512_set1_ps
#define v_sqrt _mm512_sqrt_ps
#define v_gt(a, b) _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ)
#define v_and(a, b) ((VM)((a) & (b)))
#define v_sel(m, a, b) _mm512_mask_blend_ps(m, b, a)
#define v_tail(n) ((VM)((1u << (n)) - 1u))
#include "limit_lanes.h"

int limit_avx2_supported(void)
{
	return __builtin_cpu_supports("avx2");
}

int limit_avx512_supported(void)
{
	return __builtin_cpu_supports("avx512f");
}
#else
/* Never called: not supported. */
int limit_avx2_supported(void)
{
	return 0;
}

int limit_avx512_supported(void)
{
	return 0;
}

void limit_steps_avx2(const limit_lanes *f, int steps)
{
	(void)f, (void)steps;
}

void limit_steps_avx512(const limit_lanes *f, int steps)
{
	(void)f, (void)steps;
}
#endif
