/* The parts of a composite (a soft body's or a cloth's nodes and
 * springs) as Lua values: owner:particle(i), and every node or spring
 * still there as an array (owner:nodes(), owner:springs()). The owner
 * comes with its counts and getters. */
#include "bind.h"

int tt_bind_push_part(lua_State *L, const tt_bind_parts *parts, int arg)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	luaL_argcheck(L, i >= 1 && i <= parts->nodes, arg,
		      lua_pushfstring(L, "index out of range 1..%d", parts->nodes));
	tt_particle_id p = parts->node(parts->owner, (int)i - 1);
	if (!tt_particle_valid(p))
		luaL_argerror(L, arg, tt_status_message(TT_ERR_PARTICLE_STALE));
	tt_bind_push_particle(L, p);
	return 1;
}

int tt_bind_push_part_list(lua_State *L, const tt_bind_parts *parts,
			   int springs)
{
	int n = springs ? parts->springs : parts->nodes;
	lua_createtable(L, n, 0);
	for (int i = 0, k = 0; i < n; i++) {
		if (springs) {
			tt_spring_id s = parts->spring(parts->owner, i);
			if (!tt_spring_valid(s))
				continue;
			tt_bind_push_spring(L, s);
		} else {
			tt_particle_id p = parts->node(parts->owner, i);
			if (!tt_particle_valid(p))
				continue;
			tt_bind_push_particle(L, p);
		}
		lua_rawseti(L, -2, ++k);
	}
	return 1;
}
