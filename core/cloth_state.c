/* A cloth's state between its ids and the world's dense arrays: which
 * particle each node is now, which triangles stand, which cloth owns a
 * particle (the owner table, rebuilt before each step), and the pieces of
 * cut springs it takes in.
 *
 * A triangle stands while its three nodes and the springs along its sides
 * are there; once one goes (a cut, a tear, a script) it never stands
 * again. When fewer stand than before, the cloth's version grows (a
 * binding hides its render triangles over it) and its tethers are fitted
 * again, so a piece torn from its pins falls away. */
#include <string.h>

#include "alloc.h"
#include "vec3.h"
#include "world.h"

static int spring_there(const tt_world *w, tt_spring_id s)
{
	return tt_pool_find(&w->spring_pool, s.index1, s.generation) >= 0;
}

static int stands(const tt_world *w, const tt_cloth *c, int t)
{
	for (int k = 0; k < 3; k++) {
		int32_t side = c->side[3 * t + k];
		if (c->dense[c->tri[3 * t + k]] < 0 ||
		    (side >= 0 && !spring_there(w, c->springs[side])))
			return 0;
	}
	return 1;
}

int tt_cloth_refresh(tt_world *w, tt_cloth *c)
{
	for (int k = 0; k < c->node_count; k++) {
		tt_particle_id id = c->nodes[k];
		c->dense[k] = tt_world_id_equal(id.world, w->id)
				      ? tt_pool_find(&w->particle_pool, id.index1,
						     id.generation)
				      : -1;
	}
	int standing = 0;
	for (int t = 0; t < c->triangle_count; t++) {
		c->standing[t] = c->standing[t] || c->version == 0
					 ? (uint8_t)stands(w, c, t)
					 : 0;
		standing += c->standing[t];
	}
	int fewer = standing < c->standing_count;
	if (fewer || c->version == 0)
		c->version++;
	c->refit |= fewer;
	c->standing_count = standing;
	return fewer;
}

/* ---- the owner table ------------------------------------------------------ */

static int fit_owners(tt_cloths *s, int n)
{
	if (n <= s->owner_capacity)
		return 1;
	int32_t *block = tt_alloc(2 * (size_t)n * sizeof *block);
	if (!block)
		return 0;
	tt_free(s->owner, 2 * (size_t)s->owner_capacity * sizeof *s->owner);
	s->owner = block;
	s->owner_node = block + n;
	s->owner_capacity = n;
	return 1;
}

static void fill_owners(tt_world *w)
{
	tt_cloths *s = &w->cloths;
	int n = w->particles.count;
	s->owner_count = 0;
	if (!fit_owners(s, n > 0 ? n : 1))
		return;  /* no memory: lookups scan */
	memset(s->owner, 0, (size_t)n * sizeof *s->owner);
	for (int k = 0; k < s->count; k++) {
		const tt_cloth *c = &s->items[k];
		for (int i = 0; i < c->node_count; i++)
			if (c->dense[i] >= 0) {
				s->owner[c->dense[i]] = k + 1;
				s->owner_node[c->dense[i]] = i;
			}
	}
	s->owner_count = n;
}

/* Springs whose ends are not nodes of one cloth: the others never meet
 * colliders (contact_spring.c), and with none of these left the springs'
 * contact pass, a walk over every spring each substep, is skipped. */
static int springs_outside(const tt_world *w)
{
	const int32_t *owner = w->cloths.owner, *a = w->springs.a, *b = w->springs.b;
	int outside = 0;
	for (int k = 0; k < w->springs.count; k++)
		outside += owner[a[k]] == 0 || owner[a[k]] != owner[b[k]];
	return outside;
}

int tt_cloth_owner(const tt_world *w, int i, int *node)
{
	const tt_cloths *s = &w->cloths;
	tt_particle_id id = tt_particle_id_at(w, i);
	if (i < s->owner_count && s->owner[i] > 0 &&
	    tt_particle_id_equal(s->items[s->owner[i] - 1].nodes[s->owner_node[i]],
				 id)) {
		*node = s->owner_node[i];
		return s->owner[i];
	}
	for (int k = 0; k < s->count; k++)  /* moved or new since the table */
		for (int n = 0; n < s->items[k].node_count; n++)
			if (tt_particle_id_equal(s->items[k].nodes[n], id)) {
				*node = n;
				return k + 1;
			}
	return 0;
}

/* Laid springs whose ground is gone go too: a shear spring once neither
 * triangle of its cell stands, a bend spring with either spring it skips
 * over. So a tear parts the cloth, instead of leaving the pieces bridged
 * by the springs across it (which, soft, would stretch and tear in turn:
 * only structural springs tear by strain, since soft shear springs stretch
 * past any sensible limit in a plain fold). */
static void prune(tt_world *w, tt_cloth *c)
{
	for (int k = 0; k < c->laid_springs; k++) {
		const int32_t *s = c->support + 2 * k;
		int cls = c->spring_class[k], gone;
		if (s[0] < 0 || !spring_there(w, c->springs[k]))
			continue;
		if (cls == TT_CLOTH_SHEAR)
			gone = !c->standing[s[0]] && !c->standing[s[1]];
		else
			gone = !spring_there(w, c->springs[s[0]]) ||
			       !spring_there(w, c->springs[s[1]]);
		if (gone)
			tt_spring_destroy(c->springs[k]);
	}
}

void tt_cloth_prepare(tt_world *w)
{
	tt_cloths *s = &w->cloths;
	s->owner_count = 0;
	if (s->count == 0)
		return;
	for (int k = 0; k < s->count; k++) {
		tt_cloth *c = &s->items[k];
		tt_cloth_refresh(w, c);
		if (c->refit)
			prune(w, c);
		if (c->refit && tt_cloth_fit_tethers(w, c) == TT_OK)
			c->refit = 0;  /* no memory: none this step, try again */
	}
	fill_owners(w);
	s->springs_outside = s->owner_count == w->particles.count
				     ? springs_outside(w)
				     : w->springs.count;
	/* a poll that stops here stops the substeps too (solver.c): no cloth
	 * moves on forces left from the last step */
	for (int k = 0; k < s->count &&
			!tt_budget_spend(w, s->items[k].triangle_count + 1); k++) {
		tt_cloth *c = &s->items[k];
		tt_cloth_follow_root(w, c);
		tt_cloth_aero(w, c);
	}
}

int tt_cloth_self_pair(const tt_world *w, int i, int j)
{
	const tt_cloths *s = &w->cloths;
	if (i >= s->owner_count || j >= s->owner_count || s->owner[i] == 0 ||
	    s->owner[i] != s->owner[j])
		return 0;
	return s->items[s->owner[i] - 1].self_collision;
}

/* ---- pieces of cut springs ------------------------------------------------ */

/* A piece's new particle joins cloth c as a node hanging from node k. */
static int add_node(tt_cloth *c, tt_particle_id p, int k)
{
	if (!tt_cloth_reserve_nodes(c, c->node_count + 1))
		return -1;
	c->nodes[c->node_count] = p;
	c->anchor[c->node_count] = c->anchor[k];
	c->dense[c->node_count] = -1;
	return c->node_count++;
}

static void add_spring(tt_cloth *c, tt_spring_id s, int a, int b)
{
	if (a < 0 || b < 0 || !tt_cloth_reserve_springs(c, c->spring_count + 1))
		return;
	c->springs[c->spring_count] = s;
	c->support[2 * c->spring_count] = c->support[2 * c->spring_count + 1] = -1;
	c->ends[2 * c->spring_count] = a;
	c->ends[2 * c->spring_count + 1] = b;
	c->spring_class[c->spring_count++] = TT_CLOTH_PIECE;
}

void tt_cloth_adopt(tt_world *w, const tt_cut_parts *parts)
{
	if (w->cloths.count == 0)
		return;
	int i = tt_particle_index(tt_spring_get_a(parts->sa));
	int j = tt_particle_index(tt_spring_get_b(parts->sb));
	int ni, nj;
	int owner = i >= 0 && j >= 0 ? tt_cloth_owner(w, i, &ni) : 0;
	if (owner == 0 || tt_cloth_owner(w, j, &nj) != owner)
		return;  /* not a spring within one cloth */
	tt_cloth *c = &w->cloths.items[owner - 1];
	int a = add_node(c, parts->a, ni), b = add_node(c, parts->b, nj);
	add_spring(c, parts->sa, ni, a);
	add_spring(c, parts->sb, b, nj);
}

int tt_cloth_is_tether(const tt_world *w, tt_spring_id s)
{
	int c = w->cloths.count > 0
			? tt_pool_find(&w->spring_pool, s.index1, s.generation)
			: -1;
	if (c < 0 || w->springs.kind[c] != TT_SPRING_TETHER)
		return 0;
	for (int k = 0; k < w->cloths.count; k++) {
		const tt_cloth *cloth = &w->cloths.items[k];
		for (int t = 0; t < cloth->tether_count; t++)
			if (tt_spring_id_equal(cloth->tethers[t].spring, s))
				return 1;
	}
	return 0;
}

/* ---- reads ---------------------------------------------------------------- */

/* The cloth, refreshed against the world as it is now (reads change
 * nothing in the world: tethers are fitted again before the next step). */
static tt_cloth *fresh(tt_cloth_id id, tt_world **w)
{
	tt_cloth *c = tt_cloth_lookup(id, w);
	if (c)
		tt_cloth_refresh(*w, c);
	return c;
}

tt_cloth_view tt_cloth_get_view(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = fresh(id, &w);
	if (!c)
		return (tt_cloth_view){0};
	return (tt_cloth_view){c->node_count, c->laid,	      c->dense,
			       c->uv,	      c->triangle_count, c->tri,
			       c->standing,   c->visible};
}

int tt_cloth_triangle(tt_cloth_id id, int i, int out[3])
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);  /* as of the last refresh */
	if (!c || i < 0 || i >= c->triangle_count)
		return -1;
	for (int k = 0; k < 3; k++)
		out[k] = c->tri[3 * i + k];
	return c->standing[i];
}

int tt_cloth_standing_count(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = fresh(id, &w);
	return c ? c->standing_count : 0;
}

static tt_vec3 node_at(const tt_particles *p, int i)
{
	return v3(p->x[i], p->y[i], p->z[i]);
}

int tt_cloth_get_normals(tt_cloth_id id, float *out, int max)
{
	tt_world *w;
	tt_cloth *c = fresh(id, &w);
	if (!c || max < c->laid)
		return c ? c->laid : 0;
	memset(out, 0, 3 * (size_t)c->laid * sizeof *out);
	for (int t = 0; t < c->triangle_count; t++) {
		if (!c->standing[t])
			continue;
		const int32_t *n = c->tri + 3 * t;
		tt_vec3 a = node_at(&w->particles, c->dense[n[0]]);
		tt_vec3 e = v3_cross(v3_sub(node_at(&w->particles, c->dense[n[1]]), a),
				     v3_sub(node_at(&w->particles, c->dense[n[2]]), a));
		for (int k = 0; k < 3; k++)  /* twice the area, as the weight */
			out[3 * n[k]] += e.x, out[3 * n[k] + 1] += e.y,
				out[3 * n[k] + 2] += e.z;
	}
	for (int k = 0; k < c->laid; k++) {
		tt_vec3 u = v3_unit_or(v3(out[3 * k], out[3 * k + 1], out[3 * k + 2]),
				       v3(0.0f, 0.0f, 0.0f));
		out[3 * k] = u.x, out[3 * k + 1] = u.y, out[3 * k + 2] = u.z;
	}
	return c->laid;
}
