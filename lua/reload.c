/* Hot reload (DESIGN.md §3): a save of the scene file, or of a project
 * module it required, is noticed by the watcher once it has settled, read
 * whole (source.c), and applied in the kind it needs. scripts/reload.lua,
 * run in the running scene's own state, compares the new text with the old
 * and applies what keeps the world (new tune values, new callbacks joined
 * to the running scene); a rebuild builds a whole new scene in a fresh
 * state first, so a file that fails leaves the last good scene running,
 * with the error kept for the overlay. Each reload says why it was of its
 * kind (the HUD shows it). */
#include <stdio.h>
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
	const char *files[64];
	int n = tt_source_paths(rt->source, files, 64);
	if (n == 0)
		files[n++] = rt->path;
	tt_watch_set(rt->watch, files, n);
}

static tt_reload_kind kind_of(const char *name)
{
	for (int k = TT_RELOAD_NONE; k <= TT_RELOAD_ERROR; k++)
		if (strcmp(name, tt_reload_kind_name(k)) == 0)
			return k;
	return TT_RELOAD_ERROR;
}

/* The swap's warnings (array at -1, popped) into the notice. */
static void warn(tt_runtime *rt, lua_State *L)
{
	for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; i++) {
		tt_runtime_note(rt, "swap: %s", lua_tostring(L, -1));
		lua_pop(L, 1);
	}
	lua_pop(L, 2);
}

/* reload.check left kind, changed names, the new info, the reason and the
 * warnings on the stack: apply what it did not (overrides, panel,
 * scene.tuned). */
static tt_reload_kind settle(tt_runtime *rt, scene *s)
{
	lua_State *L = s->sb.L;
	tt_reload_kind kind = kind_of(lua_tostring(L, -5));
	snprintf(rt->reason, sizeof rt->reason, "%s", lua_tostring(L, -2));
	warn(rt, L);
	lua_pop(L, 1);
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
	const char *module = tt_source_changed_other(rt->source, rt->path);
	if (module) {
		snprintf(rt->reason, sizeof rt->reason, "module %s changed", module);
		return tt_runtime_load(rt) ? TT_RELOAD_REBUILD : TT_RELOAD_ERROR;
	}
	tt_runtime_push_reload(s, "check");
	lua_pushstring(s->sb.L, rt->path);
	tt_runtime_push_ref(s, s->table);
	tt_runtime_push_ref(s, s->tune);
	tt_runtime_push_ref(s, s->info);
	if (!tt_runtime_run(rt, s, "", 4, 5))
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
	rt->notice[0] = '\0';
	snprintf(rt->reason, sizeof rt->reason, "%s",
		 rebuild ? "R pressed" : rt->now ? "" : "first load");
	if (rebuild || !rt->now)
		kind = tt_runtime_load(rt) ? TT_RELOAD_REBUILD : TT_RELOAD_ERROR;
	else
		kind = check(rt);
	tt_source_clear_changed(rt->source);
	rt->last_kind = kind;
	rt->last_ms = 1e3 * (tt_sandbox_clock() - t0);
	return kind;
}

/* Read what is on disk now (not while replaying) and reload. */
tt_reload_kind tt_runtime_reload(tt_runtime *rt)
{
	if (!rt->replaying && tt_source_stage(rt->source, rt->path))
		tt_source_commit(rt->source);
	return timed(rt, 0);
}

tt_reload_kind tt_runtime_rebuild(tt_runtime *rt)
{
	return timed(rt, 1);
}

/* A settled save is read whole; if a new one began while it was read, or
 * the scene file is gone (deleted, not yet written again) or empty (a
 * truncation whose event was not yet queued when the watch looked), wait
 * for it. */
tt_reload_kind tt_runtime_poll(tt_runtime *rt)
{
	if (rt->replaying || !tt_watch_changed(rt->watch))
		return TT_RELOAD_NONE;
	if (!tt_source_stage(rt->source, rt->path) ||
	    tt_watch_disturbed(rt->watch) ||
	    (tt_source_staged_empty(rt->source, rt->path) &&
	     tt_watch_fresh(rt->watch)))
		return TT_RELOAD_NONE;
	tt_source_commit(rt->source);
	return timed(rt, 0);
}

double tt_runtime_due(tt_runtime *rt)
{
	return rt->replaying ? -1.0 : tt_watch_due(rt->watch);
}

tt_reload_kind tt_runtime_last_reload(const tt_runtime *rt, double *ms)
{
	*ms = rt->last_ms;
	return rt->last_kind;
}
