/* Contacts with colliders: a stage of each substep, after the springs.
 *
 * Position-based contacts (Müller et al., "Position Based Dynamics",
 * 2007; friction as in Macklin et al., "Unified Particle Physics for
 * Real-Time Applications", 2014): a particle inside a collider (grown by
 * its radius) is pushed out along the surface normal by its depth d; its
 * displacement over the substep relative to the surface point under it
 * (so a moving collider drags it) loses its tangential part when that is
 * below mu_s d (sticking), or mu_k d of it (sliding). That is Coulomb
 * friction: d is what gravity pressed in over the substep.
 *
 * No tunnelling: when the particle ends the substep outside, the path it
 * took (in the collider's frame, so a moving collider is swept too) is
 * raycast against the grown shape, and a crossing is a contact at the
 * entry point. Springs meet the vertices of shapes (a peg is one vertex,
 * a box edge two): a vertex inside a segment's radius, or one that
 * crossed the segment during the substep, pushes the segment off it,
 * shared by the ends in proportion to where it touches.
 *
 * Restitution acts on velocities after the substep (Müller et al.,
 * "Detailed Rigid Body Simulation with XPBD", 2020): a contact that met
 * the surface faster than gravity gives in two substeps leaves at e times
 * that speed.
 *
 * A 3D world runs the same stages on its 3D shapes (contact3.c,
 * contact3_spring.c); the branches here pick them. */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

static int same_pose(tt_pose a, tt_pose b)
{
	return a.x == b.x && a.y == b.y && a.a == b.a;
}

static tt_pose lerp_pose(tt_pose a, tt_pose b, float t)
{
	if (same_pose(a, b))
		return b;
	return tt_pose_make(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t,
			    a.a + (b.a - a.a) * t);
}

tt_pose tt_collider_pose_at(const tt_collider *c, float t)
{
	return lerp_pose(c->from, c->to, t);
}

static void poses(tt_world *w)
{
	const float dt = w->def.time_step;
	for (int i = 0; i < w->colliders.count; i++) {
		tt_collider *c = &w->colliders.items[i];
		if (!c->has_target) {
			c->def.position.x += c->def.velocity.x * dt;
			c->def.position.y += c->def.velocity.y * dt;
			c->def.position.z += c->def.velocity.z * dt;
			c->def.angle += c->def.angular_velocity * dt;
			c->to = tt_pose_make(c->def.position.x,
					     c->def.position.y, c->def.angle);
		}
	}
}

/* Which colliders move this step; the others are put at their pose for
 * all its substeps now (lerp_pose gives them `to`), so a thousand still
 * pegs cost nothing a substep. Out of memory: all of them, each substep. */
static void list_moving(tt_world *w)
{
	tt_colliders *cs = &w->colliders;
	cs->moving_count = -1;
	if (cs->moving_capacity < cs->count) {
		int32_t *fresh = tt_resize(cs->moving,
					   (size_t)cs->moving_capacity * sizeof *fresh,
					   (size_t)cs->count * sizeof *fresh);
		if (!fresh)
			return;
		cs->moving = fresh, cs->moving_capacity = cs->count;
	}
	cs->moving_count = 0;
	for (int i = 0; i < cs->count; i++) {
		tt_collider *c = &cs->items[i];
		if (same_pose(c->from, c->to))
			c->prev = c->cur = c->to;
		else
			cs->moving[cs->moving_count++] = i;
	}
}

/* The colliders' poses for the step, and the broad phase over them (when
 * its memory runs out, every particle looks at every collider). */
void tt_collider_begin_step(tt_world *w)
{
	int was = tt_account_working(1);  /* the step's working memory */
	if (w->def.is_3d) {
		tt_collider3_begin_step(w);
	} else {
		poses(w);
		list_moving(w);
	}
	if (!tt_broad_build(w))
		w->broad.active = 0;
	tt_account_working(was);
}

/* The moving colliders' poses for substep k of n. */
static void collider_substep(tt_world *w, int k, int n)
{
	const tt_colliders *cs = &w->colliders;
	int count = cs->moving_count < 0 ? cs->count : cs->moving_count;
	for (int m = 0; m < count; m++) {
		tt_collider *c = &cs->items[cs->moving_count < 0 ? m : cs->moving[m]];
		c->prev = lerp_pose(c->from, c->to, (float)k / (float)n);
		c->cur = lerp_pose(c->from, c->to, (float)(k + 1) / (float)n);
	}
}

/* Contacts and their motions share one block: motion follows items. */
static size_t block_size(int capacity)
{
	return (size_t)capacity * (sizeof(tt_contact) + sizeof(tt_contact_motion));
}

int tt_contact_reserve(tt_contacts *ct, int want)
{
	if (want <= ct->capacity)
		return 1;
	int cap = ct->capacity ? 2 * ct->capacity : 64;
	cap = cap > want ? cap : want;
	tt_contact *items = tt_alloc(block_size(cap));
	if (!items)
		return 0;
	tt_contact_motion *motion = (tt_contact_motion *)(items + cap);
	for (int k = 0; k < ct->count; k++)
		items[k] = ct->items[k], motion[k] = ct->motion[k];
	tt_free(ct->items, block_size(ct->capacity));
	ct->items = items;
	ct->motion = motion;
	ct->capacity = cap;
	return 1;
}

int tt_contact_push(tt_contacts *ct, const tt_contact *c,
			tt_contact_motion m)
{
	if (!tt_contact_reserve(ct, ct->count + 1))
		return 0;
	ct->items[ct->count] = *c;
	ct->motion[ct->count++] = m;
	return 1;
}

void tt_contact_release(tt_contacts *ct)
{
	tt_free(ct->items, block_size(ct->capacity));
	tt_free(ct->pushed_up, (size_t)ct->pushed_capacity);
}

/* Friction: the correction (*fx, *fy) to a displacement (rx, ry) relative
 * to the surface, given the normal n and the depth pushed out. */
void tt_contact_rub(float friction, float kinetic, float rx, float ry,
		    float nx, float ny, float depth, float *fx, float *fy)
{
	float rn = rx * nx + ry * ny;
	float tx = rx - rn * nx, ty = ry - rn * ny;
	float t = sqrtf(tx * tx + ty * ty);
	float k = t < friction * depth ? 1.0f : fminf(kinetic * depth / t, 1.0f);
	*fx = t > 0.0f ? -k * tx : 0.0f;
	*fy = t > 0.0f ? -k * ty : 0.0f;
}

void tt_contact_friction(const tt_collider_def *def, float rx, float ry,
			 float nx, float ny, float depth, float *fx, float *fy)
{
	tt_contact_rub(def->friction, def->kinetic_friction, rx, ry, nx, ny, depth,
		       fx, fy);
}

/* A particle already inside at the substep's start (laid through a
 * collider, or held in by a spring from a root on it) comes out at
 * TT_PUSH_OUT_SPEED at most, and its own motion never takes it deeper
 * (a moving collider may pass over it): pushed out by its whole depth at
 * once it threw what hangs on it (a rope built through a head stretched
 * 300% in its first step). One that entered this substep is pushed all
 * the way out. (sx, sy) its local start, (nx, ny) the local normal. */
static float soften(const tt_world *w, const tt_collider *c, int i, float sx,
		    float sy, float nx, float ny, float depth, float h)
{
	const tt_particles *p = &w->particles;
	float ux, uy;
	if (tt_shape_distance(&c->shape, sx, sy, p->radius[i], &ux, &uy) >= 0.0f)
		return depth;
	tt_pose_turn(c->cur, nx, ny, &ux, &uy);
	float inward = -((p->x[i] - p->px[i]) * ux + (p->y[i] - p->py[i]) * uy);
	return fminf(depth, TT_PUSH_OUT_SPEED * h + fmaxf(inward, 0.0f));
}

/* Depth and local normal of particle i against c this substep: 0 when
 * apart, else 1 with the local point (lx, ly) where it ends. The swept
 * path decides first: a particle that entered this substep is pushed back
 * out of the face it came through, even when it ended nearer another (a
 * thin wall would otherwise push it out of the far side). A path shorter
 * than the distance its end is from the shape cannot have touched it, so
 * most particles skip the raycast. */
static int particle_depth(const tt_world *w, const tt_collider *c, int i,
			  float h, float *lx, float *ly, float *nx, float *ny,
			  float *depth)
{
	const tt_particles *p = &w->particles;
	float r = p->radius[i], sx, sy, t, dnx, dny;
	tt_pose_to_local(c->cur, p->x[i], p->y[i], lx, ly);
	float d = tt_shape_distance(&c->shape, *lx, *ly, r, &dnx, &dny);
	tt_pose_to_local(c->prev, p->px[i], p->py[i], &sx, &sy);
	float mx = *lx - sx, my = *ly - sy;
	if (d > 0.0f && mx * mx + my * my < d * d)
		return 0;
	if (tt_shape_raycast(&c->shape, sx, sy, mx, my, r, 1.0f, &t, nx, ny)) {
		*depth = (sx + t * mx - *lx) * *nx + (sy + t * my - *ly) * *ny;
		return 1;
	}
	*nx = dnx, *ny = dny;
	*depth = d < 0.0f ? soften(w, c, i, sx, sy, dnx, dny, -d, h) : -d;
	return d < 0.0f;
}

void tt_contact_surface(const tt_collider *c, float lx, float ly,
			float *x1, float *y1, float *mx, float *my)
{
	float x0, y0;
	tt_pose_to_world(c->prev, lx, ly, &x0, &y0);
	tt_pose_to_world(c->cur, lx, ly, x1, y1);
	*mx = *x1 - x0;
	*my = *y1 - y0;
}

static void solve_particle(tt_world *w, int ci, int i, float h)
{
	tt_particles *p = &w->particles;
	const tt_collider *c = &w->colliders.items[ci];
	float lx, ly, lnx, lny, depth, nx, ny, sx, sy, mx, my, fx, fy;
	float mu, kinetic;
	if (!particle_depth(w, c, i, h, &lx, &ly, &lnx, &lny, &depth))
		return;
	tt_pose_turn(c->cur, lnx, lny, &nx, &ny);
	float r = p->radius[i];
	tt_contact_surface(c, lx + (depth - r) * lnx, ly + (depth - r) * lny, &sx,
		       &sy, &mx, &my);
	float speed = (p->vx[i] - mx / h) * nx + (p->vy[i] - my / h) * ny;
	p->x[i] += depth * nx;
	p->y[i] += depth * ny;
	tt_softbody_friction(w, i, &c->def, &mu, &kinetic);
	tt_contact_rub(mu, kinetic, p->x[i] - p->px[i] - mx, p->y[i] - p->py[i] - my,
		       nx, ny, depth, &fx, &fy);
	p->x[i] += fx;
	p->y[i] += fy;
	tt_contact contact = {{sx, sy, p->z[i]}, {nx, ny, 0.0f}, i, ci};
	tt_contact_push(&w->contacts, &contact,
		     (tt_contact_motion){speed, mx / h, my / h, 0.0f, 0});
	tt_contact_touched(w, &contact);
}

/* A still plane (still_planes) that particle i stays clear of this
 * substep, found without particle_depth's changes of frame and shape
 * calls (most of a heap's particles are above the floor): the heights
 * are its l.y and s.y bit for bit (prev is cur), and what passes ends on
 * or above the surface along a path its raycast misses, where it does
 * nothing. */
static inline int clear_of_plane(const tt_collider *c, const tt_particles *p,
				 int i)
{
	const tt_pose *f = &c->cur;
	float r = p->radius[i];
	float ly = -f->s * (p->x[i] - f->x) + f->c * (p->y[i] - f->y);
	float sy = -f->s * (p->px[i] - f->x) + f->c * (p->py[i] - f->y);
	float my = ly - sy;
	return !(ly - r < 0.0f) &&
	       (sy < r || my >= 0.0f || !((r - sy) / my <= 1.0f));
}

/* Which of the first 64 colliders are planes that stay still this
 * substep (clear_of_plane's). */
static uint64_t still_planes(const tt_world *w)
{
	uint64_t still = 0;
	for (int k = 0; k < w->colliders.count && k < 64; k++) {
		const tt_collider *c = &w->colliders.items[k];
		if (c->shape.kind == TT_SHAPE_PLANE &&
		    memcmp(&c->prev, &c->cur, sizeof c->cur) == 0)
			still |= (uint64_t)1 << k;
	}
	return still;
}

/* Whether particle i may touch collider k: the cheap tests come first
 * (a plane is always near), the filter (a call) after them. */
static inline int may_meet(const tt_world *w, int k, int i, float reach,
			   uint64_t still)
{
	const tt_particles *p = &w->particles;
	const tt_collider *c = &w->colliders.items[k];
	return c->def.enabled &&
	       (k < 64 && (still >> k & 1) ? !clear_of_plane(c, p, i)
					   : tt_contact_near(c, p->x[i], p->y[i], reach)) &&
	       tt_collide_filter(p->group[i], p->mask[i], c->def.group, c->def.mask);
}

/* Particle i against every collider the broad phase finds near it. */
static void meet_broad(tt_world *w, int i, float h, float reach,
		       uint64_t still)
{
	const tt_particles *p = &w->particles;
	tt_vec3 at = {p->x[i], p->y[i], 0.0f};
	tt_broad_iter it;
	for (int k = tt_broad_first(w, &it, at, reach); k >= 0;) {
		if (may_meet(w, k, i, reach, still))
			solve_particle(w, k, i, h);
		tt_vec3 now = {p->x[i], p->y[i], 0.0f};
		k = tt_broad_next(w, &it, now, reach, now.x != at.x || now.y != at.y);
		at = now;
	}
}

/* Without a broad phase (few colliders) every query sees every collider
 * in order: the same as the iterator, without its calls. */
static void particle_contacts(tt_world *w, float h, const uint8_t *only)
{
	const tt_particles *p = &w->particles;
	const uint64_t still = still_planes(w);
	const int colliders = w->colliders.count, broad = w->broad.active;
	for (int i = 0; i < p->count; i++) {
		if (p->inv_mass[i] == 0.0f || (only && !only[i]))
			continue;
		float mx = p->x[i] - p->px[i], my = p->y[i] - p->py[i];
		float reach = p->radius[i] + sqrtf(mx * mx + my * my);
		for (int k = 0; !broad && k < colliders; k++)
			if (may_meet(w, k, i, reach, still))
				solve_particle(w, k, i, h);
		if (broad)
			meet_broad(w, i, h, reach, still);
	}
}

static void contacts_of(tt_world *w, float h, const uint8_t *only)
{
	if (w->colliders.count == 0)
		return;
	if (w->def.is_3d)
		tt_contact3_particles(w, h, only);
	else
		particle_contacts(w, h, only);
	tt_contact_springs(w, h, only);
}

void tt_contact_solve(tt_world *w, float h)
{
	w->contacts.count = 0;
	contacts_of(w, h, NULL);
}

/* Keep the contacts of what only leaves unmarked, in order. */
static void forget(tt_contacts *ct, const uint8_t *only)
{
	int kept = 0;
	for (int k = 0; k < ct->count; k++) {
		int b1 = ct->motion[k].b1;
		if (only[ct->items[k].particle] || (b1 && only[b1 - 1]))
			continue;
		ct->items[kept] = ct->items[k];
		ct->motion[kept++] = ct->motion[k];
	}
	ct->count = kept;
}

void tt_contact_resolve(tt_world *w, float h, const uint8_t *only)
{
	forget(&w->contacts, only);
	contacts_of(w, h, only);
}

/* Pairs of particles and collider contacts fight where a particle is
 * pressed between another and a wall; two rounds of both mostly settle it
 * (the overlap left halves with each round). The second round of collider
 * contacts is only for what its pairs moved: the others are where the
 * first round left them, and a particle pushed out is pushed no further.
 * Collider contacts come last, so nothing ends a substep inside a
 * collider. */
void tt_collide(tt_world *w, int k, float h)
{
	if (w->def.is_3d)
		tt_collider3_substep(w, k, w->def.substeps);
	else
		collider_substep(w, k, w->def.substeps);
	int hashed = w->def.particle_collision || w->cloths.self_colliding > 0;
	w->grid.cloth_only = !w->def.particle_collision;
	int paired = hashed && tt_grid_build(w);
	if (paired)
		tt_grid_solve(w, NULL);
	tt_softbody_collide(w);
	tt_contact_solve(w, h);
	if (w->ropes.count > 0)
		tt_contact_stack(w);
	if (!paired)
		return;
	if (w->softbodies.count > 0) {  /* their contacts move any particle */
		tt_grid_solve(w, NULL);
		tt_softbody_collide(w);
		tt_contact_solve(w, h);
	} else if (tt_grid_solve(w, w->grid.moved) > 0) {
		tt_contact_resolve(w, h, w->grid.moved);
	}
}

void tt_contact_restitution(tt_world *w, float h)
{
	tt_particles *p = &w->particles;
	const tt_contacts *ct = &w->contacts;
	tt_vec3 gv = w->def.gravity;  /* z is 0 in 2D */
	float g = sqrtf(gv.x * gv.x + gv.y * gv.y + gv.z * gv.z);
	for (int k = 0; k < ct->count; k++) {
		const tt_contact *c = &ct->items[k];
		tt_contact_motion m = ct->motion[k];
		if (!(m.speed < -2.0f * g * h))  /* resting, or a spring (NaN) */
			continue;
		int i = c->particle;
		float e = tt_softbody_restitution(
			w, i, w->colliders.items[c->collider].def.restitution);
		if (w->def.is_3d) {
			tt_contact3_bounce(p, c, m, e);
			continue;
		}
		float now = (p->vx[i] - m.vx) * c->normal.x +
			    (p->vy[i] - m.vy) * c->normal.y;
		float dv = -e * m.speed - now;
		p->vx[i] += dv * c->normal.x;
		p->vy[i] += dv * c->normal.y;
	}
}
