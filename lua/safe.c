/* --safe: what a shared scene may do (README, "Two modes").
 *
 * A scene downloaded from someone else runs with: no os.execute, os.exit,
 * io.popen, package.loadlib or C modules; debug only as traceback; files
 * read (io.open, io.lines, loadfile, dofile, require, taut.image,
 * taut.texture, taut.mesh, taut.runtime) only under the scene's folder and
 * taut's scripts/, and written (canvas:save, rt:save, rt:quit) only under
 * the scene's folder; the string metatable and table read-only;
 * no __gc metamethods.
 * Relative paths are taken from the scene's folder, and every path is
 * resolved (symlinks, "..") before it is compared, so a link in the
 * folder cannot lead out of it.
 *
 * The refused functions stay, as functions that raise "os.execute is not
 * available in --safe mode", so a scene that tries one learns which and
 * why. The host's own modules (scripts/reload.lua) are loaded before and
 * keep the functions they captured; the scene cannot reach them: the
 * reload module is dropped from package.loaded and debug is gone. */
#define _DEFAULT_SOURCE  /* realpath */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "sandbox.h"

int tt_sandbox_is_safe(lua_State *L)
{
	return tt_sandbox_of(L)->safe;
}

/* ---- paths --------------------------------------------------------------- */

int tt_path_inside(const char *real, const char *root)
{
	size_t n = strlen(root);
	return n > 0 && strncmp(real, root, n) == 0 &&
	       (real[n] == '/' || real[n] == '\0');
}

/* The folder part of path resolved, and its last name after it, into
 * out; 0 when the folder does not resolve or the name is empty. */
static int resolve_parent(const char *path, char *out)
{
	const char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1,
		 slash ? path : ".");
	if (!*name || strcmp(name, ".") == 0 || strcmp(name, "..") == 0 ||
	    !realpath(slash == path ? "/" : dir, out))
		return 0;
	size_t n = strlen(out);
	return snprintf(out + n, PATH_MAX - n, "%s%s", n > 1 ? "/" : "",
			name) < (int)(PATH_MAX - n);
}

int tt_safe_resolve(lua_State *L, const char *path, int write, char *out)
{
	const tt_sandbox *sb = tt_sandbox_of(L);
	char joined[2 * PATH_MAX];
	if (!path || !*path)
		return 0;
	snprintf(joined, sizeof joined, "%s%s%s", path[0] == '/' ? "" : sb->folder,
		 path[0] == '/' ? "" : "/", path);
	/* a file that does not exist yet: judge the folder it would be in */
	if (!realpath(joined, out) && !resolve_parent(joined, out))
		return 0;
	return tt_path_inside(out, sb->folder) ||
	       (!write && tt_path_inside(out, sb->scripts));
}

int tt_safe_may_read(lua_State *L, const char *path)
{
	char real[PATH_MAX], checked[PATH_MAX];
	return realpath(path, real) && tt_safe_resolve(L, real, 0, checked);
}

const char *tt_sandbox_path(lua_State *L, int arg, int write)
{
	const char *path = luaL_checkstring(L, arg);
	if (!tt_sandbox_is_safe(L))
		return path;
	char real[PATH_MAX];
	if (!tt_safe_resolve(L, path, write, real))
		luaL_argerror(L, arg, lua_pushfstring(L, "%s is outside the scene's "
					"folder%s (--safe)", path,
					write ? "" : " and taut's scripts/"));
	lua_pushstring(L, real);
	lua_replace(L, arg);
	return lua_tostring(L, arg);
}

/* ---- the narrowed libraries ---------------------------------------------- */

static int refused(lua_State *L)
{
	return luaL_error(L, "%s is not available in --safe mode",
			  lua_tostring(L, lua_upvalueindex(1)));
}

/* t[name] = a function that raises "lib.name is not available". */
static void refuse(lua_State *L, int t, const char *lib, const char *name)
{
	t = lua_absindex(L, t);
	lua_pushfstring(L, "%s.%s", lib, name);
	lua_pushcclosure(L, refused, 1);
	lua_setfield(L, t, name);
}

/* io.open(path [, "r" | "rb"]) */
static int safe_open(lua_State *L)
{
	const char *mode = luaL_optstring(L, 2, "r");
	if (strcmp(mode, "r") != 0 && strcmp(mode, "rb") != 0)
		luaL_argerror(L, 2, "files open for reading only (--safe)");
	tt_sandbox_path(L, 1, 0);
	lua_settop(L, 2);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, 2, LUA_MULTRET);
	return lua_gettop(L);
}

/* io.lines(path, ...): a path is required (no stdin). */
static int safe_lines(lua_State *L)
{
	tt_sandbox_path(L, 1, 0);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
	return lua_gettop(L);
}

/* A new table for lib: the names in keep copied from the original at
 * -1, the rest of the original's functions refused. Replaces the global
 * and package.loaded[lib]; pops the original. */
static void narrow(lua_State *L, const char *lib, const char *const keep[])
{
	int orig = lua_absindex(L, -1);
	lua_newtable(L);
	lua_pushnil(L);
	while (lua_next(L, orig)) {
		const char *name = lua_type(L, -2) == LUA_TSTRING
					   ? lua_tostring(L, -2) : NULL;
		int kept = 0;
		for (int i = 0; name && keep[i]; i++)
			kept |= strcmp(name, keep[i]) == 0;
		if (kept) {
			lua_pushvalue(L, -2);
			lua_insert(L, -2);
			lua_rawset(L, -4);
		} else {
			if (name && lua_isfunction(L, -1))
				refuse(L, -3, lib, name);
			lua_pop(L, 1);
		}
	}
	lua_pushvalue(L, -1);
	lua_setglobal(L, lib);
	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	lua_insert(L, -2);
	lua_setfield(L, -2, lib);
	lua_pop(L, 2);
}

/* The safe table of lib (just made by narrow) at -1 gets fn over the
 * original's name as its upvalue. */
static void wrap_original(lua_State *L, const char *lib, const char *name,
			  lua_CFunction fn)
{
	luaL_getsubtable(L, LUA_REGISTRYINDEX, "taut.originals");
	lua_getfield(L, -1, lib);
	lua_getfield(L, -1, name);
	lua_pushcclosure(L, fn, 1);
	lua_getglobal(L, lib);
	lua_insert(L, -2);
	lua_setfield(L, -2, name);
	lua_pop(L, 3);
}

static void narrow_libraries(lua_State *L)
{
	static const char *const os_keep[] = {"clock", "date", "difftime",
					      "time", NULL};
	static const char *const io_keep[] = {"open", "lines", "write", "type",
					      NULL};
	static const char *const debug_keep[] = {"traceback", NULL};
	static const char *const libs[] = {"os", "io", "debug", NULL};
	static const char *const *const keeps[] = {os_keep, io_keep, debug_keep};
	luaL_getsubtable(L, LUA_REGISTRYINDEX, "taut.originals");
	for (int i = 0; libs[i]; i++) {
		lua_getglobal(L, libs[i]);
		lua_pushvalue(L, -1);
		lua_setfield(L, -3, libs[i]);
		narrow(L, libs[i], keeps[i]);
	}
	lua_pop(L, 1);
	wrap_original(L, "io", "open", safe_open);
	wrap_original(L, "io", "lines", safe_lines);
}

/* setmetatable without __gc: Lua runs finalizers with hooks off, so an
 * endless one could not be stopped. */
static int no_gc_setmetatable(lua_State *L)
{
	lua_pushliteral(L, "__gc");
	if (lua_istable(L, 2) && lua_rawget(L, 2) != LUA_TNIL)
		luaL_argerror(L, 2, "__gc metamethods are not available in --safe "
			      "mode (finalizers run outside the time budget)");
	lua_settop(L, 2);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, 2, 1);
	return 1;
}

static int no_c_modules(lua_State *L)
{
	lua_pushfstring(L, "\n\tno C module '%s' (C modules are not available "
			"in --safe mode)", luaL_checkstring(L, 1));
	return 1;
}

/* require: Lua files under the scene's folder and scripts/ only. */
static void narrow_package(lua_State *L, const tt_sandbox *sb)
{
	lua_pushfstring(L, "%s/?.lua;%s/?/init.lua;%s/?.lua", sb->scripts,
			sb->scripts, sb->folder);
	lua_pushvalue(L, -1);
	lua_setfield(L, LUA_REGISTRYINDEX, TT_SAFE_PATH);
	lua_getglobal(L, "package");
	lua_insert(L, -2);
	lua_setfield(L, -2, "path");
	lua_pushliteral(L, "");
	lua_setfield(L, -2, "cpath");
	refuse(L, -1, "package", "loadlib");
	refuse(L, -1, "package", "searchpath");
	lua_getfield(L, -1, "searchers");
	lua_pushcfunction(L, no_c_modules);
	lua_rawseti(L, -2, 3);
	lua_pushnil(L);
	lua_rawseti(L, -2, 4);
	/* reload writes files (Ctrl+S): the host's copy only, none for the
	 * scene (a fresh one would also replace require) */
	lua_getfield(L, -2, "loaded");
	lua_pushnil(L);
	lua_setfield(L, -2, "reload");
	lua_getfield(L, -3, "preload");
	lua_pushliteral(L, "module 'reload' (taut's own)");
	lua_pushcclosure(L, refused, 1);
	lua_setfield(L, -2, "reload");
	lua_pop(L, 4);
}

static int read_only(lua_State *L)
{
	return luaL_error(L, "%s is read-only in --safe mode",
			  lua_tostring(L, lua_upvalueindex(1)));
}

/* A read-only view of the table at -1 (replaced by the view): reads go
 * through to it, writes raise "<what> is read-only". */
static void read_only_view(lua_State *L, const char *what)
{
	lua_newtable(L);
	lua_createtable(L, 0, 3);
	lua_pushvalue(L, -3);
	lua_setfield(L, -2, "__index");
	lua_pushstring(L, what);
	lua_pushcclosure(L, read_only, 1);
	lua_setfield(L, -2, "__newindex");
	lua_pushstring(L, what);
	lua_setfield(L, -2, "__metatable");
	lua_setmetatable(L, -2);
	lua_remove(L, -2);
}

/* The string metatable is every string's: a scene must not change what
 * ("x"):rep means for taut's own modules. getmetatable("") gives a
 * read-only {__index = string}, and string is a read-only view. */
static void freeze_strings(lua_State *L)
{
	lua_getglobal(L, "string");
	read_only_view(L, "string");
	lua_pushvalue(L, -1);
	lua_setglobal(L, "string");
	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	lua_pushvalue(L, -2);
	lua_setfield(L, -2, "string");
	lua_pop(L, 1);
	lua_createtable(L, 0, 1);
	lua_insert(L, -2);
	lua_setfield(L, -2, "__index");
	read_only_view(L, "the string metatable");
	lua_pushliteral(L, "");
	lua_getmetatable(L, -1);
	lua_pushvalue(L, -3);
	lua_setfield(L, -2, "__metatable");
	lua_pop(L, 3);
}

int tt_safe_apply(tt_sandbox *sb, const char *root, const char *dir)
{
	char scripts[PATH_MAX + 16];
	snprintf(scripts, sizeof scripts, "%s/scripts", root);
	if (!realpath(dir, sb->folder) || !realpath(scripts, sb->scripts))
		return 0;
	sb->safe = 1;
	luaL_getsubtable(sb->L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	lua_getfield(sb->L, -1, "taut");
	lua_pushboolean(sb->L, 1);
	lua_setfield(sb->L, -2, "safe");  /* so a scene can tell */
	lua_pop(sb->L, 2);
	narrow_libraries(sb->L);
	narrow_package(sb->L, sb);
	freeze_strings(sb->L);
	lua_getglobal(sb->L, "setmetatable");
	lua_pushcclosure(sb->L, no_gc_setmetatable, 1);
	lua_setglobal(sb->L, "setmetatable");
	return 1;
}
