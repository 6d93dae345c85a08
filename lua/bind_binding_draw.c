/* g:binding(b): a binding's debug layer, into the frame's draw list — the
 * proxy's standing triangles, a line from each render vertex to the centre
 * of its triangle, the vertices that fell back to their skinned position
 * in red. Apart from bind_binding.c because it draws (taut.so has no view). */
#include "../core/binding.h"
#include "bind.h"
#include "draw.h"

static const tt_color proxy_color = {90, 200, 230, 255};
static const tt_color line_color = {230, 210, 90, 150};
static const tt_color fallback_color = {240, 50, 40, 255};

static tt_vec3 at(tt_particle_view p, int i)
{
	return (tt_vec3){p.x[i], p.y[i], p.z[i]};
}

/* The proxy's standing triangles as lines; their centres into centre. */
static void proxy_lines(tt_drawlist *list, tt_cloth_view c, tt_particle_view p,
			tt_vec3 *centre)
{
	for (int t = 0; t < c.triangle_count; t++) {
		const int32_t *n = c.triangles + 3 * t;
		int i[3] = {c.particle[n[0]], c.particle[n[1]], c.particle[n[2]]};
		centre[t] = (tt_vec3){0};
		if (i[0] < 0 || i[1] < 0 || i[2] < 0)
			continue;
		for (int k = 0; k < 3; k++) {
			tt_vec3 a = at(p, i[k]);
			centre[t].x += a.x / 3.0f, centre[t].y += a.y / 3.0f;
			centre[t].z += a.z / 3.0f;
			if (c.standing[t])
				tt_drawlist_line(list, a, at(p, i[(k + 1) % 3]),
						 proxy_color, 1.0f);
		}
	}
}

void tt_bind_binding_debug(lua_State *L, int arg, tt_drawlist *list)
{
	tt_mesh *m = tt_bind_binding_update(L, arg);
	tt_binding *b = tt_bind_check_binding(L, arg);
	tt_cloth_view c = tt_cloth_get_view(tt_binding_cloth(b));
	tt_particle_view p = tt_world_particles(tt_binding_cloth(b).world);
	tt_vec3 *centre = lua_newuserdatauv(L, (size_t)(c.triangle_count + 1) *
						       sizeof *centre, 0);
	proxy_lines(list, c, p, centre);
	const uint8_t *fell = tt_binding_fell_back(b);
	for (int v = 0; v < m->vertex_count; v++) {
		const float *x = m->position + 3 * v;
		tt_vec3 here = {x[0], x[1], x[2]};
		if (fell[v])
			tt_drawlist_circle(list, here, 0.015f, fallback_color, 1);
		else
			tt_drawlist_line(list, here,
					 centre[tt_binding_vertex(b, v).triangle],
					 line_color, 1.0f);
	}
	lua_pop(L, 2);
}
