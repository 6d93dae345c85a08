/* Strands for the dynamic-bone tests (bones.h). */
#include <math.h>

#include "bones.h"
#include "check.h"

void bones_knobs(tt_bonechain_def *def, float damping, float elasticity,
		 float stiffness, float inertia)
{
	def->curve[TT_BONE_DAMPING] = tt_curve_constant(damping);
	def->curve[TT_BONE_ELASTICITY] = tt_curve_constant(elasticity);
	def->curve[TT_BONE_STIFFNESS] = tt_curve_constant(stiffness);
	def->curve[TT_BONE_INERTIA] = tt_curve_constant(inertia);
}

void bones_strand(strand *s, tt_world_id world, tt_vec3 root, tt_vec3 direction,
		  int n, float spacing, tt_bonechain_def def)
{
	tt_frame_def fd = tt_frame_def_default();
	fd.position = root;
	s->world = world;
	s->count = n;
	CHECK(n <= STRAND_MAX && tt_frame_create(world, &fd, &s->root) == TT_OK);
	for (int i = 0; i < n; i++)
		s->points[i] = (tt_vec3){direction.x * spacing * (float)i,
					 direction.y * spacing * (float)i,
					 direction.z * spacing * (float)i};
	def.frame = s->root;
	def.points = s->points;
	def.point_count = n;
	CHECK(tt_bonechain_create(world, &def, &s->chain) == TT_OK);
}

double bones_distance(tt_vec3 a, tt_vec3 b)
{
	double x = a.x - b.x, y = a.y - b.y, z = a.z - b.z;
	return sqrt(x * x + y * y + z * z);
}

tt_vec3 bones_node(const strand *s, int i)
{
	return tt_particle_get_position(tt_bonechain_node(s->chain, i));
}

tt_vec3 bones_local(const strand *s, int i)
{
	return tt_frame_to_local(s->root, bones_node(s, i));
}

double bones_off_pose(const strand *s)
{
	double worst = 0.0;
	for (int i = 0; i < s->count; i++)
		worst = fmax(worst, bones_distance(bones_node(s, i),
						   tt_bonechain_rest_position(s->chain, i)));
	return worst;
}
