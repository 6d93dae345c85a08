/* The inspector: what a click on a paused world picked, and a card saying
 * what it is. A particle shows its id, mass, position, velocity, the
 * largest strain and the net pull of its springs, and the rope it is a
 * node of; a spring its ends, length, strain, force and rope. The card
 * sits at the bottom left of the scene area; a ring marks what it
 * describes.
 * Read-only, like all of the view. */
#include <math.h>
#include <stdio.h>

#include "internal.h"

#define NEAR_PIXELS 8.0f  /* a particle this near wins over a spring */

static const tt_color mark_color = { 240, 80, 220, 255 };
static const tt_color card_backing = { 10, 11, 14, 225 };
static const tt_color card_text = { 230, 232, 236, 255 };

static tt_vec3 at(tt_particle_view p, int i)
{
	return (tt_vec3){p.x[i], p.y[i], p.z[i]};
}

/* Squared distance (pixels) from (px, py) to the segment a-b. */
static float segment_d2(float px, float py, float ax, float ay, float bx,
			float by)
{
	float dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
	float t = len2 > 0.0f ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0.0f;
	t = t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t;
	float ex = ax + t * dx - px, ey = ay + t * dy - py;
	return ex * ex + ey * ey;
}

/* The shown spring nearest (sx, sy) on screen within reach; -1 if none. */
static int nearest_spring(const tt_view *view, tt_world_id world, float sx,
			  float sy, float reach)
{
	tt_particle_view p = tt_world_particles(world);
	tt_spring_view s = tt_world_springs(world);
	float best = reach * reach;
	int found = -1;
	for (int i = 0; i < s.count; i++) {
		float ax, ay, bx, by;
		if (!tt_view_spring_shown(p, s, i))
			continue;
		tt_view_to_screen(view, at(p, s.a[i]), &ax, &ay);
		tt_view_to_screen(view, at(p, s.b[i]), &bx, &by);
		float d = segment_d2(sx, sy, ax, ay, bx, by);
		if (d < best)
			best = d, found = i;
	}
	return found;
}

tt_pick tt_view_pick_object(const tt_view *view, tt_world_id world, float sx,
			    float sy, float reach)
{
	tt_pick pick = {{0}, {0}};
	pick.particle = tt_view_pick(view, world, sx, sy, NEAR_PIXELS);
	if (pick.particle.index1)
		return pick;
	int spring = nearest_spring(view, world, sx, sy, NEAR_PIXELS);
	if (spring >= 0)
		pick.spring = tt_world_spring_at(world, spring);
	else
		pick.particle = tt_view_pick(view, world, sx, sy, reach);
	return pick;
}

/* " rope#3 node 4", or "none". */
static void owner_text(char *out, size_t size, tt_rope_id rope, int k,
		       const char *part)
{
	if (rope.index1 == 0)
		snprintf(out, size, "none");
	else if (k < 0)
		snprintf(out, size, "rope#%u (tether)", (unsigned)rope.index1);
	else
		snprintf(out, size, "rope#%u %s %d", (unsigned)rope.index1, part, k);
}

/* The net pull of particle i's springs and the largest strain among them. */
static tt_vec3 spring_pull(tt_world_id world, int i, float *strain)
{
	tt_particle_view p = tt_world_particles(world);
	tt_spring_view s = tt_world_springs(world);
	tt_vec3 f = {0.0f, 0.0f, 0.0f};
	*strain = 0.0f;
	for (int k = 0; k < s.count; k++) {
		if (s.a[k] != i && s.b[k] != i)
			continue;
		int other = s.a[k] == i ? s.b[k] : s.a[k];
		tt_vec3 d = {p.x[other] - p.x[i], p.y[other] - p.y[i],
			     p.z[other] - p.z[i]};
		float len = sqrtf(d.x * d.x + d.y * d.y + d.z * d.z);
		float pull = tt_spring_get_force(tt_world_spring_at(world, k));
		if (len > 0.0f) {
			f.x += pull * d.x / len, f.y += pull * d.y / len;
			f.z += pull * d.z / len;
		}
		if (tt_view_spring_shown(p, s, k) &&
		    fabsf(tt_view_spring_strain(p, s, k)) > fabsf(*strain))
			*strain = tt_view_spring_strain(p, s, k);
	}
	return f;
}

static void particle_card(char *out, size_t size, tt_world_id world,
			  tt_particle_id id)
{
	char owner[64];
	int node = 0;
	float strain;
	int i = tt_particle_index(id);
	tt_vec3 x = tt_particle_get_position(id), v = tt_particle_get_velocity(id);
	tt_vec3 f = spring_pull(world, i, &strain);
	tt_rope_id rope = tt_particle_rope(id, &node);
	owner_text(owner, sizeof owner, rope, node, "node");
	snprintf(out, size,
		 "particle#%u (generation %u)%s\n"
		 "mass %.4g kg\n"
		 "position (%.4g, %.4g, %.4g) m\n"
		 "velocity (%.4g, %.4g, %.4g) m/s\n"
		 "strain %+.4f%% (its most strained spring)\n"
		 "force (%.4g, %.4g, %.4g) N (its springs)\n"
		 "owner %s",
		 (unsigned)id.index1, (unsigned)id.generation,
		 tt_particle_get_pinned(id) ? "  pinned" : "",
		 tt_particle_get_mass(id), x.x, x.y, x.z, v.x, v.y, v.z,
		 100.0f * strain, f.x, f.y, f.z, owner);
}

static void spring_card(char *out, size_t size, tt_spring_id id)
{
	char owner[64];
	int segment = 0;
	float len = tt_spring_get_length(id), rest = tt_spring_get_rest_length(id);
	tt_rope_id rope = tt_spring_rope(id, &segment);
	owner_text(owner, sizeof owner, rope, segment, "segment");
	snprintf(out, size,
		 "spring#%u (generation %u)  %s\n"
		 "particles #%u - #%u\n"
		 "length %.5g m  rest %.5g m\n"
		 "strain %+.4f%%\n"
		 "force %.4g N (> 0 pulling)\n"
		 "owner %s",
		 (unsigned)id.index1, (unsigned)id.generation,
		 tt_spring_kind_name(tt_spring_get_kind(id)),
		 (unsigned)tt_spring_get_a(id).index1,
		 (unsigned)tt_spring_get_b(id).index1, len, rest,
		 rest > 0.0f ? 100.0f * (len - rest) / rest : 0.0f,
		 tt_spring_get_force(id), owner);
}

/* A ring round the particle, or a thick line over the spring. */
static void mark(tt_view *view, tt_pick pick)
{
	float ax, ay, bx, by;
	if (pick.particle.index1) {
		tt_view_to_screen(view, tt_particle_get_position(pick.particle),
				  &ax, &ay);
		tt_view_ring(view, ax, ay, 9.0f, 2.0f, mark_color);
		return;
	}
	tt_view_to_screen(view, tt_particle_get_position(tt_spring_get_a(pick.spring)),
			  &ax, &ay);
	tt_view_to_screen(view, tt_particle_get_position(tt_spring_get_b(pick.spring)),
			  &bx, &by);
	tt_view_line(view, ax, ay, bx, by, 5.0f, mark_color);
}

int tt_view_inspect_text(tt_world_id world, tt_pick pick, char *out,
			 size_t size)
{
	if (tt_particle_valid(pick.particle))
		particle_card(out, size, world, pick.particle);
	else if (tt_spring_valid(pick.spring))
		spring_card(out, size, pick.spring);
	else
		return 0;
	return 1;
}

void tt_view_draw_inspect(tt_view *view, tt_world_id world, tt_pick pick)
{
	char text[768];
	int scale = tt_view_text_scale(view);
	float u = (float)scale, w, h;
	if (!tt_view_inspect_text(world, pick, text, sizeof text))
		return;
	mark(view, pick);
	tt_view_text_size(text, scale, &w, &h);
	float x = view->area.x + 6.0f * u;
	float y = view->area.y + view->area.h - h - 11.0f * u;
	tt_view_rect(view, x, y, w + 8.0f * u, h + 5.0f * u, card_backing);
	tt_view_text(view, x + 4.0f * u, y + 4.0f * u, text, scale, card_text);
}
