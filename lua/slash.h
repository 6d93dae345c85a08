/* Private: right-drag slashing in the window (a cutter follows the mouse). */
#ifndef TT_SLASH_H
#define TT_SLASH_H

#include "../view/view.h"

typedef struct tt_slash tt_slash;

tt_slash *tt_slash_create(void);
void tt_slash_destroy(tt_slash *s);
/// Right button down starts a blade, up lets it sweep one last step,
/// moves draw the trail. 1 when the input was the slash's.
int tt_slash_input(tt_slash *s, tt_world_id world, const tt_input *in);
/// Before a step the blade goes to the mouse; after it, cuts flash and a
/// released blade goes.
void tt_slash_before_step(tt_slash *s, tt_vec3 mouse);
void tt_slash_after_step(tt_slash *s, tt_world_id world);
/// 3D, before a step: cut what the stroke since the last step sweeps from
/// the eye (nothing in 2D, where the cutter does it).
void tt_slash_sweep_sheet(tt_slash *s, tt_world_id world, tt_vec3 eye,
			  tt_vec3 mouse);
/// Drop the blade (the world is being rebuilt).
void tt_slash_end(tt_slash *s);
void tt_slash_draw(tt_slash *s, tt_view *view);

#endif
