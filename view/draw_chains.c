/* Dynamic-bone chains in the debug view: each a line through its nodes
 * (and a fainter one to its virtual tip), coloured by the level of detail
 * it ran at: hair-gold at full rate, blue at a lower one, grey when
 * culled. The nodes are pinned particles to the solver (the chain places
 * them), but they read as hair, so the particle pass draws them as free
 * ones, as small dots on the line. */
#include <string.h>

#include "internal.h"

#define CHAIN_WIDTH 2.0f
#define NEARER 1e-4f  /* over the particles it joins, as springs are */

static const tt_color level_colors[TT_BONE_LEVEL_COUNT] = {
	{240, 196, 110, 255}, {110, 170, 245, 255}, {130, 132, 140, 255}};

tt_particle_view tt_view_chain_particles(tt_view *view, tt_world_id world,
					 tt_particle_view p)
{
	int chains = tt_world_bonechain_count(world);
	float *inv = chains > 0 ? tt_depth_scratch(view, 2 * p.count) : NULL;
	if (!inv)
		return p;
	float *radius = inv + p.count;
	memcpy(inv, p.inv_mass, (size_t)p.count * sizeof(float));
	memcpy(radius, p.radius, (size_t)p.count * sizeof(float));
	for (int c = 0; c < chains; c++) {
		tt_bonechain_id id = tt_world_bonechain_at(world, c);
		for (int i = 0; i < tt_bonechain_node_count(id); i++) {
			int k = tt_particle_index(tt_bonechain_node(id, i));
			if (k >= 0 && k < p.count)
				inv[k] = 1.0f, radius[k] = 0.0f;  /* a dot on the line */
		}
	}
	p.inv_mass = inv;
	p.radius = radius;
	return p;
}

static void segment(tt_view *view, tt_vec3 a, tt_vec3 b, tt_color color)
{
	float x0, y0, x1, y1;
	if (view->is_3d) {
		tt_view_line3(view, a, b, CHAIN_WIDTH, color, -NEARER);
		return;
	}
	tt_view_to_screen(view, (tt_vec3){a.x, a.y, 0.0f}, &x0, &y0);
	tt_view_to_screen(view, (tt_vec3){b.x, b.y, 0.0f}, &x1, &y1);
	tt_view_line(view, x0, y0, x1, y1, CHAIN_WIDTH, color);
}

static void draw_chain(tt_view *view, tt_particle_view p, tt_bonechain_id id)
{
	tt_color color = level_colors[tt_bonechain_level(id)];
	tt_vec3 last = {0.0f, 0.0f, 0.0f}, tip;
	for (int i = 0; i < tt_bonechain_node_count(id); i++) {
		int k = tt_particle_index(tt_bonechain_node(id, i));
		if (k < 0 || k >= p.count)
			return;
		tt_vec3 at = {p.x[k], p.y[k], p.z[k]};
		if (i > 0)
			segment(view, last, at, color);
		last = at;
	}
	color.a = 110;
	if (tt_bonechain_tip(id, &tip))
		segment(view, last, tip, color);
}

void tt_view_draw_chains(tt_view *view, tt_world_id world, tt_particle_view p)
{
	for (int c = 0; c < tt_world_bonechain_count(world); c++)
		draw_chain(view, p, tt_world_bonechain_at(world, c));
}
