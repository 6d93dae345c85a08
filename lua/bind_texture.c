/* taut.texture(path): an image (PNG, JPG, TGA... through stb_image) to
 * draw meshes with, g:mesh(mesh, texture). It is pixels in memory, not yet
 * on any renderer, so a scene can load one in load() headless or before a
 * window opens; the view uploads it on first use.
 *
 *   local t = taut.texture("crate.png")   t.width, t.height
 *
 * A missing or corrupt file is an error naming the path (the scene keeps
 * running, as after any script error). */
#include <string.h>

#include "../view/view.h"
#include "bind.h"
#include "sandbox.h"

#define NAME "texture"

const tt_texture *tt_bind_check_texture(lua_State *L, int arg)
{
	return tt_bind_check_box(L, arg, NAME);
}

static int texture_gc(lua_State *L)
{
	tt_texture **p = tt_bind_check_self(L, NAME, "__gc");
	tt_texture_destroy(*p);
	*p = NULL;
	return 0;
}

static int texture_index(lua_State *L)
{
	int w, h;
	tt_texture_size(tt_bind_box_index(L, NAME), &w, &h);
	const char *key = luaL_checkstring(L, 2);
	if (strcmp(key, "width") == 0)
		lua_pushinteger(L, w);
	else if (strcmp(key, "height") == 0)
		lua_pushinteger(L, h);
	else
		return luaL_error(L, NAME " has no field '%s'", key);
	return 1;
}

int tt_bind_texture_load(lua_State *L)
{
	static const luaL_Reg methods[] = {
		{"__index", texture_index}, {"__gc", texture_gc}, {NULL, NULL},
	};
	const char *path = tt_sandbox_path(L, 1, 0);
	tt_texture **p = lua_newuserdatauv(L, sizeof *p, 0);
	*p = NULL;
	if (luaL_newmetatable(L, NAME)) {
		tt_bind_protect(L, NAME);
		luaL_setfuncs(L, methods, 0);
	}
	lua_setmetatable(L, -2);
	char err[512];
	*p = tt_texture_load(path, err, sizeof err);
	if (!*p)
		return luaL_error(L, "%s", err);
	return 1;
}
