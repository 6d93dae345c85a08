/* Private: the app's state, shared by its loop (app.c) and what a frame
 * draws (app_draw.c). */
#ifndef TT_APP_INTERNAL_H
#define TT_APP_INTERNAL_H

#include "app.h"
#include "capture.h"
#include "grab.h"
#include "interp.h"
#include "monitor.h"
#include "record.h"
#include "runtime.h"
#include "slash.h"

#define GRAB_REACH_PX 24.0f

typedef struct tt_app {
	const tt_app_options *opt;
	tt_view *view;
	tt_runtime *rt;
	tt_drawlist *list;
	int quit, paused, single_step, back;
	int held;       /* paused, as the replayed inputs were met */
	double time_scale, accumulator, frame_ms, step_ms;
	tt_vec3 mouse;
	tt_mouse_grab *grab;
	float sx, sy;   /* the pointer in pixels */
	tt_view_point at;  /* 3D: the pointer in view units (its ray) */
	tt_view_pose pose; /* a replay's camera: the recorded pose in force */
	int posed;         /* ... once the recording gave one */
	int orbiting;   /* 3D: a left drag that grabbed nothing */
	tt_interp *interp;
	tt_slash *slash;
	tt_monitor *monitor;  /* the soft body grabbed last */
	int panel_row;  /* the slider being dragged, or -1 */
	long steps;     /* fixed steps taken: the clock of --record */
	float scale;    /* pixels per metre the input handled was given at */
	uint64_t resets_told;  /* non-finite resets said on stdout */
	long told_at;
	tt_record *record;
	int hidden;     /* H: HUD and panel hidden */
	float hud_height;  /* the tallest the HUD was at this width */
	int hud_width;
	tt_pick pick;   /* what a paused click inspects */
	char toast[1400];
	int toast_frames;  /* frames the toast still shows */
	int error_dismissed, error_expanded;
	char error_seen[256];  /* the error the bar was last shown for */
	tt_recorder gif;
	double elapsed;  /* seconds since the last frame drawn, for the GIF */
	int shoot;       /* F12: save the next frame drawn */
} tt_app;

/* ---- app_draw.c ---------------------------------------------------------- */

/// A message in the window for a while, and on stdout.
void tt_app_toast(tt_app *a, const char *text);
/// The panel is shown: the HUD is, and the scene has tune values.
int tt_app_panel_shown(const tt_app *a);
/// The camera as the scene asks for it, in the space the docks leave.
void tt_app_frame_scene(tt_app *a);
/// The HUD's text (into text) and the docks it needs.
void tt_app_lay_out(tt_app *a, char *text, size_t size);
/// A frame: the scene, the docks, the captures, taut's notes.
void tt_app_draw(tt_app *a);

#endif
