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
 * lie along it and are refitted, never cut.
 *
 * A tear (strain) differs: each new end takes only its share divided by
 * the number of springs its end has (a cloth node torn on all sides kept
 * losing a quarter of its mass per tear, down to 0.4% of it, and its
 * springs, holding 50 g neighbours, stretched 200%), and the ends spring
 * back to their pieces' rest (place_ends).
 *
 * Floors (tt_cut_limits): no cut makes a particle lighter than min_mass,
 * leaves the end that gives the mass lighter, or makes a piece of a spring
 * shorter than min_length (a cut that near an end moves off it; a spring
 * too short for two pieces is not cut, status TT_ERR_CUT_FLOOR). Torn
 * springs each halved their pieces' mass and length, which tore again: a
 * 48-particle grid pulled by a rigid cursor grew to 91,293 particles of
 * 7e-14 kg in 30 steps. */
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

tt_cut_limits tt_cut_limits_default(void)
{
	return (tt_cut_limits){.min_mass = 1e-4f, .min_length = 5e-3f,
			       .max_tears = 32};
}

/* How a cut of spring c at t goes within the world's floors: t kept
 * min_length from either end, and each new end's mass and the end that
 * gives it (the other end when its own is a massless pin). */
typedef struct plan {
	float t;
	float mass[2];
	int32_t giver[2];
	int recoil;  /* a tear: the ends spring back (place_ends) */
} plan;

/* Springs at particle i. */
static int degree(const tt_springs *s, int32_t i)
{
	int n = 0;
	for (int c = 0; c < s->count; c++)
		n += (s->a[c] == i) + (s->b[c] == i);
	return n;
}

static tt_status plan_cut(const tt_world *w, int c, float t, int tear,
			  plan *out)
{
	const tt_particles *p = &w->particles;
	const tt_cut_limits *floor = &w->cuts.limits;
	int32_t end[2] = {w->springs.a[c], w->springs.b[c]};
	float rest = w->springs.rest[c];
	if (rest > 0.0f && floor->min_length > 0.0f) {  /* rest 0: as it was */
		if (rest < 2.0f * floor->min_length)
			return TT_ERR_CUT_FLOOR;
		float f = floor->min_length / rest;
		t = fminf(fmaxf(t, f), 1.0f - f);
	}
	out->t = t;
	out->recoil = tear;
	float left[2] = {p->mass[end[0]], p->mass[end[1]]};
	float share[2] = {0.5f * fmaxf(t, MIN_SHARE), 0.5f * fmaxf(1.0f - t, MIN_SHARE)};
	for (int k = 0; k < 2; k++) {
		int g = left[k] > 0.0f || p->mass[end[k]] > 0.0f ? k : 1 - k;
		float mass = p->mass[end[g]] * share[k];
		if (tear)  /* a cloth node torn on many sides is not drained */
			mass /= (float)degree(&w->springs, end[g]);
		if (mass > 0.0f && mass < floor->min_mass)
			mass = floor->min_mass;
		left[g] -= mass;
		if (mass > 0.0f && left[g] < floor->min_mass)
			return TT_ERR_CUT_FLOOR;
		out->mass[k] = mass;
		out->giver[k] = end[g];
	}
	return TT_OK;
}

/* A new particle at `at` with `mass` taken from particle `giver`. */
static tt_status add_end(tt_world *w, int32_t giver, float mass, float radius,
			 tt_vec3 at, tt_vec3 v, tt_particle_id *out)
{
	tt_particles *p = &w->particles;
	tt_particle_def def = tt_particle_def_default();
	def.position = at;
	def.velocity = v;
	def.mass = mass;
	def.radius = radius;
	tt_particle_id from = tt_particle_id_at(w, giver);
	float had = p->mass[giver];
	tt_status status = tt_particle_create(w->id, &def, out);
	if (status == TT_OK && mass > 0.0f)
		status = tt_particle_set_mass(from, had - mass);
	return status;
}

/* Where the new ends of spring i-j go: both at the cut point, or, for a
 * tear, each its piece's rest from its own end: the torn fibres spring
 * back, so the pieces are born at rest and do not tear again at once. */
static void place_ends(const tt_particles *p, int i, int j, const plan *cut,
		       const tt_cut_parts *parts, tt_vec3 at[2])
{
	at[0] = at[1] = lerp(p->x, p->y, p->z, i, j, cut->t);
	float dx = p->x[j] - p->x[i], dy = p->y[j] - p->y[i],
	      dz = p->z[j] - p->z[i];
	float len = sqrtf(dx * dx + dy * dy + dz * dz);
	if (!cut->recoil || !(len > parts->rest_a + parts->rest_b))
		return;
	float a = parts->rest_a / len, b = parts->rest_b / len;
	at[0] = (tt_vec3){p->x[i] + a * dx, p->y[i] + a * dy, p->z[i] + a * dz};
	at[1] = (tt_vec3){p->x[j] - b * dx, p->y[j] - b * dy, p->z[j] - b * dz};
}

/* Replace spring c by two new ends where the plan says, and a spring to
 * each (parts); *point is where it was cut. */
static tt_status sever(tt_world *w, int c, const plan *cut,
		       tt_cut_parts *parts, tt_vec3 *point)
{
	tt_springs *s = &w->springs;
	tt_particles *p = &w->particles;
	int i = s->a[c], j = s->b[c];
	float t = cut->t, radius = fminf(p->radius[i], p->radius[j]);
	*point = lerp(p->x, p->y, p->z, i, j, t);
	tt_vec3 v = lerp(p->vx, p->vy, p->vz, i, j, t), at[2];
	tt_spring_def def = {.compliance = s->compliance[c],
			     .stretch_damping = s->damping[c],
			     .kind = (tt_spring_kind)s->kind[c],
			     .max_force = s->max_force[c],
			     .max_strain = s->max_strain[c]};
	tt_particle_id ends[2] = {tt_particle_id_at(w, i), tt_particle_id_at(w, j)};
	parts->rest_a = s->rest[c] * t;
	parts->rest_b = s->rest[c] - parts->rest_a;
	place_ends(p, i, j, cut, parts, at);
	tt_spring_remove(w, c);
	tt_status status = add_end(w, cut->giver[0], cut->mass[0], radius, at[0],
				   v, &parts->a);
	if (status == TT_OK)
		status = add_end(w, cut->giver[1], cut->mass[1], radius, at[1], v,
				 &parts->b);
	def.a = ends[0], def.b = parts->a, def.rest_length = parts->rest_a;
	if (status == TT_OK)
		status = tt_spring_create(w->id, &def, &parts->sa);
	def.a = parts->b, def.b = ends[1], def.rest_length = parts->rest_b;
	if (status == TT_OK)
		status = tt_spring_create(w->id, &def, &parts->sb);
	if (status == TT_OK)
		tt_angle_cut(w, i, j, tt_particle_index(parts->a),
			     tt_particle_index(parts->b));
	return status;
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
	if ((rope >= 0 && segment < 0) || tt_cloth_is_tether(w, id))
		return TT_ERR_CUT_TETHER;
	plan cut;
	tt_status status = plan_cut(
		w, tt_pool_find(&w->spring_pool, id.index1, id.generation), t,
		cause == TT_CUT_STRAIN, &cut);
	if (status != TT_OK)
		return status;
	if (rope >= 0 && tt_rope_unfit(w, rope) != TT_OK)
		rope = -1;  /* a broken rope is cut as loose springs */
	int c = tt_pool_find(&w->spring_pool, id.index1, id.generation);
	tt_event e = {.kind = TT_EVENT_CUT, .spring = id, .value = cut.t,
		      .cause = (int)cause};
	tt_cut_parts parts;
	status = sever(w, c, &cut, &parts, &e.point);
	e.particle = parts.a;
	e.other = parts.b;
	if (status == TT_OK) {
		tt_cloth_adopt(w, &parts);
		tt_softbody_adopt(w, &parts);
	}
	if (status == TT_OK && rope >= 0) {
		e.rope = tt_rope_id_at(w, rope);
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
 * in dense order, at most max_tears a step (the rest wait for the next,
 * event "tear_limit"), so a world grows by at most two particles per tear
 * allowed. Only springs there were before the tears are looked at: the
 * pieces a tear makes cannot tear in the same step. */
/* A spring whose one end hangs on it alone and is the lighter one carries
 * nothing but that end's lag behind the other: a torn piece dangling from
 * a cloth read 200% as it was yanked along, and tore again and again. */
static int dangles(const tt_particles *p, const int32_t *degree, int i, int j)
{
	return degree && degree[i] == 1 && p->inv_mass[i] > 0.0f &&
	       p->mass[i] < p->mass[j];
}

static int32_t *count_springs(const tt_world *w, size_t *size)
{
	*size = (size_t)(w->particles.count > 0 ? w->particles.count : 1) *
		sizeof(int32_t);
	int32_t *degree = tt_alloc(*size);
	for (int i = 0; degree && i < w->particles.count; i++)
		degree[i] = 0;
	for (int c = 0; degree && c < w->springs.count; c++)
		degree[w->springs.a[c]]++, degree[w->springs.b[c]]++;
	return degree;
}

void tt_cut_tear(tt_world *w)
{
	const tt_springs *s = &w->springs;
	const tt_particles *p = &w->particles;
	int waiting = 0;
	size_t size;
	int32_t *degree = count_springs(w, &size);  /* NULL: no memory, no test */
	w->cuts.count = 0;
	for (int c = 0; c < s->count; c++) {
		int i = s->a[c], j = s->b[c];
		if (s->max_strain[c] <= 0.0f || s->rest[c] <= 0.0f ||
		    dangles(p, degree, i, j) || dangles(p, degree, j, i))
			continue;
		float dx = p->x[i] - p->x[j], dy = p->y[i] - p->y[j],
		      dz = p->z[i] - p->z[j];
		float strain = (sqrtf(dx * dx + dy * dy + dz * dz) - s->rest[c]) /
			       s->rest[c];
		if (!(strain > s->max_strain[c]))
			continue;
		if (w->cuts.count >= w->cuts.limits.max_tears)
			waiting++;
		else if (!tt_cut_keep(&w->cuts, tt_world_spring_at(w->id, c), 0.5f))
			break;
	}
	tt_free(degree, size);
	tt_cut_kept(w, TT_CUT_STRAIN);
	if (waiting > 0)
		tt_event_push(w, &(tt_event){.kind = TT_EVENT_TEAR_LIMIT,
					     .value = (float)waiting});
}

tt_status tt_world_set_cut_limits(tt_world_id world, const tt_cut_limits *limits)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	if (!(limits->min_mass >= 0.0f) || !isfinite(limits->min_mass) ||
	    !(limits->min_length >= 0.0f) || !isfinite(limits->min_length) ||
	    limits->max_tears < 0)
		return TT_ERR_CUT_LIMITS;
	w->cuts.limits = *limits;
	return TT_OK;
}

tt_cut_limits tt_world_get_cut_limits(tt_world_id world)
{
	tt_world *w = tt_world_get(world);
	return w ? w->cuts.limits : (tt_cut_limits){0};
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
	w->cuts = (tt_cuts){.limits = w->cuts.limits};
	w->cutters = (tt_cutters){0};
}
