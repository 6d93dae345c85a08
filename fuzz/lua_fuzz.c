/* libFuzzer target: random Lua snippets built from the binding's grammar,
 * run against a fresh world in a fresh sandbox (the state a scene gets).
 *
 * The input bytes choose statements from templates of what a scene does
 * with the taut API (make, change, cut, reel, destroy, step, query, wind
 * functions and event handlers that re-enter, destroy or cut; 2D and 3D
 * worlds, frames, bone chains, cloths and their bindings) and fill
 * their holes with hostile values (NaN, huge, negative, wrong types,
 * destroyed handles). Each statement runs in its own pcall, so one error
 * does not end the snippet. The sandbox has a short time budget and small
 * memory limits, so runaway snippets end by the budget, as a scene's
 * would. Findings: sanitizer reports, and a core that keeps bytes after
 * the state (and with it the world) is closed. A rope's length changes
 * at most twofold: longer ones insert nodes without end, the safety
 * branch's rope length caps (issue 20).
 *
 * Run one input as the Lua it makes: FUZZ_PRINT=1 build-fuzz/lua_fuzz x */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "../core/taut.h"
#include "../lua/sandbox.h"

#define MAX_STATEMENTS 48

typedef struct input {
	const unsigned char *data;
	size_t size, at;
} input;

static unsigned u8(input *in)
{
	return in->at < in->size ? in->data[in->at++] : 0;
}

static const char *choose(input *in, const char *const *list, int n)
{
	return list[u8(in) % n];
}

#define CHOOSE(in, list) choose(in, list, (int)(sizeof list / sizeof *list))

static const char *const numbers[] = {
	"0", "1", "-1", "0.5", "2", "3", "10", "100", "1e-9", "1e9", "3e38",
	"-3e38", "1e308", "0/0", "1/0", "-1/0", "2^53", "-0.0", "0.25", "5",
	"math.huge", "1e-300", "7", "40",
};
static const char *const values[] = {
	"nil", "true", "'x'", "{}", "{1}", "{0/0, 0}", "w", "p1", "s1", "r1",
	"print", "{1, 2, 3}", "{x = 1}",
};
static const char *const particles[] = {"p1", "p2", "p3", "p4"};
static const char *const springs[] = {"s1", "s2", "s3"};
static const char *const ropes[] = {"r1", "r2", "r3"};
static const char *const kinds[] = {
	"'cut'", "'break'", "'cull'", "'nonfinite'", "'contact_begin'",
	"'contact_end'",
};
static const char *const callbacks[] = {
	"w:step()", "e.particle:destroy()", "if e.rope then e.rope:destroy() end",
	"w:cut_near(e.point, 0.3)", "if e.rope then e.rope:cut(1, 0.5) end",
	"w:destroy()", "error('handler')", "n = (n or 0) + 1",
	"if e.spring then e.spring:cut(0.5) end", "p1:destroy()",
	"r1:cut(2, 0.5)", "wd1:destroy()", "w.substeps = 1000",
	"for _, q in ipairs(w:particles()) do q:destroy() end",
	"coroutine.wrap(function() w:step() end)()", "os.exit(1)",
	"return 1, 0", "return 0/0, 1", "return 'a', {}",
};
static const char *const chains[] = {"h1", "h2"};
static const char *const chain_fields[] = {
	"stiffness", "damping", "elasticity", "inertia", "end_length", "rate",
	"radius", "teleport_distance", "gravity", "lod", "colliders", "preset",
};
static const char *const cloths[] = {"k1", "k2"};
static const char *const cloth_fields[] = {
	"stretch", "shear", "bend", "damping", "drag", "lift", "air_density",
	"max_strain", "thickness", "self_collision", "teleport", "visible",
};
static const char *const pins[] = {
	"'top'", "'left'", "'top_left'", "{1, 5, 1e9}", "{}", "'middle'", "3",
};
static const char *const shapes[] = {
	"'circle'", "'box'", "'capsule'", "'plane'", "'polygon'", "'cube'",
};

/* A number, sometimes any value. */
static const char *number(input *in)
{
	return u8(in) < 224 ? CHOOSE(in, numbers) : CHOOSE(in, values);
}

/* One statement from the grammar, appended to b. */
static void statement(luaL_Buffer *b, input *in)
{
	char s[512];
	const char *x = number(in), *y = number(in), *z = number(in),
		   *t = number(in), *p = CHOOSE(in, particles),
		   *q = CHOOSE(in, particles), *sp = CHOOSE(in, springs),
		   *r = CHOOSE(in, ropes), *cb = CHOOSE(in, callbacks);
	switch (u8(in) % 41) {
	case 0: snprintf(s, sizeof s, "%s = w:particle{ position = {%s, %s}, mass = %s, radius = %s }", p, x, y, z, t); break;
	case 1: snprintf(s, sizeof s, "%s = w:particle{ position = {%s, %s}, pinned = true, drag = %s }", p, x, y, z); break;
	case 2: snprintf(s, sizeof s, "%s = w:spring{ a = %s, b = %s, max_force = %s, max_strain = %s }", sp, p, q, x, y); break;
	case 3: snprintf(s, sizeof s, "%s = w:rope{ from = {%s, %s}, to = {%s, 0}, segments = %s, max_strain = %s }", r, x, y, z, t, number(in)); break;
	case 4: snprintf(s, sizeof s, "%s = w:rope{ start = %s, to = {%s, %s}, segments = %s, pin_end = true }", r, p, x, y, z); break;
	case 5: snprintf(s, sizeof s, "local e = %s:cut(%s, %s); if e then %s = e end", r, x, y, CHOOSE(in, ropes)); break;
	case 6: snprintf(s, sizeof s, "%s:cut(%s)", sp, x); break;
	case 7: snprintf(s, sizeof s, "%s:destroy()", u8(in) & 1 ? p : u8(in) & 1 ? sp : r); break;
	case 8: snprintf(s, sizeof s, "%s.length = %s.length * math.min(%s, 2)", r, r, x); break;
	case 9: snprintf(s, sizeof s, "%s:reel(%s.length * math.min(%s, 2), %s.length * math.min(%s, 2))", r, r, x, r, y); break;
	case 10: snprintf(s, sizeof s, "w:step(%s)", u8(in) & 1 ? "1" : "3"); break;
	case 11: snprintf(s, sizeof s, "w:cut_near({%s, %s}, %s)", x, y, z); break;
	case 12: snprintf(s, sizeof s, "w:cut({%s, %s}, {%s, %s})", x, y, z, t); break;
	case 13: snprintf(s, sizeof s, "wd%d = w:wind{ fn = function(x, y, z, t) do %s end; return 1, 0 end, cells = {%d, %d} }", 1 + (int)(u8(in) % 2), cb, 1 + (int)(u8(in) % 4), 1 + (int)(u8(in) % 4)); break;
	case 14: snprintf(s, sizeof s, "w:on(%s, function(e, w) do %s end end)", CHOOSE(in, kinds), cb); break;
	case 15: snprintf(s, sizeof s, "%s.position = {%s, %s}", p, x, y); break;
	case 16: snprintf(s, sizeof s, "%s.velocity = {%s, %s}", p, x, y); break;
	case 17: snprintf(s, sizeof s, "%s.mass = %s", p, x); break;
	case 18: snprintf(s, sizeof s, "w.%s = %s", CHOOSE(in, ((const char *const[]){"substeps", "iterations", "dt", "max_speed", "min_fragment", "max_bytes"})), x); break;
	case 19: snprintf(s, sizeof s, "w.particle_collision = %s", u8(in) & 1 ? "true" : "false"); break;
	case 20: snprintf(s, sizeof s, "c = w:collider{ shape = %s, center = {%s, %s}, radius = %s, size = {%s, 1} }", CHOOSE(in, shapes), x, y, z, t); break;
	case 21: snprintf(s, sizeof s, "c:move_to({%s, %s}, %s)", x, y, z); break;
	case 22: snprintf(s, sizeof s, "%s:pin_to(c, {%s, %s})", p, x, y); break;
	case 23: snprintf(s, sizeof s, "k = w:cutter{ position = {%s, %s} }; k.position = {%s, %s}", x, y, z, t); break;
	case 24: snprintf(s, sizeof s, "local h = w:raycast({%s, %s}, {%s, %s}); local o = w:overlap({%s, 0}, 1); local n = w:nearest({%s, 0})", x, y, z, t, x, y); break;
	case 25: snprintf(s, sizeof s, "local v = %s.position; v = %s.length; v = %s.tension; v = #%s; v = %s:particle(%s)", p, sp, r, r, r, x); break;
	case 26: snprintf(s, sizeof s, "wd1 = w:wind{ kind = 'noise', strength = %s, region = 'circle', region_size = %s }", x, y); break;
	case 27: snprintf(s, sizeof s, "for _, e in ipairs(w:events()) do local k = e.kind end"); break;
	case 28: snprintf(s, sizeof s, "collectgarbage()"); break;
	case 29: snprintf(s, sizeof s, "%s:apply_impulse{%s, %s}; %s:translate{%s, %s}", p, x, y, r, z, t); break;
	case 30: snprintf(s, sizeof s, "w = taut.world{ is_3d = %s, max_bytes = 8 << 20 }", u8(in) & 1 ? "true" : "false"); break;
	case 31: snprintf(s, sizeof s, "f = w:frame{ position = {%s, %s, %s} }; f:move_to({%s, %s, 0})", x, y, z, t, number(in)); break;
	case 32: snprintf(s, sizeof s, "%s = w:chain{ root = %s, from = {%s, %s, 0}, direction = {1, %s, 0}, segments = %s, length = %s, radius = %s }", CHOOSE(in, chains), u8(in) & 1 ? "f" : "c", x, y, z, t, number(in), number(in)); break;
	case 33: snprintf(s, sizeof s, "%s.%s = %s", CHOOSE(in, chains), CHOOSE(in, chain_fields), x); break;
	case 34: snprintf(s, sizeof s, "local v = %s:node(%s).position; v = %s:value('stiffness', %s); %s:apply{%s, %s, 0}", CHOOSE(in, chains), x, CHOOSE(in, chains), y, CHOOSE(in, chains), z, t); break;
	case 35: snprintf(s, sizeof s, "%s = w:cloth{ grid = {%s, %s}, size = {%s, %s}, pin = %s, pin_to = %s, max_strain = %s, self_collision = %s }", CHOOSE(in, cloths), x, y, z, t, CHOOSE(in, pins), u8(in) & 1 ? "f" : "nil", number(in), u8(in) & 1 ? "true" : "false"); break;
	case 36: snprintf(s, sizeof s, "%s.%s = %s", CHOOSE(in, cloths), CHOOSE(in, cloth_fields), x); break;
	case 37: snprintf(s, sizeof s, "local a, b, d, up = %s:triangle(%s); local v = %s:particle(%s).position; %s:translate{%s, %s, 0}", CHOOSE(in, cloths), x, CHOOSE(in, cloths), y, CHOOSE(in, cloths), z, t); break;
	case 38: snprintf(s, sizeof s, "bd = %s:bind(%s:mesh()); bd:update(); local v = bd:vertex(%s)", CHOOSE(in, cloths), CHOOSE(in, cloths), x); break;
	case 39: snprintf(s, sizeof s, "%s:%s()", u8(in) & 1 ? CHOOSE(in, cloths) : CHOOSE(in, chains), u8(in) & 1 ? "reset" : "destroy"); break;
	default: snprintf(s, sizeof s, "w:cloth{ mesh = taut.mesh{ vertices = {{0, 0}, {%s, 0}, {1, %s}, {0, 1}}, triangles = {{1, 2, 3}, {1, 3, %s}} }, pin = 'top', drag = %s, lift = %s }", x, y, number(in) , z, t); break;
	}
	luaL_addstring(b, "pcall(function() ");
	luaL_addstring(b, s);
	luaL_addstring(b, " end)\n");
}

static void snippet(lua_State *L, input *in)
{
	luaL_Buffer b;
	luaL_buffinit(L, &b);
	luaL_addstring(&b, "local taut = require 'taut'\n"
			   "w = taut.world{ max_bytes = 8 << 20 }\n");
	for (int i = 0; i < MAX_STATEMENTS && in->at < in->size; i++)
		statement(&b, in);
	luaL_pushresult(&b);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static char root[] = "."; /* scripts/ from the tree's top */
	input in = {data, size, 0};
	size_t before = tt_bytes_allocated();
	tt_set_byte_limit(before + ((size_t)64 << 20));
	tt_sandbox sb;
	if (!tt_sandbox_open(&sb, root, NULL))
		return 0;
	sb.budget = 0.25;
	sb.limit = (size_t)64 << 20;
	snippet(sb.L, &in);
	if (getenv("FUZZ_PRINT"))
		fputs(lua_tostring(sb.L, -1), stdout);
	size_t length;
	const char *text = lua_tolstring(sb.L, -1, &length);
	if (luaL_loadbufferx(sb.L, text, length, "=snippet", "t") != LUA_OK)
		abort();  /* the grammar made a syntax error: fix the grammar */
	tt_sandbox_call(&sb, 0, 0);
	tt_sandbox_close(&sb);
	if (tt_bytes_allocated() != before)
		abort();  /* finding: the closed state's world kept bytes */
	return 0;
}
