/* Private: what the HUD says, composed from the app's state. */
#ifndef TT_HUD_H
#define TT_HUD_H

#include <stddef.h>

#include "../core/taut.h"

typedef struct tt_hud_info {
	const char *title;
	int paused;
	double time_scale;
	double frame_ms;       /* < 0: not measured (headless) */
	double step_ms;
	tt_world_id world;
	const char *live;      /* reload and tune notes, items or "" */
	const char *controls;  /* the scene's items, or "" */
	const char *layers;    /* the F1 layers' name */
	int recording;         /* GIF frames so far while F9 records, else 0 */
	int is_3d;
	int back;              /* Backspace returns to the picker */
} tt_hud_info;

/// The HUD text: title and state; figures; the scene's controls, the
/// mouse and taut's keys: a line each, items two spaces apart (the view
/// wraps between them).
void tt_hud_compose(char *out, size_t size, const tt_hud_info *info);

#endif
