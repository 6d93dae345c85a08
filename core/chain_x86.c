/* The chain solve's kernel (chain_body.h through chain_width.h) in float at
 * 16, 8 and 4 lanes and in double at 8, 4 and 2: AVX-512F, AVX2, SSE2.
 * lanes_x86.c and lanes_sse2.c pick them with the rest of the solver's
 * kernels. */
#include <math.h>
#include <string.h>

#include "chain_batch.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(TT_NO_SIMD)
#include <immintrin.h>

#define CHAIN_FN __attribute__((target("avx512f")))
#define STORE_IF(p, f, m)                                                   \
	_mm512_mask_storeu_ps(p, _mm512_cmpneq_epi32_mask((__m512i)(m),         \
							  _mm512_setzero_si512()), \
			      (__m512)(f))
#define CW 16
#define CHAIN_DOUBLE 0
#define CN(f) f##_f16
#include "chain_width.h"
#undef STORE_IF
#undef CW
#undef CHAIN_DOUBLE
#undef CN
#define STORE_IF(p, f, m) _mm256_maskstore_ps(p, (__m256i)(m), (__m256)(f))
#define CW 8
#define CHAIN_DOUBLE 1
#define CN(f) f##_d8
#include "chain_width.h"
const tt_chain_kernel tt_chain_avx512[2] = {{16, chain1_f16, chain_need_f16},
					    {8, chain1_d8, chain_need_d8}};
const tt_chain_batch tt_chain_batch_avx512[2] = {chain_f16, chain_d8};
#undef CHAIN_FN
#undef CW
#undef CHAIN_DOUBLE
#undef CN

#define CHAIN_FN __attribute__((target("avx2")))
#define CW 8
#define CHAIN_DOUBLE 0
#define CN(f) f##_f8
#include "chain_width.h"
#undef STORE_IF
#undef CW
#undef CHAIN_DOUBLE
#undef CN
#define STORE_IF(p, f, m) _mm_maskstore_ps(p, (__m128i)(m), (__m128)(f))
#define CW 4
#define CHAIN_DOUBLE 1
#define CN(f) f##_d4
#include "chain_width.h"
const tt_chain_kernel tt_chain_avx2[2] = {{8, chain1_f8, chain_need_f8},
					  {4, chain1_d4, chain_need_d4}};
const tt_chain_batch tt_chain_batch_avx2[2] = {chain_f8, chain_d4};
#undef CHAIN_FN
#undef STORE_IF
#undef CW
#undef CHAIN_DOUBLE
#undef CN

/* SSE2 has no masked store: lane by lane. */
#define CHAIN_FN
#define STORE_IF(p, f, m)                    \
	for (int l_ = 0; l_ < CW; l_++)      \
		if ((m)[l_])                 \
			(p)[l_] = (f)[l_]
#define CW 4
#define CHAIN_DOUBLE 0
#define CN(f) f##_f4
#include "chain_width.h"
#undef CW
#undef CHAIN_DOUBLE
#undef CN
#define CW 2
#define CHAIN_DOUBLE 1
#define CN(f) f##_d2
#include "chain_width.h"
const tt_chain_kernel tt_chain_sse2[2] = {{4, chain1_f4, chain_need_f4},
					  {2, chain1_d2, chain_need_d2}};
const tt_chain_batch tt_chain_batch_sse2[2] = {chain_f4, chain_d2};
#endif
