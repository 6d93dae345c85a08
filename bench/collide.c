/* The collision workload: N ropes of S links hanging in a row over pegs
 * and a tilted box, piling on a floor. The same scene is stepped three
 * ways — without colliders, with them, and with particle-particle
 * collision on as well — and the differences, per particle per substep,
 * are the costs: collide_cost = colliders - bare; self_cost = self -
 * colliders, all that turning particle collision on adds, which includes
 * a second round of collider contacts (core/contact.c: the two fight
 * where a particle is pressed against a wall); hash_cost = self_cost -
 * collide_cost, the spatial hash's own share. The scene is then built
 * again in a 3D world, with its 3D twins (spheres for the pegs, a box
 * turned by a quaternion about z, a plane), and stepped bare and with
 * colliders: the 3D collide cost beside the 2D one. A 60-step warm-up
 * (untimed) lets the ropes reach the shapes first; the worlds of a
 * comparison step in turn. */
#include <stdio.h>

#include "../core/taut.h"
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

/* mode 0: no colliders; 1: colliders; 2: colliders and particle pairs;
 * 3 and 4: 0 and 1 in a 3D world. */
static tt_status build(const bench_rope_args *a, int mode, tt_world_id *w)
{
	tt_world_def def = bench_world_def(a);
	def.is_3d = mode >= 3;
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
	return status == TT_OK && (mode == 1 || mode == 2 || mode == 4)
		       ? add_colliders(*w, a, def.is_3d)
		       : status;
}

/* The worlds of modes[0..n) stepped in turn, each step timed on its own
 * (noise on a busy machine falls on all alike): ns per particle per
 * substep of each into ns, and the contacts of the last. 0 on failure. */
static int measure(const bench_rope_args *a, const int *modes, int n,
		   double *ns, int *contacts)
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
	for (int k = 0; k < n; k++) {
		ns[k] = 1e9 * wall[k] /
			((double)tt_world_particle_count(w[k]) * a->steps * a->substeps);
		tt_world_destroy(w[k]);
	}
	return ok;
}

int bench_collide(const bench_rope_args *a)
{
	int contacts, contacts3;
	double ns[3], ns3[2];
	if (!measure(a, (const int[]){0, 1, 2}, 3, ns, &contacts) ||
	    !measure(a, (const int[]){3, 4}, 2, ns3, &contacts3)) {
		fprintf(stderr, "taut bench: out of memory\n");
		return 1;
	}
	printf("COLLIDE ns_bare=%.3f ns_colliders=%.3f ns_self=%.3f "
	       "collide_cost=%.3f self_cost=%.3f hash_cost=%.3f contacts=%d\n",
	       ns[0], ns[1], ns[2], ns[1] - ns[0], ns[2] - ns[1],
	       ns[2] - 2.0 * ns[1] + ns[0], contacts);
	printf("COLLIDE3 ns_bare=%.3f ns_colliders=%.3f collide_cost=%.3f "
	       "contacts=%d\n", ns3[0], ns3[1], ns3[1] - ns3[0], contacts3);
	return 0;
}
