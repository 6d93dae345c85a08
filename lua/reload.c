/* Hot reload (DESIGN.md §3): a save of the scene file, or of a project
 * module it required, is noticed by the watcher and applied in the kind
 * it needs. scripts/reload.lua, run in the running scene's own state,
 * compares the new text with the old and applies what keeps the world
 * (new tune values, new callbacks); a rebuild builds a whole new scene in
 * a fresh state first, so a file that fails leaves the last good scene
 * running, with the error kept for the overlay. */
#include <string.h>

#include <lauxlib.h>

#include "runtime_internal.h"

const char *tt_reload_kind_name(tt_reload_kind kind)
{
	static const char *const names[] = {"none", "same", "tune", "swap",
					    "rebuild", "error"};
	return names[kind];
}

void tt_reload_watch(tt_runtime *rt)
{
	scene *s = rt->now;
	lua_State *L = s->sb.L;
	tt_runtime_push_reload(s, "files");
	lua_pushstring(L, rt->path);
	if (!tt_runtime_run(rt, s, "", 1, 1))
		return;
	const char *files[64];
	int n = (int)luaL_len(L, -1);
	n = n < 64 ? n : 64;
	for (int i = 0; i < n; i++) {
		lua_rawgeti(L, -1 - i, i + 1);
		files[i] = lua_tostring(L, -1);
	}
	tt_watch_set(rt->watch, files, n);
	lua_pop(L, n + 1);
}

static tt_reload_kind kind_of(const char *name)
{
	for (int k = TT_RELOAD_NONE; k <= TT_RELOAD_ERROR; k++)
		if (strcmp(name, tt_reload_kind_name(k)) == 0)
			return k;
	return TT_RELOAD_ERROR;
}

/* reload.check left kind, changed names and the new info on the stack:
 * apply what it did not (overrides, panel, scene.tuned). */
static tt_reload_kind settle(tt_runtime *rt, scene *s)
{
	lua_State *L = s->sb.L;
	tt_reload_kind kind = kind_of(lua_tostring(L, -3));
	tt_tune_forget(rt, L, -2);
	if (kind == TT_RELOAD_REBUILD) {
		lua_pop(L, 3);
		return tt_runtime_load(rt) ? kind : TT_RELOAD_ERROR;
	}
	luaL_unref(L, LUA_REGISTRYINDEX, s->info);
	s->info = luaL_ref(L, LUA_REGISTRYINDEX);
	rt->halted = 0;
	rt->error[0] = '\0';
	tt_tune_refresh(rt);
	if (luaL_len(L, -1) > 0)
		tt_tune_call(rt, s);
	else
		lua_pop(L, 1);
	lua_pop(L, 1);
	return kind;
}

static tt_reload_kind check(tt_runtime *rt)
{
	scene *s = rt->now;
	tt_runtime_push_reload(s, "check");
	lua_pushstring(s->sb.L, rt->path);
	tt_runtime_push_ref(s, s->table);
	tt_runtime_push_ref(s, s->tune);
	tt_runtime_push_ref(s, s->info);
	if (!tt_runtime_run(rt, s, "", 4, 3))
		return TT_RELOAD_ERROR;
	tt_reload_kind kind = settle(rt, s);
	/* the discarded chunk is garbage now: collect it while the user is
	 * not looking, so a session of many saves holds no more than one */
	if (kind != TT_RELOAD_REBUILD && kind != TT_RELOAD_ERROR)
		lua_gc(s->sb.L, LUA_GCCOLLECT);
	return kind;
}

/* Time the reload and keep its kind for the HUD. */
static tt_reload_kind timed(tt_runtime *rt, int rebuild)
{
	double t0 = tt_sandbox_clock();
	tt_reload_kind kind;
	if (rebuild || !rt->now)
		kind = tt_runtime_load(rt) ? TT_RELOAD_REBUILD : TT_RELOAD_ERROR;
	else
		kind = check(rt);
	rt->last_kind = kind;
	rt->last_ms = 1e3 * (tt_sandbox_clock() - t0);
	return kind;
}

tt_reload_kind tt_runtime_reload(tt_runtime *rt)
{
	return timed(rt, 0);
}

tt_reload_kind tt_runtime_rebuild(tt_runtime *rt)
{
	return timed(rt, 1);
}

tt_reload_kind tt_runtime_poll(tt_runtime *rt)
{
	return tt_watch_changed(rt->watch) ? timed(rt, 0) : TT_RELOAD_NONE;
}

tt_reload_kind tt_runtime_last_reload(const tt_runtime *rt, double *ms)
{
	*ms = rt->last_ms;
	return rt->last_kind;
}
