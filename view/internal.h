/* Private: the view's state and the drawing helpers its files share.
 * Every helper takes screen pixels (x right, y down) unless it says world. */
#ifndef TT_VIEW_INTERNAL_H
#define TT_VIEW_INTERNAL_H

#include <SDL.h>

#include "view.h"

/* The 3D orbit camera (camera3d.c): it circles target at distance, yaw
 * about +y (0 looks down -z, as the 2D view does) and pitch above the
 * ground plane. The rest is derived from them by tt_camera3_update. */
typedef struct tt_camera3 {
	tt_vec3 target;
	float yaw, pitch, distance;  /* radians, radians, metres */
	float fov;                   /* vertical field of view, radians */
	tt_vec3 eye, right, up, forward;
	float near;                  /* nearest depth drawn, metres */
} tt_camera3;

typedef struct tt_depth tt_depth;
typedef struct tt_texture_cache tt_texture_cache;

struct tt_view {
	SDL_Window *window;      /* NULL headless */
	SDL_Renderer *renderer;
	SDL_Surface *surface;    /* headless target, NULL in a window */
	SDL_Texture *canvas;     /* windowed target, so a screenshot can read
				    the last frame after it was presented */
	int width, height;       /* pixels */
	float raster_bias;       /* added to shape vertices: SDL's software
				    rasteriser samples pixels half a pixel
				    off from the GPU ones */
	float center_x, center_y;  /* camera centre, world metres */
	float pixels_per_metre;
	int panning;             /* middle button held */
	float drag_x, drag_y;    /* pointer at the last pan or orbit step */
	int layers;              /* F1: TT_LAYER_* bits */
	tt_rect area;            /* where the scene is drawn (layout.c) */
	tt_rect hud, panel;      /* the docks */
	tt_rect hud_text;        /* what the last HUD's text covered */
	float dock_hud;          /* asked of tt_view_dock: HUD height */
	int dock_panel;          /* ... and a panel */
	tt_rect framed;          /* the area at the last fit or look */
	int moved;               /* panned, zoomed or orbited since */
	float strain_full;       /* strain drawn at full red or blue */
	int is_3d;               /* perspective orbit camera */
	tt_camera3 cam;
	int orbiting;            /* Alt + left button held (3D) */
	int gizmo;               /* draw the axis gizmo at the next flush */
	tt_depth *depth;         /* queued 3D drawing (depth.c) */
	tt_texture_cache *textures;  /* SDL textures of tt_textures */
	long frame;              /* frames begun, for the texture cache */
	uint8_t *cloth_nodes;    /* this frame: 1 per particle of a cloth */
};

/* ---- layout.c ------------------------------------------------------------ */

/// Lay out the docks and the area again for the window's size.
void tt_view_relayout(tt_view *view);
/// The camera was just framed: the area is the framed one, nothing moved.
void tt_view_camera_framed(tt_view *view);
/// The centre of the scene area, pixels.
float tt_view_area_cx(const tt_view *view);
float tt_view_area_cy(const tt_view *view);

/* ---- draw_colliders.c --------------------------------------------------- */

/// Colliders filled and outlined; with the contact layers, contacts too.
void tt_view_draw_colliders(tt_view *view, tt_world_id world);
/// The contact layers' points and normals (as view->layers asks), 2D or
/// 3D (queued).
void tt_view_draw_contacts(tt_view *view, tt_world_id world);

/* ---- draw_colliders3.c -------------------------------------------------- */

/// 3D colliders as lit solids, queued: with backdrop set, the planes seen
/// from their open side (to be flushed before the rest is queued); else
/// all but planes.
void tt_view_draw_colliders3(tt_view *view, tt_world_id world, int backdrop);

/* ---- draw_world.c, draw_softbody.c ------------------------------------ */

/// White at strain 0, to red stretched and blue compressed, full at
/// |strain| = full.
tt_color tt_view_strain_color(float strain, float full);
/// Every soft body filled (cells, strain-coloured on the strain layer)
/// and outlined.
void tt_view_draw_softbodies(tt_view *view, tt_world_id world);
/// One soft body's cells filled with texture (NULL: plain) tinted by color.
void tt_view_draw_softbody(tt_view *view, tt_softbody_id body,
			   const tt_texture *texture, tt_color color);

/* ---- draw_cloth.c ------------------------------------------------------- */

/// Mark the particles of every cloth for this frame (NULL: none).
const uint8_t *tt_view_cloth_begin(tt_view *view, tt_world_id world);
/// Is a spring between particles a and b (or a particle: a = b) a cloth's,
/// left to the cloth's own drawing (not with the debug layer)?
int tt_view_cloth_hides(const tt_view *view, int a, int b);
/// Visible cloths filled; with the debug layer every cloth outlined.
void tt_view_draw_cloths(tt_view *view, tt_world_id world);

/* ---- camera.c ----------------------------------------------------------- */

/// Frame the default box [-5, -5] .. [5, 5].
void tt_view_fit_default(tt_view *view);
/// Move the camera so the world follows the pointer by (dx, dy) pixels.
void tt_view_pan(tt_view *view, float dx, float dy);
/// Zoom by factor, keeping the world point under (sx, sy) in place.
void tt_view_zoom_at(tt_view *view, float sx, float sy, float factor);

/* ---- camera3d.c: the perspective camera (every tt_vec3 in metres) ------ */

/// Recompute eye and axes from target, yaw, pitch, distance.
void tt_camera3_update(tt_camera3 *cam);
/// The default orbit framing [lo, hi] (yaw, pitch kept).
void tt_camera3_fit(tt_view *view, tt_vec3 lo, tt_vec3 hi);
/// Pixels per metre at unit depth.
float tt_camera3_focal(const tt_view *view);
/// p relative to the camera: x right, y up, z the depth along the view.
/// In 2D, pixels from the screen centre and -z as the depth.
tt_vec3 tt_view_to_camera(const tt_view *view, tt_vec3 p);
/// A camera-space point (z > near in 3D) to screen pixels.
void tt_view_camera_to_screen(const tt_view *view, tt_vec3 c, float *sx,
			      float *sy);
/// A world direction along the screen's right and up (and the view):
/// the camera's axes in 3D, v itself in 2D.
tt_vec3 tt_view_screen_direction(const tt_view *view, tt_vec3 v);
void tt_camera3_pan(tt_view *view, float dx, float dy);
void tt_camera3_dolly(tt_view *view, float factor);
tt_vec3 tt_camera3_to_world(const tt_view *view, float sx, float sy);
void tt_camera3_to_screen(const tt_view *view, tt_vec3 p, float *sx,
			  float *sy);

/* ---- depth.c: 3D drawing queued, drawn far to near at a flush ---------- */

tt_depth *tt_depth_create(void);
void tt_depth_destroy(tt_depth *depth);
/// Room for count vertices (whole triangles) at this depth, drawn with
/// texture (or none); NULL when memory runs out (the shape is dropped).
SDL_Vertex *tt_depth_add(tt_view *view, int count, float depth,
			 SDL_Texture *texture);
/// A scratch array of n floats, valid until the next call.
float *tt_depth_scratch(tt_view *view, int n);

/* ---- draw3d.c: lit triangles, lines and discs in camera space ---------- */

enum {
	TT_TRI_CULL = 1,   /* a closed solid: back faces are not drawn, and
			      a face sorts at its farthest corner */
	TT_TRI_UNLIT = 2   /* the colour as given (2D meshes) */
};
/// A triangle given in camera space, uv (3 x u, v, OBJ convention) or
/// NULL, lit by its face normal (two-sided: back faces tinted), clipped at
/// the near plane and queued.
void tt_view_camera_triangle(tt_view *view, const tt_vec3 c[3],
			     const float *uv, SDL_Texture *texture,
			     tt_color color, int flags);
/// A world-space triangle (no uv).
void tt_view_world_triangle(tt_view *view, tt_vec3 a, tt_vec3 b, tt_vec3 c,
			    tt_color color, int flags);
/// A screen-space line width pixels thick, queued at depth (skipped when
/// all of it is off screen).
void tt_view_queue_line(tt_view *view, float x0, float y0, float x1,
			float y1, float width, tt_color color, float depth);
/// A world-space line width pixels thick, queued at its middle's depth
/// (bias shifts that depth, relative).
void tt_view_line3(tt_view *view, tt_vec3 a, tt_vec3 b, float width,
		   tt_color color, float bias);
/// A disc facing the screen at a world point, radius in metres (at least
/// min_pixels), queued at its depth (bias as for lines).
void tt_view_disc3(tt_view *view, tt_vec3 center, float radius,
		   float min_pixels, tt_color color, float bias);
/// Clip segment a-b (camera space) at the near plane; 0 when all of it is
/// behind.
int tt_view_clip_segment(const tt_view *view, tt_vec3 *a, tt_vec3 *b);
/// The axis gizmo at the bottom left (drawn at once).
void tt_view_draw_gizmo(tt_view *view);

/* ---- clip.c: polygons kept within a guard band of the screen ----------- */

/// A polygon's corner on screen: p = {x, y, u, v}.
typedef struct tt_view_spot {
	float p[4];
} tt_view_spot;

#define TT_VIEW_MAX_SPOTS 8  /* a quad clipped by four sides */
/// Clip the polygon (n corners, room for TT_VIEW_MAX_SPOTS) to a band a
/// screen wide around the screen; returns the corners kept.
int tt_view_clip_screen(const tt_view *view, tt_view_spot *spots, int n);

/* ---- draw_world3d.c ---------------------------------------------------- */

/// The 3D debug view: ground grid, springs, particles, gizmo.
void tt_view_draw_world3d(tt_view *view, tt_world_id world);
/* ---- draw_chains.c ------------------------------------------------------ */

/// p with the chains' nodes shown as free particles (a scratch copy of
/// inv_mass, valid while drawing the world).
tt_particle_view tt_view_chain_particles(tt_view *view, tt_world_id world,
					 tt_particle_view p);
/// Every chain as a line through its nodes, coloured by its LOD level.
void tt_view_draw_chains(tt_view *view, tt_world_id world, tt_particle_view p);

/* ---- draw_world.c: what the 2D and 3D views share ---------------------- */

/// Spring i is drawn: its ends exist and it is no rope's tether.
int tt_view_spring_shown(tt_particle_view p, tt_spring_view s, int i);
/// Spring i's strain, (length - rest) / rest.
float tt_view_spring_strain(tt_particle_view p, tt_spring_view s, int i);
/// Spring i's strain colour.
tt_color tt_view_spring_color(const tt_view *view, tt_particle_view p,
			      tt_spring_view s, int i);

/* ---- texture.c ---------------------------------------------------------- */

/// The view's texture cache; 0 when out of memory.
int tt_view_textures_open(tt_view *view);
/// The SDL texture of t on this view's renderer (made on first use).
SDL_Texture *tt_view_texture(tt_view *view, const tt_texture *t);
/// Drop the SDL textures not used for a while (a new frame began).
void tt_view_textures_age(tt_view *view);
void tt_view_textures_release(tt_view *view);

/* ---- shapes.c ----------------------------------------------------------- */

/// A line width pixels thick, drawn as a quad.
void tt_view_line(tt_view *view, float x0, float y0, float x1, float y1,
		  float width, tt_color color);
/// A filled disc of radius r pixels.
void tt_view_disc(tt_view *view, float x, float y, float r, tt_color color);
/// A circle outline of radius r, width pixels thick.
void tt_view_ring(tt_view *view, float x, float y, float r, float width,
		  tt_color color);
/// A filled convex polygon of n (3 to 64) corners, in order.
void tt_view_convex(tt_view *view, const float *x, const float *y, int n,
		    tt_color color);
/// The four corners (x, y pairs) of tt_view_line's quad.
void tt_view_line_corners(float x0, float y0, float x1, float y1,
			  float width, float corners[8]);
/// How many segments tt_view_disc gives a disc of radius r pixels.
int tt_view_disc_segments(float r);
/// A filled axis-aligned rectangle.
void tt_view_rect(tt_view *view, float x, float y, float w, float h,
		  tt_color color);

/* ---- screenshot.c ------------------------------------------------------- */

/// The last frame drawn as opaque R, G, B, A bytes, w x h (malloc'd; the
/// caller frees), or NULL with err set.
unsigned char *tt_view_read_frame(tt_view *view, int *w, int *h, char *err,
				  size_t err_size);

/* ---- text.c: stb_easy_font glyphs, scale pixels per font unit ----------- */

/// Height of one line of text.
int tt_view_text_line_height(int scale);
/// Width of the first n bytes of s, drawn on one line.
float tt_view_text_width(const char *s, int n, int scale);
/// How many of the first n bytes of s fit in max_width pixels (at least 1
/// when n > 0, so wrapping always advances).
int tt_view_text_fit(const char *s, int n, int scale, float max_width);
/// Draw the first n bytes of s on one line, top left at (x, y).
void tt_view_text_line(tt_view *view, float x, float y, const char *s, int n,
		       int scale, tt_color color);
/// Draw '\n'-separated lines, top left at (x, y).
void tt_view_text(tt_view *view, float x, float y, const char *text, int scale,
		  tt_color color);
/// The size of what tt_view_text would draw.
void tt_view_text_size(const char *text, int scale, float *w, float *h);

#endif
