/* taut.canvas{width, height}: a headless view to draw charts on in screen
 * pixels and save as PNG (scripts/plot.lua draws experiment plots on it).
 *
 *   local c = taut.canvas{ width = 800, height = 500 }   -- background filled
 *   c:line(x0, y0, x1, y1 [, width [, r, g, b]])   colours 0..1
 *   c:rect(x, y, w, h [, r, g, b])
 *   c:text(x, y, text [, scale [, r, g, b]])   c:text_size(text [, scale])
 *   c:save(path)  c:close() */
#include "../view/view.h"
#include "bind.h"
#include "sandbox.h"

#define NAME "canvas"

static tt_view *check(lua_State *L)
{
	return tt_bind_check_box(L, 1, NAME);
}

static tt_color color_at(lua_State *L, int arg)
{
	tt_color c = {255, 255, 255, 255};
	uint8_t *ch[] = {&c.r, &c.g, &c.b};
	for (int i = 0; i < 3; i++) {
		double x = luaL_optnumber(L, arg + i, 1.0);
		*ch[i] = (uint8_t)(x <= 0 ? 0 : x >= 1 ? 255 : x * 255 + 0.5);
	}
	return c;
}

static int check_scale(lua_State *L, int arg)
{
	lua_Integer scale = luaL_optinteger(L, arg, 1);
	luaL_argcheck(L, scale >= 1 && scale <= TT_VIEW_TEXT_MAX_SCALE, arg,
		      lua_pushfstring(L, "scale must be an integer in [1, %d]",
				      TT_VIEW_TEXT_MAX_SCALE));
	return (int)scale;
}

static int c_line(lua_State *L)
{
	tt_view *v = check(L);
	tt_view_canvas_line(v, tt_bind_check_float(L, 2), tt_bind_check_float(L, 3),
			    tt_bind_check_float(L, 4), tt_bind_check_float(L, 5),
			    (float)luaL_optnumber(L, 6, 2.0), color_at(L, 7));
	return 0;
}

static int c_rect(lua_State *L)
{
	tt_view *v = check(L);
	tt_view_canvas_rect(v, tt_bind_check_float(L, 2), tt_bind_check_float(L, 3),
			    tt_bind_check_float(L, 4), tt_bind_check_float(L, 5),
			    color_at(L, 6));
	return 0;
}

static int c_text(lua_State *L)
{
	tt_view *v = check(L);
	tt_view_canvas_text(v, tt_bind_check_float(L, 2), tt_bind_check_float(L, 3),
			    luaL_checkstring(L, 4), check_scale(L, 5), color_at(L, 6));
	return 0;
}

static int c_text_size(lua_State *L)
{
	float w, h;
	check(L);
	tt_view_canvas_text_size(luaL_checkstring(L, 2), check_scale(L, 3), &w, &h);
	lua_pushnumber(L, w);
	lua_pushnumber(L, h);
	return 2;
}

static int c_save(lua_State *L)
{
	char err[512];
	tt_view *v = check(L);
	if (tt_view_screenshot(v, tt_sandbox_path(L, 2, 1), err, sizeof err))
		return luaL_error(L, "%s", err);
	return 0;
}

static int c_close(lua_State *L)
{
	tt_view **p = (tt_view **)tt_bind_check_class(L, 1, NAME);
	tt_view_destroy(*p);
	*p = NULL;
	return 0;
}

int tt_bind_canvas_create(lua_State *L)
{
	static const char *const keys[] = {"width", "height", NULL};
	static const luaL_Reg methods[] = {
		{"line", c_line}, {"rect", c_rect}, {"text", c_text},
		{"text_size", c_text_size}, {"save", c_save},
		{"close", c_close}, {NULL, NULL},
	};
	luaL_checktype(L, 1, LUA_TTABLE);
	tt_bind_check_options(L, 1, keys);
	tt_view_def def = tt_view_def_default();
	def.headless = 1;
	def.width = tt_bind_opt_int(L, 1, "width", 800);
	def.height = tt_bind_opt_int(L, 1, "height", 500);
	luaL_argcheck(L, def.width >= 16 && def.height >= 16 && def.width <= 8192 &&
			 def.height <= 8192, 1, "width and height must be 16..8192");
	tt_view **p = (tt_view **)tt_bind_new_box(L, NAME, methods);
	char err[512];
	*p = tt_view_create(&def, err, sizeof err);
	if (!*p)
		return luaL_error(L, "cannot open a canvas: %s", err);
	tt_view_begin(*p);
	return 1;
}
