/* Lua's graphics object `g`, passed to scene.draw(g): records shapes in
 * world coordinates into the view's draw list, drawn over the debug view
 * (in 3D, depth-sorted with it).
 *
 *   g:color(r, g, b [, a])           components 0..1, as in LÖVE
 *   g:line(x1, y1, x2, y2 [, width]) width in pixels (default 2)
 *   g:circle(x, y, radius [, "line"]) filled unless "line"
 *   g:text(x, y, text)
 *   g:mesh(mesh [, texture])         tinted by the colour (white: as is);
 *                                    a cloth draws its own surface, a
 *                                    binding its mesh, updated now
 *   g:binding(b)                     a binding's debug layer
 *   g:softbody(body [, texture])     a 2D soft body's cells again, over
 *                                    the debug view, textured by its uvs
 *   g:solid{shape = "sphere", ...}   lit solids (bind_solid.c)
 * Points may also be vectors, for 3D: g:line({x, y, z}, {x, y, z} [, w]),
 * g:circle({x, y, z}, r [, mode]), g:text({x, y, z}, text).
 *
 * The meshes and textures drawn are kept in g's user value until the next
 * frame's draw, so the list never points at one Lua has collected. */
#include "bind.h"
#include "draw.h"

#define NAME "graphics"

typedef struct graphics_ud {
	tt_drawlist *list;
	tt_color color;
} graphics_ud;

/* The g at 1; drawing with a g kept past scene.draw is refused. */
static graphics_ud *check(lua_State *L)
{
	graphics_ud *g = tt_bind_check_class(L, 1, NAME);
	if (!g->list)
		luaL_argerror(L, 1, "draw only inside scene.draw");
	return g;
}

static uint8_t channel(lua_State *L, int arg, double def)
{
	double c = luaL_optnumber(L, arg, def);
	return (uint8_t)(c <= 0.0 ? 0 : c >= 1.0 ? 255 : c * 255.0 + 0.5);
}

static int g_color(lua_State *L)
{
	graphics_ud *g = check(L);
	g->color = (tt_color){channel(L, 2, 1), channel(L, 3, 1),
			      channel(L, 4, 1), channel(L, 5, 1)};
	return 0;
}

/* The point at *arg: a vector, or two numbers x, y; *arg moves past it. */
static tt_vec3 point(lua_State *L, int *arg)
{
	if (lua_istable(L, *arg))
		return tt_bind_check_vec(L, (*arg)++);
	*arg += 2;
	return (tt_vec3){tt_bind_check_float(L, *arg - 2),
			 tt_bind_check_float(L, *arg - 1), 0.0f};
}

static int g_line(lua_State *L)
{
	graphics_ud *g = check(L);
	int arg = 2;
	tt_vec3 a = point(L, &arg), b = point(L, &arg);
	float width = (float)luaL_optnumber(L, arg, 2.0);
	tt_drawlist_line(g->list, a, b, g->color, width);
	return 0;
}

static int g_circle(lua_State *L)
{
	static const char *const modes[] = {"fill", "line", NULL};
	graphics_ud *g = check(L);
	int arg = 2;
	tt_vec3 c = point(L, &arg);
	float r = tt_bind_check_float(L, arg);
	int mode = luaL_checkoption(L, arg + 1, "fill", modes);
	tt_drawlist_circle(g->list, c, r, g->color, mode == 0);
	return 0;
}

static int g_text(lua_State *L)
{
	graphics_ud *g = check(L);
	int arg = 2;
	tt_vec3 at = point(L, &arg);
	tt_drawlist_text(g->list, at, luaL_checkstring(L, arg), g->color);
	return 0;
}

/* Keep the value at idx alive until the next frame's draw. */
static void keep(lua_State *L, int idx)
{
	lua_getiuservalue(L, 1, 1);
	lua_pushvalue(L, idx);
	lua_rawseti(L, -2, (lua_Integer)luaL_len(L, -2) + 1);
	lua_pop(L, 1);
}

static int g_mesh(lua_State *L)
{
	graphics_ud *g = check(L);
	if (tt_bind_is_cloth(L, 2)) {
		tt_bind_cloth_mesh(L, 2);
		lua_replace(L, 2);
	} else if (tt_bind_is_binding(L, 2)) {
		tt_bind_binding_update_at(L, 2);
	}
	tt_bind_check_mesh(L, 2);
	int textured = !lua_isnoneornil(L, 3);
	if (textured)
		tt_bind_check_texture(L, 3);
	/* The list reads the boxes, kept until it is drawn: a script that
	 * closes one first (its __gc, through debug) leaves it NULL. */
	keep(L, 2);
	if (textured)
		keep(L, 3);
	tt_drawlist_mesh(g->list, lua_touserdata(L, 2),
			 textured ? lua_touserdata(L, 3) : NULL, g->color);
	return 0;
}

static int g_softbody(lua_State *L)
{
	graphics_ud *g = check(L);
	tt_softbody_id body = tt_bind_check_softbody(L, 2);
	int textured = !lua_isnoneornil(L, 3);
	if (textured) {
		tt_bind_check_texture(L, 3);
		keep(L, 3);
	}
	tt_drawlist_softbody(g->list, body, textured ? lua_touserdata(L, 3) : NULL,
			     g->color);
	return 0;
}

static int g_binding(lua_State *L)
{
	tt_bind_binding_debug(L, 2, check(L)->list);
	return 0;
}

static int g_solid(lua_State *L)
{
	graphics_ud *g = check(L);
	tt_solid solid;
	tt_vec3 points[64];
	tt_bind_read_solid(L, 2, &solid, points);
	tt_drawlist_solid(g->list, &solid, g->color);
	return 0;
}

void tt_bind_graphics_class(lua_State *L)
{
	static const luaL_Reg methods[] = {
		{"color", g_color}, {"line", g_line}, {"circle", g_circle},
		{"text", g_text},   {"mesh", g_mesh}, {"solid", g_solid},
		{"binding", g_binding}, {"softbody", g_softbody},
		{NULL, NULL},
	};
	luaL_newmetatable(L, NAME);
	tt_bind_protect(L, NAME);
	luaL_newlib(L, methods);
	lua_setfield(L, -2, "__index");
	lua_pop(L, 1);
}

void tt_bind_push_graphics(lua_State *L, tt_drawlist *list)
{
	graphics_ud *g = lua_newuserdatauv(L, sizeof *g, 1);
	g->list = list;
	g->color = (tt_color){255, 255, 255, 255};
	luaL_setmetatable(L, NAME);
}

void tt_bind_set_graphics_list(lua_State *L, int idx, tt_drawlist *list)
{
	((graphics_ud *)tt_bind_check_class(L, idx, NAME))->list = list;
	if (list) {  /* a new frame: last frame's meshes may go */
		lua_newtable(L);
		lua_setiuservalue(L, idx < 0 ? idx - 1 : idx, 1);
	}
}
