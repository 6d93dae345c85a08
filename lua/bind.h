/* Private: what the Lua binding files share.
 *
 * Every core object is a full userdata holding its id by value, with a
 * metatable named after the object ("particle", "spring", "world") so the
 * name appears in errors. One check does type and liveness and names the
 * argument: "bad argument #1 to 'destroy' (particle was destroyed)". */
#ifndef TT_BIND_H
#define TT_BIND_H

#include <lauxlib.h>
#include <lua.h>

#include "../core/mesh.h"
#include "../core/taut.h"

/* A property of an object: reading calls get(L) with the object at 1;
 * writing calls set(L) with the object at 1 and the value at 3. */
typedef struct tt_prop {
	const char *name;
	lua_CFunction get, set;
} tt_prop;

typedef struct tt_class {
	const char *name;         /* "particle": metatable name and __name */
	const luaL_Reg *methods;
	const tt_prop *props;
	/* TT_OK while the object the userdata names is alive */
	tt_status (*alive)(const void *id);
	lua_CFunction tostring, gc;
	lua_CFunction len;        /* #obj, or NULL */
} tt_class;

/// Create the metatable of a class (called once per state, after
/// tt_bind_buffer_class). Its methods are C closures over two metatables,
/// the class's (upvalue TT_BIND_UP_CLASS) and taut.buffer's
/// (TT_BIND_UP_BUFFER), so a method can check self and a buffer argument
/// with tt_bind_test_upvalue, without a lookup by name.
void tt_bind_class(lua_State *L, const tt_class *cls);
enum { TT_BIND_UP_CLASS = 1, TT_BIND_UP_BUFFER = 2 };
#define TT_BIND_BUFFER "buffer"
/// The memory of the full userdata at idx if its metatable is the running
/// C closure's upvalue up, else NULL (also when the function has no such
/// upvalue: the caller then falls back to a check by name for its error).
void *tt_bind_test_upvalue(lua_State *L, int idx, int up);
/// Set __metatable = name on the metatable on top of the stack, so
/// getmetatable(obj) gives the name and scripts cannot reach the real one.
void tt_bind_protect(lua_State *L, const char *name);
/// Raise "bad argument #1 to '<event>' (<name> expected, got <type>)": a
/// metamethod (or method) called with the wrong self.
int tt_bind_self_error(lua_State *L, const char *name, const char *event);
/// The userdata at 1 if it has the metatable name, else tt_bind_self_error.
void *tt_bind_check_self(lua_State *L, const char *name, const char *event);
/// The memory of the userdata at arg if it has the metatable name (the id
/// of a class, a box, an image), else "bad argument #arg (name expected,
/// got <type>)".
void *tt_bind_check_class(lua_State *L, int arg, const char *name);
/// Push the one userdata that stands for the id (a weak cache keeps one
/// per object, so objects can be table keys and compare with ==). A new
/// userdata has ud_size bytes: the id, then zeros. Returns its memory.
void *tt_bind_push_id(lua_State *L, const char *name, const void *id,
		      size_t id_size, size_t ud_size);
/// Push registry[registry][the world userdata at idx], a table kept per
/// world and dropped with it; created when missing if create is set, else
/// nothing is pushed and 0 returned.
int tt_bind_push_world_table(lua_State *L, int idx, const char *registry,
			     int create);
/// Raise "bad argument #arg to 'f' (<status message>)" unless TT_OK.
void tt_bind_check_status(lua_State *L, int arg, tt_status status);

/* Property setters read the value at index 3 (the key is at 2) and raise
 * "cannot set 'mass' (<reason>)". */
float tt_bind_prop_float(lua_State *L);
int tt_bind_prop_int(lua_State *L);
tt_vec3 tt_bind_prop_vec(lua_State *L);
void tt_bind_prop_status(lua_State *L, tt_status status);

/* Option tables: reject unknown keys by name, read typed fields. */
void tt_bind_check_options(lua_State *L, int arg, const char *const keys[]);
float tt_bind_opt_float(lua_State *L, int arg, const char *key, float def);
/// A spring family's compliance at key, or false: -1, leave those springs
/// out (soft bodies' and cloths' shear and bend).
float tt_bind_opt_compliance(lua_State *L, int arg, const char *key, float def);
int tt_bind_opt_int(lua_State *L, int arg, const char *key, int def);
int tt_bind_opt_bool(lua_State *L, int arg, const char *key, int def);
tt_vec3 tt_bind_opt_vec(lua_State *L, int arg, const char *key, tt_vec3 def);
/// Choose a name from a list; returns its index. Lists the valid names in
/// the error: "unknown kind 'cube' (expected rod, tether, spring)".
int tt_bind_opt_enum(lua_State *L, int arg, const char *key,
		     const char *const names[], int def);

/// n finite numbers from the table at idx into out; 0 when they are not.
int tt_bind_read_floats(lua_State *L, int idx, float *out, int n);
/* Vectors are tables {x, y} or {x, y, z}. */
tt_vec3 tt_bind_check_vec(lua_State *L, int arg);
void tt_bind_push_vec(lua_State *L, tt_vec3 v, int is_3d);
/// A finite number, else "bad argument #arg to 'f' (number expected ...)".
float tt_bind_check_float(lua_State *L, int arg);
/// An integer i in [1, count] at arg: the C index i - 1, else "bad
/// argument #arg to 'f' (index out of range 1..count)".
int tt_bind_check_index(lua_State *L, int arg, int count);
/// Why the finite n cannot be a float (past FLT_MAX it would turn inf), or
/// NULL when it can (or is not finite: callers say that their own way).
const char *tt_bind_beyond_float(lua_Number n);

/* The object kinds. */
tt_world_id tt_bind_check_world(lua_State *L, int arg);
void tt_bind_push_world(lua_State *L, tt_world_id id, int owned);
tt_particle_id tt_bind_check_particle(lua_State *L, int arg);
void tt_bind_push_particle(lua_State *L, tt_particle_id id);
/// Option key of the table at arg, which must be a live particle of world.
tt_particle_id tt_bind_option_particle(lua_State *L, int arg, const char *key,
				       tt_world_id world);
tt_spring_id tt_bind_check_spring(lua_State *L, int arg);
void tt_bind_push_spring(lua_State *L, tt_spring_id id);
tt_rope_id tt_bind_check_rope(lua_State *L, int arg);
void tt_bind_push_rope(lua_State *L, tt_rope_id id);
/// A rope's userdata: its id, and its world's dims (2 or 3, fixed when the
/// world is made), which the bulk calls read rather than ask the core.
typedef struct tt_rope_ud {
	tt_rope_id id;
	int dims;
} tt_rope_ud;

/// world:particle{...}, world:spring{...}, world:rope{...}, options at arg.
int tt_bind_particle_create(lua_State *L, tt_world_id world, int arg);
int tt_bind_spring_create(lua_State *L, tt_world_id world, int arg);
int tt_bind_rope_create(lua_State *L, tt_world_id world, int arg);
/// The spring kind names, NULL-terminated, in tt_spring_kind order.
extern const char *const tt_bind_spring_kinds[];

/// taut.world{...}
int tt_bind_world_create(lua_State *L);

/* Positions in bulk and taut.buffer (bind_positions.c): the rope or
 * world method, for either. */
int tt_bind_rope_positions(lua_State *L);
int tt_bind_rope_set_positions(lua_State *L);
int tt_bind_world_positions(lua_State *L);
int tt_bind_world_set_positions(lua_State *L);
int tt_bind_buffer_create(lua_State *L);
void tt_bind_buffer_class(lua_State *L);

/* Events (bind_event.c). */
int tt_bind_world_on(lua_State *L);
int tt_bind_world_events(lua_State *L);
void tt_bind_push_event(lua_State *L, const tt_event *e, int is_3d);
/// Deliver the world's last-step events: to its world:on handlers, then
/// to scene[kind] when scene (a stack index, or 0) is given. Lua errors
/// propagate: call it inside a protected call.
void tt_bind_world_dispatch(lua_State *L, int world, int scene);

/* A world steps once at a time (bind_lock.c). */
/// Mark the world at index world as running its step's Lua: world:step
/// on it raises "world:step called from <what> ..." until the
/// to-be-closed guard this pushes is closed (return or error).
void tt_bind_world_lock(lua_State *L, int world, const char *what);
/// Rename what the locked world is running.
void tt_bind_world_doing(lua_State *L, int world, const char *what);
/// Raise if the world at index world is locked.
void tt_bind_world_check_free(lua_State *L, int world);

/* Wind (bind_wind.c). */
tt_wind_id tt_bind_check_wind(lua_State *L, int arg);
/// world:wind{...}, options at arg.
int tt_bind_wind_create(lua_State *L, tt_world_id world, int arg);
/// Before a step: call the world's (at stack index world) function winds
/// at their lattice points. Lua errors propagate.
void tt_bind_wind_fill(lua_State *L, int world);
void tt_bind_wind_class(lua_State *L);
/* Colliders (bind_collider.c, bind_collider_create.c) and queries
 * (bind_query.c). Bit sets (group, mask) are integers in [0, 2^32). */
tt_collider_id tt_bind_check_collider(lua_State *L, int arg);
void tt_bind_push_collider(lua_State *L, tt_collider_id id);
int tt_bind_collider_create(lua_State *L, tt_world_id world, int arg);
uint32_t tt_bind_opt_bits(lua_State *L, int arg, const char *key, uint32_t def);
uint32_t tt_bind_prop_bits(lua_State *L);
void tt_bind_collider_class(lua_State *L);
int tt_bind_world_raycast(lua_State *L);
int tt_bind_world_overlap(lua_State *L);
int tt_bind_world_particles_in(lua_State *L);
int tt_bind_world_colliders(lua_State *L);
/// points = {...} of min to max vectors (expected names them) into def.
void tt_bind_collider_points(lua_State *L, int arg, tt_collider_def *def,
			     int min, int max, const char *expected);
/// normal = {...} of the options at arg (z ignored in 2D); 1 when given.
int tt_bind_collider_normal(lua_State *L, int arg, int is_3d, tt_vec3 *n);
/* 3D colliders (bind_collider3.c): the shape option of the world's
 * dimension; the 3D options; refusing 3D options in a 2D world; whether
 * the collider at 1 is 3D; "cannot <verb> 'key' (...)" unless the world
 * is of dimension is_3d; rotation and angular velocity properties;
 * move_to in 3D; a rotation given where an angle belongs. */
int tt_bind_collider_shape(lua_State *L, int arg, int is_3d);
void tt_bind_collider3_options(lua_State *L, int arg, tt_collider_def *def);
void tt_bind_collider3_refuse(lua_State *L, int arg);
int tt_bind_collider_is_3d(lua_State *L);
void tt_bind_collider_needs(lua_State *L, int is_3d, const char *verb);
int tt_bind_collider_get_rotation(lua_State *L);
int tt_bind_collider_set_rotation(lua_State *L);
int tt_bind_collider_get_spin(lua_State *L);
int tt_bind_collider_set_spin(lua_State *L);
int tt_bind_collider_move_to3(lua_State *L, tt_collider_id id);
void tt_bind_collider_refuse_rotation(lua_State *L, int arg);
/* Rotations {w, x, y, z} (bind_quat.c), read as arguments, options and
 * property values, with errors for non-numbers and the zero quaternion. */
tt_quat tt_bind_check_quat(lua_State *L, int arg);
tt_quat tt_bind_opt_quat(lua_State *L, int arg, const char *key, tt_quat def);
tt_quat tt_bind_prop_quat(lua_State *L);
void tt_bind_push_quat(lua_State *L, tt_quat q);
/* Frames (bind_frame.c): world:frame{...}, the class, and pinning. */
int tt_bind_frame_create(lua_State *L);
void tt_bind_frame_class(lua_State *L);
/// Is the value at arg a frame userdata?
int tt_bind_is_frame(lua_State *L, int arg);
void tt_bind_push_frame(lua_State *L, tt_frame_id id);
/// p:pin_to(frame [, local]) with the particle at 1 and the frame at 2.
int tt_bind_pin_to_frame(lua_State *L);
/* Cuts (bind_cut.c): spring:cut, rope:cut, world:cut, world:cut_near,
 * world:cutter, world.min_fragment. */
int tt_bind_spring_cut(lua_State *L);
int tt_bind_rope_cut(lua_State *L);
int tt_bind_world_cut(lua_State *L);
int tt_bind_world_cut_near(lua_State *L);
int tt_bind_cutter_create(lua_State *L);
int tt_bind_world_get_min_fragment(lua_State *L);
int tt_bind_world_set_min_fragment(lua_State *L);
int tt_bind_world_get_min_cut_mass(lua_State *L);
int tt_bind_world_set_min_cut_mass(lua_State *L);
int tt_bind_world_get_min_cut_length(lua_State *L);
int tt_bind_world_set_min_cut_length(lua_State *L);
int tt_bind_world_get_max_tears(lua_State *L);
int tt_bind_world_set_max_tears(lua_State *L);
void tt_bind_cutter_class(lua_State *L);

/// taut.image(path)
int tt_bind_image_load(lua_State *L);
/// taut.runtime(path) (bind_runtime.c)
int tt_bind_runtime_create(lua_State *L);
/// A userdata holding one host pointer (NULL until set, and once closed),
/// with the metatable name and methods (bind_box.c).
void **tt_bind_new_box(lua_State *L, const char *name, const luaL_Reg *methods);
/// The pointer in the box at arg, or "bad argument (<name> was closed)".
void *tt_bind_check_box(lua_State *L, int arg, const char *name);
/// For a box's own __index: its self checked, its pointer, or "cannot read
/// '<key>' (<name> was closed)".
void *tt_bind_box_index(lua_State *L, const char *name);
/// taut.canvas{width, height} (bind_canvas.c)
int tt_bind_canvas_create(lua_State *L);

/* Meshes and textures (bind_mesh.c, bind_texture.c). A mesh userdata owns
 * its tt_mesh: C code (a cloth, a soft body) writes its positions. */
typedef struct tt_texture tt_texture;
/// taut.mesh{...} or taut.mesh("file.obj"), taut.texture(path)
int tt_bind_mesh_create(lua_State *L);
int tt_bind_texture_load(lua_State *L);
tt_mesh *tt_bind_check_mesh(lua_State *L, int arg);
/// Push a new mesh userdata that owns mesh (destroyed with it).
void tt_bind_push_mesh(lua_State *L, tt_mesh *mesh);
const tt_texture *tt_bind_check_texture(lua_State *L, int arg);
/// world:angle{...} (bind_angle.c)
int tt_bind_world_angle(lua_State *L);
void tt_bind_angle_class(lua_State *L);
/* Soft bodies (bind_softbody.c): world:softbody{...}, world:softbodies(),
 * p.softbody. */
tt_softbody_id tt_bind_check_softbody(lua_State *L, int arg);
void tt_bind_push_softbody(lua_State *L, tt_softbody_id id);
int tt_bind_softbody_create(lua_State *L, tt_world_id world, int arg);
int tt_bind_world_softbodies(lua_State *L);
int tt_bind_particle_softbody(lua_State *L);
void tt_bind_softbody_class(lua_State *L);
/* A composite's nodes and springs (bind_parts.c): its counts and getters
 * (owner is its id). */
typedef struct tt_bind_parts {
	const void *owner;
	int nodes, springs;
	tt_particle_id (*node)(const void *owner, int i);
	tt_spring_id (*spring)(const void *owner, int i);
} tt_bind_parts;
/// Push node i (the integer at arg, 1-based) as a particle.
int tt_bind_push_part(lua_State *L, const tt_bind_parts *parts, int arg);
/// Push an array of the nodes (springs) still there, in order.
int tt_bind_push_part_list(lua_State *L, const tt_bind_parts *parts,
			   int springs);
/* Cloth (bind_cloth.c) and its render binding (bind_binding.c):
 * world:cloth{...}, world:cloths(), p.cloth, cloth:bind(mesh). */
tt_cloth_id tt_bind_check_cloth(lua_State *L, int arg);
int tt_bind_is_cloth(lua_State *L, int arg);
void tt_bind_push_cloth(lua_State *L, tt_cloth_id id);
int tt_bind_cloth_create(lua_State *L, tt_world_id world, int arg);
int tt_bind_world_cloths(lua_State *L);
int tt_bind_particle_cloth(lua_State *L);
void tt_bind_cloth_class(lua_State *L);
/// Push the cloth at arg's own surface mesh, written from it now.
int tt_bind_cloth_mesh(lua_State *L, int arg);
int tt_bind_cloth_bind(lua_State *L);
void tt_bind_binding_class(lua_State *L);
int tt_bind_is_binding(lua_State *L, int arg);
/// Update the binding at arg and put its mesh in its place.
void tt_bind_binding_update_at(lua_State *L, int arg);
typedef struct tt_binding tt_binding;  /* core/binding.h */
/// The live binding at arg (else an error naming arg).
tt_binding *tt_bind_check_binding(lua_State *L, int arg);
/// The binding at arg updated from its cloth now; its mesh pushed.
tt_mesh *tt_bind_binding_update(lua_State *L, int arg);
/// world:ropes(), world:winds(), world:chains() (bind_lists.c)
int tt_bind_world_ropes(lua_State *L);
int tt_bind_world_winds(lua_State *L);
int tt_bind_world_chains(lua_State *L);
/// world:grab{...} (bind_grab.c)
int tt_bind_world_grab(lua_State *L);
void tt_bind_grab_class(lua_State *L);

void tt_bind_world_class(lua_State *L);
void tt_bind_graphics_class(lua_State *L);
void tt_bind_particle_class(lua_State *L);
void tt_bind_spring_class(lua_State *L);
void tt_bind_rope_class(lua_State *L);

#endif
