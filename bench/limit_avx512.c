/* The limit's kernel at 16 lanes (AVX-512F); chosen at run time, so the
 * build needs no -m flag and runs where AVX-512 is missing. */
#include "limit.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define LANES 16
#define LIMIT_FN __attribute__((target("avx512f")))
#define LIMIT_NAME(f) f##_avx512

typedef __m512 VF;
typedef __mmask16 VM;
#define v_load _mm512_loadu_ps
#define v_store _mm512_storeu_ps
#define v_set _mm512_set1_ps
#define v_sqrt _mm512_sqrt_ps
#define v_gt(a, b) _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ)
#define v_and(a, b) ((VM)((a) & (b)))
#define v_sel(m, a, b) _mm512_mask_blend_ps(m, b, a)
#define v_tail(n) ((VM)((1u << (n)) - 1u))

int limit_avx512_supported(void)
{
	return __builtin_cpu_supports("avx512f");
}

#include "limit_lanes.h"
#else
int limit_avx512_supported(void)
{
	return 0;
}

void limit_steps_avx512(const limit_lanes *f, int steps)
{
	(void)f, (void)steps;  /* never called: not supported */
}
#endif
