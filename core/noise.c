/* Coherent value noise (Perlin's "An Image Synthesizer", 1985, in its
 * value-noise form; the quintic fade of Perlin's "Improving Noise", 2002).
 *
 * Each lattice corner gets a value uniform in [-1, 1] from an integer hash
 * of (seed, corner); between corners the values blend with the fade
 * f(t) = t^3 (t (6 t - 15) + 10), whose slope is at most 15/8. Along one
 * axis the noise is a convex blend (weights of the other axes) of
 * a + (b - a) f(t) with |b - a| <= 2, so each partial derivative is at
 * most 2 * 15/8 = 3.75, and walking axis by axis gives the documented
 * bound TT_NOISE_SLOPE on the L1 distance. The hash makes corner values
 * symmetric about 0, so the mean over many cells is 0. Written here, not
 * taken from stb_perlin: the core includes no third-party header. */
#include <math.h>

#include "noise.h"

/* A 32-bit integer mix (Chris Wellons' "lowbias32"). */
static uint32_t mix(uint32_t h)
{
	h ^= h >> 16;
	h *= 0x7feb352du;
	h ^= h >> 15;
	h *= 0x846ca68bu;
	h ^= h >> 16;
	return h;
}

static float corner(uint32_t seed, int32_t x, int32_t y, int32_t z)
{
	uint32_t h = mix(seed ^ mix((uint32_t)x ^ mix((uint32_t)y ^
						      mix((uint32_t)z))));
	return (float)(h >> 8) * (2.0f / 16777215.0f) - 1.0f;
}

static float fade(float t)
{
	return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}

/* a + (b - a) t: exactly a when a == b, so a flat lattice stays flat. */
static float lerp(float a, float b, float t)
{
	return a + (b - a) * t;
}

/* Far out the lattice index would overflow int32: beyond a million cells
 * the noise holds its value. */
static float clamp_coord(float x)
{
	return fminf(fmaxf(x, -1e6f), 1e6f);
}

float tt_noise3(uint32_t seed, float x, float y, float z)
{
	x = clamp_coord(x), y = clamp_coord(y), z = clamp_coord(z);
	float fx = floorf(x), fy = floorf(y), fz = floorf(z);
	int32_t ix = (int32_t)fx, iy = (int32_t)fy, iz = (int32_t)fz;
	float u = fade(x - fx), v = fade(y - fy), w = fade(z - fz);
	float face[2];
	for (int k = 0; k < 2; k++) {
		float c00 = corner(seed, ix, iy, iz + k);
		float c10 = corner(seed, ix + 1, iy, iz + k);
		float c01 = corner(seed, ix, iy + 1, iz + k);
		float c11 = corner(seed, ix + 1, iy + 1, iz + k);
		face[k] = lerp(lerp(c00, c10, u), lerp(c01, c11, u), v);
	}
	return lerp(face[0], face[1], w);
}
