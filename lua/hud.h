/* Private: what the HUD says, composed from the app's state. */
#ifndef TT_HUD_H
#define TT_HUD_H

#include <stddef.h>

#include "../core/taut.h"

typedef struct tt_hud_info {
	const char *title;
	double time_scale;
	double frame_ms;       /* < 0: not shown (headless, where a time */
	double step_ms;        /* would make each picture differ) */
	tt_world_id world;
	const char *live;      /* reload and tune notes, items or "" */
	const char *controls;  /* the scene's items, or "" */
	const char *layers;    /* the F1 layers' name */
	int is_3d;
	int back;              /* Backspace returns to the picker */
} tt_hud_info;

/// The HUD text: title, state and figures; the scene's controls and the
/// mouse; taut's keys: a line each, items two spaces apart (the view wraps
/// between them).
void tt_hud_compose(char *out, size_t size, const tt_hud_info *info);
/// The badge over the scene: paused (with what to do then) and the GIF's
/// frames while recording (0: not); "" when neither.
void tt_hud_badge(char *out, size_t size, int paused, int recording);

#endif
