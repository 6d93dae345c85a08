/* Picking in the view: the particle nearest the ray under the pointer.
 * "Nearest" is measured on the screen (the angle from the ray, in pixels
 * at the particle's depth), so the reach feels the same near and far and
 * matches what the user sees; among particles equally near on screen the
 * one nearer the eye wins, then the lower index (deterministic). Works in
 * 2D too, where it is the nearest particle within reach pixels. In 3D it
 * is measured in view units (tt_view_point), so a replay at another
 * window size picks what the recorded pointer picked. */
#include <math.h>

#include "internal.h"

/* Where the camera-space point c is in view units (tt_view_point). */
static void project(const tt_view *view, tt_vec3 c, float *x, float *y)
{
	if (view->is_3d)
		*x = c.x / c.z, *y = c.y / c.z;
	else
		tt_view_camera_to_screen(view, c, x, y);
}

tt_particle_id tt_view_pick_at(const tt_view *view, tt_world_id world,
			       tt_view_point at, float reach)
{
	tt_particle_view p = tt_world_particles(world);
	float best = reach * reach, best_depth = INFINITY;
	int found = -1;
	for (int i = 0; i < p.count; i++) {
		tt_vec3 c = tt_view_to_camera(view, (tt_vec3){p.x[i], p.y[i], p.z[i]});
		float x, y;
		if (view->is_3d && !(c.z >= view->cam.near))
			continue;
		project(view, c, &x, &y);
		float d = (x - at.x) * (x - at.x) + (y - at.y) * (y - at.y);
		if (d < best || (d == best && c.z < best_depth)) {
			best = d, best_depth = c.z, found = i;
		}
	}
	return found < 0 ? (tt_particle_id){0} : tt_world_particle_at(world, found);
}

tt_particle_id tt_view_pick(const tt_view *view, tt_world_id world, float sx,
			    float sy, float reach_pixels)
{
	return tt_view_pick_at(view, world, tt_view_point_at(view, sx, sy),
			       reach_pixels / tt_view_pixels_per_unit(view));
}
