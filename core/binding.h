/* taut core — a render mesh bound to a cloth: a dense mesh drawn, a
 * coarse proxy simulated (the seed's character cloth: "the low-resolution
 * proxy handles constraints and collisions, and its motion is passed on
 * to the high-resolution mesh").
 *
 * At bind time every render vertex takes the proxy triangle nearest it in
 * the rest pose, its barycentric weights (u, v, w; they sum to one, and
 * are those of the vertex's projection onto the triangle's plane, so a
 * vertex just past an edge gets a weight slightly below 0) and its offset
 * d along the triangle's unit normal. Each update places it at
 *   x = u p0 + v p1 + w p2 + d n,  n = (p1 - p0) x (p2 - p0) / |...|
 * n divided by its true length, never clamped: a floor on the squared
 * length would shrink the offset of small triangles (legs of 0.1 mm give
 * a squared length of 1e-16 m^4; clamped to 1e-12 the normal would be 0.01
 * long). Where the triangle has degenerated (area below min_area times
 * its longest edge squared: a scale-free test) or its normal has flipped
 * against its rest normal as the root carries it (while a pin still holds
 * the triangle: a piece torn off tumbles freely), the vertex falls back to
 * its skinned position: its rest position carried by the cloth's root.
 * Render triangles over proxy triangles that no longer stand (torn) are
 * hidden: their corners set to -1 in the mesh (the view skips them).
 *
 * A binding is a plain object, not in the world; the caller keeps the
 * render mesh alive beside it and hands it to every update. */
#ifndef TT_BINDING_H
#define TT_BINDING_H

#include "mesh.h"

typedef struct tt_binding tt_binding;

/// One vertex's binding.
typedef struct tt_bound {
	int32_t triangle;     /* of the cloth */
	float u, v, w;        /* weights of its corners 0, 1, 2 */
	float offset;         /* m along the triangle's unit normal */
} tt_bound;

/// The seed's mapping: u p0 + v p1 + w p2 + d n, n the unit normal of
/// p0 p1 p2 by its true length. 0 (out untouched) when the squared length
/// of the cross product is not a finite number > 0.
int tt_binding_map(tt_vec3 p0, tt_vec3 p1, tt_vec3 p2, float u, float v,
		   float w, float d, tt_vec3 *out);

/// Bind every vertex of render, as it is now, to the cloth's rest pose as
/// its root carries it now. OUT_OF_MEMORY, CLOTH_STALE.
tt_status tt_binding_create(tt_cloth_id cloth, const tt_mesh *render,
			    tt_binding **out);
void tt_binding_destroy(tt_binding *binding);
/// Place every vertex of render from the cloth's particles as they are
/// now (drawn positions while drawing); hide the triangles over torn
/// ones. CLOTH_STALE, BINDING_MESH (another vertex count).
tt_status tt_binding_update(tt_binding *binding, tt_mesh *render);
tt_cloth_id tt_binding_cloth(const tt_binding *binding);
int tt_binding_vertex_count(const tt_binding *binding);
/// Vertex i's binding (triangle -1 when i is out of range).
tt_bound tt_binding_vertex(const tt_binding *binding, int i);
/// Vertices that fell back in the last update, and which (1 each).
int tt_binding_fallbacks(const tt_binding *binding);
const uint8_t *tt_binding_fell_back(const tt_binding *binding);
/// Render triangles hidden over torn proxy triangles.
int tt_binding_hidden(const tt_binding *binding);
/// Where vertex i falls back to now: its rest position on the root.
tt_vec3 tt_binding_skinned(const tt_binding *binding, int i);
/// The degenerate threshold: area / longest edge^2, in [0, 0.5) (an
/// equilateral triangle is 0.43); default 0.01.
float tt_binding_get_min_area(const tt_binding *binding);
tt_status tt_binding_set_min_area(tt_binding *binding, float min_area);

/* The cloth's own surface (cloth_mesh.c): a mesh of its laid-out nodes,
 * uvs and triangles; an update writes the positions now and hides the torn
 * triangles. NULL / CLOTH_STALE, BINDING_MESH (a mesh of other sizes). */
tt_mesh *tt_cloth_mesh_create(tt_cloth_id cloth);
tt_status tt_cloth_mesh_update(tt_cloth_id cloth, tt_mesh *mesh);

#endif
