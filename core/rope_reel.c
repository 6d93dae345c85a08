/* Reeling in keeps the swing's speed, not its angular momentum.
 *
 * A rope reels at its spool (node 0): the first segment shortens, and what
 * it pulls in moves towards the rope's anchor (the spool itself when it is
 * pinned, else the pinned far end, as a grapple's hook). The pull is along
 * the rope, a central force, so each node's angular momentum about the
 * anchor is kept and its speed across the line to the anchor grows as
 * 1 / distance: a hanging rope reeled in at 8 m/s threw its last node past
 * the spool at 45 m/s, and a player swinging at 3.8 m/s on a 10 m grapple
 * whirled round the hook at 70 m/s once reeled to 0.5 m. A winch on a
 * swinging line is not that: here each substep's shortening takes from a
 * node's velocity across that line the share it would add (distance s to
 * s - shortened scales it by (s - shortened) / s), so the reel does no work
 * on the swing, and a node leaves no faster than the reel plus the swing. */
#include <math.h>

#include "vec3.h"
#include "world.h"

static int dense(const tt_world *w, tt_particle_id id)
{
	return tt_pool_find(&w->particle_pool, id.index1, id.generation);
}

/* Node i's velocity across the line from the anchor a, scaled by k. */
static void scale_across(tt_particles *p, int a, int i, float k)
{
	tt_vec3 d = v3(p->x[i] - p->x[a], p->y[i] - p->y[a], p->z[i] - p->z[a]);
	tt_vec3 v = v3(p->vx[i] - p->vx[a], p->vy[i] - p->vy[a],
		       p->vz[i] - p->vz[a]);
	float len2 = v3_dot(d, d);
	if (!(len2 > 0.0f))
		return;
	tt_vec3 across = v3_mad(v, d, -v3_dot(v, d) / len2);
	p->vx[i] -= (1.0f - k) * across.x;
	p->vy[i] -= (1.0f - k) * across.y;
	p->vz[i] -= (1.0f - k) * across.z;
}

/* The share of node i's distance s (along the rope) from the anchor that
 * is left after shortened more is reeled in. */
static float kept(float s, float shortened)
{
	return s > shortened ? (s - shortened) / s : 0.0f;
}

void tt_rope_keep_swing(tt_world *w, const tt_rope *r, float shortened)
{
	tt_particles *p = &w->particles;
	int last = r->count - 1, spool = dense(w, r->nodes[0]);
	if (!(shortened > 0.0f) || spool < 0)
		return;
	if (p->inv_mass[spool] == 0.0f) {  /* everything comes to the spool */
		for (int k = 1; k <= last; k++) {
			int i = dense(w, r->nodes[k]);
			if (i >= 0)
				scale_across(p, spool, i,
					     kept(tt_rope_path_length(r, k), shortened));
		}
		return;
	}
	int anchor = dense(w, r->nodes[last]);
	if (anchor >= 0 && p->inv_mass[anchor] == 0.0f)  /* the spool comes */
		scale_across(p, anchor, spool,
			     kept(tt_rope_path_length(r, last), shortened));
}
