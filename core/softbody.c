/* Soft bodies: a composite that owns its nodes (particles) and springs,
 * behind stable ids, with the settings its constraints read.
 *
 * A body names its particles and springs by id, so anything may cut,
 * tear or destroy them; before each step tt_softbody_refresh resolves the
 * ids to dense indices and finds what is gone. Each body's arrays are
 * separate blocks whose sizes follow from its counts (see arrays()). */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

#define ARRAYS 23

tt_softbody_def tt_softbody_def_default(void)
{
	return (tt_softbody_def){
		.kind = TT_SOFTBODY_RING,
		.radius = 0.5f,
		.segments = 24,
		.cols = 4,
		.rows = 4,
		.size = 0.25f,
		.mass = 1.0f,
		.shear = 1e-4f,
		.bend = -1.0f,
		.pressure = 1.0f,
		.friction = 0.5f,
		.damping = 2.0f,
		.group = 1,
		.mask = UINT32_MAX,
	};
}

/* Every array of a body with its size in bytes, for alloc and free. */
static void arrays(tt_softbody *b, void **ptr[ARRAYS], size_t size[ARRAYS])
{
	size_t n = (size_t)b->node_count, o = (size_t)b->outline_count,
	       s = (size_t)b->spring_count, c = (size_t)b->cell_count;
	void **p[ARRAYS] = {
		(void **)&b->nodes,	 (void **)&b->qx,	  (void **)&b->qy,
		(void **)&b->u,		 (void **)&b->v,	  (void **)&b->outline,
		(void **)&b->springs,	 (void **)&b->edge_spring, (void **)&b->cells,
		(void **)&b->cell_sides, (void **)&b->cell_rest, (void **)&b->dense,
		(void **)&b->ring,	 (void **)&b->edge_open, (void **)&b->cell_open,
		(void **)&b->gx,	 (void **)&b->gy,	  (void **)&b->ox,
		(void **)&b->oy,	 (void **)&b->ends,	  (void **)&b->part,
		(void **)&b->order,	 (void **)&b->part_start};
	size_t z[ARRAYS] = {
		n * sizeof(tt_particle_id), n * 4, n * 4, n * 4, n * 4, o * 4,
		s * sizeof(tt_spring_id), o * 4, c * 16, c * 16, c * 4, n * 4,
		o * 4, o * 4, c * 4, o * 4, o * 4, o * 4, o * 4, s * 8, n * 4,
		n * 4, (n + 1) * 4};
	memcpy(ptr, p, sizeof p);
	for (int k = 0; k < ARRAYS; k++)
		size[k] = z[k] ? z[k] : 1;  /* a polygon's 0 cells too */
}

static void free_arrays(tt_softbody *b)
{
	void **ptr[ARRAYS];
	size_t size[ARRAYS];
	arrays(b, ptr, size);
	for (int k = 0; k < ARRAYS; k++) {
		tt_free(*ptr[k], size[k]);
		*ptr[k] = NULL;
	}
}

static int alloc_arrays(tt_softbody *b)
{
	void **ptr[ARRAYS];
	size_t size[ARRAYS];
	arrays(b, ptr, size);
	int ok = 1;
	for (int k = 0; k < ARRAYS; k++) {
		*ptr[k] = tt_alloc(size[k]);
		ok &= *ptr[k] != NULL;
	}
	if (!ok)
		free_arrays(b);
	return ok;
}

tt_softbody *tt_softbody_lookup(tt_softbody_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	int i = w ? tt_pool_find(&w->softbodies.pool, id.index1, id.generation)
		  : -1;
	return i < 0 ? NULL : &w->softbodies.items[i];
}

static tt_softbody_id id_of(const tt_world *w, const tt_softbody *b)
{
	uint32_t generation = w->softbodies.pool.slots[b->slot].generation;
	return (tt_softbody_id){(uint32_t)b->slot + 1, generation, w->id};
}

static int finite_at_least(float v, float lo)
{
	return isfinite(v) && v >= lo;
}

static tt_status check_def(const tt_softbody_def *def)
{
	if ((unsigned)def->kind >= TT_SOFTBODY_KIND_COUNT)
		return TT_ERR_SOFTBODY_KIND;
	if (!tt_vec3_finite(def->center) || !isfinite(def->node_radius) ||
	    !isfinite(def->shear) || !isfinite(def->bend))
		return TT_ERR_NOT_FINITE;
	if (!(def->mass > 0.0f) || !isfinite(def->mass))
		return TT_ERR_MASS;
	if (!finite_at_least(def->compliance, 0.0f) ||
	    !finite_at_least(def->area_compliance, 0.0f))
		return TT_ERR_COMPLIANCE;
	if (!finite_at_least(def->damping, 0.0f))
		return TT_ERR_DAMPING;
	if (!finite_at_least(def->drag, 0.0f))
		return TT_ERR_DRAG;
	if (!finite_at_least(def->pressure, 0.0f))
		return TT_ERR_PRESSURE;
	if (!(def->shape_matching >= 0.0f && def->shape_matching <= 1.0f))
		return TT_ERR_SHAPE_MATCHING;
	if (!finite_at_least(def->friction, 0.0f))
		return TT_ERR_FRICTION;
	if (!(def->restitution >= 0.0f && def->restitution <= 1.0f))
		return TT_ERR_RESTITUTION;
	return finite_at_least(def->max_strain, 0.0f) ? TT_OK : TT_ERR_MAX_STRAIN;
}

/* A quarter of the mean distance between outline neighbours at rest, at
 * most 5 cm: a thin skin, so the outline drawn is the one that touches. */
static float default_radius(const tt_softbody *b)
{
	float sum = 0.0f;
	for (int k = 0; k < b->outline_count; k++) {
		int i = b->outline[k], j = b->outline[(k + 1) % b->outline_count];
		sum += hypotf(b->qx[j] - b->qx[i], b->qy[j] - b->qy[i]);
	}
	return fminf(0.25f * sum / (float)b->outline_count, 0.05f);
}

static tt_status make_nodes(tt_world *w, tt_softbody *b,
			    const tt_softbody_def *def, const int32_t *pinned)
{
	tt_particle_def pd = tt_particle_def_default();
	pd.mass = def->mass / (float)b->node_count;
	pd.radius = def->node_radius > 0.0f ? def->node_radius : default_radius(b);
	pd.group = def->group;
	pd.mask = def->mask;
	pd.drag = def->drag;
	for (int k = 0; k < b->node_count; k++) {
		pd.position = (tt_vec3){b->qx[k], b->qy[k], 0.0f};
		pd.pinned = pinned[k];
		tt_status status = tt_particle_create(w->id, &pd, &b->nodes[k]);
		if (status != TT_OK)
			return status;
	}
	return TT_OK;
}

static tt_status make_springs(tt_world *w, tt_softbody *b,
			      const tt_softbody_def *def, const int32_t *pairs,
			      const int32_t *classes)
{
	const float compliance[3] = {def->compliance, def->shear, def->bend};
	tt_spring_def sd = tt_spring_def_default();
	sd.max_strain = def->max_strain;
	for (int k = 0; k < b->spring_count; k++) {
		sd.a = b->nodes[pairs[2 * k]];
		sd.b = b->nodes[pairs[2 * k + 1]];
		sd.compliance = compliance[classes[k]];
		sd.kind = sd.compliance > 0.0f ? TT_SPRING_SOFT : TT_SPRING_ROD;
		tt_status status = tt_spring_create(w->id, &sd, &b->springs[k]);
		if (status != TT_OK)
			return status;
	}
	return TT_OK;
}

/* Lay out, then make the particles and springs; scratch holds the spring
 * pairs, their classes and the pinned flags while they are made. */
static tt_status build(tt_world *w, tt_softbody *b, const tt_softbody_def *def)
{
	size_t bytes = (size_t)(3 * b->spring_count + b->node_count) * 4;
	int32_t *scratch = tt_alloc(bytes);
	if (!scratch)
		return TT_ERR_OUT_OF_MEMORY;
	int32_t *pairs = scratch, *classes = pairs + 2 * b->spring_count,
		*pinned = classes + b->spring_count;
	tt_softbody_lay_out(def, b, pairs, classes, pinned);
	memcpy(b->ends, pairs, (size_t)b->spring_count * 2 * sizeof *pairs);
	tt_status status = make_nodes(w, b, def, pinned);
	if (status == TT_OK)
		status = make_springs(w, b, def, pairs, classes);
	tt_free(scratch, bytes);
	return status;
}

static void set_settings(tt_softbody *b, const tt_softbody_def *def)
{
	b->kind = def->kind;
	b->pressure = def->pressure;
	b->area_compliance = def->area_compliance;
	b->shape_matching = def->shape_matching;
	b->damping = def->damping;
	b->friction = def->friction;
	b->restitution = def->restitution;
	b->group = def->group;
	b->mask = def->mask;
	b->max_strain = def->max_strain;
}

/* Destroy what the body made (its nodes take their springs along). */
static void destroy_parts(tt_softbody *b)
{
	for (int k = 0; k < b->spring_count; k++)
		tt_spring_destroy(b->springs[k]);
	for (int k = 0; k < b->node_count; k++)
		tt_particle_destroy(b->nodes[k]);
}

static void remove_body(tt_world *w, tt_softbody *b)
{
	tt_softbodies *s = &w->softbodies;
	free_arrays(b);
	tt_softbody_pieces_release(b);
	tt_pool_remove_item(&s->pool, s->items, sizeof *s->items, &s->count,
			    (int)(b - s->items));
}

static tt_softbody *new_body(tt_world *w, const tt_softbody *counts)
{
	tt_softbodies *s = &w->softbodies;
	if (!tt_reserve((void **)&s->items, s->count, &s->capacity,
			sizeof *s->items, 8))
		return NULL;
	tt_softbody *b = &s->items[s->count];
	*b = *counts;
	if (!alloc_arrays(b))
		return NULL;
	b->slot = tt_pool_take(&s->pool, s->count);
	if (b->slot < 0) {
		free_arrays(b);
		return NULL;
	}
	memset(b->nodes, 0, (size_t)b->node_count * sizeof *b->nodes);
	memset(b->springs, 0, (size_t)b->spring_count * sizeof *b->springs);
	s->count++;
	return b;
}

tt_status tt_softbody_create(tt_world_id world, const tt_softbody_def *def,
			     tt_softbody_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	tt_softbody counts;
	tt_status status = check_def(def);
	if (status == TT_OK)
		status = tt_softbody_plan(def, &counts);
	if (status != TT_OK)
		return status;
	tt_softbody *b = new_body(w, &counts);
	if (!b)
		return TT_ERR_OUT_OF_MEMORY;
	set_settings(b, def);
	status = build(w, b, def);
	if (status != TT_OK) {
		destroy_parts(b);
		remove_body(w, b);
		return status;
	}
	tt_softbody_rest(w, b);
	*out = id_of(w, b);
	return TT_OK;
}

tt_status tt_softbody_destroy(tt_softbody_id id)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	if (!b)
		return TT_ERR_SOFTBODY_STALE;
	destroy_parts(b);
	remove_body(w, b);
	return TT_OK;
}

void tt_softbody_release_all(tt_world *w)
{
	tt_softbodies *s = &w->softbodies;
	tt_edge_hash *h = &s->hash;
	for (int k = 0; k < s->count; k++) {
		free_arrays(&s->items[k]);
		tt_softbody_pieces_release(&s->items[k]);
	}
	tt_free(s->items, (size_t)s->capacity * sizeof *s->items);
	tt_free(s->owner, (size_t)s->owner_capacity * sizeof *s->owner);
	tt_softbody_hash_release(h);
	tt_softbody_broad_release(&s->broad);
	tt_pool_release(&s->pool);
}

int tt_softbody_valid(tt_softbody_id id)
{
	tt_world *w;
	return tt_softbody_lookup(id, &w) != NULL;
}

tt_softbody_kind tt_softbody_get_kind(tt_softbody_id id)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	return b ? b->kind : TT_SOFTBODY_RING;
}

int tt_softbody_node_count(tt_softbody_id id)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	return b ? b->node_count : 0;
}

tt_particle_id tt_softbody_node(tt_softbody_id id, int i)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	return b && i >= 0 && i < b->node_count ? b->nodes[i]
						 : (tt_particle_id){0};
}

int tt_softbody_spring_count(tt_softbody_id id)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	return b ? b->spring_count : 0;
}

tt_spring_id tt_softbody_spring(tt_softbody_id id, int i)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	return b && i >= 0 && i < b->spring_count ? b->springs[i]
						   : (tt_spring_id){0};
}

int tt_world_softbody_count(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->softbodies.count : 0;
}

tt_softbody_id tt_world_softbody_at(tt_world_id world, int index)
{
	tt_world *w = tt_world_get(world);
	if (!w || index < 0 || index >= w->softbodies.count)
		return (tt_softbody_id){0};
	return id_of(w, &w->softbodies.items[index]);
}

/* The body whose node list holds the particle (a scan: for the HUD and
 * scripts, not the step, which uses the owner table). */
tt_softbody_id tt_particle_get_softbody(tt_particle_id particle)
{
	tt_world *w;
	if (tt_particle_find(particle, &w) < 0)
		return (tt_softbody_id){0};
	for (int k = 0; k < w->softbodies.count; k++) {
		const tt_softbody *b = &w->softbodies.items[k];
		for (int i = 0; i < b->node_count; i++)
			if (tt_particle_id_equal(b->nodes[i], particle))
				return id_of(w, b);
	}
	return (tt_softbody_id){0};
}

/* ---- settings: a float field of the body, read and checked on write ---- */

static float get_float(tt_softbody_id id, size_t offset)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	return b ? *(float *)((char *)b + offset) : 0.0f;
}

static tt_status set_float(tt_softbody_id id, size_t offset, float v,
			   int ok, tt_status refused)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	if (!b)
		return TT_ERR_SOFTBODY_STALE;
	if (!ok)
		return refused;
	*(float *)((char *)b + offset) = v;
	return TT_OK;
}

#define FIELD(f) offsetof(tt_softbody, f)

float tt_softbody_get_pressure(tt_softbody_id id)
{
	return get_float(id, FIELD(pressure));
}

tt_status tt_softbody_set_pressure(tt_softbody_id id, float pressure)
{
	return set_float(id, FIELD(pressure), pressure,
			 finite_at_least(pressure, 0.0f), TT_ERR_PRESSURE);
}

float tt_softbody_get_area_compliance(tt_softbody_id id)
{
	return get_float(id, FIELD(area_compliance));
}

tt_status tt_softbody_set_area_compliance(tt_softbody_id id, float c)
{
	return set_float(id, FIELD(area_compliance), c, finite_at_least(c, 0.0f),
			 TT_ERR_COMPLIANCE);
}

float tt_softbody_get_shape_matching(tt_softbody_id id)
{
	return get_float(id, FIELD(shape_matching));
}

tt_status tt_softbody_set_shape_matching(tt_softbody_id id, float s)
{
	return set_float(id, FIELD(shape_matching), s, s >= 0.0f && s <= 1.0f,
			 TT_ERR_SHAPE_MATCHING);
}

float tt_softbody_get_damping(tt_softbody_id id)
{
	return get_float(id, FIELD(damping));
}

tt_status tt_softbody_set_damping(tt_softbody_id id, float damping)
{
	return set_float(id, FIELD(damping), damping,
			 finite_at_least(damping, 0.0f), TT_ERR_DAMPING);
}

float tt_softbody_get_friction(tt_softbody_id id)
{
	return get_float(id, FIELD(friction));
}

tt_status tt_softbody_set_friction(tt_softbody_id id, float friction)
{
	return set_float(id, FIELD(friction), friction,
			 finite_at_least(friction, 0.0f), TT_ERR_FRICTION);
}

float tt_softbody_get_restitution(tt_softbody_id id)
{
	return get_float(id, FIELD(restitution));
}

tt_status tt_softbody_set_restitution(tt_softbody_id id, float e)
{
	return set_float(id, FIELD(restitution), e, e >= 0.0f && e <= 1.0f,
			 TT_ERR_RESTITUTION);
}

float tt_softbody_get_max_strain(tt_softbody_id id)
{
	return get_float(id, FIELD(max_strain));
}

/* ---- settings the body's parts carry ------------------------------------ */

tt_status tt_softbody_set_max_strain(tt_softbody_id id, float strain)
{
	tt_status status = set_float(id, FIELD(max_strain), strain,
				     finite_at_least(strain, 0.0f),
				     TT_ERR_MAX_STRAIN);
	int n = tt_softbody_spring_count(id);
	for (int k = 0; k < n && status == TT_OK; k++)
		if (tt_spring_valid(tt_softbody_spring(id, k)))
			status = tt_spring_set_max_strain(tt_softbody_spring(id, k),
							  strain);
	return status;
}

float tt_softbody_rest_area(tt_softbody_id id)
{
	return get_float(id, FIELD(rest_area));
}

static uint32_t get_bits(tt_softbody_id id, size_t offset)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	return b ? *(uint32_t *)((char *)b + offset) : 0;
}

uint32_t tt_softbody_get_group(tt_softbody_id id)
{
	return get_bits(id, FIELD(group));
}

uint32_t tt_softbody_get_mask(tt_softbody_id id)
{
	return get_bits(id, FIELD(mask));
}

/* Group (mask set) or mask of the body and every node still there. */
static tt_status set_filter(tt_softbody_id id, uint32_t bits, int mask)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	if (!b)
		return TT_ERR_SOFTBODY_STALE;
	*(mask ? &b->mask : &b->group) = bits;
	tt_softbody_refresh(w, b);
	for (int k = 0; k < b->node_count; k++)
		if (b->dense[k] >= 0)
			(mask ? w->particles.mask : w->particles.group)[b->dense[k]] = bits;
	return TT_OK;
}

tt_status tt_softbody_set_group(tt_softbody_id id, uint32_t group)
{
	return set_filter(id, group, 0);
}

tt_status tt_softbody_set_mask(tt_softbody_id id, uint32_t mask)
{
	return set_filter(id, mask, 1);
}

tt_status tt_softbody_translate(tt_softbody_id id, tt_vec3 offset)
{
	tt_world *w;
	tt_softbody *b = tt_softbody_lookup(id, &w);
	if (!b)
		return TT_ERR_SOFTBODY_STALE;
	if (!tt_vec3_finite(offset))
		return TT_ERR_NOT_FINITE;
	tt_softbody_refresh(w, b);
	tt_particles *p = &w->particles;
	for (int k = 0; k < b->node_count; k++) {
		int i = b->dense[k];
		if (i < 0)
			continue;
		p->x[i] += offset.x, p->px[i] += offset.x;
		p->y[i] += offset.y, p->py[i] += offset.y;
	}
	return TT_OK;
}
