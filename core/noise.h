/* Private: seeded coherent value noise for the wind's gusts. */
#ifndef TT_NOISE_H
#define TT_NOISE_H

#include <stdint.h>

/* Continuity: |n(a) - n(b)| <= TT_NOISE_SLOPE * (|ax-bx| + |ay-by| +
 * |az-bz|) for any two points (see noise.c for why). */
#define TT_NOISE_SLOPE 3.75f

/// Value noise in [-1, 1] at (x, y, z), smooth (C2), zero mean, the same
/// for the same seed on every run.
float tt_noise3(uint32_t seed, float x, float y, float z);

#endif
