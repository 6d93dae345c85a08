/* Soft bodies drawn filled: each standing cell (a grid's quads, a ring's
 * fan triangles about its centre, a polygon's triangles) as a polygon in
 * the body's colour, then the standing outline edges on top. On the
 * strain layer (F1) each cell is coloured by its area strain instead:
 * area / rest - 1, blue squashed, white at rest, red stretched. Corners
 * carry the body's texture coordinates, so a texture maps on as is: a
 * scene's g:softbody(body, texture) draws the cells again over the debug
 * view, textured (tt_view_draw_softbody). */
#include <math.h>

#include "fill.h"

#define CELL_FULL_STRAIN 0.2f   /* area strain shown at full red or blue */
#define OUTLINE_WIDTH 2.0f

static const tt_color palette[] = {
	{236, 112, 140, 255}, {118, 200, 146, 255}, {108, 166, 238, 255},
	{242, 186, 86, 255},  {178, 138, 228, 255}, {90, 204, 206, 255},
};
#define PALETTE (int)(sizeof palette / sizeof palette[0])

static tt_color lighter(tt_color c)
{
	return (tt_color){(uint8_t)((c.r + 255) / 2), (uint8_t)((c.g + 255) / 2),
			  (uint8_t)((c.b + 255) / 2), 255};
}

/* A body's nodes on screen, and its centre (world and screen). */
typedef struct body_frame {
	tt_softbody_view v;
	tt_particle_view p;
	float cx, cy, cu, cv;    /* centre, world metres, and its uv */
} body_frame;

static int frame_of(tt_softbody_id id, tt_particle_view p, body_frame *f)
{
	f->v = tt_softbody_get_view(id);
	f->p = p;
	float sx = 0.0f, sy = 0.0f, su = 0.0f, sv = 0.0f;
	int n = 0;
	for (int k = 0; k < f->v.outline_count; k++) {
		int node = f->v.outline[k], i = f->v.particle[node];
		if (i < 0)
			continue;
		sx += p.x[i], sy += p.y[i], su += f->v.u[node], sv += f->v.v[node];
		n++;
	}
	if (n == 0)
		return 0;
	f->cx = sx / (float)n, f->cy = sy / (float)n;
	f->cu = su / (float)n, f->cv = sv / (float)n;
	return 1;
}

/* Corner c of cell k: world position and uv. */
static void corner(const body_frame *f, int k, int c, float *x, float *y,
		   float *u, float *v)
{
	int node = f->v.cells[4 * k + c];
	if (node < 0) {
		*x = f->cx, *y = f->cy, *u = f->cu, *v = f->cv;
		return;
	}
	int i = f->v.particle[node];
	*x = f->p.x[i], *y = f->p.y[i], *u = f->v.u[node], *v = f->v.v[node];
}

/* Cell k of f in color (by its area strain on the strain layer, if
 * strained). */
static void fill_cell(tt_view *view, tt_fill *fill, const body_frame *f,
		      int k, tt_color color, int strained)
{
	tt_fill_corner c[4];
	float wx[4], wy[4], area = 0.0f;
	int n = f->v.cells[4 * k + 3] == -2 ? 3 : 4;
	for (int i = 0; i < n; i++) {
		corner(f, k, i, &wx[i], &wy[i], &c[i].u, &c[i].v);
		tt_view_to_screen(view, (tt_vec3){wx[i], wy[i], 0.0f}, &c[i].x,
				  &c[i].y);
	}
	for (int i = 0; i < n; i++)
		area += wx[i] * wy[(i + 1) % n] - wx[(i + 1) % n] * wy[i];
	float rest = f->v.cell_rest[k];
	if (strained && (view->layers & TT_LAYER_STRAIN) && rest > 0.0f)
		color = tt_view_strain_color(0.5f * area / rest - 1.0f,
					     CELL_FULL_STRAIN);
	tt_fill_polygon(fill, c, n, color);
}

/* The standing cells of f, with texture (or none). */
static void fill_cells(tt_view *view, const body_frame *f,
		       SDL_Texture *texture, tt_color color, int strained)
{
	tt_fill fill;
	tt_fill_begin(&fill, view, texture);
	for (int k = 0; k < f->v.cell_count; k++)
		if (f->v.cell_open[k])
			fill_cell(view, &fill, f, k, color, strained);
	tt_fill_end(&fill);
}

/* The outline as the particles make it: each edge a band as wide as its
 * nodes (the skin contacts see), the nodes discs, at least width wide. */
static void draw_outline(tt_view *view, const body_frame *f, tt_color color,
			 float width)
{
	int n = f->v.outline_count;
	float scale = tt_view_scale(view);
	for (int k = 0; k < n; k++) {
		if (!f->v.edge_open[k])
			continue;
		int i = f->v.particle[f->v.outline[k]];
		int j = f->v.particle[f->v.outline[(k + 1) % n]];
		float x0, y0, x1, y1, r = f->p.radius[i] * scale;
		tt_view_to_screen(view, (tt_vec3){f->p.x[i], f->p.y[i], 0.0f}, &x0, &y0);
		tt_view_to_screen(view, (tt_vec3){f->p.x[j], f->p.y[j], 0.0f}, &x1, &y1);
		tt_view_line(view, x0, y0, x1, y1, fmaxf(width, 2.0f * r), color);
		if (2.0f * r > width)
			tt_view_disc(view, x0, y0, r, color);
	}
}

void tt_view_draw_softbodies(tt_view *view, tt_world_id world)
{
	tt_particle_view p = tt_world_particles(world);
	for (int b = 0; b < tt_world_softbody_count(world); b++) {
		body_frame f;
		if (!frame_of(tt_world_softbody_at(world, b), p, &f))
			continue;
		tt_color color = palette[b % PALETTE];
		fill_cells(view, &f, NULL, color, 1);
		draw_outline(view, &f, lighter(color), OUTLINE_WIDTH);
	}
}

void tt_view_draw_softbody(tt_view *view, tt_softbody_id body,
			   const tt_texture *texture, tt_color color)
{
	body_frame f;
	if (tt_softbody_valid(body) &&
	    frame_of(body, tt_world_particles(body.world), &f))
		fill_cells(view, &f, texture ? tt_view_texture(view, texture) : NULL,
			   color, 0);
}

void tt_view_draw_softbody_outline(tt_view *view, tt_softbody_id body,
				   tt_color color, float width)
{
	body_frame f;
	tt_world_id world = body.world;
	if (tt_softbody_valid(body) && frame_of(body, tt_world_particles(world), &f))
		draw_outline(view, &f, color, width);
}
