/* Private: Lua's dynamic-bone chain (bind_chain.c) and the parts of its
 * definition read from tables (bind_chain_def.c). */
#ifndef TT_BIND_CHAIN_H
#define TT_BIND_CHAIN_H

#include "bind.h"

/// world:chain{...}, world:teleport{dx, dy, dz}, world.lod_point,
/// taut.chain_presets(); the class.
int tt_bind_chain_create(lua_State *L);
int tt_bind_world_teleport(lua_State *L);
int tt_bind_world_get_lod_point(lua_State *L);
int tt_bind_world_set_lod_point(lua_State *L);
int tt_bind_chain_presets(lua_State *L);
void tt_bind_chain_class(lua_State *L);

/// The curve at idx into c, checked as knob p; NULL, or why not.
const char *tt_bind_chain_curve(lua_State *L, int idx, tt_bone_param p,
				tt_curve *c);
void tt_bind_push_curve(lua_State *L, const tt_curve *c);
/// points = {...} at idx into out (room for TT_BONECHAIN_MAX_POINTS) and
/// their count into *n; NULL, or what is wrong.
const char *tt_bind_chain_points(lua_State *L, int idx, tt_vec3 *out, int *n);
/// The rest pose of the options at arg: points, or from, direction,
/// segments, length.
int tt_bind_chain_shape(lua_State *L, int arg, tt_vec3 *out);
/// The frame or collider at idx as the root; 0 when it is neither.
int tt_bind_chain_root(lua_State *L, int idx, tt_bonechain_def *def);
void tt_bind_push_chain_root(lua_State *L, const tt_bonechain_def *def);
/// The collider list at idx; NULL, or why not.
const char *tt_bind_chain_colliders(lua_State *L, int idx,
				    tt_bonechain_def *def);
void tt_bind_push_chain_colliders(lua_State *L, const tt_bonechain_def *def);
/// lod = {near, far, cull, rate, from} at idx (nil: off); NULL, or why
/// not.
const char *tt_bind_chain_lod(lua_State *L, int idx, tt_bone_lod *lod);
void tt_bind_push_chain_lod(lua_State *L, const tt_bone_lod *lod, int is_3d);

#endif
