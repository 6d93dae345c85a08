/* The pieces a cut leaves of a body. A spring between two of its
 * particles (nodes, or pieces of an earlier cut) cut in two leaves two
 * new particles, each on a stub from its side (core/cut.c). They are the
 * body's material, so its own edge contacts and untangling pass them
 * over as they pass its nodes over: taken for strangers, a stub's end was
 * pushed off the outline it hangs from by both radii (0.1 m in a grid of
 * 0.2 m cells), or out of a whole body it lay inside, so a 5 mm stub cut
 * next to its node was held at 20 times its rest length for good
 * (world.max_strain 19.7 after slashing examples/jelly.lua). In the owner
 * table they are the body's, as its nodes are, so every contact path
 * takes them as the body's (its friction; no restitution of their own;
 * an impact of theirs is the body's) at no cost to a body never cut.
 * They are not nodes: shape matching, pressure, damping and the bounce
 * move only nodes, and the view does not fill them. */
#include "alloc.h"
#include "world.h"

static int member(const tt_softbody *b, tt_particle_id p)
{
	for (int k = 0; k < b->node_count; k++)
		if (tt_particle_id_equal(b->nodes[k], p))
			return 1;
	for (int k = 0; k < b->piece_count; k++)
		if (tt_particle_id_equal(b->pieces[k], p))
			return 1;
	return 0;
}

/* The body p is a node or piece of (dense index), or -1: a scan, as a
 * cut is rare and the owner table may predate p. */
static int body_of(const tt_world *w, tt_particle_id p)
{
	for (int k = 0; k < w->softbodies.count; k++)
		if (member(&w->softbodies.items[k], p))
			return k;
	return -1;
}

static void add(tt_softbody *b, tt_particle_id p)
{
	/* out of memory: the piece stays loose, as pieces once all were */
	if (tt_reserve((void **)&b->pieces, b->piece_count, &b->piece_capacity,
		       sizeof *b->pieces, 16))
		b->pieces[b->piece_count++] = p;
}

void tt_softbody_adopt(tt_world *w, const tt_cut_parts *parts)
{
	if (w->softbodies.count == 0)
		return;
	int k = body_of(w, tt_spring_get_a(parts->sa));
	if (k < 0 || body_of(w, tt_spring_get_b(parts->sb)) != k)
		return;  /* not a spring within one body */
	tt_softbody *b = &w->softbodies.items[k];
	add(b, parts->a);
	add(b, parts->b);
}

int tt_softbody_own_pieces(tt_world *w, int k, int32_t *owner)
{
	tt_softbody *b = &w->softbodies.items[k];
	int kept = 0, owned = 0;
	for (int n = 0; n < b->piece_count; n++) {
		tt_particle_id id = b->pieces[n];
		int i = tt_pool_find(&w->particle_pool, id.index1, id.generation);
		if (i < 0)
			continue;  /* gone (culled, destroyed): forgotten */
		b->pieces[kept++] = id;
		owned += owner[i] == 0;
		if (owner[i] == 0)
			owner[i] = k + 1;
	}
	b->piece_count = kept;
	return owned;
}

void tt_softbody_pieces_release(tt_softbody *b)
{
	tt_free(b->pieces, (size_t)b->piece_capacity * sizeof *b->pieces);
	b->pieces = NULL;
	b->piece_count = b->piece_capacity = 0;
}
