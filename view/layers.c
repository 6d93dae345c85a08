/* The debug layers F1 cycles through, each a bit of view->layers: the
 * contact points and their normals (draw_colliders.c), the wind's arrows
 * (draw_wind.c), strain colours stretched to the most strained spring
 * (draw_world.c) with the legend drawn here, and particle ids drawn here.
 * Layers only read the world. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define LEGEND_SLICES 32
#define MAX_CELLS 65536  /* label cells; a bigger screen labels its top */

static const tt_color label_color = { 200, 210, 120, 255 };
static const tt_color legend_text = { 225, 228, 232, 255 };
static const tt_color legend_backing = { 0, 0, 0, 160 };

/* F1's cycle: each named set of layers shown in turn, from the first. */
static const struct {
	const char *name;
	int layers;
} cycle[] = {
	{"wind", TT_LAYER_WIND},
	{"contacts", TT_LAYER_CONTACTS},
	{"normals", TT_LAYER_CONTACTS | TT_LAYER_NORMALS},
	{"strain", TT_LAYER_STRAIN},
	{"ids", TT_LAYER_IDS},
	{"none", 0},
};
#define CYCLE (int)(sizeof cycle / sizeof cycle[0])

void tt_view_set_layers(tt_view *view, int layers)
{
	view->layers = layers;
}

int tt_view_get_layers(const tt_view *view)
{
	return view->layers;
}

static int cycle_index(const tt_view *view)
{
	for (int i = 0; i < CYCLE; i++)
		if (cycle[i].layers == view->layers)
			return i;
	return -1;
}

const char *tt_view_cycle_layers(tt_view *view)
{
	view->layers = cycle[(cycle_index(view) + 1) % CYCLE].layers;
	return tt_view_layers_name(view);
}

const char *tt_view_layers_name(const tt_view *view)
{
	int i = cycle_index(view);
	return i < 0 ? "custom" : cycle[i].name;
}

/* A label in this cell or one next to it (labels overflow their cell). */
static int near_taken(const unsigned char *taken, int cell, int cols,
		      int cells)
{
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++) {
			int c = cell + dy * cols + dx;
			if (c >= 0 && c < cells && c < MAX_CELLS && taken[c])
				return 1;
		}
	return 0;
}

/* "#index1" beside each particle in the scene area; where labels would
 * pile up, the first near a cell of the screen keeps it (a coarse grid the
 * size of a short label), so dense ropes stay readable. */
static void draw_ids(tt_view *view, tt_world_id world)
{
	static unsigned char taken[MAX_CELLS];
	tt_particle_view p = tt_world_particles(world);
	int scale = tt_view_text_scale(view);
	float u = (float)scale, cw = 20.0f * u, ch = 9.0f * u;
	tt_rect a = view->area;
	int cols = (int)(a.w / cw) + 1, cells = cols * ((int)(a.h / ch) + 1);
	memset(taken, 0, sizeof taken);
	for (int i = 0; i < p.count; i++) {
		float x, y;
		char text[16];
		tt_view_to_screen(view, (tt_vec3){p.x[i], p.y[i], p.z[i]}, &x, &y);
		if (!(x >= a.x && x < a.x + a.w && y >= a.y && y < a.y + a.h))
			continue;
		int cell = (int)((y - a.y) / ch) * cols + (int)((x - a.x) / cw);
		if (cell >= cells || cell >= MAX_CELLS || near_taken(taken, cell, cols, cells))
			continue;
		taken[cell] = 1;
		snprintf(text, sizeof text, "#%u",
			 (unsigned)tt_world_particle_at(world, i).index1);
		tt_view_text(view, x + 3.0f * u, y - 10.0f * u, text, scale,
			     label_color);
	}
}

/* A bar from full compression to full stretch at the bottom right of the
 * scene area, labelled with the strain its ends stand for. */
static void draw_legend(tt_view *view)
{
	int scale = tt_view_text_scale(view);
	float u = (float)scale, w = 120.0f * u, h = 6.0f * u;
	float x = view->area.x + view->area.w - w - 8.0f * u;
	float y = view->area.y + view->area.h - h - 20.0f * u;
	char lo[32], hi[32];
	snprintf(lo, sizeof lo, "-%.3g%%", 100.0 * view->strain_full);
	snprintf(hi, sizeof hi, "+%.3g%%", 100.0 * view->strain_full);
	tt_view_rect(view, x - 4.0f * u, y - 16.0f * u, w + 8.0f * u, h + 32.0f * u,
		     legend_backing);
	for (int k = 0; k < LEGEND_SLICES; k++) {
		float t = 2.0f * ((float)k + 0.5f) / LEGEND_SLICES - 1.0f;
		tt_view_rect(view, x + w * (float)k / LEGEND_SLICES, y,
			     w / LEGEND_SLICES + 1.0f, h,
			     tt_view_strain_color(t * view->strain_full,
						  view->strain_full));
	}
	tt_view_text(view, x, y - 13.0f * u, "strain", scale, legend_text);
	tt_view_text(view, x, y + h + 2.0f * u, lo, scale, legend_text);
	tt_view_text(view, x + w - tt_view_text_width(hi, (int)strlen(hi), scale),
		     y + h + 2.0f * u, hi, scale, legend_text);
}

void tt_view_draw_layers(tt_view *view, tt_world_id world)
{
	if (view->layers & TT_LAYER_IDS)
		draw_ids(view, world);
	if (view->layers & TT_LAYER_STRAIN)
		draw_legend(view);
}
