/* One width of the chain solve's kernel: chain_body.h in GCC's generic
 * vectors of CW floats (CHAIN_DOUBLE 0) or doubles (1). The includer sets
 * CW, CHAIN_DOUBLE, CHAIN_FN (the target), CN (the suffix) and
 * STORE_IF(p, floats, int32 mask); this file undoes what it defines. */
#if CHAIN_DOUBLE
#define REAL double
#define MINT long
#else
#define REAL float
#define MINT int
#endif
typedef REAL CN(vd) __attribute__((vector_size(CW * sizeof(REAL))));
typedef MINT CN(vm) __attribute__((vector_size(CW * sizeof(REAL))));
typedef float CN(vf) __attribute__((vector_size(CW * sizeof(float))));
typedef int CN(iv) __attribute__((vector_size(CW * sizeof(int))));
#define VD CN(vd)
#define VM CN(vm)

#if CW == 16
#define IOTA {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
#define NEXT {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
#define BEFORE {15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30}
#elif CW == 8
#define IOTA {0, 1, 2, 3, 4, 5, 6, 7}
#define NEXT {1, 2, 3, 4, 5, 6, 7, 8}
#define BEFORE {7, 8, 9, 10, 11, 12, 13, 14}
#elif CW == 4
#define IOTA {0, 1, 2, 3}
#define NEXT {1, 2, 3, 4}
#define BEFORE {3, 4, 5, 6}
#else
#define IOTA {0, 1}
#define NEXT {1, 2}
#define BEFORE {1, 2}
#endif
#define d_iota ((VD)IOTA)

#if CHAIN_DOUBLE && CW == 8
#define d_sqrt_(v) _mm512_sqrt_pd((__m512d)(v))
#elif CHAIN_DOUBLE && CW == 4
#define d_sqrt_(v) _mm256_sqrt_pd((__m256d)(v))
#elif CHAIN_DOUBLE
#define d_sqrt_(v) _mm_sqrt_pd((__m128d)(v))
#elif CW == 16
#define d_sqrt_(v) _mm512_sqrt_ps((__m512)(v))
#elif CW == 8
#define d_sqrt_(v) _mm256_sqrt_ps((__m256)(v))
#else
#define d_sqrt_(v) _mm_sqrt_ps((__m128)(v))
#endif
#define d_sqrt(v) ((VD)d_sqrt_(v))

CHAIN_FN static inline VD CN(load)(const REAL *p)
{
	VD v;
	memcpy(&v, p, sizeof v);
	return v;
}

CHAIN_FN static inline void CN(store)(REAL *p, VD v)
{
	memcpy(p, &v, sizeof v);
}

CHAIN_FN static inline VD CN(load_f)(const float *p)
{
	CN(vf) v;
	memcpy(&v, p, sizeof v);
	return __builtin_convertvector(v, VD);
}

CHAIN_FN static inline void CN(store_f)(float *p, VD v)
{
	CN(vf) f = __builtin_convertvector(v, CN(vf));
	memcpy(p, &f, sizeof f);
}

/* The lanes of v where m is set, as floats. */
CHAIN_FN static inline void CN(store_if)(float *p, VD v, VM m)
{
	CN(vf) f = __builtin_convertvector(v, CN(vf));
	CN(iv) k = __builtin_convertvector(m, CN(iv));
	STORE_IF(p, f, k);
}

#define d_set(x) ((VD){0} + (REAL)(x))
#define d_gt(a, b) ((a) > (b))
#define d_lt(a, b) ((a) < (b))
#define d_sel(m, a, b) ((VD)(((VM)(a) & (m)) | ((VM)(b) & ~(m))))
#define m_and(a, b) ((a) & (b))
#define m_or(a, b) ((a) | (b))
#define m_not(a) (~(a))
#define m_lane(m, l) ((m)[l] != 0)
#define d_lane(v, l) ((v)[l])
#define d_load CN(load)
#define d_store CN(store)
#define f_load CN(load_f)
#define f_store CN(store_f)
#define f_store_if CN(store_if)
#define d_next(a, b) __builtin_shuffle(a, b, (VM)NEXT)
#define d_before(a, b) __builtin_shuffle(a, b, (VM)BEFORE)

#include "chain_body.h"

#undef REAL
#undef MINT
#undef VD
#undef VM
#undef IOTA
#undef NEXT
#undef BEFORE
#undef d_next
#undef d_before
#undef d_iota
#undef d_sqrt_
#undef d_sqrt
#undef d_set
#undef d_gt
#undef d_lt
#undef d_sel
#undef m_and
#undef m_or
#undef m_not
#undef m_lane
#undef d_lane
#undef d_load
#undef d_store
#undef f_load
#undef f_store
#undef f_store_if
