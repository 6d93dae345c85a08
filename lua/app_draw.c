/* What a frame of the taut program shows, in drawing order: the scene
 * clipped to its area (world, wind, the scene's own drawing, the debug
 * layers, the grab and the grabbed body's mark, all at the drawn blend of
 * the last two steps; then the slash), the docked HUD and panel, the
 * grabbed body's monitor, the inspector and the error bar; the captures (F12,
 * F9) take the frame there, before taut's notes about itself (the badge,
 * the non-finite warning, toasts) go over it. The HUD docks as tall as it
 * has been at this width, so a changing line never shakes the camera. */
#include <stdio.h>
#include <string.h>

#include "app_internal.h"
#include "hud.h"

#define TOAST_FRAMES 150   /* how long a toast shows (2.5 s at 60 Hz) */

void tt_app_toast(tt_app *a, const char *text)
{
	snprintf(a->toast, sizeof a->toast, "%s", text);
	a->toast_frames = TOAST_FRAMES;
	printf("taut: %s\n", text);
	fflush(stdout);
}

int tt_app_panel_shown(const tt_app *a)
{
	return tt_view_panel_rect(a->view).w > 0.0f;
}

void tt_app_frame_scene(tt_app *a)
{
	tt_vec3 lo, hi;
	tt_view_set_3d(a->view, tt_world_get_def(tt_runtime_world(a->rt)).is_3d);
	if (tt_view_is_3d(a->view) && tt_runtime_view_eye(a->rt, &lo, &hi))
		tt_view_look(a->view, lo, hi);
	else if (tt_runtime_view(a->rt, &lo, &hi))
		tt_view_fit(a->view, lo, hi);
	else
		tt_view_fit_world(a->view, tt_runtime_world(a->rt));
}

/* Particles reset after going non-finite: the warning's text (or ""),
 * and a line on stdout when more did (at most once a second). */
static void nonfinite_note(tt_app *a, char *line, size_t size)
{
	uint64_t n = tt_world_nonfinite_resets(tt_runtime_world(a->rt));
	snprintf(line, size, "%llu particle%s went non-finite and %s reset",
		 (unsigned long long)n, n == 1 ? "" : "s", n == 1 ? "was" : "were");
	if (n != a->resets_told && a->steps >= a->told_at + 60) {
		if (n > a->resets_told)
			printf("taut: step %ld: %s\n", a->steps, line), fflush(stdout);
		a->resets_told = n, a->told_at = a->steps;
	}
	if (n == 0)
		line[0] = '\0';
}

/* The HUD items of live iteration: the last reload and why, the
 * runtime's notes, the values not saved. */
static void live_notes(tt_app *a, char *live, size_t size)
{
	double ms;
	tt_reload_kind kind = tt_runtime_last_reload(a->rt, &ms);
	int unsaved = tt_runtime_tune_unsaved(a->rt);
	const char *notice = tt_runtime_notice(a->rt);
	size_t n = 0;
	live[0] = '\0';
	if (kind != TT_RELOAD_NONE)
		n = (size_t)snprintf(live, size, "reload: %s in %.1f ms (%s)",
				     tt_reload_kind_name(kind), ms,
				     tt_runtime_reload_reason(a->rt));
	if (*notice && n < size)
		n += (size_t)snprintf(live + n, size - n, "%s%s", n ? "  " : "",
				      notice);
	if (unsaved && n < size)
		snprintf(live + n, size - n, "%s%d tuned value%s unsaved "
			 "(Ctrl+S saves)", n ? "  " : "", unsaved,
			 unsaved == 1 ? "" : "s");
}

static void hud_text(tt_app *a, char *text, size_t size)
{
	char live[3072], controls[1024];
	live_notes(a, live, sizeof live);
	tt_runtime_controls(a->rt, controls, sizeof controls);
	tt_hud_info info = {
		tt_runtime_title(a->rt), a->time_scale,
		a->opt->headless ? -1.0 : a->frame_ms,
		a->opt->headless ? -1.0 : a->step_ms,
		tt_runtime_world(a->rt), live, controls,
		tt_view_layers_name(a->view), tt_view_is_3d(a->view),
		a->opt->from_picker,
	};
	tt_hud_compose(text, size, &info);
}

/* --hud: on in a window, off headless unless asked (docs and CI want the
 * scene alone); off also keeps badges, toasts and the inspector away. */
static int overlays_on(const tt_app *a)
{
	tt_hud_mode m = a->opt->hud;
	return m == TT_HUD_ON || m == TT_HUD_BLANK ||
	       (m == TT_HUD_DEFAULT && !a->opt->headless);
}

static int hud_shown(const tt_app *a)
{
	return !a->hidden && overlays_on(a);
}

/* Dock the HUD (as tall as it has been at this width, so a changing line
 * does not shake the camera) and the panel; reframe when the scene's
 * space changed and the user has not moved the camera. */
static void dock(tt_app *a, const char *text)
{
	int n, width;
	tt_runtime_tune_items(a->rt, &n);
	tt_view_size(a->view, &width, NULL);
	float h = hud_shown(a) ? tt_view_hud_height(a->view, text) : 0.0f;
	if (width != a->hud_width || h > a->hud_height || h == 0.0f)
		a->hud_height = h;
	a->hud_width = width;
	if (tt_view_dock(a->view, a->hud_height, hud_shown(a) && n > 0) &&
	    !tt_view_camera_moved(a->view))
		tt_app_frame_scene(a);
}

/* How far the frame is from the last step to the next: the accumulator's
 * share of a step, or headless --fraction; a paused world shows its step. */
static float fraction(const tt_app *a)
{
	double dt = tt_world_get_def(tt_runtime_world(a->rt)).time_step;
	if (a->opt->headless)
		return (float)a->opt->fraction;
	return a->paused || !(dt > 0.0) ? 1.0f : (float)(a->accumulator / dt);
}

static void draw_scene(tt_app *a)
{
	tt_world_id world = tt_runtime_world(a->rt);
	tt_view_clip_scene(a->view, 1);
	int blended = tt_interp_begin(a->interp, world, fraction(a));
	tt_view_draw_world(a->view, world);
	tt_view_draw_wind(a->view, world);
	tt_runtime_draw(a->rt, a->list);
	tt_view_draw_list(a->view, a->list);
	tt_view_draw_layers(a->view, world);
	tt_mouse_grab_draw(a->grab, a->view);  /* from the drawn particle */
	tt_monitor_mark(a->monitor, a->view);
	if (blended)
		tt_interp_end(a->interp, world);
	tt_slash_draw(a->slash, a->view);
	tt_view_flush(a->view);
	tt_view_clip_scene(a->view, 0);
}

/* The error bar, shown again for a new error after an Esc. */
static void draw_error(tt_app *a)
{
	const char *error = tt_runtime_error(a->rt);
	if (!error)
		return;
	if (strncmp(error, a->error_seen, sizeof a->error_seen - 1) != 0) {
		snprintf(a->error_seen, sizeof a->error_seen, "%s", error);
		a->error_dismissed = 0;
	}
	if (!a->error_dismissed)
		tt_view_draw_error(a->view, error, a->error_expanded);
}

/* What the window shows for the scene: HUD, panel, the grabbed body's
 * monitor, the inspector, errors. */
static void draw_overlays(tt_app *a, const char *text)
{
	int n;
	const tt_panel_item *items = tt_runtime_tune_items(a->rt, &n);
	if (a->opt->hud != TT_HUD_BLANK) {
		tt_view_draw_hud(a->view, text);
		if (tt_app_panel_shown(a))
			tt_view_draw_panel(a->view, items, n, a->panel_row);
	}
	tt_monitor_draw(a->monitor, a->view);
	if (a->paused)
		tt_view_draw_inspect(a->view, tt_runtime_world(a->rt), a->pick);
	draw_error(a);
}

/* What taut says about itself (paused, recording, a non-finite state,
 * toasts): over the frame, after the captures took it. */
static void draw_notes(tt_app *a)
{
	char badge[256], warning[128];
	nonfinite_note(a, warning, sizeof warning);
	if (!overlays_on(a))
		return;
	tt_hud_badge(badge, sizeof badge, a->paused,
		     a->gif.gif ? tt_gif_frames(a->gif.gif) : 0);
	if (badge[0])
		tt_view_draw_badge(a->view, badge);
	if (warning[0])
		tt_view_draw_warning(a->view, warning);
	if (a->toast_frames > 0) {
		tt_view_draw_toast(a->view, a->toast,
				   (float)a->toast_frames / 30.0f);
		a->toast_frames--;
	}
}

/* F12's screenshot and the GIF's frame, of the frame as drawn so far. */
static void capture(tt_app *a)
{
	char msg[1300];
	if (a->shoot) {
		a->shoot = 0;
		tt_capture_shot(a->view, a->opt->scene, msg, sizeof msg);
		tt_app_toast(a, msg);
	}
	if (a->gif.gif && !tt_capture_frame(&a->gif, a->view, a->elapsed, msg,
					     sizeof msg))
		tt_app_toast(a, msg);
	a->elapsed = 0.0;
}

void tt_app_lay_out(tt_app *a, char *text, size_t size)
{
	text[0] = '\0';
	if (hud_shown(a))
		hud_text(a, text, size);
	dock(a, text);
}

void tt_app_draw(tt_app *a)
{
	char text[4096];
	tt_world_id world = tt_runtime_world(a->rt);
	if (tt_view_is_3d(a->view) != tt_world_get_def(world).is_3d)
		tt_app_frame_scene(a);  /* a rebuild turned the world 2D or 3D */
	tt_app_lay_out(a, text, sizeof text);
	tt_view_begin(a->view);
	draw_scene(a);
	draw_overlays(a, text);
	capture(a);
	draw_notes(a);
	tt_view_end(a->view);
}
