/* Triangle meshes (mesh.h): one allocation per array, through the core's
 * allocator so the byte counter sees them. */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "mesh.h"

static size_t bytes_of(int count, int per, size_t size)
{
	return (size_t)count * (size_t)per * size;
}

tt_mesh *tt_mesh_create(int vertex_count, int triangle_count, int has_uv)
{
	if (vertex_count < 1 || vertex_count > TT_MESH_MAX_VERTICES ||
	    triangle_count < 1 || triangle_count > TT_MESH_MAX_TRIANGLES)
		return NULL;
	tt_mesh *m = tt_alloc(sizeof *m);
	if (!m)
		return NULL;
	*m = (tt_mesh){vertex_count, triangle_count, NULL, NULL, NULL, NULL,
		       has_uv != 0};
	m->position = tt_alloc(bytes_of(vertex_count, 3, sizeof(float)));
	m->uv = tt_alloc(bytes_of(vertex_count, 2, sizeof(float)));
	m->triangle = tt_alloc(bytes_of(triangle_count, 3, sizeof(int32_t)));
	m->source = tt_alloc(bytes_of(vertex_count, 1, sizeof(int32_t)));
	if (!m->position || !m->uv || !m->triangle || !m->source) {
		tt_mesh_destroy(m);
		return NULL;
	}
	memset(m->position, 0, bytes_of(vertex_count, 3, sizeof(float)));
	memset(m->uv, 0, bytes_of(vertex_count, 2, sizeof(float)));
	memset(m->triangle, 0, bytes_of(triangle_count, 3, sizeof(int32_t)));
	for (int i = 0; i < vertex_count; i++)
		m->source[i] = i;
	return m;
}

void tt_mesh_destroy(tt_mesh *m)
{
	if (!m)
		return;
	tt_free(m->position, bytes_of(m->vertex_count, 3, sizeof(float)));
	tt_free(m->uv, bytes_of(m->vertex_count, 2, sizeof(float)));
	tt_free(m->triangle, bytes_of(m->triangle_count, 3, sizeof(int32_t)));
	tt_free(m->source, bytes_of(m->vertex_count, 1, sizeof(int32_t)));
	tt_free(m, sizeof *m);
}

int tt_mesh_set_positions(tt_mesh *m, int first, int count, const float *xyz)
{
	if (first < 0 || first >= m->vertex_count || count <= 0)
		return 0;
	if (count > m->vertex_count - first)
		count = m->vertex_count - first;
	memcpy(m->position + 3 * (size_t)first, xyz, bytes_of(count, 3, sizeof(float)));
	return count;
}

void tt_mesh_bounds(const tt_mesh *m, tt_vec3 *lo, tt_vec3 *hi)
{
	const float *p = m->position;
	*lo = *hi = (tt_vec3){p[0], p[1], p[2]};
	for (int i = 1; i < m->vertex_count; i++, p += 3) {
		lo->x = fminf(lo->x, p[3]), hi->x = fmaxf(hi->x, p[3]);
		lo->y = fminf(lo->y, p[4]), hi->y = fmaxf(hi->y, p[4]);
		lo->z = fminf(lo->z, p[5]), hi->z = fmaxf(hi->z, p[5]);
	}
}

int tt_mesh_bad_triangle(const tt_mesh *m)
{
	for (int t = 0; t < m->triangle_count; t++)
		for (int k = 0; k < 3; k++) {
			int32_t v = m->triangle[3 * t + k];
			if (v < 0 || v >= m->vertex_count)
				return t;
		}
	return -1;
}
