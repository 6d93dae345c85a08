/* Right-drag slashing: a cutter (core/cutter.c) follows the mouse and, at
 * each step, cuts what it swept since the last, so a fast slash cannot
 * pass between steps; the view draws a fading trail and flashes where
 * cuts happened. A released blade sweeps one last step to the point of
 * release. In a 3D world there is no cutter: the stroke, from the point it
 * was at the last step to where it is, is swept from the eye into a sheet
 * that cuts what it crosses (tt_world_cut_sheet). */
#include <stdlib.h>

#include "slash.h"

struct tt_slash {
	int active, ending;  /* ending: released, sweeps one last step */
	int sheet;           /* 3D: cut by the sheet from the eye */
	tt_vec3 last;        /* 3D: the pointer's world point at the last step */
	tt_cutter_id cutter;
	tt_vec3 mouse;
	tt_blade *blade;     /* the trail and the flashes, drawn by the view */
};

tt_slash *tt_slash_create(void)
{
	tt_slash *s = calloc(1, sizeof *s);
	if (s && !(s->blade = tt_blade_create())) {
		free(s);
		s = NULL;
	}
	return s;
}

void tt_slash_destroy(tt_slash *s)
{
	if (!s)
		return;
	tt_blade_destroy(s->blade);
	free(s);
}

void tt_slash_end(tt_slash *s)
{
	if (s->active && !s->sheet)
		tt_cutter_destroy(s->cutter);
	s->active = s->ending = 0;
}

int tt_slash_input(tt_slash *s, tt_world_id world, const tt_input *in)
{
	if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 3) {
		tt_slash_end(s);
		s->sheet = tt_world_get_def(world).is_3d;
		s->last = in->world;
		s->active = s->sheet ||
			    tt_cutter_create(world, in->world, &s->cutter) == TT_OK;
		tt_blade_trail(s->blade, in->world, 1);
	} else if (in->kind == TT_INPUT_MOUSE_UP && in->button == 3) {
		s->ending = 1;
	} else if (in->kind == TT_INPUT_MOUSE_MOVE && s->active && !s->ending) {
		tt_blade_trail(s->blade, in->world, 0);
		return 0;  /* a move is everyone's */
	} else {
		return 0;
	}
	return 1;
}

void tt_slash_before_step(tt_slash *s, tt_vec3 mouse)
{
	if (s->active && !s->sheet && tt_cutter_move(s->cutter, mouse) != TT_OK)
		s->active = 0;  /* the world was rebuilt */
}

void tt_slash_sweep_sheet(tt_slash *s, tt_world_id world, tt_vec3 eye,
			  tt_vec3 mouse)
{
	if (!s->active || !s->sheet)
		return;
	if (tt_world_cut_sheet(world, eye, s->last, mouse, NULL) != TT_OK)
		s->active = 0;  /* the world was rebuilt */
	s->last = mouse;
}

void tt_slash_after_step(tt_slash *s, tt_world_id world)
{
	if (s->ending)
		tt_slash_end(s);
	tt_blade_flash_cuts(s->blade, world);
}

void tt_slash_draw(tt_slash *s, tt_view *view)
{
	tt_view_draw_blade(view, s->blade);
}
