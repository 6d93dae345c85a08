/* `taut test`: Lua test files run with the real bindings, headless.
 *
 * The C side only gathers the files (folders are searched for *.lua, in
 * sorted order so runs are repeatable) and hands them to scripts/test.lua,
 * which runs every test, reports each, and ends with "N passed, N failed". */
#define _DEFAULT_SOURCE  /* opendir, stat */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <lauxlib.h>

#include "sandbox.h"
#include "testrun.h"

#define TEST_BUDGET 600.0  /* seconds for the whole run */

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Append the *.lua files of a folder, sorted, to the array at -1. */
static void add_folder(lua_State *L, const char *dir)
{
	DIR *d = opendir(dir);
	char *names[1024];
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d)) && n < 1024;)
		if (ends_with(e->d_name, ".lua"))
			names[n++] = strdup(e->d_name);
	if (d)
		closedir(d);
	qsort(names, (size_t)n, sizeof *names, by_name);
	for (int i = 0; i < n; i++) {
		lua_pushfstring(L, "%s/%s", dir, names[i]);
		lua_rawseti(L, -2, (lua_Integer)luaL_len(L, -2) + 1);
		free(names[i]);
	}
}

static void add_path(lua_State *L, const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		add_folder(L, path);
		return;
	}
	lua_pushstring(L, path);  /* a missing file fails as a test */
	lua_rawseti(L, -2, (lua_Integer)luaL_len(L, -2) + 1);
}

int tt_testrun(const char *root, int count, char **paths)
{
	tt_sandbox sb;
	if (!tt_sandbox_open(&sb, root, NULL))
		return fputs("taut: out of memory\n", stderr), 1;
	sb.budget = TEST_BUDGET;
	lua_State *L = sb.L;
	lua_getglobal(L, "require");
	lua_pushliteral(L, "test");
	int failed = 1;
	if (tt_sandbox_call(&sb, 1, 1) == LUA_OK) {
		lua_getfield(L, -1, "run");
		lua_newtable(L);
		for (int i = 0; i < count; i++)
			add_path(L, paths[i]);
		if (count == 0)
			add_path(L, "tests/lua");
		if (tt_sandbox_call(&sb, 1, 1) == LUA_OK)
			failed = (int)lua_tointeger(L, -1);
	}
	if (lua_isstring(L, -1) && !lua_isnumber(L, -1))
		fprintf(stderr, "taut test: %s\n", lua_tostring(L, -1));
	tt_sandbox_close(&sb);
	return failed ? 1 : 0;
}
