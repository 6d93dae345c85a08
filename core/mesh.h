/* taut core — triangle meshes: the render surface cloth and soft bodies
 * drive and the viewport draws (textured, lit). A plain struct of flat
 * arrays: a composite writes `position` in bulk each step (or through
 * tt_mesh_set_positions) and bumps nothing else; the view reads it as is.
 *
 * Texture coordinates follow Wavefront OBJ: (0, 0) is the image's bottom
 * left, v points up. A mesh read from OBJ has one vertex per distinct
 * (v, vt) corner; `source` maps each back to its OBJ `v` (0-based), so a
 * driver that moves OBJ points can scatter them to the split vertices. */
#ifndef TT_MESH_H
#define TT_MESH_H

#include "taut.h"

#define TT_MESH_MAX_VERTICES (1 << 24)
#define TT_MESH_MAX_TRIANGLES (1 << 24)

typedef struct tt_mesh {
	int vertex_count, triangle_count;
	float *position;    /* x, y, z per vertex (metres) */
	float *uv;          /* u, v per vertex; zeros when has_uv is 0 */
	int32_t *triangle;  /* a, b, c per triangle: 0-based vertex indices */
	int32_t *source;    /* per vertex: the point it was made from */
	int has_uv;
} tt_mesh;

/// A mesh of the given sizes, positions, uvs and triangles zeroed, source
/// the identity; NULL when a count is out of range (1 .. 2^24) or memory
/// runs out.
tt_mesh *tt_mesh_create(int vertex_count, int triangle_count, int has_uv);
void tt_mesh_destroy(tt_mesh *mesh);
/// Copy count vertices (x, y, z each) into the mesh from vertex first on;
/// the range is clipped to the mesh. Returns how many were written.
int tt_mesh_set_positions(tt_mesh *mesh, int first, int count,
			  const float *xyz);
/// The bounding box of the vertices.
void tt_mesh_bounds(const tt_mesh *mesh, tt_vec3 *lo, tt_vec3 *hi);
/// -1 when every triangle names vertices of the mesh, else the first
/// triangle that does not.
int tt_mesh_bad_triangle(const tt_mesh *mesh);

/// Parse Wavefront OBJ text (`v`, `vt`, `f` with v, v/vt, v//vn and
/// v/vt/vn corners, negative indices counting back, polygons fanned into
/// triangles; other statements ignored). On failure NULL, *error_line the
/// 1-based line at fault (0: the file as a whole) and err the reason.
tt_mesh *tt_mesh_parse_obj(const char *text, size_t size, int *error_line,
			   char *err, size_t err_size);

#endif
