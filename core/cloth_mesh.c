/* A cloth's own surface as a mesh: one vertex per laid-out node with its
 * texture coordinates, the cloth's triangles, written from the particles
 * as they are (drawn positions while drawing), the torn ones hidden (their
 * corners -1: the view skips them). For a flag or a sheet drawn at the
 * proxy's own density; a dense mesh takes a binding (binding.h). */
#include <string.h>

#include "binding.h"
#include "world.h"

tt_mesh *tt_cloth_mesh_create(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	tt_mesh *m = c ? tt_mesh_create(c->laid, c->triangle_count, 1) : NULL;
	if (!m)
		return NULL;
	memcpy(m->uv, c->uv, 2 * (size_t)c->laid * sizeof *c->uv);
	tt_cloth_mesh_update(id, m);
	return m;
}

tt_status tt_cloth_mesh_update(tt_cloth_id id, tt_mesh *m)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	if (!c)
		return TT_ERR_CLOTH_STALE;
	if (m->vertex_count != c->laid || m->triangle_count != c->triangle_count)
		return TT_ERR_BINDING_MESH;
	tt_cloth_refresh(w, c);
	const tt_particles *p = &w->particles;
	for (int k = 0; k < c->laid; k++) {
		int i = c->dense[k];
		float *out = m->position + 3 * k;
		if (i >= 0)
			out[0] = p->x[i], out[1] = p->y[i], out[2] = p->z[i];
	}
	for (int t = 0; t < 3 * c->triangle_count; t++)
		m->triangle[t] = c->standing[t / 3] ? c->tri[t] : -1;
	return TT_OK;
}
