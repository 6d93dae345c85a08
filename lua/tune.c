/* Tuning: the scene's tune values as panel items, values set from the
 * panel or --set, and Ctrl+S.
 *
 * A value set by hand is an override: it is applied through the same path
 * as a saved edit of the file (tune[name] = v, then scene.tuned), and kept
 * over rebuilds until the file's own value for that name changes (then the
 * file is newer) or Ctrl+S writes it into the file (scripts/tunefile.lua
 * rewrites just the literal; every other byte stays). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "runtime_internal.h"

static tt_override *find(tt_runtime *rt, const char *name)
{
	for (int i = 0; i < rt->override_count; i++)
		if (strcmp(rt->overrides[i].name, name) == 0)
			return &rt->overrides[i];
	return NULL;
}

static void push_value(lua_State *L, const tt_override *o)
{
	if (o->is_bool)
		lua_pushboolean(L, o->value != 0.0);
	else
		lua_pushnumber(L, o->value);
}

void tt_tune_apply_overrides(tt_runtime *rt, lua_State *L)
{
	for (int i = 0; i < rt->override_count; i++) {
		tt_override *o = &rt->overrides[i];
		int type = lua_getfield(L, -1, o->name);
		lua_pop(L, 1);
		if (type == LUA_TNIL)
			continue;
		o->is_bool = type == LUA_TBOOLEAN;
		push_value(L, o);
		lua_setfield(L, -2, o->name);
	}
}

static void forget(tt_runtime *rt, const char *name)
{
	tt_override *o = find(rt, name);
	if (o)
		*o = rt->overrides[--rt->override_count];
}

void tt_tune_forget(tt_runtime *rt, lua_State *L, int names)
{
	names = lua_absindex(L, names);
	for (lua_Integer i = 1; lua_rawgeti(L, names, i) == LUA_TSTRING; i++) {
		forget(rt, lua_tostring(L, -1));
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
}

/* min and max of a slider: from {value, min, max}, else around the value. */
static void range(lua_State *L, tt_panel_item *item)
{
	double v = item->value;
	item->min = v > 0 ? 0 : v < 0 ? 2 * v : 0;
	item->max = v > 0 ? 2 * v : v < 0 ? 0 : 1;
	if (!lua_istable(L, -1))
		return;
	lua_rawgeti(L, -1, 2);
	lua_rawgeti(L, -2, 3);
	if (lua_isnumber(L, -2) && lua_isnumber(L, -1) &&
	    lua_tonumber(L, -2) < lua_tonumber(L, -1)) {
		item->min = lua_tonumber(L, -2);
		item->max = lua_tonumber(L, -1);
	}
	lua_pop(L, 2);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);  /* entries start with their name */
}

/* One entry from the key and value at -2, -1; scene.tune at spec. */
static void add_entry(tt_runtime *rt, lua_State *L, int spec)
{
	struct tt_tune_entry *e = &rt->entries[rt->item_count++];
	snprintf(e->name, sizeof e->name, "%s", lua_tostring(L, -2));
	e->item.is_bool = lua_isboolean(L, -1);
	e->item.value = e->item.is_bool ? lua_toboolean(L, -1)
					: lua_tonumber(L, -1);
	lua_pushvalue(L, -2);
	lua_gettable(L, spec);
	range(L, &e->item);
	lua_pop(L, 1);
}

void tt_tune_refresh(tt_runtime *rt)
{
	scene *s = rt->now;
	lua_State *L = s->sb.L;
	rt->item_count = 0;
	tt_runtime_push_ref(s, s->table);
	lua_getfield(L, -1, "tune");
	tt_runtime_push_ref(s, s->tune);
	for (lua_pushnil(L); lua_next(L, -2) && rt->item_count < TT_TUNE_MAX;
	     lua_pop(L, 1))
		add_entry(rt, L, lua_absindex(L, -4));
	lua_pop(L, 3);
	qsort(rt->entries, (size_t)rt->item_count, sizeof *rt->entries, by_name);
	for (int i = 0; i < rt->item_count; i++) {
		rt->items[i] = rt->entries[i].item;
		rt->items[i].name = rt->entries[i].name;
	}
}

void tt_tune_call(tt_runtime *rt, scene *s)
{
	lua_State *L = s->sb.L;
	if (!tt_runtime_push_callback(s, "tuned")) {
		if (!rt->said_no_tuned)
			printf("taut: the scene has no tuned(world, tune, changed): "
			       "new tune values apply at the next rebuild (R)\n");
		rt->said_no_tuned = 1;
		lua_pop(L, 1);
		return;
	}
	lua_insert(L, -2);
	tt_runtime_push_ref(s, s->world);
	lua_insert(L, -2);
	tt_runtime_push_ref(s, s->tune);
	lua_insert(L, -2);
	if (!tt_runtime_run(rt, s, "scene.tuned failed: ", 3, 0))
		rt->halted = 1;
}

const tt_panel_item *tt_runtime_tune_items(const tt_runtime *rt, int *count)
{
	*count = rt->now ? rt->item_count : 0;
	return rt->items;
}

/* Record name = value as an override. */
static int remember(tt_runtime *rt, const char *name, double value)
{
	tt_override *o = find(rt, name);
	if (!o && rt->override_count == TT_TUNE_MAX)
		return 0;
	if (!o)
		o = &rt->overrides[rt->override_count++];
	snprintf(o->name, sizeof o->name, "%s", name);
	o->value = value;
	o->unsaved = rt->now != NULL;  /* not a --set before the load */
	return 1;
}

int tt_runtime_tune_set(tt_runtime *rt, const char *name, double value,
			char *err, size_t err_size)
{
	scene *s = rt->now;
	if (!s)
		return remember(rt, name, value);
	lua_State *L = s->sb.L;
	tt_runtime_push_ref(s, s->tune);
	int type = lua_getfield(L, -1, name);
	lua_pop(L, 2);
	if (type == LUA_TNIL || !remember(rt, name, value))
		return snprintf(err, err_size, "the scene has no tune value '%s'",
				name), 0;
	tt_runtime_push_ref(s, s->tune);
	tt_tune_apply_overrides(rt, L);
	lua_pop(L, 1);
	tt_tune_refresh(rt);
	lua_createtable(L, 1, 0);
	lua_pushstring(L, name);
	lua_rawseti(L, -2, 1);
	tt_tune_call(rt, s);
	return 1;
}

int tt_runtime_tune_unsaved(const tt_runtime *rt)
{
	int n = 0;
	for (int i = 0; i < rt->override_count; i++)
		n += rt->overrides[i].unsaved;
	return n;
}

int tt_runtime_tune_save(tt_runtime *rt, char *err, size_t err_size)
{
	scene *s = rt->now;
	if (!s || rt->override_count == 0)
		return 1;
	lua_State *L = s->sb.L;
	tt_runtime_push_reload(s, "save");
	lua_pushstring(L, rt->path);
	tt_runtime_push_ref(s, s->tune);
	tt_tune_apply_overrides(rt, L);
	lua_newtable(L);
	for (int i = 0; i < rt->override_count; i++) {
		lua_getfield(L, -2, rt->overrides[i].name);
		lua_setfield(L, -2, rt->overrides[i].name);
	}
	lua_remove(L, -2);
	if (!tt_runtime_run(rt, s, "Ctrl+S failed: ", 2, 2))
		return snprintf(err, err_size, "%s", rt->error), 0;
	int ok = lua_toboolean(L, -2);
	if (!ok)
		snprintf(err, err_size, "cannot save the tuned values: %s",
			 lua_tostring(L, -1));
	else
		rt->override_count = 0;
	lua_pop(L, 2);
	return ok;
}
