/* The one list of user-facing error messages. The Lua binding shows them
 * after "bad argument #n to 'f' (", so they read as a reason. */
#include "taut.h"

static const char *const messages[TT_STATUS_COUNT] = {
	[TT_OK] = "ok",
	[TT_ERR_WORLD_STALE] = "world was destroyed",
	[TT_ERR_PARTICLE_STALE] = "particle was destroyed",
	[TT_ERR_SPRING_STALE] = "spring was destroyed",
	[TT_ERR_TOO_MANY_WORLDS] = "too many worlds (destroy unused ones)",
	[TT_ERR_OUT_OF_MEMORY] = "out of memory",
	[TT_ERR_NOT_FINITE] = "value is not a finite number",
	[TT_ERR_MASS] = "mass must be a finite number >= 0",
	[TT_ERR_UNPIN_MASSLESS] = "a particle of mass 0 cannot be unpinned "
				  "(give it a mass first)",
	[TT_ERR_RADIUS] = "radius must be a finite number >= 0",
	[TT_ERR_REST_LENGTH] = "rest_length must be a finite number >= 0",
	[TT_ERR_COMPLIANCE] = "compliance must be a finite number >= 0",
	[TT_ERR_DAMPING] = "damping must be a finite number >= 0",
	[TT_ERR_MAX_FORCE] = "max_force must be a finite number >= 0",
	[TT_ERR_ROPE_STALE] = "rope was destroyed",
	[TT_ERR_ROPE_BROKEN] = "rope lost a particle (it was destroyed or cut)",
	[TT_ERR_ROPE_SEGMENTS] = "a rope needs 1 to 100000 segments",
	[TT_ERR_LENGTH] = "length must be a finite number > 0",
	[TT_ERR_ROPE_TETHERS] = "unknown rope tethers",
	[TT_ERR_SPRING_KIND] = "unknown spring kind",
	[TT_ERR_SAME_PARTICLE] = "a spring needs two different particles",
	[TT_ERR_OTHER_WORLD] = "particles belong to different worlds",
	[TT_ERR_TIME_STEP] = "dt must be in (0, 1] seconds",
	[TT_ERR_SUBSTEPS] = "substeps must be an integer in [1, 1000]",
	[TT_ERR_ITERATIONS] = "iterations must be an integer in [1, 1000]",
	[TT_ERR_MAX_SPEED] = "max_speed must be a finite number > 0",
	[TT_ERR_WIND_STALE] = "wind was destroyed",
	[TT_ERR_WIND_KIND] = "unknown wind kind",
	[TT_ERR_WIND_DIRECTION] = "direction must be a non-zero vector",
	[TT_ERR_WIND_RADIUS] = "radius must be a finite number > 0",
	[TT_ERR_WIND_SCALE] = "scale must be > 0, speed and turbulence >= 0",
	[TT_ERR_WIND_GRID] = "grid needs 1 to 64 cells per axis and a box "
			     "with lo < hi",
	[TT_ERR_REGION] = "unknown region shape",
	[TT_ERR_REGION_SIZE] = "region size and edge must be finite and >= 0",
	[TT_ERR_DRAG] = "drag must be a finite number >= 0",
	[TT_ERR_GRID_INDEX] = "grid point index out of range",
	[TT_ERR_COLLIDER_STALE] = "collider was destroyed",
	[TT_ERR_SHAPE] = "unknown shape",
	[TT_ERR_SIZE] = "size, radius and length must be finite numbers > 0",
	[TT_ERR_POLYGON] = "a polygon needs 3 to 8 points, convex, no two "
			   "alike",
	[TT_ERR_FRICTION] = "friction must be a finite number >= 0",
	[TT_ERR_RESTITUTION] = "restitution must be in [0, 1]",
	[TT_ERR_DIRECTION] = "direction must be a finite, non-zero vector",
	[TT_ERR_CUT_FRACTION] = "cut fraction must be a number in [0, 1]",
	[TT_ERR_CUT_TETHER] = "a rope's tether cannot be cut (cut a segment)",
	[TT_ERR_ROPE_SEGMENT] = "segment index out of range",
	[TT_ERR_MAX_STRAIN] = "max_strain must be a finite number >= 0",
	[TT_ERR_CUTTER_STALE] = "cutter was destroyed",
	[TT_ERR_MIN_SEGMENTS] = "min_fragment must be an integer >= 0",
	[TT_ERR_ROTATION] = "rotation must be a quaternion {w, x, y, z} of "
			    "finite numbers, not all 0",
	[TT_ERR_HULL] = "a hull needs 4 to 32 points that span a volume",
	[TT_ERR_SHAPE_2D] = "circle and polygon are 2D shapes (in a 3D world "
			    "use sphere or hull)",
	[TT_ERR_SHAPE_3D] = "sphere and hull are 3D shapes (in a 2D world use "
			    "circle or polygon)",
	[TT_ERR_FRAME_STALE] = "frame was destroyed",
	[TT_ERR_NEEDS_3D] = "needs a 3D world (taut.world{is_3d = true})",
	[TT_ERR_ANGLE_3D] = "an angle turns a collider of a 2D world (in a 3D "
			    "world give a rotation)",
	[TT_ERR_MASS_PER_METRE] = "mass_per_metre must be a finite number > 0",
	[TT_ERR_SEGMENT_LENGTH] = "segment_length must be a finite number >= 0 "
				  "(0: use segments)",
	[TT_ERR_PARTICLE_OTHER_WORLD] = "particle belongs to another world",
	[TT_ERR_COLLIDER_OTHER_WORLD] = "collider belongs to another world",
	[TT_ERR_BUFFER_SIZE] = "the buffer does not hold one position per particle",
	[TT_ERR_ANGLE_STALE] = "angle was destroyed",
	[TT_ERR_ANGLE] = "rest, min and max must be radians in [-pi, pi] "
			 "with min <= max",
	[TT_ERR_ANGLE_PARTICLES] = "an angle needs three different particles "
				   "of one world",
	[TT_ERR_GRAB_STALE] = "grab was destroyed",
	[TT_ERR_GRAB_PINNED] = "a pinned particle cannot be grabbed (move it "
			       "with move_to)",
	[TT_ERR_STIFFNESS] = "stiffness must be a finite number > 0 (Hz)",
	[TT_ERR_CUT_LIMITS] = "min_cut_mass and min_cut_length must be finite "
			      "numbers >= 0, max_tears an integer >= 0",
	[TT_ERR_SOFTBODY_STALE] = "softbody was destroyed",
	[TT_ERR_SOFTBODY_KIND] = "a softbody needs one of ring, points or grid",
	[TT_ERR_SOFTBODY_RING] = "a ring needs a radius > 0 and 3 to 1024 "
				 "segments",
	[TT_ERR_SOFTBODY_POINTS] = "points must be 3 to 1024 finite points "
				   "making a simple polygon of area > 0",
	[TT_ERR_SOFTBODY_GRID] = "a grid needs 1 to 64 cells each way and a "
				 "size > 0",
	[TT_ERR_SOFTBODY_PIN] = "unknown pin",
	[TT_ERR_PRESSURE] = "pressure must be a finite number >= 0",
	[TT_ERR_SHAPE_MATCHING] = "shape_matching must be in [0, 1]",
	[TT_ERR_CUT_FLOOR] = "the cut would leave a piece lighter than "
			     "min_cut_mass or shorter than min_cut_length",
	[TT_ERR_CHAIN_STALE] = "chain was destroyed",
	[TT_ERR_CHAIN_POINTS] = "a chain needs 2 to 1024 points, each apart "
				"from the one before",
	[TT_ERR_CHAIN_ROOT] = "a chain's root must be a live frame or collider "
			      "of its world",
	[TT_ERR_UNIT_RANGE] = "value must be a number in [0, 1]",
	[TT_ERR_CURVE] = "a curve is a number, {root, tip} or 1 to 8 {depth, "
			 "value} points at rising depths in [0, 1]",
	[TT_ERR_CHAIN_LOD] = "lod needs 0 <= near <= far <= cull and a rate > 0",
	[TT_ERR_RATE] = "rate must be 0 (once a step) or a finite number of Hz "
			"> 0",
	[TT_ERR_TELEPORT] = "teleport distances and angles must be finite "
			    "numbers >= 0 (0: never)",
	[TT_ERR_NEGATIVE] = "value must be a finite number >= 0",
	[TT_ERR_CHAIN_COLLIDERS] = "a chain takes up to 16 colliders of its "
				   "world",
	[TT_ERR_PRESET] = "unknown preset",
	[TT_ERR_CLOTH_STALE] = "cloth was destroyed",
	[TT_ERR_CLOTH_GRID] = "a cloth grid needs 1 to 256 cells each way and "
			      "a width and height > 0",
	[TT_ERR_CLOTH_MESH] = "a cloth mesh needs triangles of three different "
			      "vertices of it, at most 2^20 vertices, and no "
			      "triangle of zero area",
	[TT_ERR_CLOTH_PIN] = "a pin names a node the cloth does not have",
	[TT_ERR_CLOTH_ROOT] = "a cloth pins to a frame or a collider of its "
			      "world, not both",
	[TT_ERR_MASS_PER_AREA] = "mass_per_area must be a finite number > 0 "
				 "(kg/m^2)",
	[TT_ERR_THICKNESS] = "thickness must be a finite number > 0 (m)",
	[TT_ERR_AERO] = "drag, lift and air_density must be finite numbers >= 0",
	[TT_ERR_TELEPORT_LIMIT] = "teleport_distance and teleport_angle must be "
				  "finite numbers >= 0 (0: never)",
	[TT_ERR_BINDING_MESH] = "the render mesh has another vertex count than "
				"when it was bound",
	[TT_ERR_MIN_AREA] = "min_area must be a finite number in [0, 0.5)",
	[TT_ERR_MEMORY_LIMIT] = "the world's memory limit was reached "
				"(max_bytes)",
	[TT_ERR_TOTAL_MEMORY] = "the memory limit of all worlds together was "
				"reached (destroy unused worlds)",
	[TT_ERR_MAX_BYTES] = "max_bytes must be a number of bytes > 0",
	[TT_ERR_INTERRUPTED] = "stopped: the script's time budget ran out",
	[TT_ERR_THREADS] = "threads must be an integer from 0 (one per core) "
			   "to 64",
};

const char *tt_status_message(tt_status status)
{
	return (unsigned)status < TT_STATUS_COUNT ? messages[status]
						  : "unknown status";
}
