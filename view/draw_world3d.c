/* The 3D debug view of a world: a ground grid on y = 0 drawn first (under
 * everything, so it never hides the scene), then springs in strain
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

static const tt_color grid_color = {40, 44, 54, 255};
static const tt_color x_axis_color = {110, 56, 56, 255};
static const tt_color z_axis_color = {56, 72, 120, 255};
static const tt_color particle_color = {180, 190, 200, 255};
static const tt_color pin_color = {250, 170, 40, 255};

/* A world line drawn now, clipped to what is in front of the camera. */
static void ground_line(tt_view *view, tt_vec3 a, tt_vec3 b, tt_color color)
{
	tt_vec3 ca = tt_view_to_camera(view, a), cb = tt_view_to_camera(view, b);
	float x0, y0, x1, y1;
	if (!tt_view_clip_segment(view, &ca, &cb))
		return;
	tt_view_camera_to_screen(view, ca, &x0, &y0);
	tt_view_camera_to_screen(view, cb, &x1, &y1);
	tt_view_line(view, x0, y0, x1, y1, 1.0f, color);
}

/* Lines every `step` metres (a power of ten near 1/20 of the camera's
 * distance) around the point of the ground under the target. */
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
		if (tt_view_spring_shown(p, s, i))
			tt_view_line3(view, at(p, s.a[i]), at(p, s.b[i]),
				      SPRING_WIDTH, tt_view_spring_color(p, s, i),
				      -NEARER);
}

static void queue_particles(tt_view *view, tt_particle_view p)
{
	for (int i = 0; i < p.count; i++) {
		int pinned = p.inv_mass[i] == 0.0f;
		tt_view_disc3(view, at(p, i), p.radius[i],
			      pinned ? MIN_PIN_PIXELS : MIN_PARTICLE_PIXELS,
			      pinned ? pin_color : particle_color,
			      pinned ? -2.0f * NEARER : 0.0f);
	}
}

void tt_view_draw_world3d(tt_view *view, tt_world_id world)
{
	tt_particle_view p = tt_world_particles(world);

	draw_grid(view);
	queue_springs(view, p, tt_world_springs(world));
	queue_particles(view, p);
	view->gizmo = 1;
}
