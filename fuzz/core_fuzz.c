/* libFuzzer target: random well-formed sequences of core API calls.
 *
 * Each input is read as a program: a world definition, then operations,
 * each an opcode byte and its arguments (particles, springs, ropes, winds,
 * colliders, cutters, angles, grabs, soft bodies, frames, cloths and bone
 * chains). Numbers are hostile (NaN, inf,
 * 3e38, denormals, -0, or raw float bits); object arguments pick from
 * every id made so far, alive or destroyed, or a fabricated one. The
 * world has a small max_bytes and the interrupt poll stops a step after a
 * few million projections, so every input runs in milliseconds and the
 * limits themselves are exercised. Findings are what the sanitizers
 * report, plus two checks of our own: a world never holds more than its
 * max_bytes beside a step's working memory, and destroying it gives back
 * every byte.
 *
 *   make fuzz          (runs this and fuzz/lua_fuzz.c for FUZZ_SECONDS)
 *   build-fuzz/core_fuzz fuzz/corpus/core      (by hand) */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../core/taut.h"
#include "../core/alloc.h"
#include "../core/bone_chain.h"
#include "../core/cloth.h"
#include "../core/collider.h"
#include "../core/frame.h"
#include "../core/softbody.h"

#define MAX_IDS 32
#define MAX_STEPS 16

typedef struct input {
	const uint8_t *data;
	size_t size, at;
} input;

typedef struct objects {
	tt_world_id world;
	tt_particle_id particles[MAX_IDS];
	tt_spring_id springs[MAX_IDS];
	tt_rope_id ropes[MAX_IDS];
	tt_wind_id winds[MAX_IDS];
	tt_collider_id colliders[MAX_IDS];
	tt_cutter_id cutters[MAX_IDS];
	tt_angle_id angles[MAX_IDS];
	tt_grab_id grabs[MAX_IDS];
	tt_softbody_id bodies[MAX_IDS];
	tt_frame_id frames[MAX_IDS];
	tt_cloth_id cloths[MAX_IDS];
	tt_bonechain_id chains[MAX_IDS];
	int np, ns, nr, nw, nc, nk, na, ng, nb, nf, ncl, nch;
	int steps;
} objects;

static uint8_t u8(input *in)
{
	return in->at < in->size ? in->data[in->at++] : 0;
}

static int pick(input *in, int n)
{
	return n > 0 ? u8(in) % n : 0;
}

static float num(input *in)
{
	static const float hostile[] = {
		0.0f,	-0.0f,	   1.0f,   -1.0f,     0.5f,    2.0f,	10.0f,
		100.0f, 1e-7f,	   1e-30f, 1e30f,     3e38f,   -3e38f,	FLT_MAX,
		FLT_MIN, 1e-45f,   NAN,	   INFINITY,  -INFINITY, 1e6f,	-1e6f,
		0.001f, 1000.0f,   -0.5f,  5.0f,      -10.0f,  0.1f,	0.25f,
	};
	uint8_t b = u8(in);
	if (b < 200)
		return hostile[b % (sizeof hostile / sizeof *hostile)];
	uint32_t bits = (uint32_t)u8(in) | (uint32_t)u8(in) << 8 |
			(uint32_t)u8(in) << 16 | (uint32_t)u8(in) << 24;
	float f;
	memcpy(&f, &bits, sizeof f);
	return f;
}

/* Mostly small sizes, sometimes hostile ones. */
static int count(input *in)
{
	static const int hostile[] = {0, -1, 100000, 100001, INT32_MAX, INT32_MIN};
	uint8_t b = u8(in);
	return b < 240 ? b % 40 : hostile[b % 6];
}

static tt_vec3 vec(input *in)
{
	tt_vec3 v = {num(in), num(in), 0.0f};
	if (u8(in) & 1)
		v.z = num(in);
	return v;
}

/* An id from the list (alive or not), or now and then a made-up one. */
#define PICK(in, list, n, T)                                               \
	(u8(in) < 16 ? (T){(uint32_t)u8(in), (uint32_t)u8(in), o->world}    \
		     : (n) ? (list)[pick(in, n)] : (T){0})
#define KEEP(list, n, id) ((n) < MAX_IDS ? (void)((list)[(n)++] = (id)) : (void)0)

static void make_particle(input *in, objects *o)
{
	tt_particle_def def = tt_particle_def_default();
	def.position = vec(in);
	def.velocity = vec(in);
	def.mass = u8(in) & 1 ? num(in) : 1.0f;
	def.radius = u8(in) & 1 ? num(in) : 0.05f;
	def.pinned = u8(in) & 1;
	def.drag = u8(in) & 1 ? num(in) : 0.0f;
	def.gravity_scale = u8(in) & 1 ? num(in) : 1.0f;
	tt_particle_id id;
	if (tt_particle_create(o->world, &def, &id) == TT_OK)
		KEEP(o->particles, o->np, id);
}

static void change_particle(input *in, objects *o)
{
	tt_particle_id p = PICK(in, o->particles, o->np, tt_particle_id);
	tt_collider_id c = PICK(in, o->colliders, o->nc, tt_collider_id);
	switch (u8(in) % 15) {
	case 0: tt_particle_destroy(p); break;
	case 1: tt_particle_set_position(p, vec(in)); break;
	case 2: tt_particle_set_velocity(p, vec(in)); break;
	case 3: tt_particle_move_to(p, vec(in)); break;
	case 4: tt_particle_set_mass(p, num(in)); break;
	case 5: tt_particle_set_pinned(p, u8(in) & 1); break;
	case 6: tt_particle_set_radius(p, num(in)); break;
	case 7: tt_particle_apply_force(p, vec(in)); break;
	case 8: tt_particle_apply_impulse(p, vec(in)); break;
	case 9: tt_particle_set_drag(p, num(in)); break;
	case 10: tt_particle_set_gravity_scale(p, num(in)); break;
	case 11: tt_particle_set_group(p, (uint32_t)u8(in)); break;
	case 12: tt_particle_set_mask(p, (uint32_t)u8(in)); break;
	case 13: tt_particle_set_damping(p, num(in)); break;
	default: tt_particle_pin_to(p, c, vec(in)); break;
	}
}

static void make_spring(input *in, objects *o)
{
	tt_spring_def def = tt_spring_def_default();
	def.a = PICK(in, o->particles, o->np, tt_particle_id);
	def.b = PICK(in, o->particles, o->np, tt_particle_id);
	def.rest_length = u8(in) & 1 ? num(in) : -1.0f;
	def.compliance = u8(in) & 1 ? num(in) : 0.0f;
	def.stretch_damping = u8(in) & 1 ? num(in) : 0.0f;
	def.kind = (tt_spring_kind)(u8(in) % (TT_SPRING_KIND_COUNT + 1));
	def.max_force = u8(in) & 1 ? num(in) : 0.0f;
	def.max_strain = u8(in) & 1 ? num(in) : 0.0f;
	def.drag = u8(in) & 1 ? num(in) : 0.0f;
	tt_spring_id id;
	if (tt_spring_create(o->world, &def, &id) == TT_OK)
		KEEP(o->springs, o->ns, id);
}

static void change_spring(input *in, objects *o)
{
	tt_spring_id s = PICK(in, o->springs, o->ns, tt_spring_id);
	switch (u8(in) % 9) {
	case 0: tt_spring_destroy(s); break;
	case 1: tt_spring_set_rest_length(s, num(in)); break;
	case 2: tt_spring_set_compliance(s, num(in)); break;
	case 3: tt_spring_set_stretch_damping(s, num(in)); break;
	case 4: tt_spring_set_max_force(s, num(in)); break;
	case 5: tt_spring_set_max_strain(s, num(in)); break;
	case 6: tt_spring_set_kind(s, (tt_spring_kind)(u8(in) % 4)); break;
	case 7: tt_spring_set_drag(s, num(in)); break;
	default: tt_spring_cut(s, num(in)); break;
	}
}

static void make_rope(input *in, objects *o)
{
	tt_rope_def def = tt_rope_def_default();
	def.from = vec(in);
	def.to = vec(in);
	if (u8(in) < 32)
		def.start = PICK(in, o->particles, o->np, tt_particle_id);
	def.segments = count(in);
	def.segment_length = u8(in) < 32 ? num(in) : 0.0f;
	def.mass_per_metre = u8(in) & 1 ? num(in) : 0.5f;
	def.radius = u8(in) & 1 ? num(in) : 0.03f;
	def.compliance = u8(in) & 1 ? num(in) : 0.0f;
	def.damping = u8(in) & 1 ? num(in) : 0.0f;
	def.kind = (tt_spring_kind)(u8(in) % (TT_SPRING_KIND_COUNT + 1));
	def.pin_start = u8(in) & 1;
	def.pin_end = u8(in) & 1;
	def.tethers = (tt_rope_tethers)(u8(in) % (TT_ROPE_TETHERS_COUNT + 1));
	def.max_strain = u8(in) & 1 ? num(in) : 0.0f;
	tt_rope_id id;
	if (tt_rope_create(o->world, &def, &id) == TT_OK)
		KEEP(o->ropes, o->nr, id);
}

/* A new length for rope r: a hostile factor of its length, but a finite
 * one at most 2. Longer ropes insert nodes without end (a length of 3e38,
 * or 100 m of 1e-9 m segments): the rope length caps of the safety branch
 * (issue 20) refuse those, not this one. */
static float length(input *in, tt_rope_id r)
{
	float f = num(in);
	f = isfinite(f) && fabsf(f) > 2.0f ? copysignf(2.0f, f) : f;
	return f * tt_rope_get_length(r);
}

static void change_rope(input *in, objects *o)
{
	tt_rope_id r = PICK(in, o->ropes, o->nr, tt_rope_id);
	tt_rope_id end;
	switch (u8(in) % 7) {
	case 0: tt_rope_destroy(r); break;
	case 1: tt_rope_set_length(r, length(in, r)); break;
	case 2: tt_rope_reel(r, length(in, r), length(in, r)); break;
	case 3: tt_rope_set_tethers(r, (tt_rope_tethers)(u8(in) % 6)); break;
	case 4: tt_rope_translate(r, vec(in)); break;
	case 5:
		if (tt_rope_cut(r, count(in), num(in), &end) == TT_OK)
			KEEP(o->ropes, o->nr, end);
		break;
	default:
		KEEP(o->particles, o->np, tt_rope_node(r, count(in)));
		KEEP(o->springs, o->ns, tt_rope_segment(r, count(in)));
		break;
	}
}

static void make_wind(input *in, objects *o)
{
	tt_wind_def def = tt_wind_def_default();
	def.kind = (tt_wind_kind)(u8(in) % 6);
	def.strength = num(in);
	def.direction = vec(in);
	def.center = vec(in);
	def.radius = num(in);
	def.scale = u8(in) & 1 ? num(in) : 4.0f;
	def.turbulence = u8(in) & 1 ? num(in) : 0.5f;
	def.region = (tt_region_shape)(u8(in) % 4);
	def.region_size = vec(in);
	def.edge = u8(in) & 1 ? num(in) : 0.0f;
	def.grid_lo = vec(in);
	def.grid_hi = vec(in);
	for (int a = 0; a < 3; a++)
		def.grid_cells[a] = count(in);
	tt_wind_id id;
	if (tt_wind_create(o->world, &def, &id) == TT_OK)
		KEEP(o->winds, o->nw, id);
}

static void change_wind(input *in, objects *o)
{
	tt_wind_id w = PICK(in, o->winds, o->nw, tt_wind_id);
	tt_wind_def def = tt_wind_get_def(w);
	switch (u8(in) % 4) {
	case 0: tt_wind_destroy(w); break;
	case 1: def.strength = num(in), def.region_size = vec(in);
		tt_wind_set_def(w, &def); break;
	case 2: tt_wind_grid_set(w, count(in), vec(in)); break;
	default: tt_wind_sample(w, vec(in)); break;
	}
}

static void make_collider(input *in, objects *o)
{
	tt_collider_def def = tt_collider_def_default();
	def.shape = (tt_shape_kind)(u8(in) % (TT_SHAPE_KIND_COUNT + 1));
	def.position = vec(in);
	def.angle = num(in);
	def.radius = num(in);
	def.length = num(in);
	def.size = vec(in);
	def.point_count = pick(in, TT_MAX_POLYGON + 2);
	for (int k = 0; k < TT_MAX_POLYGON; k++)
		def.points[k] = vec(in);
	def.friction = u8(in) & 1 ? num(in) : 0.5f;
	def.restitution = u8(in) & 1 ? num(in) : 0.0f;
	def.velocity = u8(in) & 1 ? vec(in) : (tt_vec3){0};
	def.angular_velocity = u8(in) & 1 ? num(in) : 0.0f;
	tt_collider_id id;
	if (tt_collider_create(o->world, &def, &id) == TT_OK)
		KEEP(o->colliders, o->nc, id);
}

static void change_collider(input *in, objects *o)
{
	tt_collider_id c = PICK(in, o->colliders, o->nc, tt_collider_id);
	tt_collider_def def = tt_collider_get_def(c);
	switch (u8(in) % 3) {
	case 0: tt_collider_destroy(c); break;
	case 1: tt_collider_move_to(c, vec(in), num(in)); break;
	default: def.size = vec(in), def.radius = num(in);
		tt_collider_set_def(c, &def); break;
	}
}

static void cutters(input *in, objects *o)
{
	tt_cutter_id k = PICK(in, o->cutters, o->nk, tt_cutter_id);
	tt_cutter_id id;
	switch (u8(in) % 3) {
	case 0:
		if (tt_cutter_create(o->world, vec(in), &id) == TT_OK)
			KEEP(o->cutters, o->nk, id);
		break;
	case 1: tt_cutter_move(k, vec(in)); break;
	default: tt_cutter_destroy(k); break;
	}
}

/* Angles, grabs and soft bodies: made, changed, destroyed. */
static void bodies(input *in, objects *o)
{
	tt_angle_def ad = tt_angle_def_default();
	tt_grab_def gd = tt_grab_def_default();
	tt_softbody_def sd = tt_softbody_def_default();
	tt_angle_id a;
	tt_grab_id g;
	tt_softbody_id b;
	switch (u8(in) % 6) {
	case 0:
		ad.a = PICK(in, o->particles, o->np, tt_particle_id);
		ad.b = PICK(in, o->particles, o->np, tt_particle_id);
		ad.c = PICK(in, o->particles, o->np, tt_particle_id);
		ad.rest = u8(in) & 1 ? num(in) : ad.rest;
		ad.compliance = u8(in) & 1 ? num(in) : 0.0f;
		ad.min = u8(in) & 1 ? num(in) : ad.min;
		if (tt_angle_create(o->world, &ad, &a) == TT_OK)
			KEEP(o->angles, o->na, a);
		break;
	case 1: tt_angle_destroy(PICK(in, o->angles, o->na, tt_angle_id)); break;
	case 2:
		gd.particle = PICK(in, o->particles, o->np, tt_particle_id);
		gd.target = vec(in);
		gd.stiffness = u8(in) & 1 ? num(in) : gd.stiffness;
		gd.max_force = u8(in) & 1 ? num(in) : 0.0f;
		if (tt_grab_create(o->world, &gd, &g) == TT_OK)
			KEEP(o->grabs, o->ng, g);
		break;
	case 3:
		g = PICK(in, o->grabs, o->ng, tt_grab_id);
		if (u8(in) & 1)
			tt_grab_set_target(g, vec(in));
		else
			tt_grab_destroy(g);
		break;
	case 4:
		sd.kind = (tt_softbody_kind)(u8(in) % 4);
		sd.center = vec(in);
		sd.radius = u8(in) & 1 ? num(in) : sd.radius;
		sd.segments = u8(in) & 1 ? count(in) : sd.segments;
		sd.cols = u8(in) & 1 ? count(in) : sd.cols;
		sd.size = u8(in) & 1 ? num(in) : sd.size;
		sd.pressure = u8(in) & 1 ? num(in) : sd.pressure;
		if (tt_softbody_create(o->world, &sd, &b) == TT_OK)
			KEEP(o->bodies, o->nb, b);
		break;
	default: tt_softbody_destroy(PICK(in, o->bodies, o->nb, tt_softbody_id));
	}
}

static void world_ops(input *in, objects *o)
{
	tt_world_def def = tt_world_get_def(o->world);
	int n;
	switch (u8(in) % 7) {
	case 0:
		def.gravity = vec(in);
		def.time_step = u8(in) & 1 ? num(in) : def.time_step;
		def.substeps = count(in);
		if (u8(in) & 1 && def.substeps > 0 && def.substeps < 40)
			def.substeps *= 25;  /* up to 975: a long step */
		def.iterations = count(in);
		def.max_speed = u8(in) & 1 ? num(in) : def.max_speed;
		def.particle_collision = u8(in) & 1;
		tt_world_set_def(o->world, &def);
		break;
	case 1: tt_world_cut(o->world, vec(in), vec(in), &n); break;
	case 2: tt_world_cut_near(o->world, vec(in), num(in), &n); break;
	case 3: tt_world_set_min_fragment(o->world, count(in)); break;
	case 4: tt_world_apply_force(o->world, vec(in)); break;
	case 5: {
		tt_cut_limits c = {num(in), num(in), count(in)};
		tt_world_set_cut_limits(o->world, &c);
		def.damping = num(in);
		tt_world_set_def(o->world, &def);
		break;
	}
	default: {
		size_t limit = def.max_bytes;
		def.max_bytes = (size_t)(u8(in) + 1) << 16;
		tt_world_set_def(o->world, &def);
		if (u8(in) & 1) {
			def.max_bytes = limit;
			tt_world_set_def(o->world, &def);
		}
	}
	}
}

static void make_cloth(input *in, objects *o)
{
	tt_cloth_def def = tt_cloth_def_default();
	int32_t pins[3] = {count(in), count(in), count(in)};
	def.cols = u8(in) & 1 ? count(in) : def.cols;
	def.rows = u8(in) & 1 ? count(in) : def.rows;
	def.width = u8(in) & 1 ? num(in) : def.width;
	def.origin = vec(in);
	def.stretch = u8(in) & 1 ? num(in) : def.stretch;
	def.shear = u8(in) & 1 ? num(in) : def.shear;
	def.drag = u8(in) & 1 ? num(in) : def.drag;
	def.lift = u8(in) & 1 ? num(in) : def.lift;
	def.max_strain = u8(in) & 1 ? num(in) : 0.0f;
	def.tethers = u8(in) & 1;
	def.pin_sets = u8(in);
	def.pins = pins;
	def.pin_count = u8(in) % 4;
	def.pin_frame = PICK(in, o->frames, o->nf, tt_frame_id);
	def.self_collision = u8(in) & 1;
	def.teleport_distance = u8(in) & 1 ? num(in) : def.teleport_distance;
	tt_cloth_id id;
	if (tt_cloth_create(o->world, &def, &id) == TT_OK)
		KEEP(o->cloths, o->ncl, id);
}

static void make_chain(input *in, objects *o)
{
	tt_bonechain_def def = tt_bonechain_def_default();
	tt_vec3 points[8];
	def.point_count = 1 + u8(in) % 8;
	for (int k = 0; k < def.point_count; k++)
		points[k] = u8(in) & 1 ? vec(in) : (tt_vec3){0.1f * (float)k, 0, 0};
	def.points = points;
	def.frame = PICK(in, o->frames, o->nf, tt_frame_id);
	if (u8(in) & 1)
		def.collider = PICK(in, o->colliders, o->nc, tt_collider_id);
	def.curve[u8(in) % TT_BONE_PARAM_COUNT] = tt_curve_constant(num(in));
	def.rate = u8(in) & 1 ? num(in) : 0.0f;
	def.end_length = u8(in) & 1 ? num(in) : 0.0f;
	def.teleport_distance = u8(in) & 1 ? num(in) : 0.0f;
	tt_bonechain_id id;
	if (tt_bonechain_create(o->world, &def, &id) == TT_OK)
		KEEP(o->chains, o->nch, id);
}

/* Frames, cloths on them, bone chains on them or on colliders. */
static void sheets(input *in, objects *o)
{
	tt_frame_def fd = {vec(in), tt_quat_axis_angle(vec(in), num(in))};
	tt_frame_id f = PICK(in, o->frames, o->nf, tt_frame_id);
	tt_cloth_id c = PICK(in, o->cloths, o->ncl, tt_cloth_id);
	tt_bonechain_id b = PICK(in, o->chains, o->nch, tt_bonechain_id);
	switch (u8(in) % 10) {
	case 0:
		if (tt_frame_create(o->world, &fd, &f) == TT_OK)
			KEEP(o->frames, o->nf, f);
		break;
	case 1: tt_frame_move_to(f, fd.position, fd.rotation); break;
	case 2: tt_frame_destroy(f); break;
	case 3: make_cloth(in, o); break;
	case 4: tt_cloth_destroy(c); break;
	case 5: tt_cloth_set_max_strain(c, num(in)); tt_cloth_reset(c); break;
	case 6: tt_cloth_translate(c, vec(in)); tt_cloth_set_drag(c, num(in)); break;
	case 7: make_chain(in, o); break;
	case 8: tt_bonechain_destroy(b); break;
	default: tt_bonechain_reset(b); break;
	}
}

/* Everything a reader can ask, of whatever ids the input names. */
static void read_all(input *in, objects *o)
{
	tt_ray_hit hit;
	tt_status status;
	tt_collider_id found[4];
	int32_t idx[8];
	int count_events;
	tt_world_raycast(o->world, vec(in), vec(in), num(in), u8(in) % 4, &hit,
			 &status);
	tt_world_overlap(o->world, vec(in), num(in), found, 4);
	tt_world_particles_in_box(o->world, vec(in), vec(in), idx, 8);
	tt_world_particle_pairs(o->world, idx, 4);
	tt_world_nearest_particle(o->world, vec(in), num(in));
	tt_world_air_velocity(o->world, vec(in));
	tt_world_events(o->world, &count_events);
	tt_world_hash(o->world);
	tt_world_energy(o->world);
	tt_world_max_strain(o->world);
	tt_world_batch_count(o->world);
	tt_rope_tension(PICK(in, o->ropes, o->nr, tt_rope_id));
	tt_rope_get_length(PICK(in, o->ropes, o->nr, tt_rope_id));
	tt_spring_get_force(PICK(in, o->springs, o->ns, tt_spring_id));
	tt_particle_get_pin_collider(PICK(in, o->particles, o->np, tt_particle_id));
}

/* A deterministic budget: a step ends at its first poll (about 250000
 * projections), so a step of 1000 x 1000 costs milliseconds. */
static int poll_budget(void *context)
{
	(void)context;
	return 1;
}

static void step(input *in, objects *o)
{
	int n = 1 + u8(in) % 3;
	for (int i = 0; i < n && o->steps < MAX_STEPS; i++, o->steps++)
		tt_world_step(o->world);
}

static void run(input *in, objects *o)
{
	static void (*const ops[])(input *, objects *) = {
		make_particle, make_particle, change_particle, make_spring,
		change_spring, make_rope,     change_rope,     make_wind,
		change_wind,   make_collider, change_collider, cutters,
		world_ops,     read_all,      step,	       bodies,
		sheets,
	};
	int n = (int)(sizeof ops / sizeof *ops);
	while (in->at < in->size)
		ops[u8(in) % n](in, o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	input in = {data, size, 0};
	objects o = {0};
	size_t before = tt_bytes_allocated();
	tt_set_byte_limit(before + ((size_t)64 << 20));
	tt_set_interrupt(poll_budget, NULL);
	tt_world_def def = tt_world_def_default();
	def.is_3d = u8(&in) & 1;
	def.particle_collision = u8(&in) & 1;
	def.max_bytes = (size_t)16 << 20;
	if (tt_world_create(&def, &o.world) != TT_OK)
		abort();
	run(&in, &o);
	/* the step's working memory is charged but not refused (alloc.h) */
	size_t held = tt_world_bytes(o.world) -
		      tt_account_working_bytes((int)o.world.index1);
	if (held > def.max_bytes)
		abort();  /* finding: a world past its (largest) limit */
	tt_world_destroy(o.world);
	if (tt_bytes_allocated() != before)
		abort();  /* finding: a destroyed world kept bytes */
	return 0;
}
