/* Drawing between steps: physics runs at its fixed step, a frame falls
 * anywhere between two steps, and drawing the last step as it is makes a
 * 144 Hz window show a 60 Hz world in jerks. So before each step the
 * positions are kept here, and a frame draws them blended towards the
 * current ones by the accumulator's fraction (the frame lags by at most
 * one step, as in "Fix your timestep!", G. Fiedler).
 *
 * The blend is swapped into the world's own arrays for the frame
 * (tt_world_swap_positions) and swapped back after it, so the debug view,
 * the scene's draw (p.position, rope nodes, queries) and anything else
 * that reads positions while drawing see one drawn state, and everything
 * outside drawing sees the simulated one, restored bit for bit. A
 * particle is blended only if the one at its index is the one kept there
 * (by id): cuts append, removals swap, and a new or moved particle is
 * drawn where it is. Colliders likewise (tt_world_swap_collider_poses):
 * position and angle blended, rotation turned along the shorter arc, so
 * what rests on a moving collider is drawn resting on it. Cost: three
 * float copies per particle (a pose per collider) per step and a blend and
 * two swaps per frame. A scene.draw that destroys or culls (its last
 * particle or collider moved into the hole) gets each kept position back
 * by id instead of by place. */
#include <stdlib.h>
#include <string.h>

#include "interp.h"
#include "../core/frame.h"

struct tt_interp {
	int count, capacity;   /* kept particles, then room */
	float *kept[3];        /* x, y, z before the last step */
	float *drawn[3];       /* the blend, swapped with the world's */
	tt_particle_id *ids;
	tt_particle_id *drawn_ids;  /* which particle each drawn one is */
	int pose_count, pose_capacity;        /* kept colliders, then room */
	tt_collider_pose *kept_poses, *drawn_poses;
	tt_collider_id *collider_ids, *drawn_collider_ids;
	tt_world_id world;
	int swapped, poses_swapped;  /* particles, colliders swapped in */
};

tt_interp *tt_interp_create(void)
{
	return calloc(1, sizeof(tt_interp));
}

void tt_interp_destroy(tt_interp *in)
{
	if (!in)
		return;
	for (int k = 0; k < 3; k++) {
		free(in->kept[k]);
		free(in->drawn[k]);
	}
	free(in->ids);
	free(in->drawn_ids);
	free(in->kept_poses);
	free(in->drawn_poses);
	free(in->collider_ids);
	free(in->drawn_collider_ids);
	free(in);
}

void tt_interp_forget(tt_interp *in)
{
	in->count = 0;
	in->pose_count = 0;
}

/* Room for n items of size bytes at *a; 0 when it cannot grow (the old
 * block stays ours). */
static int grow(void *a, int n, size_t size)
{
	void **block = a;
	void *grown = realloc(*block, (size_t)n * size);
	*block = grown ? grown : *block;
	return grown != NULL;
}

static int reserve(tt_interp *in, int n)
{
	if (n <= in->capacity)
		return 1;
	int ok = grow(&in->ids, n, sizeof *in->ids);
	ok = grow(&in->drawn_ids, n, sizeof *in->drawn_ids) && ok;
	for (int k = 0; k < 3; k++) {
		ok = grow(&in->kept[k], n, sizeof(float)) && ok;
		ok = grow(&in->drawn[k], n, sizeof(float)) && ok;
	}
	if (ok)
		in->capacity = n;
	return ok;
}

static int reserve_poses(tt_interp *in, int n)
{
	if (n <= in->pose_capacity)
		return 1;
	int ok = grow(&in->collider_ids, n, sizeof *in->collider_ids);
	ok = grow(&in->drawn_collider_ids, n, sizeof *in->drawn_collider_ids) && ok;
	ok = grow(&in->kept_poses, n, sizeof(tt_collider_pose)) && ok;
	ok = grow(&in->drawn_poses, n, sizeof(tt_collider_pose)) && ok;
	if (ok)
		in->pose_capacity = n;
	return ok;
}

static tt_collider_pose pose_of(tt_collider_id id)
{
	tt_collider_def def = tt_collider_get_def(id);
	return (tt_collider_pose){def.position, def.angle, def.rotation};
}

static void save_particles(tt_interp *in, tt_world_id world)
{
	tt_particle_view p = tt_world_particles(world);
	in->count = 0;
	if (p.count == 0 || !reserve(in, p.count))
		return;  /* no memory: the next frames draw the steps as they are */
	memcpy(in->kept[0], p.x, (size_t)p.count * sizeof(float));
	memcpy(in->kept[1], p.y, (size_t)p.count * sizeof(float));
	memcpy(in->kept[2], p.z, (size_t)p.count * sizeof(float));
	for (int i = 0; i < p.count; i++)
		in->ids[i] = tt_world_particle_at(world, i);
	in->count = p.count;
}

static void save_colliders(tt_interp *in, tt_world_id world)
{
	int n = tt_world_collider_count(world);
	in->pose_count = 0;
	if (n == 0 || !reserve_poses(in, n))
		return;
	for (int i = 0; i < n; i++) {
		in->collider_ids[i] = tt_world_collider_at(world, i);
		in->kept_poses[i] = pose_of(in->collider_ids[i]);
	}
	in->pose_count = n;
}

void tt_interp_save(tt_interp *in, tt_world_id world)
{
	save_particles(in, world);
	save_colliders(in, world);
	in->world = world;
}

/* Kept value a of a particle now at b, fraction t of the way: exactly b at
 * t = 1. */
static float blend(float a, float b, float t)
{
	return b - (b - a) * (1.0f - t);
}

static tt_collider_pose blend_pose(tt_collider_pose a, tt_collider_pose b,
				   float t)
{
	tt_vec3 p = {blend(a.position.x, b.position.x, t),
		     blend(a.position.y, b.position.y, t),
		     blend(a.position.z, b.position.z, t)};
	return (tt_collider_pose){p, blend(a.angle, b.angle, t),
				  tt_quat_slerp(a.rotation, b.rotation, t)};
}

static void begin_particles(tt_interp *in, tt_world_id world, float fraction)
{
	tt_particle_view p = tt_world_particles(world);
	int n = in->count < p.count ? in->count : p.count;
	const float *now[3] = {p.x, p.y, p.z};
	for (int i = 0; i < n; i++) {
		in->drawn_ids[i] = tt_world_particle_at(world, i);
		int same = tt_particle_id_equal(in->ids[i], in->drawn_ids[i]);
		for (int k = 0; k < 3; k++)
			in->drawn[k][i] = same ? blend(in->kept[k][i], now[k][i],
						       fraction)
					       : now[k][i];
	}
	in->swapped = n;
	if (n > 0)
		tt_world_swap_positions(world, in->drawn[0], in->drawn[1],
					in->drawn[2], n);
}

static void begin_colliders(tt_interp *in, tt_world_id world, float fraction)
{
	int count = tt_world_collider_count(world);
	int n = in->pose_count < count ? in->pose_count : count;
	for (int i = 0; i < n; i++) {
		tt_collider_id id = in->drawn_collider_ids[i] =
			tt_world_collider_at(world, i);
		tt_collider_pose now = pose_of(id);
		in->drawn_poses[i] = tt_collider_id_equal(id, in->collider_ids[i])
			? blend_pose(in->kept_poses[i], now, fraction) : now;
	}
	in->poses_swapped = n;
	if (n > 0)
		tt_world_swap_collider_poses(world, in->drawn_poses, n);
}

int tt_interp_begin(tt_interp *in, tt_world_id world, float fraction)
{
	if (!(fraction < 1.0f) || !tt_world_id_equal(world, in->world))
		return 0;
	fraction = fraction > 0.0f ? fraction : 0.0f;
	begin_particles(in, world, fraction);
	begin_colliders(in, world, fraction);
	return in->swapped > 0 || in->poses_swapped > 0;
}

/* Did scene.draw leave the first n particles where they were drawn? It may
 * destroy some (the last moves into the hole: swapped back by place, the
 * destroyed one's position would land on the one moved there) or cut a
 * rope (its short pieces culled). */
static int particles_in_place(const tt_interp *in, tt_world_id world, int n)
{
	for (int i = 0; i < n; i++)
		if (!tt_particle_id_equal(in->drawn_ids[i], tt_world_particle_at(world, i)))
			return 0;
	return 1;
}

/* Each simulated position back to its particle, wherever it is now: the
 * world's positions as they are, the kept ones written over the drawn
 * particles still alive, and that swapped in. Out of memory, the drawn
 * positions stay (the step goes on from them). */
static void end_particles_moved(tt_interp *in, tt_world_id world)
{
	tt_particle_view p = tt_world_particles(world);
	size_t size = (size_t)(p.count > 0 ? p.count : 1) * sizeof(float);
	float *back[3] = {malloc(size), malloc(size), malloc(size)};
	const float *now[3] = {p.x, p.y, p.z};
	for (int k = 0; k < 3 && back[0] && back[1] && back[2]; k++) {
		memcpy(back[k], now[k], (size_t)p.count * sizeof(float));
		for (int i = 0; i < in->swapped; i++) {
			int j = tt_particle_index(in->drawn_ids[i]);
			if (j >= 0 && j < p.count)
				back[k][j] = in->drawn[k][i];
		}
	}
	if (back[0] && back[1] && back[2])
		tt_world_swap_positions(world, back[0], back[1], back[2], p.count);
	for (int k = 0; k < 3; k++)
		free(back[k]);
}

static void end_particles(tt_interp *in, tt_world_id world)
{
	if (particles_in_place(in, world, in->swapped))
		tt_world_swap_positions(world, in->drawn[0], in->drawn[1],
					in->drawn[2], in->swapped);
	else
		end_particles_moved(in, world);
}

static int colliders_in_place(const tt_interp *in, tt_world_id world, int n)
{
	for (int i = 0; i < n; i++)
		if (!tt_collider_id_equal(in->drawn_collider_ids[i],
					  tt_world_collider_at(world, i)))
			return 0;
	return 1;
}

/* As end_particles_moved, for colliders scene.draw destroyed. */
static void end_colliders_moved(tt_interp *in, tt_world_id world)
{
	int n = tt_world_collider_count(world);
	tt_collider_pose *back = malloc((size_t)(n > 0 ? n : 1) * sizeof *back);
	for (int j = 0; back && j < n; j++)
		back[j] = pose_of(tt_world_collider_at(world, j));
	for (int i = 0; back && i < in->poses_swapped; i++) {
		int j = tt_collider_index(in->drawn_collider_ids[i]);
		if (j >= 0 && j < n)
			back[j] = in->drawn_poses[i];
	}
	if (back)
		tt_world_swap_collider_poses(world, back, n);
	free(back);
}

static void end_colliders(tt_interp *in, tt_world_id world)
{
	if (colliders_in_place(in, world, in->poses_swapped))
		tt_world_swap_collider_poses(world, in->drawn_poses,
					     in->poses_swapped);
	else
		end_colliders_moved(in, world);
}

void tt_interp_end(tt_interp *in, tt_world_id world)
{
	if (in->swapped)
		end_particles(in, world);
	if (in->poses_swapped)
		end_colliders(in, world);
	in->swapped = in->poses_swapped = 0;
}
