/* Cloths: a composite that owns its nodes (particles) and springs behind
 * stable ids, its layout at rest, and the settings its stages read (see
 * cloth.h). Each array is a block of its own: the laid-out ones sized by
 * the layout, the node and spring lists grown as cuts hand the cloth the
 * pieces of its springs. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "alloc.h"
#include "vec3.h"
#include "world.h"

tt_cloth_def tt_cloth_def_default(void)
{
	return (tt_cloth_def){
		.kind = TT_CLOTH_GRID,
		.cols = 8,
		.rows = 8,
		.width = 1.0f,
		.height = 1.0f,
		.orientation = {1.0f, 0.0f, 0.0f, 0.0f},
		.mass_per_area = 0.2f,
		.thickness = 0.005f,
		.shear = 0.5f,
		.bend = 0.1f,
		.damping = 0.1f,
		.drag = 1.0f,
		.lift = 0.3f,
		.air_density = 1.2f,
		.tethers = 1,
		.teleport_distance = 1.0f,
		.visible = 1,
		.group = 1,
		.mask = UINT32_MAX,
	};
}

/* ---- arrays ------------------------------------------------------------- */

#define FIXED 12

/* The arrays sized by the layout, with their sizes in bytes. */
static void fixed_arrays(tt_cloth *c, void **ptr[FIXED], size_t size[FIXED])
{
	size_t n = (size_t)c->laid, t = (size_t)c->triangle_count;
	void **p[FIXED] = {(void **)&c->rest,	 (void **)&c->uv,
			   (void **)&c->pinned,	 (void **)&c->air,
			   (void **)&c->tri,	 (void **)&c->side,
			   (void **)&c->tri_normal, (void **)&c->standing,
			   (void **)&c->force,	 (void **)&c->damp,
			   (void **)&c->attached, (void **)&c->tri_air};
	size_t z[FIXED] = {12 * n, 8 * n, n, 12 * n, 12 * t, 12 * t, 12 * t, t,
			   12 * n, 4 * n, n, 16 * t};
	memcpy(ptr, p, sizeof p);
	memcpy(size, z, sizeof z);
}

static void free_arrays(tt_cloth *c)
{
	void **ptr[FIXED];
	size_t size[FIXED];
	fixed_arrays(c, ptr, size);
	for (int k = 0; k < FIXED; k++) {
		tt_free(*ptr[k], *ptr[k] ? size[k] : 0);
		*ptr[k] = NULL;
	}
	size_t nc = (size_t)c->node_capacity, sc = (size_t)c->spring_capacity;
	tt_free(c->nodes, c->nodes ? nc * sizeof *c->nodes : 0);
	tt_free(c->anchor, c->anchor ? nc * sizeof *c->anchor : 0);
	tt_free(c->dense, c->dense ? nc * sizeof *c->dense : 0);
	tt_free(c->springs, c->springs ? sc * sizeof *c->springs : 0);
	tt_free(c->ends, c->ends ? 2 * sc * sizeof *c->ends : 0);
	tt_free(c->support, c->support ? 2 * sc * sizeof *c->support : 0);
	tt_free(c->spring_class, c->spring_class ? sc : 0);
	tt_free(c->tethers, (size_t)c->tether_capacity * sizeof *c->tethers);
	c->nodes = NULL, c->anchor = c->dense = c->ends = c->support = NULL;
	c->springs = NULL, c->spring_class = NULL, c->tethers = NULL;
}

/* Grow *array of item bytes from had to want items (new ones zero). */
static int grow(void **array, size_t item, int had, int want)
{
	void *grown = tt_resize(*array, (size_t)had * item, (size_t)want * item);
	if (grown)
		*array = grown;
	return grown != NULL;
}

/* Room for want nodes in the node lists; 0 when out of memory. */
int tt_cloth_reserve_nodes(tt_cloth *c, int want)
{
	if (want <= c->node_capacity)
		return 1;
	int cap = c->node_capacity > 0 ? c->node_capacity : 16;
	while (cap < want)
		cap *= 2;
	int ok = grow((void **)&c->nodes, sizeof *c->nodes, c->node_capacity, cap) &&
		 grow((void **)&c->anchor, sizeof *c->anchor, c->node_capacity, cap) &&
		 grow((void **)&c->dense, sizeof *c->dense, c->node_capacity, cap);
	if (ok)
		c->node_capacity = cap;
	return ok;
}

/* Room for want springs in the spring lists. */
int tt_cloth_reserve_springs(tt_cloth *c, int want)
{
	if (want <= c->spring_capacity)
		return 1;
	int cap = c->spring_capacity > 0 ? c->spring_capacity : 16;
	while (cap < want)
		cap *= 2;
	int had = c->spring_capacity;
	int ok = grow((void **)&c->springs, sizeof *c->springs, had, cap) &&
		 grow((void **)&c->ends, 2 * sizeof *c->ends, had, cap) &&
		 grow((void **)&c->support, 2 * sizeof *c->support, had, cap) &&
		 grow((void **)&c->spring_class, 1, had, cap);
	if (ok)
		c->spring_capacity = cap;
	return ok;
}

static int alloc_arrays(tt_cloth *c, int springs)
{
	void **ptr[FIXED];
	size_t size[FIXED];
	fixed_arrays(c, ptr, size);
	int ok = 1;
	for (int k = 0; k < FIXED; k++) {
		*ptr[k] = tt_alloc(size[k] ? size[k] : 1);
		ok &= *ptr[k] != NULL;
	}
	if (ok)
		for (int k = 0; k < FIXED; k++)
			memset(*ptr[k], 0, size[k]);
	ok = ok && tt_cloth_reserve_nodes(c, c->laid) &&
	     tt_cloth_reserve_springs(c, springs);
	if (!ok)
		free_arrays(c);
	return ok;
}

/* ---- ids ---------------------------------------------------------------- */

tt_cloth *tt_cloth_lookup(tt_cloth_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	int i = w ? tt_pool_find(&w->cloths.pool, id.index1, id.generation) : -1;
	return i < 0 ? NULL : &w->cloths.items[i];
}

tt_cloth_id tt_cloth_id_of(const tt_world *w, const tt_cloth *c)
{
	uint32_t generation = w->cloths.pool.slots[c->slot].generation;
	return (tt_cloth_id){(uint32_t)c->slot + 1, generation, w->id};
}

/* ---- checks --------------------------------------------------------------- */

static int at_least(float v, float lo)
{
	return isfinite(v) && v >= lo;
}

static tt_status check_settings(const tt_cloth_def *def)
{
	tt_quat q;
	if ((unsigned)def->kind >= TT_CLOTH_KIND_COUNT)
		return def->kind == TT_CLOTH_MESH ? TT_ERR_CLOTH_MESH
						   : TT_ERR_CLOTH_GRID;
	if (!tt_vec3_finite(def->origin))
		return TT_ERR_NOT_FINITE;
	if (tt_quat_normalize(def->orientation, &q) != TT_OK)
		return TT_ERR_ROTATION;
	if (!(def->mass_per_area > 0.0f) || !isfinite(def->mass_per_area))
		return TT_ERR_MASS_PER_AREA;
	if (!(def->thickness > 0.0f) || !isfinite(def->thickness))
		return TT_ERR_THICKNESS;
	if (!at_least(def->stretch, 0.0f) || !isfinite(def->shear) ||
	    !isfinite(def->bend))
		return TT_ERR_COMPLIANCE;
	if (!at_least(def->damping, 0.0f))
		return TT_ERR_DAMPING;
	if (!at_least(def->drag, 0.0f) || !at_least(def->lift, 0.0f) ||
	    !at_least(def->air_density, 0.0f))
		return TT_ERR_AERO;
	if (!at_least(def->max_strain, 0.0f))
		return TT_ERR_MAX_STRAIN;
	if (!at_least(def->teleport_distance, 0.0f) ||
	    !at_least(def->teleport_angle, 0.0f) ||
	    (unsigned)def->teleport >= TT_CLOTH_TELEPORT_COUNT)
		return TT_ERR_TELEPORT_LIMIT;
	return TT_OK;
}

/* The root: a frame or a collider of w, not both. */
static tt_status check_root(tt_world *w, const tt_cloth_def *def)
{
	tt_world *other;
	int frame = def->pin_frame.index1 != 0;
	int collider = def->pin_collider.index1 != 0;
	if (frame && collider)
		return TT_ERR_CLOTH_ROOT;
	if (frame && tt_frame_find(def->pin_frame, &other) < 0)
		return TT_ERR_FRAME_STALE;
	if (collider && tt_collider_find(def->pin_collider, &other) < 0)
		return TT_ERR_COLLIDER_STALE;
	return (frame || collider) && other != w ? TT_ERR_CLOTH_ROOT : TT_OK;
}

static tt_status check_pins(const tt_cloth_def *def, int laid)
{
	if (def->pin_count < 0 || (def->pin_count > 0 && !def->pins))
		return TT_ERR_CLOTH_PIN;
	for (int k = 0; k < def->pin_count; k++)
		if (def->pins[k] < 0 || def->pins[k] >= laid)
			return TT_ERR_CLOTH_PIN;
	return TT_OK;
}

/* ---- building ------------------------------------------------------------ */

/* Pin node k (pinned, its particle p) to the root where it is now. */
static tt_status pin_to_root(const tt_cloth_def *def, tt_particle_id p)
{
	tt_vec3 at = tt_particle_get_position(p);
	if (def->pin_frame.index1)
		return tt_particle_pin_to_frame(p, def->pin_frame,
						tt_frame_to_local(def->pin_frame, at));
	if (def->pin_collider.index1)
		return tt_particle_pin_to(p, def->pin_collider,
					  tt_collider_to_local(def->pin_collider, at));
	return TT_OK;
}

static tt_status make_nodes(tt_world *w, tt_cloth *c, const tt_cloth_def *def,
			    const float *mass)
{
	tt_particle_def pd = tt_particle_def_default();
	pd.radius = def->thickness;
	pd.damping = def->damping;
	pd.group = def->group;
	pd.mask = def->mask;
	for (int k = 0; k < c->laid; k++) {
		const float *r = c->rest + 3 * k;
		pd.position = v3(r[0], r[1], r[2]);
		pd.mass = mass[k] > 0.0f ? mass[k] : 1e-6f;
		pd.pinned = c->pinned[k];
		tt_status status = tt_particle_create(w->id, &pd, &c->nodes[k]);
		if (status == TT_OK && pd.pinned)
			status = pin_to_root(def, c->nodes[k]);
		if (status != TT_OK)
			return status;
		c->anchor[k] = k;
		c->node_count = k + 1;
	}
	return TT_OK;
}

/* The compliance springs of a class take. */
static float class_compliance(const tt_cloth *c, int cls)
{
	return cls == TT_CLOTH_SHEAR ? c->shear
	       : cls == TT_CLOTH_BEND ? c->bend
				      : c->stretch;
}

/* Every spring is listed first (a null id until made: a failure part way
 * leaves nothing to destroy twice), then made in the plan's order
 * (cloth_order.c). */
static tt_status make_springs(tt_world *w, tt_cloth *c, const int32_t *pairs,
			      const int32_t *classes, int32_t *order, int n)
{
	for (int k = 0; k < n; k++) {
		c->springs[k] = (tt_spring_id){0};
		c->ends[2 * k] = pairs[2 * k], c->ends[2 * k + 1] = pairs[2 * k + 1];
		c->spring_class[k] = (uint8_t)classes[k];
	}
	c->spring_count = c->laid_springs = n;
	if (c->kind == TT_CLOTH_GRID)
		tt_cloth_spring_order(pairs, n, order);
	tt_spring_def sd = tt_spring_def_default();
	for (int q = 0; q < n; q++) {
		int k = c->kind == TT_CLOTH_GRID ? order[q] : q;
		sd.a = c->nodes[pairs[2 * k]];
		sd.b = c->nodes[pairs[2 * k + 1]];
		sd.compliance = class_compliance(c, classes[k]);
		sd.kind = sd.compliance > 0.0f ? TT_SPRING_SOFT : TT_SPRING_ROD;
		tt_status status = tt_spring_create(w->id, &sd, &c->springs[k]);
		if (status != TT_OK)
			return status;
	}
	return TT_OK;
}

/* Rest positions into the root's frame, and each triangle's rest normal
 * there. */
static void rest_on_root(tt_cloth *c)
{
	for (int k = 0; k < c->laid; k++) {
		float *r = c->rest + 3 * k;
		tt_vec3 l = tt_pose3_to_local(&c->seen_root, v3(r[0], r[1], r[2]));
		r[0] = l.x, r[1] = l.y, r[2] = l.z;
	}
	for (int t = 0; t < c->triangle_count; t++) {
		const float *a = c->rest + 3 * c->tri[3 * t],
			    *b = c->rest + 3 * c->tri[3 * t + 1],
			    *d = c->rest + 3 * c->tri[3 * t + 2];
		tt_vec3 n = v3_cross(v3(b[0] - a[0], b[1] - a[1], b[2] - a[2]),
				     v3(d[0] - a[0], d[1] - a[1], d[2] - a[2]));
		n = v3_unit_or(n, v3(0.0f, 0.0f, 1.0f));
		memcpy(c->tri_normal + 3 * t, &n, sizeof n);
	}
}

/* Lay out, then make the particles and springs; scratch holds the node
 * masses and the spring pairs and classes while they are made. */
static tt_status build(tt_world *w, tt_cloth *c, const tt_cloth_def *def,
		       int planned)
{
	size_t bytes = (size_t)c->laid * sizeof(float) +
		       (size_t)planned * 4 * sizeof(int32_t);
	float *mass = tt_alloc(bytes);
	if (!mass)
		return TT_ERR_OUT_OF_MEMORY;
	int32_t *pairs = (int32_t *)(mass + c->laid), *classes = pairs + 2 * planned,
		*order = classes + planned;
	int n = tt_cloth_lay_out(def, c, mass, pairs, classes);
	for (int k = 0; k < c->laid && !w->def.is_3d; k++)
		c->rest[3 * k + 2] = 0.0f;  /* a 2D world holds z at 0 */
	tt_status status = n < 0 ? TT_ERR_OUT_OF_MEMORY : make_nodes(w, c, def, mass);
	if (status == TT_OK)
		status = make_springs(w, c, pairs, classes, order, n);
	tt_free(mass, bytes);
	return status;
}

static void set_settings(tt_cloth *c, const tt_cloth_def *def)
{
	c->stretch = def->stretch;
	c->shear = def->shear;
	c->bend = def->bend;
	c->max_strain = def->max_strain;
	c->damping = def->damping;
	c->drag = def->drag;
	c->lift = def->lift;
	c->air_density = def->air_density;
	c->thickness = def->thickness;
	c->teleport_distance = def->teleport_distance;
	c->teleport_angle = def->teleport_angle;
	c->teleport = def->teleport;
	c->tethered = def->tethers != 0;
	c->self_collision = def->self_collision != 0;
	c->visible = def->visible != 0;
	c->group = def->group;
	c->mask = def->mask;
	c->root_frame = def->pin_frame;
	c->root_collider = def->pin_collider;
}

/* Destroy what the cloth made (its nodes take their springs along). */
static void destroy_parts(tt_cloth *c)
{
	tt_cloth_drop_tethers(c);
	for (int k = 0; k < c->spring_count; k++)
		tt_spring_destroy(c->springs[k]);
	for (int k = 0; k < c->node_count; k++)
		tt_particle_destroy(c->nodes[k]);
}

static void remove_cloth(tt_world *w, tt_cloth *c)
{
	tt_cloths *s = &w->cloths;
	s->self_colliding -= c->self_collision;
	free_arrays(c);
	tt_pool_remove_item(&s->pool, s->items, sizeof *s->items, &s->count,
			    (int)(c - s->items));
}

static tt_cloth *new_cloth(tt_world *w, const tt_cloth *counts, int springs)
{
	tt_cloths *s = &w->cloths;
	if (!tt_reserve((void **)&s->items, s->count, &s->capacity,
			sizeof *s->items, 4))
		return NULL;
	tt_cloth *c = &s->items[s->count];
	*c = *counts;
	if (!alloc_arrays(c, springs))
		return NULL;
	c->slot = tt_pool_take(&s->pool, s->count);
	if (c->slot < 0) {
		free_arrays(c);
		return NULL;
	}
	s->count++;
	return c;
}

static tt_status plan(tt_world *w, const tt_cloth_def *def, tt_cloth *counts,
		      int *springs)
{
	tt_status status = check_settings(def);
	if (status == TT_OK)
		status = check_root(w, def);
	if (status == TT_OK)
		status = tt_cloth_plan(def, counts, springs);
	if (status == TT_OK)
		status = check_pins(def, counts->laid);
	return status;
}

tt_status tt_cloth_create(tt_world_id world, const tt_cloth_def *def,
			  tt_cloth_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	tt_cloth counts;
	int springs;
	tt_status status = plan(w, def, &counts, &springs);
	if (status != TT_OK)
		return status;
	tt_cloth *c = new_cloth(w, &counts, springs);
	if (!c)
		return TT_ERR_OUT_OF_MEMORY;
	set_settings(c, def);
	w->cloths.self_colliding += c->self_collision;
	status = build(w, c, def, springs);
	if (status == TT_OK) {
		c->seen_root = tt_pose3_make(v3(0.0f, 0.0f, 0.0f),
					     (tt_quat){1.0f, 0.0f, 0.0f, 0.0f});
		c->seen_root = tt_cloth_root_pose(w, c);
		rest_on_root(c);
		tt_cloth_refresh(w, c);
		status = tt_cloth_fit_tethers(w, c);
	}
	if (status != TT_OK) {
		destroy_parts(c);
		remove_cloth(w, c);
		return status;
	}
	*out = tt_cloth_id_of(w, c);
	return TT_OK;
}

tt_status tt_cloth_destroy(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	if (!c)
		return TT_ERR_CLOTH_STALE;
	destroy_parts(c);
	remove_cloth(w, c);
	return TT_OK;
}

void tt_cloth_release_all(tt_world *w)
{
	tt_cloths *s = &w->cloths;
	for (int k = 0; k < s->count; k++)
		free_arrays(&s->items[k]);
	tt_free(s->items, (size_t)s->capacity * sizeof *s->items);
	tt_free(s->owner, 2 * (size_t)s->owner_capacity * sizeof *s->owner);
	tt_pool_release(&s->pool);
}

/* ---- reads ---------------------------------------------------------------- */

int tt_cloth_valid(tt_cloth_id id)
{
	tt_world *w;
	return tt_cloth_lookup(id, &w) != NULL;
}

/* An int field of the live cloth, or 0. */
static int get_int(tt_cloth_id id, size_t offset)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c ? *(int *)((char *)c + offset) : 0;
}

#define INT_FIELD(f) offsetof(tt_cloth, f)

tt_cloth_kind tt_cloth_get_kind(tt_cloth_id id)
{
	return (tt_cloth_kind)get_int(id, INT_FIELD(kind));
}

int tt_cloth_cols(tt_cloth_id id)
{
	return get_int(id, INT_FIELD(cols));
}

int tt_cloth_rows(tt_cloth_id id)
{
	return get_int(id, INT_FIELD(rows));
}

int tt_cloth_node_count(tt_cloth_id id)
{
	return get_int(id, INT_FIELD(node_count));
}

int tt_cloth_laid_count(tt_cloth_id id)
{
	return get_int(id, INT_FIELD(laid));
}

int tt_cloth_spring_count(tt_cloth_id id)
{
	return get_int(id, INT_FIELD(spring_count));
}

int tt_cloth_tether_count(tt_cloth_id id)
{
	return get_int(id, INT_FIELD(tether_count));
}

int tt_cloth_triangle_count(tt_cloth_id id)
{
	return get_int(id, INT_FIELD(triangle_count));
}

tt_particle_id tt_cloth_node(tt_cloth_id id, int i)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c && i >= 0 && i < c->node_count ? c->nodes[i] : (tt_particle_id){0};
}

tt_spring_id tt_cloth_spring(tt_cloth_id id, int i)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c && i >= 0 && i < c->spring_count ? c->springs[i]
						   : (tt_spring_id){0};
}

int tt_cloth_spring_class(tt_cloth_id id, int i)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c && i >= 0 && i < c->spring_count ? c->spring_class[i] : -1;
}

float tt_cloth_mass(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	double sum = 0.0;
	for (int k = 0; c && k < c->node_count; k++)
		if (tt_particle_valid(c->nodes[k]))
			sum += tt_particle_get_mass(c->nodes[k]);
	return (float)sum;
}

tt_cloth_id tt_particle_get_cloth(tt_particle_id particle)
{
	tt_world *w;
	int i = tt_particle_find(particle, &w), node;
	int owner = i >= 0 ? tt_cloth_owner(w, i, &node) : 0;
	return owner ? tt_cloth_id_of(w, &w->cloths.items[owner - 1])
		     : (tt_cloth_id){0};
}

int tt_world_cloth_count(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->cloths.count : 0;
}

tt_cloth_id tt_world_cloth_at(tt_world_id world, int index)
{
	tt_world *w = tt_world_get(world);
	if (!w || index < 0 || index >= w->cloths.count)
		return (tt_cloth_id){0};
	return tt_cloth_id_of(w, &w->cloths.items[index]);
}
