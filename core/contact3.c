/* Contacts with 3D colliders: the 3D world's collision stage, the same
 * method as contact.c (position-based contacts, Coulomb friction on the
 * motion relative to the surface, swept paths so nothing tunnels,
 * restitution after the substep) with the colliders' poses as position
 * plus quaternion. A collider goes from its pose `from3` to `to3` through
 * each step (a straight line and the shorter arc), so a contact feels how
 * the surface moved and turned under it during the substep. */
#include <limits.h>
#include <math.h>

#include "vec3.h"
#include "world.h"

static tt_vec3 position(const float *x, const float *y, const float *z, int i)
{
	return v3(x[i], y[i], z[i]);
}

/* The spin for one step, applied to the rotation: q' = turn(spin dt) q. */
static tt_quat spun(tt_quat q, tt_vec3 spin, float dt)
{
	float rate = v3_length(spin);
	if (rate == 0.0f)
		return q;
	tt_quat turned = tt_quat_mul(tt_quat_axis_angle(spin, rate * dt), q);
	tt_quat_normalize(turned, &turned);
	return turned;
}

void tt_collider3_begin_step(tt_world *w)
{
	const float dt = w->def.time_step;
	for (int i = 0; i < w->colliders.count; i++) {
		tt_collider *c = &w->colliders.items[i];
		if (c->has_target)
			continue;
		c->def.position = v3_mad(c->def.position, c->def.velocity, dt);
		c->def.rotation = spun(c->def.rotation, c->def.spin, dt);
		c->to3 = tt_pose3_make(c->def.position, c->def.rotation);
	}
}

void tt_collider3_substep(tt_world *w, int k, int n)
{
	for (int i = 0; i < w->colliders.count; i++) {
		tt_collider *c = &w->colliders.items[i];
		c->prev3 = tt_pose3_lerp(&c->from3, &c->to3, (float)k / (float)n);
		c->cur3 = tt_pose3_lerp(&c->from3, &c->to3, (float)(k + 1) / (float)n);
	}
}

/* fminf(k, 1) without its call (a NaN gives 1 too). */
static float kinetic_share(float k)
{
	return k < 1.0f ? k : 1.0f;
}

tt_vec3 tt_contact3_friction(const tt_collider_def *def, tt_vec3 r, tt_vec3 n,
			     float depth)
{
	tt_vec3 t = v3_mad(r, n, -v3_dot(r, n));
	float len = v3_length(t);
	float k = len < def->friction * depth
			  ? 1.0f
			  : kinetic_share(def->kinetic_friction * depth / len);
	return len > 0.0f ? v3_scale(t, -k) : v3(0.0f, 0.0f, 0.0f);
}

/* A still collider's point went nowhere: now - now is what the two
 * changes of frame would give, bit for bit (0, or NaN for a non-finite
 * point). */
static tt_vec3 surface_at(const tt_collider *c, tt_vec3 l, int still,
			  tt_vec3 *moved)
{
	tt_vec3 now = tt_pose3_to_world(&c->cur3, l);
	*moved = v3_sub(now, still ? now : tt_pose3_to_world(&c->prev3, l));
	return now;
}

tt_vec3 tt_contact3_surface(const tt_collider *c, tt_vec3 l, tt_vec3 *moved)
{
	return surface_at(c, l, tt_pose3_same(&c->cur3, &c->prev3), moved);
}

int tt_contact3_near(const tt_collider *c, tt_vec3 x, float reach)
{
	tt_vec3 d = v3_sub(x, c->cur3.p);
	float r = c->shape3.reach + reach;
	return c->shape3.kind == TT_SHAPE_PLANE || v3_dot(d, d) <= r * r;
}

/* A particle already inside at the substep's start (a rope laid through a
 * sphere, a strand rooted inside a head) comes out at TT_PUSH_OUT_SPEED at
 * most, as in contact.c: pushed out by its whole depth at once it threw
 * what hangs on it. One that came in this substep is the raycast's (a
 * swept hit, pushed all the way out). The speed it came into the substep
 * with counts, not the constraints' moves in it: a rope laid through a
 * sphere must be free to pull its nodes deeper to keep its length (undone,
 * its nodes pushed apart stretched it 40%), and the push is no velocity
 * to add to (it gained 0.5 m/s every substep, leaving at 8 m/s). */
float tt_contact3_push_out(tt_vec3 v, tt_vec3 n, float depth, float h)
{
	return fminf(depth, fmaxf((TT_PUSH_OUT_SPEED - v3_dot(v, n)) * h, 0.0f));
}

/* Depth and local normal of particle i against c this substep, as in
 * contact.c: the swept path (in the collider's frame) decides first, so
 * a particle that came through a thin wall goes back out of the face it
 * entered by; a path shorter than its end's distance skips the raycast.
 * A path that starts inside (local s) meets nothing; one inside there by
 * more than a substep's push-out was inside already: what rests on a
 * surface starts its substeps on it, give or take rounding, and a rope
 * pulled round a bar would sink into it at the push-out speed. The
 * start's distance serves both (the raycast took it again). */
static int particle_depth(const tt_world *w, const tt_collider *c, int i,
			  float h, tt_vec3 *l, tt_vec3 *n, float *depth)
{
	const tt_particles *p = &w->particles;
	float r = p->radius[i], t;
	tt_vec3 dn, ignore;
	*l = tt_pose3_to_local(&c->cur3, position(p->x, p->y, p->z, i));
	float d = tt_shape3_distance(&c->shape3, *l, r, &dn);
	tt_vec3 s = tt_pose3_to_local(&c->prev3, position(p->px, p->py, p->pz, i));
	tt_vec3 m = v3_sub(*l, s);
	if (d > 0.0f && v3_dot(m, m) < d * d)
		return 0;
	float ds = tt_shape3_distance(&c->shape3, s, r, &ignore);
	if ((c->shape3.kind == TT_SHAPE_PLANE || !(ds < 0.0f)) &&
	    tt_shape3_raycast_out(&c->shape3, s, m, r, 1.0f, &t, n)) {
		*depth = v3_dot(v3_sub(v3_mad(s, m, t), *l), *n);
		return 1;
	}
	*n = dn;
	*depth = d < 0.0f && ds < -TT_PUSH_OUT_SPEED * h
			 ? tt_contact3_push_out(position(p->vx, p->vy, p->vz, i),
						tt_pose3_turn(&c->cur3, dn), -d, h)
			 : -d;
	return d < 0.0f;
}

/* Particle i as the range sees it: where it is and was this substep, its
 * radius, its path's length and how far from its end it reached (the
 * radius and the path: the reach stays the substep's while contacts move
 * the particle). */
typedef struct seen {
	tt_vec3 x, o;
	float r, path, reach;
} seen;

static inline void look(const tt_particles *p, int i, seen *s)
{
	s->x = position(p->x, p->y, p->z, i);
	s->path = v3_length(v3_sub(s->x, s->o));
}

static inline seen seen_at(const tt_particles *p, int i)
{
	seen s = {.o = position(p->px, p->py, p->pz, i), .r = p->radius[i]};
	look(p, i, &s);
	s.reach = s.r + s.path;
	return s;
}

/* A still plane that a particle stays clear of this substep, found
 * without its two changes of frame (most of a cloth's particles are far
 * above the floor): the height is l.y of particle_depth bit for bit, and
 * the path, measured in the world, stands for the one there (the same
 * but for rounding) with a margin far above the rounding of either, so
 * what this passes, particle_depth would have passed too. */
static inline int clear_of_plane(const tt_pose3 *f, const seen *s)
{
	tt_vec3 d = v3_sub(s->x, f->p), o = v3_sub(s->o, f->p);
	float above = f->m[1] * d.x + f->m[4] * d.y + f->m[7] * d.z - s->r;
	float slack = 1e-5f * (fabsf(d.x) + fabsf(d.y) + fabsf(d.z) +
			       fabsf(o.x) + fabsf(o.y) + fabsf(o.z));
	return above > 1.0001f * (s->path + slack);
}

/* What a particle is first tested on against a collider, found once a
 * range (the tests that reject most of a cloth's particles, far from a
 * ball, clear of the floor, without a look at the collider's fields
 * each): shut when disabled, a still plane's height, or the distance
 * from its origin (tt_contact3_near); and whether it stays still this
 * substep (the surface's motion is then 0 without its second change of
 * frame). */
enum { GATE_SHUT, GATE_PLANE, GATE_NEAR };

/* Always inline: out of line, the range's loop over every particle and
 * collider paid their prologues. */
#define HOT static inline __attribute__((always_inline))

typedef struct gate {
	const tt_collider *c;
	int kind, still;
} gate;

static gate gate_of(const tt_world *w, int k)
{
	const tt_collider *c = &w->colliders.items[k];
	int still = tt_pose3_same(&c->cur3, &c->prev3);
	int kind = !c->def.enabled ? GATE_SHUT
		   : still && c->shape3.kind == TT_SHAPE_PLANE ? GATE_PLANE
							       : GATE_NEAR;
	return (gate){c, kind, still};
}

HOT int gate_open(const gate *g, const seen *s)
{
	if (g->kind == GATE_PLANE)
		return !clear_of_plane(&g->c->cur3, s);
	return g->kind == GATE_NEAR && tt_contact3_near(g->c, s->x, s->reach);
}

/* Into ct; the world's list (not a part's: contact3_parts.c) marks the
 * touch at once. Out of line: inlined, it took the range's loop over
 * every particle and collider a prologue that saved its registers. */
static __attribute__((noinline)) void solve_particle(tt_world *w, tt_contacts *ct, int ci, int i,
			   float h, int still)
{
	tt_particles *p = &w->particles;
	const tt_collider *c = &w->colliders.items[ci];
	tt_vec3 l, ln, moved;
	float depth;
	if (!particle_depth(w, c, i, h, &l, &ln, &depth))
		return;
	tt_vec3 n = tt_pose3_turn(&c->cur3, ln);
	tt_vec3 at = surface_at(c, v3_mad(l, ln, depth - p->radius[i]), still,
				&moved);
	tt_vec3 v = position(p->vx, p->vy, p->vz, i);
	float speed = v3_dot(v3_mad(v, moved, -1.0f / h), n);
	tt_vec3 x = v3_mad(position(p->x, p->y, p->z, i), n, depth);
	tt_vec3 rel = v3_sub(v3_sub(x, position(p->px, p->py, p->pz, i)), moved);
	x = v3_add(x, tt_contact3_friction(&c->def, rel, n, depth));
	p->x[i] = x.x;
	p->y[i] = x.y;
	p->z[i] = x.z;
	tt_contact contact = {at, n, i, ci};
	tt_contact_push(ct, &contact,
			(tt_contact_motion){speed, moved.x / h, moved.y / h,
					    moved.z / h, 0});
	if (ct == &w->contacts)
		tt_contact_touched(w, &contact);
}

/* Particle i against the collider of gate g (k): a contact moves it. The
 * filter (a call) comes after the gate. */
HOT void meet(tt_world *w, tt_contacts *ct, const gate *g, int k,
			int i, float h, seen *s)
{
	const tt_particles *p = &w->particles;
	if (gate_open(g, s) && tt_collide_filter(p->group[i], p->mask[i],
						 g->c->def.group, g->c->def.mask)) {
		solve_particle(w, ct, k, i, h, g->still);
		look(p, i, s);
	}
}

/* Particle i against every collider the broad phase finds near it. */
static void meet_broad(tt_world *w, tt_contacts *ct, int i, float h, seen *s)
{
	tt_vec3 at = s->x;
	tt_broad_iter it;
	for (int k = tt_broad_first(w, &it, at, s->reach); k >= 0;) {
		gate g = gate_of(w, k);
		meet(w, ct, &g, k, i, h, s);
		tt_vec3 now = s->x;
		k = tt_broad_next(w, &it, now, s->reach,
				  now.x != at.x || now.y != at.y || now.z != at.z);
		at = now;
	}
}

/* Few colliders (no broad phase): every particle sees every collider in
 * order, the same as the iterator, without its calls, their gates found
 * once (GATES at most, else each time). */
#define GATES 16

HOT void meet_all(tt_world *w, tt_contacts *ct, const gate *gates, int i,
		  float h, seen *s)
{
	for (int k = 0; k < w->colliders.count; k++) {
		gate more;
		const gate *g = k < GATES ? &gates[k] : (more = gate_of(w, k), &more);
		meet(w, ct, g, k, i, h, s);
	}
}

int tt_contact3_range(tt_world *w, float h, const uint8_t *only, int from,
		      int to, tt_contacts *ct, int room)
{
	const tt_particles *p = &w->particles;
	const int colliders = w->colliders.count, broad = w->broad.active;
	gate gates[GATES];
	for (int k = 0; k < colliders && k < GATES; k++)
		gates[k] = gate_of(w, k);
	for (int i = from; i < to; i++) {
		if (ct->count > room - colliders)
			return i;  /* no room left for all of i's contacts */
		if (p->inv_mass[i] == 0.0f || (only && !only[i]))
			continue;
		seen s = seen_at(p, i);
		if (broad)
			meet_broad(w, ct, i, h, &s);
		else
			meet_all(w, ct, gates, i, h, &s);
	}
	return to;
}

void tt_contact3_particles(tt_world *w, float h, const uint8_t *only)
{
	if (only || !tt_contact3_parts(w, h))
		tt_contact3_range(w, h, only, 0, w->particles.count, &w->contacts,
				  INT_MAX);
}

void tt_contact3_bounce(tt_particles *p, const tt_contact *c,
			tt_contact_motion m, float e)
{
	int i = c->particle;
	tt_vec3 v = position(p->vx, p->vy, p->vz, i);
	float now = v3_dot(v3_sub(v, v3(m.vx, m.vy, m.vz)), c->normal);
	v = v3_mad(v, c->normal, -e * m.speed - now);
	p->vx[i] = v.x;
	p->vy[i] = v.y;
	p->vz[i] = v.z;
}
