/* Private: drawing between steps (interp.c). */
#ifndef TT_INTERP_H
#define TT_INTERP_H

#include "../core/taut.h"

typedef struct tt_interp tt_interp;

tt_interp *tt_interp_create(void);
void tt_interp_destroy(tt_interp *in);
/// Before a step: keep the world's positions and collider poses (and
/// which particle or collider each is).
void tt_interp_save(tt_interp *in, tt_world_id world);
/// Forget what was kept (a rebuild, a teleporting edit).
void tt_interp_forget(tt_interp *in);
/// Swap in the positions fraction (0..1) of the way from the kept step to
/// now; 1 when it did (then tt_interp_end must follow, after the drawing).
int tt_interp_begin(tt_interp *in, tt_world_id world, float fraction);
/// Swap the simulated positions back, bit for bit.
void tt_interp_end(tt_interp *in, tt_world_id world);

#endif
