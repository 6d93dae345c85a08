/* taut — opaque ids. This header stands alone so a caller can hold ids
 * without the whole API (after Box2D's include/box2d/id.h).
 *
 * An id is {slot, generation}; a world's ids also carry the world's own
 * slot and generation, so an id outlives its object safely: every public
 * call looks the id up and a destroyed object (or a destroyed world) makes
 * the call fail with a status, never a crash. A zeroed id is null. */
#ifndef TT_ID_H
#define TT_ID_H

#include <stdbool.h>
#include <stdint.h>

typedef struct tt_world_id {
	uint16_t index1;     /* slot + 1; 0 is null */
	uint16_t generation;
} tt_world_id;

typedef struct tt_particle_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_particle_id;

typedef struct tt_spring_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_spring_id;

typedef struct tt_rope_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_rope_id;
typedef struct tt_wind_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_wind_id;
typedef struct tt_collider_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_collider_id;

typedef struct tt_cutter_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_cutter_id;

typedef struct tt_frame_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_frame_id;
typedef struct tt_angle_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_angle_id;

typedef struct tt_grab_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_grab_id;

typedef struct tt_softbody_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_softbody_id;

typedef struct tt_bonechain_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_bonechain_id;
typedef struct tt_cloth_id {
	uint32_t index1;
	uint32_t generation;
	tt_world_id world;
} tt_cloth_id;

static inline bool tt_world_id_equal(tt_world_id a, tt_world_id b)
{
	return a.index1 == b.index1 && a.generation == b.generation;
}

static inline bool tt_particle_id_equal(tt_particle_id a, tt_particle_id b)
{
	return a.index1 == b.index1 && a.generation == b.generation &&
	       tt_world_id_equal(a.world, b.world);
}

static inline bool tt_spring_id_equal(tt_spring_id a, tt_spring_id b)
{
	return a.index1 == b.index1 && a.generation == b.generation &&
	       tt_world_id_equal(a.world, b.world);
}

static inline bool tt_wind_id_equal(tt_wind_id a, tt_wind_id b)
{
	return a.index1 == b.index1 && a.generation == b.generation &&
	       tt_world_id_equal(a.world, b.world);
}

static inline bool tt_collider_id_equal(tt_collider_id a, tt_collider_id b)
{
	return a.index1 == b.index1 && a.generation == b.generation &&
	       tt_world_id_equal(a.world, b.world);
}

static inline bool tt_frame_id_equal(tt_frame_id a, tt_frame_id b)
{
	return a.index1 == b.index1 && a.generation == b.generation &&
	       tt_world_id_equal(a.world, b.world);
}

#endif
