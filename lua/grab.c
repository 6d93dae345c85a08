/* The window's mouse grab: a left drag pulls the particle it took toward
 * the mouse through a core grab (core/grab.c), a soft spring limited to
 * some weights of the body, so yanking a rope drags the rope and
 * over-pulling it stops at the limit instead of tearing it. A pinned
 * particle is the exception: nothing pulls on it, so it is moved where the
 * mouse goes (move_to), as a kinematic anchor. The particle keeps the
 * offset it had from the press, so nothing jumps on the click. */
#include <stdlib.h>

#include "grab.h"

struct tt_mouse_grab {
	int active, pinned;   /* pinned: moved, not pulled */
	tt_particle_id particle;
	tt_grab_id grab;
	tt_vec3 offset;       /* particle - point at the press */
	tt_vec3 target;       /* where it is pulled to now */
	tt_drawlist *list;
};

tt_mouse_grab *tt_mouse_grab_create(void)
{
	tt_mouse_grab *g = calloc(1, sizeof *g);
	if (g && !(g->list = tt_drawlist_create())) {
		free(g);
		g = NULL;
	}
	return g;
}

void tt_mouse_grab_destroy(tt_mouse_grab *g)
{
	if (!g)
		return;
	tt_drawlist_destroy(g->list);
	free(g);
}

tt_particle_id tt_mouse_grab_pick(tt_world_id world, tt_vec3 point,
				  float reach)
{
	return tt_world_nearest_particle(world, point, reach);
}

static tt_vec3 add(tt_vec3 a, tt_vec3 b)
{
	return (tt_vec3){a.x + b.x, a.y + b.y, a.z + b.z};
}

int tt_mouse_grab_start(tt_mouse_grab *g, tt_world_id world,
			tt_particle_id p, tt_vec3 point)
{
	tt_mouse_grab_end(g);
	if (!tt_particle_valid(p))
		return 0;
	tt_vec3 at = tt_particle_get_position(p);
	g->offset = (tt_vec3){at.x - point.x, at.y - point.y, at.z - point.z};
	g->particle = p;
	g->target = at;
	g->pinned = tt_particle_get_pinned(p);
	tt_grab_def def = tt_grab_def_default();
	def.particle = p;
	def.target = at;
	g->active = g->pinned || tt_grab_create(world, &def, &g->grab) == TT_OK;
	return g->active;
}

void tt_mouse_grab_follow(tt_mouse_grab *g, tt_vec3 point)
{
	if (!g->active)
		return;
	tt_vec3 target = g->target = add(point, g->offset);
	tt_status status = g->pinned ? tt_particle_move_to(g->particle, target)
				     : tt_grab_set_target(g->grab, target);
	if (status != TT_OK)  /* its particle went (cut, culled, rebuilt) */
		g->active = 0;
}

int tt_mouse_grab_target(const tt_mouse_grab *g, tt_vec3 *target)
{
	*target = g->target;
	return g->active;
}

void tt_mouse_grab_end(tt_mouse_grab *g)
{
	if (g->active && !g->pinned)
		tt_grab_destroy(g->grab);
	g->active = 0;
}

void tt_mouse_grab_draw(tt_mouse_grab *g, tt_view *view)
{
	static const tt_color pull = {120, 200, 255, 200};
	static const tt_color limit = {255, 70, 60, 230};
	if (!g->active || g->pinned || !tt_grab_valid(g->grab))
		return;
	tt_drawlist_clear(g->list);
	tt_vec3 at = tt_particle_get_position(g->particle);
	tt_vec3 target = tt_grab_get_def(g->grab).target;
	tt_color color = tt_grab_at_limit(g->grab) ? limit : pull;
	tt_drawlist_line(g->list, at, target, color, 2.0f);
	tt_drawlist_circle(g->list, target, 5.0f / tt_view_scale(view), color, 0);
	tt_view_draw_list(view, g->list);
}
