/* Ropes: particles and springs owned as one object, with a length that
 * changes at run time, and long-range tethers that hold heavy loads.
 *
 * The spool is the start. Changing the length changes only the first
 * segment's rest length; when it passes 1.5 segments a node is added next
 * to the spool, when it drops under 0.5 one is removed, so every other
 * segment keeps its length and nothing pops (the winch of Obi and of the
 * Verlet-rope articles). A new node sits on the line between its
 * neighbours with their interpolated velocity: no velocity spike.
 *
 * A rope's segments are also solved as one chain each substep (chain.c),
 * which holds heavy loads on light nodes. Tethers (Kim et al., "Long
 * Range Attachments", 2012) are the safety net behind it: from the
 * anchored end(s) to every node further than one segment, 1% longer than
 * the rope between them (so they never fight the chain solve), resisting
 * only stretch. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

#define MAX_SEGMENTS 100000
#define TETHER_SLACK 1.01f
#define TT_ROPE_DAMPING 1.0f  /* 1/s: a heap settles in a few seconds */

tt_rope_def tt_rope_def_default(void)
{
	return (tt_rope_def){.to = {0.0f, -5.0f, 0.0f},
			     .segments = 20,
			     .mass_per_metre = 0.5f,
			     .radius = 0.03f,
			     .kind = TT_SPRING_ROD,
			     .pin_start = 1,
			     .damping = TT_ROPE_DAMPING,
			     .bend = INFINITY};
}

static tt_rope *lookup(tt_rope_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	int i = w ? tt_pool_find(&w->rope_pool, id.index1, id.generation) : -1;
	return i < 0 ? NULL : &w->ropes.items[i];
}

tt_rope *tt_rope_find(tt_rope_id id, tt_world **out)
{
	return lookup(id, out);
}

/* Room for `need` nodes in every per-node array. */
static int reserve_nodes(tt_rope *r, int need)
{
	if (need <= r->capacity)
		return 1;
	int capacity = r->capacity ? 2 * r->capacity : 32;
	while (capacity < need)
		capacity *= 2;
	size_t old = (size_t)r->capacity, new = (size_t)capacity;
	tt_particle_id *nodes = tt_resize(r->nodes, old * sizeof *nodes,
					  new * sizeof *nodes);
	tt_spring_id *segs = nodes ? tt_resize(r->segments, old * sizeof *segs,
					       new * sizeof *segs)
				   : NULL;
	tt_spring_id *teth = segs ? tt_resize(r->tethers, old * sizeof *teth,
					      new * sizeof *teth)
				  : NULL;
	r->nodes = nodes ? nodes : r->nodes;
	r->segments = segs ? segs : r->segments;
	r->tethers = teth ? teth : r->tethers;
	if (!teth)
		return 0;
	r->capacity = capacity;
	return 1;
}

static int reserve_node(tt_rope *r)
{
	return reserve_nodes(r, r->count + 1);
}

static void release_arrays(tt_rope *r)
{
	size_t n = (size_t)r->capacity;
	tt_free(r->nodes, n * sizeof *r->nodes);
	tt_free(r->segments, n * sizeof *r->segments);
	tt_free(r->tethers, n * sizeof *r->tethers);
	tt_rope_release_bends(r);
}

/* Rest length along the rope from node 0 to node k. A cut leaves the
 * last segment its own length (tail_rest). */
static float path_length(const tt_rope *r, int k)
{
	if (k == 0)
		return 0.0f;
	float length = r->first_rest + (float)(k - 1) * r->segment_length;
	if (k >= 2 && k == r->count - 1 && r->tail_rest != r->segment_length)
		length += r->tail_rest - r->segment_length;
	return length;
}

float tt_rope_path_length(const tt_rope *r, int k)
{
	return path_length(r, k);
}

float tt_rope_get_length(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	return r ? path_length(r, r->count - 1) : 0.0f;
}

static tt_status make_spring(tt_world *w, tt_particle_id a, tt_particle_id b,
			     float rest, tt_spring_kind kind, const tt_rope *r,
			     tt_spring_id *out)
{
	tt_spring_def def = tt_spring_def_default();
	def.a = a;
	def.b = b;
	def.rest_length = rest;
	def.kind = kind;
	if (kind != TT_SPRING_TETHER) {
		def.compliance = r->compliance;
		def.stretch_damping = r->stretch_damping;
		def.max_strain = r->max_strain;
	}
	return tt_spring_create(w->id, &def, out);
}

/* The node node k is tethered to, or -1 for none. */
static int anchor_of(const tt_rope *r, int k)
{
	int last = r->count - 1;
	switch (r->tethers_from) {
	case TT_ROPE_TETHERS_START:
		return 0;
	case TT_ROPE_TETHERS_END:
		return last;
	case TT_ROPE_TETHERS_BOTH:
		return 2.0f * path_length(r, k) <= path_length(r, last) ? 0 : last;
	default:
		return -1;
	}
}

/* Make, remove or re-length the tethers to match tethers_from: node k gets
 * one from its anchor when they are more than a segment apart. */
static tt_status fit_tethers(tt_world *w, tt_rope *r)
{
	for (int k = 0; k < r->count; k++) {
		int anchor = anchor_of(r, k);
		int wanted = anchor >= 0 && abs(k - anchor) > 1;
		tt_spring_id *t = &r->tethers[k];
		if (tt_spring_valid(*t) &&
		    (!wanted || !tt_particle_id_equal(tt_spring_get_a(*t),
						      r->nodes[anchor])))
			tt_spring_destroy(*t);
		if (!wanted) {
			*t = (tt_spring_id){0};
			continue;
		}
		float rest = TETHER_SLACK * fabsf(path_length(r, k) - path_length(r, anchor));
		tt_status status = tt_spring_valid(*t)
					   ? tt_spring_set_rest_length(*t, rest)
					   : make_spring(w, r->nodes[anchor], r->nodes[k],
							 rest, TT_SPRING_TETHER, r, t);
		if (status != TT_OK)
			return status;
		tt_spring_unseen(w, *t);
	}
	return TT_OK;
}

static tt_status check_def(tt_world *w, const tt_rope_def *def)
{
	if (!tt_vec3_finite(def->from) || !tt_vec3_finite(def->to))
		return TT_ERR_NOT_FINITE;
	if (def->start.index1 && !tt_particle_valid(def->start))
		return TT_ERR_PARTICLE_STALE;
	if (def->start.index1 && !tt_world_id_equal(def->start.world, w->id))
		return TT_ERR_PARTICLE_OTHER_WORLD;
	if (def->segment_length <= 0.0f &&
	    (def->segments < 1 || def->segments > MAX_SEGMENTS))
		return TT_ERR_ROPE_SEGMENTS;
	if (!(def->segment_length >= 0.0f) || !isfinite(def->segment_length))
		return TT_ERR_SEGMENT_LENGTH;
	if (!(def->mass_per_metre > 0.0f) || !isfinite(def->mass_per_metre))
		return TT_ERR_MASS_PER_METRE;
	if (!(def->radius >= 0.0f) || !isfinite(def->radius))
		return TT_ERR_RADIUS;
	if ((unsigned)def->tethers >= TT_ROPE_TETHERS_COUNT)
		return TT_ERR_ROPE_TETHERS;
	if ((unsigned)def->kind >= TT_SPRING_KIND_COUNT)
		return TT_ERR_SPRING_KIND;
	if (!(def->max_strain >= 0.0f) || !isfinite(def->max_strain))
		return TT_ERR_MAX_STRAIN;
	if (!(def->damping >= 0.0f) || !isfinite(def->damping) ||
	    !(def->stretch_damping >= 0.0f) || !isfinite(def->stretch_damping))
		return TT_ERR_DAMPING;
	if (!(def->bend >= 0.0f))  /* INFINITY: no bending */
		return TT_ERR_COMPLIANCE;
	return TT_OK;
}

/* Segment count and lengths for a rope of the given length. */
static tt_status lay_out(tt_rope *r, const tt_rope_def *def, float length)
{
	int n = def->segments;
	if (def->segment_length > 0.0f) {
		float fit = ceilf(length / def->segment_length - 1e-4f);
		if (!(fit <= (float)MAX_SEGMENTS))
			return TT_ERR_ROPE_SEGMENTS;
		n = fit < 1.0f ? 1 : (int)fit;
	}
	if (!(length > 0.0f) || !isfinite(length))  /* from/to too far apart */
		return TT_ERR_LENGTH;
	r->segment_length = def->segment_length > 0.0f ? def->segment_length
						       : length / (float)n;
	r->first_rest = length - (float)(n - 1) * r->segment_length;
	r->tail_rest = r->segment_length;
	r->count = 0;
	return n + 1 > MAX_SEGMENTS + 1 ? TT_ERR_ROPE_SEGMENTS : TT_OK;
}

static tt_rope_tethers resolve_tethers(const tt_rope_def *def)
{
	if (def->tethers != TT_ROPE_TETHERS_AUTO)
		return def->tethers;
	if (def->pin_start && def->pin_end)
		return TT_ROPE_TETHERS_BOTH;
	return def->pin_start ? TT_ROPE_TETHERS_START
	       : def->pin_end ? TT_ROPE_TETHERS_END
			      : TT_ROPE_TETHERS_NONE;
}

static tt_status add_node(tt_world *w, tt_rope *r, tt_vec3 at, int pinned)
{
	if (!reserve_node(r))
		return TT_ERR_OUT_OF_MEMORY;
	tt_particle_def p = tt_particle_def_default();
	p.position = at;
	p.mass = r->node_mass;
	p.radius = r->radius;
	p.pinned = pinned;
	int k = r->count;
	r->tethers[k] = r->segments[k] = (tt_spring_id){0};
	tt_status status = tt_particle_create(w->id, &p, &r->nodes[k]);
	if (status == TT_OK)
		r->count++;
	if (status == TT_OK && k > 0)
		status = make_spring(w, r->nodes[k - 1], r->nodes[k],
				     k == 1 ? r->first_rest : r->segment_length,
				     r->kind, r, &r->segments[k - 1]);
	return status;
}

static tt_status build(tt_world *w, tt_rope *r, const tt_rope_def *def)
{
	tt_vec3 from = def->start.index1 ? tt_particle_get_position(def->start)
					 : def->from;
	tt_vec3 d = {def->to.x - from.x, def->to.y - from.y, def->to.z - from.z};
	float length = sqrtf(d.x * d.x + d.y * d.y + d.z * d.z);
	tt_status status = lay_out(r, def, length);
	r->node_mass = def->mass_per_metre * r->segment_length;
	int n = (int)lroundf((length - r->first_rest) / r->segment_length) + 1;
	if (status == TT_OK && def->start.index1) {
		if (reserve_node(r))
			r->nodes[r->count++] = def->start;
		else
			status = TT_ERR_OUT_OF_MEMORY;
	}
	for (int k = r->count; status == TT_OK && k <= n; k++) {
		float t = path_length(r, k) / length;
		tt_vec3 at = {from.x + d.x * t, from.y + d.y * t, from.z + d.z * t};
		status = add_node(w, r, at, (k == 0 && def->pin_start) ||
						    (k == n && def->pin_end));
	}
	if (status == TT_OK && def->start.index1 && def->pin_start)
		status = tt_particle_set_pinned(def->start, 1);
	if (status == TT_OK)
		status = fit_tethers(w, r);
	return status == TT_OK ? tt_rope_fit_bends(w, r) : status;
}

/* Take the rope out of the dense array (its slot is freed). */
static void remove_rope(tt_world *w, tt_rope *r)
{
	tt_ropes *ropes = &w->ropes;
	release_arrays(r);
	tt_pool_remove_item(&w->rope_pool, ropes->items, sizeof *ropes->items,
			    &ropes->count, (int)(r - ropes->items));
}

/* Destroy what the rope made: its nodes (and with them its springs), then
 * the springs to a kept start. Only segments[0..count-2] are the rope's:
 * the slot past them may still name a spring that a cut handed to the
 * other part. */
static void destroy_parts(tt_rope *r)
{
	for (int k = r->owns_start ? 0 : 1; k < r->count; k++)
		tt_particle_destroy(r->nodes[k]);
	for (int k = 0; k < r->count; k++)
		tt_spring_destroy(r->tethers[k]);
	for (int k = 0; k + 1 < r->count; k++)
		tt_spring_destroy(r->segments[k]);
}

static tt_rope *new_rope(tt_world *w)
{
	tt_ropes *ropes = &w->ropes;
	if (!tt_reserve((void **)&ropes->items, ropes->count, &ropes->capacity,
			sizeof *ropes->items, 8))
		return NULL;
	int slot = tt_pool_take(&w->rope_pool, ropes->count);
	if (slot < 0)
		return NULL;
	tt_rope *r = &ropes->items[ropes->count++];
	memset(r, 0, sizeof *r);
	r->slot = slot;
	return r;
}

tt_status tt_rope_create(tt_world_id world, const tt_rope_def *def,
			 tt_rope_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	tt_status status = check_def(w, def);
	tt_rope *r = status == TT_OK ? new_rope(w) : NULL;
	if (status != TT_OK || !r)
		return status != TT_OK ? status : TT_ERR_OUT_OF_MEMORY;
	r->radius = def->radius;
	r->compliance = def->compliance;
	r->stretch_damping = def->stretch_damping;
	r->damping = def->damping;
	r->bend = def->bend;
	r->kind = def->kind;
	r->max_strain = def->max_strain;
	r->owns_start = def->start.index1 == 0;
	r->tethers_from = resolve_tethers(def);
	status = build(w, r, def);
	if (status != TT_OK) {
		destroy_parts(r);
		remove_rope(w, r);
		return status;
	}
	uint32_t generation = w->rope_pool.slots[r->slot].generation;
	*out = (tt_rope_id){(uint32_t)r->slot + 1, generation, world};
	return TT_OK;
}

tt_status tt_rope_destroy(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	if (!r)
		return TT_ERR_ROPE_STALE;
	destroy_parts(r);
	remove_rope(w, r);
	return TT_OK;
}

int tt_rope_valid(tt_rope_id id)
{
	tt_world *w;
	return lookup(id, &w) != NULL;
}

int tt_rope_node_count(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	return r ? r->count : 0;
}

tt_particle_id tt_rope_node(tt_rope_id id, int i)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	return r && i >= 0 && i < r->count ? r->nodes[i] : (tt_particle_id){0};
}

tt_spring_id tt_rope_segment(tt_rope_id id, int i)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	return r && i >= 0 && i < r->count - 1 ? r->segments[i]
					       : (tt_spring_id){0};
}

float tt_rope_get_segment_length(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	return r ? r->segment_length : 0.0f;
}

static tt_vec3 along(tt_vec3 a, tt_vec3 b, float t)
{
	return (tt_vec3){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t,
			 a.z + (b.z - a.z) * t};
}

/* Node j of the rope, new, at position and velocity. */
static tt_status new_node(tt_world *w, tt_rope *r, int j, tt_vec3 at,
			  tt_vec3 velocity)
{
	tt_particle_def p = tt_particle_def_default();
	p.position = at;
	p.velocity = velocity;
	p.mass = r->node_mass;
	p.radius = r->radius;
	return tt_particle_create(w->id, &p, &r->nodes[j]);
}

/* Make room for m nodes after the spool: one shift of each array, so
 * reeling out a long way costs O(n), not a memmove per node. The gap is
 * null until filled, so a failure leaves a rope that is not intact. */
static void open_gap(tt_rope *r, int m)
{
	size_t tail = (size_t)(r->count - 1), gap = (size_t)m;
	memmove(&r->nodes[1 + m], &r->nodes[1], tail * sizeof *r->nodes);
	memmove(&r->segments[m], &r->segments[0], tail * sizeof *r->segments);
	memmove(&r->tethers[1 + m], &r->tethers[1], tail * sizeof *r->tethers);
	memset(&r->nodes[1], 0, gap * sizeof *r->nodes);
	memset(&r->segments[0], 0, gap * sizeof *r->segments);
	memset(&r->tethers[1], 0, gap * sizeof *r->tethers);
	r->count += m;
}

/* m nodes go in next to the spool, on the line to node 1 where their
 * segments end (the first keeps rest), moving as those points of the
 * line move. */
static tt_status insert_nodes(tt_world *w, tt_rope *r, int m, float rest)
{
	if (!reserve_nodes(r, r->count + m))
		return TT_ERR_OUT_OF_MEMORY;
	tt_vec3 a = tt_particle_get_position(r->nodes[0]);
	tt_vec3 b = tt_particle_get_position(r->nodes[1]);
	tt_vec3 va = tt_particle_get_velocity(r->nodes[0]);
	tt_vec3 vb = tt_particle_get_velocity(r->nodes[1]);
	float first = r->first_rest, step = r->segment_length;
	open_gap(r, m);
	r->first_rest = rest;
	tt_spring_destroy(r->segments[m]);  /* the spool's old segment */
	r->segments[m] = (tt_spring_id){0};
	tt_status status = TT_OK;
	for (int j = m; status == TT_OK && j >= 1; j--) {
		float t = (rest + (float)(j - 1) * step) / first;
		status = new_node(w, r, j, along(a, b, t), along(va, vb, t));
		if (status == TT_OK)
			status = make_spring(w, r->nodes[j], r->nodes[j + 1], step,
					     r->kind, r, &r->segments[j]);
	}
	if (status != TT_OK)
		return status;
	return make_spring(w, r->nodes[0], r->nodes[1], rest, r->kind, r,
			   &r->segments[0]);
}

/* Nodes 1..m go (m <= count - 2); the spool joins node m + 1 with the
 * length of the segments between. One shift; what is left past the rope
 * is nulled, so nothing there names a spring. */
static tt_status remove_nodes(tt_world *w, tt_rope *r, int m)
{
	float joined = r->first_rest + (float)m * r->segment_length;
	if (m == r->count - 2) {  /* the tail merges into the first segment */
		joined += r->tail_rest - r->segment_length;
		r->tail_rest = r->segment_length;
	}
	for (int k = 1; k <= m; k++)
		tt_particle_destroy(r->nodes[k]);  /* takes their springs */
	size_t left = (size_t)(r->count - 1 - m), gap = (size_t)m;
	memmove(&r->nodes[1], &r->nodes[1 + m], left * sizeof *r->nodes);
	memmove(&r->segments[0], &r->segments[m], left * sizeof *r->segments);
	memmove(&r->tethers[1], &r->tethers[1 + m], left * sizeof *r->tethers);
	r->count -= m;
	memset(&r->nodes[r->count], 0, gap * sizeof *r->nodes);
	memset(&r->segments[r->count - 1], 0, gap * sizeof *r->segments);
	memset(&r->tethers[r->count], 0, gap * sizeof *r->tethers);
	r->first_rest = joined;
	return make_spring(w, r->nodes[0], r->nodes[1], joined, r->kind, r,
			   &r->segments[0]);
}

static int intact(const tt_rope *r)
{
	for (int k = 0; k < r->count; k++)
		if (!tt_particle_valid(r->nodes[k]) ||
		    (k + 1 < r->count && !tt_spring_valid(r->segments[k])))
			return 0;
	return 1;
}

/* The longest the rope may be: MAX_SEGMENTS segments, the first 1.5 long
 * (more and a node would go in). */
static double longest(const tt_rope *r)
{
	return ((double)MAX_SEGMENTS - 0.5) * r->segment_length + r->tail_rest;
}

/* The first segment takes the change; nodes go in while it is longer than
 * 1.5 segments, out while it is shorter than 0.5 (the counts worked out in
 * double: at 1e9 m, x - 0.5 == x in float). The length is held to
 * [1e-3, MAX_SEGMENTS] segments. */
static tt_status change_length(tt_world *w, tt_rope *r, float length)
{
	if (!intact(r))
		return TT_ERR_ROPE_BROKEN;
	double step = r->segment_length;
	double want = fmax(fmin(length, longest(r)), 1e-3 * step);
	double first = r->first_rest - (double)path_length(r, r->count - 1) + want;
	double in = first > 1.5 * step ? ceil((first - 1.5 * step) / step) : 0.0;
	double out = first < 0.5 * step ? ceil((0.5 * step - first) / step) : 0.0;
	int m = (int)fmin(in, MAX_SEGMENTS + 1.0 - r->count);
	int n = (int)fmin(out, r->count - 2.0);
	r->first_rest = (float)first;
	tt_status status = TT_OK;
	if (m > 0)
		status = insert_nodes(w, r, m, (float)(first - m * step));
	else if (n > 0)
		status = remove_nodes(w, r, n);
	if (status == TT_OK)
		tt_spring_set_rest_length(r->segments[0], r->first_rest);
	if (status == TT_OK)
		status = fit_tethers(w, r);
	return status == TT_OK ? tt_rope_fit_bends(w, r) : status;
}

tt_status tt_rope_set_length(tt_rope_id id, float length)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	if (!r)
		return TT_ERR_ROPE_STALE;
	if (!(length > 0.0f) || !isfinite(length))
		return TT_ERR_LENGTH;
	if (length > longest(r))
		return TT_ERR_ROPE_SEGMENTS;
	return change_length(w, r, length);
}

float tt_rope_get_max_length(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	return r ? (float)longest(r) : 0.0f;
}

tt_status tt_rope_reel(tt_rope_id id, float speed, float target)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	if (!r)
		return TT_ERR_ROPE_STALE;
	if (!isfinite(speed) || !isfinite(target))
		return TT_ERR_NOT_FINITE;
	r->reel_speed = speed;
	r->reel_target = target;
	return TT_OK;
}

float tt_rope_get_reel_speed(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	return r ? r->reel_speed : 0.0f;
}

tt_status tt_rope_set_tethers(tt_rope_id id, tt_rope_tethers tethers)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	if (!r)
		return TT_ERR_ROPE_STALE;
	if ((unsigned)tethers >= TT_ROPE_TETHERS_COUNT ||
	    tethers == TT_ROPE_TETHERS_AUTO)
		return TT_ERR_ROPE_TETHERS;
	if (!intact(r))
		return TT_ERR_ROPE_BROKEN;
	r->tethers_from = tethers;
	return fit_tethers(w, r);
}

tt_rope_tethers tt_rope_get_tethers(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	return r ? r->tethers_from : TT_ROPE_TETHERS_NONE;
}

float tt_rope_tension(tt_rope_id id)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	if (!r)
		return 0.0f;
	return tt_spring_get_force(r->segments[0]) +
	       tt_spring_get_force(r->tethers[0]);
}

tt_status tt_rope_translate(tt_rope_id id, tt_vec3 offset)
{
	tt_world *w;
	tt_rope *r = lookup(id, &w);
	if (!r)
		return TT_ERR_ROPE_STALE;
	if (!tt_vec3_finite(offset))
		return TT_ERR_NOT_FINITE;
	for (int k = 0; k < r->count; k++) {
		tt_vec3 p = tt_particle_get_position(r->nodes[k]);
		tt_particle_set_position(r->nodes[k],
					 (tt_vec3){p.x + offset.x, p.y + offset.y,
						   p.z + offset.z});
	}
	return TT_OK;
}

/* The first segment's rest and every tether's, for first_rest = rest. */
static void set_first_rest(tt_world *w, tt_rope *r, float rest)
{
	r->first_rest = rest;
	tt_spring_set_rest_length(r->segments[0], rest);
	fit_tethers(w, r);
}

/* One step of reeling: the length moves by speed * dt, stopping at the
 * target. Nodes are added or removed for the length the step ends at;
 * the lengths then ramp there over the substeps, because a rest length
 * that jumps moves the nodes in one substep (a speed of jump / h: 20 m/s
 * for a 2.5 m/s reel at 8 substeps). A rope that lost a particle stops. */
static void reel(tt_world *w, tt_rope *r)
{
	float length = path_length(r, r->count - 1);
	float next = length + r->reel_speed * w->def.time_step;
	float target = r->reel_target;
	if (target > 0.0f && (next - target) * (length - target) <= 0.0f) {
		next = target;
		r->reel_speed = 0.0f;
	}
	if (next >= longest(r))
		r->reel_speed = 0.0f;  /* the spool is empty: MAX_SEGMENTS out */
	if (change_length(w, r, next) != TT_OK) {
		r->reel_speed = 0.0f;
		return;
	}
	r->ramp_to = r->first_rest;
	r->ramp_from = r->first_rest - (path_length(r, r->count - 1) - length);
	r->ramping = r->ramp_from > 0.0f;
	if (r->ramping)
		set_first_rest(w, r, r->ramp_from);
}

void tt_rope_advance(tt_world *w)
{
	for (int i = 0; i < w->ropes.count; i++) {
		tt_rope *r = &w->ropes.items[i];
		r->ramping = 0;
		if (r->reel_speed != 0.0f)
			reel(w, r);
	}
}

void tt_rope_substep(tt_world *w, int sub, int substeps)
{
	float t = (float)(sub + 1) / (float)substeps;
	for (int i = 0; i < w->ropes.count; i++) {
		tt_rope *r = &w->ropes.items[i];
		if (!r->ramping)
			continue;
		float rest = r->ramp_from + (r->ramp_to - r->ramp_from) * t;
		tt_rope_keep_swing(w, r, r->first_rest - rest);
		set_first_rest(w, r, rest);
	}
}

void tt_rope_release_all(tt_world *w)
{
	for (int i = 0; i < w->ropes.count; i++)
		release_arrays(&w->ropes.items[i]);
	tt_free(w->ropes.items, (size_t)w->ropes.capacity * sizeof *w->ropes.items);
	w->ropes = (tt_ropes){0};
}

/* ---- cuts (core/cut.c severs the spring; here the rope splits) --------- */

int tt_rope_owner(const tt_world *w, tt_spring_id s, int *segment)
{
	for (int i = 0; i < w->ropes.count; i++) {
		const tt_rope *r = &w->ropes.items[i];
		for (int k = 0; k < r->count; k++) {
			*segment = k;
			if (k + 1 < r->count && tt_spring_id_equal(r->segments[k], s))
				return i;
			*segment = -1;
			if (tt_spring_id_equal(r->tethers[k], s))
				return i;
		}
	}
	return -1;
}

tt_status tt_rope_unfit(tt_world *w, int index)
{
	tt_rope *r = &w->ropes.items[index];
	for (int k = 0; k < r->count; k++) {
		tt_spring_destroy(r->tethers[k]);
		r->tethers[k] = (tt_spring_id){0};
	}
	return intact(r) ? TT_OK : TT_ERR_ROPE_BROKEN;
}

/* A part of a cut rope anchors its tethers where it is pinned now (none
 * on a free fragment), unless the rope had none. */
static tt_status refit(tt_world *w, tt_rope *r)
{
	if (r->tethers_from != TT_ROPE_TETHERS_NONE) {
		tt_rope_def ends = {.tethers = TT_ROPE_TETHERS_AUTO};
		ends.pin_start = tt_particle_get_pinned(r->nodes[0]);
		ends.pin_end = tt_particle_get_pinned(r->nodes[r->count - 1]);
		r->tethers_from = resolve_tethers(&ends);
	}
	tt_status status = fit_tethers(w, r);
	return status == TT_OK ? tt_rope_fit_bends(w, r) : status;
}

/* The end part: parts->b, then nodes i + 1.. of r, with r's settings. */
static tt_status take_tail(tt_rope *fresh, const tt_rope *r, int i,
			   const tt_cut_parts *parts)
{
	int count = r->count - i;
	if (!reserve_nodes(fresh, count))
		return TT_ERR_OUT_OF_MEMORY;
	fresh->nodes[0] = parts->b;
	fresh->segments[0] = parts->sb;
	memcpy(&fresh->nodes[1], &r->nodes[i + 1],
	       (size_t)(count - 1) * sizeof *r->nodes);
	memcpy(&fresh->segments[1], &r->segments[i + 1],
	       (size_t)(count - 2) * sizeof *r->segments);
	memset(fresh->tethers, 0, (size_t)count * sizeof *fresh->tethers);
	fresh->count = count;
	fresh->first_rest = parts->rest_b;
	fresh->tail_rest = count > 2 ? r->tail_rest : r->segment_length;
	return TT_OK;
}

static void copy_settings(tt_rope *to, const tt_rope *from)
{
	to->segment_length = from->segment_length;
	to->node_mass = from->node_mass;
	to->radius = from->radius;
	to->compliance = from->compliance;
	to->stretch_damping = from->stretch_damping;
	to->damping = from->damping;
	to->bend = from->bend;
	to->kind = from->kind;
	to->max_strain = from->max_strain;
	to->tethers_from = from->tethers_from;
	to->owns_start = 1;  /* parts->b was made by the cut */
}

tt_status tt_rope_split(tt_world *w, int index, int i,
			const tt_cut_parts *parts, tt_rope_id *out)
{
	tt_rope *fresh = new_rope(w);  /* may move the ropes: index, not r */
	if (!fresh)
		return TT_ERR_OUT_OF_MEMORY;
	tt_rope *r = &w->ropes.items[index];
	copy_settings(fresh, r);
	tt_status status = take_tail(fresh, r, i, parts);
	if (status != TT_OK) {
		remove_rope(w, fresh);
		return status;
	}
	r->nodes[i + 1] = parts->a;
	r->segments[i] = parts->sa;
	r->count = i + 2;
	if (i == 0)
		r->first_rest = parts->rest_a;
	r->tail_rest = i == 0 ? r->segment_length : parts->rest_a;
	r->ramping = 0;  /* the spool keeps reeling from the next step */
	*out = (tt_rope_id){(uint32_t)fresh->slot + 1,
			    w->rope_pool.slots[fresh->slot].generation, w->id};
	status = refit(w, r);
	return status == TT_OK ? refit(w, fresh) : status;
}

int tt_rope_fragment(const tt_world *w, int index, int *pinned)
{
	const tt_rope *r = &w->ropes.items[index];
	*pinned = 0;
	for (int k = 0; k < r->count; k++)
		*pinned |= tt_particle_get_pinned(r->nodes[k]);
	return r->count - 1;
}
