/* The taut program's loop: fixed steps, input, drawing, the HUD.
 *
 * Physics advances in fixed steps of the world's dt, as many as real time
 * asks for (scaled for slow motion, capped so a stall cannot spiral);
 * drawing happens once per frame. Headless runs take exactly --frames
 * ticks, a step each unless paused, so they are deterministic, then draw
 * once for the screenshot.
 * Left drag grabs the nearest particle: a pinned one is moved directly, a
 * free one is pulled by a rod from a pinned cursor particle, so releasing
 * it throws it. Right drag slashes (slash.c). Paused, a left click
 * inspects what it lands on (view/inspect.c).
 *
 * In a 3D world the view's orbit camera frames the scene; a left press
 * that grabs nothing orbits it (as Alt + left drag does, in the view), a
 * grab takes the particle nearest the pointer's ray and drags it in the
 * plane through it facing the camera, and a slash cuts by the sheet its
 * stroke sweeps from the eye. Frames draw between steps: positions blended
 * by the accumulator's fraction (interp.c), headless at --fraction.
 *
 * The window: the HUD and the tuning panel are docked (view/layout.c) and
 * the camera frames the scene in the space they leave, again whenever that
 * space changes (a resize, H, a taller HUD) unless the user moved the
 * camera; Home frames it afresh. Keys follow keys.c's rule: reserved keys
 * are taut's, the others the scene's first.
 *
 * Live iteration: every frame (every step headless) the runtime is asked
 * whether a watched file was saved and reloads it in the kind it needs;
 * the tuning panel takes the pointer when it is over it and sets values
 * through the runtime; inputs go through --record / --replay with the
 * number of the step they came before, so a replay is exact (inputs met
 * while paused are replayed while paused, before the next step). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>

#include "app.h"
#include "capture.h"
#include "hud.h"
#include "interp.h"
#include "keys.h"
#include "slash.h"
#include "keep.h"
#include "record.h"
#include "runtime.h"

#define GRAB_REACH_PX 24.0f
#define MAX_CATCH_UP 0.25  /* seconds of physics one frame may run */
#define TOAST_FRAMES 150   /* how long a toast shows (2.5 s at 60 Hz) */

typedef struct grab {
	int active, pinned;  /* pinned: the target itself follows the mouse */
	tt_particle_id target, cursor;
} grab;

typedef struct app {
	const tt_app_options *opt;
	tt_view *view;
	tt_runtime *rt;
	tt_drawlist *list;
	int quit, paused, single_step, back;
	double time_scale, accumulator, frame_ms, step_ms;
	tt_vec3 mouse;
	float sx, sy;   /* the pointer in pixels */
	int orbiting;   /* 3D: a left drag that grabbed nothing */
	grab grab;
	tt_interp *interp;
	tt_slash *slash;
	int panel_row;  /* the slider being dragged, or -1 */
	long steps;     /* fixed steps taken: the clock of --record */
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
} app;

static void grab_release(app *a)
{
	if (a->grab.active && !a->grab.pinned)
		tt_particle_destroy(a->grab.cursor);
	a->grab.active = 0;
}

static void grab_start(app *a)
{
	tt_world_id world = tt_runtime_world(a->rt);
	float reach = GRAB_REACH_PX / tt_view_scale(a->view);
	int is_3d = tt_view_is_3d(a->view);
	tt_particle_id p = is_3d ? tt_view_pick(a->view, world, a->sx, a->sy,
						GRAB_REACH_PX)
				 : tt_world_nearest_particle(world, a->mouse, reach);
	if (p.index1 == 0) {
		a->orbiting = is_3d;
		return;
	}
	a->grab = (grab){1, tt_particle_get_pinned(p), p, {0}};
	if (a->grab.pinned)
		return;
	tt_particle_def cursor = tt_particle_def_default();
	cursor.position = tt_particle_get_position(p);
	cursor.mass = cursor.radius = 0.0f;
	tt_spring_def rod = tt_spring_def_default();
	rod.rest_length = 0.0f;
	if (tt_particle_create(world, &cursor, &a->grab.cursor) != TT_OK)
		a->grab.active = 0;
	rod.a = a->grab.cursor;
	rod.b = p;
	if (a->grab.active && tt_spring_create(world, &rod, &(tt_spring_id){0}) != TT_OK)
		grab_release(a);
}

/* Before each step: what is grabbed travels to the mouse. */
static void grab_follow(app *a)
{
	if (!a->grab.active)
		return;
	tt_particle_id mover = a->grab.pinned ? a->grab.target : a->grab.cursor;
	tt_vec3 to = tt_view_is_3d(a->view)  /* at the depth it has */
		? tt_view_facing_point(a->view, a->sx, a->sy,
				       tt_particle_get_position(mover))
		: a->mouse;
	if (!tt_particle_valid(a->grab.target) ||
	    tt_particle_move_to(mover, to) != TT_OK)
		grab_release(a);
}

static void handle(app *a, const tt_input *in);

/* Replayed inputs due before the next step; none after a quit, whose
 * followers (a picker's, after Backspace) are not this scene's. */
static void replay_due(app *a)
{
	tt_input in;
	while (!a->quit && tt_record_next(a->record, a->steps, &in))
		handle(a, &in);
}

static void step(app *a)
{
	replay_due(a);
	a->steps++;
	double t0 = tt_view_clock();
	grab_follow(a);
	tt_slash_before_step(a->slash, a->mouse);
	if (tt_view_is_3d(a->view))
		tt_slash_sweep_sheet(a->slash, tt_runtime_world(a->rt),
				     tt_view_eye(a->view), a->mouse);
	tt_interp_save(a->interp, tt_runtime_world(a->rt));
	tt_runtime_step(a->rt);
	tt_slash_after_step(a->slash, tt_runtime_world(a->rt));
	a->step_ms = 1e3 * (tt_view_clock() - t0);
}

/* A message in the window for a while, and on stdout. */
static void toast(app *a, const char *text)
{
	snprintf(a->toast, sizeof a->toast, "%s", text);
	a->toast_frames = TOAST_FRAMES;
	printf("taut: %s\n", text);
	fflush(stdout);
}

/* 0 when saved, else 1 (the exit status of a run that asked for it). */
static int screenshot(app *a, const char *path)
{
	char err[512];
	if (tt_view_screenshot(a->view, path, err, sizeof err) != 0) {
		fprintf(stderr, "taut: %s\n", err);
		return 1;
	}
	if (!a->opt->quiet)
		printf("taut: saved %s\n", path);
	return 0;
}

static void reload(app *a)
{
	grab_release(a);
	tt_slash_end(a->slash);
	tt_runtime_rebuild(a->rt);
	a->pick = (tt_pick){{0}, {0}};
}

/* A save seen by the watcher; a rebuild took the grab's particles along. */
static void poll_files(app *a)
{
	tt_reload_kind kind = tt_runtime_poll(a->rt);
	if (kind == TT_RELOAD_REBUILD)
		a->grab.active = 0;
	if (kind == TT_RELOAD_NONE)
		return;
	double ms;
	tt_runtime_last_reload(a->rt, &ms);
	printf("taut: reload: %s in %.2f ms%s\n", tt_reload_kind_name(kind), ms,
	       kind == TT_RELOAD_ERROR ? " (the last good scene goes on)" : "");
	fflush(stdout);
}

static void save_tuned(app *a)
{
	char err[1024];
	int n = tt_runtime_tune_unsaved(a->rt);
	if (!tt_runtime_tune_save(a->rt, err, sizeof err))
		fprintf(stderr, "taut: %s\n", err);
	else {
		printf("taut: saved %d tuned value%s into %s\n", n,
		       n == 1 ? "" : "s", a->opt->scene);
		tt_keep_remove(a->opt->scene);
	}
}

/* The panel is shown: the HUD is, and the scene has tune values. */
static int panel_shown(const app *a)
{
	return tt_view_panel_rect(a->view).w > 0.0f;
}

/* The panel takes a press on it, and the drag that follows. */
static int panel_input(app *a, const tt_input *in)
{
	int n;
	const tt_panel_item *items = tt_runtime_tune_items(a->rt, &n);
	int row = a->panel_row;
	if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 1 && panel_shown(a))
		row = tt_view_panel_pick(a->view, n, in->sx, in->sy);
	if (row < 0 || row >= n)
		return 0;
	if (in->kind == TT_INPUT_MOUSE_UP)
		a->panel_row = -1;
	else if (in->kind == TT_INPUT_MOUSE_DOWN ||
		 (in->kind == TT_INPUT_MOUSE_MOVE && !items[row].is_bool)) {
		char err[256], name[64];
		snprintf(name, sizeof name, "%s", items[row].name);
		a->panel_row = items[row].is_bool ? -1 : row;
		tt_runtime_tune_set(a->rt, name,
				    tt_view_panel_value(a->view, &items[row], in->sx),
				    err, sizeof err);
	} else
		return 0;
	return 1;
}

/* The camera as the scene asks for it, in the space the docks leave. */
static void frame_scene(app *a)
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

static void toggle_pause(app *a)
{
	a->paused = !a->paused;
	if (!a->paused)
		a->pick = (tt_pick){{0}, {0}};
}

static void toggle_gif(app *a)
{
	char msg[1200];
	tt_capture_toggle(&a->gif, a->view, a->opt->scene, msg, sizeof msg);
	toast(a, msg);
}

static void shoot(app *a);

/* Esc: fold the error bar away first; with none showing, quit. */
static void escape(app *a)
{
	if (tt_runtime_error(a->rt) && !a->error_dismissed)
		a->error_dismissed = 1;
	else
		a->quit = 1;
}

static void key_down(app *a, const tt_key_binding *k)
{
	switch (k->action) {
	case TT_KEY_QUIT: escape(a); break;
	case TT_KEY_PAUSE: toggle_pause(a); break;
	case TT_KEY_STEP: a->paused = a->single_step = 1; break;
	case TT_KEY_SLOWER:
		a->time_scale *= a->time_scale > 1.0 / 16 ? 0.5 : 1.0;
		break;
	case TT_KEY_FASTER:
		a->time_scale *= a->time_scale < 1.0 ? 2.0 : 1.0;
		break;
	case TT_KEY_REBUILD: reload(a); break;
	case TT_KEY_HUD:
		a->hidden = !a->hidden;
		if (a->hidden)
			toast(a, "HUD hidden: H shows it");
		break;
	case TT_KEY_CAMERA:  /* an orbit camera starts over from its angles */
		tt_view_set_3d(a->view, 0);
		frame_scene(a);
		break;
	case TT_KEY_LAYERS: tt_view_cycle_layers(a->view); break;
	case TT_KEY_GIF: toggle_gif(a); break;
	case TT_KEY_SHOT: shoot(a); break;
	case TT_KEY_SAVE: save_tuned(a); break;
	case TT_KEY_BACK:
		a->back = a->quit = a->opt->from_picker;
		break;
	}
}

/* The error bar's keys while it shows: Tab folds the traceback in or out. */
static int error_input(app *a, const tt_input *in)
{
	if (!tt_runtime_error(a->rt) || a->error_dismissed ||
	    in->kind != TT_INPUT_KEY_DOWN || strcmp(in->key, "tab") != 0)
		return 0;
	a->error_expanded = !a->error_expanded;
	return 1;
}

/* Paused, a left click is the inspector's: it picks the particle or
 * spring it lands on (or nothing, clearing the card) and prints the card,
 * so its figures can be copied. */
static int inspect_input(app *a, const tt_input *in)
{
	int left = in->button == 1 && (in->kind == TT_INPUT_MOUSE_DOWN ||
				       in->kind == TT_INPUT_MOUSE_UP);
	if (!a->paused || !left)
		return 0;
	char card[768];
	if (in->kind == TT_INPUT_MOUSE_DOWN)
		a->pick = tt_view_pick_object(a->view, tt_runtime_world(a->rt),
					      in->sx, in->sy, GRAB_REACH_PX);
	if (in->kind == TT_INPUT_MOUSE_DOWN &&  /* the terminal keeps it */
	    tt_view_inspect_text(tt_runtime_world(a->rt), a->pick, card,
				 sizeof card))
		printf("taut: inspect %s\n", card);
	return 1;
}

/* 3D: a left drag that grabbed nothing turns the camera. */
static void orbit(app *a, const tt_input *in)
{
	if (a->orbiting && in->kind == TT_INPUT_MOUSE_MOVE)
		tt_view_orbit(a->view, in->sx - a->sx, in->sy - a->sy);
	if (in->kind == TT_INPUT_MOUSE_UP && in->button == 1)
		a->orbiting = 0;
}

/* Reserved keys are taut's before the scene sees them. */
static int reserved_input(app *a, const tt_input *in)
{
	int key = in->kind == TT_INPUT_KEY_DOWN || in->kind == TT_INPUT_KEY_UP;
	if (!key || !tt_key_reserved(in->key, in->ctrl))
		return 0;
	const tt_key_binding *k = tt_key_find(in->key, in->ctrl);
	if (k && in->kind == TT_INPUT_KEY_DOWN)
		key_down(a, k);
	return 1;
}

static void handle(app *a, const tt_input *in)
{
	orbit(a, in);
	/* 3D: from the pixels, so a replay needs the camera, not the depth */
	a->mouse = tt_view_is_3d(a->view) ? tt_view_to_world(a->view, in->sx, in->sy)
					  : in->world;
	a->sx = in->sx;
	a->sy = in->sy;
	if (in->kind == TT_INPUT_QUIT) {
		a->quit = 1;
		return;
	}
	tt_record_input(a->record, a->steps, in);
	if (reserved_input(a, in) || error_input(a, in) || panel_input(a, in) ||
	    inspect_input(a, in) || tt_runtime_input(a->rt, in) ||
	    tt_slash_input(a->slash, tt_runtime_world(a->rt), in))
		return;
	const tt_key_binding *k = in->kind == TT_INPUT_KEY_DOWN
		? tt_key_find(in->key, in->ctrl) : NULL;
	if (k)
		key_down(a, k);
	else if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 1)
		grab_start(a);
	else if (in->kind == TT_INPUT_MOUSE_UP && in->button == 1)
		grab_release(a);
}

/* The reload and tune notes of the HUD's first line. */
static void live_notes(app *a, char *live, size_t size)
{
	double ms;
	tt_reload_kind kind = tt_runtime_last_reload(a->rt, &ms);
	int unsaved = tt_runtime_tune_unsaved(a->rt);
	size_t n = 0;
	live[0] = '\0';
	if (kind != TT_RELOAD_NONE)
		n = (size_t)snprintf(live, size, "reload: %s in %.1f ms",
				     tt_reload_kind_name(kind), ms);
	if (unsaved && n < size)
		snprintf(live + n, size - n, "%s%d tuned value%s unsaved "
			 "(Ctrl+S saves)", n ? "  " : "", unsaved,
			 unsaved == 1 ? "" : "s");
}

static void hud_text(app *a, char *text, size_t size)
{
	char live[256], controls[1024];
	live_notes(a, live, sizeof live);
	tt_runtime_controls(a->rt, controls, sizeof controls);
	tt_hud_info info = {
		tt_runtime_title(a->rt), a->time_scale,
		a->opt->headless ? -1.0 : a->frame_ms, a->step_ms,
		tt_runtime_world(a->rt), live, controls,
		tt_view_layers_name(a->view), tt_view_is_3d(a->view),
		a->opt->from_picker,
	};
	tt_hud_compose(text, size, &info);
}

/* --hud: on in a window, off headless unless asked (docs and CI want the
 * scene alone); off also keeps badges, toasts and the inspector away. */
static int overlays_on(const app *a)
{
	tt_hud_mode m = a->opt->hud;
	return m == TT_HUD_ON || m == TT_HUD_BLANK ||
	       (m == TT_HUD_DEFAULT && !a->opt->headless);
}

static int hud_shown(const app *a)
{
	return !a->hidden && overlays_on(a);
}

/* Dock the HUD (as tall as it has been at this width, so a changing line
 * does not shake the camera) and the panel; reframe when the scene's
 * space changed and the user has not moved the camera. */
static void dock(app *a, const char *text)
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
		frame_scene(a);
}

/* How far the frame is from the last step to the next: the accumulator's
 * share of a step, or headless --fraction; a paused world shows its step. */
static float fraction(const app *a)
{
	double dt = tt_world_get_def(tt_runtime_world(a->rt)).time_step;
	if (a->opt->headless)
		return (float)a->opt->fraction;
	return a->paused || !(dt > 0.0) ? 1.0f : (float)(a->accumulator / dt);
}

static void draw_scene(app *a)
{
	tt_world_id world = tt_runtime_world(a->rt);
	tt_view_clip_scene(a->view, 1);
	int blended = tt_interp_begin(a->interp, world, fraction(a));
	tt_view_draw_world(a->view, world);
	tt_view_draw_wind(a->view, world);
	tt_runtime_draw(a->rt, a->list);
	tt_view_draw_list(a->view, a->list);
	tt_view_draw_layers(a->view, world);
	if (blended)
		tt_interp_end(a->interp, world);
	tt_slash_draw(a->slash, a->view);
	tt_view_flush(a->view);
	tt_view_clip_scene(a->view, 0);
}

/* The error bar, shown again for a new error after an Esc. */
static void draw_error(app *a)
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

/* What the window shows for the scene: HUD, panel, inspector, errors. */
static void draw_overlays(app *a, const char *text)
{
	int n;
	const tt_panel_item *items = tt_runtime_tune_items(a->rt, &n);
	if (a->opt->hud != TT_HUD_BLANK) {
		tt_view_draw_hud(a->view, text);
		if (panel_shown(a))
			tt_view_draw_panel(a->view, items, n, a->panel_row);
	}
	if (a->paused)
		tt_view_draw_inspect(a->view, tt_runtime_world(a->rt), a->pick);
	draw_error(a);
}

/* What taut says about itself (paused, recording, toasts): over the
 * frame, after the captures took it. */
static void draw_notes(app *a)
{
	char badge[256];
	if (!overlays_on(a))
		return;
	tt_hud_badge(badge, sizeof badge, a->paused,
		     a->gif.gif ? tt_gif_frames(a->gif.gif) : 0);
	if (badge[0])
		tt_view_draw_badge(a->view, badge);
	if (a->toast_frames > 0) {
		tt_view_draw_toast(a->view, a->toast,
				   (float)a->toast_frames / 30.0f);
		a->toast_frames--;
	}
}

/* F12's screenshot and the GIF's frame, of the frame as drawn so far. */
static void capture(app *a)
{
	char msg[1300];
	if (a->shoot) {
		a->shoot = 0;
		tt_capture_shot(a->view, a->opt->scene, msg, sizeof msg);
		toast(a, msg);
	}
	if (a->gif.gif && !tt_capture_frame(&a->gif, a->view, a->elapsed, msg,
					     sizeof msg))
		toast(a, msg);
	a->elapsed = 0.0;
}

/* The HUD's text (into text) and the docks it needs. */
static void lay_out(app *a, char *text, size_t size)
{
	text[0] = '\0';
	if (hud_shown(a))
		hud_text(a, text, size);
	dock(a, text);
}

static void draw(app *a)
{
	char text[2048];
	tt_world_id world = tt_runtime_world(a->rt);
	if (tt_view_is_3d(a->view) != tt_world_get_def(world).is_3d)
		frame_scene(a);  /* a rebuild turned the world 2D or 3D */
	lay_out(a, text, sizeof text);
	tt_view_begin(a->view);
	draw_scene(a);
	draw_overlays(a, text);
	capture(a);
	draw_notes(a);
	tt_view_end(a->view);
}

/* F12: taken at the next frame drawn; headless draws none per step, so it
 * draws one now. */
static void shoot(app *a)
{
	a->shoot = 1;
	if (a->opt->headless)
		draw(a);
}

/* The last frame's screenshot and layout, as the options ask. */
static int finish_frames(app *a)
{
	int status = a->opt->screenshot ? screenshot(a, a->opt->screenshot) : 0;
	char err[1200];
	if (a->opt->layout &&
	    !tt_view_write_layout(a->view, a->opt->layout, err, sizeof err))
		return fprintf(stderr, "taut: %s\n", err), 1;
	return status;
}

/* --frames ticks: a step each, none while paused (but for `.`). */
static int run_headless(app *a)
{
	double dt = tt_world_get_def(tt_runtime_world(a->rt)).time_step;
	for (long f = 0; f < a->opt->frames && !tt_runtime_error(a->rt); f++) {
		poll_files(a);
		replay_due(a);
		if (a->quit)
			break;
		if (a->paused && !a->single_step)
			continue;
		a->single_step = 0;
		step(a);
		a->elapsed += dt;
		if (a->gif.gif)
			draw(a);  /* headless draws a frame per step for the GIF */
	}
	draw(a);
	return finish_frames(a);
}

/* Run the fixed steps real time has asked for since the last frame. */
static void advance(app *a, double elapsed)
{
	double dt = tt_world_get_def(tt_runtime_world(a->rt)).time_step;
	if (a->paused) {
		replay_due(a);
		if (a->single_step)
			step(a);
		a->single_step = 0;
		a->accumulator = 0.0;
		return;
	}
	a->accumulator += elapsed * a->time_scale;
	if (a->accumulator > MAX_CATCH_UP)
		a->accumulator = MAX_CATCH_UP;
	while (dt > 0.0 && a->accumulator >= dt) {
		step(a);
		a->accumulator -= dt;
	}
}

static void wait_until(double t)
{
	double left = t - tt_view_clock();
	if (left > 0.0) {
		struct timespec ts = {0, (long)(left * 1e9)};
		thrd_sleep(&ts, NULL);
	}
}

static int run_window(app *a)
{
	double last = tt_view_clock();
	for (long f = 0; !a->quit && (a->opt->frames < 0 || f < a->opt->frames); f++) {
		double start = tt_view_clock();
		tt_input in;
		while (tt_view_poll(a->view, &in))
			if (!tt_record_replaying(a->record) || in.kind == TT_INPUT_QUIT)
				handle(a, &in);
		poll_files(a);
		advance(a, start - last);
		a->elapsed = start - last;
		draw(a);
		last = start;
		a->frame_ms = 1e3 * (tt_view_clock() - start);
		wait_until(start + 1.0 / 60.0);
	}
	return finish_frames(a);
}

static int open_view(app *a)
{
	tt_view_def def = tt_view_def_default();
	if (a->opt->view) {
		a->view = a->opt->view;
		tt_view_set_title(a->view, tt_runtime_title(a->rt));
		return 1;
	}
	def.headless = a->opt->headless;
	def.width = a->opt->width > 0 ? a->opt->width : def.width;
	def.height = a->opt->height > 0 ? a->opt->height : def.height;
	def.title = tt_runtime_title(a->rt);
	char err[512];
	a->view = tt_view_create(&def, err, sizeof err);
	if (!a->view)
		fprintf(stderr, "taut: %s\n", err);
	return a->view != NULL;
}

/* --set name=value: recorded before the load, so load sees the value. */
static void apply_sets(app *a)
{
	for (int i = 0; i < a->opt->set_count; i++) {
		char name[64], err[256];
		const char *eq = strchr(a->opt->sets[i], '=');
		snprintf(name, sizeof name, "%.*s", (int)(eq - a->opt->sets[i]),
			 a->opt->sets[i]);
		double v = strcmp(eq + 1, "true") == 0 ? 1.0
			 : strcmp(eq + 1, "false") == 0 ? 0.0 : atof(eq + 1);
		tt_runtime_tune_set(a->rt, name, v, err, sizeof err);
	}
}

/* --set names the scene lacks are bad usage, once the scene is loaded. */
static int check_sets(app *a)
{
	int n;
	const tt_panel_item *items = tt_runtime_tune_items(a->rt, &n);
	for (int i = 0; i < a->opt->set_count; i++) {
		const char *set = a->opt->sets[i];
		size_t len = (size_t)(strchr(set, '=') - set);
		int found = 0;
		for (int k = 0; k < n; k++)
			found |= strlen(items[k].name) == len &&
				 strncmp(items[k].name, set, len) == 0;
		if (!found)
			return fprintf(stderr, "taut: --set %s: the scene has no "
				       "tune value '%.*s'\n", set, (int)len, set), 0;
	}
	return 1;
}

/* Open the record, apply --set, load, open the view: 0, or the exit
 * status to leave with. */
static int start(app *a)
{
	char err[512];
	const tt_app_options *opt = a->opt;
	a->record = opt->input;
	if (!a->record && (opt->record || opt->replay)) {
		a->record = tt_record_open(opt->record, opt->replay, err, sizeof err);
		if (!a->record)
			return fprintf(stderr, "taut: %s\n", err), 1;
	}
	tt_keep_read(a->rt, opt->scene);
	apply_sets(a);
	int loaded = tt_runtime_load(a->rt);
	if (loaded && !check_sets(a))
		return 2;
	return (loaded || !opt->headless) && open_view(a) ? 0 : 1;
}

static void finish(app *a)
{
	char msg[1300];
	if (a->gif.gif) {
		tt_capture_toggle(&a->gif, a->view, a->opt->scene, msg, sizeof msg);
		printf("taut: %s\n", msg);
	}
	if (a->opt->record || a->opt->replay)
		printf("taut: world hash %016llx after %ld steps\n",
		       (unsigned long long)tt_world_hash(tt_runtime_world(a->rt)),
		       a->steps);
	tt_keep_write(a->rt, a->opt->scene);
}

int tt_app_run(const tt_app_options *opt)
{
	app a = {.opt = opt, .time_scale = 1.0, .panel_row = -1};
	a.rt = tt_runtime_create(opt->scene, opt->root);
	a.list = tt_drawlist_create();
	a.slash = tt_slash_create();
	a.interp = tt_interp_create();
	int status = a.rt && a.list && a.slash && a.interp ? start(&a) : 1;
	if (status == 0) {
		char text[2048];
		lay_out(&a, text, sizeof text);  /* the panel takes input at once */
		frame_scene(&a);
		status = opt->headless ? run_headless(&a) : run_window(&a);
		finish(&a);
	}
	if (a.rt && tt_runtime_error(a.rt)) {
		fprintf(stderr, "taut: %s\n", tt_runtime_error(a.rt));
		status = 1;
	}
	if (a.view != opt->view)
		tt_view_destroy(a.view);
	tt_drawlist_destroy(a.list);
	tt_slash_destroy(a.slash);
	tt_interp_destroy(a.interp);
	tt_runtime_destroy(a.rt);
	if (a.record != opt->input)
		tt_record_close(a.record);
	return status == 0 && a.back ? TT_APP_BACK : status;
}
