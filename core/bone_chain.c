/* Dynamic-bone chains: their store, checks and API (see bone_chain.h).
 *
 * Chains live in a dense array behind stable ids, removed by swapping the
 * last one in. Each owns one block that holds all its per-node arrays,
 * and one kinematic particle per point: pinned, with the chain's mass,
 * outside every collision filter and gravity, so the world's solver
 * leaves it where the chain puts it. */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "bone.h"
#include "vec3.h"

tt_bonechain_def tt_bonechain_def_default(void)
{
	tt_bonechain_def def = {
		.mass = 0.01f,
		.gravity = {0.0f, -9.81f, 0.0f},
		.lod = {.rate = 20.0f},
		.group = 1,
		.mask = UINT32_MAX,
	};
	static const float knobs[TT_BONE_PARAM_COUNT] = {0.1f, 0.1f, 0.1f,
							 0.0f, 0.01f, 0.0f};
	for (int k = 0; k < TT_BONE_PARAM_COUNT; k++)
		def.curve[k] = tt_curve_constant(knobs[k]);
	return def;
}

tt_bonechain *tt_bonechain_get(tt_bonechain_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	int i = w ? tt_pool_find(&w->bonechain_pool, id.index1, id.generation)
		  : -1;
	return i < 0 ? NULL : &w->bonechains.items[i];
}

static tt_bonechain *lookup(tt_bonechain_id id)
{
	tt_world *w;
	return tt_bonechain_get(id, &w);
}

/* ---- checks ------------------------------------------------------------ */

static int collider_here(const tt_world *w, tt_collider_id id)
{
	return tt_world_id_equal(id.world, w->id) &&
	       tt_pool_find(&w->collider_pool, id.index1, id.generation) >= 0;
}

/* A root or collider the chain already holds may have been destroyed
 * since: the chain holds still where its root left it and stops meeting
 * the collider, and its other settings stay writable (a knob written back
 * with the whole def). Only a new root or collider must be live. */
static int same_root(const tt_bonechain_def *a, const tt_bonechain_def *b)
{
	return tt_frame_id_equal(a->frame, b->frame) &&
	       tt_collider_id_equal(a->collider, b->collider);
}

static int held_root(const tt_bonechain_def *def, const tt_bonechain_def *was)
{
	return was && same_root(def, was);
}

static int held_collider(tt_collider_id id, const tt_bonechain_def *was)
{
	for (int k = 0; was && k < was->collider_count; k++)
		if (tt_collider_id_equal(id, was->colliders[k].collider))
			return 1;
	return 0;
}

static tt_status check_root(const tt_world *w, const tt_bonechain_def *def,
			    const tt_bonechain_def *was)
{
	if (held_root(def, was))
		return TT_OK;
	int has_frame = def->frame.index1 != 0, has_collider = def->collider.index1 != 0;
	if (has_frame == has_collider)
		return TT_ERR_CHAIN_ROOT;
	if (has_collider)
		return collider_here(w, def->collider) ? TT_OK : TT_ERR_CHAIN_ROOT;
	int ok = tt_world_id_equal(def->frame.world, w->id) &&
		 tt_pool_find(&w->frame_pool, def->frame.index1,
			      def->frame.generation) >= 0;
	return ok ? TT_OK : TT_ERR_CHAIN_ROOT;
}

static tt_status check_points(const tt_vec3 *p, int n)
{
	if (!p || n < 2 || n > TT_BONECHAIN_MAX_POINTS)
		return TT_ERR_CHAIN_POINTS;
	for (int i = 0; i < n; i++) {
		if (!tt_vec3_finite(p[i]))
			return TT_ERR_NOT_FINITE;
		if (i > 0 && !(v3_length(v3_sub(p[i], p[i - 1])) > 1e-6f))
			return TT_ERR_CHAIN_POINTS;
	}
	return TT_OK;
}

static int nonnegative(float v)
{
	return v >= 0.0f && isfinite(v);
}

static tt_status check_lod(const tt_bone_lod *l)
{
	int order = nonnegative(l->near) && l->far >= l->near &&
		    l->cull >= l->far && isfinite(l->cull);
	if (!order || !(l->rate > 0.0f) || !isfinite(l->rate) ||
	    !tt_vec3_finite(l->point))
		return TT_ERR_CHAIN_LOD;
	return TT_OK;
}

static tt_status check_colliders(const tt_world *w, const tt_bonechain_def *def,
				 const tt_bonechain_def *was)
{
	if (def->collider_count < 0 ||
	    def->collider_count > TT_BONECHAIN_MAX_COLLIDERS)
		return TT_ERR_CHAIN_COLLIDERS;
	for (int k = 0; k < def->collider_count; k++)
		if (!collider_here(w, def->colliders[k].collider) &&
		    !held_collider(def->colliders[k].collider, was))
			return TT_ERR_CHAIN_COLLIDERS;
	return TT_OK;
}

/* Everything but the root, the points and the colliders. */
static tt_status check_knobs(const tt_bonechain_def *def)
{
	for (int k = 0; k < TT_BONE_PARAM_COUNT; k++) {
		tt_status status = tt_bone_curve_check((tt_bone_param)k, &def->curve[k]);
		if (status != TT_OK)
			return status;
	}
	if (!(def->mass > 0.0f) || !isfinite(def->mass))
		return TT_ERR_MASS;
	if (!tt_vec3_finite(def->gravity) || !tt_vec3_finite(def->force))
		return TT_ERR_NOT_FINITE;
	if (!nonnegative(def->end_length))
		return TT_ERR_NEGATIVE;
	if (!nonnegative(def->rate))
		return TT_ERR_RATE;
	if (!nonnegative(def->teleport_distance) ||
	    !nonnegative(def->teleport_angle) ||
	    (unsigned)def->teleport_mode >= TT_BONE_TELEPORT_COUNT)
		return TT_ERR_TELEPORT;
	return check_lod(&def->lod);
}

/* was: the chain's def when it is rewritten, NULL when it is made. */
static tt_status check_def(const tt_world *w, const tt_bonechain_def *def,
			   const tt_bonechain_def *was)
{
	tt_status status = check_root(w, def, was);
	if (status == TT_OK)
		status = check_points(def->points, def->point_count);
	if (status == TT_OK)
		status = check_knobs(def);
	return status == TT_OK ? check_colliders(w, def, was) : status;
}

/* ---- storage ------------------------------------------------------------ */

enum { VEC_COLUMNS = 9, FLOAT_COLUMNS = 7 + TT_BONE_PARAM_COUNT };

static size_t block_size(int count)
{
	size_t n = (size_t)count + 1;
	return n * (TT_BS_COLUMNS * sizeof(double) + VEC_COLUMNS * sizeof(tt_vec3) +
		    FLOAT_COLUMNS * sizeof(float) + sizeof(tt_particle_id) +
		    sizeof(int32_t) + 1);
}

/* Carve the block into the arrays, widest first so each is aligned. */
static void carve(tt_bonechain *c)
{
	size_t n = (size_t)c->count + 1;
	char *at = c->block;
	c->solve = (double *)at;
	at += n * TT_BS_COLUMNS * sizeof(double);
	tt_vec3 **vec[VEC_COLUMNS] = {&c->rest, &c->x,	   &c->v,   &c->pred, &c->from,
				      &c->shown, &c->hold, &c->was, &c->now};
	for (int k = 0; k < VEC_COLUMNS; k++, at += n * sizeof(tt_vec3))
		*vec[k] = (tt_vec3 *)at;
	float **fl[FLOAT_COLUMNS] = {&c->len, &c->depth, &c->damp_k, &c->elast_k,
				     &c->chord, &c->lo, &c->hi};
	for (int k = 0; k < TT_BONE_PARAM_COUNT; k++)
		fl[7 + k] = &c->value[k];
	for (int k = 0; k < FLOAT_COLUMNS; k++, at += n * sizeof(float))
		*fl[k] = (float *)at;
	c->node = (tt_particle_id *)at;
	at += n * sizeof(tt_particle_id);
	c->dense = (int32_t *)at;
	at += n * sizeof(int32_t);
	c->held = (uint8_t *)at;
}

/* A virtual tip that end_length just turned on starts on the line of the
 * last segment, moving with the last point. */
static void grow_tip(tt_bonechain *c)
{
	int n = c->count;
	float end = c->def.end_length;
	c->x[n] = v3_mad(c->x[n - 1], v3_sub(c->x[n - 1], c->x[n - 2]), end);
	c->v[n] = c->v[n - 1];
	c->was[n] = c->now[n] = c->rest[n];
	c->held[n] = 0;
}

/* The definition goes in as given, its points into rest (flat in 2D). */
static void take_def(const tt_world *w, tt_bonechain *c,
		     const tt_bonechain_def *def)
{
	int nodes = c->nodes;
	memmove(c->rest, def->points, (size_t)c->count * sizeof(tt_vec3));
	c->def = *def;
	c->def.points = c->rest;
	if (!w->def.is_3d) {
		for (int i = 0; i < c->count; i++)
			c->rest[i].z = 0.0f;
		c->def.gravity.z = c->def.force.z = 0.0f;
	}
	tt_bonechain_refresh(c);
	if (c->nodes > nodes && nodes > 0)
		grow_tip(c);
}

static tt_status make_nodes(tt_world *w, tt_bonechain *c)
{
	tt_particle_def p = tt_particle_def_default();
	p.mass = c->def.mass;
	p.pinned = 1;
	p.gravity_scale = 0.0f;
	p.group = p.mask = 0;
	for (int i = 0; i < c->count; i++) {
		p.position = c->shown[i] = c->x[i];
		p.radius = c->value[TT_BONE_RADIUS][i];
		tt_status status = tt_particle_create(w->id, &p, &c->node[i]);
		if (status != TT_OK) {
			while (i-- > 0)
				tt_particle_destroy(c->node[i]);
			return status;
		}
	}
	return TT_OK;
}

static tt_bonechain_id id_at(const tt_world *w, int i)
{
	int slot = w->bonechains.items[i].slot;
	return (tt_bonechain_id){(uint32_t)slot + 1,
				 w->bonechain_pool.slots[slot].generation, w->id};
}

static tt_status add(tt_world *w, tt_bonechain *c, tt_bonechain_id *out)
{
	tt_bonechains *cs = &w->bonechains;
	if (!tt_reserve((void **)&cs->items, cs->count, &cs->capacity,
			sizeof(tt_bonechain), 16))
		return TT_ERR_OUT_OF_MEMORY;
	c->slot = tt_pool_take(&w->bonechain_pool, cs->count);
	if (c->slot < 0)
		return TT_ERR_OUT_OF_MEMORY;
	cs->items[cs->count++] = *c;
	*out = id_at(w, cs->count - 1);
	return TT_OK;
}

tt_status tt_bonechain_create(tt_world_id world, const tt_bonechain_def *def,
			      tt_bonechain_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	tt_status status = check_def(w, def, NULL);
	if (status != TT_OK)
		return status;
	tt_bonechain c = {.count = def->point_count};
	c.block_size = block_size(c.count);
	c.block = tt_alloc(c.block_size);
	if (!c.block)
		return TT_ERR_OUT_OF_MEMORY;
	memset(c.block, 0, c.block_size);
	carve(&c);
	take_def(w, &c, def);
	tt_pose3 root;
	tt_bonechain_root_pose(w, &c, 0, &root);
	tt_bonechain_pose(&c, &root);
	status = make_nodes(w, &c);
	if (status == TT_OK && (status = add(w, &c, out)) != TT_OK)
		for (int i = 0; i < c.count; i++)
			tt_particle_destroy(c.node[i]);
	if (status != TT_OK)
		tt_free(c.block, c.block_size);
	return status;
}

tt_status tt_bonechain_destroy(tt_bonechain_id id)
{
	tt_world *w;
	tt_bonechain *c = tt_bonechain_get(id, &w);
	if (!c)
		return TT_ERR_CHAIN_STALE;
	for (int i = 0; i < c->count; i++)
		tt_particle_destroy(c->node[i]);  /* a stale one refuses */
	tt_free(c->block, c->block_size);
	tt_pool_remove_item(&w->bonechain_pool, w->bonechains.items,
			    sizeof(tt_bonechain), &w->bonechains.count,
			    (int)(c - w->bonechains.items));
	return TT_OK;
}

void tt_bonechain_release_all(tt_world *w)
{
	tt_bonechains *cs = &w->bonechains;
	for (int i = 0; i < cs->count; i++)
		tt_free(cs->items[i].block, cs->items[i].block_size);
	tt_free(cs->items, (size_t)cs->capacity * sizeof(tt_bonechain));
	tt_pool_release(&w->bonechain_pool);
}

int tt_bonechain_valid(tt_bonechain_id id)
{
	return lookup(id) != NULL;
}

tt_bonechain_def tt_bonechain_get_def(tt_bonechain_id id)
{
	tt_bonechain *c = lookup(id);
	return c ? c->def : (tt_bonechain_def){0};
}

tt_status tt_bonechain_set_def(tt_bonechain_id id, const tt_bonechain_def *def)
{
	tt_world *w;
	tt_bonechain *c = tt_bonechain_get(id, &w);
	if (!c)
		return TT_ERR_CHAIN_STALE;
	tt_status status = def->point_count == c->count ? check_def(w, def, &c->def)
							: TT_ERR_CHAIN_POINTS;
	if (status != TT_OK)
		return status;
	int moved_root = !same_root(&c->def, def);
	take_def(w, c, def);
	for (int i = 0; i < c->count; i++)
		tt_particle_set_radius(c->node[i], c->value[TT_BONE_RADIUS][i]);
	return moved_root ? tt_bonechain_reset(id) : TT_OK;
}

tt_status tt_bonechain_reset(tt_bonechain_id id)
{
	tt_world *w;
	tt_bonechain *c = tt_bonechain_get(id, &w);
	tt_pose3 root;
	if (!c)
		return TT_ERR_CHAIN_STALE;
	if (tt_bonechain_root_pose(w, c, 0, &root))
		tt_bonechain_pose(c, &root);
	return TT_OK;
}

/* ---- reading ------------------------------------------------------------ */

int tt_bonechain_node_count(tt_bonechain_id id)
{
	tt_bonechain *c = lookup(id);
	return c ? c->count : 0;
}

tt_particle_id tt_bonechain_node(tt_bonechain_id id, int i)
{
	tt_bonechain *c = lookup(id);
	return c && i >= 0 && i < c->count ? c->node[i] : (tt_particle_id){0};
}

/* Node i of a live chain (the virtual tip too), or NULL. */
static tt_bonechain *node_of(tt_bonechain_id id, int i)
{
	tt_bonechain *c = lookup(id);
	return c && i >= 0 && i < c->nodes ? c : NULL;
}

tt_vec3 tt_bonechain_position(tt_bonechain_id id, int i)
{
	tt_bonechain *c = node_of(id, i);
	return c ? c->x[i] : (tt_vec3){0};
}

tt_vec3 tt_bonechain_velocity(tt_bonechain_id id, int i)
{
	tt_bonechain *c = node_of(id, i);
	return c ? c->v[i] : (tt_vec3){0};
}

tt_vec3 tt_bonechain_rest_position(tt_bonechain_id id, int i)
{
	tt_world *w;
	tt_bonechain *c = tt_bonechain_get(id, &w);
	tt_pose3 root;
	if (!c || i < 0 || i >= c->nodes || !tt_bonechain_root_pose(w, c, 0, &root))
		return (tt_vec3){0};
	return tt_pose3_to_world(&root, c->rest[i]);
}

float tt_bonechain_value(tt_bonechain_id id, tt_bone_param param, int i)
{
	tt_bonechain *c = node_of(id, i);
	return c && (unsigned)param < TT_BONE_PARAM_COUNT ? c->value[param][i]
							  : 0.0f;
}

int tt_bonechain_tip(tt_bonechain_id id, tt_vec3 *out)
{
	tt_bonechain *c = lookup(id);
	if (!c || c->nodes == c->count)
		return 0;
	*out = c->x[c->count];
	return 1;
}

int tt_bonechain_level(tt_bonechain_id id)
{
	tt_bonechain *c = lookup(id);
	return c ? c->level : 0;
}

uint64_t tt_bonechain_node_updates(tt_bonechain_id id)
{
	tt_bonechain *c = lookup(id);
	return c ? c->updates : 0;
}

int tt_world_bonechain_count(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->bonechains.count : 0;
}

tt_bonechain_id tt_world_bonechain_at(tt_world_id world, int i)
{
	tt_world *w = tt_world_get(world);
	if (!w || i < 0 || i >= w->bonechains.count)
		return (tt_bonechain_id){0};
	return id_at(w, i);
}

tt_status tt_world_set_lod_point(tt_world_id world, tt_vec3 point)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	if (!tt_vec3_finite(point))
		return TT_ERR_NOT_FINITE;
	w->bonechains.lod_point = point;
	return TT_OK;
}

tt_vec3 tt_world_get_lod_point(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->bonechains.lod_point : (tt_vec3){0};
}

int tt_world_bonechain_levels(tt_world_id world, int out[TT_BONE_LEVEL_COUNT])
{
	tt_world *w = tt_world_get(world);
	for (int k = 0; k < TT_BONE_LEVEL_COUNT; k++)
		out[k] = w ? w->bonechains.levels[k] : 0;
	return w ? w->bonechains.count : 0;
}
