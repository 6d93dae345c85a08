/* taut core — soft bodies. Part of the public API: included by taut.h
 * (kept apart so the soft-body section merges alone).
 *
 * A soft body owns particles (its nodes) and springs, and adds three
 * things of its own, solved with the springs in every substep:
 * - an area constraint on its outline (XPBD; pressure is the target area
 *   as a multiple of the rest area; 0 lets the air out: a popped balloon);
 * - shape matching (Müller et al., "Meshless deformations based on shape
 *   matching", 2005): the nodes are pulled toward the best rigid fit of
 *   the rest shape, so a jelly keeps its shape through hard hits;
 * - contacts between bodies: every particle is kept out of every other
 *   body's outline (edge contacts), so a small blob cannot slip between a
 *   big one's nodes.
 * Three layouts: a ring (a regular polygon), any closed polygon (points),
 * or a grid of cells with structural, shear and bend springs (rings and
 * polygons may have bend springs along the outline too). Bodies are
 * 2D (the xy plane). A body whose outline loses a node or an edge spring
 * (a cut, tearing past max_strain) is torn: its pressure no longer acts. */
#ifndef TT_SOFTBODY_H
#define TT_SOFTBODY_H

typedef enum tt_softbody_kind {
	TT_SOFTBODY_RING,    /* center, radius, segments */
	TT_SOFTBODY_POINTS,  /* a closed polygon, either winding */
	TT_SOFTBODY_GRID,    /* cols x rows cells of size m, about center */
	TT_SOFTBODY_KIND_COUNT
} tt_softbody_kind;

/* Which side of a grid is pinned (held in place). */
typedef enum tt_softbody_pin {
	TT_SOFTBODY_PIN_NONE,
	TT_SOFTBODY_PIN_TOP,
	TT_SOFTBODY_PIN_BOTTOM,
	TT_SOFTBODY_PIN_LEFT,
	TT_SOFTBODY_PIN_RIGHT,
	TT_SOFTBODY_PIN_COUNT
} tt_softbody_pin;

#define TT_SOFTBODY_MAX_POINTS 1024  /* ring segments, polygon points */
#define TT_SOFTBODY_MAX_CELLS 64     /* grid cells each way */

typedef struct tt_softbody_def {
	tt_softbody_kind kind;
	tt_vec3 center;          /* ring and grid */
	float radius;            /* ring, m; default 0.5 */
	int segments;            /* ring nodes, default 24 */
	const tt_vec3 *points;   /* points: read during create only */
	int point_count;
	int cols, rows;          /* grid cells, default 4 x 4 */
	float size;              /* grid cell, m; default 0.25 */
	tt_softbody_pin pin;     /* grid */
	float mass;              /* kg, the whole body, spread evenly; 1 */
	float node_radius;       /* m; <= 0 (default): a quarter of the
				    spacing of the nodes, at most 0.05 */
	float compliance;        /* outline (ring, points) and structural
				    (grid) springs, m/N; default 0 */
	float shear, bend;       /* grid diagonal springs, and skip-one
				    springs (along the outline of a ring or
				    polygon), m/N; < 0 leaves them out;
				    default 1e-4, -1 */
	float damping;           /* 1/s: the share of the wobble (motion
				    other than the rigid one) lost per
				    second; default 2 */
	float pressure;          /* target area / rest area; 0 lets it out;
				    default 1 for a ring or points, 0 for a
				    grid */
	float area_compliance;   /* m^4/J (so lambda is a 2D pressure, N/m);
				    default 0: the area is held exactly */
	float shape_matching;    /* stiffness in [0, 1]: the share of the way
				    to the best rigid fit the nodes go each
				    step; 0 is off (default), 1 rigid */
	float friction;          /* mixed with a collider's as sqrt(a b);
				    default 0.5 */
	float restitution;       /* the larger of it and a collider's is how
				    fast the body leaves after an impact, as
				    a share of how fast it came in */
	float drag;              /* kg/s of each node in the wind (0) */
	uint32_t group, mask;    /* of every node, default 1 and all */
	float max_strain;        /* its springs tear past it; 0 never */
} tt_softbody_def;

/// A ring of 24 nodes, radius 0.5 m, at the origin, 1 kg, pressure 1,
/// damping 2.
tt_softbody_def tt_softbody_def_default(void);
tt_status tt_softbody_create(tt_world_id world, const tt_softbody_def *def,
			     tt_softbody_id *out);
/// Destroy the body's particles and springs.
tt_status tt_softbody_destroy(tt_softbody_id body);
int tt_softbody_valid(tt_softbody_id body);
tt_softbody_kind tt_softbody_get_kind(tt_softbody_id body);
/// Nodes: a ring's and a polygon's in outline order (counter-clockwise),
/// a grid's row by row from the bottom left, cols + 1 per row.
int tt_softbody_node_count(tt_softbody_id body);
tt_particle_id tt_softbody_node(tt_softbody_id body, int i);
/// Every spring the body made (some may be gone: cut or torn).
int tt_softbody_spring_count(tt_softbody_id body);
tt_spring_id tt_softbody_spring(tt_softbody_id body, int i);
/// The body a particle is a node of, or a null id.
tt_softbody_id tt_particle_get_softbody(tt_particle_id particle);

float tt_softbody_get_pressure(tt_softbody_id body);
/// Inflate (> 1), deflate (< 1), let out (0: the area held goes back to
/// the rest area, where the skin is slack, then pressure stops acting);
/// from the next step, the area held moving toward it at most 2 rest
/// areas per second.
tt_status tt_softbody_set_pressure(tt_softbody_id body, float pressure);
float tt_softbody_get_area_compliance(tt_softbody_id body);
tt_status tt_softbody_set_area_compliance(tt_softbody_id body, float c);
float tt_softbody_get_shape_matching(tt_softbody_id body);
tt_status tt_softbody_set_shape_matching(tt_softbody_id body, float s);
float tt_softbody_get_damping(tt_softbody_id body);
tt_status tt_softbody_set_damping(tt_softbody_id body, float damping);
float tt_softbody_get_friction(tt_softbody_id body);
tt_status tt_softbody_set_friction(tt_softbody_id body, float friction);
float tt_softbody_get_restitution(tt_softbody_id body);
tt_status tt_softbody_set_restitution(tt_softbody_id body, float e);
/// Group and mask of the body and all its nodes.
uint32_t tt_softbody_get_group(tt_softbody_id body);
tt_status tt_softbody_set_group(tt_softbody_id body, uint32_t group);
uint32_t tt_softbody_get_mask(tt_softbody_id body);
tt_status tt_softbody_set_mask(tt_softbody_id body, uint32_t mask);
/// max_strain of all its live springs.
float tt_softbody_get_max_strain(tt_softbody_id body);
tt_status tt_softbody_set_max_strain(tt_softbody_id body, float strain);
/// Teleport the body by offset, velocities kept.
tt_status tt_softbody_translate(tt_softbody_id body, tt_vec3 offset);

/* ---- measures (core/softbody_measure.c) ---------------------------------- */

/// Area inside the outline now, and at rest (m^2). A torn body's area
/// counts the nodes still there.
float tt_softbody_area(tt_softbody_id body);
float tt_softbody_rest_area(tt_softbody_id body);
/// Mass-weighted centre of the nodes.
tt_vec3 tt_softbody_center(tt_softbody_id body);
/// 1 when an outline node or edge spring is gone (pressure is off).
int tt_softbody_torn(tt_softbody_id body);

typedef struct tt_softbody_energy {
	double kinetic, potential;  /* J; potential relative to y = 0 */
	double elastic;  /* J: compliant springs, C^2 / (2 compliance) */
} tt_softbody_energy;

tt_softbody_energy tt_softbody_get_energy(tt_softbody_id body);
/// How far the body is from its rest shape: the mean distance of the
/// nodes from the best rigid fit of it, over the rest radius (the RMS
/// distance of the rest nodes from their centre); 0 is the rest shape.
float tt_softbody_shape_error(tt_softbody_id body);

int tt_world_softbody_count(tt_world_id world);
tt_softbody_id tt_world_softbody_at(tt_world_id world, int index);

/* ---- view for drawing ------------------------------------------------------
 * Cells are what gets filled: a grid's quads, a ring's fan triangles about
 * its centre, a polygon's triangles (ear clipping at rest). Indices name
 * nodes; -1 names the centre (the mean of the outline's nodes, uv the
 * mean of theirs); a triangle's fourth index is -2. A cell whose node or
 * side spring is gone is closed (not drawn). Texture coordinates map the
 * rest shape's bounding box to [0, 1], v up. */

typedef struct tt_softbody_view {
	int node_count;
	const int32_t *particle;  /* dense particle index of each node, -1
				     when gone */
	const float *u, *v;
	int outline_count;
	const int32_t *outline;   /* nodes, counter-clockwise */
	const int32_t *edge_open; /* 1 when outline edge k (to k + 1) stands */
	int cell_count;
	const int32_t *cells;     /* 4 per cell */
	const float *cell_rest;   /* rest area of each cell, m^2 */
	const int32_t *cell_open; /* 1 when the cell stands */
} tt_softbody_view;

/// The body as it is now; valid until the world changes.
tt_softbody_view tt_softbody_get_view(tt_softbody_id body);

#endif
