/* Events in Lua: world:on(kind, fn) registers a handler, world:events()
 * lists the last step's events, and after every step (world:step, or the
 * scene runtime's) each event goes to the handlers of its kind, then to
 * the scene's callback of the same name (scene.nonfinite(event, world)).
 * Handlers run after the step, never inside it, so they may change
 * anything (destroy objects, the world too); the change takes effect at
 * the next step, and the events it causes are reported after that step.
 * world:step on the world from a handler is an error (bind_lock.c). */
#include <string.h>

#include "bind.h"

#define HANDLERS "taut.handlers"

static int check_kind(lua_State *L, int arg)
{
	const char *name = luaL_checkstring(L, arg);
	luaL_Buffer b;
	luaL_buffinit(L, &b);
	for (int k = 0; k < TT_EVENT_KIND_COUNT; k++) {
		if (strcmp(name, tt_event_kind_name((tt_event_kind)k)) == 0)
			return k;
		luaL_addstring(&b, k ? ", " : "");
		luaL_addstring(&b, tt_event_kind_name((tt_event_kind)k));
	}
	luaL_pushresult(&b);
	return luaL_argerror(L, arg, lua_pushfstring(L, "unknown event '%s' "
					     "(expected %s)", name, lua_tostring(L, -1)));
}

/* Push handlers[world at idx], creating it. */
static void push_world_handlers(lua_State *L, int idx)
{
	tt_bind_push_world_table(L, idx, HANDLERS, 1);
}

/* world:on(kind, fn) */
int tt_bind_world_on(lua_State *L)
{
	tt_bind_check_world(L, 1);
	const char *kind = tt_event_kind_name((tt_event_kind)check_kind(L, 2));
	luaL_checktype(L, 3, LUA_TFUNCTION);
	push_world_handlers(L, 1);
	if (lua_getfield(L, -1, kind) == LUA_TNIL) {
		lua_pop(L, 1);
		lua_newtable(L);
		lua_pushvalue(L, -1);
		lua_setfield(L, -3, kind);
	}
	lua_pushvalue(L, 3);
	lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
	return 0;
}

static void set_vec(lua_State *L, const char *key, tt_vec3 v, int is_3d)
{
	tt_bind_push_vec(L, v, is_3d);
	lua_setfield(L, -2, key);
}

/* The second particle, the ropes and the cause a cut or cull reports. */
static void push_cut_fields(lua_State *L, const tt_event *e)
{
	if (e->other.index1) {
		tt_bind_push_particle(L, e->other);
		lua_setfield(L, -2, "other");
	}
	if (e->rope.index1) {
		tt_bind_push_rope(L, e->rope);
		lua_setfield(L, -2, "rope");
	}
	if (e->other_rope.index1) {
		tt_bind_push_rope(L, e->other_rope);
		lua_setfield(L, -2, "other_rope");
	}
	if (e->kind == TT_EVENT_CUT) {
		lua_pushstring(L, tt_cut_cause_name((tt_cut_cause)e->cause));
		lua_setfield(L, -2, "cause");
	}
}

void tt_bind_push_event(lua_State *L, const tt_event *e, int is_3d)
{
	lua_createtable(L, 0, 6);
	lua_pushstring(L, tt_event_kind_name(e->kind));
	lua_setfield(L, -2, "kind");
	if (e->particle.index1) {
		tt_bind_push_particle(L, e->particle);
		lua_setfield(L, -2, "particle");
	}
	if (e->spring.index1) {
		tt_bind_push_spring(L, e->spring);
		lua_setfield(L, -2, "spring");
	}
	if (e->collider.index1) {
		tt_bind_push_collider(L, e->collider);
		lua_setfield(L, -2, "collider");
	}
	push_cut_fields(L, e);
	set_vec(L, "point", e->point, is_3d);
	set_vec(L, "normal", e->normal, is_3d);
	lua_pushnumber(L, e->value);
	lua_setfield(L, -2, "value");
}

/* world:events(): the last step's events as an array of tables. */
int tt_bind_world_events(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	int count;
	const tt_event *events = tt_world_events(id, &count);
	int is_3d = tt_world_get_def(id).is_3d;
	lua_createtable(L, count, 0);
	for (int i = 0; i < count; i++) {
		tt_bind_push_event(L, &events[i], is_3d);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* Call every function of the array at -1 (or scene[kind] when a table
 * is given) with (event, world); pops the array. */
static void call_each(lua_State *L, int event, int world)
{
	int n = lua_istable(L, -1) ? (int)lua_rawlen(L, -1) : 0;
	for (int i = 1; i <= n; i++) {
		lua_rawgeti(L, -1, i);
		lua_pushvalue(L, event);
		lua_pushvalue(L, world);
		lua_call(L, 2, 0);
	}
	lua_pop(L, 1);
}

/* Event i (still in the buffer: handlers may have destroyed the world)
 * to the handlers of its kind, then to scene[kind]. */
static void dispatch_one(lua_State *L, tt_world_id id, int i, int world,
			 int scene)
{
	int count;
	const tt_event *events = tt_world_events(id, &count);
	if (i >= count)
		return;
	const tt_event *e = &events[i];
	const char *kind = tt_event_kind_name(e->kind);
	tt_bind_push_event(L, e, tt_world_get_def(id).is_3d);
	lua_pushfstring(L, "a '%s' handler", kind);
	tt_bind_world_doing(L, world, lua_tostring(L, -1));
	lua_pop(L, 1);
	push_world_handlers(L, world);
	lua_getfield(L, -1, kind);
	call_each(L, lua_gettop(L) - 2, world);
	lua_pop(L, 1);
	if (scene && lua_getfield(L, scene, kind) == LUA_TFUNCTION) {
		lua_pushfstring(L, "scene.%s", kind);
		tt_bind_world_doing(L, world, lua_tostring(L, -1));
		lua_pop(L, 1);
		lua_pushvalue(L, -2);
		lua_pushvalue(L, world);
		lua_call(L, 2, 0);
	} else if (scene) {
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
}

/* The step's events only: what the handlers cause (a cut) is kept for
 * the next step's report, so it is delivered once, after this dispatch,
 * and a handler that cuts on every cut cannot keep the step from
 * returning. */
void tt_bind_world_dispatch(lua_State *L, int world, int scene)
{
	world = lua_absindex(L, world);
	scene = scene ? lua_absindex(L, scene) : 0;
	tt_world_id id = tt_bind_check_world(L, world);
	int count;
	tt_world_events(id, &count);
	int top = lua_gettop(L);
	tt_bind_world_lock(L, world, "an event handler");
	for (int i = 0, n = count; i < n && tt_world_valid(id); i++)
		dispatch_one(L, id, i, world, scene);
	lua_settop(L, top);  /* closes the lock */
}
