/* taut.image(path): a PNG (or any stb_image format) read into memory, so
 * tests can check the pixels of a headless screenshot.
 *
 *   local img = taut.image("out.png")
 *   img.width, img.height, img:pixel(x, y) --> r, g, b, a (0-255, x,y from
 *   the top left, 0-based)
 *   img:differing(x, y, w, h, r, g, b) --> how many pixels of the
 *   rectangle (clipped to the image) are not that colour, and where the
 *   first one is (x, y; nil when none) */
#include <string.h>

#include <stb_image.h>

#include "bind.h"

#define NAME "image"

typedef struct image_ud {
	unsigned char *pixels;  /* RGBA */
	int width, height;
} image_ud;

#define COLLECTED NAME " was collected"

/* An image already collected (its __gc called directly, or a finalizer
 * reaching it after it ran) raises on use. */
static int image_pixel(lua_State *L)
{
	image_ud *img = tt_bind_check_class(L, 1, NAME);
	luaL_argcheck(L, img->pixels, 1, COLLECTED);
	lua_Integer x = luaL_checkinteger(L, 2), y = luaL_checkinteger(L, 3);
	luaL_argcheck(L, x >= 0 && x < img->width, 2, "x outside the image");
	luaL_argcheck(L, y >= 0 && y < img->height, 3, "y outside the image");
	const unsigned char *p = img->pixels + 4 * (y * img->width + x);
	for (int c = 0; c < 4; c++)
		lua_pushinteger(L, p[c]);
	return 4;
}

static int clamp(lua_Integer v, int hi)
{
	return v < 0 ? 0 : v > hi ? hi : (int)v;
}

static int image_differing(lua_State *L)
{
	image_ud *img = tt_bind_check_class(L, 1, NAME);
	luaL_argcheck(L, img->pixels, 1, COLLECTED);
	int x0 = clamp(luaL_checkinteger(L, 2), img->width);
	int y0 = clamp(luaL_checkinteger(L, 3), img->height);
	int x1 = clamp(x0 + luaL_checkinteger(L, 4), img->width);
	int y1 = clamp(y0 + luaL_checkinteger(L, 5), img->height);
	unsigned char rgb[3];
	for (int c = 0; c < 3; c++)
		rgb[c] = (unsigned char)luaL_checkinteger(L, 6 + c);
	lua_Integer n = 0;
	int fx = -1, fy = -1;
	for (int y = y0; y < y1; y++)
		for (int x = x0; x < x1; x++) {
			const unsigned char *p =
				img->pixels + 4 * ((size_t)y * img->width + x);
			if (memcmp(p, rgb, 3) != 0 && n++ == 0)
				fx = x, fy = y;
		}
	lua_pushinteger(L, n);
	if (n == 0)
		return 1;
	lua_pushinteger(L, fx);
	lua_pushinteger(L, fy);
	return 3;
}

static int image_index(lua_State *L)
{
	image_ud *img = tt_bind_check_self(L, NAME, "__index");
	const char *key = luaL_checkstring(L, 2);
	if (!img->pixels)
		return luaL_error(L, "cannot read '%s' (" COLLECTED ")", key);
	if (strcmp(key, "width") == 0)
		lua_pushinteger(L, img->width);
	else if (strcmp(key, "height") == 0)
		lua_pushinteger(L, img->height);
	else if (strcmp(key, "pixel") == 0)
		lua_pushcfunction(L, image_pixel);
	else if (strcmp(key, "differing") == 0)
		lua_pushcfunction(L, image_differing);
	else
		return luaL_error(L, NAME " has no field '%s'", key);
	return 1;
}

static int image_gc(lua_State *L)
{
	image_ud *img = tt_bind_check_self(L, NAME, "__gc");
	stbi_image_free(img->pixels);
	img->pixels = NULL;
	return 0;
}

int tt_bind_image_load(lua_State *L)
{
	const char *path = luaL_checkstring(L, 1);
	image_ud *img = lua_newuserdatauv(L, sizeof *img, 0);
	img->pixels = NULL;
	if (luaL_newmetatable(L, NAME)) {
		tt_bind_protect(L, NAME);
		lua_pushcfunction(L, image_index);
		lua_setfield(L, -2, "__index");
		lua_pushcfunction(L, image_gc);
		lua_setfield(L, -2, "__gc");
	}
	lua_setmetatable(L, -2);
	int channels;
	img->pixels = stbi_load(path, &img->width, &img->height, &channels, 4);
	if (!img->pixels)
		luaL_argerror(L, 1, lua_pushfstring(L, "cannot load image '%s' (%s)",
						    path, stbi_failure_reason()));
	return 1;
}
