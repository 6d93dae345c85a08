/* Shared test scenes: ropes, pendulums, grids, and measures read from the
 * public views, so each test states only what it checks. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "scenes.h"

tt_world_id scene_world_from(const tt_world_def *def)
{
	tt_world_id world = {0};
	CHECK(tt_world_create(def, &world) == TT_OK);
	return world;
}

tt_world_id scene_world(int substeps)
{
	tt_world_def def = tt_world_def_default();
	def.substeps = substeps;
	return scene_world_from(&def);
}

double scene_top_speed(tt_world_id world)
{
	double top = 0.0;
	for (int i = 0; i < tt_world_particle_count(world); i++) {
		tt_vec3 v = tt_particle_get_velocity(tt_world_particle_at(world, i));
		top = fmax(top, sqrt(v.x * v.x + v.y * v.y + v.z * v.z));
	}
	return top;
}

tt_world_id scene_world3(int substeps)
{
	tt_world_def def = tt_world_def_default();
	def.substeps = substeps;
	def.is_3d = 1;
	tt_world_id world = {0};
	CHECK(tt_world_create(&def, &world) == TT_OK);
	return world;
}

tt_particle_id scene_particle(tt_world_id world, tt_vec3 position, float mass)
{
	tt_particle_def def = tt_particle_def_default();
	def.position = position;
	def.mass = mass;
	tt_particle_id id = {0};
	CHECK(tt_particle_create(world, &def, &id) == TT_OK);
	return id;
}

static void add_spring(tt_world_id world, tt_particle_id a, tt_particle_id b,
		       const tt_spring_def *like)
{
	tt_spring_def def = like ? *like : tt_spring_def_default();
	def.a = a;
	def.b = b;
	tt_spring_id id;
	CHECK(tt_spring_create(world, &def, &id) == TT_OK);
}

void scene_rope(tt_world_id world, tt_vec3 anchor, tt_vec3 step,
		int segments, const tt_spring_def *spring,
		tt_particle_id *nodes)
{
	for (int k = 0; k <= segments; k++) {
		tt_vec3 at = {anchor.x + (float)k * step.x,
			      anchor.y + (float)k * step.y,
			      anchor.z + (float)k * step.z};
		nodes[k] = scene_particle(world, at, k == 0 ? 0.0f : 1.0f);
		if (k > 0)
			add_spring(world, nodes[k - 1], nodes[k], spring);
	}
}

tt_particle_id scene_pendulum(tt_world_id world, float length,
			      float angle_degrees)
{
	double angle = angle_degrees * 3.14159265358979323846 / 180.0;
	tt_particle_id pin = scene_particle(world, (tt_vec3){0}, 0.0f);
	tt_vec3 at = {(float)(length * sin(angle)),
		      (float)(-length * cos(angle)), 0.0f};
	tt_particle_id bob = scene_particle(world, at, 1.0f);
	add_spring(world, pin, bob, NULL);
	return bob;
}

/* Rods to the right and down neighbours, and the two diagonals. */
static void link_cell(tt_world_id world, const tt_particle_id *p, int c,
		      int r, int cols, int rows, int diagonals)
{
	tt_particle_id here = p[r * cols + c];
	int right = c + 1 < cols, down = r + 1 < rows;
	if (right)
		add_spring(world, here, p[r * cols + c + 1], NULL);
	if (down)
		add_spring(world, here, p[(r + 1) * cols + c], NULL);
	if (right && down && diagonals) {
		add_spring(world, here, p[(r + 1) * cols + c + 1], NULL);
		add_spring(world, p[r * cols + c + 1], p[(r + 1) * cols + c],
			   NULL);
	}
}

void scene_grid(tt_world_id world, int cols, int rows, float spacing,
		int diagonals)
{
	tt_particle_id p[32 * 32];
	CHECK(cols * rows <= 32 * 32);
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			p[r * cols + c] = scene_particle(
				world,
				(tt_vec3){(float)c * spacing,
					  -(float)r * spacing, 0.0f},
				r == 0 ? 0.0f : 1.0f);
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			link_cell(world, p, c, r, cols, rows, diagonals);
}

void scene_steps(tt_world_id world, int n)
{
	for (int i = 0; i < n; i++)
		CHECK(tt_world_step(world) == TT_OK);
}

double scene_worst_stretch(tt_world_id world)
{
	tt_particle_view p = tt_world_particles(world);
	tt_spring_view s = tt_world_springs(world);
	double worst = 0.0;
	for (int c = 0; c < s.count; c++) {
		double dx = (double)p.x[s.a[c]] - p.x[s.b[c]];
		double dy = (double)p.y[s.a[c]] - p.y[s.b[c]];
		double dz = (double)p.z[s.a[c]] - p.z[s.b[c]];
		double stretch = (sqrt(dx * dx + dy * dy + dz * dz) - s.rest[c]) /
				 s.rest[c];
		worst = fmax(worst, stretch);
	}
	return worst;
}

tt_collider_id scene_collider(tt_world_id world, const tt_collider_def *def)
{
	tt_collider_id id = {0};
	CHECK(tt_collider_create(world, def, &id) == TT_OK);
	return id;
}

tt_rope_id scene_line_rope(tt_world_id world, tt_vec3 from, tt_vec3 to,
			   int segments, float radius, int pin_start,
			   int pin_end)
{
	tt_rope_def rd = tt_rope_def_default();
	rd.from = from;
	rd.to = to;
	rd.segments = segments;
	rd.radius = radius > 0.0f ? radius : rd.radius;
	rd.pin_start = pin_start;
	rd.pin_end = pin_end;
	tt_rope_id rope;
	CHECK(tt_rope_create(world, &rd, &rope) == TT_OK);
	return rope;
}

double scene_rope_strain(const tt_rope_id *ropes, int n)
{
	double worst = 0.0;
	for (int r = 0; r < n; r++)
		for (int k = 0; k + 1 < tt_rope_node_count(ropes[r]); k++) {
			tt_spring_id s = tt_rope_segment(ropes[r], k);
			double rest = tt_spring_get_rest_length(s);
			worst = fmax(worst, fabs(tt_spring_get_length(s) - rest) / rest);
		}
	return worst;
}

void scene_check_roots(double (*rooted)(int motion, float distance))
{
	double on[3], inside[3];
	for (int m = 0; m < 3; m++) {
		on[m] = rooted(m, 1.05f);      /* touching: radius + particle's */
		inside[m] = rooted(m, 1.03f);  /* 2 cm into the contact radius */
	}
	check_note("worst strain on / inside: static %.3f%% / %.3f%%, moving "
		   "%.3f%% / %.3f%%, turning %.3f%% / %.3f%%", 100 * on[0],
		   100 * inside[0], 100 * on[1], 100 * inside[1], 100 * on[2],
		   100 * inside[2]);
	for (int m = 0; m < 3; m++)
		CHECK(on[m] < 0.01 && inside[m] < 0.01);
}

uint64_t scene_fold_events(tt_world_id world, uint64_t h, int *count)
{
	int n;
	const tt_event *e = tt_world_events(world, &n);
	for (int k = 0; k < n; k++) {
		uint32_t bits[3];
		memcpy(bits, &e[k].point, sizeof bits);
		uint64_t v[] = {(uint64_t)e[k].kind, e[k].particle.index1, bits[0],
				bits[1], bits[2]};
		for (int f = 0; f < 5; f++)
			h = (h ^ v[f]) * 0x100000001b3ull;
	}
	*count += n;
	return h;
}

