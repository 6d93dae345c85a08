/* Drawing a world straight from the core's dense arrays (tt_world_particles
 * and tt_world_springs), bottom to top: a faint metre grid, colliders,
 * particles,
 * springs coloured by strain, soft bodies filled over their own springs,
 * then pins so they are never hidden. Springs go over particles so the
 * rope itself reads as one colour. */
#include <math.h>

#include "internal.h"

#define GRID_MIN_PIXELS 24.0f   /* coarser grid (x10) below this spacing */
#define FULL_STRAIN 0.05f       /* strain shown at full red or blue */
#define SPRING_WIDTH 2.0f
#define MIN_PARTICLE_PIXELS 2.0f
#define MIN_PIN_PIXELS 4.0f

static const tt_color grid_color = { 36, 39, 47, 255 };
static const tt_color axis_color = { 52, 57, 68, 255 };
static const tt_color rest_color = { 235, 235, 235, 255 };
static const tt_color stretched_color = { 230, 60, 50, 255 };
static const tt_color compressed_color = { 70, 120, 230, 255 };
static const tt_color particle_color = { 180, 190, 200, 255 };
static const tt_color pin_color = { 250, 170, 40, 255 };

/* Lines at every multiple of step in [lo, hi] (world), across the screen:
 * vertical ones when vertical is set, else horizontal. */
static void grid_lines(tt_view *view, float lo, float hi, float step,
		       int vertical)
{
	float first = ceilf(lo / step), span = floorf(hi / step) - first;
	int count = span >= 0.0f && span < 4096.0f ? (int)span + 1 : 0;

	for (int i = 0; i < count; i++) {
		float k = first + (float)i;
		tt_vec3 p = { k * step, k * step, 0.0f };
		tt_color c = k == 0.0f ? axis_color : grid_color;
		float sx, sy;
		tt_view_to_screen(view, p, &sx, &sy);
		if (vertical)
			tt_view_rect(view, floorf(sx), view->area.y, 1.0f,
				     view->area.h, c);
		else
			tt_view_rect(view, view->area.x, floorf(sy),
				     view->area.w, 1.0f, c);
	}
}

static void draw_grid(tt_view *view)
{
	tt_rect a = view->area;
	tt_vec3 lo = tt_view_to_world(view, a.x, a.y + a.h);
	tt_vec3 hi = tt_view_to_world(view, a.x + a.w, a.y);
	float step = 1.0f;

	while (step * tt_view_scale(view) < GRID_MIN_PIXELS)
		step *= 10.0f;
	grid_lines(view, lo.x, hi.x, step, 1);
	grid_lines(view, lo.y, hi.y, step, 0);
}

static tt_color mix(tt_color a, tt_color b, float t)
{
	tt_color c;

	c.r = (uint8_t)((float)a.r + ((float)b.r - (float)a.r) * t + 0.5f);
	c.g = (uint8_t)((float)a.g + ((float)b.g - (float)a.g) * t + 0.5f);
	c.b = (uint8_t)((float)a.b + ((float)b.b - (float)a.b) * t + 0.5f);
	c.a = 255;
	return c;
}

tt_color tt_view_strain_color(float strain, float full)
{
	float t = fminf(fabsf(strain) / full, 1.0f);

	if (!(t >= 0.0f))
		t = 1.0f; /* NaN */
	return mix(rest_color, strain > 0.0f ? stretched_color
					     : compressed_color, t);
}

/* Particle i on screen; a 3D world is seen down the z axis. */
static void screen_of(const tt_view *view, tt_particle_view p, int i,
		      float *x, float *y)
{
	tt_vec3 at = { p.x[i], p.y[i], 0.0f };

	tt_view_to_screen(view, at, x, y);
}

int tt_view_spring_shown(tt_particle_view p, tt_spring_view s, int i)
{
	int a = s.a[i], b = s.b[i];
	return a >= 0 && b >= 0 && a < p.count && b < p.count &&
	       s.kind[i] != TT_SPRING_TETHER;  /* a rope's hidden helpers */
}

float tt_view_spring_strain(tt_particle_view p, tt_spring_view s, int i)
{
	int a = s.a[i], b = s.b[i];
	float dx = p.x[b] - p.x[a], dy = p.y[b] - p.y[a], dz = p.z[b] - p.z[a];
	float len = sqrtf(dx * dx + dy * dy + dz * dz);
	return s.rest[i] > 0.0f ? (len - s.rest[i]) / s.rest[i] : 0.0f;
}

tt_color tt_view_spring_color(const tt_view *view, tt_particle_view p,
			      tt_spring_view s, int i)
{
	return tt_view_strain_color(tt_view_spring_strain(p, s, i),
				    view->strain_full);
}

/* Full colour at FULL_STRAIN; the strain layer stretches it to the most
 * strained spring shown, so a rope at 0.01% still reads. */
static void set_strain_scale(tt_view *view, tt_particle_view p,
			     tt_spring_view s)
{
	float most = 1e-6f;
	view->strain_full = FULL_STRAIN;
	if (!(view->layers & TT_LAYER_STRAIN))
		return;
	for (int i = 0; i < s.count; i++)
		if (tt_view_spring_shown(p, s, i))
			most = fmaxf(most, fabsf(tt_view_spring_strain(p, s, i)));
	view->strain_full = isfinite(most) ? most : FULL_STRAIN;
}

static void draw_springs(tt_view *view, tt_particle_view p, tt_spring_view s)
{
	for (int i = 0; i < s.count; i++) {
		float x0, y0, x1, y1;
		if (!tt_view_spring_shown(p, s, i) ||
		    tt_view_cloth_hides(view, s.a[i], s.b[i]))
			continue;
		screen_of(view, p, s.a[i], &x0, &y0);
		screen_of(view, p, s.b[i], &x1, &y1);
		tt_view_line(view, x0, y0, x1, y1, SPRING_WIDTH,
			     tt_view_spring_color(view, p, s, i));
	}
}

/* Free particles as grey discs, or (pinned set) pins as orange discs with
 * a ring around them. */
static void draw_particles(tt_view *view, tt_particle_view p, int pinned)
{
	float scale = tt_view_scale(view);

	for (int i = 0; i < p.count; i++) {
		float x, y, r = p.radius[i] * scale;
		if ((p.inv_mass[i] == 0.0f) != pinned || tt_view_cloth_hides(view, i, i))
			continue;
		screen_of(view, p, i, &x, &y);
		if (!pinned) {
			tt_view_disc(view, x, y, fmaxf(r, MIN_PARTICLE_PIXELS),
				     particle_color);
			continue;
		}
		r = fmaxf(r, MIN_PIN_PIXELS);
		tt_view_disc(view, x, y, r, pin_color);
		tt_view_ring(view, x, y, r + 3.0f, 2.0f, pin_color);
	}
}

void tt_view_draw_world(tt_view *view, tt_world_id world)
{
	tt_particle_view p = tt_view_chain_particles(view, world,
						     tt_world_particles(world));
	tt_spring_view s = tt_world_springs(world);

	set_strain_scale(view, p, s);
	tt_view_cloth_begin(view, world);
	if (view->is_3d) {
		tt_view_draw_world3d(view, world);
		return;
	}
	draw_grid(view);
	tt_view_draw_colliders(view, world);
	draw_particles(view, p, 0);
	draw_springs(view, p, s);
	tt_view_draw_softbodies(view, world);
	tt_view_draw_chains(view, world, p);
	tt_view_draw_cloths(view, world);
	draw_particles(view, p, 1);
}
