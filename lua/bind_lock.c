/* A world steps once at a time.
 *
 * Around its step a world runs Lua: its wind functions before, its event
 * handlers after. world:step on the same world from there would fill the
 * winds or deliver the events again in the middle of doing so (the list
 * being walked changes under the walk), so it is an error that names the
 * callback: "world:step called from a 'cut' handler". The mark is kept in
 * a per-world table and cleared by a to-be-closed guard, so it goes
 * however the callback ends: a return or an error. */
#include "bind.h"

#define LOCKS "taut.locks"

static const char guard_key;  /* registry: the guards' metatable (no type
				 of its own: no script ever holds one) */

static int guard_close(lua_State *L)
{
	lua_getiuservalue(L, 1, 1);
	if (tt_bind_push_world_table(L, -1, LOCKS, 0)) {
		lua_pushnil(L);
		lua_setfield(L, -2, "what");
	}
	return 0;
}

void tt_bind_world_doing(lua_State *L, int world, const char *what)
{
	tt_bind_push_world_table(L, world, LOCKS, 1);
	lua_pushstring(L, what);
	lua_setfield(L, -2, "what");
	lua_pop(L, 1);
}

void tt_bind_world_lock(lua_State *L, int world, const char *what)
{
	world = lua_absindex(L, world);
	tt_bind_world_doing(L, world, what);
	lua_newuserdatauv(L, 1, 1);
	lua_pushvalue(L, world);
	lua_setiuservalue(L, -2, 1);
	if (lua_rawgetp(L, LUA_REGISTRYINDEX, &guard_key) == LUA_TNIL) {
		lua_pop(L, 1);
		lua_createtable(L, 0, 2);
		lua_pushcfunction(L, guard_close);
		lua_setfield(L, -2, "__close");
		lua_pushliteral(L, "lock guard");
		lua_setfield(L, -2, "__metatable");
		lua_pushvalue(L, -1);
		lua_rawsetp(L, LUA_REGISTRYINDEX, &guard_key);
	}
	lua_setmetatable(L, -2);
	lua_toclose(L, -1);
}

void tt_bind_world_check_free(lua_State *L, int world)
{
	if (!tt_bind_push_world_table(L, world, LOCKS, 0))
		return;
	if (lua_getfield(L, -1, "what") == LUA_TSTRING)
		luaL_error(L, "world:step called from %s (a world cannot step "
			   "inside its own step)", lua_tostring(L, -1));
	lua_pop(L, 2);
}
