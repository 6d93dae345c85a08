/* Cloths in the debug view: a visible cloth is drawn as its standing
 * triangles, filled in its colour (lit in 3D, two-sided, so its back
 * reads as the back), instead of as hundreds of strain-coloured springs
 * and node discs; those come back with the debug layer (F1), over the
 * outlined triangles of every cloth (the proxy of a bound mesh too). A
 * cloth a scene draws itself (visible = false: a textured flag, a cape's
 * dense skin) shows nothing here but under F1. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const tt_color palette[] = {
	{206, 72, 70, 255},   {72, 130, 206, 255}, {226, 186, 70, 255},
	{96, 178, 110, 255},  {166, 104, 200, 255},
};
#define PALETTE (int)(sizeof palette / sizeof palette[0])
static const tt_color outline_color = {90, 200, 230, 255};

const uint8_t *tt_view_cloth_begin(tt_view *view, tt_world_id world)
{
	int n = tt_world_particle_count(world), cloths = tt_world_cloth_count(world);
	free(view->cloth_nodes);
	view->cloth_nodes = NULL;
	if (cloths == 0 || n == 0 || !(view->cloth_nodes = calloc((size_t)n, 1)))
		return NULL;
	for (int k = 0; k < cloths; k++) {
		tt_cloth_view c = tt_cloth_get_view(tt_world_cloth_at(world, k));
		for (int i = 0; i < c.node_count; i++)
			if (c.particle[i] >= 0 && c.particle[i] < n)
				view->cloth_nodes[c.particle[i]] = 1;
	}
	return view->cloth_nodes;
}

/* A cloth's springs and outlines show with any debug layer but the
 * wind's (the one shown at start): contacts, strain, ids. */
static int structure_shown(const tt_view *view)
{
	return (view->layers & ~TT_LAYER_WIND) != 0;
}

int tt_view_cloth_hides(const tt_view *view, int a, int b)
{
	return !structure_shown(view) && view->cloth_nodes &&
	       view->cloth_nodes[a] && view->cloth_nodes[b];
}

static tt_vec3 at(tt_particle_view p, int i)
{
	return (tt_vec3){p.x[i], p.y[i], p.z[i]};
}

static void draw_cloth(tt_view *view, tt_cloth_view c, tt_particle_view p,
		       tt_color color)
{
	int flags = view->is_3d ? 0 : TT_TRI_UNLIT;
	for (int t = 0; t < c.triangle_count; t++) {
		const int32_t *n = c.triangles + 3 * t;
		int i[3] = {c.particle[n[0]], c.particle[n[1]], c.particle[n[2]]};
		if (!c.standing[t] || i[0] < 0 || i[1] < 0 || i[2] < 0)
			continue;
		if (c.visible)
			tt_view_world_triangle(view, at(p, i[0]), at(p, i[1]),
					       at(p, i[2]), color, flags);
		for (int k = 0; k < 3 && structure_shown(view); k++)
			tt_view_line3(view, at(p, i[k]), at(p, i[(k + 1) % 3]), 1.0f,
				      outline_color, -2e-4f);
	}
}

void tt_view_draw_cloths(tt_view *view, tt_world_id world)
{
	tt_particle_view p = tt_world_particles(world);
	for (int k = 0; k < tt_world_cloth_count(world); k++)
		draw_cloth(view, tt_cloth_get_view(tt_world_cloth_at(world, k)), p,
			   palette[k % PALETTE]);
}
