/* Grabs: a soft, force-limited pull of a particle toward a target, the
 * mouse joint of the Box2D testbed, for the window's mouse and scripts.
 *
 * A rigid rod from a massless cursor puts the whole of an over-pull into
 * the grabbed particle's springs (a rope's end pulled to 1.5 times its
 * length stretched its last segment 27 times). A spring of frequency f
 * and damping ratio zeta toward the target instead, sized by the mass M
 * of the body it pulls (k = M omega^2, c = 2 M zeta omega, omega = 2 pi f)
 * and limited to a force F, brings a body along as a body: the rope
 * follows, and when it cannot (pinned), the pull stops at F.
 *
 * Per substep, in XPBD form with damping (Macklin et al., "XPBD", 2016,
 * eq. 26), for C = x - t (t the target, moving over the step from where it
 * was to where it was set) with alpha = 1 / (k h^2), gamma = c / (k h):
 *   dlambda = -(C + gamma ((x - p) - (t - t_prev))) / ((1 + gamma) w + alpha)
 * which is implicit, so stable for any mass ratio; the pull |dlambda| /
 * h^2 is clamped to F, and x += w dlambda. It runs after the integration
 * and before the constraints, so the springs carry the pull on through
 * the body (a rope's chain solve spreads it over every node).
 *
 * The body is the particle's connected part: free particles joined by
 * springs, not through pinned ones (a union-find over the springs, once a
 * step while any grab exists). */
#include <math.h>
#include <stddef.h>

#include "alloc.h"
#include "world.h"

#define WEIGHTS 10.0f  /* the default limit, in weights of the body */
#define TWO_PI 6.28318531f

tt_grab_def tt_grab_def_default(void)
{
	return (tt_grab_def){.stiffness = 5.0f, .damping = 0.7f};
}

static tt_grab *lookup(tt_grab_id id, tt_world **out)
{
	tt_world *w = tt_world_get(id.world);
	*out = w;
	int i = w ? tt_pool_find(&w->grab_pool, id.index1, id.generation) : -1;
	return i < 0 ? NULL : &w->grabs.items[i];
}

static tt_vec3 flat(const tt_world *w, tt_vec3 v)
{
	if (!w->def.is_3d)
		v.z = 0.0f;
	return v;
}

static tt_status check_def(const tt_grab_def *def)
{
	if (!tt_vec3_finite(def->target))
		return TT_ERR_NOT_FINITE;
	if (!(def->stiffness > 0.0f) || !isfinite(def->stiffness))
		return TT_ERR_STIFFNESS;
	if (!(def->damping >= 0.0f) || !isfinite(def->damping))
		return TT_ERR_DAMPING;
	if (!(def->max_force >= 0.0f) || !isfinite(def->max_force))
		return TT_ERR_MAX_FORCE;
	return TT_OK;
}

static void set_settings(tt_grab *g, const tt_grab_def *def)
{
	g->stiffness = def->stiffness;
	g->damping = def->damping;
	g->max_force = def->max_force;
}

/* ---- the body ------------------------------------------------------------ */

static int32_t root(int32_t *parent, int32_t i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/* parent[i]: the particles' parts, joined by springs between free ends. */
static void join_parts(const tt_world *w, int32_t *parent)
{
	const float *wi = w->particles.inv_mass;
	for (int i = 0; i < w->particles.count; i++)
		parent[i] = i;
	for (int c = 0; c < w->springs.count; c++) {
		int32_t a = w->springs.a[c], b = w->springs.b[c];
		if (wi[a] > 0.0f && wi[b] > 0.0f) {
			int32_t ra = root(parent, a), rb = root(parent, b);
			parent[ra < rb ? rb : ra] = ra < rb ? ra : rb;
		}
	}
}

/* The mass of each grab's body and the limit that follows from it. */
static void weigh_bodies(tt_world *w)
{
	const tt_particles *p = &w->particles;
	size_t size = (size_t)(p->count > 0 ? p->count : 1) * sizeof(int32_t);
	int32_t *parent = tt_alloc(size);
	if (parent)
		join_parts(w, parent);
	tt_vec3 g = w->def.gravity;
	float weight = sqrtf(g.x * g.x + g.y * g.y + g.z * g.z);
	weight = weight > 0.0f ? weight : 9.81f;  /* no gravity: earth's */
	for (int k = 0; k < w->grabs.count; k++) {
		tt_grab *grab = &w->grabs.items[k];
		grab->at = tt_pool_find(&w->particle_pool, grab->particle.index1,
					grab->particle.generation);
		if (grab->at < 0)
			continue;  /* it goes at the next step */
		double mass = 0.0;
		int32_t mine = parent ? root(parent, grab->at) : -1;
		for (int i = 0; parent && i < p->count; i++)
			if (p->inv_mass[i] > 0.0f && root(parent, i) == mine)
				mass += p->mass[i];
		grab->body_mass = parent ? (float)mass : p->mass[grab->at];
		grab->limit = grab->max_force > 0.0f
				      ? grab->max_force
				      : WEIGHTS * grab->body_mass * weight;
	}
	tt_free(parent, size);
}

/* ---- the step ------------------------------------------------------------ */

void tt_grab_begin_step(tt_world *w)
{
	tt_grabs *grabs = &w->grabs;
	for (int k = grabs->count - 1; k >= 0; k--) {
		tt_grab *g = &grabs->items[k];
		g->force = 0.0f;
		g->at_limit = 0;
		if (!tt_particle_valid(g->particle))  /* it went: the grab too */
			tt_pool_remove_item(&w->grab_pool, grabs->items,
					    sizeof *grabs->items, &grabs->count, k);
	}
	if (grabs->count > 0)
		weigh_bodies(w);
}

static void pull(tt_world *w, tt_grab *g, float t0, float t1, float h)
{
	tt_particles *p = &w->particles;
	int i = g->at;
	float wi = p->inv_mass[i];
	if (wi == 0.0f || !(g->body_mass > 0.0f))
		return;
	float omega = TWO_PI * g->stiffness;
	float k = g->body_mass * omega * omega;
	float alpha = 1.0f / (k * h * h);
	float gamma = 2.0f * g->body_mass * g->damping * omega / (k * h);
	float d[3] = {g->to.x - g->from.x, g->to.y - g->from.y,
		      g->to.z - g->from.z};
	float x[3] = {p->x[i] - (g->from.x + d[0] * t1),
		      p->y[i] - (g->from.y + d[1] * t1),
		      p->z[i] - (g->from.z + d[2] * t1)};
	float m[3] = {p->x[i] - p->px[i], p->y[i] - p->py[i], p->z[i] - p->pz[i]};
	float dl[3], den = (1.0f + gamma) * wi + alpha;
	for (int a = 0; a < 3; a++)
		dl[a] = -(x[a] + gamma * (m[a] - d[a] * (t1 - t0))) / den;
	float force = sqrtf(dl[0] * dl[0] + dl[1] * dl[1] + dl[2] * dl[2]) / (h * h);
	float scale = force > g->limit ? g->limit / force : 1.0f;
	g->at_limit |= force > g->limit;
	g->force = fmaxf(g->force, fminf(force, g->limit));
	p->x[i] += wi * scale * dl[0];
	p->y[i] += wi * scale * dl[1];
	p->z[i] += wi * scale * dl[2];
}

void tt_grab_solve(tt_world *w, int sub, int substeps, float h)
{
	float t0 = (float)sub / (float)substeps;
	float t1 = (float)(sub + 1) / (float)substeps;
	for (int k = 0; k < w->grabs.count; k++)
		pull(w, &w->grabs.items[k], t0, t1, h);
}

/* A grab that began to pull with all it may says so, once. */
void tt_grab_end_step(tt_world *w)
{
	for (int k = 0; k < w->grabs.count; k++) {
		tt_grab *g = &w->grabs.items[k];
		g->from = g->to;
		if (g->at_limit && !g->was_at_limit) {
			const tt_particles *p = &w->particles;
			tt_event e = {.kind = TT_EVENT_GRAB_LIMIT,
				      .particle = g->particle,
				      .point = {p->x[g->at], p->y[g->at], p->z[g->at]},
				      .value = g->limit};
			tt_event_push(w, &e);
		}
		g->was_at_limit = g->at_limit;
	}
}

void tt_grab_release(tt_world *w)
{
	tt_free(w->grabs.items, (size_t)w->grabs.capacity * sizeof *w->grabs.items);
	w->grabs = (tt_grabs){0};
	tt_pool_release(&w->grab_pool);
}

/* ---- the public calls ------------------------------------------------------ */

tt_status tt_grab_create(tt_world_id world, const tt_grab_def *def,
			 tt_grab_id *out)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	int i = tt_world_id_equal(def->particle.world, world)
			? tt_pool_find(&w->particle_pool, def->particle.index1,
				       def->particle.generation)
			: -1;
	tt_status status = i < 0 ? TT_ERR_PARTICLE_STALE
			   : w->particles.inv_mass[i] == 0.0f ? TT_ERR_GRAB_PINNED
							       : check_def(def);
	if (status != TT_OK)
		return status;
	tt_grabs *grabs = &w->grabs;
	int slot = tt_reserve((void **)&grabs->items, grabs->count,
			      &grabs->capacity, sizeof *grabs->items, 4)
			   ? tt_pool_take(&w->grab_pool, grabs->count)
			   : -1;
	if (slot < 0)
		return TT_ERR_OUT_OF_MEMORY;
	tt_grab *g = &grabs->items[grabs->count++];
	*g = (tt_grab){.slot = slot, .particle = def->particle, .at = i};
	g->from = g->to = flat(w, def->target);
	set_settings(g, def);
	weigh_bodies(w);  /* so the limit reads right before the first step */
	*out = (tt_grab_id){(uint32_t)slot + 1,
			    w->grab_pool.slots[slot].generation, world};
	return TT_OK;
}

tt_status tt_grab_destroy(tt_grab_id id)
{
	tt_world *w;
	tt_grab *g = lookup(id, &w);
	if (!g)
		return TT_ERR_GRAB_STALE;
	tt_pool_remove_item(&w->grab_pool, w->grabs.items, sizeof *g,
			    &w->grabs.count, (int)(g - w->grabs.items));
	return TT_OK;
}

int tt_grab_valid(tt_grab_id id)
{
	tt_world *w;
	return lookup(id, &w) != NULL;
}

tt_grab_def tt_grab_get_def(tt_grab_id id)
{
	tt_world *w;
	const tt_grab *g = lookup(id, &w);
	return g ? (tt_grab_def){g->particle, g->to, g->stiffness, g->damping,
				 g->max_force}
		 : (tt_grab_def){0};
}

tt_status tt_grab_set_def(tt_grab_id id, const tt_grab_def *def)
{
	tt_world *w;
	tt_grab *g = lookup(id, &w);
	if (!g)
		return TT_ERR_GRAB_STALE;
	tt_status status = check_def(def);
	if (status != TT_OK)
		return status;
	set_settings(g, def);
	g->to = flat(w, def->target);
	weigh_bodies(w);
	return TT_OK;
}

tt_status tt_grab_set_target(tt_grab_id id, tt_vec3 target)
{
	tt_world *w;
	tt_grab *g = lookup(id, &w);
	if (!g)
		return TT_ERR_GRAB_STALE;
	if (!tt_vec3_finite(target))
		return TT_ERR_NOT_FINITE;
	g->to = flat(w, target);
	return TT_OK;
}

/* The float of a live grab at offset in tt_grab, or 0. */
static float get_float(tt_grab_id id, size_t offset)
{
	tt_world *w;
	const tt_grab *g = lookup(id, &w);
	return g ? *(const float *)((const char *)g + offset) : 0.0f;
}

float tt_grab_get_force(tt_grab_id id)
{
	return get_float(id, offsetof(tt_grab, force));
}

float tt_grab_get_force_limit(tt_grab_id id)
{
	return get_float(id, offsetof(tt_grab, limit));
}

float tt_grab_get_body_mass(tt_grab_id id)
{
	return get_float(id, offsetof(tt_grab, body_mass));
}

int tt_grab_at_limit(tt_grab_id id)
{
	tt_world *w;
	const tt_grab *g = lookup(id, &w);
	return g ? g->was_at_limit : 0;
}
