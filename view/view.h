/* taut view — the one public header of the SDL2 viewport.
 *
 * The same drawing goes to a window or, headless, to a software surface
 * (no display, X server or GPU needed). The view reads core state to draw
 * it and never changes physics; the runtime in lua/ drives it. */
#ifndef TT_VIEW_H
#define TT_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "../core/mesh.h"
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

/* ---- layout (layout.c): docks for the HUD and panel, the scene between --
 * The HUD is a strip across the top, the tuning panel a column at the
 * right below it; the scene is drawn (clipped) in the rectangle they leave
 * and the camera frames it there. Rectangles are in window pixels. */

typedef struct tt_rect {
	float x, y, w, h;
} tt_rect;

/// Whole pixels per font unit for the overlays: 1 at 640 x 480, 2 at
/// 1280 x 720, 3 at 1920 x 1080, 6 at 4K (the smaller of w / 640, h / 360).
int tt_view_text_scale(const tt_view *view);
/// Dock a HUD strip hud_height pixels tall (0: none) and, when panel is
/// set, the panel column. 1 when the scene area is not the one the camera
/// was last framed in (a resize, H, a taller HUD): the caller reframes
/// unless the user moved the camera.
int tt_view_dock(tt_view *view, float hud_height, int panel);
tt_rect tt_view_scene_rect(const tt_view *view);
tt_rect tt_view_hud_rect(const tt_view *view);   /* h 0 when none */
tt_rect tt_view_panel_rect(const tt_view *view); /* w 0 when none */
/// 1 when the user panned, zoomed or orbited since the last fit or look.
int tt_view_camera_moved(const tt_view *view);
/// Clip what is drawn next to the scene area (on), or not (off).
void tt_view_clip_scene(tt_view *view, int on);
/// Rename the window (no-op headless).
void tt_view_set_title(tt_view *view, const char *title);
/// Write the rectangles, a line each ("scene x y w h", then hud, text (the
/// HUD's text) and panel), and "scale s": --layout. 0 and err on failure.
int tt_view_write_layout(const tt_view *view, const char *path, char *err,
			 size_t err_size);

/* ---- camera: 2D orthographic, y up ------------------------------------- */

/// Frame the box [lo, hi] (world metres) with a margin; keeps aspect.
void tt_view_fit(tt_view *view, tt_vec3 lo, tt_vec3 hi);
/// Frame every particle of the world (a default box when it has none).
void tt_view_fit_world(tt_view *view, tt_world_id world);
tt_vec3 tt_view_to_world(const tt_view *view, float sx, float sy);
void tt_view_to_screen(const tt_view *view, tt_vec3 p, float *sx, float *sy);
/// Pixels per metre at the current zoom.
float tt_view_scale(const tt_view *view);

/* ---- camera: 3D perspective orbit (camera3d.c) ---------------------------
 * A 3D view hands the calls above to the orbit camera: fit frames a box
 * (its bounding sphere), to_world gives the point under the pointer on the
 * plane through the target facing the camera, scale is pixels per metre
 * at the target's depth; pan moves the target, the wheel dollies. */

/// Switch to the orbit camera (on; a default framing the first time) or
/// back to the 2D one.
void tt_view_set_3d(tt_view *view, int on);
int tt_view_is_3d(const tt_view *view);
/// Look from eye at target.
void tt_view_look(tt_view *view, tt_vec3 eye, tt_vec3 target);
/// Orbit about the target by a pointer drag of (dx, dy) pixels.
void tt_view_orbit(tt_view *view, float dx, float dy);
tt_vec3 tt_view_eye(const tt_view *view);
/// The ray under screen point (sx, sy): origin (the eye) and unit
/// direction. In 2D it points down -z from high above the point.
void tt_view_ray(const tt_view *view, float sx, float sy, tt_vec3 *origin,
		 tt_vec3 *dir);
/// Where the ray under (sx, sy) meets the plane through `through` that
/// faces the camera (the plane a 3D grab drags in).
tt_vec3 tt_view_facing_point(const tt_view *view, float sx, float sy,
			     tt_vec3 through);
/// The particle nearest the ray under (sx, sy), measured on screen, within
/// reach_pixels (pick.c); null when none.
tt_particle_id tt_view_pick(const tt_view *view, tt_world_id world, float sx,
			    float sy, float reach_pixels);

/* A pointer in view units: in 3D where its ray crosses the image plane a
 * metre in front of the eye (x along the camera's right, y its up), which
 * names the same ray at any window size (pixels do not: the focal length
 * follows the area's height), so a recording holds it; in 2D the screen's
 * pixels. The calls above are these at tt_view_point_at(sx, sy). */
typedef struct tt_view_point {
	float x, y;
} tt_view_point;

tt_view_point tt_view_point_at(const tt_view *view, float sx, float sy);
/// Where p is on the screen (pixels).
void tt_view_point_to_screen(const tt_view *view, tt_view_point p, float *sx,
			     float *sy);
/// Pixels per view unit: the focal length in 3D, 1 in 2D.
float tt_view_pixels_per_unit(const tt_view *view);
void tt_view_ray_at(const tt_view *view, tt_view_point p, tt_vec3 *origin,
		    tt_vec3 *dir);
tt_vec3 tt_view_facing_point_at(const tt_view *view, tt_view_point p,
				tt_vec3 through);
/// tt_view_pick with the reach in view units.
tt_particle_id tt_view_pick_at(const tt_view *view, tt_world_id world,
			       tt_view_point p, float reach);

/// The orbit camera's pose: what it circles, its angles, its distance and
/// field of view (the rest derives from these), so a replay can set it.
typedef struct tt_view_pose {
	tt_vec3 target;
	float yaw, pitch, distance, fov;  /* radians, radians, metres, radians */
} tt_view_pose;

tt_view_pose tt_view_get_pose(const tt_view *view);
/// Set the pose; it counts as a move of the user's (no reframing after).
void tt_view_set_pose(tt_view *view, const tt_view_pose *pose);

/* ---- inspection (inspect.c): what a click on a paused world picked ----- */

typedef struct tt_pick {
	tt_particle_id particle;  /* null when a spring (or nothing) was picked */
	tt_spring_id spring;
} tt_pick;

/// What is under (sx, sy): a particle within a few pixels, else a spring
/// within a few, else the particle nearest within reach pixels.
tt_pick tt_view_pick_object(const tt_view *view, tt_world_id world, float sx,
			    float sy, float reach_pixels);
/// A mark on what was picked and a card at the bottom left of the scene:
/// id, mass, position, velocity, strain, force, the rope it belongs to.
/// Nothing when it is gone.
void tt_view_draw_inspect(tt_view *view, tt_world_id world, tt_pick pick);
/// The card's text, '\n'-separated; 0 when what was picked is gone.
int tt_view_inspect_text(tt_world_id world, tt_pick pick, char *out,
			 size_t size);

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

/* ---- textures (texture.c): RGBA pixels any view can draw --------------- */

typedef struct tt_texture tt_texture;

/// Read an image file (PNG, JPG, TGA, BMP... through stb_image). NULL and
/// err ("cannot read texture 'x.png' (No such file or directory)", or
/// "cannot decode ...") on failure.
tt_texture *tt_texture_load(const char *path, char *err, size_t err_size);
/// A texture from width x height RGBA bytes (copied); NULL when out of
/// memory or the size is not in 1..16384.
tt_texture *tt_texture_create(int width, int height, const uint8_t *rgba);
void tt_texture_destroy(tt_texture *texture);
void tt_texture_size(const tt_texture *texture, int *width, int *height);

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

/// A mesh with a texture (or NULL), tinted by color, read through the
/// caller's handles when the list is drawn: the handles must live until
/// then, and one set to NULL meanwhile (its object closed) is skipped.
void tt_drawlist_mesh(tt_drawlist *list, const tt_mesh *const *mesh,
		      const tt_texture *const *texture, tt_color color);
/// A 2D soft body filled, its cells textured (NULL: plain) and tinted by
/// color, as the list is drawn; texture a handle as for meshes.
void tt_drawlist_softbody(tt_drawlist *list, tt_softbody_id body,
			  const tt_texture *const *texture, tt_color color);

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
/// A soft body's standing outline edges, width pixels (a selection mark;
/// tt_view_draw_world fills and outlines every body already).
void tt_view_draw_softbody_outline(tt_view *view, tt_softbody_id body,
				   tt_color color, float width);
/* ---- debug layers (layers.c): what F1 cycles through -------------------- */

enum {
	TT_LAYER_CONTACTS = 1,  /* contact points of the last substep */
	TT_LAYER_NORMALS = 2,   /* contact normals */
	TT_LAYER_STRAIN = 4,    /* strain colours scaled to the largest, with
				   a legend */
	TT_LAYER_WIND = 8,      /* the wind's arrows */
	TT_LAYER_IDS = 16       /* each particle's index */
};
/// The layers shown (TT_LAYER_* bits; TT_LAYER_WIND at start).
void tt_view_set_layers(tt_view *view, int layers);
int tt_view_get_layers(const tt_view *view);
/// F1: the next of the named sets wind, contacts, normals (with the
/// contacts), strain, ids, none, then wind again; returns its name.
const char *tt_view_cycle_layers(tt_view *view);
/// The name of the set shown ("custom" when it is none of those).
const char *tt_view_layers_name(const tt_view *view);
/// Particle indices (ids layer) and the strain legend (strain layer), over
/// the world; call after tt_view_draw_world.
void tt_view_draw_layers(tt_view *view, tt_world_id world);
/* ---- 3D drawing: queued, then drawn far to near by tt_view_flush ---------
 * tt_view_draw_list and tt_view_end flush, so what is queued before the
 * scene's list sorts together with it. */

/// Draw what is queued, far to near, then the axis gizmo of a 3D world.
void tt_view_flush(tt_view *view);
/// A mesh (draw_mesh.c): lit by face normal in 3D (two-sided, back faces
/// tinted), as given in 2D; texture NULL for the colour alone.
void tt_view_draw_mesh(tt_view *view, const tt_mesh *mesh,
		       const tt_texture *texture, tt_color color);

/* Lit solids (solids.c), for 3D colliders. A rotation is a unit
 * quaternion {w, x, y, z}, NULL for none. */

void tt_view_draw_sphere(tt_view *view, tt_vec3 center, float radius,
			 tt_color color);
/// Its axis is the local x: end centres at center -+ half_length along it.
void tt_view_draw_capsule(tt_view *view, tt_vec3 center, const float *rotation,
			  float radius, float half_length, tt_color color);
void tt_view_draw_box(tt_view *view, tt_vec3 center, const float *rotation,
		      tt_vec3 half_extents, tt_color color);
/// A square patch, half_size each way from point, checkered.
void tt_view_draw_plane(tt_view *view, tt_vec3 point, tt_vec3 normal,
			float half_size, tt_color color);
/// The convex hull of points (local, at most 64), turned and placed.
void tt_view_draw_hull(tt_view *view, tt_vec3 center, const float *rotation,
		       const tt_vec3 *points, int count, tt_color color);

/// Any of them from one description (what g:solid{} records).
typedef enum tt_solid_shape {
	TT_SOLID_SPHERE,
	TT_SOLID_CAPSULE,
	TT_SOLID_BOX,
	TT_SOLID_PLANE,
	TT_SOLID_HULL
} tt_solid_shape;

typedef struct tt_solid {
	tt_solid_shape shape;
	tt_vec3 center;          /* a plane: a point on it */
	float rotation[4];       /* w, x, y, z; {1, 0, 0, 0} for none */
	float radius;            /* sphere, capsule */
	float half_length;       /* capsule */
	tt_vec3 half_extents;    /* box */
	tt_vec3 normal;          /* plane */
	float half_size;         /* plane */
	const tt_vec3 *points;   /* hull, local */
	int point_count;
} tt_solid;

void tt_view_draw_solid(tt_view *view, const tt_solid *solid, tt_color color);
/// A solid into a draw list (its points copied).
void tt_drawlist_solid(tt_drawlist *list, const tt_solid *solid,
		       tt_color color);

/// The height the HUD strip needs for text: '\n'-separated lines, each
/// wrapped between its items (separated by two spaces) to the width.
float tt_view_hud_height(const tt_view *view, const char *text);
/// Draw text so in the HUD strip (the first line brighter).
void tt_view_draw_hud(tt_view *view, const char *text);
/// Where the last HUD's text went (its bounding box).
tt_rect tt_view_hud_text_rect(const tt_view *view);
/// The error bar at the bottom of the scene area: the message's first
/// line and a hint; expanded, the traceback above it, clipped.
void tt_view_draw_error(tt_view *view, const char *text, int expanded);
/// A short message centred near the bottom of the scene area, fading as
/// alpha (0..1) falls.
void tt_view_draw_toast(tt_view *view, const char *text, float alpha);
/// A state that lasts (paused, recording) centred at the top of the scene
/// area, where it is seen without moving the HUD.
void tt_view_draw_badge(tt_view *view, const char *text);
/// A warning (a non-finite state...) in red at the top of the scene
/// area, under the badge.
void tt_view_draw_warning(tt_view *view, const char *text);
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
/// Text scales are whole pixels per font unit, 1 (a line 12 px high) up to
/// this (past any screen); a scale outside is held to the range.
#define TT_VIEW_TEXT_MAX_SCALE 1024
/// '\n'-separated text, top left at (x, y), scale pixels per font unit.
void tt_view_canvas_text(tt_view *view, float x, float y, const char *text,
			 int scale, tt_color color);
/// The size in pixels that text takes.
void tt_view_canvas_text_size(const char *text, int scale, float *w, float *h);
/// An image stretched over the rectangle (x, y, w, h).
void tt_view_canvas_image(tt_view *view, const tt_texture *texture, float x,
			  float y, float w, float h);

/// Show the frame (no-op headless).
void tt_view_end(tt_view *view);
/// Write what was last drawn to a PNG. 0 on success, else -1 with err set.
int tt_view_screenshot(tt_view *view, const char *path, char *err,
		       size_t err_size);

/* ---- animated GIFs (gif.c, through giflib) ----------------------------- */

typedef struct tt_gif tt_gif;

/// Start a looping GIF of the view's frames at path; NULL and err on
/// failure.
tt_gif *tt_gif_open(const tt_view *view, const char *path, char *err,
		    size_t err_size);
/// Add what was last drawn, shown for seconds. 0 and err on failure (the
/// view changed size, a write failed): close the GIF then.
int tt_gif_frame(tt_gif *gif, tt_view *view, double seconds, char *err,
		 size_t err_size);
int tt_gif_frames(const tt_gif *gif);
/// Finish the file and free gif. 0 and err when the file cannot be
/// finished.
int tt_gif_close(tt_gif *gif, char *err, size_t err_size);

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
