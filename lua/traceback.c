/* Tracebacks for people: a scene's error is read by its author, who can
 * act on their own frames and on the taut calls they made, not on the
 * runtime's Lua that loaded or reloaded the file (scripts/reload.lua and
 * the modules it uses). The frames kept are written as luaL_traceback
 * writes them. */
#include <string.h>

#include <lauxlib.h>

#include "traceback.h"

#define FIRST 10  /* frames shown at the top of a deep stack */
#define LAST 11   /* ... and at its bottom */

static int internal(const lua_Debug *ar)
{
	static const char *const files[] = {
		"/scripts/reload.lua", "/scripts/regions.lua", "/scripts/lex.lua",
		"/scripts/tunefile.lua",
	};
	size_t n = strlen(ar->source);
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		size_t m = strlen(files[i]);
		if (n >= m && strcmp(ar->source + n - m, files[i]) == 0)
			return 1;
	}
	return 0;
}

/* The name package.loaded gives the function at -1 ("error",
 * "string.format"), pushed; 0 (nothing pushed) when it has none. */
static int global_name(lua_State *L)
{
	int f = lua_absindex(L, -1);
	lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1)) {
		if (!lua_istable(L, -1) || lua_type(L, -2) != LUA_TSTRING)
			continue;
		for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1)) {
			if (lua_type(L, -2) != LUA_TSTRING || !lua_rawequal(L, -1, f))
				continue;
			const char *module = lua_tostring(L, -4);
			if (strcmp(module, "_G") == 0)
				lua_pushfstring(L, "function '%s'", lua_tostring(L, -2));
			else
				lua_pushfstring(L, "function '%s.%s'", module,
						lua_tostring(L, -2));
			lua_replace(L, f);
			lua_pop(L, 5);  /* loaded, module name and table, key, value */
			return 1;
		}
	}
	lua_pop(L, 1);
	return 0;
}

/* The frame above level runs the runtime's own code. */
static int called_by_runtime(lua_State *L, int level)
{
	lua_Debug caller;
	return lua_getstack(L, level + 1, &caller) &&
	       lua_getinfo(L, "S", &caller) && internal(&caller);
}

/* How the frame's function is called, pushed ("method 'rope'",
 * "function <scene.lua:12>"); the name a runtime script calls it by
 * (its local 'chunk') is not the user's. */
static void describe(lua_State *L, int level, lua_Debug *ar)
{
	lua_getinfo(L, "f", ar);
	if (global_name(L))
		return;
	lua_pop(L, 1);
	if (*ar->namewhat && !called_by_runtime(L, level))
		lua_pushfstring(L, "%s '%s'", ar->namewhat, ar->name);
	else if (*ar->what == 'm')
		lua_pushliteral(L, "main chunk");
	else
		lua_pushfstring(L, "function <%s:%d>", ar->short_src,
				ar->linedefined);
}

/* Is the frame at level shown? A C function shows when it has a name and
 * the user (not the runtime) called it. */
static int shown(lua_State *L, int level, lua_Debug *ar)
{
	if (*ar->what != 'C')
		return !internal(ar);
	return ar->name && !called_by_runtime(L, level);
}

/* One frame's line into the buffer, as luaL_traceback writes it. */
static void add_frame(lua_State *L, luaL_Buffer *b, int level, lua_Debug *ar)
{
	lua_pushfstring(L, "\n\t%s:", ar->short_src);
	luaL_addvalue(b);
	if (ar->currentline > 0) {
		lua_pushfstring(L, "%d:", ar->currentline);
		luaL_addvalue(b);
	}
	luaL_addstring(b, " in ");
	describe(L, level, ar);
	luaL_addvalue(b);
	if (ar->istailcall)
		luaL_addstring(b, "\n\t(...tail calls...)");
}

void tt_traceback(lua_State *L, const char *msg)
{
	luaL_Buffer b;
	lua_Debug ar;
	int total = 0, kept = 0;
	for (int level = 1; lua_getstack(L, level, &ar); level++)
		total += lua_getinfo(L, "Sn", &ar) && shown(L, level, &ar);
	luaL_buffinit(L, &b);
	luaL_addstring(&b, msg);
	if (total)
		luaL_addstring(&b, "\nstack traceback:");
	for (int level = 1; lua_getstack(L, level, &ar); level++) {
		lua_getinfo(L, "Slnt", &ar);
		if (!shown(L, level, &ar))
			continue;
		kept++;  /* like luaL_traceback: the first ones and the last ones */
		if (kept <= FIRST || kept > total - LAST)
			add_frame(L, &b, level, &ar);
		else if (kept == FIRST + 1) {
			lua_pushfstring(L, "\n\t...\t(skipping %d levels)",
					total - FIRST - LAST);
			luaL_addvalue(&b);
		}
	}
	luaL_pushresult(&b);
}
