/* Lua's frame: a kinematic transform with no shape (an animated bone, a
 * head), in a 3D world.
 *
 *   local head = world:frame{ position = {0, 1.7, 0}, rotation = {1, 0, 0, 0} }
 *   head:move_to(position [, rotation])  -- reached at the end of the next
 *                                        -- step, smoothly through it
 *   head.position, head.rotation         -- read and write (a teleport)
 *   head:to_world(local), head:to_local(point), head:destroy(), head.world
 *   p:pin_to(head [, local])             -- rides it; by default where it is
 * In a 2D world world:frame is an error that says to pin to a collider. */
#include "bind.h"

#define NAME "frame"

static tt_frame_id check_frame(lua_State *L, int arg)
{
	tt_frame_id id = *(tt_frame_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_frame_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_FRAME_STALE));
	return id;
}

void tt_bind_push_frame(lua_State *L, tt_frame_id id)
{
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
}

int tt_bind_is_frame(lua_State *L, int arg)
{
	return luaL_testudata(L, arg, NAME) != NULL;
}

/* world:frame{position, rotation} */
int tt_bind_frame_create(lua_State *L)
{
	static const char *const keys[] = {"position", "rotation", NULL};
	tt_world_id world = tt_bind_check_world(L, 1);
	if (!tt_world_get_def(world).is_3d)
		luaL_error(L, "a frame needs a 3D world (taut.world{is_3d = true}); "
			   "in 2D pin to a collider");
	if (lua_isnoneornil(L, 2))
		lua_newtable(L);
	tt_bind_check_options(L, 2, keys);
	tt_frame_def def = tt_frame_def_default();
	def.position = tt_bind_opt_vec(L, 2, "position", def.position);
	def.rotation = tt_bind_opt_quat(L, 2, "rotation", def.rotation);
	tt_frame_id id;
	tt_bind_check_status(L, 2, tt_frame_create(world, &def, &id));
	tt_bind_push_frame(L, id);
	return 1;
}

static tt_frame_id self(lua_State *L)
{
	return *(tt_frame_id *)lua_touserdata(L, 1);
}

static int get_position(lua_State *L)
{
	tt_bind_push_vec(L, tt_frame_get_def(self(L)).position, 1);
	return 1;
}

static int set_position(lua_State *L)
{
	tt_frame_def def = tt_frame_get_def(self(L));
	def.position = tt_bind_prop_vec(L);
	tt_bind_prop_status(L, tt_frame_set_def(self(L), &def));
	return 0;
}

static int get_rotation(lua_State *L)
{
	tt_bind_push_quat(L, tt_frame_get_def(self(L)).rotation);
	return 1;
}

static int set_rotation(lua_State *L)
{
	tt_frame_def def = tt_frame_get_def(self(L));
	def.rotation = tt_bind_prop_quat(L);
	tt_bind_prop_status(L, tt_frame_set_def(self(L), &def));
	return 0;
}

static int get_world(lua_State *L)
{
	tt_bind_push_world(L, self(L).world, 0);
	return 1;
}

static int frame_move_to(lua_State *L)
{
	tt_frame_id id = check_frame(L, 1);
	tt_vec3 to = tt_bind_check_vec(L, 2);
	tt_quat q = lua_isnoneornil(L, 3) ? tt_frame_get_def(id).rotation
					  : tt_bind_check_quat(L, 3);
	tt_bind_check_status(L, 2, tt_frame_move_to(id, to, q));
	return 0;
}

/* frame:to_world(local) and frame:to_local(point). */
static int transform(lua_State *L, tt_vec3 (*fn)(tt_frame_id, tt_vec3))
{
	tt_frame_id id = check_frame(L, 1);
	tt_bind_push_vec(L, fn(id, tt_bind_check_vec(L, 2)), 1);
	return 1;
}

static int frame_to_world(lua_State *L)
{
	return transform(L, tt_frame_to_world);
}

static int frame_to_local(lua_State *L)
{
	return transform(L, tt_frame_to_local);
}

static int frame_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_frame_destroy(check_frame(L, 1)));
	return 0;
}

int tt_bind_pin_to_frame(lua_State *L)
{
	tt_particle_id p = tt_bind_check_particle(L, 1);
	tt_frame_id f = check_frame(L, 2);
	tt_vec3 local = lua_isnoneornil(L, 3)
				? tt_frame_to_local(f, tt_particle_get_position(p))
				: tt_bind_check_vec(L, 3);
	tt_bind_check_status(L, 2, tt_particle_pin_to_frame(p, f, local));
	return 0;
}

static int frame_tostring(lua_State *L)
{
	tt_frame_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_frame_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_frame_valid(*(const tt_frame_id *)id) ? TT_OK
							 : TT_ERR_FRAME_STALE;
}

static const luaL_Reg methods[] = {
	{"move_to", frame_move_to},
	{"to_world", frame_to_world},
	{"to_local", frame_to_local},
	{"destroy", frame_destroy},
	{NULL, NULL},
};

static const tt_prop props[] = {
	{"position", get_position, set_position},
	{"rotation", get_rotation, set_rotation},
	{"world", get_world, NULL},
	{NULL, NULL, NULL},
};

void tt_bind_frame_class(lua_State *L)
{
	static const tt_class cls = {NAME, methods, props, alive, frame_tostring,
				     NULL, NULL};
	tt_bind_class(L, &cls);
}
