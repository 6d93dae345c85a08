/* The scene runtime: loads a scene file into its own sandbox with a world,
 * and calls its callbacks. Hot reload is in reload.c, tuning in tune.c;
 * the reading of the file itself is scripts/reload.lua (reload.open).
 *
 * A reload builds the new scene completely in a fresh state before it
 * replaces the old one, so a file that fails to load leaves the last good
 * scene in place. A callback that raises halts the scene (the world stays
 * as it was) and keeps the message with its traceback for the overlay;
 * the next good load recovers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "bind.h"
#include "draw.h"
#include "runtime.h"
#include "runtime_internal.h"

tt_runtime *tt_runtime_create(const char *scene_path, const char *root)
{
	tt_runtime *rt = calloc(1, sizeof *rt);
	if (!rt)
		return NULL;
	snprintf(rt->path, sizeof rt->path, "%s", scene_path);
	snprintf(rt->root, sizeof rt->root, "%s", root);
	snprintf(rt->dir, sizeof rt->dir, "%s", scene_path);
	char *slash = strrchr(rt->dir, '/');
	if (slash)
		*slash = '\0';
	else
		strcpy(rt->dir, ".");
	rt->watch = tt_watch_create();
	if (!rt->watch)
		return free(rt), NULL;
	const char *files[] = {rt->path};
	tt_watch_set(rt->watch, files, 1);
	return rt;
}

static void close_scene(scene *s)
{
	if (s)
		tt_sandbox_close(&s->sb);
	free(s);
}

void tt_runtime_set_safe(tt_runtime *rt, int safe)
{
	rt->safe = safe;
}

void tt_runtime_set_budget(tt_runtime *rt, double seconds)
{
	rt->budget = seconds;
}

void tt_runtime_destroy(tt_runtime *rt)
{
	if (!rt)
		return;
	close_scene(rt->now);
	tt_watch_destroy(rt->watch);
	free(rt);
}

void tt_runtime_set_error(tt_runtime *rt, const char *what, const char *msg)
{
	snprintf(rt->error, sizeof rt->error, "%s%s", what, msg);
}

int tt_runtime_run(tt_runtime *rt, scene *s, const char *what, int nargs,
	       int nresults)
{
	if (tt_sandbox_call(&s->sb, nargs, nresults) == LUA_OK)
		return 1;
	tt_runtime_set_error(rt, what, lua_tostring(s->sb.L, -1));
	lua_pop(s->sb.L, 1);
	return 0;
}

int tt_runtime_push_callback(scene *s, const char *name)
{
	lua_State *L = s->sb.L;
	lua_rawgeti(L, LUA_REGISTRYINDEX, s->table);
	int type = lua_getfield(L, -1, name);
	lua_remove(L, -2);
	if (type == LUA_TFUNCTION)
		return 1;
	lua_pop(L, 1);
	return 0;
}

static int take_ref(lua_State *L)
{
	return luaL_ref(L, LUA_REGISTRYINDEX);
}

void tt_runtime_push_ref(scene *s, int ref)
{
	lua_rawgeti(s->sb.L, LUA_REGISTRYINDEX, ref);
}

void tt_runtime_push_reload(scene *s, const char *name)
{
	tt_runtime_push_ref(s, s->reload);
	lua_getfield(s->sb.L, -1, name);
	lua_remove(s->sb.L, -2);
}

/* require "reload" before the scene can touch require. */
static int open_reload(tt_runtime *rt, scene *s)
{
	lua_getglobal(s->sb.L, "require");
	lua_pushliteral(s->sb.L, "reload");
	if (!tt_runtime_run(rt, s, "", 1, 1))
		return 0;
	s->reload = take_ref(s->sb.L);
	return 1;
}

/* reload.open(path): the scene table, tune values (with the overrides
 * over them) and what a later reload compares against. */
static int run_file(tt_runtime *rt, scene *s)
{
	lua_State *L = s->sb.L;
	tt_runtime_push_reload(s, "open");
	lua_pushstring(L, rt->path);
	if (!tt_runtime_run(rt, s, "", 1, 3))
		return 0;
	s->info = take_ref(L);
	tt_tune_apply_overrides(rt, L);
	s->tune = take_ref(L);
	lua_getfield(L, -1, "title");
	snprintf(s->title, sizeof s->title, "%.*s", (int)sizeof s->title - 1,
		 lua_isstring(L, -1) ? lua_tostring(L, -1) : rt->path);
	lua_pop(L, 1);
	s->table = take_ref(L);
	return 1;
}

static int make_world(tt_runtime *rt, scene *s)
{
	lua_State *L = s->sb.L;
	lua_pushcfunction(L, tt_bind_world_create);
	if (!tt_runtime_run(rt, s, "", 0, 1))
		return 0;
	s->world_id = tt_bind_check_world(L, -1);
	s->world = take_ref(L);
	tt_bind_push_graphics(L, NULL);
	s->graphics = take_ref(L);
	return 1;
}

static int build(tt_runtime *rt, scene *s)
{
	if (!tt_sandbox_open(&s->sb, rt->root, rt->dir)) {
		tt_runtime_set_error(rt, "", "out of memory opening Lua");
		return 0;
	}
	if (rt->budget > 0.0)
		s->sb.budget = rt->budget;
	if (!open_reload(rt, s))
		return 0;
	if (rt->safe && !tt_safe_apply(&s->sb, rt->root, rt->dir)) {
		tt_runtime_set_error(rt, rt->dir, ": folder not found (--safe)");
		return 0;
	}
	if (!run_file(rt, s) || !make_world(rt, s))
		return 0;
	if (!tt_runtime_push_callback(s, "load"))
		return 1;
	tt_runtime_push_ref(s, s->world);
	tt_runtime_push_ref(s, s->tune);
	return tt_runtime_run(rt, s, "scene.load failed: ", 2, 0);
}

int tt_runtime_load(tt_runtime *rt)
{
	scene *next = calloc(1, sizeof *next);
	if (!next || !build(rt, next)) {
		if (!next)
			tt_runtime_set_error(rt, "", "out of memory");
		close_scene(next);
		return 0;
	}
	close_scene(rt->now);
	rt->now = next;
	rt->halted = 0;
	rt->error[0] = '\0';
	tt_tune_refresh(rt);
	tt_reload_watch(rt);
	return 1;
}

static int dispatch(lua_State *L)
{
	tt_bind_world_dispatch(L, 1, 2);
	return 0;
}

/* The step's events go to world:on handlers and scene callbacks. */
static int deliver_events(tt_runtime *rt, scene *s)
{
	int count;
	tt_world_events(s->world_id, &count);
	if (count == 0)
		return 1;
	lua_pushcfunction(s->sb.L, dispatch);
	tt_runtime_push_ref(s, s->world);
	tt_runtime_push_ref(s, s->table);
	if (!tt_runtime_run(rt, s, "an event handler failed: ", 2, 0))
		return !(rt->halted = 1);
	return 1;
}

static int fill_winds(lua_State *L)
{
	tt_bind_wind_fill(L, 1);
	return 0;
}

/* The core's step, under the scene's time budget (a huge world at 1000
 * substeps must not hang the window); a refusal halts the scene. */
static int step_world(tt_runtime *rt, scene *s)
{
	double saved = tt_sandbox_begin(&s->sb);
	tt_status status = tt_world_step(s->world_id);
	tt_sandbox_end(saved);
	if (status == TT_OK || status == TT_ERR_WORLD_STALE)
		return 1;
	char msg[256];
	if (status == TT_ERR_INTERRUPTED)
		snprintf(msg, sizeof msg, "the step ran for more than %g s (too many "
			 "substeps, iterations or springs?)", s->sb.seconds);
	else
		snprintf(msg, sizeof msg, "%s", tt_status_message(status));
	tt_runtime_set_error(rt, "the world's step failed: ", msg);
	return 0;
}

int tt_runtime_step(tt_runtime *rt)
{
	scene *s = rt->now;
	if (!rt->now || rt->halted)
		return 0;
	if (tt_runtime_push_callback(s, "update")) {
		tt_runtime_push_ref(s, s->world);
		lua_pushnumber(s->sb.L, tt_world_get_def(s->world_id).time_step);
		tt_runtime_push_ref(s, s->tune);
		if (!tt_runtime_run(rt, s, "scene.update failed: ", 3, 0))
			return !(rt->halted = 1);
	}
	lua_pushcfunction(s->sb.L, fill_winds);
	tt_runtime_push_ref(s, s->world);
	if (!tt_runtime_run(rt, s, "a wind function failed: ", 1, 0))
		return !(rt->halted = 1);
	if (!step_world(rt, s))
		return !(rt->halted = 1);
	return deliver_events(rt, s);
}

void tt_runtime_draw(tt_runtime *rt, tt_drawlist *list)
{
	scene *s = rt->now;
	tt_drawlist_clear(list);
	if (!rt->now || rt->halted || !tt_runtime_push_callback(s, "draw"))
		return;
	tt_runtime_push_ref(s, s->graphics);
	tt_bind_set_graphics_list(s->sb.L, -1, list);
	if (!tt_runtime_run(rt, s, "scene.draw failed: ", 1, 0))
		rt->halted = 1;
	tt_runtime_push_ref(s, s->graphics);
	tt_bind_set_graphics_list(s->sb.L, -1, NULL);
	lua_pop(s->sb.L, 1);
}

/* Push the callback's arguments for an input; returns their count. */
static int push_input(lua_State *L, const tt_input *in)
{
	switch (in->kind) {
	case TT_INPUT_KEY_DOWN:
	case TT_INPUT_KEY_UP:
		lua_pushstring(L, in->key);
		return 1;
	case TT_INPUT_MOUSE_MOVE:
		lua_pushnumber(L, in->world.x);
		lua_pushnumber(L, in->world.y);
		return 2;
	default:
		lua_pushnumber(L, in->world.x);
		lua_pushnumber(L, in->world.y);
		lua_pushinteger(L, in->button);
		return 3;
	}
}

int tt_runtime_input(tt_runtime *rt, const tt_input *in)
{
	static const char *const names[] = {
		[TT_INPUT_KEY_DOWN] = "keypressed",
		[TT_INPUT_KEY_UP] = "keyreleased",
		[TT_INPUT_MOUSE_DOWN] = "mousepressed",
		[TT_INPUT_MOUSE_UP] = "mousereleased",
		[TT_INPUT_MOUSE_MOVE] = "mousemoved",
	};
	scene *s = rt->now;
	if (in->kind == TT_INPUT_QUIT || !rt->now || rt->halted ||
	    !tt_runtime_push_callback(s, names[in->kind]))
		return 0;
	char what[64];
	snprintf(what, sizeof what, "scene.%s failed: ", names[in->kind]);
	if (!tt_runtime_run(rt, s, what, push_input(s->sb.L, in), 1)) {
		rt->halted = 1;
		return 0;
	}
	int consumed = lua_toboolean(s->sb.L, -1);
	lua_pop(s->sb.L, 1);
	return consumed;
}

const char *tt_runtime_error(const tt_runtime *rt)
{
	return rt->error[0] ? rt->error : NULL;
}

tt_world_id tt_runtime_world(const tt_runtime *rt)
{
	return rt->now ? rt->now->world_id : (tt_world_id){0};
}

const char *tt_runtime_title(const tt_runtime *rt)
{
	return rt->now ? rt->now->title : rt->path;
}

/* Corner i of scene.view into out; 0 when it is not a vector. */
static int view_corner(lua_State *L, int i, tt_vec3 *out)
{
	lua_rawgeti(L, -1, i);
	int ok = lua_istable(L, -1);
	if (ok) {
		lua_rawgeti(L, -1, 1);
		lua_rawgeti(L, -2, 2);
		*out = (tt_vec3){(float)lua_tonumber(L, -2),
				 (float)lua_tonumber(L, -1), 0.0f};
		ok = lua_isnumber(L, -2) && lua_isnumber(L, -1);
		lua_pop(L, 2);
	}
	lua_pop(L, 1);
	return ok;
}

int tt_runtime_view(const tt_runtime *rt, tt_vec3 *lo, tt_vec3 *hi)
{
	if (!rt->now)
		return 0;
	lua_State *L = rt->now->sb.L;
	lua_rawgeti(L, LUA_REGISTRYINDEX, rt->now->table);
	lua_getfield(L, -1, "view");
	int ok = lua_istable(L, -1) && view_corner(L, 1, lo) &&
		 view_corner(L, 2, hi);
	lua_pop(L, 2);
	return ok;
}

size_t tt_runtime_lua_bytes(const tt_runtime *rt)
{
	return rt->now ? rt->now->sb.bytes : 0;
}
