/* taut core — cloth. Part of the public API: included by taut.h (kept
 * apart so the cloth section merges alone).
 *
 * A cloth owns particles (its nodes) and springs laid out from a grid or
 * a triangle mesh: structural springs along the triangles' edges, shear
 * springs across a grid's cells, bend springs skipping a node (a grid) or
 * across each inner edge (a mesh), each set with its own compliance in
 * m/N (XPBD: independent of substeps). On a square grid a spring's
 * compliance is the sheet's (a strip of n springs in series, n wide), so
 * a finer grid of the same compliance stretches the same. Its nodes are
 * particles of the world: colliders keep them `thickness` from their
 * surfaces, a grab pulls them, a slash cuts their springs, and springs
 * stretched past max_strain tear under the world's cut floors
 * (tt_cut_limits). Long-range tethers (Kim et al. 2012) from the pinned
 * nodes keep a hanging cloth from stretching under its own weight; a tear
 * that cuts a node off from a pin drops that node's tether to it.
 *
 * The air acts on every triangle (cloth_aero.c): drag along the air's
 * velocity relative to the triangle and lift across it, from the wind
 * fields, once per step. A cloth pinned to a frame or a collider (its
 * root) keeps its rest pose in the root's frame: tt_cloth_reset puts it
 * back there, and a root that jumps farther (or turns more) in one step
 * than the teleport limits carries the cloth along, or resets it.
 *
 * Nodes: a grid's row by row from the top left, cols + 1 per row (the
 * grid's local x across, y up, rows going down -y from origin, facing
 * +z); a mesh's one per distinct source point (tt_mesh.source), in order
 * of first use. Pieces a cut or a tear makes of a cloth spring join the
 * cloth as extra nodes after those (tt_cloth_node_count counts them). */
#ifndef TT_CLOTH_H
#define TT_CLOTH_H

struct tt_mesh;

typedef enum tt_cloth_kind {
	TT_CLOTH_GRID,  /* cols x rows cells, width x height metres */
	TT_CLOTH_MESH,  /* the triangles of a tt_mesh */
	TT_CLOTH_KIND_COUNT
} tt_cloth_kind;

/* Named sets of nodes to pin, as bits: whole sides and single corners. On
 * a mesh, a side is the nodes at the extreme of its rest bounds that way
 * (within a thousandth of its size), a corner the node nearest that corner
 * of the bounds. */
enum {
	TT_CLOTH_PIN_TOP = 1,
	TT_CLOTH_PIN_BOTTOM = 2,
	TT_CLOTH_PIN_LEFT = 4,
	TT_CLOTH_PIN_RIGHT = 8,
	TT_CLOTH_PIN_TOP_LEFT = 16,
	TT_CLOTH_PIN_TOP_RIGHT = 32,
	TT_CLOTH_PIN_BOTTOM_LEFT = 64,
	TT_CLOTH_PIN_BOTTOM_RIGHT = 128
};

/* What a root's jump past the teleport limits does to the cloth. */
typedef enum tt_cloth_teleport {
	TT_CLOTH_TELEPORT_KEEP,   /* carried rigidly along, speeds turned too */
	TT_CLOTH_TELEPORT_RESET,  /* put in its rest pose on the root, at rest */
	TT_CLOTH_TELEPORT_COUNT
} tt_cloth_teleport;

#define TT_CLOTH_MAX_CELLS 256        /* grid cells each way */
#define TT_CLOTH_MAX_NODES (1 << 20)  /* mesh nodes */

typedef struct tt_cloth_def {
	tt_cloth_kind kind;
	int cols, rows;            /* grid cells, default 8 x 8 */
	float width, height;       /* grid, m; default 1 x 1 */
	const struct tt_mesh *mesh;  /* mesh: read during create only */
	tt_vec3 origin;            /* where a grid's top left node is, or a
				      mesh's local origin goes */
	tt_quat orientation;       /* turns the local frame; default none */
	float mass_per_area;       /* kg/m^2, default 0.2 */
	float thickness;           /* m: each node's radius, kept from
				      collider surfaces; default 0.005 */
	float stretch;             /* compliance of structural springs, m/N;
				      default 0 (rigid) */
	float shear, bend;         /* of shear and bend springs, m/N; < 0
				      leaves them out; default 0.5, 0.1 */
	float damping;             /* 1/s, velocity damping of the nodes;
				      default 0.1 */
	float drag, lift;          /* aerodynamic coefficients of each
				      triangle (cloth_aero.c); default 1, 0.3 */
	float air_density;         /* kg/m^3, default 1.2 */
	float max_strain;          /* springs tear past it; 0 never */
	int tethers;               /* long-range tethers from the pins,
				      default 1 */
	uint32_t pin_sets;         /* TT_CLOTH_PIN_* bits */
	const int32_t *pins;       /* node indices to pin, read during create */
	int pin_count;
	tt_frame_id pin_frame;     /* pinned nodes ride this frame (3D) ... */
	tt_collider_id pin_collider;  /* ... or this collider; either is the
				      root. Neither: pinned in place */
	float teleport_distance;   /* m the root may move in one step before
				      it counts as a teleport; 0 never
				      (default 1) */
	float teleport_angle;      /* rad it may turn in one step; 0 never
				      (default 0) */
	tt_cloth_teleport teleport;
	int self_collision;        /* nodes collide with each other through
				      the particle hash (not joined ones) */
	int visible;               /* drawn filled by the debug view; a scene
				      that draws it itself sets 0; default 1 */
	uint32_t group, mask;      /* of every node, default 1 and all */
} tt_cloth_def;

/// An 8 x 8 grid of 1 x 1 m at the origin facing +z, 0.2 kg/m^2, 5 mm
/// thick, rigid structure, soft shear (0.5 m/N: fabric shears easily)
/// and bend (0.1), drag 1, lift 0.3.
tt_cloth_def tt_cloth_def_default(void);
tt_status tt_cloth_create(tt_world_id world, const tt_cloth_def *def,
			  tt_cloth_id *out);
/// Destroy the cloth's particles and springs.
tt_status tt_cloth_destroy(tt_cloth_id cloth);
int tt_cloth_valid(tt_cloth_id cloth);
tt_cloth_kind tt_cloth_get_kind(tt_cloth_id cloth);
/// Grid cells across and down (0 for a mesh).
int tt_cloth_cols(tt_cloth_id cloth);
int tt_cloth_rows(tt_cloth_id cloth);
/// Nodes laid out (grid or mesh), and with the pieces of cuts after them.
int tt_cloth_node_count(tt_cloth_id cloth);
int tt_cloth_laid_count(tt_cloth_id cloth);
tt_particle_id tt_cloth_node(tt_cloth_id cloth, int i);
/// Every spring the cloth made or took from a cut (some may be gone),
/// without its tethers.
int tt_cloth_spring_count(tt_cloth_id cloth);
tt_spring_id tt_cloth_spring(tt_cloth_id cloth, int i);
/// 0 structural, 1 shear, 2 bend, 3 a piece of a cut one.
int tt_cloth_spring_class(tt_cloth_id cloth, int i);
/// Tethers standing now.
int tt_cloth_tether_count(tt_cloth_id cloth);
/// The cloth a particle is a node of, or a null id.
tt_cloth_id tt_particle_get_cloth(tt_particle_id particle);

int tt_cloth_triangle_count(tt_cloth_id cloth);
/// Triangle i's nodes into out[3] (counter-clockwise seen from the side
/// its normal faces); 1 while it stands (its nodes and side springs all
/// there, as of the last step or read of the cloth as a whole), 0 when
/// torn, -1 when i is out of range.
int tt_cloth_triangle(tt_cloth_id cloth, int i, int out[3]);
/// Standing triangles now (after the last step or change).
int tt_cloth_standing_count(tt_cloth_id cloth);
/// Unit normals of the laid-out nodes now (the area-weighted mean of the
/// standing triangles' around each; 0 where none stands), 3 floats a
/// node into out (room for max nodes); returns the laid-out count.
int tt_cloth_get_normals(tt_cloth_id cloth, float *out, int max);
/// Where node i (laid out) is in the rest pose carried by the root now.
tt_vec3 tt_cloth_rest_position(tt_cloth_id cloth, int i);
/// Mass of all its nodes (kg).
float tt_cloth_mass(tt_cloth_id cloth);

/// Every node back to the rest pose on the root (pinned ones where their
/// pins are), at rest; pieces of cuts with the node they came from.
tt_status tt_cloth_reset(tt_cloth_id cloth);
/// Teleport every node by offset, velocities kept (adds no speed).
tt_status tt_cloth_translate(tt_cloth_id cloth, tt_vec3 offset);
/// Times the root jumped past the teleport limits (carried or reset).
int tt_cloth_teleports(tt_cloth_id cloth);

/* Settings, live. Compliances and max_strain go to every spring of the
 * class still there; damping and the filter to every node. */
float tt_cloth_get_stretch(tt_cloth_id cloth);
tt_status tt_cloth_set_stretch(tt_cloth_id cloth, float compliance);
float tt_cloth_get_shear(tt_cloth_id cloth);
tt_status tt_cloth_set_shear(tt_cloth_id cloth, float compliance);
float tt_cloth_get_bend(tt_cloth_id cloth);
tt_status tt_cloth_set_bend(tt_cloth_id cloth, float compliance);
float tt_cloth_get_max_strain(tt_cloth_id cloth);
tt_status tt_cloth_set_max_strain(tt_cloth_id cloth, float strain);
float tt_cloth_get_damping(tt_cloth_id cloth);
tt_status tt_cloth_set_damping(tt_cloth_id cloth, float damping);
float tt_cloth_get_drag(tt_cloth_id cloth);
tt_status tt_cloth_set_drag(tt_cloth_id cloth, float drag);
float tt_cloth_get_lift(tt_cloth_id cloth);
tt_status tt_cloth_set_lift(tt_cloth_id cloth, float lift);
float tt_cloth_get_air_density(tt_cloth_id cloth);
tt_status tt_cloth_set_air_density(tt_cloth_id cloth, float density);
float tt_cloth_get_thickness(tt_cloth_id cloth);
tt_status tt_cloth_set_thickness(tt_cloth_id cloth, float thickness);
float tt_cloth_get_teleport_distance(tt_cloth_id cloth);
tt_status tt_cloth_set_teleport_distance(tt_cloth_id cloth, float d);
float tt_cloth_get_teleport_angle(tt_cloth_id cloth);
tt_status tt_cloth_set_teleport_angle(tt_cloth_id cloth, float angle);
tt_cloth_teleport tt_cloth_get_teleport(tt_cloth_id cloth);
tt_status tt_cloth_set_teleport(tt_cloth_id cloth, tt_cloth_teleport mode);
int tt_cloth_get_self_collision(tt_cloth_id cloth);
tt_status tt_cloth_set_self_collision(tt_cloth_id cloth, int on);
int tt_cloth_get_visible(tt_cloth_id cloth);
tt_status tt_cloth_set_visible(tt_cloth_id cloth, int visible);
uint32_t tt_cloth_get_group(tt_cloth_id cloth);
tt_status tt_cloth_set_group(tt_cloth_id cloth, uint32_t group);
uint32_t tt_cloth_get_mask(tt_cloth_id cloth);
tt_status tt_cloth_set_mask(tt_cloth_id cloth, uint32_t mask);
/// "keep", "reset".
const char *tt_cloth_teleport_name(tt_cloth_teleport mode);

int tt_world_cloth_count(tt_world_id world);
tt_cloth_id tt_world_cloth_at(tt_world_id world, int index);

/* ---- view for drawing ------------------------------------------------- */

typedef struct tt_cloth_view {
	int node_count;           /* with the pieces of cuts */
	int laid_count;           /* laid out: the ones uv and triangles name */
	const int32_t *particle;  /* dense particle index of each node, -1
				     when gone */
	const float *uv;          /* u, v per laid-out node (v up) */
	int triangle_count;
	const int32_t *triangles; /* 3 nodes each */
	const uint8_t *standing;  /* 1 per triangle that stands */
	int visible;
} tt_cloth_view;

/// The cloth as it is now (its nodes found again); valid until the world
/// changes.
tt_cloth_view tt_cloth_get_view(tt_cloth_id cloth);

#endif
