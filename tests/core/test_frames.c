/* Frames and 3D pins: particles pinned to a frame, or to a collider, that
 * dances (translates 1 m while it turns a quarter about a tilted axis,
 * then jumps 1 m and turns another quarter within one step) ride it
 * exactly, at no speed above the frame's own; the frame's API and the
 * calls it refuses. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define PINS 4
#define QUARTER 1.5707963f

static const tt_vec3 offsets[PINS] = {
	{0.3f, 0, 0}, {0, 0.3f, 0}, {0, 0, 0.3f}, {0.2f, -0.1f, 0.25f}};

typedef struct mover {
	tt_frame_id frame;        /* this, or */
	tt_collider_id collider;  /* this */
} mover;

static tt_status move(mover m, tt_vec3 p, tt_quat q)
{
	return m.frame.index1 ? tt_frame_move_to(m.frame, p, q)
			      : tt_collider_move_to_3d(m.collider, p, q);
}

static tt_vec3 to_world(mover m, tt_vec3 l)
{
	return m.frame.index1 ? tt_frame_to_world(m.frame, l)
			      : tt_collider_to_world(m.collider, l);
}

static double distance(tt_vec3 a, tt_vec3 b)
{
	double x = a.x - b.x, y = a.y - b.y, z = a.z - b.z;
	return sqrt(x * x + y * y + z * z);
}

typedef struct measure {
	double gap, excess, top_speed;
} measure;

/* One step to (p, q): each pin's distance from its offset on the mover,
 * and how much faster than the mover's point there it went. */
static void step_to(tt_world_id world, mover m, const tt_particle_id *pins,
		    tt_vec3 p, tt_quat q, measure *out)
{
	const double dt = 1.0 / 60.0;
	tt_vec3 before[PINS], own_before[PINS];
	for (int i = 0; i < PINS; i++) {
		before[i] = tt_particle_get_position(pins[i]);
		own_before[i] = to_world(m, offsets[i]);
	}
	CHECK(move(m, p, q) == TT_OK);
	tt_world_step(world);
	for (int i = 0; i < PINS; i++) {
		tt_vec3 x = tt_particle_get_position(pins[i]), v = tt_particle_get_velocity(pins[i]);
		tt_vec3 own = to_world(m, offsets[i]);
		double own_speed = distance(own, own_before[i]) / dt;
		double speed = fmax(distance(x, before[i]) / dt,
				    distance(v, (tt_vec3){0, 0, 0}));
		out->gap = fmax(out->gap, distance(x, own));
		out->excess = fmax(out->excess, speed - own_speed);
		out->top_speed = fmax(out->top_speed, own_speed);
	}
}

/* The dance; pins are pinned at offsets on the mover resting at
 * (0, 1, 0), not turned. */
static measure dance(tt_world_id world, mover m, const tt_particle_id *pins)
{
	measure out = {0, -INFINITY, 0};
	tt_vec3 axis = {1.0f, 1.0f, 0.5f};
	for (int k = 1; k <= 60; k++) {
		float t = (float)k / 60.0f;
		tt_vec3 p = {t, 1.0f + 0.2f * sinf(6.2831853f * t), 0.0f};
		step_to(world, m, pins, p, tt_quat_axis_angle(axis, QUARTER * t), &out);
	}
	step_to(world, m, pins, (tt_vec3){2.0f, 1.3f, -0.5f},
		tt_quat_axis_angle(axis, 2.0f * QUARTER), &out);
	return out;
}

static void pin_all(tt_world_id world, mover m, tt_particle_id *pins)
{
	for (int i = 0; i < PINS; i++) {
		pins[i] = scene_particle(world, (tt_vec3){0, 0, 0}, 1.0f);
		CHECK((m.frame.index1 ? tt_particle_pin_to_frame(pins[i], m.frame, offsets[i])
				      : tt_particle_pin_to(pins[i], m.collider, offsets[i])) ==
		      TT_OK);
	}
}

void test_frame_dance(void)
{
	tt_world_id world = scene_world3(8);
	tt_frame_def fd = tt_frame_def_default();
	fd.position = (tt_vec3){0, 1, 0};
	mover frame = {0}, ball = {0};
	CHECK(tt_frame_create(world, &fd, &frame.frame) == TT_OK);
	tt_collider_def cd = tt_collider_def_default();
	cd.shape = TT_SHAPE_SPHERE;
	cd.radius = 0.25f;
	cd.position = fd.position;
	ball.collider = scene_collider(world, &cd);
	tt_particle_id on_frame[PINS], on_ball[PINS];
	pin_all(world, frame, on_frame);
	pin_all(world, ball, on_ball);
	tt_world_step(world);  /* places them */
	CHECK(tt_frame_id_equal(tt_particle_get_pin_frame(on_frame[0]), frame.frame));
	CHECK(tt_particle_get_pin_collider(on_frame[0]).index1 == 0);
	measure f = dance(world, frame, on_frame);
	/* the ball's dance runs in the same world, after the frame's */
	measure c = dance(world, ball, on_ball);
	check_note("frame: off by %.2g m, speed above its own %.2g m/s (top %.0f); "
		   "collider: %.2g m, %.2g m/s", f.gap, f.excess, f.top_speed, c.gap,
		   c.excess);
	CHECK(f.gap < 1e-4 && c.gap < 1e-4);
	CHECK(f.excess < 1e-3 && c.excess < 1e-3);
	CHECK(f.top_speed > 60.0);  /* the jump: 1 m and a quarter turn in a step */
	tt_world_destroy(world);
}

/* Half way through a move the frame's point is half way (in position,
 * and along the turn); to_local undoes to_world. */
static void check_points(tt_frame_id frame)
{
	CHECK(tt_frame_move_to(frame, (tt_vec3){2, 0, 0},
			       tt_quat_axis_angle((tt_vec3){0, 0, 1}, QUARTER)) == TT_OK);
	tt_vec3 mid = tt_frame_point_at(frame, (tt_vec3){1, 0, 0}, 0.5f);
	CHECK_NEAR(mid.x, 1.0 + cos(QUARTER / 2), 1e-6);
	CHECK_NEAR(mid.y, sin(QUARTER / 2), 1e-6);
	tt_vec3 end = tt_frame_to_world(frame, (tt_vec3){1, 0, 0});
	CHECK_NEAR(end.x, 2.0, 1e-6);
	CHECK_NEAR(end.y, 1.0, 1e-6);
	tt_vec3 back = tt_frame_to_local(frame, end);
	CHECK_NEAR(back.x, 1.0, 1e-6);
	CHECK_NEAR(back.y, 0.0, 1e-6);
}

void test_frame_api(void)
{
	size_t bytes = tt_bytes_allocated();
	tt_world_id w2 = scene_world(8), world = scene_world3(8);
	tt_frame_def fd = tt_frame_def_default();
	tt_frame_id frame, other;
	CHECK(tt_frame_create(w2, &fd, &frame) == TT_ERR_NEEDS_3D);
	fd.rotation = (tt_quat){0, 0, 0, 0};
	CHECK(tt_frame_create(world, &fd, &frame) == TT_ERR_ROTATION);
	fd.rotation = (tt_quat){0, 0, 0, 3};  /* made unit */
	CHECK(tt_frame_create(world, &fd, &frame) == TT_OK);
	CHECK_NEAR(tt_frame_get_def(frame).rotation.z, 1.0, 0.0);
	fd = tt_frame_def_default();
	CHECK(tt_frame_set_def(frame, &fd) == TT_OK);
	check_points(frame);
	CHECK(tt_frame_move_to(frame, (tt_vec3){NAN, 0, 0}, fd.rotation) ==
	      TT_ERR_NOT_FINITE);
	CHECK(tt_frame_create(world, &fd, &other) == TT_OK);
	CHECK(tt_world_frame_count(world) == 2);
	tt_particle_id p = scene_particle(world, (tt_vec3){0, 0, 0}, 1.0f);
	tt_particle_id q = scene_particle(w2, (tt_vec3){0, 0, 0}, 1.0f);
	CHECK(tt_particle_pin_to_frame(q, other, (tt_vec3){0, 0, 0}) == TT_ERR_OTHER_WORLD);
	CHECK(tt_particle_pin_to_frame(p, other, (tt_vec3){0, 1, 0}) == TT_OK);
	tt_world_step(world);
	CHECK_NEAR(tt_particle_get_position(p).y, 1.0, 1e-6);
	CHECK(tt_frame_destroy(frame) == TT_OK);
	CHECK(!tt_frame_valid(frame) && tt_frame_valid(other));
	CHECK(tt_frame_id_equal(tt_world_frame_at(world, 0), other));
	CHECK(tt_frame_destroy(other) == TT_OK);
	CHECK(tt_frame_destroy(other) == TT_ERR_FRAME_STALE);
	CHECK(tt_particle_pin_to_frame(p, other, fd.position) == TT_ERR_FRAME_STALE);
	CHECK(tt_particle_get_pin_frame(p).index1 == 0 && tt_particle_get_pinned(p));
	tt_world_step(world);
	CHECK_NEAR(tt_particle_get_position(p).y, 1.0, 0.0);  /* pinned where it was */
	tt_world_destroy(world);
	tt_world_destroy(w2);
	CHECK(tt_bytes_allocated() == bytes);
}
