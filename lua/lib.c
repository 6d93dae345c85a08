/* require "taut" in the program: the module of lib_core.c (worlds and
 * their objects, meshes, images, buffers) and what needs the view or the
 * scene runtime.
 *
 *   taut.texture(path)   an image to draw meshes with (bind_texture.c)
 *   taut.runtime(path)   a scene runtime for tests (see bind_runtime.c)
 *   taut.canvas{...}     a headless surface for plots (see bind_canvas.c)
 *   taut.executable      path of the running taut program */
#include <stdio.h>

#include "bind.h"
#include "lib.h"

static char g_executable[4096] = "taut";
static char g_root[4096] = ".";

void tt_lib_set_root(const char *root)
{
	snprintf(g_root, sizeof g_root, "%s", root);
}

const char *tt_lib_root(void)
{
	return g_root;
}

void tt_lib_set_executable(const char *path)
{
	snprintf(g_executable, sizeof g_executable, "%s", path);
}

int luaopen_taut(lua_State *L)
{
	static const luaL_Reg functions[] = {
		{"texture", tt_bind_texture_load},
		{"runtime", tt_bind_runtime_create},
		{"canvas", tt_bind_canvas_create},
		{NULL, NULL},
	};
	tt_lib_open_core(L);
	tt_bind_graphics_class(L);
	luaL_setfuncs(L, functions, 0);
	lua_pushstring(L, g_executable);
	lua_setfield(L, -2, "executable");
	return 1;
}
