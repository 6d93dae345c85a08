/* Tipping: a rope segment standing on its end on a contact, straight up
 * against gravity, is leaned so that it falls.
 *
 * A balanced column is unstable, but far from the origin float keeps it
 * up: a lean theta moves a node sideways by about g h^2 theta in a
 * substep of h (through the segment's correction), and below half the
 * float spacing of x that rounds away, so the lean never grows (at x = 9
 * and 8 substeps, any theta under 1%; the kick of solver.c, 1e-5 m/s, is
 * far below). The pieces of a slashed vine stood on their ends for good.
 * A segment from a node that touched a collider this step to a rope
 * neighbour above it is leaned, when its sideways offset is under half of
 * it, by the lean that gravity can grow: spacing / (g h^2) of its length,
 * TIP at least (40 um on a 40 cm segment near x = 0), MAX_TIP at most
 * (past x = 128 a column may stand again). Only a balance that would hold
 * forever is touched: a segment leaning further is left to gravity. Its
 * side is the rope slot's: alternate in 2D, turning by the golden angle
 * in 3D, the same every run. Velocities are left alone. A rope with a
 * pinned node is held, not balanced, and is left alone: a taut grapple
 * rope straight above a player on the floor was leaned every step. */
#include <math.h>

#include "vec3.h"
#include "world.h"

#define TIP 1e-4f
#define MAX_TIP 0.1f

static float spacing(float c)
{
	float a = fabsf(c);
	return nextafterf(a, INFINITY) - a;
}

/* Unit vectors u1, u2 across up (unit), for the 3D side. */
static void across(tt_vec3 up, tt_vec3 *u1, tt_vec3 *u2)
{
	tt_vec3 axis = fabsf(up.x) < 0.9f ? (tt_vec3){1, 0, 0} : (tt_vec3){0, 1, 0};
	tt_vec3 c = v3_cross(up, axis);
	float n = v3_length(c);
	*u1 = (tt_vec3){c.x / n, c.y / n, c.z / n};
	*u2 = v3_cross(up, *u1);
}

static tt_vec3 side(const tt_world *w, const tt_rope *rope, tt_vec3 up)
{
	if (!w->def.is_3d) {
		float s = rope->slot % 2 ? 1.0f : -1.0f;
		return (tt_vec3){s * up.y, -s * up.x, 0.0f};
	}
	tt_vec3 u1, u2;
	across(up, &u1, &u2);
	float a = 2.3999632f * (float)rope->slot, c = cosf(a), s = sinf(a);
	return (tt_vec3){c * u1.x + s * u2.x, c * u1.y + s * u2.y,
			 c * u1.z + s * u2.z};
}

/* Lean node j off the segment from i when it stands straight over it. */
static void tip(tt_world *w, int i, int j, tt_vec3 up, tt_vec3 dir, float fall)
{
	tt_particles *p = &w->particles;
	tt_vec3 d = v3_sub(v3(p->x[j], p->y[j], p->z[j]), v3(p->x[i], p->y[i], p->z[i]));
	float along = v3_dot(d, up);
	float sx = d.x - along * up.x, sy = d.y - along * up.y, sz = d.z - along * up.z;
	float far = fmaxf(fmaxf(spacing(p->x[j]), spacing(p->y[j])), spacing(p->z[j]));
	float lean = fminf(fmaxf(TIP, far / fall), MAX_TIP) * along;
	if (p->inv_mass[j] == 0.0f || !(along > 0.0f) ||
	    sx * sx + sy * sy + sz * sz >= 0.25f * lean * lean)
		return;
	p->x[j] += lean * dir.x;
	p->y[j] += lean * dir.y;
	p->z[j] += lean * dir.z;
}

static int held(const tt_world *w, const int32_t *node, int count)
{
	for (int k = 0; k < count; k++)
		if (w->particles.inv_mass[node[k]] == 0.0f)
			return 1;
	return 0;
}

static void tip_rope(tt_world *w, const tt_rope *rope, tt_vec3 up, float fall)
{
	const int32_t *hit = w->particles.hit, *node = w->chain.i + rope->dense_at;
	tt_vec3 dir = side(w, rope, up);
	if (held(w, node, rope->count))
		return;
	for (int k = 0; k < rope->count; k++) {
		if (!hit[node[k]])
			continue;
		if (k > 0)
			tip(w, node[k], node[k - 1], up, dir, fall);
		if (k + 1 < rope->count)
			tip(w, node[k], node[k + 1], up, dir, fall);
	}
}

float tt_contact_up(const tt_world *w, tt_vec3 *up)
{
	tt_vec3 g = w->def.gravity;
	float n = v3_length(g);
	if (!(n > 0.0f))
		return 0.0f;
	*up = (tt_vec3){-g.x / n, -g.y / n, -g.z / n};
	return n;
}

void tt_contact_tip(tt_world *w)
{
	tt_vec3 up;
	float n = tt_contact_up(w, &up);
	if (n == 0.0f)
		return;
	float h = w->def.time_step / (float)w->def.substeps;
	for (int r = 0; r < w->ropes.count; r++)
		if (w->ropes.items[r].dense_at >= 0)
			tip_rope(w, &w->ropes.items[r], up, n * h * h);
}
