/* Queries and swept contacts against 3D colliders: raycasts on every
 * shape against hits worked out in double precision here, overlap of a
 * sphere, rope segments hit by rays, and 1000 particles fired at 100 m/s
 * at a thin turned box, none ending inside it or through it. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

typedef struct dvec {
	double x, y, z;
} dvec;

static dvec dv(tt_vec3 v) { return (dvec){v.x, v.y, v.z}; }
static dvec dsub(dvec a, dvec b) { return (dvec){a.x - b.x, a.y - b.y, a.z - b.z}; }
static dvec dmad(dvec a, dvec b, double s)
{
	return (dvec){a.x + b.x * s, a.y + b.y * s, a.z + b.z * s};
}
static double ddot(dvec a, dvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static dvec dunit(dvec a) { return dmad((dvec){0, 0, 0}, a, 1.0 / sqrt(ddot(a, a))); }

/* The quaternion q turning v, in double (v + 2w(u x v) + 2u x (u x v)). */
static dvec drotate(tt_quat q, dvec v)
{
	dvec u = {q.x, q.y, q.z};
	dvec t = {2 * (u.y * v.z - u.z * v.y), 2 * (u.z * v.x - u.x * v.z),
		  2 * (u.x * v.y - u.y * v.x)};
	dvec c = {u.y * t.z - u.z * t.y, u.z * t.x - u.x * t.z, u.x * t.y - u.y * t.x};
	return (dvec){v.x + q.w * t.x + c.x, v.y + q.w * t.y + c.y,
		      v.z + q.w * t.z + c.z};
}

/* First entry of ray o + t u (u unit) into the sphere (c, r), or -1. */
static double sphere_entry(dvec o, dvec u, dvec c, double r)
{
	dvec m = dsub(o, c);
	double b = ddot(m, u), disc = b * b - (ddot(m, m) - r * r);
	return disc < 0.0 ? -1.0 : -b - sqrt(disc);
}

static int hits_checked;
static double worst_point, worst_normal;

/* Cast o -> u in the world and compare with the expected point, normal. */
static void expect_hit(tt_world_id world, dvec o, dvec u, dvec point, dvec normal)
{
	tt_ray_hit hit;
	tt_status status;
	tt_vec3 origin = {(float)o.x, (float)o.y, (float)o.z};
	tt_vec3 dir = {(float)u.x, (float)u.y, (float)u.z};
	CHECK(tt_world_raycast(world, origin, dir, 100.0f, TT_RAY_ALL, &hit, &status));
	dvec ep = dsub(dv(hit.point), point), en = dsub(dv(hit.normal), normal);
	worst_point = fmax(worst_point, sqrt(ddot(ep, ep)));
	worst_normal = fmax(worst_normal, sqrt(ddot(en, en)));
	CHECK_NEAR(sqrt(ddot(ep, ep)), 0.0, 1e-5);
	CHECK_NEAR(sqrt(ddot(en, en)), 0.0, 1e-5);
	CHECK_NEAR(hit.distance, sqrt(ddot(dsub(point, o), dsub(point, o))), 1e-5);
	hits_checked++;
}

static tt_world_id world_with(tt_collider_def def)
{
	tt_world_id world = scene_world3(8);
	scene_collider(world, &def);
	return world;
}

static void sphere_rays(void)
{
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_SPHERE;
	def.radius = 0.5f;
	def.position = (tt_vec3){1, 2, 3};
	tt_world_id world = world_with(def);
	dvec c = {1, 2, 3}, o = {4, 2.2, 2.9}, u = dunit(dsub((dvec){1.1, 2.1, 3.05}, o));
	dvec p = dmad(o, u, sphere_entry(o, u, c, 0.5));
	expect_hit(world, o, u, p, dunit(dsub(p, c)));
	tt_world_destroy(world);
}

/* A capsule turned 0.5 rad about z, 2 m long: a ray across its body and
 * one down its axis onto an end. */
static void capsule_rays(void)
{
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_CAPSULE;
	def.radius = 0.3f;
	def.length = 2.0f;
	def.rotation = tt_quat_axis_angle((tt_vec3){0, 0, 1}, 0.5f);
	tt_world_id world = world_with(def);
	dvec axis = drotate(def.rotation, (dvec){1, 0, 0});
	dvec side = drotate(def.rotation, (dvec){0, 1, 0});
	/* across: from 3 m out along side, aimed at the axis point 0.4 along */
	dvec target = dmad((dvec){0, 0, 0}, axis, 0.4);
	dvec o = dmad(dmad(target, side, 3.0), (dvec){0, 0, 1}, 0.1);
	dvec u = dunit(dsub(target, o));
	/* in the plane across the axis the body is a circle of radius 0.3 */
	dvec m = dsub(o, target);
	double a = 1.0 - ddot(u, axis) * ddot(u, axis);
	dvec mp = dmad(m, axis, -ddot(m, axis)), up = dmad(u, axis, -ddot(u, axis));
	double b = ddot(mp, up), cc = ddot(mp, mp) - 0.09;
	double t = (-b - sqrt(b * b - a * cc)) / a;
	dvec p = dmad(o, u, t);
	dvec q = dmad((dvec){0, 0, 0}, axis, ddot(p, axis));
	expect_hit(world, o, u, p, dunit(dsub(p, q)));
	/* along the axis onto the end sphere at +1 */
	dvec end = dmad((dvec){0, 0, 0}, axis, 1.0);
	o = dmad(dmad(end, axis, 4.0), side, 0.1);
	u = dmad((dvec){0, 0, 0}, axis, -1.0);
	p = dmad(o, u, sphere_entry(o, u, end, 0.3));
	expect_hit(world, o, u, p, dunit(dsub(p, end)));
	tt_world_destroy(world);
}

/* A box turned about a tilted axis: rays onto its top face and a side
 * face, met where the ray crosses the face's plane. */
static void box_rays(void)
{
	tt_collider_def def = tt_collider_def_default();
	def.size = (tt_vec3){2.0f, 0.5f, 1.0f};
	def.position = (tt_vec3){-1, 0.5f, 2};
	def.rotation = tt_quat_axis_angle((tt_vec3){1, 2, 0.5f}, 0.7f);
	tt_world_id world = world_with(def);
	dvec c = {-1, 0.5, 2};
	dvec faces[2][2] = {{{0, 1, 0}, {0.3, 0.25, -0.2}}, {{1, 0, 0}, {1, 0.1, 0.3}}};
	for (int k = 0; k < 2; k++) {
		dvec n = drotate(def.rotation, faces[k][0]);
		dvec target = dmad(c, drotate(def.rotation, faces[k][1]), 1.0);
		dvec o = dmad(dmad(target, n, 2.0), drotate(def.rotation, (dvec){0.2, 0, 0.3}),
			      1.0);
		dvec u = dunit(dsub(target, o));
		double t = ddot(dsub(target, o), n) / ddot(u, n);
		expect_hit(world, o, u, dmad(o, u, t), n);
	}
	tt_world_destroy(world);
}

static void plane_rays(void)
{
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_PLANE;
	def.position = (tt_vec3){0, -1, 0};
	dvec n = dunit((dvec){0.3, 1, -0.2});
	def.rotation = tt_quat_between((tt_vec3){0, 1, 0},
				       (tt_vec3){(float)n.x, (float)n.y, (float)n.z});
	tt_world_id world = world_with(def);
	dvec o = {2, 3, 1}, u = dunit((dvec){-0.4, -1, 0.3});
	double t = ddot(dsub((dvec){0, -1, 0}, o), n) / ddot(u, n);
	expect_hit(world, o, u, dmad(o, u, t), n);
	tt_world_destroy(world);
}

/* A tetrahedron: a ray onto its slanted face (1, 1, 1). */
static void hull_rays(void)
{
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_HULL;
	tt_vec3 corners[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	for (int k = 0; k < 4; k++)
		def.points[k] = corners[k];
	def.point_count = 4;
	def.position = (tt_vec3){0.5f, 0.5f, 0.5f};
	tt_world_id world = world_with(def);
	dvec n = dunit((dvec){1, 1, 1}), target = {0.5 + 0.2, 0.5 + 0.3, 0.5 + 0.5};
	dvec o = {3, 2, 2.5}, u = dunit(dsub(target, o));
	double t = ddot(dsub(target, o), n) / ddot(u, n);
	expect_hit(world, o, u, dmad(o, u, t), n);
	tt_world_destroy(world);
}

void test_query3_raycast_shapes(void)
{
	hits_checked = 0;
	worst_point = worst_normal = 0.0;
	sphere_rays();
	capsule_rays();
	box_rays();
	plane_rays();
	hull_rays();
	check_note("%d hits; worst point error %.2g m, normal %.2g", hits_checked,
		   worst_point, worst_normal);
	CHECK(hits_checked == 7);
}

/* A ray hits a rope segment (a capsule around it) at the right fraction;
 * a ray from inside a sphere ignores it; overlap finds what a sphere
 * touches. */
void test_query3_rope_overlap(void)
{
	tt_world_id world = scene_world3(8);
	tt_particle_id a = scene_particle(world, (tt_vec3){0, 2, 1}, 0.0f);
	tt_particle_id b = scene_particle(world, (tt_vec3){0, 0, 1}, 1.0f);
	tt_spring_def sd = tt_spring_def_default();
	sd.a = a;
	sd.b = b;
	tt_spring_id s;
	CHECK(tt_spring_create(world, &sd, &s) == TT_OK);
	tt_collider_def def = tt_collider_def_default();
	def.shape = TT_SHAPE_SPHERE;
	def.radius = 1.0f;
	def.position = (tt_vec3){0, 0, -3};
	tt_collider_id ball = scene_collider(world, &def);
	tt_ray_hit hit;
	tt_status status;
	CHECK(tt_world_raycast(world, (tt_vec3){3, 1.5f, 1}, (tt_vec3){-1, 0, 0},
			       10.0f, TT_RAY_ALL, &hit, &status));
	CHECK(tt_spring_id_equal(hit.spring, s));
	CHECK_NEAR(hit.fraction, 0.25, 1e-5);
	CHECK_NEAR(hit.point.x, 0.05, 1e-5);  /* the particles' radius */
	CHECK(!tt_world_raycast(world, (tt_vec3){0, 0, -3}, (tt_vec3){0, 0, 1}, 1.5f,
				TT_RAY_COLLIDERS, &hit, &status));
	CHECK(tt_world_raycast(world, (tt_vec3){0, 0, 3}, (tt_vec3){0, 0, -1}, 10.0f,
			       TT_RAY_COLLIDERS, &hit, &status));
	CHECK(tt_collider_id_equal(hit.collider, ball));
	CHECK_NEAR(hit.point.z, -2.0, 1e-5);
	CHECK(!tt_world_raycast(world, (tt_vec3){0, 0, 3}, (tt_vec3){0, 0, 0}, 10.0f,
				TT_RAY_ALL, &hit, &status) &&
	      status == TT_ERR_DIRECTION);
	tt_collider_id found[2];
	CHECK(tt_world_overlap(world, (tt_vec3){0, 0.9f, -3}, 0.0f, found, 2) == 1);
	CHECK(tt_world_overlap(world, (tt_vec3){0, 1.4f, -3}, 0.5f, found, 2) == 1);
	CHECK(tt_world_overlap(world, (tt_vec3){0, 1.6f, -3}, 0.5f, found, 2) == 0);
	tt_world_destroy(world);
}

static float uniform(uint32_t *state, float lo, float hi)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return lo + (hi - lo) * (float)(*state >> 8) / 16777216.0f;
}

#define SHOTS 1000
#define HALF_T 0.025f  /* half the box's thickness */

/* A random direction in the box's frame, no closer than 17 degrees to
 * its faces, and a point on the face it meets first. */
static void aim(uint32_t *seed, tt_vec3 *dir, tt_vec3 *target)
{
	do {
		*dir = (tt_vec3){uniform(seed, -1, 1), uniform(seed, -1, 1),
				 uniform(seed, -1, 1)};
	} while (dir->x * dir->x + dir->y * dir->y + dir->z * dir->z > 1.0f ||
		 fabsf(dir->y) < 0.3f * sqrtf(dir->x * dir->x + dir->y * dir->y +
					      dir->z * dir->z));
	float len = sqrtf(dir->x * dir->x + dir->y * dir->y + dir->z * dir->z);
	*dir = (tt_vec3){dir->x / len, dir->y / len, dir->z / len};
	*target = (tt_vec3){uniform(seed, -0.9f, 0.9f),
			    dir->y < 0.0f ? HALF_T : -HALF_T, uniform(seed, -0.9f, 0.9f)};
}

/* 1000 particles at 100 m/s at a 5 cm thick 2 x 2 m box turned about a
 * tilted axis, from both sides, 1 m before the face they aim at: none
 * overlaps the box by more than 0.1 mm at the end of any step, and none
 * is ever on the far side while over the box. */
void test_query3_tunnel(void)
{
	tt_world_id world = scene_world3(8);
	tt_world_def wd = tt_world_get_def(world);
	wd.gravity = (tt_vec3){0, 0, 0};
	CHECK(tt_world_set_def(world, &wd) == TT_OK);
	tt_collider_def def = tt_collider_def_default();
	def.size = (tt_vec3){2.0f, 2.0f * HALF_T, 2.0f};
	def.rotation = tt_quat_axis_angle((tt_vec3){1, 0.5f, -0.3f}, 0.6f);
	def.friction = 0.0f;
	tt_collider_id box = scene_collider(world, &def);
	tt_particle_id shot[SHOTS];
	float side[SHOTS];
	char hit[SHOTS] = {0};
	uint32_t seed = 12345;
	for (int k = 0; k < SHOTS; k++) {
		tt_vec3 dir, target;
		aim(&seed, &dir, &target);
		tt_vec3 start = {target.x - dir.x, target.y - dir.y, target.z - dir.z};
		shot[k] = scene_particle(world, tt_collider_to_world(box, start), 1.0f);
		tt_particle_set_radius(shot[k], 0.02f);
		tt_vec3 v = tt_quat_rotate(def.rotation,
					   (tt_vec3){100 * dir.x, 100 * dir.y, 100 * dir.z});
		tt_particle_set_velocity(shot[k], v);
		side[k] = dir.y < 0.0f ? 1.0f : -1.0f;
	}
	int inside = 0, through = 0, touched = 0;
	double worst = 0.0;
	for (int step = 0; step < 12; step++) {
		tt_world_step(world);
		for (int k = 0; k < SHOTS; k++) {
			tt_vec3 l = tt_collider_to_local(box, tt_particle_get_position(shot[k]));
			int over = fabsf(l.x) < 1.0f && fabsf(l.z) < 1.0f;
			double depth = HALF_T + 0.02 - side[k] * l.y;
			if (over && depth > 1e-4)
				inside++;
			if (over && side[k] * l.y < 0.0f)
				through++;
			if (over)
				worst = fmax(worst, depth);
		}
		int count;
		const tt_event *e = tt_world_events(world, &count);
		for (int i = 0; i < count; i++)
			if (e[i].kind == TT_EVENT_CONTACT_BEGIN)
				hit[tt_particle_index(e[i].particle)] = 1;
	}
	for (int k = 0; k < SHOTS; k++)
		touched += hit[k];
	check_note("%d shots, %d met the box; inside %d, through %d; deepest "
		   "%.4f mm", SHOTS, touched, inside, through, 1000.0 * worst);
	CHECK(inside == 0 && through == 0);
	CHECK(touched == SHOTS);
	tt_world_destroy(world);
}
