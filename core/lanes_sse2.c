/* The solver's kernels (lanes_body.h) at 4 lanes, SSE2: every x86-64 has
 * it, so it needs no target and no test. It has no gather or scatter:
 * they go lane by lane. */
#include <math.h>

#include "lanes.h"
#include "world.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(TT_NO_SIMD)
#include <emmintrin.h>

#define LANES_FN
#define LN(f) f##_sse2
#define W 4
#define VF __m128
#define VI __m128i
#define VM __m128
#define v_set _mm_set1_ps
#define v_sqrt _mm_sqrt_ps
#define v_sel(m, a, b) _mm_or_ps(_mm_and_ps(m, a), _mm_andnot_ps(m, b))
#define v_lt _mm_cmplt_ps
#define v_gt _mm_cmpgt_ps
#define v_eq _mm_cmpeq_ps
#define v_seti _mm_set1_epi32
#define v_eqi(a, b) _mm_castsi128_ps(_mm_cmpeq_epi32(a, b))
#define m_and _mm_and_ps
#define m_or _mm_or_ps
#define m_not(a) _mm_xor_ps(a, _mm_castsi128_ps(_mm_set1_epi32(-1)))
#define m_bits(m) ((unsigned)_mm_movemask_ps(m))
#define v_tail(n) \
	_mm_castsi128_ps(_mm_cmpgt_epi32(_mm_set1_epi32(n), _mm_setr_epi32(0, 1, 2, 3)))

/* SSE2 has no masked loads or stores: a block's last lanes go one by
 * one (whole blocks load and store as they are). */
static inline VF load_n_sse2(const float *p, int n)
{
	float v[W] = {0};
	if (n == W)
		return _mm_loadu_ps(p);
	for (int l = 0; l < n; l++)
		v[l] = p[l];
	return _mm_loadu_ps(v);
}

static inline VI loadi_n_sse2(const int32_t *p, int n)
{
	int32_t v[W] = {0};
	if (n == W)
		return _mm_loadu_si128((const __m128i *)p);
	for (int l = 0; l < n; l++)
		v[l] = p[l];
	return _mm_loadu_si128((const __m128i *)v);
}

static inline void store_n_sse2(float *p, VF v, int n)
{
	float out[W];
	if (n == W) {
		_mm_storeu_ps(p, v);
		return;
	}
	_mm_storeu_ps(out, v);
	for (int l = 0; l < n; l++)
		p[l] = out[l];
}

static inline VF gather_sse2(const float *base, VI i)
{
	int32_t at[W];
	_mm_storeu_si128((__m128i *)at, i);
	return _mm_setr_ps(base[at[0]], base[at[1]], base[at[2]], base[at[3]]);
}

static inline VI gatheri_sse2(const int32_t *base, VI i)
{
	int32_t at[W];
	_mm_storeu_si128((__m128i *)at, i);
	return _mm_setr_epi32(base[at[0]], base[at[1]], base[at[2]], base[at[3]]);
}

static inline void scatter_sse2(float *base, VI i, VF v, VM m)
{
	int32_t at[W];
	float value[W];
	_mm_storeu_si128((__m128i *)at, i);
	_mm_storeu_ps(value, v);
	for (unsigned bits = m_bits(m); bits; bits &= bits - 1)
		base[at[__builtin_ctz(bits)]] = value[__builtin_ctz(bits)];
}

static inline void deinterleave_sse2(VF lo, VF hi, VF *even, VF *odd)
{
	*even = _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0));
	*odd = _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1));
}

static inline void interleave_sse2(VF even, VF odd, VF *lo, VF *hi)
{
	*lo = _mm_unpacklo_ps(even, odd);
	*hi = _mm_unpackhi_ps(even, odd);
}
#define v_load_n load_n_sse2
#define v_store_n store_n_sse2
#define v_loadi_n loadi_n_sse2
#define v_gather gather_sse2
#define v_gatheri gatheri_sse2
#define v_scatter scatter_sse2
#define v_deinterleave deinterleave_sse2
#define v_interleave interleave_sse2
/* Lanes k .. k + 3 of lo:hi, k a constant. */
#define v_align(hi, lo, k)                                               \
	_mm_castsi128_ps(_mm_or_si128(_mm_srli_si128(_mm_castps_si128(lo), 4 * (k)), \
				      _mm_slli_si128(_mm_castps_si128(hi), 16 - 4 * (k))))

#include "lanes_body.h"

const tt_lanes tt_lanes_sse2 = {"sse2", W, integrate_sse2, project_sse2,
				velocities_sse2, limit_sse2,
				  tt_chain_sse2, strand_step_sse2};
#endif
