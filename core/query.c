/* Queries against colliders and springs: raycast, overlap of a circle,
 * particles in a box. Read-only; they see the world as the last step (or
 * the script) left it. A spring is a capsule around its two particles,
 * as wide as their mean radius, so a grappling hook aimed at a rope hits
 * what is drawn. */
#include <math.h>

#include "vec3.h"
#include "world.h"

typedef struct ray {
	float ox, oy, dx, dy;  /* world, d of unit length */
	float best;            /* nearest hit so far */
	tt_ray_hit *hit;
} ray;

static void raycast_collider(const tt_world *w, int i, ray *r)
{
	const tt_collider *c = &w->colliders.items[i];
	tt_pose pose = tt_pose_make(c->def.position.x, c->def.position.y,
				    c->def.angle);
	float ox, oy, dx, dy, t, nx, ny;
	tt_pose_to_local(pose, r->ox, r->oy, &ox, &oy);
	tt_pose_to_local((tt_pose){0.0f, 0.0f, 0.0f, pose.c, pose.s}, r->dx,
			 r->dy, &dx, &dy);
	if (!c->def.enabled ||
	    !tt_shape_raycast(&c->shape, ox, oy, dx, dy, 0.0f, r->best, &t, &nx,
			      &ny))
		return;
	r->best = t;
	*r->hit = (tt_ray_hit){.distance = t,
			       .collider = tt_world_collider_at(w->id, i)};
	tt_pose_turn(pose, nx, ny, &r->hit->normal.x, &r->hit->normal.y);
}

static void raycast_spring(const tt_world *w, int s, ray *r)
{
	const tt_particles *p = &w->particles;
	int i = w->springs.a[s], j = w->springs.b[s];
	tt_shape seg;
	float t, nx, ny;
	if (!tt_shape_segment(p->x[i], p->y[i], p->x[j], p->y[j],
			      0.5f * (p->radius[i] + p->radius[j]), &seg) ||
	    !tt_shape_raycast(&seg, r->ox, r->oy, r->dx, r->dy, 0.0f, r->best,
			      &t, &nx, &ny))
		return;
	float hx = r->ox + t * r->dx - p->x[i], hy = r->oy + t * r->dy - p->y[i];
	float ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
	float f = (hx * ex + hy * ey) / (ex * ex + ey * ey);
	r->best = t;
	*r->hit = (tt_ray_hit){.distance = t, .normal = {nx, ny, 0.0f},
			       .spring = tt_world_spring_at(w->id, s),
			       .fraction = fminf(fmaxf(f, 0.0f), 1.0f)};
}

int tt_world_raycast(tt_world_id id, tt_vec3 origin, tt_vec3 direction,
		     float max_distance, int what, tt_ray_hit *hit,
		     tt_status *status)
{
	tt_world *w = tt_world_get(id);
	int is_3d = w && w->def.is_3d;
	float len = sqrtf(direction.x * direction.x + direction.y * direction.y +
			  (is_3d ? direction.z * direction.z : 0.0f));
	*status = !w ? TT_ERR_WORLD_STALE
	      : !tt_vec3_finite(origin) || isnan(max_distance) ? TT_ERR_NOT_FINITE
	      : !(len > 0.0f) || !isfinite(len) ? TT_ERR_DIRECTION
					       : TT_OK;
	if (*status != TT_OK || !(max_distance >= 0.0f))
		return 0;
	if (is_3d)
		return tt_world_raycast3(w, origin, v3_scale(direction, 1.0f / len),
					 max_distance, what, hit);
	*hit = (tt_ray_hit){0};
	ray r = {origin.x, origin.y, direction.x / len, direction.y / len,
		 max_distance, hit};
	for (int i = 0; (what & TT_RAY_COLLIDERS) && i < w->colliders.count; i++)
		raycast_collider(w, i, &r);
	for (int s = 0; (what & TT_RAY_SPRINGS) && s < w->springs.count; s++)
		raycast_spring(w, s, &r);
	if (!(hit->collider.index1 | hit->spring.index1))
		return 0;
	hit->point = (tt_vec3){r.ox + r.best * r.dx, r.oy + r.best * r.dy,
			       origin.z};
	return 1;
}

int tt_world_overlap(tt_world_id id, tt_vec3 center, float radius,
		     tt_collider_id *out, int max)
{
	tt_world *w = tt_world_get(id);
	int found = 0;
	if (w && w->def.is_3d)
		return tt_world_overlap3(w, center, radius, out, max);
	for (int i = 0; w && i < w->colliders.count; i++) {
		const tt_collider *c = &w->colliders.items[i];
		tt_pose pose = tt_pose_make(c->def.position.x, c->def.position.y,
					    c->def.angle);
		float lx, ly, nx, ny;
		tt_pose_to_local(pose, center.x, center.y, &lx, &ly);
		if (!c->def.enabled ||
		    !(tt_shape_distance(&c->shape, lx, ly, radius, &nx, &ny) <= 0.0f))
			continue;
		if (found < max)
			out[found] = tt_world_collider_at(id, i);
		found++;
	}
	return found;
}

int tt_world_particles_in_box(tt_world_id id, tt_vec3 lo, tt_vec3 hi,
			      int32_t *out, int max)
{
	tt_world *w = tt_world_get(id);
	int found = 0;
	const tt_particles *p = w ? &w->particles : NULL;
	for (int i = 0; p && i < p->count; i++) {
		if (p->x[i] < lo.x || p->x[i] > hi.x || p->y[i] < lo.y ||
		    p->y[i] > hi.y || p->z[i] < lo.z || p->z[i] > hi.z)
			continue;
		if (found < max)
			out[found] = i;
		found++;
	}
	return found;
}

tt_contact_view tt_world_contacts(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	return w ? (tt_contact_view){w->contacts.count, w->contacts.items}
		 : (tt_contact_view){0};
}
