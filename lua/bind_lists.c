/* world:ropes(), world:winds() and world:chains(): a world's objects of
 * one kind as an array, in the core's order (a script that lists what a
 * scene built, such as taut export, reads them as it reads
 * world:colliders()). */
#include "bind.h"
#include "../core/bone_chain.h"

static void push_rope_at(lua_State *L, tt_world_id w, int i)
{
	tt_bind_push_rope(L, tt_world_rope_at(w, i));
}

static void push_wind_at(lua_State *L, tt_world_id w, int i)
{
	tt_wind_id id = tt_world_wind_at(w, i);
	tt_bind_push_id(L, "wind", &id, sizeof id, sizeof id);
}

static void push_chain_at(lua_State *L, tt_world_id w, int i)
{
	tt_bonechain_id id = tt_world_bonechain_at(w, i);
	tt_bind_push_id(L, "chain", &id, sizeof id, sizeof id);
}

static int push_list(lua_State *L, int (*count)(tt_world_id),
		     void (*push_at)(lua_State *, tt_world_id, int))
{
	tt_world_id w = tt_bind_check_world(L, 1);
	int n = count(w);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		push_at(L, w, i);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

int tt_bind_world_ropes(lua_State *L)
{
	return push_list(L, tt_world_rope_count, push_rope_at);
}

int tt_bind_world_winds(lua_State *L)
{
	return push_list(L, tt_world_wind_count, push_wind_at);
}

int tt_bind_world_chains(lua_State *L)
{
	return push_list(L, tt_world_bonechain_count, push_chain_at);
}
