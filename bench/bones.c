/* The hair workload (issue 15): N dynamic-bone chains of S nodes on a
 * dancing head (a sphere that sways, bobs and turns), each meeting the
 * head, at the default knobs (one update a step). Then the same chains
 * on ten dancing heads 0 to 36 m from the camera, stepped with no level
 * of detail and with lod = {near 5, far 15, cull 30} (so some update at
 * lower rates and the farthest are frozen in pose): a crowd's price with
 * and without LOD. A 60-step warm-up (untimed) lets the hair settle.
 * Figures: ms per step and ns per node update (nodes that moved; the
 * root node of each chain rides its root and is not counted). */
#include <math.h>
#include <stdio.h>

#include "../core/taut.h"
#include "workload.h"

#define HEAD 0.1f
#define HEADS 10

typedef struct bones_args {
	int chains, nodes, steps;
} bones_args;

typedef struct bones_scene {
	tt_world_id world;
	tt_collider_id heads[HEADS];
	int head_count;
} bones_scene;

/* Strand k of n on a head: rooted on the scalp's upper half, straight
 * out from it (it falls and drapes over the head in the warm-up). */
static tt_status strand(tt_world_id w, tt_collider_id head, int k, int n,
			int nodes, const tt_bone_lod *lod)
{
	static tt_vec3 points[TT_BONECHAIN_MAX_POINTS];
	float polar = 1.3f * sqrtf(((float)k + 0.5f) / (float)n);
	float around = 2.39996323f * (float)k;  /* the golden angle */
	tt_vec3 u = {sinf(polar) * cosf(around), cosf(polar),
		     sinf(polar) * sinf(around)};
	for (int i = 0; i < nodes; i++) {
		float r = HEAD + 0.4f * (float)i / (float)nodes;
		points[i] = (tt_vec3){u.x * r, u.y * r, u.z * r};
	}
	tt_bonechain_def def = tt_bonechain_def_default();
	def.collider = head;
	def.points = points;
	def.point_count = nodes;
	def.colliders[0] = (tt_bone_collider){head, 0};
	def.collider_count = 1;
	def.curve[TT_BONE_RADIUS] = tt_curve_constant(0.005f);
	if (lod)
		def.lod = *lod;
	tt_bonechain_id id;
	return tt_bonechain_create(w, &def, &id);
}

static tt_status build(const bones_args *a, int heads, const tt_bone_lod *lod,
		       bones_scene *s)
{
	tt_world_def wd = tt_world_def_default();
	wd.is_3d = 1;
	tt_status status = tt_world_create(&wd, &s->world);
	s->head_count = heads;
	for (int h = 0; h < heads && status == TT_OK; h++) {
		tt_collider_def cd = tt_collider_def_default();
		cd.shape = TT_SHAPE_SPHERE;
		cd.radius = HEAD;
		cd.position = (tt_vec3){4.0f * (float)h, 1.6f, 0.0f};
		status = tt_collider_create(s->world, &cd, &s->heads[h]);
		int per = a->chains / heads;
		for (int k = 0; k < per && status == TT_OK; k++)
			status = strand(s->world, s->heads[h], k, per, a->nodes, lod);
	}
	return status;
}

/* Step k of the dance: sway, bob and a turn back and forth. */
static void dance(const bones_scene *s, int k)
{
	float t = (float)k / 60.0f;
	for (int h = 0; h < s->head_count; h++) {
		tt_vec3 p = {4.0f * (float)h + 0.3f * sinf(3.0f * t),
			     1.6f + 0.1f * sinf(5.0f * t), 0.2f * sinf(2.0f * t)};
		tt_collider_move_to_3d(s->heads[h], p,
				       tt_quat_axis_angle((tt_vec3){0.2f, 1, 0.1f},
							  1.5f * sinf(2.0f * t)));
	}
}

static uint64_t node_updates(tt_world_id w)
{
	uint64_t n = 0;
	for (int i = 0; i < tt_world_bonechain_count(w); i++)
		n += tt_bonechain_node_updates(tt_world_bonechain_at(w, i));
	return n;
}

/* ms per step, and ns per node update. */
static int run(const bones_args *a, int heads, const tt_bone_lod *lod,
	       double *ms, double *ns, int *levels)
{
	bones_scene s;
	if (build(a, heads, lod, &s) != TT_OK)
		return 0;
	for (int k = 0; k < 60; k++, dance(&s, k))
		tt_world_step(s.world);
	uint64_t before = node_updates(s.world);
	double start = bench_now();
	for (int k = 0; k < a->steps; k++) {
		dance(&s, 60 + k);
		tt_world_step(s.world);
	}
	double wall = bench_now() - start;
	uint64_t done = node_updates(s.world) - before;
	*ms = 1e3 * wall / a->steps;
	*ns = done ? 1e9 * wall / (double)done : 0.0;
	tt_world_bonechain_levels(s.world, levels);
	tt_world_destroy(s.world);
	return 1;
}

/* --only k runs scene k alone (1 head, 2 crowd, 3 crowd with LOD; the
 * others print 0), for instruction counts under callgrind. */
int bench_bones(int argc, char **argv)
{
	static const char *const names[] = {"--chains", "--nodes", "--steps",
					    "--only"};
	bones_args a = {100, 20, 600};
	int only = 0;
	int *const fields[] = {&a.chains, &a.nodes, &a.steps, &only};
	if (!bench_parse(argc, argv, names, fields, 4) || a.nodes < 2 ||
	    a.nodes > TT_BONECHAIN_MAX_POINTS || a.chains < HEADS || only > 3)
		return 2;
	const tt_bone_lod lod = {.near = 5, .far = 15, .cull = 30, .rate = 20};
	const int heads[3] = {1, HEADS, HEADS};
	const tt_bone_lod *lods[3] = {NULL, NULL, &lod};
	double ms[3] = {0}, ns[3] = {0};
	int levels[3][TT_BONE_LEVEL_COUNT] = {{0}};
	for (int k = 0; k < 3; k++)
		if ((only == 0 || only == k + 1) &&
		    !run(&a, heads[k], lods[k], &ms[k], &ns[k], levels[k])) {
			fputs("taut bench bones: the scene could not be built\n", stderr);
			return 1;
		}
	printf("RESULT chains=%d nodes=%d steps=%d head_ms=%.4f head_ns=%.1f "
	       "crowd_ms=%.4f crowd_ns=%.1f lod_ms=%.4f lod_ns=%.1f full=%d low=%d "
	       "culled=%d\n",
	       a.chains, a.nodes, a.steps, ms[0], ns[0], ms[1], ns[1], ms[2], ns[2],
	       levels[2][TT_BONE_LEVEL_FULL], levels[2][TT_BONE_LEVEL_LOW],
	       levels[2][TT_BONE_LEVEL_CULLED]);
	return 0;
}
