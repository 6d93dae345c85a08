/* Wind fields: definitions with defaults, checked, kept densely behind
 * generational ids like particles and springs (removal swaps the last in).
 * Fields are few, so each is one struct and a world keeps them in
 * creation order; the step sums them per particle (drag.c). A grid field
 * owns its lattice samples, which the caller writes between steps: that
 * is how a Lua function drives the wind without the core calling Lua. */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world.h"

static const char *const kind_names[TT_WIND_KIND_COUNT] = {
	"uniform", "noise", "vortex", "radial", "grid"};
static const char *const shape_names[TT_REGION_SHAPE_COUNT] = {
	"none", "circle", "box"};

const char *tt_wind_kind_name(tt_wind_kind kind)
{
	return (unsigned)kind < TT_WIND_KIND_COUNT ? kind_names[kind] : "?";
}

const char *tt_region_shape_name(tt_region_shape shape)
{
	return (unsigned)shape < TT_REGION_SHAPE_COUNT ? shape_names[shape]
						       : "?";
}

tt_wind_def tt_wind_def_default(void)
{
	return (tt_wind_def){.kind = TT_WIND_UNIFORM, .enabled = 1,
			     .strength = 1.0f, .direction = {1.0f, 0.0f, 0.0f},
			     .axis = {0.0f, 0.0f, 1.0f}, .radius = 1.0f,
			     .scale = 4.0f, .speed = 1.0f, .turbulence = 0.5f,
			     .grid_lo = {-1.0f, -1.0f, 0.0f},
			     .grid_hi = {1.0f, 1.0f, 0.0f},
			     .grid_cells = {8, 8, 0}};
}

/* v made unit; 0 when it has no length. */
static int normalise(tt_vec3 *v)
{
	float n = sqrtf(v->x * v->x + v->y * v->y + v->z * v->z);
	if (!(n > 0.0f) || !isfinite(n))
		return 0;
	*v = (tt_vec3){v->x / n, v->y / n, v->z / n};
	return 1;
}

static tt_status check_grid(const tt_wind_def *d, int is_3d)
{
	for (int a = 0; a < 3; a++)
		if (d->grid_cells[a] < (a < 2 || is_3d) ||
		    d->grid_cells[a] > TT_WIND_GRID_MAX)
			return TT_ERR_WIND_GRID;
	if (!(d->grid_lo.x < d->grid_hi.x && d->grid_lo.y < d->grid_hi.y) ||
	    (is_3d && !(d->grid_lo.z < d->grid_hi.z)))
		return TT_ERR_WIND_GRID;
	return TT_OK;
}

static tt_status check_numbers(const tt_wind_def *d)
{
	const tt_vec3 vecs[] = {d->direction, d->center, d->axis,
				d->region_center, d->region_size, d->grid_lo,
				d->grid_hi};
	for (size_t k = 0; k < sizeof vecs / sizeof vecs[0]; k++)
		if (!tt_vec3_finite(vecs[k]))
			return TT_ERR_NOT_FINITE;
	if (!isfinite(d->strength))
		return TT_ERR_NOT_FINITE;
	if (!(d->radius > 0.0f) || !isfinite(d->radius))
		return TT_ERR_WIND_RADIUS;
	if (!(d->scale > 0.0f && d->speed >= 0.0f && d->turbulence >= 0.0f) ||
	    !isfinite(d->scale + d->speed + d->turbulence))
		return TT_ERR_WIND_SCALE;
	if (!(d->edge >= 0.0f && d->region_size.x >= 0.0f &&
	      d->region_size.y >= 0.0f && d->region_size.z >= 0.0f) ||
	    !isfinite(d->edge))
		return TT_ERR_REGION_SIZE;
	return TT_OK;
}

/* Check a definition and make it canonical (unit vectors, flat in 2D). */
static tt_status check_def(const tt_wind_def *in, int is_3d, tt_wind_def *out)
{
	*out = *in;
	if ((unsigned)in->kind >= TT_WIND_KIND_COUNT)
		return TT_ERR_WIND_KIND;
	if ((unsigned)in->region >= TT_REGION_SHAPE_COUNT)
		return TT_ERR_REGION;
	tt_status status = check_numbers(in);
	if (status == TT_OK && in->kind == TT_WIND_GRID)
		status = check_grid(in, is_3d);
	if (status != TT_OK)
		return status;
	if (!is_3d) {
		out->direction.z = out->center.z = out->region_center.z = 0.0f;
		out->axis = (tt_vec3){0.0f, 0.0f, 1.0f};
		out->region_size.z = 3e38f;  /* boxes are rectangles */
		out->grid_cells[2] = 0;
		out->grid_lo.z = out->grid_hi.z = 0.0f;
	}
	if (!normalise(&out->direction) || !normalise(&out->axis))
		return TT_ERR_WIND_DIRECTION;
	return TT_OK;
}

static int lattice_points(const tt_wind_def *d)
{
	if (d->kind != TT_WIND_GRID)
		return 0;
	return (d->grid_cells[0] + 1) * (d->grid_cells[1] + 1) *
	       (d->grid_cells[2] + 1);
}

/* Give the field the lattice its def asks for (zeroed when it changes). */
static int fit_grid(tt_wind_field *f)
{
	int count = lattice_points(&f->def);
	if (count == f->grid_count)
		return 1;
	tt_vec3 *grid = count ? tt_alloc((size_t)count * sizeof *grid) : NULL;
	if (count && !grid)
		return 0;
	if (grid)
		memset(grid, 0, (size_t)count * sizeof *grid);
	tt_free(f->grid, (size_t)f->grid_count * sizeof *f->grid);
	f->grid = grid;
	f->grid_count = count;
	return 1;
}

static void count_enabled(tt_winds *winds)
{
	winds->enabled = 0;
	for (int i = 0; i < winds->count; i++)
		winds->enabled += winds->fields[i].def.enabled != 0;
}

static int reserve(tt_winds *winds)
{
	if (winds->count < winds->capacity)
		return 1;
	int capacity = winds->capacity ? 2 * winds->capacity : 4;
	tt_wind_field *fields = tt_resize(
		winds->fields, (size_t)winds->capacity * sizeof *fields,
		(size_t)capacity * sizeof *fields);
	if (!fields)
		return 0;
	winds->fields = fields;
	winds->capacity = capacity;
	return 1;
}

static tt_wind_id id_at(const tt_world *w, int i)
{
	int slot = w->winds.fields[i].slot;
	return (tt_wind_id){(uint32_t)slot + 1,
			    w->winds.pool.slots[slot].generation, w->id};
}

tt_status tt_wind_create(tt_world_id world, const tt_wind_def *def,
			 tt_wind_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	tt_wind_field f = {.is_3d = w->def.is_3d};
	tt_status status = check_def(def, w->def.is_3d, &f.def);
	if (status != TT_OK)
		return status;
	tt_winds *winds = &w->winds;
	if (!reserve(winds) || !fit_grid(&f))
		return TT_ERR_OUT_OF_MEMORY;
	f.slot = tt_pool_take(&winds->pool, winds->count);
	if (f.slot < 0) {
		tt_free(f.grid, (size_t)f.grid_count * sizeof *f.grid);
		return TT_ERR_OUT_OF_MEMORY;
	}
	winds->fields[winds->count++] = f;
	count_enabled(winds);
	*out = id_at(w, winds->count - 1);
	return TT_OK;
}

/* The field an id names, or NULL when stale. */
static tt_wind_field *lookup(tt_wind_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	int i = w ? tt_pool_find(&w->winds.pool, id.index1, id.generation) : -1;
	return i < 0 ? NULL : &w->winds.fields[i];
}

tt_status tt_wind_destroy(tt_wind_id id)
{
	tt_world *w;
	tt_wind_field *f = lookup(id, &w);
	if (!f)
		return TT_ERR_WIND_STALE;
	tt_winds *winds = &w->winds;
	int i = (int)(f - winds->fields);
	tt_free(f->grid, (size_t)f->grid_count * sizeof *f->grid);
	tt_pool_give(&winds->pool, f->slot);
	/* keep creation order: fields are few, and order is summing order */
	memmove(f, f + 1, (size_t)(winds->count - i - 1) * sizeof *f);
	winds->count--;
	for (int k = i; k < winds->count; k++)
		winds->pool.slots[winds->fields[k].slot].dense = k;
	count_enabled(winds);
	return TT_OK;
}

int tt_wind_valid(tt_wind_id id)
{
	tt_world *w;
	return lookup(id, &w) != NULL;
}

tt_wind_def tt_wind_get_def(tt_wind_id id)
{
	tt_world *w;
	tt_wind_field *f = lookup(id, &w);
	return f ? f->def : (tt_wind_def){0};
}

tt_status tt_wind_set_def(tt_wind_id id, const tt_wind_def *def)
{
	tt_world *w;
	tt_wind_field *f = lookup(id, &w);
	if (!f)
		return TT_ERR_WIND_STALE;
	tt_wind_field next = *f;
	tt_status status = check_def(def, w->def.is_3d, &next.def);
	if (status != TT_OK)
		return status;
	if (lattice_points(&next.def) != f->grid_count) {
		next.grid = NULL, next.grid_count = 0;
		if (!fit_grid(&next))
			return TT_ERR_OUT_OF_MEMORY;
		tt_free(f->grid, (size_t)f->grid_count * sizeof *f->grid);
	}
	*f = next;
	count_enabled(&w->winds);
	return TT_OK;
}

tt_vec3 tt_wind_sample(tt_wind_id id, tt_vec3 point)
{
	tt_world *w;
	tt_wind_field *f = lookup(id, &w);
	if (!f || !tt_vec3_finite(point))
		return (tt_vec3){0};
	return tt_wind_field_velocity(f, point, (float)w->winds.time);
}

int tt_wind_grid_count(tt_wind_id id)
{
	tt_world *w;
	tt_wind_field *f = lookup(id, &w);
	return f ? f->grid_count : 0;
}

tt_vec3 tt_wind_grid_point(tt_wind_id id, int k)
{
	tt_world *w;
	tt_wind_field *f = lookup(id, &w);
	if (!f || k < 0 || k >= f->grid_count)
		return (tt_vec3){0};
	const tt_wind_def *d = &f->def;
	int nx = d->grid_cells[0] + 1, ny = d->grid_cells[1] + 1;
	int ix = k % nx, iy = k / nx % ny, iz = k / (nx * ny);
	float cz = (float)(d->grid_cells[2] > 0 ? d->grid_cells[2] : 1);
	return (tt_vec3){
		d->grid_lo.x + (d->grid_hi.x - d->grid_lo.x) * (float)ix /
				       (float)d->grid_cells[0],
		d->grid_lo.y + (d->grid_hi.y - d->grid_lo.y) * (float)iy /
				       (float)d->grid_cells[1],
		d->grid_lo.z + (d->grid_hi.z - d->grid_lo.z) * (float)iz / cz};
}

tt_status tt_wind_grid_set(tt_wind_id id, int k, tt_vec3 velocity)
{
	tt_world *w;
	tt_wind_field *f = lookup(id, &w);
	if (!f)
		return TT_ERR_WIND_STALE;
	if (k < 0 || k >= f->grid_count)
		return TT_ERR_GRID_INDEX;
	if (!tt_vec3_finite(velocity))
		return TT_ERR_NOT_FINITE;
	if (!w->def.is_3d)
		velocity.z = 0.0f;
	f->grid[k] = velocity;
	return TT_OK;
}

tt_vec3 tt_world_air_velocity(tt_world_id world, tt_vec3 point)
{
	tt_world *w = tt_world_get(world);
	tt_vec3 sum = {0};
	if (!w || !tt_vec3_finite(point))
		return sum;
	for (int i = 0; i < w->winds.count; i++) {
		if (!w->winds.fields[i].def.enabled)
			continue;
		tt_vec3 v = tt_wind_field_velocity(&w->winds.fields[i], point,
						   (float)w->winds.time);
		sum = (tt_vec3){sum.x + v.x, sum.y + v.y, sum.z + v.z};
	}
	return sum;
}

double tt_world_wind_time(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->winds.time : 0.0;
}

int tt_world_wind_count(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->winds.count : 0;
}

tt_wind_id tt_world_wind_at(tt_world_id world, int i)
{
	tt_world *w = tt_world_get(world);
	if (!w || i < 0 || i >= w->winds.count)
		return (tt_wind_id){0};
	return id_at(w, i);
}

void tt_wind_release(tt_winds *winds)
{
	for (int i = 0; i < winds->count; i++)
		tt_free(winds->fields[i].grid,
			(size_t)winds->fields[i].grid_count * sizeof(tt_vec3));
	tt_free(winds->fields, (size_t)winds->capacity * sizeof *winds->fields);
	size_t air = (size_t)winds->air_capacity * sizeof(float);
	tt_free(winds->ax, air);
	tt_free(winds->ay, air);
	tt_free(winds->az, air);
	tt_pool_release(&winds->pool);
	memset(winds, 0, sizeof *winds);
}
