/* taut view — the one public header of the SDL2 viewport.
 *
 * The same drawing goes to a window or, headless, to a software surface
 * (no display, X server or GPU needed). The view reads core state to draw
 * it and never changes physics; the runtime in lua/ drives it. */
#ifndef TT_VIEW_H
#define TT_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "../core/taut.h"

typedef struct tt_view tt_view;

typedef struct tt_color {
	uint8_t r, g, b, a;
} tt_color;

typedef struct tt_view_def {
	int width, height;  /* pixels, default 1280 x 720 */
	int headless;       /* draw to a software surface, no window */
	const char *title;  /* window title */
} tt_view_def;

/// 1280 x 720, windowed, titled "taut".
tt_view_def tt_view_def_default(void);
/// Open a window (or a headless surface). On failure returns NULL and
/// writes the reason (SDL's error) to err.
tt_view *tt_view_create(const tt_view_def *def, char *err, size_t err_size);
void tt_view_destroy(tt_view *view);
void tt_view_size(const tt_view *view, int *width, int *height);

/* ---- camera: 2D orthographic, y up ------------------------------------- */

/// Frame the box [lo, hi] (world metres) with a margin; keeps aspect.
void tt_view_fit(tt_view *view, tt_vec3 lo, tt_vec3 hi);
/// Frame every particle of the world (a default box when it has none).
void tt_view_fit_world(tt_view *view, tt_world_id world);
tt_vec3 tt_view_to_world(const tt_view *view, float sx, float sy);
void tt_view_to_screen(const tt_view *view, tt_vec3 p, float *sx, float *sy);
/// Pixels per metre at the current zoom.
float tt_view_scale(const tt_view *view);

/* ---- input --------------------------------------------------------------
 * Camera input (middle drag pans, wheel zooms) is handled inside the view
 * and not reported. Everything else is. */

typedef enum tt_input_kind {
	TT_INPUT_QUIT,
	TT_INPUT_KEY_DOWN,
	TT_INPUT_KEY_UP,
	TT_INPUT_MOUSE_DOWN,
	TT_INPUT_MOUSE_UP,
	TT_INPUT_MOUSE_MOVE
} tt_input_kind;

typedef struct tt_input {
	tt_input_kind kind;
	char key[32];     /* LÖVE-style names: "a", "space", "escape", "f12", "." */
	int ctrl, shift;  /* modifier state with a key */
	int button;       /* 1 left, 2 middle, 3 right */
	float sx, sy;     /* pointer, screen pixels */
	tt_vec3 world;    /* pointer, world metres */
} tt_input;

/// Next pending input; 0 when none (always 0 headless).
int tt_view_poll(tt_view *view, tt_input *out);

/* ---- draw lists: what a scene's draw(g) asks for, in world units -------- */

typedef struct tt_drawlist tt_drawlist;

tt_drawlist *tt_drawlist_create(void);
void tt_drawlist_destroy(tt_drawlist *list);
void tt_drawlist_clear(tt_drawlist *list);
/// width in pixels.
void tt_drawlist_line(tt_drawlist *list, tt_vec3 a, tt_vec3 b, tt_color color,
		      float width);
/// radius in metres.
void tt_drawlist_circle(tt_drawlist *list, tt_vec3 center, float radius,
			tt_color color, int filled);
/// Text anchored at a world point, fixed pixel size.
void tt_drawlist_text(tt_drawlist *list, tt_vec3 at, const char *text,
		      tt_color color);

/* ---- a frame ------------------------------------------------------------ */

/// Clear to the background colour.
void tt_view_begin(tt_view *view);
/// Springs coloured by strain (blue compressed, white at rest, red
/// stretched), particles as discs, pinned particles marked.
void tt_view_draw_world(tt_view *view, tt_world_id world);
/// The wind layer: an arrow grid of the air's velocity (draw_wind.c);
/// nothing when the world has no wind field.
void tt_view_draw_wind(tt_view *view, tt_world_id world);
void tt_view_draw_list(tt_view *view, const tt_drawlist *list);
/// The debug layer (F1): contact points and their normals.
void tt_view_set_debug(tt_view *view, int on);
int tt_view_get_debug(const tt_view *view);
/// Lines of text ('\n'-separated) at the top left, on a dim backing.
void tt_view_draw_hud(tt_view *view, const char *text);
/// A red overlay box with the error message and traceback.
void tt_view_draw_error(tt_view *view, const char *text);
/// A warning in red just under the HUD drawn with the text hud.
void tt_view_draw_hud_warning(tt_view *view, const char *hud,
			      const char *warning);
/// A figure for the HUD: fixed decimals while modest, %.3g when huge, and
/// "not finite" for inf or NaN (the HUD never prints inf).
void tt_view_format_figure(char *out, size_t size, double value, int decimals);
/* ---- tuning panel (panel.c): sliders at the top right ------------------ */

/// One slider (or a toggle when is_bool; value 0 or 1).
typedef struct tt_panel_item {
	const char *name;
	double value, min, max;
	int is_bool;
} tt_panel_item;

/// Draw the panel; active is the row being dragged, or -1.
void tt_view_draw_panel(tt_view *view, const tt_panel_item *items, int count,
			int active);
/// The row under the pointer (screen pixels), or -1.
int tt_view_panel_pick(const tt_view *view, int count, float sx, float sy);
/// The value the pointer at sx asks of a slider (a toggle flips).
double tt_view_panel_value(const tt_view *view, const tt_panel_item *item,
			   float sx);

/* ---- canvas (canvas.c): screen-pixel drawing for plots ----------------- */

/// A line width pixels thick, (x, y) pixels from the top left.
void tt_view_canvas_line(tt_view *view, float x0, float y0, float x1,
			 float y1, float width, tt_color color);
/// A filled rectangle.
void tt_view_canvas_rect(tt_view *view, float x, float y, float w, float h,
			 tt_color color);
/// '\n'-separated text, top left at (x, y), scale pixels per font unit.
void tt_view_canvas_text(tt_view *view, float x, float y, const char *text,
			 int scale, tt_color color);
/// The size in pixels that text takes.
void tt_view_canvas_text_size(const char *text, int scale, float *w, float *h);

/// Show the frame (no-op headless).
void tt_view_end(tt_view *view);
/// Write what was last drawn to a PNG. 0 on success, else -1 with err set.
int tt_view_screenshot(tt_view *view, const char *path, char *err,
		       size_t err_size);

/* ---- blade: a slash's trail and the flashes of cut points (blade.c) ---- */

typedef struct tt_blade tt_blade;

tt_blade *tt_blade_create(void);
void tt_blade_destroy(tt_blade *blade);
/// The blade passed a world point; starts: a new stroke (not joined).
void tt_blade_trail(tt_blade *blade, tt_vec3 point, int starts);
/// A flash at every cut the world's last step reported.
void tt_blade_flash_cuts(tt_blade *blade, tt_world_id world);
/// Draw the trail and the flashes, then age them by one frame.
void tt_view_draw_blade(tt_view *view, tt_blade *blade);

/// Seconds since an arbitrary origin, for frame timing.
double tt_view_clock(void);

#endif
