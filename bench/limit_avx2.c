/* The limit's kernel at 8 lanes (AVX2), for x86 machines without AVX-512;
 * chosen at run time, so the build needs no -m flag. */
#include "limit.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define LANES 8
#define LIMIT_FN __attribute__((target("avx2")))
#define LIMIT_NAME(f) f##_avx2

typedef __m256 VF;
typedef __m256 VM;
#define v_load _mm256_loadu_ps
#define v_store _mm256_storeu_ps
#define v_set _mm256_set1_ps
#define v_sqrt _mm256_sqrt_ps
#define v_gt(a, b) _mm256_cmp_ps(a, b, _CMP_GT_OQ)
#define v_and _mm256_and_ps
#define v_sel(m, a, b) _mm256_blendv_ps(b, a, m)
#define v_tail(n)                                                         \
	_mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_set1_epi32(n),          \
					       _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)))

int limit_avx2_supported(void)
{
	return __builtin_cpu_supports("avx2");
}

#include "limit_lanes.h"
#else
int limit_avx2_supported(void)
{
	return 0;
}

void limit_steps_avx2(const limit_lanes *f, int steps)
{
	(void)f, (void)steps;  /* never called: not supported */
}
#endif
