/* Bending ropes: an angle constraint (core/angle.c) at each inner node,
 * toward straight, so a vine or a cable keeps a smooth curve instead of
 * folding at every joint.
 *
 * A rope's bend is its bending compliance per metre, 1 / EI: a bent rod
 * stores EI/2 * integral of curvature^2, which over joints ds apart is
 * (EI / ds) / 2 * phi^2 per joint, so each joint's angle gets compliance
 * bend * ds and the rope bends the same whatever its segment count. The
 * angles follow the nodes as the rope changes (reeling at the spool,
 * cuts): after each change the rope refits them, keeping those that still
 * join the same three nodes. */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

/* Room for `need` angle ids (new ones null). */
static int reserve(tt_rope *r, int need)
{
	if (need <= r->bend_capacity)
		return 1;
	int capacity = r->bend_capacity ? 2 * r->bend_capacity : 32;
	while (capacity < need)
		capacity *= 2;
	size_t old = (size_t)r->bend_capacity * sizeof *r->bends;
	tt_angle_id *bends = tt_resize(r->bends, old,
				       (size_t)capacity * sizeof *bends);
	if (!bends)
		return 0;
	memset((char *)bends + old, 0, (size_t)capacity * sizeof *bends - old);
	r->bends = bends;
	r->bend_capacity = capacity;
	return 1;
}

/* Does the angle join nodes k - 1, k, k + 1 with the rope's compliance? */
static int fits(tt_angle_id angle, const tt_rope *r, int k, float compliance)
{
	tt_angle_def d = tt_angle_get_def(angle);
	return tt_particle_id_equal(d.a, r->nodes[k - 1]) &&
	       tt_particle_id_equal(d.b, r->nodes[k]) &&
	       tt_particle_id_equal(d.c, r->nodes[k + 1]) &&
	       d.compliance == compliance;
}

static tt_status make_bend(tt_world *w, tt_rope *r, int k, float compliance)
{
	tt_angle_def def = tt_angle_def_default();
	def.a = r->nodes[k - 1], def.b = r->nodes[k], def.c = r->nodes[k + 1];
	def.rest = 0.0f;
	def.compliance = compliance;
	return tt_angle_create(w->id, &def, &r->bends[k]);
}

tt_status tt_rope_fit_bends(tt_world *w, tt_rope *r)
{
	int bends = r->bend < INFINITY;
	if (!bends && r->bend_capacity == 0)
		return TT_OK;
	if (!reserve(r, r->count))
		return TT_ERR_OUT_OF_MEMORY;
	float compliance = r->bend * r->segment_length;
	for (int k = 0; k < r->bend_capacity; k++) {
		tt_angle_id *angle = &r->bends[k];
		int wanted = bends && k >= 1 && k + 1 < r->count;
		if (tt_angle_valid(*angle) &&
		    (!wanted || !fits(*angle, r, k, compliance))) {
			tt_angle_destroy(*angle);
			*angle = (tt_angle_id){0};
		}
		tt_status status = wanted && !tt_angle_valid(*angle)
					   ? make_bend(w, r, k, compliance)
					   : TT_OK;
		if (status != TT_OK)
			return status;
	}
	return TT_OK;
}

void tt_rope_release_bends(tt_rope *r)
{
	tt_free(r->bends, (size_t)r->bend_capacity * sizeof *r->bends);
	r->bends = NULL;
	r->bend_capacity = 0;
}

float tt_rope_get_bend(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = tt_rope_find(id, &w);
	return r ? r->bend : 0.0f;
}

tt_status tt_rope_set_bend(tt_rope_id id, float bend)
{
	tt_world *w;
	tt_rope *r = tt_rope_find(id, &w);
	if (!r)
		return TT_ERR_ROPE_STALE;
	if (!(bend >= 0.0f))
		return TT_ERR_COMPLIANCE;
	r->bend = bend;
	return tt_rope_fit_bends(w, r);
}
