/* 3D colliders: the resting distance on every 3D shape, a particle on a
 * turned box at the analytic face, a platform carrying what rests on it
 * through a turn, a rope draped over a sphere and over a wall's edge,
 * events and filters, and the definitions refused. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define R 0.05  /* particle radius */

static tt_collider_def def3(tt_shape_kind kind)
{
	tt_collider_def def = tt_collider_def_default();
	def.shape = kind;
	def.radius = 0.3f;
	def.length = 1.0f;
	def.size = (tt_vec3){2.0f, 0.5f, 1.0f};
	return def;
}

/* A truncated pyramid: a 2 x 2 m base at y = -0.5, a 1 x 1 m top at 0.5. */
static tt_collider_def frustum(void)
{
	tt_collider_def def = def3(TT_SHAPE_HULL);
	def.point_count = 8;
	for (int k = 0; k < 8; k++) {
		float s = k < 4 ? 1.0f : 0.5f;
		def.points[k] = (tt_vec3){k & 1 ? s : -s, k < 4 ? -0.5f : 0.5f,
					  k & 2 ? s : -s};
	}
	return def;
}

static double length3(double x, double y, double z)
{
	return sqrt(x * x + y * y + z * z);
}

/* Dropped from 0.25 m above the point (x, top, z), after 2 s: the gap to
 * the surface minus the radius (mm), measured as surface() says. */
static double rest_gap(tt_collider_def def, float x, float top, float z,
		       double (*surface)(tt_vec3))
{
	tt_world_id world = scene_world3(8);
	scene_collider(world, &def);
	tt_particle_id p = scene_particle(world, (tt_vec3){x, top + 0.25f, z}, 1.0f);
	scene_steps(world, 120);
	tt_vec3 at = tt_particle_get_position(p);
	double gap = surface(at) - R;
	CHECK_NEAR(gap, 0.0, 1e-4);
	CHECK(length3(tt_particle_get_velocity(p).x, tt_particle_get_velocity(p).y,
		      tt_particle_get_velocity(p).z) < 1e-3);
	tt_world_destroy(world);
	return 1000.0 * gap;
}

static double sphere_gap(tt_vec3 p) { return length3(p.x, p.y, p.z) - 0.3; }
static double capsule_gap(tt_vec3 p)
{
	double x = fmax(fmin(p.x, 0.5), -0.5);
	return length3(p.x - x, p.y, p.z) - 0.3;
}
static double box_gap(tt_vec3 p) { return p.y - 0.25; }
static double plane_gap(tt_vec3 p) { return p.y; }
static double hull_gap(tt_vec3 p) { return p.y - 0.5; }

void test_collider3_rest(void)
{
	check_note("gap - radius (mm): sphere %.5f capsule %.5f box %.5f "
		   "plane %.5f hull %.5f",
		   rest_gap(def3(TT_SHAPE_SPHERE), 0.0f, 0.3f, 0.0f, sphere_gap),
		   rest_gap(def3(TT_SHAPE_CAPSULE), 0.2f, 0.3f, 0.05f, capsule_gap),
		   rest_gap(def3(TT_SHAPE_BOX), 0.4f, 0.25f, -0.3f, box_gap),
		   rest_gap(def3(TT_SHAPE_PLANE), 1.0f, 0.0f, 2.0f, plane_gap),
		   rest_gap(frustum(), 0.2f, 0.5f, 0.3f, hull_gap));
}

/* A box turned 0.3 rad about (1, 0, 1): a particle dropped onto its top
 * sticks (mu 1) where its fall line meets the top face pushed out by the
 * radius, at the radius from the face along its normal. */
void test_collider3_rest_turned(void)
{
	tt_world_id world = scene_world3(8);
	tt_collider_def def = def3(TT_SHAPE_BOX);
	def.size = (tt_vec3){2.0f, 0.5f, 2.0f};
	def.position = (tt_vec3){0.5f, 1.0f, -0.5f};
	def.rotation = tt_quat_axis_angle((tt_vec3){1, 0, 1}, 0.3f);
	def.friction = 1.0f;
	tt_collider_id box = scene_collider(world, &def);
	tt_vec3 start = {0.7f, 2.0f, -0.4f};
	tt_particle_id p = scene_particle(world, start, 1.0f);
	scene_steps(world, 120);
	tt_vec3 x = tt_particle_get_position(p), l = tt_collider_to_local(box, x);
	/* analytic: the face y = 0.25 + R in the box's frame, met straight below */
	/* q = (c, s, 0, s) turns (0, 1, 0) to (-2cs, 1 - 4s^2, 2cs) */
	double c = cos(0.15), s = sin(0.15) / sqrt(2.0);
	double n[3] = {-2.0 * c * s, 1.0 - 4.0 * s * s, 2.0 * c * s};
	double o[3] = {start.x - 0.5, start.y - 1.0, start.z + 0.5};
	double t = (n[0] * o[0] + n[1] * o[1] + n[2] * o[2] - (0.25 + R)) / n[1];
	double ex = start.x, ey = start.y - t, ez = start.z;
	double miss = length3(x.x - ex, x.y - ey, x.z - ez);
	check_note("gap - radius %.5f mm, %.3f mm from the analytic point",
		   1000.0 * (l.y - 0.25 - R), 1000.0 * miss);
	CHECK_NEAR(l.y, 0.25 + R, 1e-4);
	CHECK(fabs(l.x) < 1.0f && fabs(l.z) < 1.0f);
	CHECK(miss < 1e-3);
	tt_world_destroy(world);
}

/* On a box turned 30 degrees about the horizontal (1, 0, 1), mu 0.8
 * holds a particle and mu 0.1 lets it slide downhill at g (sin - mu cos);
 * returns that acceleration, measured between 0.5 s and 1.5 s. */
static double slope3(float mu, double *creep)
{
	tt_world_id world = scene_world3(8);
	tt_collider_def def = def3(TT_SHAPE_BOX);
	def.size = (tt_vec3){60.0f, 1.0f, 60.0f};
	def.rotation = tt_quat_axis_angle((tt_vec3){1, 0, 1}, 0.52359878f);
	def.friction = mu;
	tt_collider_id box = scene_collider(world, &def);
	tt_vec3 n = tt_quat_rotate(def.rotation, (tt_vec3){0, 1, 0});
	double down[3] = {n.x * n.y, n.y * n.y - 1.0, n.z * n.y};  /* g along it */
	double len = length3(down[0], down[1], down[2]);
	tt_particle_id p = scene_particle(world, tt_collider_to_world(box,
				(tt_vec3){0, 0.5f + R, 0}), 1.0f);
	scene_steps(world, 30);
	tt_vec3 v0 = tt_particle_get_velocity(p), x0 = tt_particle_get_position(p);
	scene_steps(world, 60);
	tt_vec3 v1 = tt_particle_get_velocity(p), x1 = tt_particle_get_position(p);
	*creep = length3(x1.x - x0.x, x1.y - x0.y, x1.z - x0.z);
	tt_world_destroy(world);
	return ((v1.x - v0.x) * down[0] + (v1.y - v0.y) * down[1] +
		(v1.z - v0.z) * down[2]) / len;
}

void test_collider3_friction_restitution(void)
{
	double creep, slide, expected = 9.81 * (0.5 - 0.1 * cos(3.14159265 / 6.0));
	double stuck = slope3(0.8f, &creep);
	double a = slope3(0.1f, &slide);
	tt_world_id world = scene_world3(8);
	tt_collider_def def = def3(TT_SHAPE_SPHERE);
	def.radius = 1.0f;
	def.restitution = 0.5f;
	scene_collider(world, &def);
	tt_particle_id p = scene_particle(world, (tt_vec3){0, 2.05f, 0}, 1.0f);
	double peak = 0.0;
	for (int k = 0; k < 120; k++) {
		tt_world_step(world);
		if (tt_particle_get_velocity(p).y > 0.0f)
			peak = fmax(peak, tt_particle_get_position(p).y - 1.05);
	}
	check_note("mu 0.8 creeps %.2g m in 1 s; mu 0.1: a %.4f, expected %.4f; "
		   "bounce height ratio %.4f", creep, a, expected, peak);
	CHECK(creep < 1e-4 && fabs(stuck) < 1e-3);
	CHECK(fabs(a - expected) < 0.05 * expected);
	CHECK_NEAR(peak, 0.25, 0.03);
	tt_world_destroy(world);
}

static float smooth(float s)
{
	return s * s * (3.0f - 2.0f * s);
}

/* A platform turned a quarter about y and lifted 0.5 m over 1 s (eased)
 * carries a particle resting on it (mu 1) along its 0.9 m arc: it ends
 * within 1 cm of its local spot, resting on the top. (move_to moves in a
 * straight line through each step, so the platform's speed changes at
 * step boundaries and friction lets it slip a little there.) */
void test_collider3_carries(void)
{
	tt_world_id world = scene_world3(8);
	tt_collider_def def = def3(TT_SHAPE_BOX);
	def.size = (tt_vec3){2.0f, 0.2f, 2.0f};
	def.friction = 1.0f;
	tt_collider_id platform = scene_collider(world, &def);
	tt_particle_id p = scene_particle(world, (tt_vec3){0.5f, 0.15f, 0.3f}, 1.0f);
	scene_steps(world, 30);
	tt_vec3 spot = tt_collider_to_local(platform, tt_particle_get_position(p));
	for (int k = 1; k <= 60; k++) {
		float s = smooth((float)k / 60.0f);
		CHECK(tt_collider_move_to_3d(platform, (tt_vec3){0, 0.5f * s, 0},
					     tt_quat_axis_angle((tt_vec3){0, 1, 0},
								1.5707963f * s)) ==
		      TT_OK);
		tt_world_step(world);
	}
	tt_vec3 x = tt_particle_get_position(p), to = tt_collider_to_world(platform, spot);
	double slip = length3(x.x - to.x, x.y - to.y, x.z - to.z);
	check_note("carried to %.3f %.3f %.3f, %.3f mm from its spot", x.x, x.y,
		   x.z, 1000.0 * slip);
	CHECK(slip < 1e-2);
	CHECK_NEAR(tt_collider_to_local(platform, x).y, 0.15, 1e-4);
	CHECK_NEAR(to.x, 0.3, 1e-3);  /* (0.5, ., 0.3) turned a quarter about y */
	CHECK_NEAR(to.z, -0.5, 1e-3);
	tt_world_destroy(world);
}

/* Smallest distance from point c to the springs of the world. */
static double nearest_spring(tt_world_id world, tt_vec3 c, int *at)
{
	tt_particle_view p = tt_world_particles(world);
	tt_spring_view s = tt_world_springs(world);
	double best = INFINITY;
	for (int k = 0; k < s.count; k++) {
		double ax = p.x[s.a[k]], ay = p.y[s.a[k]], az = p.z[s.a[k]];
		double ex = p.x[s.b[k]] - ax, ey = p.y[s.b[k]] - ay,
		       ez = p.z[s.b[k]] - az;
		double t = ((c.x - ax) * ex + (c.y - ay) * ey + (c.z - az) * ez) /
			   (ex * ex + ey * ey + ez * ez);
		t = fmin(fmax(t, 0.0), 1.0);
		double d = length3(ax + t * ex - c.x, ay + t * ey - c.y,
				   az + t * ez - c.z);
		if (d < best)
			best = d, *at = k;
	}
	return best;
}

/* A free rope of 0.3 m segments dropped across a 0.5 m sphere drapes over
 * it: both ends hang below the centre and no segment cuts into the sphere
 * (their chords would, by 2 cm, if only the particles touched it). */
void test_collider3_rope_drapes(void)
{
	tt_world_id world = scene_world3(8);
	tt_collider_def def = def3(TT_SHAPE_SPHERE);
	def.radius = 0.5f;
	scene_collider(world, &def);
	tt_rope_id rope = scene_line_rope(world, (tt_vec3){-1.5f, 0.6f, 0.0f},
				    (tt_vec3){1.5f, 0.6f, 0.0f}, 10, 0.02f, 0, 0);
	scene_steps(world, 180);
	int at = 0;
	double gap = nearest_spring(world, (tt_vec3){0, 0, 0}, &at) - 0.52;
	float y0 = tt_particle_get_position(tt_rope_node(rope, 0)).y;
	float y1 = tt_particle_get_position(tt_rope_node(rope, 10)).y;
	check_note("ends hang at y %.2f, %.2f; nearest segment %.3f mm off the "
		   "sphere + radius", y0, y1, 1000.0 * gap);
	CHECK(y0 < -0.3f && y1 < -0.3f);
	CHECK(gap > -5e-4);
	tt_world_destroy(world);
}

/* A rope of 0.6 m segments falls across a 10 cm wall: the segment over it
 * rests on the wall's top edges, its ends either side. */
void test_collider3_rope_edge(void)
{
	tt_world_id world = scene_world3(8);
	tt_collider_def def = def3(TT_SHAPE_BOX);
	def.size = (tt_vec3){0.1f, 1.0f, 2.0f};
	def.friction = 1.0f;
	scene_collider(world, &def);
	tt_rope_id rope = scene_line_rope(world, (tt_vec3){-1.5f, 0.6f, 0.0f},
				    (tt_vec3){1.5f, 0.6f, 0.0f}, 5, 0.02f, 0, 0);
	scene_steps(world, 120);
	tt_vec3 a = tt_particle_get_position(tt_rope_node(rope, 2));
	tt_vec3 b = tt_particle_get_position(tt_rope_node(rope, 3));
	float t = (0.0f - a.x) / (b.x - a.x), y = a.y + t * (b.y - a.y);
	check_note("over the wall at y %.4f (top 0.5 + radius 0.02); ends at "
		   "x %.2f, %.2f", y, a.x, b.x);
	CHECK(a.x < -0.05f && b.x > 0.05f);
	CHECK(y > 0.52f - 0.002f);
	tt_world_destroy(world);
}

/* contact_begin carries the 3D point and normal; a disabled collider and
 * a mask that excludes it let the particle through. */
void test_collider3_events_filters(void)
{
	tt_world_id world = scene_world3(8);
	tt_collider_def def = def3(TT_SHAPE_SPHERE);
	def.position = (tt_vec3){0, 0, 1};
	tt_collider_id ball = scene_collider(world, &def);
	tt_particle_id p = scene_particle(world, (tt_vec3){0.1f, 0.5f, 1.0f}, 1.0f);
	int begins = 0, count;
	tt_event first = {0};
	for (int k = 0; k < 30; k++) {
		tt_world_step(world);
		const tt_event *e = tt_world_events(world, &count);
		for (int i = 0; i < count; i++)
			if (e[i].kind == TT_EVENT_CONTACT_BEGIN && begins++ == 0)
				first = e[i];
	}
	CHECK(begins == 1 && tt_collider_id_equal(first.collider, ball));
	double nl = length3(first.normal.x, first.normal.y, first.normal.z);
	CHECK_NEAR(nl, 1.0, 1e-5);
	CHECK_NEAR(length3(first.point.x, first.point.y, first.point.z - 1.0), 0.3,
		   1e-4);
	def = tt_collider_get_def(ball);
	def.enabled = 0;
	CHECK(tt_collider_set_def(ball, &def) == TT_OK);
	scene_steps(world, 30);
	CHECK(tt_particle_get_position(p).y < -0.5f);
	tt_particle_id q = scene_particle(world, (tt_vec3){0, 0.5f, 1.0f}, 1.0f);
	def.enabled = 1;
	def.mask = 2;  /* the particle's group 1 is not in it */
	CHECK(tt_collider_set_def(ball, &def) == TT_OK);
	scene_steps(world, 30);
	CHECK(tt_particle_get_position(q).y < -0.5f);
	tt_world_destroy(world);
}

static tt_status make_in(tt_world_id world, tt_collider_def def)
{
	tt_collider_id id;
	return tt_collider_create(world, &def, &id);
}

void test_collider3_refused(void)
{
	tt_world_id w3 = scene_world3(8), w2 = scene_world(8);
	CHECK(make_in(w3, def3(TT_SHAPE_CIRCLE)) == TT_ERR_SHAPE_2D);
	CHECK(make_in(w3, def3(TT_SHAPE_POLYGON)) == TT_ERR_SHAPE_2D);
	CHECK(make_in(w2, def3(TT_SHAPE_SPHERE)) == TT_ERR_SHAPE_3D);
	CHECK(make_in(w2, def3(TT_SHAPE_HULL)) == TT_ERR_SHAPE_3D);
	tt_collider_def def = def3(TT_SHAPE_BOX);
	def.rotation = (tt_quat){0, 0, 0, 0};
	CHECK(make_in(w3, def) == TT_ERR_ROTATION);
	def.rotation = (tt_quat){NAN, 0, 0, 1};
	CHECK(make_in(w3, def) == TT_ERR_ROTATION);
	def.rotation = (tt_quat){2, 0, 0, 0};  /* made unit */
	def.size.z = 0.0f;
	CHECK(make_in(w3, def) == TT_ERR_SIZE);
	tt_collider_def flat = frustum();
	for (int k = 0; k < 8; k++)
		flat.points[k].y = 0.0f;
	CHECK(make_in(w3, flat) == TT_ERR_HULL);
	flat.point_count = 3;
	CHECK(make_in(w3, flat) == TT_ERR_HULL);
	flat = frustum();
	flat.points[5].x = INFINITY;
	CHECK(make_in(w3, flat) == TT_ERR_NOT_FINITE);
	tt_collider_id ball, disc;
	def = def3(TT_SHAPE_SPHERE);
	def.rotation = (tt_quat){2, 0, 0, 0};
	CHECK(tt_collider_create(w3, &def, &ball) == TT_OK);
	CHECK_NEAR(tt_collider_get_def(ball).rotation.w, 1.0, 0.0);
	CHECK(tt_collider_move_to(ball, (tt_vec3){0, 0, 0}, 1.0f) == TT_ERR_ANGLE_3D);
	CHECK(tt_collider_move_to_3d(ball, (tt_vec3){0, 0, 0},
				     (tt_quat){0, 0, 0, 0}) == TT_ERR_ROTATION);
	def = def3(TT_SHAPE_CIRCLE);
	CHECK(tt_collider_create(w2, &def, &disc) == TT_OK);
	CHECK(tt_collider_move_to_3d(disc, (tt_vec3){0, 0, 0},
				     (tt_quat){1, 0, 0, 0}) == TT_ERR_NEEDS_3D);
	tt_world_destroy(w3);
	tt_world_destroy(w2);
}

/* The hull keeps only its own corners: a cube's eight with an inner
 * point and a point on a face, as 8 vertices and 12 outward triangles,
 * and the drawing view gives them in world coordinates. */
void test_collider3_hull_view(void)
{
	tt_world_id world = scene_world3(8);
	tt_collider_def def = def3(TT_SHAPE_HULL);
	for (int k = 0; k < 8; k++)
		def.points[k] = (tt_vec3){k & 1 ? 1.0f : -1.0f, k & 2 ? 1.0f : -1.0f,
					  k & 4 ? 1.0f : -1.0f};
	def.points[8] = (tt_vec3){0.1f, 0.2f, 0.3f};
	def.points[9] = (tt_vec3){0.2f, 1.0f, -0.4f};
	def.point_count = 10;
	def.position = (tt_vec3){0, 3, 0};
	scene_collider(world, &def);
	tt_collider_shape3 s = tt_world_collider_shape3(world, 0);
	CHECK(s.kind == TT_SHAPE_HULL && s.point_count == 8);
	CHECK(s.triangle_count == 12);
	double outward = INFINITY;
	for (int k = 0; k < s.triangle_count; k++) {
		tt_vec3 a = s.points[s.triangles[k][0]], b = s.points[s.triangles[k][1]],
			c = s.points[s.triangles[k][2]];
		double ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z;
		double vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
		double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz,
		       nz = ux * vy - uy * vx;
		/* the normal points away from the centre (0, 3, 0) */
		outward = fmin(outward, nx * a.x + ny * (a.y - 3.0) + nz * a.z);
	}
	CHECK(outward > 0.0);
	CHECK(tt_world_collider_shape3(world, 1).kind == TT_SHAPE_KIND_COUNT);
	tt_world_destroy(world);
}
