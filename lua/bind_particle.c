/* Lua's particle: a userdata holding a tt_particle_id.
 *
 *   local p = world:particle{ position = {0, 1}, mass = 2, radius = 0.1 }
 *   p.position, p.velocity, p.mass, p.radius, p.pinned,
 *   p.group, p.mask (collision bit sets)                (read and write)
 *   p.x, p.y, p.z, p.world, p.pinned_to (a collider or nil)  (read only)
 *   p.drag, p.gravity_scale, p.damping (1/s velocity damping)
 *                                                        (read and write)
 *   p.softbody (the soft body it is a node of, or nil)   (read only)
 *   p.cloth (the cloth it is a node of, or nil)          (read only)
 *   p:move_to{x, y}   p:apply_force{fx, fy}   p:apply_impulse{jx, jy}
 *   p:pin_to(collider or frame [, local]) (moves with it; p.pinned = false
 *   lets go); p.pinned_to is that collider or frame
 *   p:destroy() */
#include "bind.h"

#define NAME "particle"

tt_particle_id tt_bind_check_particle(lua_State *L, int arg)
{
	tt_particle_id id = *(tt_particle_id *)tt_bind_check_class(L, arg, NAME);
	if (!tt_particle_valid(id))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_PARTICLE_STALE));
	return id;
}

void tt_bind_push_particle(lua_State *L, tt_particle_id id)
{
	tt_bind_push_id(L, NAME, &id, sizeof id, sizeof id);
}

tt_particle_id tt_bind_option_particle(lua_State *L, int arg, const char *key,
				       tt_world_id world)
{
	lua_getfield(L, arg, key);
	tt_particle_id *id = luaL_testudata(L, -1, NAME);
	if (!id)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: " NAME " expected, got %s",
						      key, luaL_typename(L, -1)));
	tt_status status = !tt_particle_valid(*id) ? TT_ERR_PARTICLE_STALE
			   : !tt_world_id_equal(id->world, world)
				   ? TT_ERR_PARTICLE_OTHER_WORLD
				   : TT_OK;
	if (status != TT_OK)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: %s", key,
						      tt_status_message(status)));
	lua_pop(L, 1);
	return *id;
}

/* The particle at 1, known to be alive (properties check it first). */
static tt_particle_id self(lua_State *L)
{
	return *(tt_particle_id *)lua_touserdata(L, 1);
}

static int is_3d(tt_particle_id id)
{
	return tt_world_get_def(id.world).is_3d;
}

static int get_position(lua_State *L)
{
	tt_particle_id id = self(L);
	tt_bind_push_vec(L, tt_particle_get_position(id), is_3d(id));
	return 1;
}

static int set_position(lua_State *L)
{
	tt_bind_prop_status(L, tt_particle_set_position(self(L),
							tt_bind_prop_vec(L)));
	return 0;
}

static int get_velocity(lua_State *L)
{
	tt_particle_id id = self(L);
	tt_bind_push_vec(L, tt_particle_get_velocity(id), is_3d(id));
	return 1;
}

static int set_velocity(lua_State *L)
{
	tt_bind_prop_status(L, tt_particle_set_velocity(self(L),
							tt_bind_prop_vec(L)));
	return 0;
}

static int get_x(lua_State *L)
{
	lua_pushnumber(L, tt_particle_get_position(self(L)).x);
	return 1;
}

static int get_y(lua_State *L)
{
	lua_pushnumber(L, tt_particle_get_position(self(L)).y);
	return 1;
}

static int get_z(lua_State *L)
{
	lua_pushnumber(L, tt_particle_get_position(self(L)).z);
	return 1;
}

static int get_mass(lua_State *L)
{
	lua_pushnumber(L, tt_particle_get_mass(self(L)));
	return 1;
}

static int set_mass(lua_State *L)
{
	tt_bind_prop_status(L, tt_particle_set_mass(self(L),
						    tt_bind_prop_float(L)));
	return 0;
}

static int get_radius(lua_State *L)
{
	lua_pushnumber(L, tt_particle_get_radius(self(L)));
	return 1;
}

static int set_radius(lua_State *L)
{
	tt_bind_prop_status(L, tt_particle_set_radius(self(L),
						      tt_bind_prop_float(L)));
	return 0;
}

static int get_pinned(lua_State *L)
{
	lua_pushboolean(L, tt_particle_get_pinned(self(L)));
	return 1;
}

static int set_pinned(lua_State *L)
{
	if (!lua_isboolean(L, 3))
		luaL_error(L, "cannot set 'pinned' (boolean expected, got %s)",
			   luaL_typename(L, 3));
	tt_bind_prop_status(L, tt_particle_set_pinned(self(L),
						      lua_toboolean(L, 3)));
	return 0;
}

static int get_bits(lua_State *L)
{
	int group = lua_tostring(L, 2)[0] == 'g';
	lua_pushinteger(L, group ? tt_particle_get_group(self(L))
				 : tt_particle_get_mask(self(L)));
	return 1;
}

static int set_bits(lua_State *L)
{
	uint32_t bits = tt_bind_prop_bits(L);
	tt_bind_prop_status(L, lua_tostring(L, 2)[0] == 'g'
				       ? tt_particle_set_group(self(L), bits)
				       : tt_particle_set_mask(self(L), bits));
	return 0;
}

static int get_world(lua_State *L)
{
	tt_bind_push_world(L, self(L).world, 0);
	return 1;
}

static int particle_move_to(lua_State *L)
{
	tt_particle_id id = tt_bind_check_particle(L, 1);
	tt_bind_check_status(L, 2, tt_particle_move_to(id, tt_bind_check_vec(L, 2)));
	return 0;
}

static int get_drag(lua_State *L)
{
	lua_pushnumber(L, tt_particle_get_drag(self(L)));
	return 1;
}

static int set_drag(lua_State *L)
{
	tt_bind_prop_status(L, tt_particle_set_drag(self(L), tt_bind_prop_float(L)));
	return 0;
}

static int get_damping(lua_State *L)
{
	lua_pushnumber(L, tt_particle_get_damping(self(L)));
	return 1;
}

static int set_damping(lua_State *L)
{
	tt_bind_prop_status(L, tt_particle_set_damping(self(L),
						       tt_bind_prop_float(L)));
	return 0;
}

static int get_gravity_scale(lua_State *L)
{
	lua_pushnumber(L, tt_particle_get_gravity_scale(self(L)));
	return 1;
}

static int set_gravity_scale(lua_State *L)
{
	tt_bind_prop_status(L, tt_particle_set_gravity_scale(
				       self(L), tt_bind_prop_float(L)));
	return 0;
}

/* p:apply_force(f) and p:apply_impulse(j): one checked vector argument. */
static int push_with(lua_State *L, tt_status (*apply)(tt_particle_id, tt_vec3))
{
	tt_particle_id id = tt_bind_check_particle(L, 1);
	tt_bind_check_status(L, 2, apply(id, tt_bind_check_vec(L, 2)));
	return 0;
}

static int particle_apply_force(lua_State *L)
{
	return push_with(L, tt_particle_apply_force);
}

static int particle_apply_impulse(lua_State *L)
{
	return push_with(L, tt_particle_apply_impulse);
}

/* p:pin_to(collider or frame [, local]): by default where it is now. */
static int particle_pin_to(lua_State *L)
{
	if (tt_bind_is_frame(L, 2))
		return tt_bind_pin_to_frame(L);
	tt_particle_id id = tt_bind_check_particle(L, 1);
	tt_collider_id c = tt_bind_check_collider(L, 2);
	tt_vec3 local = lua_isnoneornil(L, 3)
				? tt_collider_to_local(c, tt_particle_get_position(id))
				: tt_bind_check_vec(L, 3);
	tt_bind_check_status(L, 2, tt_particle_pin_to(id, c, local));
	return 0;
}

static int get_pinned_to(lua_State *L)
{
	tt_collider_id c = tt_particle_get_pin_collider(self(L));
	tt_frame_id f = tt_particle_get_pin_frame(self(L));
	if (c.index1)
		tt_bind_push_collider(L, c);
	else if (f.index1)
		tt_bind_push_frame(L, f);
	else
		lua_pushnil(L);
	return 1;
}

static int particle_destroy(lua_State *L)
{
	tt_bind_check_status(L, 1, tt_particle_destroy(tt_bind_check_particle(L, 1)));
	return 0;
}

static int particle_tostring(lua_State *L)
{
	tt_particle_id id = self(L);
	lua_pushfstring(L, NAME "#%d%s", (int)id.index1,
			tt_particle_valid(id) ? "" : " (destroyed)");
	return 1;
}

static tt_status alive(const void *id)
{
	return tt_particle_valid(*(const tt_particle_id *)id)
		       ? TT_OK
		       : TT_ERR_PARTICLE_STALE;
}

/* world:particle{...}: the options a particle is made from. */
int tt_bind_particle_create(lua_State *L, tt_world_id world, int arg)
{
	static const char *const keys[] = {"position", "velocity", "mass",
					   "radius",   "pinned",   "drag",
					   "gravity_scale", "group", "mask",
					   "damping", NULL};
	tt_bind_check_options(L, arg, keys);
	tt_particle_def def = tt_particle_def_default();
	def.position = tt_bind_opt_vec(L, arg, "position", def.position);
	def.velocity = tt_bind_opt_vec(L, arg, "velocity", def.velocity);
	def.mass = tt_bind_opt_float(L, arg, "mass", def.mass);
	def.radius = tt_bind_opt_float(L, arg, "radius", def.radius);
	def.pinned = tt_bind_opt_bool(L, arg, "pinned", 0);
	def.drag = tt_bind_opt_float(L, arg, "drag", def.drag);
	def.gravity_scale = tt_bind_opt_float(L, arg, "gravity_scale",
					      def.gravity_scale);
	def.group = tt_bind_opt_bits(L, arg, "group", def.group);
	def.mask = tt_bind_opt_bits(L, arg, "mask", def.mask);
	def.damping = tt_bind_opt_float(L, arg, "damping", def.damping);
	tt_particle_id id;
	tt_bind_check_status(L, arg, tt_particle_create(world, &def, &id));
	tt_bind_push_particle(L, id);
	return 1;
}

static const luaL_Reg methods[] = {
	{"move_to", particle_move_to},
	{"pin_to", particle_pin_to},
	{"apply_force", particle_apply_force},
	{"apply_impulse", particle_apply_impulse},
	{"destroy", particle_destroy},
	{NULL, NULL},
};

static const tt_prop props[] = {
	{"position", get_position, set_position},
	{"velocity", get_velocity, set_velocity},
	{"x", get_x, NULL},
	{"y", get_y, NULL},
	{"z", get_z, NULL},
	{"mass", get_mass, set_mass},
	{"radius", get_radius, set_radius},
	{"pinned", get_pinned, set_pinned},
	{"pinned_to", get_pinned_to, NULL},
	{"group", get_bits, set_bits},
	{"mask", get_bits, set_bits},
	{"world", get_world, NULL},
	{"drag", get_drag, set_drag},
	{"gravity_scale", get_gravity_scale, set_gravity_scale},
	{"softbody", tt_bind_particle_softbody, NULL},
	{"cloth", tt_bind_particle_cloth, NULL},
	{"damping", get_damping, set_damping},
	{NULL, NULL, NULL},
};

void tt_bind_particle_class(lua_State *L)
{
	static const tt_class cls = {NAME, methods, props, alive,
				     particle_tostring, NULL, NULL};
	tt_bind_class(L, &cls);
}
