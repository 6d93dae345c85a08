/* The layouts of soft bodies: where the nodes are at rest, the outline
 * (counter-clockwise), the springs between nodes and the cells drawn
 * filled.
 *
 * A ring is a regular polygon with a spring along each edge, filled as a
 * fan about its centre. A polygon (points) is the same with the points as
 * given (turned counter-clockwise), filled with triangles by ear clipping
 * (Meisters' two-ears theorem: a simple polygon always has an ear to cut).
 * A grid is (cols + 1) x (rows + 1) nodes with structural springs along
 * the cell sides, shear springs across each cell both ways and bend
 * springs skipping a node, as in a mass-spring cloth (Provot 1995). */
#include <math.h>
#include <string.h>

#include "world.h"

typedef struct layout {
	const tt_softbody_def *def;
	tt_softbody *b;
	int32_t *pairs, *classes, *pinned;
	int springs;
} layout;

static float cross(float ax, float ay, float bx, float by)
{
	return ax * by - ay * bx;
}

/* Twice the signed area of the polygon (x, y) of n points. */
static float twice_area(const float *x, const float *y, int n)
{
	float a = 0.0f;
	for (int k = 0; k < n; k++) {
		int j = (k + 1) % n;
		a += cross(x[k], y[k], x[j], y[j]);
	}
	return a;
}

/* Do segments p0-p1 and q0-q1 cross (touching counts)? */
static int segments_cross(const tt_vec3 *p0, const tt_vec3 *p1,
			  const tt_vec3 *q0, const tt_vec3 *q1)
{
	float d1 = cross(p1->x - p0->x, p1->y - p0->y, q0->x - p0->x, q0->y - p0->y);
	float d2 = cross(p1->x - p0->x, p1->y - p0->y, q1->x - p0->x, q1->y - p0->y);
	float d3 = cross(q1->x - q0->x, q1->y - q0->y, p0->x - q0->x, p0->y - q0->y);
	float d4 = cross(q1->x - q0->x, q1->y - q0->y, p1->x - q0->x, p1->y - q0->y);
	return d1 * d2 <= 0.0f && d3 * d4 <= 0.0f;
}

/* Finite, no two edges crossing but neighbours, area > 0. */
static int simple_polygon(const tt_vec3 *p, int n)
{
	float area = 0.0f;
	for (int k = 0; k < n; k++) {
		if (!tt_vec3_finite(p[k]))
			return 0;
		area += cross(p[k].x, p[k].y, p[(k + 1) % n].x, p[(k + 1) % n].y);
	}
	for (int i = 0; i < n; i++)
		for (int j = i + 2; j < n; j++)
			if (!(i == 0 && j == n - 1) &&
			    segments_cross(&p[i], &p[i + 1], &p[j], &p[(j + 1) % n]))
				return 0;
	return fabsf(area) > 1e-12f;
}

tt_status tt_softbody_plan(const tt_softbody_def *def, tt_softbody *b)
{
	int n = def->segments, c = def->cols, r = def->rows;
	switch (def->kind) {
	case TT_SOFTBODY_RING:
		if (n < 3 || n > TT_SOFTBODY_MAX_POINTS || !(def->radius > 0.0f) ||
		    !isfinite(def->radius))
			return TT_ERR_SOFTBODY_RING;
		*b = (tt_softbody){.node_count = n, .outline_count = n,
				   .spring_count = def->bend >= 0.0f ? 2 * n : n,
				   .cell_count = n};
		return TT_OK;
	case TT_SOFTBODY_POINTS:
		n = def->point_count;
		if (n < 3 || n > TT_SOFTBODY_MAX_POINTS || !def->points ||
		    !simple_polygon(def->points, n))
			return TT_ERR_SOFTBODY_POINTS;
		*b = (tt_softbody){.node_count = n, .outline_count = n,
				   .spring_count = def->bend >= 0.0f ? 2 * n : n,
				   .cell_count = n - 2};
		return TT_OK;
	case TT_SOFTBODY_GRID:
		if (c < 1 || r < 1 || c > TT_SOFTBODY_MAX_CELLS ||
		    r > TT_SOFTBODY_MAX_CELLS || !(def->size > 0.0f) ||
		    !isfinite(def->size))
			return TT_ERR_SOFTBODY_GRID;
		if ((unsigned)def->pin >= TT_SOFTBODY_PIN_COUNT)
			return TT_ERR_SOFTBODY_PIN;
		*b = (tt_softbody){
			.node_count = (c + 1) * (r + 1), .outline_count = 2 * (c + r),
			.cell_count = c * r, .cols = c, .rows = r,
			.spring_count = c * (r + 1) + (c + 1) * r +
					(def->shear >= 0.0f ? 2 * c * r : 0) +
					(def->bend >= 0.0f ? (c - 1) * (r + 1) +
							     (c + 1) * (r - 1) : 0)};
		return TT_OK;
	default:
		return TT_ERR_SOFTBODY_KIND;
	}
}

/* The next spring joins nodes i and j, of class cls; its index. */
static int spring(layout *l, int i, int j, int cls)
{
	l->pairs[2 * l->springs] = i;
	l->pairs[2 * l->springs + 1] = j;
	l->classes[l->springs] = cls;
	return l->springs++;
}

static void cell(tt_softbody *b, int k, const int32_t corners[4],
		 const int32_t sides[4])
{
	memcpy(&b->cells[4 * k], corners, 4 * sizeof *corners);
	memcpy(&b->cell_sides[4 * k], sides, 4 * sizeof *sides);
}

/* Outline 0..n-1 with an edge spring each (ring and polygon), and bend
 * springs skipping a node when asked: a skin that would fold into
 * zig-zags (a let-out balloon crumpled on the floor stays crumpled when
 * blown up again) keeps a curve. */
static void closed_outline(layout *l)
{
	tt_softbody *b = l->b;
	int n = b->outline_count;
	for (int k = 0; k < n; k++) {
		b->outline[k] = k;
		b->edge_spring[k] = spring(l, k, (k + 1) % n, 0);
	}
	for (int k = 0; k < n && l->def->bend >= 0.0f; k++)
		spring(l, k, (k + 2) % n, 2);
}

static void lay_ring(layout *l)
{
	tt_softbody *b = l->b;
	const tt_softbody_def *def = l->def;
	int n = b->node_count;
	for (int k = 0; k < n; k++) {
		double a = 2.0 * 3.14159265358979323846 * k / n;
		b->qx[k] = def->center.x + def->radius * (float)cos(a);
		b->qy[k] = def->center.y + def->radius * (float)sin(a);
	}
	closed_outline(l);
	for (int k = 0; k < n; k++)
		cell(b, k, (int32_t[4]){-1, k, (k + 1) % n, -2},
		     (int32_t[4]){-1, b->edge_spring[k], -1, -1});
}

/* Is corner at remaining[k] an ear: convex, no other corner inside? */
static int is_ear(const float *x, const float *y, const int32_t *rem, int n,
		  int k)
{
	int a = rem[(k + n - 1) % n], b = rem[k], c = rem[(k + 1) % n];
	if (cross(x[b] - x[a], y[b] - y[a], x[c] - x[b], y[c] - y[b]) <= 0.0f)
		return 0;
	for (int m = 0; m < n; m++) {
		int p = rem[m];
		if (p == a || p == b || p == c)
			continue;
		if (cross(x[b] - x[a], y[b] - y[a], x[p] - x[a], y[p] - y[a]) >= 0.0f &&
		    cross(x[c] - x[b], y[c] - y[b], x[p] - x[b], y[p] - y[b]) >= 0.0f &&
		    cross(x[a] - x[c], y[a] - y[c], x[p] - x[c], y[p] - y[c]) >= 0.0f)
			return 0;
	}
	return 1;
}

/* The side spring of a triangle from node a to b: the outline edge when
 * they are neighbours along it, else none. */
static int32_t side(const tt_softbody *b, int i, int j)
{
	int n = b->node_count;
	if ((i + 1) % n == j)
		return b->edge_spring[i];
	return (j + 1) % n == i ? b->edge_spring[j] : -1;
}

/* Triangles by ear clipping; rem is scratch of n (the pinned array). */
static void clip_ears(layout *l, int32_t *rem)
{
	tt_softbody *b = l->b;
	int n = b->node_count, cells = 0;
	for (int k = 0; k < n; k++)
		rem[k] = k;
	while (n > 3) {
		int k = 0;
		while (k < n - 1 && !is_ear(b->qx, b->qy, rem, n, k))
			k++;  /* a simple polygon has an ear; else take the last */
		int a = rem[(k + n - 1) % n], c = rem[k], d = rem[(k + 1) % n];
		cell(b, cells++, (int32_t[4]){a, c, d, -2},
		     (int32_t[4]){side(b, a, c), side(b, c, d), side(b, d, a), -1});
		memmove(&rem[k], &rem[k + 1], (size_t)(n - k - 1) * sizeof *rem);
		n--;
	}
	cell(b, cells, (int32_t[4]){rem[0], rem[1], rem[2], -2},
	     (int32_t[4]){side(b, rem[0], rem[1]), side(b, rem[1], rem[2]),
			  side(b, rem[2], rem[0]), -1});
}

static void lay_points(layout *l)
{
	tt_softbody *b = l->b;
	const tt_vec3 *p = l->def->points;
	int n = b->node_count;
	for (int k = 0; k < n; k++)
		b->qx[k] = p[k].x, b->qy[k] = p[k].y;
	if (twice_area(b->qx, b->qy, n) < 0.0f)
		for (int k = 0; k < n; k++)  /* clockwise: turn it round */
			b->qx[k] = p[n - 1 - k].x, b->qy[k] = p[n - 1 - k].y;
	closed_outline(l);
	clip_ears(l, l->pinned);
	memset(l->pinned, 0, (size_t)n * sizeof *l->pinned);
}

/* Grid node (i, j) and its springs' indices: horizontal h(i, j) joins
 * (i, j) to (i + 1, j), vertical v(i, j) joins (i, j) to (i, j + 1). */
static int node(const tt_softbody *b, int i, int j)
{
	return j * (b->cols + 1) + i;
}

static int h_spring(const tt_softbody *b, int i, int j)
{
	return j * b->cols + i;
}

static int v_spring(const tt_softbody *b, int i, int j)
{
	return b->cols * (b->rows + 1) + j * (b->cols + 1) + i;
}

/* The next grid spring joins (i0, j0) and (i1, j1), of class cls. */
typedef struct grid_out {
	int32_t *pairs, *classes;
	int n, w;
} grid_out;

static void put(grid_out *o, int i0, int j0, int i1, int j1, int cls)
{
	o->pairs[2 * o->n] = j0 * o->w + i0;
	o->pairs[2 * o->n + 1] = j1 * o->w + i1;
	o->classes[o->n++] = cls;
}

/* The springs of a grid of cols x rows cells, node (i, j) = j (cols + 1)
 * + i: structural along the rows then the columns, shear across each
 * cell ((i, j)-(i+1, j+1), then (i+1, j)-(i, j+1)) when asked, bend
 * skipping a node along the rows then the columns when asked; classes 0,
 * 1, 2. Soft-body grids and cloth grids share it. Returns the count. */
int tt_grid_springs(int cols, int rows, int shear, int bend, int32_t *pairs,
		    int32_t *classes)
{
	grid_out o = {pairs, classes, 0, cols + 1};
	for (int j = 0; j <= rows; j++)
		for (int i = 0; i < cols; i++)
			put(&o, i, j, i + 1, j, 0);
	for (int j = 0; j < rows; j++)
		for (int i = 0; i <= cols; i++)
			put(&o, i, j, i, j + 1, 0);
	for (int j = 0; j < rows && shear; j++)
		for (int i = 0; i < cols; i++) {
			put(&o, i, j, i + 1, j + 1, 1);
			put(&o, i + 1, j, i, j + 1, 1);
		}
	for (int j = 0; j <= rows && bend; j++)
		for (int i = 0; i + 2 <= cols; i++)
			put(&o, i, j, i + 2, j, 2);
	for (int j = 0; j + 2 <= rows && bend; j++)
		for (int i = 0; i <= cols; i++)
			put(&o, i, j, i, j + 2, 2);
	return o.n;
}

static void grid_springs(layout *l)
{
	l->springs += tt_grid_springs(l->b->cols, l->b->rows,
				      l->def->shear >= 0.0f, l->def->bend >= 0.0f,
				      l->pairs + 2 * l->springs,
				      l->classes + l->springs);
}

/* Counter-clockwise from the bottom left: bottom, right, top, left. */
static void grid_outline(tt_softbody *b)
{
	int c = b->cols, r = b->rows, k = 0;
	for (int i = 0; i < c; i++, k++)
		b->outline[k] = node(b, i, 0), b->edge_spring[k] = h_spring(b, i, 0);
	for (int j = 0; j < r; j++, k++)
		b->outline[k] = node(b, c, j), b->edge_spring[k] = v_spring(b, c, j);
	for (int i = c; i > 0; i--, k++)
		b->outline[k] = node(b, i, r),
		b->edge_spring[k] = h_spring(b, i - 1, r);
	for (int j = r; j > 0; j--, k++)
		b->outline[k] = node(b, 0, j),
		b->edge_spring[k] = v_spring(b, 0, j - 1);
}

static int pinned_at(tt_softbody_pin pin, const tt_softbody *b, int i, int j)
{
	return (pin == TT_SOFTBODY_PIN_TOP && j == b->rows) ||
	       (pin == TT_SOFTBODY_PIN_BOTTOM && j == 0) ||
	       (pin == TT_SOFTBODY_PIN_LEFT && i == 0) ||
	       (pin == TT_SOFTBODY_PIN_RIGHT && i == b->cols);
}

static void lay_grid(layout *l)
{
	tt_softbody *b = l->b;
	const tt_softbody_def *def = l->def;
	float s = def->size;
	for (int j = 0; j <= b->rows; j++)
		for (int i = 0; i <= b->cols; i++) {
			int k = node(b, i, j);
			b->qx[k] = def->center.x + s * ((float)i - 0.5f * (float)b->cols);
			b->qy[k] = def->center.y + s * ((float)j - 0.5f * (float)b->rows);
			l->pinned[k] = pinned_at(def->pin, b, i, j);
		}
	grid_springs(l);
	grid_outline(b);
	for (int j = 0; j < b->rows; j++)
		for (int i = 0; i < b->cols; i++)
			cell(b, j * b->cols + i,
			     (int32_t[4]){node(b, i, j), node(b, i + 1, j),
					  node(b, i + 1, j + 1), node(b, i, j + 1)},
			     (int32_t[4]){h_spring(b, i, j), v_spring(b, i + 1, j),
					  h_spring(b, i, j + 1), v_spring(b, i, j)});
}

void tt_softbody_lay_out(const tt_softbody_def *def, tt_softbody *b,
			 int32_t *pairs, int32_t *classes, int32_t *pinned)
{
	layout l = {def, b, pairs, classes, pinned, 0};
	memset(pinned, 0, (size_t)b->node_count * sizeof *pinned);
	if (def->kind == TT_SOFTBODY_RING)
		lay_ring(&l);
	else if (def->kind == TT_SOFTBODY_POINTS)
		lay_points(&l);
	else
		lay_grid(&l);
}
