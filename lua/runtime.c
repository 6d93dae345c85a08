/* The scene runtime: loads a scene file into its own sandbox with a world,
 * and calls its callbacks. Hot reload is in reload.c, tuning in tune.c;
 * the reading of the file itself is scripts/reload.lua (reload.open).
 *
 * A reload builds the new scene completely in a fresh state before it
 * replaces the old one, so a file that fails to load leaves the last good
 * scene in place. A callback that raises halts the scene (the world stays
 * as it was) and keeps the message with its traceback for the overlay;
 * the next good load recovers. */
#include <stdarg.h>
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
	rt->says = stdout;
	snprintf(rt->path, sizeof rt->path, "%s", scene_path);
	snprintf(rt->root, sizeof rt->root, "%s", root);
	snprintf(rt->dir, sizeof rt->dir, "%s", scene_path);
	char *slash = strrchr(rt->dir, '/');
	if (slash)
		*slash = '\0';
	else
		strcpy(rt->dir, ".");
	rt->watch = tt_watch_create();
	rt->source = tt_source_create();
	if (!rt->watch || !rt->source) {
		tt_watch_destroy(rt->watch);
		tt_source_destroy(rt->source);
		return free(rt), NULL;
	}
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

void tt_runtime_say_on(tt_runtime *rt, FILE *f)
{
	rt->says = f;
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
	tt_source_destroy(rt->source);
	free(rt);
}

void tt_runtime_set_error(tt_runtime *rt, const char *what, const char *msg)
{
	snprintf(rt->error, sizeof rt->error, "%s%s", what, msg);
}

#define NOTICE_COLUMNS 76  /* the HUD's width beside the panel */
#define NOTICE_SECONDS 10.0 /* how long the HUD shows a note */

/* Append text to the notice, broken at spaces into lines that fit. */
static void add_notice(tt_runtime *rt, const char *text)
{
	size_t used = strlen(rt->notice);
	while (*text && used + 2 < sizeof rt->notice) {
		size_t n = strlen(text);
		if (n > NOTICE_COLUMNS) {
			n = NOTICE_COLUMNS;
			while (n > 20 && text[n] != ' ')
				n--;
		}
		used += (size_t)snprintf(rt->notice + used, sizeof rt->notice - used,
					 "%s%.*s", used ? "\n" : "", (int)n, text);
		text += n + (text[n] == ' ');
	}
}

void tt_runtime_note(tt_runtime *rt, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	fprintf(rt->says, "taut: %s\n", line);
	fflush(rt->says);
	add_notice(rt, line);
	rt->notice_at = tt_sandbox_clock();
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

/* reload.source(path): the text of a project file, as the runtime holds
 * it (source.c); nil when there is no such file. */
static int read_source(lua_State *L)
{
	tt_runtime *rt = lua_touserdata(L, lua_upvalueindex(1));
	const char *path = luaL_checkstring(L, 1);
	if (tt_sandbox_is_safe(L) && !tt_safe_may_read(L, path))
		return 0;  /* --safe: a file outside the folder is no file */
	size_t len;
	const char *text = tt_source_get(rt->source, path, &len);
	if (!text)
		return 0;
	lua_pushlstring(L, text, len);
	return 1;
}

/* require "reload" before the scene can touch require. */
static int open_reload(tt_runtime *rt, scene *s)
{
	lua_State *L = s->sb.L;
	lua_getglobal(L, "require");
	lua_pushliteral(L, "reload");
	if (!tt_runtime_run(rt, s, "", 1, 1))
		return 0;
	lua_pushlightuserdata(L, rt);
	lua_pushcclosure(L, read_source, 1);
	lua_setfield(L, -2, "source");
	s->reload = take_ref(L);
	return 1;
}

/* reload.open(path): the scene table, tune values (with the values given
 * before the load and the overrides over them) and what a later reload
 * compares against. */
static int run_file(tt_runtime *rt, scene *s)
{
	lua_State *L = s->sb.L;
	tt_runtime_push_reload(s, "open");
	lua_pushstring(L, rt->path);
	if (!tt_runtime_run(rt, s, "", 1, 3))
		return 0;
	s->info = take_ref(L);
	if (!tt_tune_apply_assigns(rt, L))
		return 0;
	tt_tune_apply_overrides(rt, L);
	s->tune = take_ref(L);
	lua_getfield(L, -1, "title");
	snprintf(s->title, sizeof s->title, "%.*s", (int)sizeof s->title - 1,
		 lua_isstring(L, -1) ? lua_tostring(L, -1) : rt->path);
	lua_pop(L, 1);
	s->table = take_ref(L);
	return 1;
}

/* The world, made from scene.world = {is_3d = true, ...} (taut.world's
 * options) when the scene gives them. */
static int make_world(tt_runtime *rt, scene *s)
{
	lua_State *L = s->sb.L;
	lua_pushcfunction(L, tt_bind_world_create);
	lua_rawgeti(L, LUA_REGISTRYINDEX, s->table);
	int nargs = lua_getfield(L, -1, "world") == LUA_TTABLE;
	lua_remove(L, -2);
	if (!nargs)
		lua_pop(L, 1);
	if (!tt_runtime_run(rt, s, nargs ? "scene.world: " : "", nargs, 1))
		return 0;
	s->world_id = tt_bind_check_world(L, -1);
	s->world = take_ref(L);
	tt_bind_push_graphics(L, NULL);
	s->graphics = take_ref(L);
	return 1;
}

static int build(tt_runtime *rt, scene *s)
{
	rt->usage_error = 0;
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
		tt_reload_watch(rt);  /* a module that failed is watched too */
		return 0;
	}
	close_scene(rt->now);
	rt->now = next;
	rt->halted = 0;
	rt->error[0] = '\0';
	tt_source_clear_changed(rt->source);
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

const char *tt_runtime_path(const tt_runtime *rt)
{
	return rt->path;
}

const char *tt_runtime_title(const tt_runtime *rt)
{
	return rt->now ? rt->now->title : rt->path;
}

/* The vector on top of the stack ({x, y} or {x, y, z}) into out, popped;
 * 0 when it is not one. */
static int pop_point(lua_State *L, tt_vec3 *out)
{
	int ok = lua_istable(L, -1);
	if (ok) {
		lua_rawgeti(L, -1, 1);
		lua_rawgeti(L, -2, 2);
		lua_rawgeti(L, -3, 3);
		*out = (tt_vec3){(float)lua_tonumber(L, -3),
				 (float)lua_tonumber(L, -2),
				 (float)lua_tonumber(L, -1)};
		ok = lua_isnumber(L, -3) && lua_isnumber(L, -2);
		lua_pop(L, 3);
	}
	lua_pop(L, 1);
	return ok;
}

/* Push scene.view; 0 (nothing pushed) when the scene has none. */
static int push_view(const tt_runtime *rt)
{
	if (!rt->now)
		return 0;
	lua_State *L = rt->now->sb.L;
	lua_rawgeti(L, LUA_REGISTRYINDEX, rt->now->table);
	lua_getfield(L, -1, "view");
	lua_remove(L, -2);
	if (lua_istable(L, -1))
		return 1;
	lua_pop(L, 1);
	return 0;
}

int tt_runtime_view(const tt_runtime *rt, tt_vec3 *lo, tt_vec3 *hi)
{
	if (!push_view(rt))
		return 0;
	lua_State *L = rt->now->sb.L;
	lua_rawgeti(L, -1, 1);
	int ok = pop_point(L, lo);
	lua_rawgeti(L, -1, 2);
	ok = pop_point(L, hi) && ok;
	lua_pop(L, 1);
	return ok;
}

int tt_runtime_view_eye(const tt_runtime *rt, tt_vec3 *eye, tt_vec3 *target)
{
	if (!push_view(rt))
		return 0;
	lua_State *L = rt->now->sb.L;
	lua_getfield(L, -1, "eye");
	int ok = pop_point(L, eye);
	lua_getfield(L, -1, "target");
	ok = pop_point(L, target) && ok;
	lua_pop(L, 1);
	return ok;
}

size_t tt_runtime_lua_bytes(tt_runtime *rt)
{
	if (!rt->now)
		return 0;
	lua_gc(rt->now->sb.L, LUA_GCCOLLECT);  /* what is held, not garbage */
	return rt->now->sb.bytes;
}

const char *tt_runtime_reload_reason(const tt_runtime *rt)
{
	return rt->reason;
}

const char *tt_runtime_notice(const tt_runtime *rt)
{
	return tt_sandbox_clock() - rt->notice_at < NOTICE_SECONDS ? rt->notice : "";
}

void tt_runtime_on_file(tt_runtime *rt, tt_runtime_file_note *note, void *ud)
{
	tt_source_on_note(rt->source, note, ud);
}

/* A replay that ends goes on from the recorded texts: saves made while it
 * ran are not replayed at once; the next save is read. */
void tt_runtime_set_replaying(tt_runtime *rt, int on)
{
	rt->replaying = on;
	tt_source_set_replaying(rt->source, on);
	if (!on)
		tt_watch_forget(rt->watch);
}

int tt_runtime_put_file(tt_runtime *rt, const char *path, const char *text,
			size_t len)
{
	return tt_source_put(rt->source, path, text, len);
}
