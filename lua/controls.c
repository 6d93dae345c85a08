/* scene.controls: the scene's own keys and clicks, listed for the HUD.
 *
 *   scene.controls = { {"click", "fire the hook"}, {"A / D", "pump"},
 *                      "Space: let go" }
 * An entry is {keys, what} or a string said as it is; anything else is
 * shown as what is wrong with it, so a typo is seen, not lost. */
#include <stdio.h>
#include <string.h>

#include <lua.h>

#include "runtime_internal.h"

/* Entry i (at -1) as "keys: what" into out; popped. */
static void entry_text(lua_State *L, lua_Integer i, char *out, size_t size)
{
	int ok = lua_type(L, -1) == LUA_TSTRING;
	if (ok)
		snprintf(out, size, "%s", lua_tostring(L, -1));
	if (lua_istable(L, -1)) {
		lua_rawgeti(L, -1, 1);
		lua_rawgeti(L, -2, 2);
		ok = lua_type(L, -2) == LUA_TSTRING &&
		     lua_type(L, -1) == LUA_TSTRING;
		if (ok)
			snprintf(out, size, "%s: %s", lua_tostring(L, -2),
				 lua_tostring(L, -1));
		lua_pop(L, 2);
	}
	if (!ok)
		snprintf(out, size, "(scene.controls[%d]: expected {keys, what})",
			 (int)i);
	lua_pop(L, 1);
}

void tt_runtime_controls(const tt_runtime *rt, char *out, size_t size)
{
	out[0] = '\0';
	if (!rt->now || size == 0)
		return;
	lua_State *L = rt->now->sb.L;
	lua_rawgeti(L, LUA_REGISTRYINDEX, rt->now->table);
	if (lua_getfield(L, -1, "controls") == LUA_TTABLE) {
		size_t n = 0;
		lua_Integer count = (lua_Integer)lua_rawlen(L, -1);
		for (lua_Integer i = 1; i <= count && n + 1 < size; i++) {
			char item[160];
			lua_rawgeti(L, -1, i);
			entry_text(L, i, item, sizeof item);
			n += (size_t)snprintf(out + n, size - n, "%s%s",
					      n ? "  " : "", item);
		}
	}
	lua_pop(L, 2);
}
