/* The layouts of cloths: rest positions, texture coordinates, triangles
 * (counter-clockwise seen from the front) with the springs along their
 * sides, the springs to make, lumped node masses and the pinned nodes.
 *
 * A grid is (cols + 1) x (rows + 1) nodes in its local xy plane, row 0 at
 * the top (local y 0, rows going down -y), with the springs of a
 * mass-spring cloth (Provot 1995; the grid's springs are the soft-body
 * grid's, tt_grid_springs). Each cell splits into two triangles along a
 * diagonal that alternates like a chequerboard, so the sheet has no
 * preferred shear direction; the diagonal is a side of both triangles,
 * so it is there (a structural spring) even when shear springs are left
 * out. A mesh gives its triangles; its nodes are its distinct source
 * points (OBJ points split at uv seams join again), its structural
 * springs its edges, and bend springs join the two far corners across
 * each edge two triangles share. Each node weighs a third of its
 * triangles' rest area times mass_per_area. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "mesh.h"
#include "vec3.h"
#include "world.h"

#define SIDE_SHARE 1e-3f  /* of the mesh's extent: a node on a side */

/* ---- meshes ------------------------------------------------------------ */

/* A used vertex and its source point, sorted so that one source's
 * vertices are a run: one node. */
typedef struct sourced {
	int32_t source, vertex;
} sourced;

static int by_source(const void *a, const void *b)
{
	const sourced *x = a, *y = b;
	if (x->source != y->source)
		return x->source < y->source ? -1 : 1;
	return (x->vertex > y->vertex) - (x->vertex < y->vertex);
}

/* node[v] for every vertex of m a triangle uses (-1 for the others), in
 * order of source; returns the node count, -1 when out of memory. */
static int mesh_nodes(const tt_mesh *m, int32_t *node)
{
	size_t size = (size_t)m->vertex_count * sizeof(sourced);
	sourced *order = tt_alloc(size);
	if (!order)
		return -1;
	for (int v = 0; v < m->vertex_count; v++)
		node[v] = -1;
	for (int t = 0; t < 3 * m->triangle_count; t++)
		node[m->triangle[t]] = 0;
	int n = 0, nodes = 0;
	for (int v = 0; v < m->vertex_count; v++)
		if (node[v] == 0)
			order[n++] = (sourced){m->source[v], v};
	qsort(order, (size_t)n, sizeof *order, by_source);
	for (int k = 0; k < n; k++) {
		nodes += k > 0 && order[k].source != order[k - 1].source;
		node[order[k].vertex] = nodes;
	}
	tt_free(order, size);
	return n > 0 ? nodes + 1 : 0;
}

static tt_vec3 mesh_point(const tt_mesh *m, int v)
{
	const float *p = m->position + 3 * v;
	return v3(p[0], p[1], p[2]);
}

/* Every triangle of three different nodes and some area? */
static int triangles_sound(const tt_mesh *m, const int32_t *node)
{
	for (int t = 0; t < m->triangle_count; t++) {
		const int32_t *v = m->triangle + 3 * t;
		tt_vec3 a = mesh_point(m, v[0]);
		tt_vec3 n = v3_cross(v3_sub(mesh_point(m, v[1]), a),
				     v3_sub(mesh_point(m, v[2]), a));
		if (node[v[0]] == node[v[1]] || node[v[1]] == node[v[2]] ||
		    node[v[2]] == node[v[0]] || !(v3_dot(n, n) > 0.0f))
			return 0;
	}
	return 1;
}

/* The node of each vertex of a sound mesh into *out (the caller frees
 * vertex_count of them); the node count, -1 refused, -2 out of memory. */
static int mesh_node_map(const tt_mesh *m, int32_t **out)
{
	if (!m || m->vertex_count < 3 || m->vertex_count > TT_CLOTH_MAX_NODES ||
	    tt_mesh_bad_triangle(m) >= 0)
		return -1;
	int32_t *node = tt_alloc((size_t)m->vertex_count * sizeof *node);
	int n = node ? mesh_nodes(m, node) : -1;
	if (n < 0 || !triangles_sound(m, node)) {
		tt_free(node, node ? (size_t)m->vertex_count * sizeof *node : 0);
		return n < 0 ? -2 : -1;
	}
	*out = node;
	return n;
}

/* An edge of a triangle: its nodes (lo < hi), the triangle and the side
 * (k: from corner k to k + 1), the corner across from it. */
typedef struct half_edge {
	int32_t lo, hi, tri, k, far;
} half_edge;

static int by_nodes(const void *a, const void *b)
{
	const half_edge *x = a, *y = b;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	if (x->hi != y->hi)
		return x->hi < y->hi ? -1 : 1;
	return (x->tri > y->tri) - (x->tri < y->tri);
}

static void half_edges(const tt_cloth *c, half_edge *e)
{
	for (int t = 0; t < c->triangle_count; t++)
		for (int k = 0; k < 3; k++) {
			int32_t a = c->tri[3 * t + k], b = c->tri[3 * t + (k + 1) % 3];
			e[3 * t + k] = (half_edge){a < b ? a : b, a < b ? b : a, t, k,
						   c->tri[3 * t + (k + 2) % 3]};
		}
	qsort(e, 3 * (size_t)c->triangle_count, sizeof *e, by_nodes);
}

static int is_edge(const half_edge *e, int count, int32_t a, int32_t b)
{
	half_edge key = {a < b ? a : b, a < b ? b : a, -1, 0, 0};
	int lo = 0, hi = count;
	while (lo < hi) {  /* the first not before key */
		int mid = (lo + hi) / 2;
		if (by_nodes(&e[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < count && e[lo].lo == key.lo && e[lo].hi == key.hi;
}

/* The springs to make: each distinct edge (the side of its triangles),
 * then the bend springs across inner edges. Returns how many. */
static int mesh_springs(tt_cloth *c, half_edge *e, int bend, int32_t *pairs,
			int32_t *classes)
{
	int n = 0, count = 3 * c->triangle_count;
	for (int k = 0; k < count; k++) {
		if (k == 0 || e[k].lo != e[k - 1].lo || e[k].hi != e[k - 1].hi) {
			pairs[2 * n] = e[k].lo, pairs[2 * n + 1] = e[k].hi;
			c->support[2 * n] = c->support[2 * n + 1] = -1;
			classes[n++] = TT_CLOTH_STRUCTURAL;
		}
		c->side[3 * e[k].tri + e[k].k] = n - 1;
	}
	for (int k = 1; k < count && bend; k++) {
		int32_t a = e[k - 1].far, b = e[k].far;
		if (e[k].lo == e[k - 1].lo && e[k].hi == e[k - 1].hi && a != b &&
		    !is_edge(e, count, a, b)) {
			pairs[2 * n] = a, pairs[2 * n + 1] = b;
			c->support[2 * n] = c->support[2 * n + 1] =
				c->side[3 * e[k].tri + e[k].k];  /* the edge */
			classes[n++] = TT_CLOTH_BEND;
		}
	}
	return n;
}

/* ---- grids ------------------------------------------------------------- */

static int grid_springs_planned(const tt_cloth_def *def)
{
	int c = def->cols, r = def->rows;
	int diagonals = def->shear >= 0.0f ? 2 * c * r : c * r;
	int bend = def->bend >= 0.0f ? (c - 1) * (r + 1) + (c + 1) * (r - 1) : 0;
	return c * (r + 1) + (c + 1) * r + diagonals + bend;
}

/* Cell (i, j) splits along (i, j)-(i+1, j+1) (diagonal 0) or the other. */
static int diagonal_of(int i, int j)
{
	return (i + j) % 2;
}

/* The spring along cell (i, j)'s splitting diagonal: with shear springs,
 * one of the cell's two (in tt_grid_springs' order); without, one of
 * those appended after the grid's springs (base). */
static int32_t diagonal_spring(const tt_cloth *c, int i, int j, int shear,
			       int base)
{
	int cell = j * c->cols + i;
	int shear_base = c->cols * (c->rows + 1) + (c->cols + 1) * c->rows;
	return shear ? shear_base + 2 * cell + diagonal_of(i, j) : base + cell;
}

static void triangle(tt_cloth *c, int t, const int32_t n[3], const int32_t s[3])
{
	memcpy(&c->tri[3 * t], n, 3 * sizeof *n);
	memcpy(&c->side[3 * t], s, 3 * sizeof *s);
}

/* The two triangles of cell (i, j), front +z: corners top left, top
 * right, bottom left, bottom right; sides along rows h, columns v. */
static void grid_cell(tt_cloth *c, int i, int j, int32_t d)
{
	int w = c->cols + 1, cells = c->cols * (c->rows + 1);
	int32_t tl = j * w + i, tr = tl + 1, bl = tl + w, br = bl + 1;
	int32_t h_top = j * c->cols + i, h_bottom = h_top + c->cols;
	int32_t v_left = cells + j * w + i, v_right = v_left + 1;
	int t = 2 * (j * c->cols + i);
	if (diagonal_of(i, j) == 0) {
		triangle(c, t, (int32_t[3]){tl, bl, br},
			 (int32_t[3]){v_left, h_bottom, d});
		triangle(c, t + 1, (int32_t[3]){tl, br, tr},
			 (int32_t[3]){d, v_right, h_top});
	} else {
		triangle(c, t, (int32_t[3]){tl, bl, tr},
			 (int32_t[3]){v_left, d, h_top});
		triangle(c, t + 1, (int32_t[3]){tr, bl, br},
			 (int32_t[3]){d, h_bottom, v_right});
	}
}

static void support(tt_cloth *c, int k, int32_t a, int32_t b)
{
	c->support[2 * k] = a, c->support[2 * k + 1] = b;
}

/* What each grid spring stands on, in tt_grid_springs' order: none for
 * structural ones, a cell's two triangles for its shear springs, the two
 * springs a bend spring skips over. */
static void grid_supports(tt_cloth *c, int shear, int bend)
{
	int cols = c->cols, rows = c->rows, w = cols + 1;
	int k = cols * (rows + 1) + w * rows, vertical = cols * (rows + 1);
	for (int s = 0; s < k; s++)
		support(c, s, -1, -1);
	for (int cell = 0; cell < cols * rows && shear; cell++, k += 2) {
		support(c, k, 2 * cell, 2 * cell + 1);
		support(c, k + 1, 2 * cell, 2 * cell + 1);
	}
	for (int j = 0; j <= rows && bend; j++)
		for (int i = 0; i + 2 <= cols; i++)
			support(c, k++, j * cols + i, j * cols + i + 1);
	for (int j = 0; j + 2 <= rows && bend; j++)
		for (int i = 0; i <= cols; i++)
			support(c, k++, vertical + j * w + i,
				vertical + (j + 1) * w + i);
}

static int lay_grid(const tt_cloth_def *def, tt_cloth *c, int32_t *pairs,
		    int32_t *classes)
{
	int shear = def->shear >= 0.0f, w = c->cols + 1;
	int n = tt_grid_springs(c->cols, c->rows, shear, def->bend >= 0.0f,
				pairs, classes);
	int base = n;
	grid_supports(c, shear, def->bend >= 0.0f);
	for (int j = 0; j < c->rows; j++)
		for (int i = 0; i < c->cols; i++) {
			int32_t tl = j * w + i, d = diagonal_of(i, j);
			if (!shear) {  /* the splitting diagonal, structural */
				pairs[2 * n] = d ? tl + 1 : tl;
				pairs[2 * n + 1] = d ? tl + w : tl + w + 1;
				support(c, n, -1, -1);
				classes[n++] = TT_CLOTH_STRUCTURAL;
			}
			grid_cell(c, i, j, diagonal_spring(c, i, j, shear, base));
		}
	for (int j = 0; j <= c->rows; j++)
		for (int i = 0; i <= c->cols; i++) {
			float *r = c->rest + 3 * (j * w + i), *uv = c->uv + 2 * (j * w + i);
			r[0] = def->width * (float)i / (float)c->cols;
			r[1] = -def->height * (float)j / (float)c->rows;
			r[2] = 0.0f;
			uv[0] = (float)i / (float)c->cols;
			uv[1] = 1.0f - (float)j / (float)c->rows;
		}
	return n;
}

static int lay_mesh(const tt_cloth_def *def, tt_cloth *c, int32_t *pairs,
		    int32_t *classes)
{
	const tt_mesh *m = def->mesh;
	int32_t *node;
	half_edge *e = tt_alloc(3 * (size_t)c->triangle_count * sizeof *e);
	if (!e || mesh_node_map(m, &node) < 0) {
		tt_free(e, e ? 3 * (size_t)c->triangle_count * sizeof *e : 0);
		return -1;
	}
	for (int v = m->vertex_count - 1; v >= 0; v--) {  /* first wins */
		int k = node[v];
		if (k < 0)
			continue;
		memcpy(c->rest + 3 * k, m->position + 3 * v, 3 * sizeof(float));
		c->uv[2 * k] = m->has_uv ? m->uv[2 * v] : 0.0f;
		c->uv[2 * k + 1] = m->has_uv ? m->uv[2 * v + 1] : 0.0f;
	}
	for (int t = 0; t < 3 * m->triangle_count; t++)
		c->tri[t] = node[m->triangle[t]];
	half_edges(c, e);
	int n = mesh_springs(c, e, def->bend >= 0.0f, pairs, classes);
	tt_free(e, 3 * (size_t)c->triangle_count * sizeof *e);
	tt_free(node, (size_t)m->vertex_count * sizeof *node);
	return n;
}

/* ---- plan, pins, masses ------------------------------------------------- */

tt_status tt_cloth_plan(const tt_cloth_def *def, tt_cloth *c, int *springs)
{
	int cols = def->cols, rows = def->rows;
	if (def->kind == TT_CLOTH_MESH) {
		int32_t *node;
		int n = mesh_node_map(def->mesh, &node);
		if (n < 0)
			return n == -2 ? TT_ERR_OUT_OF_MEMORY : TT_ERR_CLOTH_MESH;
		tt_free(node, (size_t)def->mesh->vertex_count * sizeof *node);
		int sides = 3 * def->mesh->triangle_count;
		*c = (tt_cloth){.kind = TT_CLOTH_MESH, .laid = n,
				.triangle_count = def->mesh->triangle_count};
		*springs = sides + (def->bend >= 0.0f ? sides / 2 : 0);
		return TT_OK;
	}
	if (cols < 1 || rows < 1 || cols > TT_CLOTH_MAX_CELLS ||
	    rows > TT_CLOTH_MAX_CELLS || !(def->width > 0.0f) ||
	    !(def->height > 0.0f) || !isfinite(def->width) ||
	    !isfinite(def->height))
		return TT_ERR_CLOTH_GRID;
	*c = (tt_cloth){.kind = TT_CLOTH_GRID, .cols = cols, .rows = rows,
			.laid = (cols + 1) * (rows + 1),
			.triangle_count = 2 * cols * rows};
	*springs = grid_springs_planned(def);
	return TT_OK;
}

/* The node nearest the corner (x, y) of the rest bounds. */
static int nearest_to(const tt_cloth *c, float x, float y)
{
	int best = 0;
	float d = INFINITY;
	for (int k = 0; k < c->laid; k++) {
		float dx = c->rest[3 * k] - x, dy = c->rest[3 * k + 1] - y;
		if (dx * dx + dy * dy < d)
			d = dx * dx + dy * dy, best = k;
	}
	return best;
}

/* The named sets (local rest positions, before the orientation). */
static void pin_sets(const tt_cloth *c, uint32_t sets)
{
	float lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
	for (int k = 0; k < c->laid; k++)
		for (int a = 0; a < 2; a++)
			lo[a] = fminf(lo[a], c->rest[3 * k + a]),
			hi[a] = fmaxf(hi[a], c->rest[3 * k + a]);
	float e = SIDE_SHARE * fmaxf(hi[0] - lo[0], hi[1] - lo[1]);
	for (int k = 0; k < c->laid; k++) {
		float x = c->rest[3 * k], y = c->rest[3 * k + 1];
		c->pinned[k] |= ((sets & TT_CLOTH_PIN_TOP) && y >= hi[1] - e) ||
				((sets & TT_CLOTH_PIN_BOTTOM) && y <= lo[1] + e) ||
				((sets & TT_CLOTH_PIN_LEFT) && x <= lo[0] + e) ||
				((sets & TT_CLOTH_PIN_RIGHT) && x >= hi[0] - e);
	}
	const float cx[4] = {lo[0], hi[0], lo[0], hi[0]};
	const float cy[4] = {hi[1], hi[1], lo[1], lo[1]};
	for (int k = 0; k < 4; k++)
		if (sets & (TT_CLOTH_PIN_TOP_LEFT << k))
			c->pinned[nearest_to(c, cx[k], cy[k])] = 1;
}

/* A third of each triangle's rest area to each corner, times the density
 * (rest positions are local: the orientation keeps areas). */
static void masses(const tt_cloth *c, float density, float *mass)
{
	for (int k = 0; k < c->laid; k++)
		mass[k] = 0.0f;
	for (int t = 0; t < c->triangle_count; t++) {
		const int32_t *n = c->tri + 3 * t;
		const float *a = c->rest + 3 * n[0], *b = c->rest + 3 * n[1],
			    *d = c->rest + 3 * n[2];
		tt_vec3 e1 = v3(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
		tt_vec3 e2 = v3(d[0] - a[0], d[1] - a[1], d[2] - a[2]);
		float share = 0.5f * v3_length(v3_cross(e1, e2)) / 3.0f * density;
		for (int k = 0; k < 3; k++)
			mass[n[k]] += share;
	}
}

/* Local rest positions into the world: origin + orientation local. */
static void place(const tt_cloth_def *def, tt_cloth *c)
{
	tt_quat q;
	if (tt_quat_normalize(def->orientation, &q) != TT_OK)
		q = (tt_quat){1.0f, 0.0f, 0.0f, 0.0f};
	tt_pose3 pose = tt_pose3_make(def->origin, q);
	for (int k = 0; k < c->laid; k++) {
		float *r = c->rest + 3 * k;
		tt_vec3 p = tt_pose3_to_world(&pose, v3(r[0], r[1], r[2]));
		r[0] = p.x, r[1] = p.y, r[2] = p.z;
	}
}

int tt_cloth_lay_out(const tt_cloth_def *def, tt_cloth *c, float *mass,
		     int32_t *pairs, int32_t *classes)
{
	int n = def->kind == TT_CLOTH_GRID ? lay_grid(def, c, pairs, classes)
					   : lay_mesh(def, c, pairs, classes);
	if (n < 0)
		return n;
	memset(c->pinned, 0, (size_t)c->laid);
	pin_sets(c, def->pin_sets);
	for (int k = 0; k < def->pin_count; k++)
		c->pinned[def->pins[k]] = 1;
	masses(c, def->mass_per_area, mass);
	place(def, c);
	return n;
}
