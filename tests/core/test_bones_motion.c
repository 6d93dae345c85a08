/* Dynamic-bone chains in motion: teleports (the chain's own, keep and
 * reset, and the world's), a head turning half a turn in one step with
 * hair on it, level of detail, nodes held by someone else, rates slower
 * than the world, a 2D tail, the calls refused, and memory. */
#include <math.h>

#include "bones.h"
#include "check.h"
#include "scenes.h"
#include "tests.h"

static void sway(tt_frame_id f, tt_vec3 offset, int step)
{
	float t = (float)step / 60.0f;
	tt_vec3 p = {offset.x + 0.4f * sinf(3.0f * t), offset.y + 1.5f,
		     offset.z + 0.1f * t};
	CHECK(tt_frame_move_to(f, p, tt_quat_axis_angle((tt_vec3){0, 1, 0},
							  sinf(2.0f * t))) == TT_OK);
}

typedef struct jumped {
	double speed, place;
} jumped;

/* Two worlds dance alike; at step 60 one root teleports 20 m (a set, not
 * a move). How far the chains' speeds and places (less the 20 m) end up
 * apart over the next 60 steps. */
static jumped teleported(tt_bone_teleport mode, double *off_pose)
{
	tt_bonechain_def def = tt_bonechain_def_default();
	def.teleport_distance = 5.0f;
	def.teleport_mode = mode;
	strand s[2];
	jumped out = {0.0, 0.0};
	for (int w = 0; w < 2; w++)
		bones_strand(&s[w], scene_world3(8), (tt_vec3){0, 1.5f, 0},
			     (tt_vec3){1, 0, 0}, 11, 0.1f, def);
	for (int k = 1; k <= 120; k++) {
		for (int w = 0; w < 2; w++) {
			tt_vec3 off = {w == 1 && k > 60 ? 20.0f : 0.0f, 0, 0};
			if (w == 1 && k == 61) {
				tt_frame_def fd = tt_frame_get_def(s[1].root);
				fd.position.x += 20.0f;
				CHECK(tt_frame_set_def(s[1].root, &fd) == TT_OK);
			}
			sway(s[w].root, off, k);
			tt_world_step(s[w].world);
		}
		if (k == 61)
			*off_pose = bones_off_pose(&s[1]);
		for (int i = 0; k > 60 && i < 11; i++) {
			tt_vec3 a = tt_bonechain_velocity(s[0].chain, i);
			tt_vec3 b = tt_bonechain_velocity(s[1].chain, i);
			tt_vec3 pa = bones_node(&s[0], i), pb = bones_node(&s[1], i);
			pb.x -= 20.0f;
			out.speed = fmax(out.speed, bones_distance(a, b));
			out.place = fmax(out.place, bones_distance(pa, pb));
		}
	}
	tt_world_destroy(s[0].world);
	tt_world_destroy(s[1].world);
	return out;
}

void test_bone_teleport(void)
{
	double keep_pose, reset_pose;
	jumped keep = teleported(TT_BONE_TELEPORT_KEEP, &keep_pose);
	jumped reset = teleported(TT_BONE_TELEPORT_RESET, &reset_pose);
	check_note("keep: speeds apart by %.2g m/s, places by %.2g m; reset: off "
		   "the animated pose by %.2g m (keep: %.2f)", keep.speed,
		   keep.place, reset_pose, keep_pose);
	CHECK(keep.speed < 1e-3 && keep.place < 1e-3);
	CHECK(reset_pose < 1e-5);
	CHECK(keep_pose > 0.05);  /* keep kept its swing, not the pose */
	CHECK(reset.speed > 0.01);  /* reset stopped it */
}

/* Twenty strands on a head that turns 180 degrees in every step (and
 * moves): no node inside the head. */
#define STRANDS 20
#define HEAD 0.1f

static tt_bonechain_id scalp_strand(tt_world_id world, tt_collider_id head,
				    int k, float inertia)
{
	float polar = 0.25f + 1.1f * (float)(k % 5) / 4.0f;
	float around = 6.2831853f * (float)(k / 5) / 4.0f + 0.3f * (float)k;
	tt_vec3 u = {sinf(polar) * cosf(around), cosf(polar),
		     sinf(polar) * sinf(around)};
	tt_vec3 points[8];
	for (int i = 0; i < 8; i++) {
		float r = HEAD + 0.04f * (float)i;
		points[i] = (tt_vec3){u.x * r, u.y * r, u.z * r};
	}
	tt_bonechain_def def = tt_bonechain_def_default();
	bones_knobs(&def, 0.1f, 0.05f, 0.1f, inertia);
	def.collider = head;
	def.points = points;
	def.point_count = 8;
	def.curve[TT_BONE_RADIUS] = tt_curve_constant(0.005f);
	tt_bonechain_id id = {0};
	CHECK(tt_bonechain_create(world, &def, &id) == TT_OK);
	return id;
}

/* How deep a node is inside the head (its radius in), and how deep a
 * segment passes through it: hair pulled through the head ends outside
 * it, but on the wrong side, with a segment across it. */
static double segment_depth(tt_vec3 a, tt_vec3 b, tt_vec3 c)
{
	tt_vec3 ab = {b.x - a.x, b.y - a.y, b.z - a.z};
	double len2 = ab.x * ab.x + ab.y * ab.y + ab.z * ab.z;
	double t = len2 > 0.0 ? ((c.x - a.x) * ab.x + (c.y - a.y) * ab.y +
				 (c.z - a.z) * ab.z) / len2
			      : 0.0;
	t = fmin(fmax(t, 0.0), 1.0);
	tt_vec3 q = {a.x + (float)t * ab.x, a.y + (float)t * ab.y,
		     a.z + (float)t * ab.z};
	return HEAD - bones_distance(q, c);
}

static void deepest(tt_collider_id head, const tt_bonechain_id *chains,
		    double *node, double *segment)
{
	tt_vec3 c = tt_collider_get_def(head).position;
	for (int k = 0; k < STRANDS; k++)
		for (int i = 1; i < 8; i++) {
			tt_vec3 x = tt_particle_get_position(tt_bonechain_node(chains[k], i));
			tt_vec3 up = tt_particle_get_position(tt_bonechain_node(chains[k], i - 1));
			*node = fmax(*node, HEAD + 0.005 - bones_distance(x, c));
			*segment = fmax(*segment, segment_depth(up, x, c));
		}
}

static void half_turns(float inertia, double *node, double *segment)
{
	tt_world_id world = scene_world3(8);
	tt_collider_def cd = tt_collider_def_default();
	cd.shape = TT_SHAPE_SPHERE;
	cd.radius = HEAD;
	cd.position = (tt_vec3){0, 1.6f, 0};
	tt_collider_id head = scene_collider(world, &cd);
	tt_bonechain_id chains[STRANDS];
	for (int k = 0; k < STRANDS; k++)
		chains[k] = scalp_strand(world, head, k, inertia);
	scene_steps(world, 60);  /* hanging */
	*node = *segment = -INFINITY;
	for (int k = 1; k <= 12; k++) {
		tt_vec3 at = {0.05f * (float)k, 1.6f, 0};
		tt_quat q = tt_quat_axis_angle((tt_vec3){0, 1, 0}, 3.14159265f * (float)k);
		CHECK(tt_collider_move_to_3d(head, at, q) == TT_OK);
		tt_world_step(world);
		deepest(head, chains, node, segment);
	}
	tt_world_destroy(world);
}

void test_bone_head_turn(void)
{
	double node[2], segment[2];
	half_turns(0.0f, &node[0], &segment[0]);
	half_turns(0.5f, &node[1], &segment[1]);
	check_note("after half turns in a step, deepest in the head: node %.2g m, "
		   "segment %.3f m (inertia 0); %.2g, %.3f (0.5)", node[0],
		   segment[0], node[1], segment[1]);
	CHECK(node[0] < 1e-4 && node[1] < 1e-4);
	CHECK(segment[0] < 0.2 * HEAD && segment[1] < 0.2 * HEAD);
}

/* Beyond cull a chain does no update and shows the animated pose; between
 * near and far fewer; inside near one a step. */
void test_bone_lod(void)
{
	tt_world_id world = scene_world3(8);
	tt_bonechain_def def = tt_bonechain_def_default();
	def.lod = (tt_bone_lod){.near = 5, .far = 10, .cull = 20, .rate = 20};
	strand s;
	bones_strand(&s, world, (tt_vec3){30, 1.5f, 0}, (tt_vec3){1, 0, 0}, 11,
		     0.1f, def);
	uint64_t counted[3];
	double off = 0.0;
	float where[3] = {30.0f, 7.0f, 2.0f};
	int levels[TT_BONE_LEVEL_COUNT];
	for (int phase = 0; phase < 3; phase++) {
		uint64_t before = tt_bonechain_node_updates(s.chain);
		for (int k = 1; k <= 60; k++) {
			sway(s.root, (tt_vec3){where[phase], 0, 0}, 60 * phase + k);
			tt_world_step(world);
			if (phase == 0)
				off = fmax(off, bones_off_pose(&s));
		}
		counted[phase] = tt_bonechain_node_updates(s.chain) - before;
		CHECK(tt_bonechain_level(s.chain) == (phase == 0   ? TT_BONE_LEVEL_CULLED
						      : phase == 1 ? TT_BONE_LEVEL_LOW
								   : TT_BONE_LEVEL_FULL));
		CHECK(tt_world_bonechain_levels(world, levels) == 1);
		CHECK(levels[tt_bonechain_level(s.chain)] == 1);
	}
	check_note("node updates in a second: culled %d (off the pose by %.2g m), "
		   "at 7 m %d, at 2 m %d", (int)counted[0], off, (int)counted[1],
		   (int)counted[2]);
	CHECK(counted[0] == 0 && off < 1e-5);
	CHECK(counted[2] == 600);          /* 60 updates of 10 nodes */
	CHECK(counted[1] >= 400 && counted[1] <= 480);  /* 44 Hz at 7 m */
	tt_world_destroy(world);
}

/* A node moved by someone else (move_to, as the mouse does) is held
 * there, the chain bending to it (a step or two behind while it is dragged
 * fast); held still it stays; let go it falls. */
void test_bone_held(void)
{
	tt_world_id world = scene_world3(8);
	strand s;
	bones_strand(&s, world, (tt_vec3){0, 2, 0}, (tt_vec3){0, -1, 0}, 11, 0.1f,
		     tt_bonechain_def_default());
	scene_steps(world, 60);
	tt_particle_id grabbed = tt_bonechain_node(s.chain, 6);
	tt_vec3 target = {0.3f, 1.55f, 0.1f};  /* within its reach */
	double gap[2] = {0.0, 0.0};  /* moving, still */
	for (int k = 0; k < 90; k++) {
		tt_vec3 at = tt_particle_get_position(grabbed);
		tt_vec3 step = k < 30 ? (tt_vec3){at.x + (target.x - at.x) * 0.3f,
						  at.y + (target.y - at.y) * 0.3f,
						  at.z + (target.z - at.z) * 0.3f}
				      : target;
		CHECK(tt_particle_move_to(grabbed, step) == TT_OK);
		tt_world_step(world);
		gap[k >= 30] = fmax(gap[k >= 30],
				    bones_distance(tt_particle_get_position(grabbed), step));
	}
	tt_vec3 above = bones_node(&s, 3), below = bones_node(&s, 9);
	double longest = 0.0;  /* dragged out of reach: a clamp, not a tear */
	for (int k = 0; k < 30; k++) {
		CHECK(tt_particle_move_to(grabbed, (tt_vec3){2, 2, 0}) == TT_OK);
		tt_world_step(world);
		for (int i = 1; i < 11; i++)
			longest = fmax(longest, bones_distance(bones_node(&s, i),
							       bones_node(&s, i - 1)));
	}
	scene_steps(world, 120);
	tt_vec3 fallen = bones_node(&s, 6);
	check_note("held within %.2g m moving, %.2g m still; node 3 pulled to "
		   "x %.2f, node 9 to %.2f; out of reach the longest segment "
		   "%.5f m (rest 0.1); let go, it hangs back at x %.2f",
		   gap[0], gap[1], above.x, below.x, longest, fallen.x);
	CHECK(longest < 0.1 * (1.0 + 1e-3));
	CHECK(gap[0] < 0.02 && gap[1] < 1e-4);  /* moving 10 cm a step, it lags */
	CHECK(above.x > 0.05 && below.x > 0.2);
	CHECK(fallen.x < 0.05);
	tt_world_destroy(world);
}

/* A 20 Hz chain in a 60 Hz world updates every third step, and between
 * its updates its particles ride the root: a steady glide draws steady
 * (drawn as simulated, the tip would stand two steps and leap the third). */
void test_bone_rate(void)
{
	tt_world_id world = scene_world3(8);
	tt_bonechain_def def = tt_bonechain_def_default();
	def.rate = 20.0f;
	strand s;
	bones_strand(&s, world, (tt_vec3){0, 1.5f, 0}, (tt_vec3){0, -1, 0}, 6, 0.1f,
		     def);
	scene_steps(world, 60);
	uint64_t before = tt_bonechain_node_updates(s.chain);
	double fastest = 0.0, slowest = INFINITY;
	tt_vec3 last = bones_node(&s, 5);
	for (int k = 1; k <= 180; k++) {
		CHECK(tt_frame_move_to(s.root, (tt_vec3){0.02f * (float)k, 1.5f, 0},
				       (tt_quat){1, 0, 0, 0}) == TT_OK);
		tt_world_step(world);
		tt_vec3 tip = bones_node(&s, 5);
		double moved = fabs(tip.x - last.x);
		if (k > 120)  /* trailing steadily */
			fastest = fmax(fastest, moved), slowest = fmin(slowest, moved);
		last = tip;
	}
	int updates = (int)(tt_bonechain_node_updates(s.chain) - before) / 5;
	check_note("%d updates in 180 steps; the tip moved %.4f to %.4f m a step",
		   updates, slowest, fastest);
	CHECK(updates == 60);
	CHECK(slowest > 0.018 && fastest < 0.022);  /* 0.02 a step */
	tt_world_destroy(world);
}

/* A 2D tail on a box that runs and jumps: it trails, stays above the
 * floor, and stays in the plane. */
void test_bone_tail_2d(void)
{
	tt_world_id world = scene_world(8);
	tt_collider_def cd = tt_collider_def_default();
	cd.size = (tt_vec3){0.6f, 0.8f, 0};
	cd.position = (tt_vec3){0, 0.4f, 0};
	tt_collider_id body = scene_collider(world, &cd);
	cd.shape = TT_SHAPE_PLANE;
	cd.position = (tt_vec3){0, 0, 0};
	scene_collider(world, &cd);
	tt_vec3 points[7];
	for (int i = 0; i < 7; i++)
		points[i] = (tt_vec3){-0.3f - 0.1f * (float)i, 0, 0};
	tt_bonechain_def def = tt_bonechain_def_default();
	def.collider = body;
	def.points = points;
	def.point_count = 7;
	tt_bonechain_id tail;
	CHECK(tt_bonechain_create(world, &def, &tail) == TT_OK);
	double lowest = INFINITY, flat = 0.0, trail = INFINITY;
	for (int k = 1; k <= 120; k++) {
		float t = (float)k / 60.0f, hop = fmaxf(sinf(6.0f * t), 0.0f);
		CHECK(tt_collider_move_to(body, (tt_vec3){3.0f * t, 0.4f + 0.5f * hop, 0},
					  0.0f) == TT_OK);
		tt_world_step(world);
		for (int i = 1; i < 7; i++) {
			tt_vec3 x = tt_particle_get_position(tt_bonechain_node(tail, i));
			lowest = fmin(lowest, x.y), flat = fmax(flat, fabs(x.z));
		}
		tt_vec3 tip = tt_particle_get_position(tt_bonechain_node(tail, 6));
		trail = fmin(trail, 3.0 * t - tip.x);
	}
	check_note("lowest node %.3f m (radius 0.01), off the plane %.2g, tip "
		   "behind the body by %.2f m at least", lowest, flat, trail);
	CHECK(lowest > 0.01 - 1e-4 && flat == 0.0 && trail > 0.3);
	tt_world_destroy(world);
}

/* The world moved 100 m at once: a rope, a resting particle, a grabbed
 * one and a chain keep their speeds exactly, and a step later move on as in a world that
 * was not moved, but for float rounding at 100 m (an ulp of position per
 * substep is 4e-3 m/s). */
static tt_world_id teleport_scene(strand *s)
{
	tt_world_id world = scene_world3(8);
	bones_strand(s, world, (tt_vec3){0, 1.5f, 0}, (tt_vec3){1, 0, 0}, 11, 0.1f,
		     tt_bonechain_def_default());
	tt_rope_def rd = tt_rope_def_default();
	rd.from = (tt_vec3){2, 2, 0};
	rd.to = (tt_vec3){4, 2, 0};
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &rd, &rope) == TT_OK);
	tt_collider_def cd = tt_collider_def_default();
	cd.size = (tt_vec3){2, 0.2f, 2};
	cd.position = (tt_vec3){-2, 0, 0};
	scene_collider(world, &cd);
	scene_particle(world, (tt_vec3){-2, 0.5f, 0}, 1.0f);
	tt_grab_def gd = tt_grab_def_default();  /* a held ball */
	gd.particle = scene_particle(world, (tt_vec3){-4, 2, 0}, 1.0f);
	gd.target = (tt_vec3){-4, 2.5f, 0};
	CHECK(tt_grab_create(world, &gd, &(tt_grab_id){0}) == TT_OK);
	return world;
}

/* How far the worlds' particles and chain nodes are apart (b less d). */
static void apart(const strand *a, const strand *b, tt_vec3 d, double *place,
		  double *speed)
{
	*place = *speed = 0.0;
	for (int i = 0; i < tt_world_particle_count(a->world); i++) {
		tt_particle_id p = tt_world_particle_at(a->world, i);
		tt_particle_id q = tt_world_particle_at(b->world, i);
		tt_vec3 x = tt_particle_get_position(q);
		x = (tt_vec3){x.x - d.x, x.y - d.y, x.z - d.z};
		*place = fmax(*place, bones_distance(tt_particle_get_position(p), x));
		*speed = fmax(*speed, bones_distance(tt_particle_get_velocity(p),
						     tt_particle_get_velocity(q)));
	}
	for (int i = 0; i < 11; i++)
		*speed = fmax(*speed, bones_distance(tt_bonechain_velocity(a->chain, i),
						     tt_bonechain_velocity(b->chain, i)));
}

void test_world_teleport(void)
{
	strand a, b;
	teleport_scene(&a), teleport_scene(&b);
	const tt_vec3 d = {100, 0, 50}, none = {0, 0, 0};
	double place, speed, kept;
	for (int k = 1; k <= 61; k++) {
		if (k == 61) {
			CHECK(tt_world_teleport(b.world, d) == TT_OK);
			apart(&a, &b, d, &place, &kept);
		}
		sway(a.root, none, k);
		sway(b.root, k > 60 ? d : none, k);
		tt_world_step(a.world);
		tt_world_step(b.world);
	}
	apart(&a, &b, d, &place, &speed);
	check_note("speeds kept to %.2g m/s; a step later places apart by %.2g m, "
		   "speeds by %.2g m/s", kept, place, speed);
	CHECK(kept == 0.0 && place < 1e-4 && speed < 1e-2);
	CHECK(tt_world_teleport(a.world, (tt_vec3){NAN, 0, 0}) == TT_ERR_NOT_FINITE);
	tt_world_destroy(a.world);
	tt_world_destroy(b.world);
}

static tt_status create_with(tt_world_id world, tt_bonechain_def def)
{
	tt_bonechain_id id;
	return tt_bonechain_create(world, &def, &id);
}

void test_bone_refused(void)
{
	tt_world_id world = scene_world3(8), other = scene_world3(8);
	strand s;
	bones_strand(&s, world, (tt_vec3){0, 1, 0}, (tt_vec3){1, 0, 0}, 5, 0.1f,
		     tt_bonechain_def_default());
	tt_bonechain_def d = tt_bonechain_get_def(s.chain), bad = d;
	bad.frame = (tt_frame_id){0};
	CHECK(create_with(world, bad) == TT_ERR_CHAIN_ROOT);
	CHECK(create_with(other, d) == TT_ERR_CHAIN_ROOT);
	bad = d, bad.point_count = 1;
	CHECK(create_with(world, bad) == TT_ERR_CHAIN_POINTS);
	tt_vec3 twice[3] = {{0, 0, 0}, {0, 0, 0}, {1, 0, 0}};
	bad = d, bad.points = twice, bad.point_count = 3;
	CHECK(create_with(world, bad) == TT_ERR_CHAIN_POINTS);
	bad = d, bad.curve[TT_BONE_STIFFNESS] = tt_curve_constant(1.5f);
	CHECK(create_with(world, bad) == TT_ERR_UNIT_RANGE);
	bad = d, bad.curve[TT_BONE_RADIUS] = tt_curve_constant(-1.0f);
	CHECK(create_with(world, bad) == TT_ERR_NEGATIVE);
	bad = d, bad.curve[TT_BONE_DAMPING] = (tt_curve){2, {0.5f, 0.2f}, {0, 0}};
	CHECK(create_with(world, bad) == TT_ERR_CURVE);
	bad = d, bad.lod = (tt_bone_lod){.near = 5, .far = 2, .cull = 9, .rate = 20};
	CHECK(create_with(world, bad) == TT_ERR_CHAIN_LOD);
	bad = d, bad.rate = -1.0f;
	CHECK(create_with(world, bad) == TT_ERR_RATE);
	bad = d, bad.teleport_angle = NAN;
	CHECK(create_with(world, bad) == TT_ERR_TELEPORT);
	bad = d, bad.mass = 0.0f;
	CHECK(create_with(world, bad) == TT_ERR_MASS);
	tt_collider_def cd = tt_collider_def_default();
	bad = d, bad.collider_count = 1;
	bad.colliders[0].collider = scene_collider(other, &cd);
	CHECK(create_with(world, bad) == TT_ERR_CHAIN_COLLIDERS);
	bad = d, bad.point_count = 4;
	CHECK(tt_bonechain_set_def(s.chain, &bad) == TT_ERR_CHAIN_POINTS);
	CHECK(tt_bone_preset_apply("wet", (tt_vec3){0, -9.81f, 0}, &bad) ==
	      TT_ERR_PRESET);
	/* a gravity that overflows: caught, reported, never spread */
	bad = d, bad.gravity = (tt_vec3){0, -3e38f, 0};
	CHECK(tt_bonechain_set_def(s.chain, &bad) == TT_OK);
	scene_steps(world, 2);
	int count = 0;
	const tt_event *e = tt_world_events(world, &count);
	CHECK(count > 0 && e[0].kind == TT_EVENT_NONFINITE);
	CHECK(tt_world_nonfinite_resets(world) > 0);
	for (int i = 0; i < 5; i++) {
		tt_vec3 x = tt_bonechain_position(s.chain, i);
		CHECK(isfinite(x.x) && isfinite(x.y) && isfinite(x.z));
	}
	CHECK(tt_bonechain_set_def(s.chain, &d) == TT_OK);
	/* a node destroyed cuts the chain there; the chain destroyed goes */
	CHECK(tt_particle_destroy(tt_bonechain_node(s.chain, 3)) == TT_OK);
	tt_world_step(world);
	CHECK(tt_bonechain_node_count(s.chain) == 3);
	CHECK(tt_world_particle_count(world) == 3);
	CHECK(tt_bonechain_destroy(s.chain) == TT_OK);
	CHECK(tt_bonechain_destroy(s.chain) == TT_ERR_CHAIN_STALE);
	CHECK(tt_world_particle_count(world) == 0);
	CHECK(tt_bonechain_set_def(s.chain, &d) == TT_ERR_CHAIN_STALE);
	tt_world_destroy(world);
	tt_world_destroy(other);
}

void test_bone_presets(void)
{
	const tt_vec3 g = {0, -9.81f, 0};
	CHECK(tt_bone_preset_count() == 4);
	for (int i = 0; i < tt_bone_preset_count(); i++) {
		tt_bonechain_def def = tt_bonechain_def_default();
		CHECK(tt_bone_preset_apply(tt_bone_preset_name(i), g, &def) == TT_OK);
		for (int k = 0; k < TT_BONE_PARAM_COUNT; k++)
			CHECK(tt_bone_curve_check((tt_bone_param)k, &def.curve[k]) == TT_OK);
	}
	tt_bonechain_def floaty = tt_bonechain_def_default();
	CHECK(tt_bone_preset_apply("floaty", g, &floaty) == TT_OK);
	CHECK(floaty.gravity.y > 0.0f);
	CHECK(tt_bone_preset_name(4) == NULL);
}

void test_bone_memory(void)
{
	size_t before = tt_bytes_allocated();
	for (int round = 0; round < 3; round++) {
		tt_world_id world = scene_world3(8);
		strand s[3];
		for (int k = 0; k < 3; k++)
			bones_strand(&s[k], world, (tt_vec3){(float)k, 1, 0},
				     (tt_vec3){1, 0, 0}, 20, 0.05f,
				     tt_bonechain_def_default());
		scene_steps(world, 10);
		CHECK(tt_bonechain_destroy(s[1].chain) == TT_OK);
		scene_steps(world, 10);
		tt_world_destroy(world);
	}
	CHECK(tt_bytes_allocated() == before);
}
