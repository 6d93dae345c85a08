/* taut.image(path): a PNG (or any stb_image format) read into memory, so
 * tests can check the pixels of a headless screenshot.
 *
 *   local img = taut.image("out.png")
 *   img.width, img.height, img:pixel(x, y) --> r, g, b, a (0-255, x,y from
 *   the top left, 0-based) */
#include <string.h>

#include <stb_image.h>

#include "bind.h"
#include "sandbox.h"

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
	const char *path = tt_sandbox_path(L, 1, 0);
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
