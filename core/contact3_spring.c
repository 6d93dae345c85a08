/* Springs against 3D colliders, so a rope drapes over a sphere and bends
 * over a box's edge instead of slipping between two of its particles.
 *
 * The particles meet the faces themselves; what a segment a-b can still
 * pass through between its ends is the shape's core: the lone vertex of
 * a sphere, the segment of a capsule, the edges of a box or hull (where
 * the surface bends). For each, the nearest points c on the spring
 * (a share t along it) and q on the edge (Ericson, "Real-Time Collision
 * Detection", 5.1.9): when they are closer than the radii, or the spring
 * crossed the edge's line during the substep (seen in the collider's
 * frame, so a turning shape is swept too), the spring is pushed off, its
 * ends moving as a point at t with generalised inverse mass
 * W = (1-t)^2 wa + t^2 wb (Müller et al., PBD 2007), and friction acts on
 * the motion of c as on a particle. A spring that overlapped the edge
 * already at the substep's start comes off at TT_PUSH_OUT_SPEED at most,
 * as particles do (contact3.c), and a spring from a root meets an edge
 * only nearer than the root is (reach_from). */
#include "vec3.h"
#include "world.h"

typedef struct seg_hit {
	float t, depth;
	tt_vec3 n;   /* local, pushing the spring off */
	tt_vec3 at;  /* local surface point touched */
	int inside;  /* it overlapped the edge at the substep's start */
} seg_hit;

static tt_vec3 local(const tt_pose3 *pose, const float *x, const float *y,
		     const float *z, int i)
{
	return tt_pose3_to_local(pose, v3(x[i], y[i], z[i]));
}

/* Nearest points of segments p0-p1 and q0-q1 (q1 - q0 of length > 0), as
 * shares s and u along them (Ericson 5.1.9). */
static void segments_nearest(tt_vec3 p0, tt_vec3 p1, tt_vec3 q0, tt_vec3 q1,
			     float *s, float *u)
{
	tt_vec3 d1 = v3_sub(p1, p0), d2 = v3_sub(q1, q0), r = v3_sub(p0, q0);
	float a = v3_dot(d1, d1), e = v3_dot(d2, d2), f = v3_dot(d2, r);
	float c = v3_dot(d1, r), b = v3_dot(d1, d2), denom = a * e - b * b;
	if (!(a > 0.0f)) {  /* p0-p1 is a point */
		*s = 0.0f;
		*u = fminf(fmaxf(f / e, 0.0f), 1.0f);
		return;
	}
	*s = denom > 0.0f ? fminf(fmaxf((b * f - c * e) / denom, 0.0f), 1.0f)
			  : 0.0f;
	*u = (b * *s + f) / e;
	if (*u < 0.0f) {
		*u = 0.0f;
		*s = fminf(fmaxf(-c / a, 0.0f), 1.0f);
	} else if (*u > 1.0f) {
		*u = 1.0f;
		*s = fminf(fmaxf((b - c) / a, 0.0f), 1.0f);
	}
}

/* Nearest points of spring a-b and edge q0-q1 (q0 alone: a vertex), as
 * shares t and u along them. */
static void nearest(tt_vec3 a, tt_vec3 b, tt_vec3 q0, tt_vec3 q1, int vertex,
		    float *t, float *u)
{
	if (vertex) {
		*t = tt_segment_nearest(a, b, q0);
		*u = 0.0f;
	} else {
		segments_nearest(a, b, q0, q1, t, u);
	}
}

/* Distance between spring a-b (a point when a = b) and edge q0-q1. */
static float edge_distance(tt_vec3 a, tt_vec3 b, tt_vec3 q0, tt_vec3 q1,
			   int vertex)
{
	float t, u;
	nearest(a, b, q0, q1, vertex, &t, &u);
	return v3_length(v3_sub(v3_mad(a, v3_sub(b, a), t),
				v3_mad(q0, v3_sub(q1, q0), u)));
}

/* A change of side is a pass through the edge only if the spring met the
 * edge itself when it changed side (at the share tau of the substep where
 * the side, linear in between, is 0): the spring's line also changes side
 * when it swings through the edge's line far beyond the edge or round a
 * capsule's end, and a rope yanked past a thin bar was pushed 0.9 m at
 * once (1240% strain, 4 kJ). */
static int met_edge(tt_vec3 a0, tt_vec3 b0, tt_vec3 a, tt_vec3 b, tt_vec3 q0,
		    tt_vec3 q1, float before, float now, float reach)
{
	float tau = before / (before - now);
	tt_vec3 at = v3_mad(a0, v3_sub(a, a0), tau);
	tt_vec3 bt = v3_mad(b0, v3_sub(b, b0), tau);
	return edge_distance(at, bt, q0, q1, 0) <= reach;
}

/* Did spring a-b pass through edge q0-q1 in the substep (it was on one
 * side of the edge's line at the start, a0-b0, and is on the other now)?
 * Then out is the push back to the side it came from. */
static int crossed(tt_vec3 a0, tt_vec3 b0, tt_vec3 a, tt_vec3 b, tt_vec3 q0,
		   tt_vec3 q1, tt_vec3 gap, float reach, seg_hit *out)
{
	tt_vec3 e = v3_sub(q1, q0), across = v3_cross(v3_sub(b, a), e);
	float before = v3_dot(v3_cross(v3_sub(b0, a0), e), v3_sub(a0, q0));
	float now = v3_dot(across, v3_sub(a, q0));
	if (!(before * now < 0.0f) || v3_dot(v3_sub(b, a), v3_sub(b0, a0)) <= 0.0f)
		return 0;  /* same side, or the spring turned over */
	if (!met_edge(a0, b0, a, b, q0, q1, before, now, reach))
		return 0;
	tt_vec3 n = v3_scale(v3_unit_or(across, v3(0.0f, 1.0f, 0.0f)),
			     before > 0.0f ? 1.0f : -1.0f);
	out->n = n;
	out->depth = reach - v3_dot(gap, n);
	return 1;
}

/* How near spring (i, j) may come to an edge: reach, but a spring from a
 * pinned particle in reach of it (a root: hair on a head, a rope tied
 * under a bar) only as near as the solid (s->radius) or the root, if
 * nearer. Pushed at t, the free end moves by depth / t, and the depth is
 * then at most t spring lengths: a root pushed off by the whole reach
 * (1e9% strains in 2D) or left out (the first segment swung through a bar
 * round it and stuck there, 65% stretched) are both gone. */
static float reach_from(const tt_particles *p, const tt_shape3 *s, int i,
			int j, tt_vec3 a, tt_vec3 b, tt_vec3 q0, tt_vec3 q1,
			int vertex, float reach)
{
	int root = p->inv_mass[i] == 0.0f ? i : p->inv_mass[j] == 0.0f ? j : -1;
	float d = root < 0 ? reach
			   : edge_distance(root == i ? a : b, root == i ? a : b,
					   q0, q1, vertex);
	return d < reach ? fminf(d, s->radius) : reach;
}

/* Does edge k of c (-1: its lone vertex) touch spring (i, j) now? */
static int edge_hit(const tt_world *w, const tt_collider *c, int k, int i,
		    int j, seg_hit *out)
{
	const tt_particles *p = &w->particles;
	const tt_shape3 *s = &c->shape3;
	tt_vec3 a = local(&c->cur3, p->x, p->y, p->z, i);
	tt_vec3 b = local(&c->cur3, p->x, p->y, p->z, j);
	tt_vec3 q0 = s->v[k < 0 ? 0 : s->edge[k][0]];
	tt_vec3 q1 = s->v[k < 0 ? 0 : s->edge[k][1]];
	float t, u;
	nearest(a, b, q0, q1, k < 0, &t, &u);
	if (!(t > 0.0f && t < 1.0f))
		return 0;  /* the ends are the particles' contacts */
	float reach = reach_from(p, s, i, j, a, b, q0, q1, k < 0,
				 s->radius + p->radius[i] +
					 t * (p->radius[j] - p->radius[i]));
	tt_vec3 q = v3_mad(q0, v3_sub(q1, q0), u);
	tt_vec3 gap = v3_sub(v3_mad(a, v3_sub(b, a), t), q);
	tt_vec3 a0 = local(&c->prev3, p->px, p->py, p->pz, i);
	tt_vec3 b0 = local(&c->prev3, p->px, p->py, p->pz, j);
	out->t = t;
	out->inside = 0;
	if (k >= 0 && u > 0.0f && u < 1.0f &&
	    crossed(a0, b0, a, b, q0, q1, gap, reach, out)) {
		out->at = v3_mad(q, out->n, s->radius);
		return 1;
	}
	float d = v3_length(gap);
	if (!(d < reach) || d < 1e-9f)
		return 0;
	out->n = v3_scale(gap, 1.0f / d);
	out->depth = reach - d;
	out->inside = edge_distance(a0, b0, q0, q1, k < 0) <
		      reach - TT_PUSH_OUT_SPEED * w->springs.h;  /* as contact3.c */
	out->at = v3_mad(q, out->n, s->radius);
	return 1;
}

/* Move the point at t of spring (i, j) by m, shared by the ends. */
static void move_point(tt_particles *p, int i, int j, float t, tt_vec3 m)
{
	float wi = p->inv_mass[i] * (1.0f - t), wj = p->inv_mass[j] * t;
	float W = wi * (1.0f - t) + wj * t;
	if (W <= 0.0f)
		return;
	float ki = wi / W, kj = wj / W;
	p->x[i] += ki * m.x;
	p->y[i] += ki * m.y;
	p->z[i] += ki * m.z;
	p->x[j] += kj * m.x;
	p->y[j] += kj * m.y;
	p->z[j] += kj * m.z;
}

/* The velocity of the spring's point at t, from the last substep. */
static tt_vec3 point_velocity(const tt_particles *p, int i, int j, float t)
{
	return v3_add(v3_scale(v3(p->vx[i], p->vy[i], p->vz[i]), 1.0f - t),
		      v3_scale(v3(p->vx[j], p->vy[j], p->vz[j]), t));
}

/* The motion of the spring's point at t over the substep. */
static tt_vec3 point_motion(const tt_particles *p, int i, int j, float t)
{
	tt_vec3 mi = v3(p->x[i] - p->px[i], p->y[i] - p->py[i], p->z[i] - p->pz[i]);
	tt_vec3 mj = v3(p->x[j] - p->px[j], p->y[j] - p->py[j], p->z[j] - p->pz[j]);
	return v3_add(v3_scale(mi, 1.0f - t), v3_scale(mj, t));
}

static void solve_edge(tt_world *w, int ci, int k, int i, int j)
{
	tt_particles *p = &w->particles;
	const tt_collider *c = &w->colliders.items[ci];
	seg_hit hit;
	if (!edge_hit(w, c, k, i, j, &hit))
		return;
	tt_vec3 n = tt_pose3_turn(&c->cur3, hit.n), moved;
	if (hit.inside)
		hit.depth = tt_contact3_push_out(point_velocity(p, i, j, hit.t), n,
						 hit.depth, w->springs.h);
	move_point(p, i, j, hit.t, v3_scale(n, hit.depth));
	tt_vec3 at = tt_contact3_surface(c, hit.at, &moved);
	tt_vec3 rel = v3_sub(point_motion(p, i, j, hit.t), moved);
	move_point(p, i, j, hit.t, tt_contact3_friction(&c->def, rel, n, hit.depth));
	tt_contact contact = {at, n, i, ci};
	tt_contact_push(&w->contacts, &contact,
			(tt_contact_motion){NAN, 0.0f, 0.0f, 0.0f, j + 1});
}

void tt_contact3_spring_against(tt_world *w, int s, int ci)
{
	const tt_particles *p = &w->particles;
	const tt_collider *c = &w->colliders.items[ci];
	int i = w->springs.a[s], j = w->springs.b[s];
	tt_vec3 xi = v3(p->x[i], p->y[i], p->z[i]), xj = v3(p->x[j], p->y[j], p->z[j]);
	tt_vec3 half = v3_scale(v3_sub(xj, xi), 0.5f);
	float reach = v3_length(half) + fmaxf(p->radius[i], p->radius[j]);
	if (w->springs.unseen[s] || !c->def.enabled ||
	    c->shape3.kind == TT_SHAPE_PLANE ||
	    !tt_contact3_near(c, v3_add(xi, half), reach) ||
	    !tt_collide_filter(p->group[i], p->mask[i], c->def.group, c->def.mask))
		return;
	if (c->shape3.count == 1)
		solve_edge(w, ci, -1, i, j);
	for (int k = 0; k < c->shape3.edge_count; k++)
		solve_edge(w, ci, k, i, j);
}
