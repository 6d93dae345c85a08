/* Particle-particle collision: the spatial hash finds exactly the pairs
 * brute force finds, in the same order twice; ropes dropped across each
 * other (and a rope piled on itself) never overlap by more than 10% of a
 * radius. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/world.h"  /* the grid's skin and builds */
#include "check.h"
#include "scenes.h"
#include "tests.h"

#define COUNT 600
#define MAX_PAIRS 20000

static float uniform(uint32_t *state, float lo, float hi)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return lo + (hi - lo) * (float)(*state >> 8) / 16777216.0f;
}

/* COUNT particles in a 2 m square (3D: cube), radii 1-8 cm, filter bits
 * among 3, and springs between random pairs. */
static tt_world_id random_scene(uint32_t seed, int is_3d)
{
	tt_world_def wd = tt_world_def_default();
	wd.is_3d = is_3d;
	tt_world_id world;
	CHECK(tt_world_create(&wd, &world) == TT_OK);
	tt_particle_id ids[COUNT];
	for (int i = 0; i < COUNT; i++) {
		tt_particle_def pd = tt_particle_def_default();
		pd.position = (tt_vec3){uniform(&seed, 0, 2), uniform(&seed, 0, 2),
					is_3d ? uniform(&seed, 0, 2) : 0};
		pd.radius = uniform(&seed, 0.01f, 0.08f);
		pd.group = 1u << (int)uniform(&seed, 0, 3);
		pd.mask = uniform(&seed, 0, 1) < 0.8f ? UINT32_MAX : ~pd.group;
		CHECK(tt_particle_create(world, &pd, &ids[i]) == TT_OK);
	}
	for (int k = 0; k < COUNT / 2; k++) {
		tt_spring_def sd = tt_spring_def_default();
		sd.a = ids[(int)uniform(&seed, 0, COUNT)];
		sd.b = ids[(int)uniform(&seed, 0, COUNT)];
		tt_spring_id s;
		if (!tt_particle_id_equal(sd.a, sd.b))
			CHECK(tt_spring_create(world, &sd, &s) == TT_OK);
	}
	return world;
}

static int joined(tt_spring_view s, int i, int j)
{
	for (int c = 0; c < s.count; c++)
		if ((s.a[c] == i && s.b[c] == j) || (s.a[c] == j && s.b[c] == i))
			return 1;
	return 0;
}

static int brute_force(tt_world_id world, int32_t *pairs)
{
	tt_particle_view p = tt_world_particles(world);
	tt_spring_view s = tt_world_springs(world);
	int n = 0;
	for (int i = 0; i < p.count; i++)
		for (int j = i + 1; j < p.count; j++) {
			tt_particle_id a = tt_world_particle_at(world, i),
				       b = tt_world_particle_at(world, j);
			uint32_t ga = tt_particle_get_group(a), ma = tt_particle_get_mask(a),
				 gb = tt_particle_get_group(b), mb = tt_particle_get_mask(b);
			float dx = p.x[i] - p.x[j], dy = p.y[i] - p.y[j],
			      dz = p.z[i] - p.z[j];
			if (!(ga & mb) || !(gb & ma) || joined(s, i, j) ||
			    !(sqrtf(dx * dx + dy * dy + dz * dz) < p.radius[i] + p.radius[j]))
				continue;
			pairs[2 * n] = i, pairs[2 * n + 1] = j;
			n++;
		}
	return n;
}

static int by_pair(const void *a, const void *b)
{
	const int32_t *x = a, *y = b;
	return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0])
			    : (x[1] > y[1]) - (x[1] < y[1]);
}

static int32_t g_hash[2 * MAX_PAIRS], g_again[2 * MAX_PAIRS],
	g_brute[2 * MAX_PAIRS];

void test_hash_brute_force(void)
{
	int total = 0, differ = 0;
	for (int trial = 0; trial < 6; trial++) {
		tt_world_id world = random_scene(1000u + (uint32_t)trial, trial % 2);
		int n = tt_world_particle_pairs(world, g_hash, MAX_PAIRS);
		int again = tt_world_particle_pairs(world, g_again, MAX_PAIRS);
		int m = brute_force(world, g_brute);
		CHECK(n == m && n == again && n < MAX_PAIRS);
		differ += memcmp(g_hash, g_again, (size_t)n * 8) != 0;
		qsort(g_hash, (size_t)n, 8, by_pair);
		differ += n == m && memcmp(g_hash, g_brute, (size_t)n * 8) != 0;
		total += n;
		tt_world_destroy(world);
	}
	check_note("%d pairs over 6 scenes, %d differ", total, differ);
	CHECK(total > 100);
	CHECK(differ == 0);
}

/* Worst overlap ri + rj - d between particles not joined by a spring,
 * as a share of the smaller radius. */
static double worst_overlap(tt_world_id world)
{
	tt_particle_view p = tt_world_particles(world);
	tt_spring_view s = tt_world_springs(world);
	double worst = 0.0;
	for (int i = 0; i < p.count; i++)
		for (int j = i + 1; j < p.count; j++) {
			float dx = p.x[i] - p.x[j], dy = p.y[i] - p.y[j];
			double d = sqrt(dx * dx + dy * dy);
			double r = p.radius[i] + p.radius[j];
			if (d < r && !joined(s, i, j))
				worst = fmax(worst, (r - d) / fmin(p.radius[i],
								   p.radius[j]));
		}
	return worst;
}

/* A rope of n links from a, along step, free or with both ends pinned;
 * particles of radius r. */
static void rope(tt_world_id world, tt_vec3 a, tt_vec3 step, int n,
		 int pinned, float r)
{
	tt_particle_id nodes[81];
	scene_rope(world, a, step, n, NULL, nodes);
	for (int k = 0; k <= n; k++) {
		tt_particle_set_radius(nodes[k], r);
		tt_particle_set_pinned(nodes[k], pinned && (k == 0 || k == n));
	}
}

/* A rope lying on the floor, a rope dropped across it, and a rope
 * dropped upright that piles on itself; the candidates' skin in largest
 * radii (0: the default). */
static tt_world_id pile(float skin)
{
	const float r = 0.02f;
	tt_world_def wd = tt_world_def_default();
	wd.particle_collision = 1;
	tt_world_id world;
	CHECK(tt_world_create(&wd, &world) == TT_OK);
	tt_world_get(world)->grid.skin_share = skin;
	tt_collider_def floor = tt_collider_def_default();
	floor.shape = TT_SHAPE_PLANE;
	floor.position.y = -1.0f;
	scene_collider(world, &floor);
	rope(world, (tt_vec3){-0.8f, -0.98f, 0}, (tt_vec3){2 * r, 0, 0}, 40, 0, r);
	rope(world, (tt_vec3){-0.6f, 0.5f, 0}, (tt_vec3){2 * r * 0.8f, -2 * r * 0.6f, 0},
	     40, 0, r);
	rope(world, (tt_vec3){1.5f, 1.5f, 0}, (tt_vec3){0, -2 * r, 0}, 60, 0, r);
	return world;
}

void test_hash_self_collision(void)
{
	tt_world_id world = pile(0.0f);
	double worst = 0.0;
	for (int k = 0; k < 300; k++) {
		tt_world_step(world);
		worst = fmax(worst, worst_overlap(world));
	}
	check_note("worst overlap %.1f%% of a radius", 100.0 * worst);
	CHECK(worst < 0.1);
	tt_world_destroy(world);
}

/* The candidates are kept over substeps while no particle has moved past
 * half their skin: they must still hold every pair that touches, in the
 * order brute force meets them, so the pile comes out bit for bit as with
 * every pair a candidate (an infinite skin: one cell, never rebuilt) and
 * as with a skin 16 times wider (rebuilt less than every other substep). */
void test_hash_skin(void)
{
	tt_world_id kept = pile(0.0f), all = pile(INFINITY), wide = pile(4.0f);
	for (int k = 0; k < 300; k++)
		tt_world_step(kept), tt_world_step(all), tt_world_step(wide);
	long builds = tt_world_get(kept)->grid.builds,
	     wider = tt_world_get(wide)->grid.builds;
	check_note("%ld lists over %d substeps, %ld with the wide skin; hash %016llx",
		   builds, 300 * 8, wider, (unsigned long long)tt_world_hash(kept));
	CHECK(tt_world_hash(kept) == tt_world_hash(all));
	CHECK(tt_world_hash(kept) == tt_world_hash(wide));
	CHECK(tt_world_get(all)->grid.builds == 300);  /* once a step */
	CHECK(builds < 300 * 8 && wider < 300 * 8 / 2);
	tt_world_destroy(kept);
	tt_world_destroy(all);
	tt_world_destroy(wide);
}
