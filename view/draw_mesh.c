/* Meshes (core/mesh.h) drawn in bulk: every vertex taken to camera space
 * once, into the view's scratch, then each triangle queued for the depth
 * sort with its uvs, textured or not. Lit by face normal in 3D; in 2D the
 * colour (times the texture) as given, so a sprite shows its pixels. A
 * triangle naming a vertex the mesh lacks (a driver wrote garbage) is
 * skipped, not followed. */
#include "internal.h"

static void queue_triangle(tt_view *view, const tt_mesh *m, const float *cam,
			   int t, SDL_Texture *texture, tt_color color,
			   int flags)
{
	const int32_t *corner = m->triangle + 3 * t;
	tt_vec3 c[3];
	float uv[6];
	for (int k = 0; k < 3; k++) {
		int32_t i = corner[k];
		if (i < 0 || i >= m->vertex_count)
			return;
		c[k] = (tt_vec3){cam[3 * i], cam[3 * i + 1], cam[3 * i + 2]};
		uv[2 * k] = m->uv[2 * i];
		uv[2 * k + 1] = m->uv[2 * i + 1];
	}
	tt_view_camera_triangle(view, c, uv, texture, color, flags);
}

void tt_view_draw_mesh(tt_view *view, const tt_mesh *m,
		       const tt_texture *texture, tt_color color)
{
	float *cam = tt_depth_scratch(view, 3 * m->vertex_count);
	SDL_Texture *sdl = tt_view_texture(view, texture);
	int flags = view->is_3d ? 0 : TT_TRI_UNLIT;
	if (!cam)
		return;
	for (int i = 0; i < m->vertex_count; i++) {
		const float *p = m->position + 3 * i;
		tt_vec3 c = tt_view_to_camera(view, (tt_vec3){p[0], p[1], p[2]});
		cam[3 * i] = c.x, cam[3 * i + 1] = c.y, cam[3 * i + 2] = c.z;
	}
	for (int t = 0; t < m->triangle_count; t++)
		queue_triangle(view, m, cam, t, sdl, color, flags);
}
