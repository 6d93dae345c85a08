/* Queries in a 3D world: rays against the 3D colliders (their poses as
 * the last step or the script left them) and against springs, each a
 * capsule around its two particles as wide as their mean radius; the
 * colliders a sphere overlaps. See query.c for the 2D ones. */
#include "vec3.h"
#include "world.h"

typedef struct ray {
	tt_vec3 o, u;  /* origin, unit direction */
	float best;    /* nearest hit so far */
	tt_ray_hit *hit;
} ray;

static tt_pose3 pose_now(const tt_collider *c)
{
	return tt_pose3_make(c->def.position, c->def.rotation);
}

static void raycast_collider(const tt_world *w, int i, ray *r)
{
	const tt_collider *c = &w->colliders.items[i];
	tt_pose3 pose = pose_now(c);
	tt_vec3 n;
	float t;
	if (!c->def.enabled ||
	    !tt_shape3_raycast(&c->shape3, tt_pose3_to_local(&pose, r->o),
			       tt_pose3_unturn(&pose, r->u), 0.0f, r->best, &t, &n))
		return;
	r->best = t;
	*r->hit = (tt_ray_hit){.distance = t, .normal = tt_pose3_turn(&pose, n),
			       .collider = tt_world_collider_at(w->id, i)};
}

static void raycast_spring(const tt_world *w, int s, ray *r)
{
	const tt_particles *p = &w->particles;
	int i = w->springs.a[s], j = w->springs.b[s];
	tt_vec3 a = v3(p->x[i], p->y[i], p->z[i]), b = v3(p->x[j], p->y[j], p->z[j]);
	tt_vec3 n;
	if (!tt_ray_capsule(r->o, r->u, a, b, 0.5f * (p->radius[i] + p->radius[j]),
			    &r->best, &n))
		return;
	*r->hit = (tt_ray_hit){.distance = r->best, .normal = n,
			       .spring = tt_world_spring_at(w->id, s),
			       .fraction = tt_segment_nearest(
				       a, b, v3_mad(r->o, r->u, r->best))};
}

int tt_world_raycast3(const tt_world *w, tt_vec3 origin, tt_vec3 u,
		      float max_distance, int what, tt_ray_hit *hit)
{
	*hit = (tt_ray_hit){0};
	ray r = {origin, u, max_distance, hit};
	for (int i = 0; (what & TT_RAY_COLLIDERS) && i < w->colliders.count; i++)
		raycast_collider(w, i, &r);
	for (int s = 0; (what & TT_RAY_SPRINGS) && s < w->springs.count; s++)
		raycast_spring(w, s, &r);
	if (!(hit->collider.index1 | hit->spring.index1))
		return 0;
	hit->point = v3_mad(origin, u, r.best);
	return 1;
}

int tt_world_overlap3(const tt_world *w, tt_vec3 center, float radius,
		      tt_collider_id *out, int max)
{
	int found = 0;
	for (int i = 0; i < w->colliders.count; i++) {
		const tt_collider *c = &w->colliders.items[i];
		tt_pose3 pose = pose_now(c);
		tt_vec3 n;
		if (!c->def.enabled ||
		    !(tt_shape3_distance(&c->shape3, tt_pose3_to_local(&pose, center),
					 radius, &n) <= 0.0f))
			continue;
		if (found < max)
			out[found] = tt_world_collider_at(w->id, i);
		found++;
	}
	return found;
}
