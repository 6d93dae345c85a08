/* Tuning: the scene's tune values as panel items, values set from the
 * panel, --set, a sidecar or a recording, and Ctrl+S.
 *
 * A value set by hand is an override: it is applied through the same path
 * as a saved edit of the file (tune[name] = v, then scene.tuned), and kept
 * over rebuilds until the file's own value for that name changes (then the
 * file is newer) or Ctrl+S writes it into the file (scripts/tunefile.lua
 * rewrites just the literal; every other byte stays). Each override keeps
 * the file value it was set over, so a sidecar can tell at the next start
 * whether the file changed since (then the file wins). A value keeps the
 * type of the file's: an integer stays an integer while it is whole.
 *
 * Values given before the load (--set, a sidecar, a recording's start)
 * wait as text until the file has run: then they are read as Lua reads
 * them and checked against the tune table, before load sees them. A --set
 * outside a declared {value, min, max} range is refused, not clamped: a
 * run never uses a value other than the one asked for. */
#include <math.h>
#include <stdarg.h>
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

static tt_tune_value value_at(lua_State *L, int idx)
{
	if (lua_isboolean(L, idx))
		return (tt_tune_value){lua_toboolean(L, idx), 'b'};
	return (tt_tune_value){lua_tonumber(L, idx),
			       lua_isinteger(L, idx) ? 'i' : 'f'};
}

static void push_value(lua_State *L, tt_tune_value v)
{
	if (v.type == 'b')
		lua_pushboolean(L, v.number != 0.0);
	else if (v.type == 'i')
		lua_pushinteger(L, (lua_Integer)v.number);
	else
		lua_pushnumber(L, v.number);
}

static int same_value(tt_tune_value a, tt_tune_value b)
{
	return a.type == b.type && a.number == b.number;
}

/* v as text Lua reads back as exactly v: true/false, an integer, or a
 * float (hexadecimal when exact, else the shortest decimal, with a point
 * so it stays a float). */
static void format_value(tt_tune_value v, int exact, char *out, size_t size)
{
	if (v.type == 'b')
		snprintf(out, size, "%s", v.number != 0.0 ? "true" : "false");
	else if (v.type == 'i')
		snprintf(out, size, "%lld", (long long)v.number);
	else if (exact)
		snprintf(out, size, "%a", v.number);
	else if (v.number == floor(v.number) && fabs(v.number) < 0x1p53)
		snprintf(out, size, "%.0f.0", v.number);
	else {
		for (int digits = 1; digits <= 17; digits++) {
			snprintf(out, size, "%.*g", digits, v.number);
			if (strtod(out, NULL) == v.number)
				break;
		}
		if (!strpbrk(out, ".eni"))
			snprintf(out + strlen(out), size - strlen(out), ".0");
	}
}

void tt_tune_apply_overrides(tt_runtime *rt, lua_State *L)
{
	for (int i = 0; i < rt->override_count; i++) {
		tt_override *o = &rt->overrides[i];
		int type = lua_getfield(L, -1, o->name);
		lua_pop(L, 1);
		if (type == LUA_TNIL)
			continue;
		push_value(L, o->value);
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

/* Record name = value (set over the file's from) as an override. */
static int remember(tt_runtime *rt, const char *name, tt_tune_value value,
		    tt_tune_value from, int unsaved)
{
	tt_override *o = find(rt, name);
	if (!o && rt->override_count == TT_TUNE_MAX)
		return 0;
	if (!o) {
		o = &rt->overrides[rt->override_count++];
		snprintf(o->name, sizeof o->name, "%s", name);
		o->from = from;
		o->unsaved = 0;
	}
	o->value = value;
	o->unsaved |= unsaved;
	return 1;
}

/* ---- values given before the load ---------------------------------------- */

int tt_runtime_tune_give(tt_runtime *rt, tt_tune_origin origin,
			 const char *name, const char *value, const char *from,
			 const char *label)
{
	if (rt->assign_count == TT_TUNE_MAX)
		return 0;
	tt_assign *a = &rt->assigns[rt->assign_count++];
	a->origin = origin;
	snprintf(a->name, sizeof a->name, "%s", name);
	snprintf(a->value, sizeof a->value, "%s", value);
	snprintf(a->from, sizeof a->from, "%s", from ? from : "");
	if (label)
		snprintf(rt->kept_in, sizeof rt->kept_in, "%s", label);
	return 1;
}

int tt_runtime_usage_error(const tt_runtime *rt)
{
	return rt->usage_error;
}

/* text read as Lua reads it, as a value of the file's type (a whole
 * number for a float is a float); 0 when it is not one (a number for a
 * boolean, a word for a number, inf, nan). */
static int parse(lua_State *L, const char *text, char type, tt_tune_value *out)
{
	if (type == 'b') {
		int t = strcmp(text, "true") == 0, f = strcmp(text, "false") == 0;
		*out = (tt_tune_value){t, 'b'};
		return t || f;
	}
	if (!lua_stringtonumber(L, text))
		return 0;
	*out = value_at(L, -1);
	lua_pop(L, 1);
	if (type == 'f')
		out->type = 'f';  /* "3" for a float value is 3.0 */
	return isfinite(out->number);
}

/* The declared range of name in scene.tune (scene table at t): 1 and
 * lo, hi when it is {value, min, max}. */
static int declared_range(lua_State *L, int t, const char *name, double *lo,
			  double *hi)
{
	int pushed = 1, ok = 0;
	if (lua_getfield(L, t, "tune") == LUA_TTABLE) {
		pushed = lua_getfield(L, -1, name) == LUA_TTABLE ? 4 : 2;
		if (pushed == 4) {
			lua_rawgeti(L, -1, 2);
			lua_rawgeti(L, -2, 3);
			ok = lua_isnumber(L, -2) && lua_isnumber(L, -1);
			*lo = lua_tonumber(L, -2);
			*hi = lua_tonumber(L, -1);
		}
	}
	lua_pop(L, pushed);
	return ok && *lo < *hi;
}

/* A --set the scene cannot take: bad usage, the load fails. */
static int refuse(tt_runtime *rt, const tt_assign *a, const char *fmt, ...)
{
	char why[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	snprintf(rt->error, sizeof rt->error, "--set %s=%s: %s", a->name,
		 a->value, why);
	rt->usage_error = 1;
	return 0;
}

static int command(tt_runtime *rt, lua_State *L, const tt_assign *a,
		   tt_tune_value file, tt_tune_value *v)
{
	double lo, hi;
	if (!parse(L, a->value, file.type, v))
		return refuse(rt, a, "tune.%s takes %s, not '%s'", a->name,
			      file.type == 'b' ? "true or false" : "a number",
			      a->value);
	if (declared_range(L, lua_absindex(L, -2), a->name, &lo, &hi) &&
	    (v->number < lo || v->number > hi))
		return refuse(rt, a, "%s is outside tune.%s's range %g..%g "
			      "(widen it in the scene's tune table)", a->value,
			      a->name, lo, hi);
	return remember(rt, a->name, *v, file, 0);
}

/* A sidecar's value: applied while the file holds the value it was tuned
 * from, else the file (newer) wins; both are said. */
static void kept(tt_runtime *rt, lua_State *L, const tt_assign *a,
		 tt_tune_value file, int *applied)
{
	tt_tune_value v, from;
	char now[TT_NAME_SIZE];
	format_value(file, 0, now, sizeof now);
	if (!parse(L, a->value, file.type, &v) ||
	    !parse(L, a->from, file.type, &from))
		tt_runtime_note(rt, "%s: %s=%s does not fit tune.%s (%s): dropped",
				rt->kept_in, a->name, a->value, a->name, now);
	else if (!same_value(from, file))
		tt_runtime_note(rt, "%s: %s=%s was tuned from %s, the scene now "
				"says %s: the scene's value wins", rt->kept_in,
				a->name, a->value, a->from, now);
	else
		*applied += remember(rt, a->name, v, file, 1);
}

static int assign(tt_runtime *rt, lua_State *L, const tt_assign *a,
		  int *applied)
{
	tt_tune_value file, v;
	int type = lua_getfield(L, -1, a->name);
	file = value_at(L, -1);
	lua_pop(L, 1);
	if (type == LUA_TNIL && a->origin == TT_TUNE_COMMAND)
		return refuse(rt, a, "the scene has no tune value '%s'", a->name);
	if (type == LUA_TNIL && a->origin == TT_TUNE_KEPT) {
		tt_runtime_note(rt, "%s: the scene has no tune value '%s' any "
				"more: dropped", rt->kept_in, a->name);
		return 1;
	}
	if (a->origin == TT_TUNE_COMMAND)
		return command(rt, L, a, file, &v);
	if (a->origin == TT_TUNE_KEPT) {
		kept(rt, L, a, file, applied);
		return 1;
	}
	if (type == LUA_TNIL || !parse(L, a->value, file.type, &v))
		return snprintf(rt->error, sizeof rt->error, "the recording's "
				"tune value %s=%s does not fit the scene",
				a->name, a->value), 0;
	return remember(rt, a->name, v, file, 0);
}

int tt_tune_apply_assigns(tt_runtime *rt, lua_State *L)
{
	int applied = 0;
	for (int i = 0; i < rt->assign_count; i++)
		if (!assign(rt, L, &rt->assigns[i], &applied))
			return 0;
	if (applied)
		tt_runtime_note(rt, "applied %d tuned value%s kept in %s at the "
				"last quit (Ctrl+S writes them into the scene)",
				applied, applied == 1 ? "" : "s", rt->kept_in);
	rt->assign_count = 0;
	return 1;
}

/* ---- the panel ------------------------------------------------------------ */

/* min and max of a slider: from {value, min, max}, else 0 to twice the
 * file's value (spec at -1), widened to the value in force (a --set or a
 * sidecar's). Around the value in force, each drag moved the range it was
 * dragged in: the knob stayed in the middle and the value ran away. */
static void range(lua_State *L, tt_panel_item *item)
{
	double v = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : item->value;
	item->min = fmin(v > 0 ? 0 : v < 0 ? 2 * v : 0, item->value);
	item->max = fmax(v > 0 ? 2 * v : v < 0 ? 0 : 1, item->value);
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

/* The file's own value of name (reload.open's info.values); 0 when the
 * scene has none. */
static int file_value(scene *s, const char *name, tt_tune_value *out)
{
	lua_State *L = s->sb.L;
	tt_runtime_push_ref(s, s->info);
	lua_getfield(L, -1, "values");
	int type = lua_getfield(L, -1, name);
	*out = value_at(L, -1);
	lua_pop(L, 3);
	return type != LUA_TNIL;
}

int tt_runtime_tune_set(tt_runtime *rt, const char *name, double value,
			char *err, size_t err_size)
{
	scene *s = rt->now;
	tt_tune_value file;
	if (!s || !file_value(s, name, &file))
		return snprintf(err, err_size, "the scene has no tune value '%s'",
				name), 0;
	int whole = value == floor(value) && fabs(value) < 0x1p53;
	tt_tune_value v = {value, file.type == 'b' ? 'b'
				  : file.type == 'i' && whole ? 'i' : 'f'};
	if (v.type == 'b')
		v.number = value != 0.0;
	if (!remember(rt, name, v, file, 1))
		return snprintf(err, err_size, "more than %d tuned values",
				TT_TUNE_MAX), 0;
	lua_State *L = s->sb.L;
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

int tt_runtime_tune_override(const tt_runtime *rt, int i, int exact,
			     char name[64], char value[64], char from[64],
			     int *unsaved)
{
	if (i < 0 || i >= rt->override_count)
		return 0;
	const tt_override *o = &rt->overrides[i];
	snprintf(name, 64, "%s", o->name);
	format_value(o->value, exact, value, 64);
	format_value(o->from, exact, from, 64);
	*unsaved = o->unsaved;
	return 1;
}

int tt_runtime_tune_save(tt_runtime *rt, char *err, size_t err_size)
{
	scene *s = rt->now;
	if (!s || rt->override_count == 0)
		return 1;
	if (rt->replaying)  /* the recorded save comes as the file's new text */
		return rt->override_count = 0, 1;
	lua_State *L = s->sb.L;
	tt_runtime_push_reload(s, "save");
	lua_pushstring(L, rt->path);
	lua_newtable(L);
	for (int i = 0; i < rt->override_count; i++) {
		push_value(L, rt->overrides[i].value);
		lua_setfield(L, -2, rt->overrides[i].name);
	}
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
