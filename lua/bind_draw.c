/* Lua's graphics object `g`, passed to scene.draw(g): records shapes in
 * world coordinates into the view's draw list, drawn over the debug view.
 *
 *   g:color(r, g, b [, a])           components 0..1, as in LÖVE
 *   g:line(x1, y1, x2, y2 [, width]) width in pixels (default 2)
 *   g:circle(x, y, radius [, "line"]) filled unless "line"
 *   g:text(x, y, text) */
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
	graphics_ud *g = luaL_checkudata(L, 1, NAME);
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

static tt_vec3 point(lua_State *L, int arg)
{
	return (tt_vec3){tt_bind_check_float(L, arg),
			 tt_bind_check_float(L, arg + 1), 0.0f};
}

static int g_line(lua_State *L)
{
	graphics_ud *g = check(L);
	tt_vec3 a = point(L, 2), b = point(L, 4);
	float width = (float)luaL_optnumber(L, 6, 2.0);
	tt_drawlist_line(g->list, a, b, g->color, width);
	return 0;
}

static int g_circle(lua_State *L)
{
	static const char *const modes[] = {"fill", "line", NULL};
	graphics_ud *g = check(L);
	tt_vec3 c = point(L, 2);
	float r = tt_bind_check_float(L, 4);
	int mode = luaL_checkoption(L, 5, "fill", modes);
	tt_drawlist_circle(g->list, c, r, g->color, mode == 0);
	return 0;
}

static int g_text(lua_State *L)
{
	graphics_ud *g = check(L);
	tt_vec3 at = point(L, 2);
	tt_drawlist_text(g->list, at, luaL_checkstring(L, 4), g->color);
	return 0;
}

void tt_bind_graphics_class(lua_State *L)
{
	static const luaL_Reg methods[] = {
		{"color", g_color}, {"line", g_line}, {"circle", g_circle},
		{"text", g_text},   {NULL, NULL},
	};
	luaL_newmetatable(L, NAME);
	luaL_newlib(L, methods);
	lua_setfield(L, -2, "__index");
	lua_pop(L, 1);
}

void tt_bind_push_graphics(lua_State *L, tt_drawlist *list)
{
	graphics_ud *g = lua_newuserdatauv(L, sizeof *g, 0);
	g->list = list;
	g->color = (tt_color){255, 255, 255, 255};
	luaL_setmetatable(L, NAME);
}

void tt_bind_set_graphics_list(lua_State *L, int idx, tt_drawlist *list)
{
	((graphics_ud *)luaL_checkudata(L, idx, NAME))->list = list;
}
