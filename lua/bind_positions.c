/* Positions in bulk, for scripts that read and write every node a frame.
 *
 *   buf, n = rope:positions([buf])   nodes start to end: x1, y1, x2, y2,
 *                                    ... (x, y, z each in 3D); n nodes
 *   rope:set_positions(buf)          teleport each node (velocity kept)
 *   buf, n = world:positions([buf])  every particle, in world:particles()
 *   world:set_positions(buf)         order
 *   buf = taut.buffer(n)             n numbers (floats) in one userdata:
 *                                    buf[i], buf[i] = v, #buf
 *
 * buf is a table (reused: filled from 1, shortened to fit; a new one when
 * it is missing) or a buffer, which the core reads and writes directly:
 * no conversion per number, so the call costs what the copy costs in C
 * (`taut bench lua`: 0.5% over a C update on 100 ropes x 100, against 24%
 * through a table). A buffer's own buf[i] goes through metamethods, about
 * 5x a table's: a script that visits every number is faster with a table.
 * Writes read the first dims x n numbers and check them all (type, finite)
 * before anything moves. */
#include <math.h>

#include "bind.h"

#define BUFFER TT_BIND_BUFFER

typedef struct buffer {
	int count;
	float v[];
} buffer;

/* A world or a rope: its dims, count and the core's bulk calls. */
typedef struct source {
	const char *name, *items;  /* "rope", "nodes" */
	int dims, count;
	int (*get)(const void *id, float *out, int dims, int max);
	tt_status (*set)(const void *id, const float *in, int dims, int count);
	const void *id;
} source;

static int world_get(const void *id, float *out, int dims, int max)
{
	return tt_world_get_positions(*(const tt_world_id *)id, out, dims, max);
}

static tt_status world_set(const void *id, const float *in, int dims, int count)
{
	return tt_world_set_positions(*(const tt_world_id *)id, in, dims, count);
}

static int rope_get(const void *id, float *out, int dims, int max)
{
	return tt_rope_get_positions(*(const tt_rope_id *)id, out, dims, max);
}

static tt_status rope_set(const void *id, const float *in, int dims, int count)
{
	return tt_rope_set_positions(*(const tt_rope_id *)id, in, dims, count);
}

static int dims_of(tt_world_id world)
{
	return tt_world_get_def(world).is_3d ? 3 : 2;
}

/* Room for n floats that lasts the call (kept in the registry, grown). */
static float *scratch(lua_State *L, int n)
{
	size_t need = (size_t)(n > 0 ? n : 1) * sizeof(float);
	lua_getfield(L, LUA_REGISTRYINDEX, "taut.scratch");
	float *room = lua_touserdata(L, -1);
	if (!room || lua_rawlen(L, -1) < need) {
		room = lua_newuserdatauv(L, need + need / 2, 0);
		lua_setfield(L, LUA_REGISTRYINDEX, "taut.scratch");
	}
	lua_pop(L, 1);
	return room;
}

/* The buffer at 2, or NULL: the method holds the buffer's metatable
 * (tt_bind_class), so this is no lookup by name. */
static buffer *to_buffer(lua_State *L)
{
	return tt_bind_test_upvalue(L, 2, TT_BIND_UP_BUFFER);
}

/* Raise unless the buffer or table at 2 holds at least have numbers. */
static void check_room(lua_State *L, const source *s, int have)
{
	int need = s->dims * s->count;
	if (have < need)
		luaL_argerror(L, 2, lua_pushfstring(L, "%s holds %d numbers, the %s "
						    "needs %d (%d %s x %d)",
						    lua_isuserdata(L, 2) ? BUFFER : "table",
						    have, s->name, need, s->count,
						    s->items, s->dims));
}

/* The numbers into the table at 2, from 1; entries past them cleared. */
static void fill_table(lua_State *L, const float *v, int n)
{
	for (int k = 0; k < n; k++) {
		lua_pushnumber(L, v[k]);
		lua_rawseti(L, 2, k + 1);
	}
	for (int k = n + 1; lua_rawgeti(L, 2, k) != LUA_TNIL; k++) {
		lua_pop(L, 1);
		lua_pushnil(L);
		lua_rawseti(L, 2, k);
	}
	lua_pop(L, 1);
}

static int push_positions(lua_State *L, const source *s)
{
	int n = s->dims * s->count;
	buffer *b = to_buffer(L);
	if (b) {
		check_room(L, s, b->count);
		s->get(s->id, b->v, s->dims, s->count);
	} else {
		if (lua_isnoneornil(L, 2)) {
			lua_settop(L, 1);
			lua_createtable(L, n, 0);
		}
		luaL_argexpected(L, lua_istable(L, 2), 2, "table or buffer");
		float *v = scratch(L, n);
		s->get(s->id, v, s->dims, s->count);
		fill_table(L, v, n);
	}
	lua_settop(L, 2);
	lua_pushinteger(L, s->count);
	return 2;
}

/* The first n numbers of the table at 2, checked, into scratch. */
static const float *read_table(lua_State *L, int n)
{
	float *v = scratch(L, n);
	for (int k = 0; k < n; k++) {
		int type = lua_rawgeti(L, 2, k + 1);
		if (type != LUA_TNUMBER)
			luaL_argerror(L, 2, lua_pushfstring(L, "number expected at [%d], "
							    "got %s", k + 1,
							    lua_typename(L, type)));
		v[k] = (float)lua_tonumber(L, -1);
		lua_pop(L, 1);
	}
	return v;
}

static int set_positions(lua_State *L, const source *s)
{
	int n = s->dims * s->count;
	buffer *b = to_buffer(L);
	luaL_argexpected(L, b || lua_istable(L, 2), 2, "table or buffer");
	check_room(L, s, b ? b->count : (int)lua_rawlen(L, 2));
	const float *v = b ? b->v : read_table(L, n);
	/* the core checks every value before it moves anything: only when it
	 * refuses one is there an index to find for the message */
	tt_status status = s->set(s->id, v, s->dims, s->count);
	for (int k = 0; status == TT_ERR_NOT_FINITE && k < n; k++)
		if (!isfinite(v[k]))  /* also a number past float's range */
			luaL_argerror(L, 2, lua_pushfstring(L, "value at [%d] is not "
							    "finite", k + 1));
	tt_bind_check_status(L, 2, status);
	return 0;
}

/* The rope or world at 1, as a source (its id kept in *id). */
typedef union source_id {
	tt_rope_id rope;
	tt_world_id world;
} source_id;

/* The rope's methods hold its metatable (tt_bind_class): a rope at 1 costs
 * no lookup by name. Anything else, and a stale rope (0 nodes), goes to
 * tt_bind_check_rope for its error. */
static source rope_source(lua_State *L, source_id *id)
{
	const tt_rope_ud *own = tt_bind_test_upvalue(L, 1, TT_BIND_UP_CLASS);
	id->rope = own ? own->id : tt_bind_check_rope(L, 1);
	int count = tt_rope_node_count(id->rope);
	if (count == 0)
		tt_bind_check_rope(L, 1);
	return (source){"rope", "nodes",
			own ? own->dims : dims_of(id->rope.world), count,
			rope_get, rope_set, id};
}

static source world_source(lua_State *L, source_id *id)
{
	id->world = tt_bind_check_world(L, 1);
	return (source){"world", "particles", dims_of(id->world),
			tt_world_particle_count(id->world), world_get, world_set, id};
}

int tt_bind_rope_positions(lua_State *L)
{
	source_id id;
	source s = rope_source(L, &id);
	return push_positions(L, &s);
}

int tt_bind_rope_set_positions(lua_State *L)
{
	source_id id;
	source s = rope_source(L, &id);
	return set_positions(L, &s);
}

int tt_bind_world_positions(lua_State *L)
{
	source_id id;
	source s = world_source(L, &id);
	return push_positions(L, &s);
}

int tt_bind_world_set_positions(lua_State *L)
{
	source_id id;
	source s = world_source(L, &id);
	return set_positions(L, &s);
}

/* ---- taut.buffer ------------------------------------------------------ */

int tt_bind_buffer_create(lua_State *L)
{
	lua_Integer n = luaL_checkinteger(L, 1);
	luaL_argcheck(L, n >= 0 && n <= (1 << 26), 1, "size must be in [0, 2^26]");
	buffer *b = lua_newuserdatauv(L, sizeof *b + (size_t)n * sizeof(float), 0);
	b->count = (int)n;
	for (int k = 0; k < b->count; k++)
		b->v[k] = 0.0f;
	luaL_setmetatable(L, BUFFER);
	return 1;
}

/* The 0-based place of index arg 2 in the buffer at 1, or an error. */
static int place(lua_State *L, const buffer *b)
{
	int ok;
	lua_Integer i = lua_tointegerx(L, 2, &ok);
	if (!ok || i < 1 || i > b->count)
		return luaL_error(L, "buffer index %s out of range (1 to %d)",
				  luaL_tolstring(L, 2, NULL), b->count);
	return (int)i - 1;
}

static int buffer_index(lua_State *L)
{
	const buffer *b = tt_bind_check_self(L, BUFFER, "__index");
	lua_pushnumber(L, b->v[place(L, b)]);
	return 1;
}

static int buffer_newindex(lua_State *L)
{
	buffer *b = tt_bind_check_self(L, BUFFER, "__newindex");
	int k = place(L, b);
	if (lua_type(L, 3) != LUA_TNUMBER)
		return luaL_error(L, "buffer values are numbers, not %s",
				  luaL_typename(L, 3));
	b->v[k] = (float)lua_tonumber(L, 3);
	return 0;
}

static int buffer_len(lua_State *L)
{
	const buffer *b = tt_bind_check_self(L, BUFFER, "__len");
	lua_pushinteger(L, b->count);
	return 1;
}

static int buffer_tostring(lua_State *L)
{
	const buffer *b = tt_bind_check_self(L, BUFFER, "__tostring");
	lua_pushfstring(L, "buffer(%d)", b->count);
	return 1;
}

void tt_bind_buffer_class(lua_State *L)
{
	static const luaL_Reg meta[] = {
		{"__index", buffer_index}, {"__newindex", buffer_newindex},
		{"__len", buffer_len},	   {"__tostring", buffer_tostring},
		{NULL, NULL},
	};
	luaL_newmetatable(L, BUFFER);
	luaL_setfuncs(L, meta, 0);
	tt_bind_protect(L, BUFFER);
	lua_pop(L, 1);
}
