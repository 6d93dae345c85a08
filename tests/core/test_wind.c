/* Wind (issue 6): measured drag physics, the noise's promises, regions,
 * the grid field against the uniform one, and the plain forces. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define G 9.81
#define PI 3.14159265358979323846

static tt_world_id still_world(void)
{
	tt_world_id world = scene_world(8);
	tt_world_def def = tt_world_get_def(world);
	def.gravity = (tt_vec3){0};
	tt_world_set_def(world, &def);
	return world;
}

static tt_wind_id uniform_wind(tt_world_id world, float speed)
{
	tt_wind_def def = tt_wind_def_default();
	def.strength = speed;
	tt_wind_id wind = {0};
	CHECK(tt_wind_create(world, &def, &wind) == TT_OK);
	return wind;
}

/* A free 2 kg particle with drag 3 kg/s in a 5 m/s wind: it ends moving
 * with the air; under gravity it falls at the terminal m g / k relative
 * to the air. */
void test_wind_terminal(void)
{
	tt_world_id still = still_world(), falling = scene_world(8);
	tt_particle_id p = scene_particle(still, (tt_vec3){0}, 2.0f);
	tt_particle_id q = scene_particle(falling, (tt_vec3){0}, 2.0f);
	tt_particle_set_drag(p, 3.0f);
	tt_particle_set_drag(q, 3.0f);
	uniform_wind(still, 5.0f);
	uniform_wind(falling, 5.0f);
	scene_steps(still, 600);
	scene_steps(falling, 600);
	tt_vec3 v = tt_particle_get_velocity(p), u = tt_particle_get_velocity(q);
	check_note("v %.4f m/s (wind 5), falling %.4f m/s (m g / k %.4f)",
		   v.x, u.y, -2.0 * G / 3.0);
	CHECK_NEAR(v.x, 5.0, 0.05);
	CHECK_NEAR(u.x, 5.0, 0.05);
	CHECK_NEAR(u.y, -2.0 * G / 3.0, 0.01 * 2.0 * G / 3.0);
	tt_world_destroy(still);
	tt_world_destroy(falling);
}

/* A rope of 20 segments (0.25 m, 0.1 kg nodes, the tip 0.05 kg so every
 * node carries the same load per metre) in a 5 m/s cross wind with drag
 * 0.4 kg/(m s): it hangs straight at tan(theta) = c u / (rho g). */
void test_wind_rope_angle(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id nodes[21];
	tt_spring_def rod = tt_spring_def_default();
	rod.drag = 0.4f;
	scene_rope(world, (tt_vec3){0}, (tt_vec3){0.0f, -0.25f, 0.0f}, 20, &rod,
		   nodes);
	for (int k = 1; k <= 20; k++)
		tt_particle_set_mass(nodes[k], k == 20 ? 0.05f : 0.1f);
	uniform_wind(world, 5.0f);
	scene_steps(world, 1800);
	tt_vec3 tip = tt_particle_get_position(nodes[20]),
		mid = tt_particle_get_position(nodes[10]);
	double angle = atan2(tip.x, -tip.y) * 180.0 / PI;
	double mid_angle = atan2(mid.x, -mid.y) * 180.0 / PI;
	double expected = atan(0.4 * 5.0 / (0.4 * G)) * 180.0 / PI;
	check_note("tip %.2f deg, middle %.2f deg, predicted %.2f deg", angle,
		   mid_angle, expected);
	CHECK_NEAR(angle, expected, 2.0);
	CHECK_NEAR(mid_angle, expected, 2.0);
	tt_world_destroy(world);
}

static tt_wind_id noise_wind(tt_world_id world, uint32_t seed)
{
	tt_wind_def def = tt_wind_def_default();
	def.kind = TT_WIND_NOISE;
	def.strength = 2.0f;
	def.turbulence = 1.0f;
	def.scale = 3.0f;
	def.seed = seed;
	tt_wind_id wind = {0};
	CHECK(tt_wind_create(world, &def, &wind) == TT_OK);
	return wind;
}

/* Same seed, same gusts; another seed, other gusts. */
void test_wind_noise_seed(void)
{
	tt_world_id world = still_world();
	tt_wind_id a = noise_wind(world, 7), b = noise_wind(world, 7),
		   c = noise_wind(world, 8);
	int same = 0, differ = 0;
	for (int k = 0; k < 100; k++) {
		tt_vec3 at = {0.37f * (float)k, -0.21f * (float)k, 0.0f};
		tt_vec3 va = tt_wind_sample(a, at), vb = tt_wind_sample(b, at),
			vc = tt_wind_sample(c, at);
		same += va.x == vb.x && va.y == vb.y;
		differ += va.y != vc.y;
	}
	check_note("%d/100 equal for one seed, %d/100 differ for another",
		   same, differ);
	CHECK(same == 100);
	CHECK(differ >= 95);
	tt_world_destroy(world);
}

/* Neighbours 1 cm apart differ by at most strength * turbulence * 3.75 *
 * 0.01 / scale = 0.025 m/s per component (noise.h); over a 60 x 60 m
 * sweep the gusts average to zero about the mean wind. */
void test_wind_noise_smooth(void)
{
	tt_world_id world = still_world();
	tt_wind_id wind = noise_wind(world, 3);
	double bound = 2.0 * 1.0 * 3.75 * 0.01 / 3.0, worst = 0.0;
	double sum_x = 0.0, sum_y = 0.0, spread = 0.0;
	int n = 0;
	for (int i = 0; i < 120; i++)
		for (int j = 0; j < 120; j++, n++) {
			tt_vec3 at = {0.5f * (float)i - 30.0f,
				      0.5f * (float)j - 30.0f, 0.0f};
			tt_vec3 v = tt_wind_sample(wind, at);
			tt_vec3 near = tt_wind_sample(
				wind, (tt_vec3){at.x + 0.01f, at.y, 0.0f});
			worst = fmax(worst, fmax(fabs(v.x - near.x),
						 fabs(v.y - near.y)));
			sum_x += v.x - 2.0, sum_y += v.y;
			spread = fmax(spread, fabs(v.y));
		}
	check_note("worst 1 cm step %.4f (bound %.4f), mean gust (%.3f, "
		   "%.3f), largest %.2f m/s",
		   worst, bound, sum_x / n, sum_y / n, spread);
	CHECK(worst <= bound);
	CHECK(worst > 0.0);
	CHECK(fabs(sum_x / n) < 0.1 && fabs(sum_y / n) < 0.1);
	CHECK(spread > 1.0);  /* gusts of the promised size, not flat */
	tt_world_destroy(world);
}

/* A circle region of radius 2 with a 0.5 m soft edge: nothing outside,
 * everything inside r = 1.5, a smoothstep between (steepest 1.5 / edge). */
void test_wind_region(void)
{
	tt_world_id world = still_world();
	tt_wind_def def = tt_wind_def_default();
	def.strength = 4.0f;
	def.region = TT_REGION_CIRCLE;
	def.region_center = (tt_vec3){10.0f, 0.0f, 0.0f};
	def.region_size = (tt_vec3){2.0f, 0.0f, 0.0f};
	def.edge = 0.5f;
	tt_wind_id wind = {0};
	CHECK(tt_wind_create(world, &def, &wind) == TT_OK);
	double worst_step = 0.0, outside = 0.0, inside_min = 4.0, prev = -1.0;
	for (int k = 0; k <= 400; k++) {  /* r from 0 to 4 */
		float r = 0.01f * (float)k;
		double v = tt_wind_sample(wind, (tt_vec3){10.0f + r, 0.0f, 0.0f}).x;
		if (r >= 2.0f)
			outside = fmax(outside, fabs(v));
		if (r <= 1.5f)
			inside_min = fmin(inside_min, v);
		if (prev >= 0.0)
			worst_step = fmax(worst_step, fabs(v - prev));
		prev = v;
	}
	double bound = 4.0 * 1.5 / 0.5 * 0.01 * 1.01;
	check_note("outside %.3g, inside min %.4f, worst 1 cm step %.4f (bound "
		   "%.4f)", outside, inside_min, worst_step, bound);
	CHECK(outside == 0.0);
	CHECK(inside_min == 4.0);
	CHECK(worst_step <= bound);
	/* drag outside feels nothing, inside the full wind */
	tt_particle_id out = scene_particle(world, (tt_vec3){0}, 1.0f);
	tt_particle_id in = scene_particle(world, (tt_vec3){10.0f, 0, 0}, 1.0f);
	tt_particle_set_drag(out, 100.0f);
	tt_particle_set_drag(in, 0.5f);
	scene_steps(world, 1);
	CHECK(tt_particle_get_velocity(out).x == 0.0f);
	CHECK_NEAR(tt_particle_get_velocity(in).x, 4.0 * (1 - exp(-0.5 / 60)),
		   1e-3);
	tt_world_destroy(world);
}

/* A grid field whose lattice holds one velocity blows exactly as the
 * uniform field of that velocity: same state, bit for bit. */
void test_wind_grid_uniform(void)
{
	tt_world_id worlds[2];
	tt_vec3 blow = {0};  /* the uniform field's velocity, bit for bit */
	for (int k = 0; k < 2; k++) {
		worlds[k] = scene_world(8);
		tt_particle_id nodes[11];
		tt_spring_def rod = tt_spring_def_default();
		rod.drag = 0.5f;
		scene_rope(worlds[k], (tt_vec3){0}, (tt_vec3){0.3f, 0, 0}, 10,
			   &rod, nodes);
		tt_wind_def def = tt_wind_def_default();
		def.strength = 3.0f;
		def.direction = (tt_vec3){0.6f, 0.8f, 0.0f};
		if (k == 1) {
			def.kind = TT_WIND_GRID;
			def.grid_cells[0] = 4, def.grid_cells[1] = 3;
		}
		tt_wind_id wind = {0};
		CHECK(tt_wind_create(worlds[k], &def, &wind) == TT_OK);
		CHECK(tt_wind_grid_count(wind) == (k ? 5 * 4 : 0));
		if (k == 0)
			blow = tt_wind_sample(wind, (tt_vec3){0});
		for (int i = 0; i < tt_wind_grid_count(wind); i++)
			tt_wind_grid_set(wind, i, blow);
	}
	scene_steps(worlds[0], 120);
	scene_steps(worlds[1], 120);
	check_note("air (%.7g, %.7g); state hashes %s", blow.x, blow.y,
		   tt_world_hash(worlds[0]) == tt_world_hash(worlds[1])
			   ? "equal" : "differ");
	CHECK(tt_world_hash(worlds[0]) == tt_world_hash(worlds[1]));
	CHECK(tt_world_hash(worlds[0]) != 0);
	tt_world_destroy(worlds[0]);
	tt_world_destroy(worlds[1]);
}

/* Vortex: speed strength at the core radius, half of it at twice that,
 * turning counter-clockwise about +z. Radial: outward, fading to 0. */
void test_wind_vortex_radial(void)
{
	tt_world_id world = still_world();
	tt_wind_def def = tt_wind_def_default();
	def.kind = TT_WIND_VORTEX;
	def.strength = 3.0f;
	def.radius = 2.0f;
	def.center = (tt_vec3){1.0f, 1.0f, 0.0f};
	tt_wind_id vortex = {0}, radial = {0};
	CHECK(tt_wind_create(world, &def, &vortex) == TT_OK);
	def.kind = TT_WIND_RADIAL;
	CHECK(tt_wind_create(world, &def, &radial) == TT_OK);
	tt_vec3 at_core = tt_wind_sample(vortex, (tt_vec3){3.0f, 1.0f, 0.0f});
	tt_vec3 at_far = tt_wind_sample(vortex, (tt_vec3){1.0f, 5.0f, 0.0f});
	tt_vec3 out = tt_wind_sample(radial, (tt_vec3){2.0f, 1.0f, 0.0f});
	tt_vec3 beyond = tt_wind_sample(radial, (tt_vec3){3.5f, 1.0f, 0.0f});
	CHECK_NEAR(at_core.y, 3.0, 1e-5);
	CHECK_NEAR(at_core.x, 0.0, 1e-5);
	CHECK_NEAR(at_far.x, -1.5, 1e-5);
	CHECK_NEAR(out.x, 1.5, 1e-5);
	CHECK(beyond.x == 0.0f);
	CHECK(tt_world_wind_count(world) == 2);
	tt_wind_destroy(vortex);
	CHECK(!tt_wind_valid(vortex));
	CHECK(tt_wind_valid(radial));
	CHECK(tt_wind_id_equal(tt_world_wind_at(world, 0), radial));
	tt_world_destroy(world);
}

/* Bad definitions are refused with their status; stale ids too. */
void test_wind_refused(void)
{
	tt_world_id world = still_world();
	tt_wind_def def = tt_wind_def_default();
	tt_wind_id wind = {0};
	def.direction = (tt_vec3){0};
	CHECK(tt_wind_create(world, &def, &wind) == TT_ERR_WIND_DIRECTION);
	def = tt_wind_def_default();
	def.kind = TT_WIND_KIND_COUNT;
	CHECK(tt_wind_create(world, &def, &wind) == TT_ERR_WIND_KIND);
	def = tt_wind_def_default();
	def.kind = TT_WIND_GRID;
	def.grid_cells[0] = 65;
	CHECK(tt_wind_create(world, &def, &wind) == TT_ERR_WIND_GRID);
	def = tt_wind_def_default();
	def.strength = NAN;
	CHECK(tt_wind_create(world, &def, &wind) == TT_ERR_NOT_FINITE);
	def = tt_wind_def_default();
	CHECK(tt_wind_create(world, &def, &wind) == TT_OK);
	CHECK(tt_wind_grid_set(wind, 0, (tt_vec3){0}) == TT_ERR_GRID_INDEX);
	tt_wind_destroy(wind);
	CHECK(tt_wind_set_def(wind, &def) == TT_ERR_WIND_STALE);
	tt_particle_id p = scene_particle(world, (tt_vec3){0}, 1.0f);
	CHECK(tt_particle_set_drag(p, -1.0f) == TT_ERR_DRAG);
	tt_world_destroy(world);
}

/* A force acts for one step (F dt / m), an impulse at once (J / m);
 * gravity scale -1 makes a particle fall upwards at g. */
void test_wind_forces(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id pushed = scene_particle(world, (tt_vec3){0}, 2.0f);
	tt_particle_id kicked = scene_particle(world, (tt_vec3){5, 0, 0}, 2.0f);
	tt_particle_id floats = scene_particle(world, (tt_vec3){9, 0, 0}, 1.0f);
	tt_particle_set_gravity_scale(pushed, 0.0f);
	tt_particle_set_gravity_scale(kicked, 0.0f);
	tt_particle_set_gravity_scale(floats, -1.0f);
	tt_particle_apply_force(pushed, (tt_vec3){6.0f, 0, 0});
	tt_particle_apply_impulse(kicked, (tt_vec3){0, 4.0f, 0});
	CHECK(tt_particle_get_velocity(kicked).y == 2.0f);
	scene_steps(world, 60);
	CHECK_NEAR(tt_particle_get_velocity(pushed).x, 6.0 / 2.0 / 60.0, 1e-6);
	CHECK_NEAR(tt_particle_get_velocity(floats).y, G, 1e-3);
	CHECK(tt_world_apply_force(world, (tt_vec3){0, 60.0f, 0}) == TT_OK);
	scene_steps(world, 1);
	CHECK_NEAR(tt_particle_get_velocity(kicked).y, 2.0 + 0.5, 1e-5);
	tt_world_destroy(world);
}
