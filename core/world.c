/* The world: a registry of live worlds, their settings and their step.
 *
 * Worlds live in a fixed table of slots with generations, so a world id
 * (and through it every particle and spring id) goes stale when the world
 * is destroyed, and a later world in the same slot cannot be mistaken for
 * it: a slot is retired when its 16-bit generation would wrap (after
 * 65534 worlds; 1024 slots hold 67 million). */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "threads.h"
#include "world.h"

static tt_world *g_worlds[TT_MAX_WORLDS];
static uint16_t g_generations[TT_MAX_WORLDS];

tt_world_def tt_world_def_default(void)
{
	tt_world_def def = {
		.gravity = {0.0f, -9.81f, 0.0f},
		.time_step = 1.0f / 60.0f,
		.substeps = 8,
		.iterations = 1,
		.max_speed = 1000.0f,
		.is_3d = 0,
		.max_bytes = (size_t)256 << 20,
		.simd = 1,
	};
	return def;
}

int tt_vec3_finite(tt_vec3 v)
{
	return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

static tt_status check_def(const tt_world_def *def)
{
	if (!tt_vec3_finite(def->gravity))
		return TT_ERR_NOT_FINITE;
	if (!(def->time_step > 0.0f && def->time_step <= 1.0f))
		return TT_ERR_TIME_STEP;
	if (def->substeps < 1 || def->substeps > 1000)
		return TT_ERR_SUBSTEPS;
	if (def->iterations < 1 || def->iterations > 1000)
		return TT_ERR_ITERATIONS;
	if (!(def->max_speed > 0.0f) || !isfinite(def->max_speed))
		return TT_ERR_MAX_SPEED;
	if (!(def->damping >= 0.0f) || !isfinite(def->damping))
		return TT_ERR_DAMPING;
	if (def->max_bytes == 0)
		return TT_ERR_MAX_BYTES;
	if (def->threads < 0 || def->threads > TT_MAX_THREADS)
		return TT_ERR_THREADS;
	return TT_OK;
}

/* The kernels and threads of the def; a change of kernels re-plans the
 * batches (their blocks are as wide as the kernels). */
void tt_world_configure(tt_world *w)
{
	const tt_lanes *lanes = w->def.simd ? tt_lanes_pick() : NULL;
	if (lanes != w->lanes)
		w->springs.dirty = 1;
	w->lanes = lanes;
	w->threads = w->def.threads > 0 ? w->def.threads : tt_threads_cores();
}

tt_world *tt_world_get(tt_world_id id)
{
	if (id.index1 == 0 || id.index1 > TT_MAX_WORLDS)
		return NULL;
	int slot = id.index1 - 1;
	if (g_generations[slot] != id.generation || !g_worlds[slot])
		return NULL;
	tt_account_use(id.index1);  /* what this call allocates is the world's */
	return g_worlds[slot];
}

tt_status tt_world_create(const tt_world_def *def, tt_world_id *out)
{
	tt_status status = check_def(def);
	if (status != TT_OK)
		return status;
	int slot = 0;
	while (slot < TT_MAX_WORLDS &&
	       (g_worlds[slot] || g_generations[slot] == UINT16_MAX))
		slot++;
	if (slot == TT_MAX_WORLDS)
		return TT_ERR_TOO_MANY_WORLDS;
	tt_account_use(0);
	tt_world *w = tt_alloc(sizeof *w);
	if (!w)
		return TT_ERR_OUT_OF_MEMORY;
	tt_account_open(slot + 1, def->max_bytes);
	memset(w, 0, sizeof *w);
	tt_pool_init(&w->particle_pool);
	tt_pool_init(&w->spring_pool);
	tt_pool_init(&w->rope_pool);
	tt_pool_init(&w->winds.pool);
	tt_pool_init(&w->collider_pool);
	tt_pool_init(&w->cutter_pool);
	tt_pool_init(&w->frame_pool);
	tt_pool_init(&w->angle_pool);
	tt_pool_init(&w->softbodies.pool);
	tt_pool_init(&w->grab_pool);
	tt_pool_init(&w->cloths.pool);
	w->cuts.limits = tt_cut_limits_default();
	tt_pool_init(&w->bonechain_pool);
	w->def = *def;
	if (!def->is_3d)
		w->def.gravity.z = 0.0f;
	tt_world_configure(w);
	if (g_generations[slot] == 0)
		g_generations[slot] = 1;
	w->id = (tt_world_id){(uint16_t)(slot + 1), g_generations[slot]};
	g_worlds[slot] = w;
	*out = w->id;
	return TT_OK;
}

tt_status tt_world_destroy(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	if (!w)
		return TT_ERR_WORLD_STALE;
	tt_columns pc = tt_particle_columns(&w->particles);
	tt_columns sc = tt_spring_columns(&w->springs);
	tt_columns_resize(&pc, w->particles.capacity, 0);
	tt_columns_resize(&sc, w->springs.capacity, 0);
	tt_rope_release_all(w);
	tt_angle_release(w);
	tt_grab_release(w);
	tt_chain_release(&w->chain);
	tt_plan_release(&w->springs.plan);
	tt_pool_release(&w->particle_pool);
	tt_pool_release(&w->spring_pool);
	tt_pool_release(&w->rope_pool);
	tt_pool_release(&w->cutter_pool);
	tt_cut_release(w);
	tt_event_release(&w->events);
	tt_wind_release(&w->winds);
	tt_collider_release_all(w);
	tt_broad_release(&w->broad);
	tt_frame_release_all(w);
	tt_softbody_release_all(w);
	tt_bonechain_release_all(w);
	tt_cloth_release_all(w);
	int slot = id.index1 - 1;
	tt_account_close(id.index1);
	g_worlds[slot] = NULL;
	/* A slot whose generations ran out is retired, never reused: a new
	 * world there would take the ids of an old one's handles. */
	g_generations[slot] = (uint16_t)(g_generations[slot] + 1);
	tt_free(w, sizeof *w);
	return TT_OK;
}

int tt_world_valid(tt_world_id id)
{
	return tt_world_get(id) != NULL;
}

/* The batches and the solver's plan, as the step's working memory. */
static int batch(tt_world *w)
{
	int was = tt_account_working(1);
	int ok = tt_spring_batch(w);
	tt_account_working(was);
	return ok;
}

tt_status tt_world_step(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	if (!w)
		return TT_ERR_WORLD_STALE;
	uint64_t failures = tt_alloc_failures();
	w->interrupted = 0;
	tt_event_begin_step(w);
	w->cuts.stepping = 1;
	tt_cutter_advance(w);  /* cuts change springs: before batching too */
	tt_rope_advance(w);  /* may add or remove particles: before batching */
	tt_cloth_prepare(w);  /* prunes and refits springs: before batching */
	if (w->springs.dirty && !batch(w)) {
		w->cuts.stepping = 0;
		return TT_ERR_OUT_OF_MEMORY;
	}
	tt_softbody_prepare(w);
	tt_solver_step(w);
	if (w->springs.breakable > 0)
		tt_spring_break(w);
	if (w->springs.tearable > 0)
		tt_cut_tear(w);
	if (w->cloths.count > 0)
		tt_cloth_tear(w);
	w->cuts.stepping = 0;
	w->steps++;
	if (w->interrupted)
		return TT_ERR_INTERRUPTED;
	/* something went short (an event, a tear): say why */
	return tt_alloc_failures() == failures
		? TT_OK : tt_status_refine(TT_ERR_OUT_OF_MEMORY);
}

tt_world_def tt_world_get_def(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	return w ? w->def : (tt_world_def){0};
}

tt_status tt_world_set_def(tt_world_id id, const tt_world_def *def)
{
	tt_world *w = tt_world_get(id);
	if (!w)
		return TT_ERR_WORLD_STALE;
	tt_status status = check_def(def);
	if (status != TT_OK)
		return status;
	int is_3d = w->def.is_3d;  /* fixed at creation: z data depends on it */
	w->def = *def;
	tt_account_set_limit(id.index1, def->max_bytes);
	w->def.is_3d = is_3d;
	if (!is_3d)
		w->def.gravity.z = 0.0f;
	tt_world_configure(w);
	return TT_OK;
}

size_t tt_world_bytes(tt_world_id id)
{
	return tt_world_get(id) ? tt_account_bytes(id.index1) : 0;
}

int tt_world_particle_count(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	return w ? w->particles.count : 0;
}

int tt_world_spring_count(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	return w ? w->springs.count : 0;
}

int tt_world_batch_count(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	if (!w)
		return 0;
	if (w->springs.dirty)
		batch(w);
	return w->springs.batch_count;
}

uint64_t tt_world_step_count(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	return w ? w->steps : 0;
}

uint64_t tt_world_nonfinite_resets(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	return w ? w->nonfinite_resets : 0;
}

tt_particle_view tt_world_particles(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	if (!w)
		return (tt_particle_view){0};
	tt_particles *p = &w->particles;
	return (tt_particle_view){p->count, p->x, p->y, p->z, p->inv_mass,
				  p->radius};
}

tt_spring_view tt_world_springs(tt_world_id id)
{
	tt_world *w = tt_world_get(id);
	if (!w)
		return (tt_spring_view){0};
	tt_springs *s = &w->springs;
	return (tt_spring_view){s->count, s->a, s->b, s->rest, s->kind};
}
