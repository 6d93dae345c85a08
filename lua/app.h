/* Private: the taut program's main loop, windowed or headless. */
#ifndef TT_APP_H
#define TT_APP_H

#include "../view/view.h"
#include "record.h"

typedef enum tt_hud_mode {
	TT_HUD_DEFAULT,  /* on in a window, off headless */
	TT_HUD_OFF,
	TT_HUD_ON,
	TT_HUD_BLANK     /* laid out as on, drawn empty (tests look there) */
} tt_hud_mode;

#define TT_APP_BACK (-1)  /* tt_app_run: Backspace asked for the picker */

typedef struct tt_app_options {
	const char *scene;
	const char *root;        /* where scripts/ lives */
	const char *screenshot;  /* PNG written after the last frame */
	long frames;             /* stop after this many; < 0 runs on */
	int headless;
	double fraction;         /* headless: draw this far from the step
				    before the last to the last (default 1) */
	int width, height;
	const char *record, *replay;  /* input files, or NULL */
	const char *sets[32];         /* "name=value" tune overrides */
	int set_count;
	int untuned;             /* the sidecar neither read nor written */
	tt_hud_mode hud;
	const char *layout;      /* write where the last frame's HUD, panel
				    and scene went */
	tt_view *view;           /* draw in this one (the picker's), kept */
	tt_record *input;        /* inputs shared with the picker, kept */
	int from_picker;         /* Backspace returns to the picker */
	int quiet;               /* no "saved" line for the screenshot */
	int safe;                     /* --safe (README "Two modes") */
} tt_app_options;

/// Run a scene; returns the exit status (0 ok, 1 script error), or
/// TT_APP_BACK when Backspace asked for the picker.
int tt_app_run(const tt_app_options *options);

#endif
