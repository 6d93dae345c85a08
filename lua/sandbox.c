/* The script sandbox: one lua_State per loaded scene or test run.
 *
 * As in lua.c, every entry into Lua goes through one pcall with a message
 * handler that adds the traceback. A count hook checks the clock every
 * 100k instructions, so a script that loops forever is stopped with an
 * error naming the line it was on; the allocator counts bytes and refuses
 * past a limit, so a script that allocates without end gets "not enough
 * memory" instead of taking the machine down. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "sandbox.h"

#include "lib.h"
#include "traceback.h"

#define DEFAULT_LIMIT ((size_t)1 << 30)  /* 1 GiB */
#define DEFAULT_BUDGET 5.0               /* seconds per callback */

double tt_sandbox_clock(void)
{
	struct timespec ts;
	timespec_get(&ts, TIME_UTC);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	tt_sandbox *sb = ud;
	size_t old = ptr ? osize : 0;
	if (nsize == 0) {
		free(ptr);
		sb->bytes -= old;
		return NULL;
	}
	if (nsize > old && sb->bytes + (nsize - old) > sb->limit)
		return NULL;
	void *p = realloc(ptr, nsize);
	if (p)
		sb->bytes = sb->bytes - old + nsize;
	return p;
}

/* Raised from the hook, so the running function is level 0: name its line. */
static void runaway_hook(lua_State *L, lua_Debug *ar)
{
	void *ud;
	lua_getallocf(L, &ud);
	tt_sandbox *sb = ud;
	if (sb->budget <= 0.0 || tt_sandbox_clock() <= sb->deadline)
		return;
	lua_getinfo(L, "Sl", ar);
	luaL_error(L, "%s:%d: script ran for more than %d s without returning "
		      "(an endless loop?)", ar->short_src, ar->currentline,
		   (int)sb->budget);
}

/* taut's own modules first: a scene named like one of them (the example
 * examples/grapple.lua requires the module grapple) must not find itself.
 * Then the scene's folder (or the working one), for the user's modules. */
static void set_path(lua_State *L, const char *root, const char *scene_dir)
{
	lua_getglobal(L, "package");
	lua_pushfstring(L, "%s/scripts/?.lua;%s/scripts/?/init.lua;%s/?.lua",
			root, root, scene_dir ? scene_dir : ".");
	lua_setfield(L, -2, "path");
	lua_pop(L, 1);
}

int tt_sandbox_open(tt_sandbox *sb, const char *root, const char *scene_dir)
{
	memset(sb, 0, sizeof *sb);
	sb->limit = DEFAULT_LIMIT;
	sb->budget = DEFAULT_BUDGET;
	sb->L = lua_newstate(sandbox_alloc, sb);
	if (!sb->L)
		return 0;
	luaL_openlibs(sb->L);
	luaL_requiref(sb->L, "taut", luaopen_taut, 0);
	lua_pop(sb->L, 1);
	set_path(sb->L, root, scene_dir);
	lua_sethook(sb->L, runaway_hook, LUA_MASKCOUNT, 100000);
	return 1;
}

void tt_sandbox_close(tt_sandbox *sb)
{
	if (sb->L)
		lua_close(sb->L);
	sb->L = NULL;
}

static int traceback(lua_State *L)
{
	const char *msg = lua_tostring(L, 1);
	if (!msg) {
		if (luaL_callmeta(L, 1, "__tostring") && lua_isstring(L, -1))
			msg = lua_tostring(L, -1);
		else
			msg = lua_pushfstring(L, "(error object is a %s value)",
					      luaL_typename(L, 1));
	}
	tt_traceback(L, msg);
	return 1;
}

int tt_sandbox_call(tt_sandbox *sb, int nargs, int nresults)
{
	lua_State *L = sb->L;
	int base = lua_gettop(L) - nargs;
	lua_pushcfunction(L, traceback);
	lua_insert(L, base);
	sb->deadline = tt_sandbox_clock() + sb->budget;
	int status = lua_pcall(L, nargs, nresults, base);
	lua_remove(L, base);
	if (status == LUA_ERRMEM) {
		lua_pop(L, 1);
		lua_pushfstring(L, "script used more than %d MiB (memory limit)",
				(int)(sb->limit >> 20));
	}
	return status;
}
