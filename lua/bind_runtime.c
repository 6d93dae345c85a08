/* taut.runtime(path): a scene runtime driven from Lua, so tests can load a
 * scene, step it, rewrite its file and see the reload exactly as the
 * viewport would, without a window and without sleeping.
 *
 *   local rt = taut.runtime("scene.lua" [, {safe = true, budget = 0.5,
 *                           keep = true}])
 *                 -- loads it (--safe; seconds per callback, never more
 *                 -- than the caller has left; keep: read its .tuned
 *                 -- file as the app does); rt:error() says why not
 *   rt:step([n])  rt:reload()  rt:rebuild()              -> reload kind
 *   rt:poll([s])  a save seen by the watcher, waited for until it settles
 *                 (and for up to s seconds for one to begin)
 *   rt:world()  rt:error()  rt:lua_bytes()  rt:tune()   (name -> value)
 *   rt:set(name, value)  rt:save()  rt:unsaved()  rt:close()
 *   rt:last_reload() -> kind, ms, reason   rt:notice()  (the HUD's notes)
 *   taut.runtime(path, {keep = true})      reads "<path>.tuned" first, as
 *   rt:quit()                              the program does; writes it */
#include <limits.h>
#include <math.h>
#include <threads.h>

#include "bind.h"
#include "lib.h"
#include "keep.h"
#include "runtime.h"
#include "sandbox.h"

#define NAME "runtime"

static tt_runtime *check(lua_State *L)
{
	return tt_bind_check_box(L, 1, NAME);
}

static int push_kind(lua_State *L, tt_reload_kind kind)
{
	lua_pushstring(L, tt_reload_kind_name(kind));
	return 1;
}

static int rt_step(lua_State *L)
{
	tt_runtime *rt = check(L);
	lua_Integer n = luaL_optinteger(L, 2, 1);
	int running = 1;
	for (lua_Integer i = 0; i < n && running; i++) {
		running = tt_runtime_step(rt);
		if (tt_sandbox_overdue())
			tt_sandbox_runaway(L);
	}
	lua_pushboolean(L, running);
	return 1;
}

static void sleep_for(double seconds)
{
	struct timespec ts = {0, (long)(seconds * 1e9) + 1};
	thrd_sleep(&ts, NULL);
}

/* As the viewport would, sleeping while a save is being written: the
 * runtime reads it once it settles (a few milliseconds). With seconds, a
 * save that begins within them is waited for too (a frame's sleep). */
static int rt_poll(lua_State *L)
{
	tt_runtime *rt = check(L);
	double until = tt_sandbox_clock() + luaL_optnumber(L, 2, 0.0), due;
	while ((due = tt_runtime_due(rt)) != 0.0 &&
	       (due > 0.0 || tt_sandbox_clock() < until))
		sleep_for(due > 0.0 ? due : 0.001);
	return push_kind(L, tt_runtime_poll(rt));
}

static int rt_reload(lua_State *L)
{
	return push_kind(L, tt_runtime_reload(check(L)));
}

static int rt_rebuild(lua_State *L)
{
	return push_kind(L, tt_runtime_rebuild(check(L)));
}

static int rt_world(lua_State *L)
{
	tt_bind_push_world(L, tt_runtime_world(check(L)), 0);
	return 1;
}

static int rt_error(lua_State *L)
{
	const char *e = tt_runtime_error(check(L));
	lua_pushstring(L, e);
	return 1;
}

static int rt_lua_bytes(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)tt_runtime_lua_bytes(check(L)));
	return 1;
}

/* name -> value, and name -> {min, max} as a second table. */
static int rt_tune(lua_State *L)
{
	int n;
	const tt_panel_item *items = tt_runtime_tune_items(check(L), &n);
	lua_newtable(L);
	lua_newtable(L);
	for (int i = 0; i < n; i++) {
		if (items[i].is_bool)
			lua_pushboolean(L, items[i].value != 0.0);
		else
			lua_pushnumber(L, items[i].value);
		lua_setfield(L, -3, items[i].name);
		lua_createtable(L, 2, 0);
		lua_pushnumber(L, items[i].min);
		lua_rawseti(L, -2, 1);
		lua_pushnumber(L, items[i].max);
		lua_rawseti(L, -2, 2);
		lua_setfield(L, -2, items[i].name);
	}
	return 2;
}

static int rt_set(lua_State *L)
{
	tt_runtime *rt = check(L);
	const char *name = luaL_checkstring(L, 2);
	double v = lua_isboolean(L, 3) ? lua_toboolean(L, 3)
				       : luaL_checknumber(L, 3);
	luaL_argcheck(L, isfinite(v), 3, "finite number expected");
	char err[256];
	if (!tt_runtime_tune_set(rt, name, v, err, sizeof err))
		luaL_argerror(L, 2, err);
	return 0;
}

/* rt:save and rt:quit write the scene's file and its sidecar: in --safe
 * only a scene under the folder (taut's scripts/ are read only). */
static tt_runtime *writable(lua_State *L)
{
	tt_runtime *rt = check(L);
	char real[PATH_MAX];
	const char *path = tt_runtime_path(rt);
	if (tt_sandbox_is_safe(L) && !tt_safe_resolve(L, path, 1, real))
		luaL_error(L, "%s is outside the scene's folder: its tuned values "
			   "stay unsaved (--safe)", path);
	return rt;
}

static int rt_save(lua_State *L)
{
	char err[1024];
	if (!tt_runtime_tune_save(writable(L), err, sizeof err))
		return luaL_error(L, "%s", err);
	return 0;
}

static int rt_unsaved(lua_State *L)
{
	lua_pushinteger(L, tt_runtime_tune_unsaved(check(L)));
	return 1;
}

static int rt_close(lua_State *L)
{
	tt_runtime **p = (tt_runtime **)tt_bind_check_class(L, 1, NAME);
	tt_runtime_destroy(*p);
	*p = NULL;
	return 0;
}

static int rt_last(lua_State *L)
{
	double ms;
	push_kind(L, tt_runtime_last_reload(check(L), &ms));
	lua_pushnumber(L, ms);
	lua_pushstring(L, tt_runtime_reload_reason(check(L)));
	return 3;
}

static int rt_notice(lua_State *L)
{
	lua_pushstring(L, tt_runtime_notice(check(L)));
	return 1;
}

static int rt_quit(lua_State *L)
{
	tt_runtime *rt = writable(L);
	tt_keep_write(rt, tt_runtime_path(rt));
	return 0;
}

int tt_bind_runtime_create(lua_State *L)
{
	static const luaL_Reg methods[] = {
		{"step", rt_step},	       {"poll", rt_poll},
		{"reload", rt_reload},	       {"rebuild", rt_rebuild},
		{"world", rt_world},	       {"error", rt_error},
		{"lua_bytes", rt_lua_bytes},   {"tune", rt_tune},
		{"set", rt_set},	       {"save", rt_save},
		{"unsaved", rt_unsaved},       {"close", rt_close},
		{"last_reload", rt_last},      {"notice", rt_notice},
		{"quit", rt_quit},	       {NULL, NULL},
	};
	static const char *const keys[] = {"safe", "budget", "keep", NULL};
	const char *path = tt_sandbox_path(L, 1, 0);
	int safe = tt_sandbox_is_safe(L);  /* a safe scene's runtimes are */
	int keep = 0;
	float budget = 0.0f;
	if (!lua_isnoneornil(L, 2)) {
		tt_bind_check_options(L, 2, keys);
		safe |= tt_bind_opt_bool(L, 2, "safe", 0);
		keep = tt_bind_opt_bool(L, 2, "keep", 0);
		budget = tt_bind_opt_float(L, 2, "budget", 0.0f);
		luaL_argcheck(L, budget >= 0.0f, 2, "budget: seconds >= 0 expected");
	}
	tt_runtime **p = (tt_runtime **)tt_bind_new_box(L, NAME, methods);
	*p = tt_runtime_create(path, tt_lib_root());
	if (!*p)
		return luaL_error(L, "out of memory");
	/* a script that opens a runtime is a tool (taut export): its stdout is
	   the document it writes, so the runtime's notes go to stderr */
	tt_runtime_say_on(*p, stderr);
	tt_runtime_set_safe(*p, safe);
	tt_runtime_set_budget(*p, budget);
	if (keep)
		tt_keep_read(*p, path);
	tt_runtime_load(*p);
	return 1;
}
