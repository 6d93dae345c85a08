/* require "taut": the module table. Registers the object classes and
 * exposes the constructors.
 *
 *   taut.world{...}      a new world (see bind_world.c)
 *   taut.image(path)     pixels of an image file (see bind_image.c)
 *   taut.texture(path)   an image to draw meshes with (bind_texture.c)
 *   taut.mesh{...}       a triangle mesh, or taut.mesh("f.obj") (bind_mesh.c)
 *   taut.version         "0.1.0"
 *   taut.executable      path of the running taut program
 *   taut.runtime(path)   a scene runtime for tests (see bind_runtime.c)
 *   taut.core_bytes()    bytes the core holds
 *   taut.canvas{...}     a headless surface for plots (see bind_canvas.c)
 *   taut.buffer(n)       n numbers for bulk positions (bind_positions.c)
 *   taut.chain_presets() the names of the chains' presets (bind_chain.c)
 *   taut.sanitized       true in the ASan build (its RSS is not the
 *                        program's: freed memory waits in quarantine) */
#include <stdio.h>

#include "bind_chain.h"
#include "lib.h"

#ifdef __SANITIZE_ADDRESS__  /* make SAN=1 */
#define SANITIZED 1
#else
#define SANITIZED 0
#endif

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
		{"world", tt_bind_world_create},
		{"image", tt_bind_image_load},
		{"texture", tt_bind_texture_load},
		{"mesh", tt_bind_mesh_create},
		{"runtime", tt_bind_runtime_create},
		{"core_bytes", tt_bind_core_bytes},
		{"canvas", tt_bind_canvas_create},
		{"buffer", tt_bind_buffer_create},
		{"chain_presets", tt_bind_chain_presets},
		{NULL, NULL},
	};
	tt_bind_world_class(L);
	tt_bind_particle_class(L);
	tt_bind_spring_class(L);
	tt_bind_rope_class(L);
	tt_bind_wind_class(L);
	tt_bind_collider_class(L);
	tt_bind_cutter_class(L);
	tt_bind_frame_class(L);
	tt_bind_angle_class(L);
	tt_bind_softbody_class(L);
	tt_bind_cloth_class(L);
	tt_bind_binding_class(L);
	tt_bind_grab_class(L);
	tt_bind_chain_class(L);
	tt_bind_graphics_class(L);
	tt_bind_buffer_class(L);
	luaL_newlib(L, functions);
	lua_pushliteral(L, TT_VERSION);
	lua_setfield(L, -2, "version");
	lua_pushstring(L, g_executable);
	lua_setfield(L, -2, "executable");
	lua_pushboolean(L, SANITIZED);
	lua_setfield(L, -2, "sanitized");
	return 1;
}
