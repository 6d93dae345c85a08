/* The script sandbox: one lua_State per loaded scene or test run.
 *
 * As in lua.c, every entry into Lua goes through one pcall with a message
 * handler that adds the traceback. A count hook checks the clock every
 * 10k instructions, so a script that loops forever is stopped with an
 * error naming the line it was on; once the time is up it fires at every
 * instruction, so a loop that catches the error with pcall is stopped
 * too. Time spent in C counts: the core polls tt_set_interrupt during a
 * step, so a step of a huge world called from a script ends with the same
 * error. The allocator counts bytes and refuses past a limit, so a script
 * that allocates without end gets "not enough memory" instead of taking
 * the machine down.
 *
 * What every state refuses (the full mode; --safe narrows more, safe.c):
 * binary chunks (Lua 5.4 does not verify bytecode: a patched string.dump
 * crashes the VM), debug.sethook (it would remove the budget) and os.exit
 * (it would end taut mid-recording, not the scene). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "sandbox.h"

#include "../core/taut.h"
#include "lib.h"
#include "traceback.h"

#define DEFAULT_LIMIT ((size_t)1 << 30)  /* 1 GiB */
#define DEFAULT_BUDGET 5.0               /* seconds per callback */
#define HOOK_COUNT 10000  /* instructions: C calls between count too */

static double g_deadline;  /* of the call running now; 0: none */

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

tt_sandbox *tt_sandbox_of(lua_State *L)
{
	void *ud;
	lua_getallocf(L, &ud);
	return ud;
}

/* "script ran for more than 5 s ...", after where (a "file:line: "). */
static int raise_runaway(lua_State *L, const char *where)
{
	char seconds[32];
	snprintf(seconds, sizeof seconds, "%g", tt_sandbox_of(L)->seconds);
	lua_pushfstring(L, "%sscript ran for more than %s s without returning "
			"(an endless loop?)", where, seconds);
	return lua_error(L);
}

int tt_sandbox_runaway(lua_State *L)
{
	luaL_where(L, 1);
	return raise_runaway(L, lua_tostring(L, -1));
}

/* Raised from the hook, so the running function is level 0: name its
 * line. Past the deadline every instruction raises again. */
static void runaway_hook(lua_State *L, lua_Debug *ar)
{
	tt_sandbox *sb = tt_sandbox_of(L);
	int over = sb->deadline > 0.0 && tt_sandbox_clock() > sb->deadline;
	if (over != (lua_gethookcount(L) == 1))
		lua_sethook(L, runaway_hook, LUA_MASKCOUNT, over ? 1 : HOOK_COUNT);
	if (!over)
		return;
	lua_getinfo(L, "Sl", ar);
	lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
	raise_runaway(L, lua_tostring(L, -1));
}

/* The core's poll (tt_set_interrupt): the running call's time is up. */
static int overdue(void *context)
{
	(void)context;
	return g_deadline > 0.0 && tt_sandbox_clock() > g_deadline;
}

/* A call inside another's (a test's taut.runtime stepping its scene)
 * ends by the outer one's deadline too: a scene cannot outlast its own
 * budget through a runtime it made. */
double tt_sandbox_begin(tt_sandbox *sb)
{
	double saved = g_deadline, now = tt_sandbox_clock();
	double own = sb->budget > 0.0 ? now + sb->budget : 0.0;
	g_deadline = own == 0.0 ? saved
		     : saved == 0.0 || own < saved ? own : saved;
	sb->deadline = g_deadline;
	sb->seconds = floor(1e3 * (g_deadline - now) + 0.5) / 1e3;
	lua_sethook(sb->L, runaway_hook, LUA_MASKCOUNT, HOOK_COUNT);
	return saved;
}

int tt_sandbox_overdue(void)
{
	return overdue(NULL);
}

void tt_sandbox_end(double saved)
{
	g_deadline = saved;
}

/* ---- what every state refuses -------------------------------------------- */

/* load(chunk [, name [, mode [, env]]]) with mode "t" whatever was asked
 * (an absent env stays absent: nil would be an env). */
static int text_load(lua_State *L)
{
	int n = lua_gettop(L) < 3 ? 3 : lua_gettop(L);
	lua_settop(L, n);
	lua_pushliteral(L, "t");
	lua_replace(L, 3);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, n, LUA_MULTRET);
	return lua_gettop(L);
}

/* loadfile(path [, mode [, env]]): text only, and the path as --safe
 * allows it. */
static int text_loadfile(lua_State *L)
{
	const char *path = lua_isnoneornil(L, 1) && !tt_sandbox_is_safe(L)
				   ? NULL : tt_sandbox_path(L, 1, 0);
	int env = !lua_isnone(L, 3);
	if (luaL_loadfilex(L, path, "t") != LUA_OK) {
		lua_pushnil(L);
		lua_insert(L, -2);
		return 2;
	}
	if (env) {
		lua_pushvalue(L, 3);
		if (!lua_setupvalue(L, -2, 1))
			lua_pop(L, 1);
	}
	return 1;
}

static int text_dofile(lua_State *L)
{
	const char *path = lua_isnoneornil(L, 1) && !tt_sandbox_is_safe(L)
				   ? NULL : tt_sandbox_path(L, 1, 0);
	lua_settop(L, 1);
	if (luaL_loadfilex(L, path, "t") != LUA_OK)
		return lua_error(L);
	lua_call(L, 0, LUA_MULTRET);
	return lua_gettop(L) - 1;
}

/* package.searchers[2]: Lua files on package.path (on the fixed path of
 * --safe, whatever the script set), text only. Upvalues: package and its
 * own searchpath (--safe takes package.searchpath from scripts). */
static int search_lua(lua_State *L)
{
	const char *name = luaL_checkstring(L, 1);
	int safe = tt_sandbox_is_safe(L);
	lua_pushvalue(L, lua_upvalueindex(2));
	lua_pushstring(L, name);
	if (safe)
		lua_getfield(L, LUA_REGISTRYINDEX, TT_SAFE_PATH);
	else
		lua_getfield(L, lua_upvalueindex(1), "path");
	lua_call(L, 2, 2);
	if (lua_isnil(L, -2))
		return 1;  /* the list of files tried */
	lua_pop(L, 1);
	const char *file = lua_tostring(L, -1);
	char real[PATH_MAX];
	if (safe && !tt_safe_resolve(L, file, 0, real))
		return lua_pushfstring(L, "\n\t%s is outside the scene's folder "
				       "and taut's scripts/ (--safe)", file), 1;
	if (luaL_loadfilex(L, file, "t") != LUA_OK)
		return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s",
				  name, file, lua_tostring(L, -1));
	lua_pushstring(L, file);
	return 2;
}

static int no_sethook(lua_State *L)
{
	return luaL_error(L, "debug.sethook is not available to scripts (the "
			  "time budget is taut's)");
}

static int no_exit(lua_State *L)
{
	return luaL_error(L, "os.exit ends the scene, not taut");
}

/* t[name] = fn, with the old t[name] as its upvalue. */
static void wrap(lua_State *L, int t, const char *name, lua_CFunction fn)
{
	t = lua_absindex(L, t);
	lua_getfield(L, t, name);
	lua_pushcclosure(L, fn, 1);
	lua_setfield(L, t, name);
}

static void refuse_everywhere(lua_State *L)
{
	lua_pushglobaltable(L);
	wrap(L, -1, "load", text_load);
	lua_pushcfunction(L, text_loadfile);
	lua_setfield(L, -2, "loadfile");
	lua_pushcfunction(L, text_dofile);
	lua_setfield(L, -2, "dofile");
	lua_getfield(L, -1, "debug");
	lua_pushcfunction(L, no_sethook);
	lua_setfield(L, -2, "sethook");
	lua_getfield(L, -2, "os");
	lua_pushcfunction(L, no_exit);
	lua_setfield(L, -2, "exit");
	lua_getfield(L, -3, "package");
	lua_getfield(L, -1, "searchers");
	lua_pushvalue(L, -2);
	lua_getfield(L, -1, "searchpath");
	lua_pushcclosure(L, search_lua, 2);
	lua_rawseti(L, -2, 2);
	lua_pop(L, 5);
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
	refuse_everywhere(sb->L);
	luaL_requiref(sb->L, "taut", luaopen_taut, 0);
	lua_pop(sb->L, 1);
	set_path(sb->L, root, scene_dir);
	lua_sethook(sb->L, runaway_hook, LUA_MASKCOUNT, HOOK_COUNT);
	tt_set_interrupt(overdue, NULL);
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
	double saved = tt_sandbox_begin(sb);
	int status = lua_pcall(L, nargs, nresults, base);
	tt_sandbox_end(saved);
	lua_remove(L, base);
	if (status == LUA_ERRMEM) {
		lua_pop(L, 1);
		lua_pushfstring(L, "script used more than %d MiB (memory limit)",
				(int)(sb->limit >> 20));
	}
	return status;
}
