/* Cuts: sever springs by (spring, t), by a swipe segment, near a point, or
 * by strain, so the two sides share nothing and separate.
 *
 * A cut replaces the spring a-b with a-A' and B'-b, where A' and B' are
 * new particles at the cut point P = a + t (b - a) moving with the
 * interpolated velocity. The new rests are the old rest's shares t and
 * 1 - t, so the material keeps its length and nothing pops. Mass: the
 * new end on a's side takes half the cut piece's share of a's mass (at
 * least MIN_SHARE of it), likewise on b's side, so total mass is exactly
 * conserved and a lumped rope stays lumped. Every step is a function of
 * (spring, t) and the state: no order-dependent containers, no clocks,
 * so a replayed cut gives the same bits (the network-replay property).
 *
 * Sweeps (swipe, near, strain) first collect the springs that qualify, in
 * dense order, then cut them one by one: a cut moves springs in the dense
 * arrays, so cutting while scanning would skip or repeat some. A rope's
 * segment splits the rope (core/rope.c tt_rope_split); a rope's tethers
 * lie along it and are refitted, never cut. */
#include <math.h>

#include "alloc.h"
#include "world.h"

#define MIN_SHARE 0.05f  /* a new end never gets less of its end's mass */

static const char *const cause_names[TT_CUT_CAUSE_COUNT] = {"script",
							    "swipe", "strain"};

const char *tt_cut_cause_name(tt_cut_cause cause)
{
	return (unsigned)cause < TT_CUT_CAUSE_COUNT ? cause_names[cause] : "?";
}

static tt_vec3 lerp(const float *x, const float *y, const float *z, int i,
		    int j, float t)
{
	return (tt_vec3){x[i] + (x[j] - x[i]) * t, y[i] + (y[j] - y[i]) * t,
			 z[i] + (z[j] - z[i]) * t};
}

/* A new particle at `at` with `share` of end `from`'s mass (of `other`'s
 * when `from` is a massless pin), which that end gives up. */
static tt_status add_end(tt_world *w, int from, int other, float share,
			 tt_vec3 at, tt_vec3 v, tt_particle_id *out)
{
	tt_particles *p = &w->particles;
	int source = p->mass[from] > 0.0f ? from : other;
	float mass = p->mass[source];
	tt_particle_def def = tt_particle_def_default();
	def.position = at;
	def.velocity = v;
	def.mass = mass * share;
	def.radius = fminf(p->radius[from], p->radius[other]);
	tt_particle_id giver = tt_particle_id_at(w, source);
	tt_status status = tt_particle_create(w->id, &def, out);
	if (status == TT_OK && mass > 0.0f)
		status = tt_particle_set_mass(giver, mass - def.mass);
	return status;
}

/* Replace spring c by two new ends at t and a spring to each (parts). */
static tt_status sever(tt_world *w, int c, float t, tt_cut_parts *parts,
		       tt_vec3 *at)
{
	tt_springs *s = &w->springs;
	tt_particles *p = &w->particles;
	int i = s->a[c], j = s->b[c];
	*at = lerp(p->x, p->y, p->z, i, j, t);
	tt_vec3 v = lerp(p->vx, p->vy, p->vz, i, j, t);
	tt_spring_def def = {.compliance = s->compliance[c],
			     .damping = s->damping[c],
			     .kind = (tt_spring_kind)s->kind[c],
			     .max_force = s->max_force[c],
			     .max_strain = s->max_strain[c]};
	tt_particle_id ends[2] = {tt_particle_id_at(w, i), tt_particle_id_at(w, j)};
	parts->rest_a = s->rest[c] * t;
	parts->rest_b = s->rest[c] - parts->rest_a;
	tt_spring_remove(w, c);
	tt_status status = add_end(w, i, j, 0.5f * fmaxf(t, MIN_SHARE), *at, v,
				   &parts->a);
	if (status == TT_OK)
		status = add_end(w, j, i, 0.5f * fmaxf(1.0f - t, MIN_SHARE), *at,
				 v, &parts->b);
	def.a = ends[0], def.b = parts->a, def.rest_length = parts->rest_a;
	if (status == TT_OK)
		status = tt_spring_create(w->id, &def, &parts->sa);
	def.a = parts->b, def.b = ends[1], def.rest_length = parts->rest_b;
	if (status == TT_OK)
		status = tt_spring_create(w->id, &def, &parts->sb);
	return status;
}

static tt_rope_id rope_id(const tt_world *w, int index)
{
	int slot = w->ropes.items[index].slot;
	return (tt_rope_id){(uint32_t)slot + 1,
			    w->rope_pool.slots[slot].generation, w->id};
}

/* A free rope piece shorter than min_fragment segments goes (event). */
static void cull(tt_world *w, tt_rope_id id)
{
	int i = tt_pool_find(&w->rope_pool, id.index1, id.generation);
	int pinned;
	if (w->cuts.min_fragment <= 0 || i < 0)
		return;
	int segments = tt_rope_fragment(w, i, &pinned);
	if (pinned || segments >= w->cuts.min_fragment)
		return;
	tt_event e = {.kind = TT_EVENT_CULL, .rope = id,
		      .value = (float)segments};
	e.point = tt_particle_get_position(w->ropes.items[i].nodes[0]);
	tt_event_push(w, &e);
	tt_rope_destroy(id);
}

/* Cut one live spring: sever it, split its rope, report, cull. */
static tt_status cut_one(tt_world *w, tt_spring_id id, float t,
			 tt_cut_cause cause, tt_rope_id *out)
{
	int segment, rope = tt_rope_owner(w, id, &segment);
	if (rope >= 0 && segment < 0)
		return TT_ERR_CUT_TETHER;
	if (rope >= 0 && tt_rope_unfit(w, rope) != TT_OK)
		rope = -1;  /* a broken rope is cut as loose springs */
	int c = tt_pool_find(&w->spring_pool, id.index1, id.generation);
	tt_event e = {.kind = TT_EVENT_CUT, .spring = id, .value = t,
		      .cause = (int)cause};
	tt_cut_parts parts;
	tt_status status = sever(w, c, t, &parts, &e.point);
	e.particle = parts.a;
	e.other = parts.b;
	if (status == TT_OK && rope >= 0) {
		e.rope = rope_id(w, rope);
		status = tt_rope_split(w, rope, segment, &parts, &e.other_rope);
	}
	if (status != TT_OK)
		return status;
	tt_event_push(w, &e);
	cull(w, e.rope);
	cull(w, e.other_rope);
	if (out)
		*out = e.other_rope;
	return TT_OK;
}

static int check_fraction(float t)
{
	return t >= 0.0f && t <= 1.0f;
}

tt_status tt_spring_cut(tt_spring_id id, float t)
{
	tt_world *w = tt_world_get(id.world);
	if (!w || tt_pool_find(&w->spring_pool, id.index1, id.generation) < 0)
		return TT_ERR_SPRING_STALE;
	if (!check_fraction(t))
		return TT_ERR_CUT_FRACTION;
	return cut_one(w, id, t, TT_CUT_SCRIPT, NULL);
}

tt_status tt_rope_cut(tt_rope_id id, int segment, float t, tt_rope_id *out)
{
	tt_world *w = tt_world_get(id.world);
	int i = w ? tt_pool_find(&w->rope_pool, id.index1, id.generation) : -1;
	if (i < 0)
		return TT_ERR_ROPE_STALE;
	if (segment < 0 || segment >= w->ropes.items[i].count - 1)
		return TT_ERR_ROPE_SEGMENT;
	if (!check_fraction(t))
		return TT_ERR_CUT_FRACTION;
	tt_spring_id s = w->ropes.items[i].segments[segment];
	if (!tt_spring_valid(s))  /* destroyed by the script, or a node was */
		return TT_ERR_ROPE_BROKEN;
	tt_rope_id unused;
	return cut_one(w, s, t, TT_CUT_SCRIPT, out ? out : &unused);
}

/* ---- sweeps -------------------------------------------------------------- */

int tt_cut_keep(tt_cuts *cuts, tt_spring_id spring, float t)
{
	if (!tt_reserve((void **)&cuts->found, cuts->count, &cuts->capacity,
			sizeof *cuts->found, 64))
		return 0;
	cuts->found[cuts->count++] = (tt_cut_found){spring, t};
	return 1;
}

/* Where spring p-q crosses segment a-b in the xy plane: the fraction
 * along p-q in [0, 1), or -1. Half open, so a swipe through a particle
 * cuts one of the springs that meet there, not each of them at its end. */
static float crossing(double px, double py, double qx, double qy, tt_vec3 a,
		      tt_vec3 b)
{
	double rx = qx - px, ry = qy - py, sx = b.x - a.x, sy = b.y - a.y;
	double den = rx * sy - ry * sx;
	if (den == 0.0)
		return -1.0f;
	double ux = a.x - px, uy = a.y - py;
	double t = (ux * sy - uy * sx) / den, u = (ux * ry - uy * rx) / den;
	return t >= 0.0 && t < 1.0 && u >= 0.0 && u <= 1.0 ? (float)t : -1.0f;
}

/* The fraction along p-q of its point nearest c, if within radius; -1. */
static float nearest(double px, double py, double qx, double qy, tt_vec3 c,
		     float radius)
{
	double rx = qx - px, ry = qy - py, len2 = rx * rx + ry * ry;
	double t = len2 > 0.0 ? ((c.x - px) * rx + (c.y - py) * ry) / len2 : 0.0;
	t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
	double dx = px + rx * t - c.x, dy = py + ry * t - c.y;
	return dx * dx + dy * dy <= (double)radius * radius ? (float)t : -1.0f;
}

/* Collect the springs segment a-b crosses (radius < 0) or that pass
 * within radius of a; 0 when out of memory. */
static int collect(tt_world *w, tt_vec3 a, tt_vec3 b, float radius)
{
	const tt_springs *s = &w->springs;
	const float *x = w->particles.x, *y = w->particles.y;
	w->cuts.count = 0;
	for (int c = 0; c < s->count; c++) {
		int i = s->a[c], j = s->b[c];
		float t = radius < 0.0f ? crossing(x[i], y[i], x[j], y[j], a, b)
					: nearest(x[i], y[i], x[j], y[j], a, radius);
		if (t >= 0.0f &&
		    !tt_cut_keep(&w->cuts, tt_world_spring_at(w->id, c), t))
			return 0;
	}
	return 1;
}

/* Cut what collect found, in its order; tethers and springs a cut or a
 * cull already took are passed over. Returns how many were cut. */
int tt_cut_kept(tt_world *w, tt_cut_cause cause)
{
	int cut = 0;
	for (int k = 0; k < w->cuts.count &&  /* each cut looks up its rope */
		!tt_budget_spend(w, w->springs.count + 1); k++) {
		tt_cut_found f = w->cuts.found[k];
		tt_rope_id unused;
		if (tt_spring_valid(f.spring) &&
		    cut_one(w, f.spring, f.t, cause, &unused) == TT_OK)
			cut++;
	}
	w->cuts.count = 0;
	return cut;
}

int tt_cut_swipe(tt_world *w, tt_vec3 a, tt_vec3 b, tt_cut_cause cause)
{
	return collect(w, a, b, -1.0f) ? tt_cut_kept(w, cause) : 0;
}

static tt_status sweep(tt_world_id world, tt_vec3 a, tt_vec3 b, float radius,
		       int *count)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	if (!tt_vec3_finite(a) || !tt_vec3_finite(b))
		return TT_ERR_NOT_FINITE;
	if (!collect(w, a, b, radius))
		return TT_ERR_OUT_OF_MEMORY;
	w->interrupted = 0;
	int cut = tt_cut_kept(w, TT_CUT_SWIPE);
	if (count)
		*count = cut;
	return w->interrupted ? TT_ERR_INTERRUPTED : TT_OK;
}

tt_status tt_world_cut(tt_world_id world, tt_vec3 a, tt_vec3 b, int *count)
{
	return sweep(world, a, b, -1.0f, count);
}

tt_status tt_world_cut_near(tt_world_id world, tt_vec3 point, float radius,
			    int *count)
{
	if (!(radius >= 0.0f) || !isfinite(radius))
		return tt_world_valid(world) ? TT_ERR_RADIUS : TT_ERR_WORLD_STALE;
	return sweep(world, point, point, radius, count);
}

/* After the solver: springs stretched past max_strain tear in the middle,
 * in dense order. */
void tt_cut_tear(tt_world *w)
{
	const tt_springs *s = &w->springs;
	const tt_particles *p = &w->particles;
	w->cuts.count = 0;
	for (int c = 0; c < s->count; c++) {
		int i = s->a[c], j = s->b[c];
		if (s->max_strain[c] <= 0.0f || s->rest[c] <= 0.0f)
			continue;
		float dx = p->x[i] - p->x[j], dy = p->y[i] - p->y[j],
		      dz = p->z[i] - p->z[j];
		float strain = (sqrtf(dx * dx + dy * dy + dz * dz) - s->rest[c]) /
			       s->rest[c];
		if (strain > s->max_strain[c] &&
		    !tt_cut_keep(&w->cuts, tt_world_spring_at(w->id, c), 0.5f))
			break;
	}
	tt_cut_kept(w, TT_CUT_STRAIN);
}

tt_status tt_world_set_min_fragment(tt_world_id world, int n)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	if (n < 0)
		return TT_ERR_MIN_SEGMENTS;
	w->cuts.min_fragment = n;
	return TT_OK;
}

int tt_world_get_min_fragment(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->cuts.min_fragment : 0;
}

void tt_cut_release(tt_world *w)
{
	tt_free(w->cuts.found, (size_t)w->cuts.capacity * sizeof *w->cuts.found);
	tt_free(w->cutters.items,
		(size_t)w->cutters.capacity * sizeof *w->cutters.items);
	w->cuts = (tt_cuts){0};
	w->cutters = (tt_cutters){0};
}
