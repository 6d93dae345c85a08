/* Private: the HUD's monitor of the selected soft body (monitor.c). */
#ifndef TT_MONITOR_H
#define TT_MONITOR_H

#include "../view/view.h"

typedef struct tt_monitor tt_monitor;

tt_monitor *tt_monitor_create(void);
void tt_monitor_destroy(tt_monitor *m);
/// A grab caught particle p: its soft body is selected (none: nothing).
void tt_monitor_select(tt_monitor *m, tt_particle_id p);
/// Drop the selection (the world is being rebuilt).
void tt_monitor_clear(tt_monitor *m);
/// After each step: record the selected body's area and energy.
void tt_monitor_sample(tt_monitor *m);
/// Mark the selected body's outline: with the scene, while the drawn
/// (blended) positions are swapped in, so the mark sits on the body.
void tt_monitor_mark(tt_monitor *m, tt_view *view);
/// Draw the selected body's panel at the bottom left.
void tt_monitor_draw(tt_monitor *m, tt_view *view);

#endif
