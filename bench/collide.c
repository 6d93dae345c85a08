/* The collision workload: N ropes of S links hanging in a row over pegs
 * and a tilted box, piling on a floor. The same scene is stepped three
 * ways — without colliders, with them, and with particle-particle
 * collision on as well — and the differences, per particle per substep,
 * are the costs: collide_cost = colliders - bare; self_cost = self -
 * colliders, all that turning particle collision on adds, which includes
 * a second round of collider contacts for what the pairs moved
 * (core/contact.c: the two fight where a particle is pressed against a
 * wall); lists = candidate lists built per substep, revisited = particles
 * that second round took again, per particle-substep. The scene is then built
 * again in a 3D world, with its 3D twins (spheres for the pegs, a box
 * turned by a quaternion about z, a plane), and stepped bare and with
 * colliders: the 3D collide cost beside the 2D one. Then the 2D scene
 * again with --colliders pegs in all (1000 by default), the others in a
 * field above the ropes' anchors that none of them reaches: with the broad phase
 * (core/broad.c) they should cost next to nothing, without it (the loop
 * over every collider, as before it) they cost their count. A 60-step warm-up
 * (untimed) lets the ropes reach the shapes first; the worlds of a
 * comparison step in turn. */
#include <stdint.h>
#include <stdio.h>

#include "../core/taut.h"
#include "../core/world.h"  /* broad_off (the loop over every collider), the grid's counts */
#include "workload.h"

#define SPACING 0.6f  /* m between ropes */

static tt_status add_colliders(tt_world_id w, const bench_rope_args *a,
				int is_3d)
{
	float length = (float)a->segments * BENCH_REST;
	float width = (float)a->ropes * SPACING;
	tt_collider_id id;
	tt_collider_def floor = tt_collider_def_default();
	floor.shape = TT_SHAPE_PLANE;
	floor.position.y = -0.7f * length;
	tt_status status = tt_collider_create(w, &floor, &id);
	tt_collider_def box = tt_collider_def_default();
	box.size = (tt_vec3){0.5f * width, 0.3f, is_3d ? 2.0f : 0.0f};
	box.position = (tt_vec3){0.25f * width, -0.4f * length, 0.0f};
	box.angle = 0.2f;
	box.rotation = tt_quat_axis_angle((tt_vec3){0, 0, 1}, 0.2f);
	if (status == TT_OK)
		status = tt_collider_create(w, &box, &id);
	for (float x = 0.6f * width; x < width && status == TT_OK; x += 2.0f) {
		tt_collider_def peg = tt_collider_def_default();
		peg.shape = is_3d ? TT_SHAPE_SPHERE : TT_SHAPE_CIRCLE;
		peg.radius = 0.2f;
		peg.position = (tt_vec3){x, -0.3f * length, 0.0f};
		status = tt_collider_create(w, &peg, &id);
	}
	return status;
}

/* Pegs in rows above the ropes' anchors, out of their reach (a rope
 * whips up from the floor: well above its length), up to `count`
 * colliders in the world. */
static tt_status add_field(tt_world_id w, const bench_rope_args *a, int count)
{
	float y0 = 2.0f * (float)a->segments * BENCH_REST + 10.0f;
	tt_status status = TT_OK;
	for (int k = tt_world_collider_count(w); k < count && status == TT_OK; k++) {
		tt_collider_def peg = tt_collider_def_default();
		peg.shape = k % 2 ? TT_SHAPE_CIRCLE : TT_SHAPE_BOX;
		peg.radius = 0.2f;
		peg.size = (tt_vec3){0.4f, 0.3f, 0.0f};
		peg.position = (tt_vec3){(float)(k % 40), y0 + (float)(k / 40), 0.0f};
		tt_collider_id id;
		status = tt_collider_create(w, &peg, &id);
	}
	return status;
}

/* mode 0: no colliders; 1: colliders; 2: colliders and particle pairs;
 * 3 and 4: 0 and 1 in a 3D world; 5 and 6: 1 with the field, 6 without
 * the broad phase. */
static tt_status build(const bench_rope_args *a, int mode, tt_world_id *w)
{
	tt_world_def def = bench_world_def(a);
	def.is_3d = mode == 3 || mode == 4;
	def.particle_collision = mode == 2;
	tt_status status = tt_world_create(&def, w);
	tt_particle_def pd = tt_particle_def_default();
	tt_spring_def sd = tt_spring_def_default();
	sd.rest_length = BENCH_REST;
	for (int r = 0; r < a->ropes && status == TT_OK; r++)
		for (int k = 0; k <= a->segments && status == TT_OK; k++) {
			pd.position = (tt_vec3){(float)r * SPACING + 0.01f * (float)k,
						-(float)k * BENCH_REST, 0.0f};
			pd.pinned = k == 0;
			sd.a = sd.b;
			status = tt_particle_create(*w, &pd, &sd.b);
			tt_spring_id s;
			if (status == TT_OK && k > 0)
				status = tt_spring_create(*w, &sd, &s);
		}
	if (status == TT_OK && mode != 0 && mode != 3)
		status = add_colliders(*w, a, def.is_3d);
	if (status == TT_OK && mode >= 5)
		status = add_field(*w, a, a->colliders);
	tt_world_get(*w)->broad_off = mode == 6;
	return status;
}

/* The worlds of modes[0..n) stepped in turn, each step timed on its own
 * (noise on a busy machine falls on all alike): ns per particle per
 * substep of each into ns, and the contacts of the last. 0 on failure. */
static int measure(const bench_rope_args *a, const int *modes, int n,
		   double *ns, int *contacts, uint64_t *hashes, double share[2])
{
	tt_world_id w[3] = {{0}};
	double wall[3] = {0};
	int ok = 1;
	for (int k = 0; k < n; k++)
		ok &= build(a, modes[k], &w[k]) == TT_OK;
	for (int step = 0; ok && step < 60 + a->steps; step++)
		for (int k = 0; k < n; k++) {
			double start = bench_now();
			tt_world_step(w[k]);
			wall[k] += step < 60 ? 0.0 : bench_now() - start;
		}
	*contacts = tt_world_contacts(w[n - 1]).count;
	const tt_grid *g = &tt_world_get(w[n - 1])->grid;
	double substeps = (double)(60 + a->steps) * a->substeps;
	share[0] = (double)g->builds / substeps;
	share[1] = (double)g->revisited / (substeps * tt_world_particle_count(w[n - 1]));
	for (int k = 0; k < n; k++) {
		hashes[k] = tt_world_hash(w[k]);
		ns[k] = 1e9 * wall[k] /
			((double)tt_world_particle_count(w[k]) * a->steps * a->substeps);
		tt_world_destroy(w[k]);
	}
	return ok;
}

int bench_collide(const bench_rope_args *a)
{
	int contacts, contacts3, field_contacts;
	double ns[3], ns3[2], field[3], share[2], unused[2];
	uint64_t h[3];
	if (!measure(a, (const int[]){0, 1, 2}, 3, ns, &contacts, h, share) ||
	    !measure(a, (const int[]){3, 4}, 2, ns3, &contacts3, h, unused) ||
	    !measure(a, (const int[]){1, 5, 6}, 3, field, &field_contacts, h, unused)) {
		fprintf(stderr, "taut bench: out of memory\n");
		return 1;
	}
	printf("COLLIDE ns_bare=%.3f ns_colliders=%.3f ns_self=%.3f "
	       "collide_cost=%.3f self_cost=%.3f lists=%.3f revisited=%.3f "
	       "contacts=%d\n", ns[0], ns[1], ns[2], ns[1] - ns[0], ns[2] - ns[1],
	       share[0], share[1], contacts);
	printf("COLLIDE3 ns_bare=%.3f ns_colliders=%.3f collide_cost=%.3f "
	       "contacts=%d\n", ns3[0], ns3[1], ns3[1] - ns3[0], contacts3);
	printf("FIELD colliders=%d ns_few=%.3f ns_many=%.3f ns_many_brute=%.3f "
	       "few_cost=%.3f many_cost=%.3f brute_cost=%.3f ratio=%.3f "
	       "contacts=%d same=%d\n", a->colliders, field[0], field[1], field[2],
	       field[0] - ns[0], field[1] - ns[0], field[2] - ns[0],
	       (field[1] - ns[0]) / (field[0] - ns[0]), field_contacts,
	       h[0] == h[1] && h[1] == h[2]);
	if (h[0] != h[1] || h[1] != h[2])
		printf("WARNING the field changed the ropes' motion, or the broad "
		       "phase did\n");
	return 0;
}
