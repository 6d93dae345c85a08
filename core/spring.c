/* Springs: distance constraints in dense arrays, grouped into batches.
 *
 * Batches come from a greedy graph colouring (Box2D v3's constraint
 * graph): springs are visited in slot order, which depends only on the
 * sequence of calls, and each takes the lowest colour neither of its
 * particles has yet. Within a batch no particle is shared, so a batch can
 * later be solved in SIMD lanes with the same results as this scalar loop.
 * A rope needs 2 colours, a cloth about 8. */
#include <math.h>
#include <stddef.h>

#include "alloc.h"
#include "world.h"

static const char *const kind_names[TT_SPRING_KIND_COUNT] = {"rod", "tether",
							     "spring"};

const char *tt_spring_kind_name(tt_spring_kind kind)
{
	return (unsigned)kind < TT_SPRING_KIND_COUNT ? kind_names[kind] : "?";
}

tt_columns tt_spring_columns(tt_springs *s)
{
	return (tt_columns){{(void **)&s->a, (void **)&s->b, (void **)&s->rest,
			     (void **)&s->compliance, (void **)&s->damping,
			     (void **)&s->lambda, (void **)&s->kind,
			     (void **)&s->slot, (void **)&s->max_force,
			     (void **)&s->drag, (void **)&s->max_strain,
			     (void **)&s->unseen},
			    12};
}

tt_spring_def tt_spring_def_default(void)
{
	return (tt_spring_def){.rest_length = -1.0f, .kind = TT_SPRING_ROD};
}

static int lookup(tt_spring_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	return w ? tt_pool_find(&w->spring_pool, id.index1, id.generation) : -1;
}

static float distance(const tt_particles *p, int i, int j)
{
	float dx = p->x[i] - p->x[j], dy = p->y[i] - p->y[j],
	      dz = p->z[i] - p->z[j];
	return sqrtf(dx * dx + dy * dy + dz * dz);
}

static tt_status check_def(const tt_spring_def *def)
{
	if (!isfinite(def->rest_length))
		return TT_ERR_REST_LENGTH;
	if (!(def->compliance >= 0.0f) || !isfinite(def->compliance))
		return TT_ERR_COMPLIANCE;
	if (!(def->stretch_damping >= 0.0f) || !isfinite(def->stretch_damping))
		return TT_ERR_DAMPING;
	if ((unsigned)def->kind >= TT_SPRING_KIND_COUNT)
		return TT_ERR_SPRING_KIND;
	if (!(def->max_force >= 0.0f) || !isfinite(def->max_force))
		return TT_ERR_MAX_FORCE;
	if (!(def->drag >= 0.0f) || !isfinite(def->drag))
		return TT_ERR_DRAG;
	if (!(def->max_strain >= 0.0f) || !isfinite(def->max_strain))
		return TT_ERR_MAX_STRAIN;
	return TT_OK;
}

/* Dense indices of both ends, or the status that refuses them. */
static tt_status find_ends(tt_world *w, const tt_spring_def *def, int *a,
			   int *b)
{
	if (!tt_world_id_equal(def->a.world, w->id) ||
	    !tt_world_id_equal(def->b.world, w->id))
		return tt_particle_valid(def->a) && tt_particle_valid(def->b)
			       ? TT_ERR_OTHER_WORLD
			       : TT_ERR_PARTICLE_STALE;
	*a = tt_pool_find(&w->particle_pool, def->a.index1, def->a.generation);
	*b = tt_pool_find(&w->particle_pool, def->b.index1, def->b.generation);
	if (*a < 0 || *b < 0)
		return TT_ERR_PARTICLE_STALE;
	return *a == *b ? TT_ERR_SAME_PARTICLE : TT_OK;
}

tt_status tt_spring_create(tt_world_id world, const tt_spring_def *def,
			   tt_spring_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	int a, b;
	tt_status status = find_ends(w, def, &a, &b);
	if (status == TT_OK)
		status = check_def(def);
	if (status != TT_OK)
		return status;
	tt_springs *s = &w->springs;
	tt_columns columns = tt_spring_columns(s);
	if (!tt_columns_reserve(&columns, s->count, &s->capacity))
		return TT_ERR_OUT_OF_MEMORY;
	int i = s->count;
	int slot = tt_pool_take(&w->spring_pool, i);
	if (slot < 0)
		return TT_ERR_OUT_OF_MEMORY;
	s->count++;
	s->a[i] = a;
	s->b[i] = b;
	s->rest[i] = def->rest_length >= 0.0f ? def->rest_length
					      : distance(&w->particles, a, b);
	s->compliance[i] = def->compliance;
	s->damping[i] = def->stretch_damping;
	s->damped += def->stretch_damping > 0.0f;
	s->max_force[i] = def->max_force;
	s->breakable += def->max_force > 0.0f;
	s->drag[i] = def->drag;
	s->dragged += def->drag > 0.0f;
	s->max_strain[i] = def->max_strain;
	s->tearable += def->max_strain > 0.0f;
	s->lambda[i] = 0.0f;
	s->kind[i] = def->kind;
	s->slot[i] = slot;
	s->unseen[i] = 0;
	s->dirty = 1;
	*out = tt_world_spring_at(world, i);
	return TT_OK;
}

void tt_spring_unseen(tt_world *w, tt_spring_id id)
{
	int i = tt_pool_find(&w->spring_pool, id.index1, id.generation);
	if (i >= 0)
		w->springs.unseen[i] = 1;
}

void tt_spring_remove(tt_world *w, int i)
{
	tt_springs *s = &w->springs;
	int last = s->count - 1;
	s->damped -= s->damping[i] > 0.0f;
	s->breakable -= s->max_force[i] > 0.0f;
	s->dragged -= s->drag[i] > 0.0f;
	s->tearable -= s->max_strain[i] > 0.0f;
	tt_pool_give(&w->spring_pool, s->slot[i]);
	if (i != last) {
		tt_columns c = tt_spring_columns(s);
		tt_columns_move(&c, last, i);
		w->spring_pool.slots[s->slot[i]].dense = i;
	}
	s->count--;
	s->dirty = 1;
}

tt_status tt_spring_destroy(tt_spring_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_SPRING_STALE;
	tt_spring_remove(w, i);
	return TT_OK;
}

int tt_spring_valid(tt_spring_id id)
{
	tt_world *w;
	return lookup(id, &w) >= 0;
}

tt_spring_id tt_world_spring_at(tt_world_id world, int i)
{
	tt_world *w = tt_world_get(world);
	if (!w || i < 0 || i >= w->springs.count)
		return (tt_spring_id){0};
	int slot = w->springs.slot[i];
	return (tt_spring_id){(uint32_t)slot + 1,
			      w->spring_pool.slots[slot].generation, world};
}

tt_particle_id tt_spring_get_a(tt_spring_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i < 0 ? (tt_particle_id){0} : tt_particle_id_at(w, w->springs.a[i]);
}

tt_particle_id tt_spring_get_b(tt_spring_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i < 0 ? (tt_particle_id){0} : tt_particle_id_at(w, w->springs.b[i]);
}

float tt_spring_get_length(tt_spring_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i < 0 ? 0.0f
		     : distance(&w->particles, w->springs.a[i], w->springs.b[i]);
}

/* Springs' float properties live in columns of tt_springs, named here by
 * offset so one getter and one checked setter serve them all. */
#define COLUMN(name) offsetof(tt_springs, name)

static float *column_of(tt_world *w, size_t column)
{
	return *(float **)((char *)&w->springs + column);
}

static float get_float(tt_spring_id id, size_t column)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i < 0 ? 0.0f : column_of(w, column)[i];
}

/* Set a property that must be finite and >= 0 (invalid says otherwise). */
static tt_status set_float(tt_spring_id id, size_t column, float value,
			   tt_status invalid)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_SPRING_STALE;
	if (!(value >= 0.0f) || !isfinite(value))
		return invalid;
	column_of(w, column)[i] = value;
	return TT_OK;
}

float tt_spring_get_rest_length(tt_spring_id id)
{
	return get_float(id, COLUMN(rest));
}

tt_status tt_spring_set_rest_length(tt_spring_id id, float value)
{
	return set_float(id, COLUMN(rest), value, TT_ERR_REST_LENGTH);
}

float tt_spring_get_compliance(tt_spring_id id)
{
	return get_float(id, COLUMN(compliance));
}

tt_status tt_spring_set_compliance(tt_spring_id id, float value)
{
	return set_float(id, COLUMN(compliance), value, TT_ERR_COMPLIANCE);
}

float tt_spring_get_stretch_damping(tt_spring_id id)
{
	return get_float(id, COLUMN(damping));
}

/* Set a property whose springs with a value > 0 are counted in the int
 * at offset counter, so a world with none skips that pass. */
static tt_status set_counted(tt_spring_id id, size_t column, float value,
			     tt_status invalid, size_t counter)
{
	float before = get_float(id, column);
	tt_status status = set_float(id, column, value, invalid);
	if (status == TT_OK)
		*(int *)((char *)&tt_world_get(id.world)->springs + counter) +=
			(value > 0.0f) - (before > 0.0f);
	return status;
}

tt_status tt_spring_set_stretch_damping(tt_spring_id id, float value)
{
	return set_counted(id, COLUMN(damping), value, TT_ERR_DAMPING,
			   COLUMN(damped));
}

float tt_spring_get_force(tt_spring_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i < 0 || w->springs.h == 0.0f
		       ? 0.0f
		       : -w->springs.lambda[i] / (w->springs.h * w->springs.h);
}

float tt_spring_get_max_force(tt_spring_id id)
{
	return get_float(id, COLUMN(max_force));
}

tt_status tt_spring_set_max_force(tt_spring_id id, float value)
{
	return set_counted(id, COLUMN(max_force), value, TT_ERR_MAX_FORCE,
			   COLUMN(breakable));
}

float tt_spring_get_max_strain(tt_spring_id id)
{
	return get_float(id, COLUMN(max_strain));
}

tt_status tt_spring_set_max_strain(tt_spring_id id, float value)
{
	return set_counted(id, COLUMN(max_strain), value, TT_ERR_MAX_STRAIN,
			   COLUMN(tearable));
}

/* After the step, highest index first: a removal swaps in the last spring,
 * which was already looked at, so each is checked once, in a fixed order. */
void tt_spring_break(tt_world *w)
{
	tt_springs *s = &w->springs;
	tt_particles *p = &w->particles;
	for (int c = s->count - 1; c >= 0 && s->breakable > 0; c--) {
		float force = -s->lambda[c] / (s->h * s->h);
		if (s->max_force[c] <= 0.0f || force <= s->max_force[c])
			continue;
		int a = s->a[c], b = s->b[c];
		tt_event e = {.kind = TT_EVENT_BREAK,
			      .particle = tt_particle_id_at(w, a),
			      .spring = tt_world_spring_at(w->id, c),
			      .point = {0.5f * (p->x[a] + p->x[b]),
					0.5f * (p->y[a] + p->y[b]),
					0.5f * (p->z[a] + p->z[b])},
			      .value = force};
		tt_event_push(w, &e);
		tt_spring_remove(w, c);
	}
}

float tt_spring_get_drag(tt_spring_id id)
{
	return get_float(id, COLUMN(drag));
}

tt_status tt_spring_set_drag(tt_spring_id id, float value)
{
	return set_counted(id, COLUMN(drag), value, TT_ERR_DRAG,
			   COLUMN(dragged));
}

tt_spring_kind tt_spring_get_kind(tt_spring_id id)
{
	tt_world *w;
	int i = lookup(id, &w);
	return i < 0 ? TT_SPRING_ROD : (tt_spring_kind)w->springs.kind[i];
}

tt_status tt_spring_set_kind(tt_spring_id id, tt_spring_kind kind)
{
	tt_world *w;
	int i = lookup(id, &w);
	if (i < 0)
		return TT_ERR_SPRING_STALE;
	if ((unsigned)kind >= TT_SPRING_KIND_COUNT)
		return TT_ERR_SPRING_KIND;
	w->springs.kind[i] = kind;
	return TT_OK;
}
