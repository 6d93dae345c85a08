/* `taut bench lua --ropes N --segments S --steps K`: the rope workload
 * driven by a gameplay update that reads and writes every rope node each
 * step, in Lua against the same update in C: what the binding costs.
 *
 * Two worlds: the ropes as springs, updated through world:positions /
 * world:set_positions (two calls a step), and the ropes built by
 * world:rope, updated rope by rope (two calls a rope a step). Before each
 * step the world gets the C update (the core's bulk calls), the Lua update
 * into a taut.buffer and the one into a table, each timed on its own, so
 * noise on a busy machine falls on all alike. Writing back what was read
 * changes nothing: the world must end at the hash of one stepped without
 * updates (the bench warns when not). Prints a LUA line per update: ns per
 * segment-step of update and step, and the overhead over the C update. */
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>

#include "../bench/bench.h"
#include "../bench/workload.h"
#include "bind.h"
#include "lib.h"

/* The updates, made by a chunk run with (world, ropes, kind). */
static const char script[] =
	"local world, ropes, kind = ...\n"
	"local function room(n) return kind == 'buffer' and taut.buffer(n) or {} end\n"
	"if not ropes then\n"
	"  local buf = room(2 * world.particle_count)\n"
	"  return function() world:positions(buf); world:set_positions(buf) end\n"
	"end\n"
	"local buf = room(2 * #ropes[1])\n"
	"return function()\n"
	"  for i = 1, #ropes do\n"
	"    local r = ropes[i]\n"
	"    r:positions(buf); r:set_positions(buf)\n"
	"  end\n"
	"end\n";

enum { KINDS = 3 };  /* C, Lua buffer, Lua table */
static const char *const kind_names[KINDS] = {"c", "buffer", "table"};

typedef struct run {
	tt_world_id world;
	tt_rope_id *ropes;  /* NULL for the spring world */
	int count;          /* ropes */
	float *buf;         /* the C update's */
	lua_State *L;       /* NULL: the C update */
} run;

static void update_c(const run *r)
{
	if (!r->ropes) {
		int n = tt_world_get_positions(r->world, r->buf, 2, 1 << 30);
		tt_world_set_positions(r->world, r->buf, 2, n);
		return;
	}
	for (int i = 0; i < r->count; i++) {
		int n = tt_rope_get_positions(r->ropes[i], r->buf, 2, 1 << 30);
		tt_rope_set_positions(r->ropes[i], r->buf, 2, n);
	}
}

/* The Lua update of the kind on top of L's stack, or 0 (error printed). */
static int load_update(const run *r, const char *kind)
{
	lua_State *L = r->L;
	if (luaL_loadstring(L, script) != LUA_OK)
		return fprintf(stderr, "taut bench: %s\n", lua_tostring(L, -1)), 0;
	tt_bind_push_world(L, r->world, 0);
	if (r->ropes) {
		lua_createtable(L, r->count, 0);
		for (int i = 0; i < r->count; i++) {
			tt_bind_push_rope(L, r->ropes[i]);
			lua_rawseti(L, -2, i + 1);
		}
	} else {
		lua_pushnil(L);
	}
	lua_pushstring(L, kind);
	if (lua_pcall(L, 3, 1, 0) != LUA_OK)
		return fprintf(stderr, "taut bench: %s\n", lua_tostring(L, -1)), 0;
	return 1;
}

/* Update kind k (the Lua ones are at stack 1 and 2); 0 on a Lua error. */
static int update(const run *r, int k)
{
	if (k == 0) {
		update_c(r);
		return 1;
	}
	lua_pushvalue(r->L, k);
	if (lua_pcall(r->L, 0, 0, 0) == LUA_OK)
		return 1;
	fprintf(stderr, "taut bench: %s\n", lua_tostring(r->L, -1));
	return 0;
}

/* K steps, each after every kind of update: the wall time of each kind
 * (wall[KINDS] is the steps'); 0 on an error. */
static int steps(const run *r, int steps, double wall[KINDS + 1])
{
	for (int i = 0; i < steps; i++) {
		for (int k = 0; k < KINDS; k++) {
			double start = bench_now();
			if (!update(r, k))
				return 0;
			wall[k] += bench_now() - start;
		}
		double start = bench_now();
		tt_world_step(r->world);
		wall[KINDS] += bench_now() - start;
	}
	return 1;
}

static uint64_t plain_hash(const bench_rope_args *a)
{
	tt_world_id w;
	tt_particle_id ends[2];
	if (bench_rope_world(a, &w, ends, NULL) == TT_OK)
		for (int i = 0; i < a->steps; i++)
			tt_world_step(w);
	uint64_t hash = tt_world_hash(w);
	tt_world_destroy(w);
	return hash;
}

/* One world with every update; prints its LUA lines. 0 on an error. */
static int measure(const bench_rope_args *a)
{
	run r = {.count = a->ropes, .L = luaL_newstate()};
	tt_particle_id ends[2];
	r.ropes = a->chain ? calloc((size_t)a->ropes, sizeof *r.ropes) : NULL;
	r.buf = malloc((size_t)a->ropes * (a->segments + 1) * 2 * sizeof(float));
	luaL_openlibs(r.L);
	luaL_requiref(r.L, "taut", luaopen_taut, 1);
	lua_setglobal(r.L, "taut");
	double wall[KINDS + 1] = {0};
	int ok = r.buf && (r.ropes || !a->chain) &&
		 bench_rope_world(a, &r.world, ends, r.ropes) == TT_OK &&
		 load_update(&r, "buffer") && load_update(&r, "table") &&
		 steps(&r, a->steps, wall);
	double per = (double)a->ropes * a->segments * a->steps;
	for (int k = 0; ok && k < KINDS; k++)
		printf("LUA update=%s-%s ns_seg_step=%.3f update_ns_seg=%.3f "
		       "overhead_pct=%.2f\n", a->chain ? "ropes" : "world",
		       kind_names[k], 1e9 * (wall[KINDS] + wall[k]) / per,
		       1e9 * wall[k] / per,
		       100.0 * (wall[k] - wall[0]) / (wall[KINDS] + wall[0]));
	if (ok && tt_world_hash(r.world) != plain_hash(a))
		printf("WARNING the updates changed the %s world\n",
		       a->chain ? "ropes" : "world");
	lua_close(r.L);
	tt_world_destroy(r.world);
	free(r.ropes);
	free(r.buf);
	return ok;
}

int tt_bench_lua(const bench_rope_args *a)
{
	for (int chain = 0; chain < 2; chain++) {
		bench_rope_args b = *a;
		b.chain = chain;
		if (!measure(&b))
			return 1;
	}
	return 0;
}
