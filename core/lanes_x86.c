/* The solver's kernels (lanes_body.h) at 16 lanes (AVX-512F) and 8 (AVX2),
 * chosen at run time: the build needs no -m flag and runs where they are
 * missing. Built without them (TT_NO_SIMD) or off x86, the solver keeps
 * its scalar loops. */
#include <math.h>

#include "lanes.h"
#include "world.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(TT_NO_SIMD)
#include <immintrin.h>

#define LANES_FN __attribute__((target("avx512f")))
#define LN(f) f##_avx512
#define W 16
#define VF __m512
#define VI __m512i
#define VM __mmask16
#define v_mask(n) ((__mmask16)((1u << (n)) - 1u))
/* A whole vector moves without a mask: masked moves cost more (on Zen 5
 * the rope bench ran 13% faster so). */
#define v_load_n(p, n) \
	((n) == W ? _mm512_loadu_ps(p) : _mm512_maskz_loadu_ps(v_mask(n), p))
#define v_store_n(p, v, n) \
	((n) == W ? _mm512_storeu_ps(p, v) : _mm512_mask_storeu_ps(p, v_mask(n), v))
#define v_loadi_n(p, n)                                 \
	((n) == W ? _mm512_loadu_si512(p)                \
		  : _mm512_maskz_loadu_epi32(v_mask(n), p))
#define v_set _mm512_set1_ps
#define v_sqrt _mm512_sqrt_ps
#define v_sel(m, a, b) _mm512_mask_blend_ps(m, b, a)
#define v_lt(a, b) _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ)
#define v_gt(a, b) _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ)
#define v_eq(a, b) _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ)
#define v_seti _mm512_set1_epi32
#define v_eqi _mm512_cmpeq_epi32_mask
#define m_and(a, b) ((VM)((a) & (b)))
#define m_or(a, b) ((VM)((a) | (b)))
#define m_not(a) ((VM)~(a))
#define m_bits(m) ((unsigned)(m))
#define v_tail v_mask
#define v_gather(base, i) _mm512_i32gather_ps(i, base, 4)
#define v_gatheri(base, i) _mm512_i32gather_epi32(i, base, 4)
#define v_scatter(base, i, v, m) _mm512_mask_i32scatter_ps(base, m, i, v, 4)

/* The even and odd places of lo:hi, and back. */
LANES_FN static inline void deinterleave_avx512(VF lo, VF hi, VF *even, VF *odd)
{
	const VI e = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22,
				       24, 26, 28, 30);
	*even = _mm512_permutex2var_ps(lo, e, hi);
	*odd = _mm512_permutex2var_ps(lo, _mm512_add_epi32(e, v_seti(1)), hi);
}

LANES_FN static inline void interleave_avx512(VF even, VF odd, VF *lo, VF *hi)
{
	const VI l = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21,
				       6, 22, 7, 23);
	*lo = _mm512_permutex2var_ps(even, l, odd);
	*hi = _mm512_permutex2var_ps(even, _mm512_add_epi32(l, v_seti(8)), odd);
}
#define v_deinterleave deinterleave_avx512
#define v_interleave interleave_avx512
/* Lanes k .. k + W - 1 of lo:hi (lo the lower lanes), k a constant. */
#define v_align(hi, lo, k)                                              \
	_mm512_castsi512_ps(_mm512_alignr_epi32(_mm512_castps_si512(hi),   \
						_mm512_castps_si512(lo), k))

#include "lanes_body.h"

static const tt_lanes avx512 = {"avx512", W, integrate_avx512,
				  project_avx512, velocities_avx512, limit_avx512,
				  tt_chain_avx512, strand_step_avx512};

#undef LANES_FN
#undef LN
#undef W
#undef VF
#undef VI
#undef VM
#undef v_mask
#undef v_load_n
#undef v_store_n
#undef v_loadi_n
#undef v_set
#undef v_sqrt
#undef v_sel
#undef v_lt
#undef v_gt
#undef v_eq
#undef v_seti
#undef v_eqi
#undef m_and
#undef m_or
#undef m_not
#undef m_bits
#undef v_tail
#undef v_gather
#undef v_gatheri
#undef v_scatter
#undef v_deinterleave
#undef v_interleave
#undef v_align

#define LANES_FN __attribute__((target("avx2")))
#define LN(f) f##_avx2
#define W 8
#define VF __m256
#define VI __m256i
#define VM __m256
#define v_mask(n) \
	_mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7))
#define v_load_n(p, n) \
	((n) == W ? _mm256_loadu_ps(p) : _mm256_maskload_ps(p, v_mask(n)))
#define v_store_n(p, v, n)                              \
	((n) == W ? _mm256_storeu_ps(p, v)               \
		  : _mm256_maskstore_ps(p, v_mask(n), v))
#define v_loadi_n(p, n)                                            \
	((n) == W ? _mm256_loadu_si256((const __m256i *)(p))        \
		  : _mm256_maskload_epi32((const int *)(p), v_mask(n)))
#define v_set _mm256_set1_ps
#define v_sqrt _mm256_sqrt_ps
#define v_sel(m, a, b) _mm256_blendv_ps(b, a, m)
/* Masks as GCC's own vector compares (ordered, as _CMP_*_OQ), not the
 * intrinsics: it then knows each lane is all ones or none, and a select
 * is one blend (through the intrinsics it tested every mask's sign
 * again first). */
#define v_lt(a, b) ((VM)((__v8sf)(a) < (__v8sf)(b)))
#define v_gt(a, b) ((VM)((__v8sf)(a) > (__v8sf)(b)))
#define v_eq(a, b) ((VM)((__v8sf)(a) == (__v8sf)(b)))
#define v_seti _mm256_set1_epi32
#define v_eqi(a, b) ((VM)((__v8si)(a) == (__v8si)(b)))
#define m_and(a, b) ((VM)((__v8si)(a) & (__v8si)(b)))
#define m_or(a, b) ((VM)((__v8si)(a) | (__v8si)(b)))
#define m_not(a) ((VM)~(__v8si)(a))
#define m_bits(m) ((unsigned)_mm256_movemask_ps(m))
#define v_tail(n) _mm256_castsi256_ps(v_mask(n))
#define v_gather(base, i) _mm256_i32gather_ps(base, i, 4)
#define v_gatheri(base, i) _mm256_i32gather_epi32((const int *)(base), i, 4)

/* AVX2 has no scatter: the lanes the mask keeps, one by one, in order. */
LANES_FN static inline void scatter_avx2(float *base, VI i, VF v, VM m)
{
	int32_t at[W];
	float value[W];
	_mm256_storeu_si256((__m256i *)at, i);
	_mm256_storeu_ps(value, v);
	for (unsigned bits = m_bits(m); bits; bits &= bits - 1)
		base[at[__builtin_ctz(bits)]] = value[__builtin_ctz(bits)];
}

/* The even places of lo:hi, and the odd ones: within each 128-bit half,
 * then the halves' 64-bit quarters in order; and back. */
LANES_FN static inline void deinterleave_avx2(VF lo, VF hi, VF *even, VF *odd)
{
	*even = _mm256_castpd_ps(_mm256_permute4x64_pd(
		_mm256_castps_pd(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0))),
		_MM_SHUFFLE(3, 1, 2, 0)));
	*odd = _mm256_castpd_ps(_mm256_permute4x64_pd(
		_mm256_castps_pd(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1))),
		_MM_SHUFFLE(3, 1, 2, 0)));
}

LANES_FN static inline void interleave_avx2(VF even, VF odd, VF *lo, VF *hi)
{
	VF a = _mm256_unpacklo_ps(even, odd), b = _mm256_unpackhi_ps(even, odd);
	*lo = _mm256_permute2f128_ps(a, b, 0x20);
	*hi = _mm256_permute2f128_ps(a, b, 0x31);
}
/* Lanes k .. k + 7 of lo:hi: both turned k lanes down, hi's wrapped
 * lanes taken. */
#define v_align(hi, lo, k)                                                  \
	_mm256_blend_ps(                                                     \
		_mm256_permutevar8x32_ps(lo, v_turn(k)),                     \
		_mm256_permutevar8x32_ps(hi, v_turn(k)), (0xff00 >> (k)) & 0xff)
#define v_turn(k)                                                         \
	_mm256_and_si256(_mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), \
					  _mm256_set1_epi32(k)),            \
			 _mm256_set1_epi32(7))
#define v_scatter scatter_avx2
#define v_deinterleave deinterleave_avx2
#define v_interleave interleave_avx2

#include "lanes_body.h"

static const tt_lanes avx2 = {"avx2", W, integrate_avx2, project_avx2,
				velocities_avx2, limit_avx2,
				  tt_chain_avx2, strand_step_avx2};

static int avx512_supported(void)
{
	return __builtin_cpu_supports("avx512f");
}

static int avx2_supported(void)
{
	return __builtin_cpu_supports("avx2");
}

const tt_lanes *tt_lanes_width(int k)
{
	if (k == 0)
		return avx512_supported() ? &avx512 : NULL;
	if (k == 1)
		return avx2_supported() ? &avx2 : NULL;
	return k == 2 ? &tt_lanes_sse2 : NULL;
}

const tt_lanes *tt_lanes_pick(void)
{
	for (int k = 0; k < 3; k++)
		if (tt_lanes_width(k))
			return tt_lanes_width(k);
	return NULL;
}

#else

const tt_lanes *tt_lanes_width(int k)
{
	(void)k;
	return NULL;
}

const tt_lanes *tt_lanes_pick(void)
{
	return NULL;
}

#endif
