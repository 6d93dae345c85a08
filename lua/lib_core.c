/* The part of the taut module that needs no view: the world and its object
 * classes, meshes, images and bulk buffers. The program's module (lib.c)
 * adds the view's parts to it; taut.so (module.c) is this alone, so a
 * plain lua5.4 can `require "taut"` without SDL.
 *
 *   taut.world{...}      a new world (see bind_world.c)
 *   taut.image(path)     pixels of an image file (see bind_image.c)
 *   taut.mesh{...}       a triangle mesh, or taut.mesh("f.obj") (bind_mesh.c)
 *   taut.buffer(n)       n numbers for bulk positions (bind_positions.c)
 *   taut.chain_presets() the names of the chains' presets (bind_chain.c)
 *   taut.core_bytes()    bytes the core holds
 *   taut.version         "0.1.0" */
#include "bind_chain.h"
#include "lib.h"

static int core_bytes(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)tt_bytes_allocated());
	return 1;
}

int tt_lib_open_core(lua_State *L)
{
	static const luaL_Reg functions[] = {
		{"world", tt_bind_world_create},
		{"image", tt_bind_image_load},
		{"mesh", tt_bind_mesh_create},
		{"core_bytes", core_bytes},
		{"buffer", tt_bind_buffer_create},
		{"chain_presets", tt_bind_chain_presets},
		{NULL, NULL},
	};
	tt_bind_buffer_class(L);  /* first: every class's methods hold it */
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
	luaL_newlib(L, functions);
	lua_pushliteral(L, TT_VERSION);
	lua_setfield(L, -2, "version");
	return 1;
}
