/* Springs against the vertices of colliders, so a rope cannot slip
 * between two of its particles around a thin edge or a small peg.
 *
 * A vertex v of a shape (a circle is one vertex, grown by its radius)
 * touches segment a-b at its nearest point c = a + t (b - a). When the
 * segment, grown by its particles' radius, overlaps the grown vertex, or
 * v crossed the segment during the substep (seen from the collider's
 * frame, so a spinning shape is swept too), the segment is pushed off v:
 * the ends move as a point at t with generalised inverse mass
 * W = (1-t)^2 wa + t^2 wb would (Müller et al., PBD 2007, for a point on
 * an edge), and friction acts on the motion of c like on a particle. */
#include <math.h>

#include "world.h"

typedef struct seg_hit {
	float t, nx, ny, depth;  /* local normal, pushing the segment off */
} seg_hit;

static float cross(float ax, float ay, float bx, float by)
{
	return ax * by - ay * bx;
}

/* A change of side is a crossing only if the vertex was within the
 * segment's reach of it (how far its ends moved, plus r) both before and
 * after: a short spring turning far from a vertex swings the line
 * through it past the vertex without ever coming near (a 0-length rod
 * hanging a ragdoll 1.6 m from a box corner was pushed 1.6 m at once). */
static int crossed_near(float a0x, float a0y, float b0x, float b0y, float ax,
			float ay, float bx, float by, float side0,
			float distance1, float r)
{
	float moved = fmaxf(hypotf(ax - a0x, ay - a0y), hypotf(bx - b0x, by - b0y));
	float len0 = hypotf(b0x - a0x, b0y - a0y);
	return fabsf(distance1) <= moved + r && fabsf(side0) <= (moved + r) * len0;
}

/* Does vertex k of c touch spring s (ends i, j) this substep? A segment
 * that already overlapped it at the start comes off at TT_PUSH_OUT_SPEED
 * at most (as particles do, contact.c). */
static int vertex_hit(const tt_world *w, const tt_collider *c, int k, int i,
		      int j, float h, seg_hit *out)
{
	const tt_particles *p = &w->particles;
	float ax, ay, bx, by, a0x, a0y, b0x, b0y;
	float vx = c->shape.vx[k], vy = c->shape.vy[k];
	tt_pose_to_local(c->cur, p->x[i], p->y[i], &ax, &ay);
	tt_pose_to_local(c->cur, p->x[j], p->y[j], &bx, &by);
	float ex = bx - ax, ey = by - ay, len2 = ex * ex + ey * ey;
	float t = ((vx - ax) * ex + (vy - ay) * ey) / len2;
	if (!(t > 0.0f && t < 1.0f))
		return 0;  /* the ends are the particles' contacts */
	float r = c->shape.radius + p->radius[i] + t * (p->radius[j] - p->radius[i]);
	tt_pose_to_local(c->prev, p->px[i], p->py[i], &a0x, &a0y);
	tt_pose_to_local(c->prev, p->px[j], p->py[j], &b0x, &b0y);
	float side0 = cross(b0x - a0x, b0y - a0y, vx - a0x, vy - a0y);
	float side1 = cross(ex, ey, vx - ax, vy - ay), len = sqrtf(len2);
	if (side0 * side1 < 0.0f && crossed_near(a0x, a0y, b0x, b0y, ax, ay, bx,
						 by, side0, side1 / len, r)) {
		/* crossed: back to the side it was on */
		float sign = side0 > 0.0f ? 1.0f : -1.0f;
		*out = (seg_hit){t, sign * ey / len, -sign * ex / len,
				 r + fabsf(side1) / len};
		return 1;
	}
	float dx = ax + t * ex - vx, dy = ay + t * ey - vy;
	float d = sqrtf(dx * dx + dy * dy);
	if (!(d < r) || d < 1e-9f)
		return 0;
	float d0 = fabsf(side0) / sqrtf((b0x - a0x) * (b0x - a0x) +
					(b0y - a0y) * (b0y - a0y));
	float depth = r - d;
	if (d0 < r)  /* it was in already */
		depth = fminf(depth, TT_PUSH_OUT_SPEED * h + fmaxf(d0 - d, 0.0f));
	*out = (seg_hit){t, dx / d, dy / d, depth};
	return 1;
}

/* Move the point at t of spring (i, j) by (dx, dy), shared by the ends. */
static void move_point(tt_particles *p, int i, int j, float t, float dx,
		       float dy)
{
	float wi = p->inv_mass[i] * (1.0f - t), wj = p->inv_mass[j] * t;
	float W = wi * (1.0f - t) + wj * t;
	if (W <= 0.0f)
		return;
	p->x[i] += wi / W * dx;
	p->y[i] += wi / W * dy;
	p->x[j] += wj / W * dx;
	p->y[j] += wj / W * dy;
}

/* 1 when vertex k of collider ci moved spring (i, j). */
static int solve_vertex(tt_world *w, int ci, int k, int i, int j, float h)
{
	tt_particles *p = &w->particles;
	const tt_collider *c = &w->colliders.items[ci];
	seg_hit hit;
	if (!vertex_hit(w, c, k, i, j, h, &hit))
		return 0;
	float nx, ny, sx, sy, mx, my, fx, fy, t = hit.t;
	tt_pose_turn(c->cur, hit.nx, hit.ny, &nx, &ny);
	move_point(p, i, j, t, hit.depth * nx, hit.depth * ny);
	float rx = (1.0f - t) * (p->x[i] - p->px[i]) + t * (p->x[j] - p->px[j]);
	float ry = (1.0f - t) * (p->y[i] - p->py[i]) + t * (p->y[j] - p->py[j]);
	float r = c->shape.radius;
	tt_contact_surface(c, c->shape.vx[k] + r * hit.nx,
			   c->shape.vy[k] + r * hit.ny, &sx, &sy, &mx, &my);
	tt_contact_friction(&c->def, rx - mx, ry - my, nx, ny, hit.depth, &fx,
			    &fy);
	move_point(p, i, j, t, fx, fy);
	tt_contact contact = {{sx, sy, p->z[i]}, {nx, ny, 0.0f}, i, ci};
	tt_contact_push(&w->contacts, &contact,
			(tt_contact_motion){NAN, 0.0f, 0.0f, 0.0f, j + 1});
	return 1;
}

/* A root of c: a pinned particle pinned to c, or on or in it (within its
 * radius of touching). Springs from a root start at the surface: pushing
 * their point at t near the root would move the free end by depth / t
 * (hair rooted on a head reached strains of 1e9%), so c leaves them to
 * their free ends' particle contacts. 3D springs meet roots in their own
 * way (contact3_spring.c: only nearer than the root). */
static int on_root(const tt_world *w, const tt_collider *c, int i)
{
	const tt_particles *p = &w->particles;
	if (p->pin_slot[i] == c->slot + 1)
		return 1;
	float extra = 2.0f * p->radius[i], lx, ly, nx, ny;
	tt_pose_to_local(c->cur, p->x[i], p->y[i], &lx, &ly);
	return tt_shape_distance(&c->shape, lx, ly, extra, &nx, &ny) <= 0.0f;
}

/* Inline, as most ends are free: asked of every spring and collider. */
static inline int rooted(const tt_world *w, const tt_collider *c, int i)
{
	return !(w->particles.inv_mass[i] > 0.0f) && !w->def.is_3d &&
	       on_root(w, c, i);
}

/* Spring s, its middle at `at` reaching `reach` (spring_reach's, where
 * it is now), against the vertices of collider ci; 1 when it moved. */
static int spring_against(tt_world *w, int s, int ci, float h, tt_vec3 at,
			  float reach)
{
	const tt_particles *p = &w->particles;
	const tt_collider *c = &w->colliders.items[ci];
	int i = w->springs.a[s], j = w->springs.b[s], moved = 0;
	if (w->springs.unseen[s] || !c->def.enabled ||
	    c->shape.kind == TT_SHAPE_PLANE ||
	    !tt_contact_near(c, at.x, at.y, reach) ||
	    !tt_collide_filter(p->group[i], p->mask[i], c->def.group, c->def.mask))
		return 0;
	for (int k = 0; k < c->shape.count; k++)
		moved |= solve_vertex(w, ci, k, i, j, h);
	return moved;
}

/* Where spring s is now and how far it reaches from there (as the near
 * tests of spring_against and contact3_spring.c take them). */
static float spring_reach(const tt_world *w, int s, tt_vec3 *at)
{
	const tt_particles *p = &w->particles;
	int i = w->springs.a[s], j = w->springs.b[s];
	float r = p->radius[i] > p->radius[j] ? p->radius[i] : p->radius[j];
	float hx = 0.5f * (p->x[j] - p->x[i]), hy = 0.5f * (p->y[j] - p->y[i]);
	if (!w->def.is_3d) {
		*at = (tt_vec3){p->x[i] + hx, p->y[i] + hy, 0.0f};
		return sqrtf(hx * hx + hy * hy) + r;
	}
	float hz = 0.5f * (p->z[j] - p->z[i]);
	*at = (tt_vec3){p->x[i] + hx, p->y[i] + hy, p->z[i] + hz};
	return sqrtf(hx * hx + hy * hy + hz * hz) + r;
}

/* Spring s's middle and reach again, after a contact may have moved it:
 * 1 when they changed. */
static int moved_to(const tt_world *w, int s, tt_vec3 *at, float *reach)
{
	tt_vec3 now;
	float r = spring_reach(w, s, &now);
	int moved = now.x != at->x || now.y != at->y || now.z != at->z || r != *reach;
	*at = now, *reach = r;
	return moved;
}

/* Spring s against collider ci unless an end is a root of it; 1 when it
 * may have moved the spring (a 3D contact is not asked). */
static int meet(tt_world *w, int s, int ci, float h, tt_vec3 at, float reach)
{
	const tt_collider *c = &w->colliders.items[ci];
	if (rooted(w, c, w->springs.a[s]) || rooted(w, c, w->springs.b[s]))
		return 0;
	if (!w->def.is_3d)
		return spring_against(w, s, ci, h, at, reach);
	tt_contact3_spring_against(w, s, ci);
	return 1;
}

/* Spring s against the colliders near it, its middle and reach found
 * again only when a contact moved it (meet is 0 only when none did).
 * Without a broad phase (few colliders) every collider in order, as the
 * iterator would give them, without its calls; with one, the iterator
 * asks again where the spring is when it moved, unless it gives them
 * all. */
static void spring_contacts(tt_world *w, int s, float h)
{
	tt_vec3 at;
	float reach = spring_reach(w, s, &at);
	if (!w->broad.active) {
		for (int ci = 0; ci < w->colliders.count; ci++)
			if (meet(w, s, ci, h, at, reach))
				reach = spring_reach(w, s, &at);
		return;
	}
	tt_broad_iter it;
	for (int ci = tt_broad_first(w, &it, at, reach); ci >= 0;) {
		int moved = meet(w, s, ci, h, at, reach) && moved_to(w, s, &at, &reach);
		ci = tt_broad_next(w, &it, at, reach, moved);
	}
}

/* Springs meet vertices and edges, never planes (the particles' own
 * contacts hold them): a world of planes alone (a floor) needs no pass. */
static int any_but_planes(const tt_world *w)
{
	for (int k = 0; k < w->colliders.count; k++) {
		const tt_collider *c = &w->colliders.items[k];
		tt_shape_kind kind = w->def.is_3d ? c->shape3.kind : c->shape.kind;
		if (c->def.enabled && kind != TT_SHAPE_PLANE)
			return 1;
	}
	return 0;
}

/* A cloth's own springs are left out: its nodes meet colliders with the
 * cloth's thickness, and a shear or bend spring cuts a chord through a
 * ball the cloth lies on (pushing it out would lift the cloth off). */
void tt_contact_springs(tt_world *w, float h, const uint8_t *only)
{
	const int32_t *cloth = w->cloths.owner_count == w->particles.count
				       ? w->cloths.owner
				       : NULL;
	if (!any_but_planes(w) || (cloth && w->cloths.springs_outside == 0))
		return;
	for (int s = 0; s < w->springs.count; s++) {
		int i = w->springs.a[s], j = w->springs.b[s];
		if (w->particles.inv_mass[i] + w->particles.inv_mass[j] == 0.0f ||
		    (only && !only[i] && !only[j]) ||
		    (cloth && cloth[i] && cloth[i] == cloth[j]))
			continue;
		spring_contacts(w, s, h);
	}
}
