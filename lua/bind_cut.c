/* Cuts in Lua (core/cut.c, core/cutter.c).
 *
 *   s:cut(t)                  sever spring s at t in [0, 1] from s.a
 *   r:cut(i, t)               sever segment i (1-based) of rope r; returns
 *                             the end part, a new rope (nil when
 *                             min_fragment culled it at once). r keeps the
 *                             start (spool) part and stays valid; the
 *                             segment's old spring handle reads "spring
 *                             was destroyed"; node particles stay valid
 *   w:cut(a, b)               sever what segment a-b crosses; returns count
 *   w:cut_near(p, radius)     sever what passes within radius of p
 *   w.min_fragment            free rope pieces shorter than this many
 *                             segments are removed (event "cull"); 0 off
 *   w.min_cut_mass, w.min_cut_length, w.max_tears
 *                             floors: no cut makes a particle lighter
 *                             (kg) or a piece shorter (m); at most
 *                             max_tears springs tear per step (event
 *                             "tear_limit" says how many wait)
 *   local c = w:cutter{ position = {x, y} }
 *   c.position = {x, y}       (read and write) the blade moves; it cuts
 *                             what it swept at the next step
 *   c.cuts                    (read only) cuts it made; c:destroy()
 * Every cut is reported after the step: event "cut" with spring (the one
 * cut, now stale), point, value (t), particle and other (the new ends),
 * rope and other_rope (for a rope), cause ("script", "swipe", "strain"). */
#include "bind.h"

#define NAME "cutter"

int tt_bind_spring_cut(lua_State *L)
{
	tt_spring_id id = tt_bind_check_spring(L, 1);
	float t = tt_bind_check_float(L, 2);
	tt_bind_check_status(L, 2, tt_spring_cut(id, t));
	return 0;
}

int tt_bind_rope_cut(lua_State *L)
{
	tt_rope_id id = tt_bind_check_rope(L, 1);
	lua_Integer i = luaL_checkinteger(L, 2);
	float t = tt_bind_check_float(L, 3);
	int count = tt_rope_node_count(id) - 1;
	luaL_argcheck(L, i >= 1 && i <= count, 2,
		      lua_pushfstring(L, "index out of range 1..%d", count));
	tt_rope_id end;
	tt_status status = tt_rope_cut(id, (int)i - 1, t, &end);
	int broken = status == TT_ERR_ROPE_BROKEN || status == TT_ERR_ROPE_SEGMENT;
	tt_bind_check_status(L, broken ? 2 : 3, status);  /* the segment, or t */
	if (tt_rope_valid(end))
		tt_bind_push_rope(L, end);
	else
		lua_pushnil(L);  /* culled at once: too short */
	return 1;
}

int tt_bind_world_cut(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_vec3 a = tt_bind_check_vec(L, 2), b = tt_bind_check_vec(L, 3);
	int count;
	tt_bind_check_status(L, 2, tt_world_cut(id, a, b, &count));
	lua_pushinteger(L, count);
	return 1;
}

int tt_bind_world_cut_near(lua_State *L)
{
	tt_world_id id = tt_bind_check_world(L, 1);
	tt_vec3 p = tt_bind_check_vec(L, 2);
	float radius = tt_bind_check_float(L, 3);
	int count;
	tt_bind_check_status(L, 3, tt_world_cut_near(id, p, radius, &count));
	lua_pushinteger(L, count);
	return 1;
}

/* Properties of the world (the userdata starts with its id). */
int tt_bind_world_get_min_fragment(lua_State *L)
{
	lua_pushinteger(L, tt_world_get_min_fragment(
				   *(tt_world_id *)lua_touserdata(L, 1)));
	return 1;
}

int tt_bind_world_set_min_fragment(lua_State *L)
{
	tt_world_id id = *(tt_world_id *)lua_touserdata(L, 1);
	tt_bind_prop_status(L, tt_world_set_min_fragment(id, tt_bind_prop_int(L)));
	return 0;
}

/* w.min_cut_mass, w.min_cut_length, w.max_tears: one field each of the
 * world's tt_cut_limits. */
static int limit_get(lua_State *L, int field)
{
	tt_cut_limits c = tt_world_get_cut_limits(*(tt_world_id *)lua_touserdata(L, 1));
	if (field == 2)
		lua_pushinteger(L, c.max_tears);
	else
		lua_pushnumber(L, field == 0 ? c.min_mass : c.min_length);
	return 1;
}

static int limit_set(lua_State *L, int field)
{
	tt_world_id id = *(tt_world_id *)lua_touserdata(L, 1);
	tt_cut_limits c = tt_world_get_cut_limits(id);
	if (field == 2)
		c.max_tears = tt_bind_prop_int(L);
	else
		*(field == 0 ? &c.min_mass : &c.min_length) = tt_bind_prop_float(L);
	tt_bind_prop_status(L, tt_world_set_cut_limits(id, &c));
	return 0;
}

int tt_bind_world_get_min_cut_mass(lua_State *L)
{
	return limit_get(L, 0);
}

int tt_bind_world_set_min_cut_mass(lua_State *L)
{
	return limit_set(L, 0);
}

int tt_bind_world_get_min_cut_length(lua_State *L)
{
	return limit_get(L, 1);
}

int tt_bind_world_set_min_cut_length(lua_State *L)
{
	return limit_set(L, 1);
}

int tt_bind_world_get_max_tears(lua_State *L)
{
	return limit_get(L, 2);
}

int tt_bind_world_set_max_tears(lua_State *L)
{
	return limit_set(L, 2);
}

/* ---- the cutter userdata ------------------------------------------------ */

static tt_cutter_id check_cutter(lua_State *L, int arg)
{
	tt_cutter_id id = *(tt_cutter_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_cutter_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_CUTTER_STALE));
	return id;
}

static tt_cutter_id self(lua_State *L)
{
	return *(tt_cutter_id *)lua_touserdata(L, 1);
}

int tt_bind_cutter_create(lua_State *L)
{
	static const char *const keys[] = {"position", NULL};
	tt_world_id world = tt_bind_check_world(L, 1);
	tt_bind_check_options(L, 2, keys);
	tt_vec3 at = tt_bind_opt_vec(L, 2, "position", (tt_vec3){0});
	tt_cutter_id id;
	tt_bind_check_status(L, 2, tt_cutter_create(world, at, &id));
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
	return 1;
}

static int get_position(lua_State *L)
{
	tt_cutter_id id = self(L);
	tt_bind_push_vec(L, tt_cutter_get_position(id),
			 tt_world_get_def(id.world).is_3d);
	return 1;
}

static int set_position(lua_State *L)
{
	tt_bind_prop_status(L, tt_cutter_move(self(L), tt_bind_prop_vec(L)));
	return 0;
}

static int get_cuts(lua_State *L)
{
	lua_pushinteger(L, tt_cutter_cut_count(self(L)));
	return 1;
}

static int cutter_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_cutter_destroy(check_cutter(L, 1)));
	return 0;
}

static int cutter_tostring(lua_State *L)
{
	tt_cutter_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_cutter_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_cutter_valid(*(const tt_cutter_id *)id) ? TT_OK
							  : TT_ERR_CUTTER_STALE;
}

static const luaL_Reg methods[] = {
	{"destroy", cutter_destroy},
	{NULL, NULL},
};

static const tt_prop props[] = {
	{"position", get_position, set_position},
	{"cuts", get_cuts, NULL},
	{NULL, NULL, NULL},
};

void tt_bind_cutter_class(lua_State *L)
{
	static const tt_class cls = {NAME, methods, props, alive,
				     cutter_tostring, NULL, NULL};
	tt_bind_class(L, &cls);
}
