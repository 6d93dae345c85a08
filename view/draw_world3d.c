/* The 3D debug view of a world: planes seen from their open side and a
 * ground grid on y = 0 are drawn first (under everything, so they never
 * hide the scene), then colliders as lit solids (draw_colliders3.c), springs in strain
 * colours and particles as discs facing the screen, all queued for the
 * depth sort; pins a touch nearer and springs a touch nearer than the
 * particles they join, so at equal depth a rope reads as one line and a
 * pin is never hidden (as in 2D). The axis gizmo goes over the frame at
 * the flush. */
#include <math.h>

#include "internal.h"

#define GRID_LINES 10          /* each side of the centre line */
#define GRID_PER_DISTANCE 0.05f  /* grid step, as a share of the distance */
#define SPRING_WIDTH 2.0f
#define MIN_PARTICLE_PIXELS 2.0f
#define MIN_PIN_PIXELS 4.0f
#define NEARER 1e-4f           /* relative depth bias */
#define PIECE_PIXELS 64.0f     /* longest piece of a grid line */

static const tt_color grid_color = {40, 44, 54, 255};
static const tt_color x_axis_color = {110, 56, 56, 255};
static const tt_color z_axis_color = {56, 72, 120, 255};
static const tt_color particle_color = {180, 190, 200, 255};
static const tt_color pin_color = {250, 170, 40, 255};

/* The share [s0, s1] of the screen segment (x0, y0)-(x1, y1) that lies on
 * the screen, a pixel's margin around it (Liang-Barsky); 0 when none. */
static int on_screen(const tt_view *view, float x0, float y0, float x1,
		     float y1, float *s0, float *s1)
{
	float d[4] = {-(x1 - x0), x1 - x0, -(y1 - y0), y1 - y0};
	float room[4] = {x0 + 1.0f, (float)view->width + 1.0f - x0, y0 + 1.0f,
			 (float)view->height + 1.0f - y0};
	*s0 = 0.0f, *s1 = 1.0f;
	for (int k = 0; k < 4; k++) {
		if (d[k] == 0.0f) {
			if (room[k] < 0.0f)
				return 0;
			continue;
		}
		float t = room[k] / d[k];
		if (d[k] < 0.0f)
			*s0 = fmaxf(*s0, t);
		else
			*s1 = fminf(*s1, t);
	}
	return *s0 < *s1;
}

/* A world line clipped to what is in front of the camera and to the
 * screen, queued in pieces of at most PIECE_PIXELS: SDL's software
 * rasteriser tests every pixel of a triangle's bounding box, so one thin
 * line across the screen at a slant costs as much as filling it (the grid
 * alone took 66 ms a frame headless, drawn line by line). */
static void ground_line(tt_view *view, tt_vec3 a, tt_vec3 b, tt_color color)
{
	tt_vec3 ca = tt_view_to_camera(view, a), cb = tt_view_to_camera(view, b);
	float x0, y0, x1, y1;
	if (!tt_view_clip_segment(view, &ca, &cb))
		return;
	tt_view_camera_to_screen(view, ca, &x0, &y0);
	tt_view_camera_to_screen(view, cb, &x1, &y1);
	float s0, s1;
	if (!on_screen(view, x0, y0, x1, y1, &s0, &s1))
		return;
	float dx = x1 - x0, dy = y1 - y0;
	int n = (int)ceilf((s1 - s0) * hypotf(dx, dy) / PIECE_PIXELS);
	for (int i = 0; i < n; i++) {
		float s = s0 + (s1 - s0) * (float)i / (float)n;
		float t = s0 + (s1 - s0) * (float)(i + 1) / (float)n;
		tt_view_queue_line(view, x0 + dx * s, y0 + dy * s, x0 + dx * t,
				   y0 + dy * t, 1.0f, color, 0.0f);
	}
}

/* Lines every `step` metres (a power of ten near 1/20 of the camera's
 * distance) around the point of the ground under the target, queued at
 * depth 0 (after anything farther). */
static void draw_grid(tt_view *view)
{
	float step = 1.0f, want = GRID_PER_DISTANCE * view->cam.distance;
	while (step < want && step < 1e6f)
		step *= 10.0f;
	while (step > 10.0f * want && step > 1e-3f)
		step *= 0.1f;
	float cx = roundf(view->cam.target.x / step) * step;
	float cz = roundf(view->cam.target.z / step) * step;
	float half = GRID_LINES * step;
	for (int i = -GRID_LINES; i <= GRID_LINES; i++) {
		float x = cx + (float)i * step, z = cz + (float)i * step;
		tt_color cxz = fabsf(x) < 0.5f * step ? z_axis_color : grid_color;
		tt_color czx = fabsf(z) < 0.5f * step ? x_axis_color : grid_color;
		ground_line(view, (tt_vec3){x, 0, cz - half},
			    (tt_vec3){x, 0, cz + half}, cxz);
		ground_line(view, (tt_vec3){cx - half, 0, z},
			    (tt_vec3){cx + half, 0, z}, czx);
	}
}

static tt_vec3 at(tt_particle_view p, int i)
{
	return (tt_vec3){p.x[i], p.y[i], p.z[i]};
}

static void queue_springs(tt_view *view, tt_particle_view p, tt_spring_view s)
{
	for (int i = 0; i < s.count; i++)
		if (tt_view_spring_shown(p, s, i) &&
		    !tt_view_cloth_hides(view, s.a[i], s.b[i]))
			tt_view_line3(view, at(p, s.a[i]), at(p, s.b[i]),
				      SPRING_WIDTH,
				      tt_view_spring_color(view, p, s, i),
				      -NEARER);
}

static void queue_particles(tt_view *view, tt_particle_view p)
{
	for (int i = 0; i < p.count; i++) {
		int pinned = p.inv_mass[i] == 0.0f;
		if (tt_view_cloth_hides(view, i, i))
			continue;
		tt_view_disc3(view, at(p, i), p.radius[i],
			      pinned ? MIN_PIN_PIXELS : MIN_PARTICLE_PIXELS,
			      pinned ? pin_color : particle_color,
			      pinned ? -2.0f * NEARER : 0.0f);
	}
}

void tt_view_draw_world3d(tt_view *view, tt_world_id world)
{
	tt_particle_view p = tt_view_chain_particles(view, world,
						     tt_world_particles(world));

	tt_view_draw_colliders3(view, world, 1);
	draw_grid(view);
	tt_view_flush(view);  /* the floor and the grid over it, now */
	tt_view_draw_colliders3(view, world, 0);
	queue_springs(view, p, tt_world_springs(world));
	tt_view_draw_chains(view, world, p);
	queue_particles(view, p);
	tt_view_draw_cloths(view, world);
	tt_view_draw_contacts(view, world);
	view->gizmo = 1;
}
