/* The taut program's loop: fixed steps, input, drawing, the HUD.
 *
 * Physics advances in fixed steps of the world's dt, as many as real time
 * asks for (scaled for slow motion, capped so a stall cannot spiral);
 * drawing happens once per frame. Headless runs take exactly --frames
 * ticks, a step each unless paused, so they are deterministic, then draw
 * once for the screenshot.
 * Left drag grabs the nearest particle (grab.c: a pinned one is moved, a
 * free one pulled softly, with a limited force). Right drag slashes
 * (slash.c). Paused, a left click inspects what it lands on
 * (view/inspect.c).
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
 * whether a watched file was saved and reloads it in the kind it needs
 * (a save still being written is waited for, and the frame wakes when it
 * settles); the tuning panel takes the pointer when it is over it and sets
 * values through the runtime; what changes the run (inputs, panel values,
 * the saves and their reloads) goes through --record / --replay with the
 * number of steps taken before it, so a replay is exact (record.c); in
 * 3D with the pointer as its ray (a tt_view_point) and the camera's pose
 * each time it moved, which a replay sets again before each entry, so it
 * is exact at any window size.
 * Inputs met while paused are replayed before the next step in the paused
 * state they were met in (held), so a click that inspected inspects again
 * rather than grabbing. The viewer's keys (keys.c) are the live viewer's
 * in a window replay, where they set the pace and the look, not the world;
 * a headless replay has no viewer and acts on the recorded ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>

#include "app_internal.h"
#include "keep.h"
#include "keys.h"

#define MAX_CATCH_UP 0.25  /* seconds of physics one frame may run */
#define LOOK_EVERY 0.002   /* seconds between looks at the files */


/* Where the pointer is for a grab: the mouse in the world (2D), or the
 * point under it on the plane through `depth` facing the camera (3D). */
static tt_vec3 grab_point(const tt_app *a, tt_vec3 depth)
{
	return tt_view_is_3d(a->view)
		       ? tt_view_facing_point_at(a->view, a->at, depth)
		       : a->mouse;
}

/* A press takes what is nearest the mouse (in 3D, the pointer's ray),
 * within reach on screen: the reach in view units at the scale the input
 * came with. */
static void grab_press(tt_app *a)
{
	tt_world_id world = tt_runtime_world(a->rt);
	float reach = GRAB_REACH_PX / a->scale;
	int is_3d = tt_view_is_3d(a->view);
	tt_particle_id p = is_3d ? tt_view_pick_at(a->view, world, a->at, reach)
				 : tt_mouse_grab_pick(world, a->mouse, reach);
	tt_monitor_select(a->monitor, p);
	if (p.index1 == 0) {
		a->orbiting = is_3d;
		return;
	}
	tt_vec3 at = tt_particle_get_position(p);
	tt_mouse_grab_start(a->grab, world, p, grab_point(a, at));
}

/* Before each step: what is grabbed is pulled toward the pointer, in 3D
 * on the plane facing the camera through where it is being pulled to. */
static void grab_follow(tt_app *a)
{
	tt_vec3 target;
	if (tt_mouse_grab_target(a->grab, &target))
		tt_mouse_grab_follow(a->grab, grab_point(a, target));
}

static void handle(tt_app *a, const tt_input *in, int replayed);
static void reloaded(tt_app *a, tt_reload_kind kind);
static void panel_set(tt_app *a, const char *name, double value);

/* Pixels per view unit of the input met now: per metre in 2D (where the
 * grab's reach is in metres), the focal length in 3D. */
static float input_scale(const tt_app *a)
{
	return tt_view_is_3d(a->view) ? tt_view_pixels_per_unit(a->view)
				      : tt_view_scale(a->view);
}

/* A replay's camera is the recorded one: set again before each replayed
 * entry and after them, so neither the live viewer, nor Home, nor a
 * reframing for this window's docks moves it. */
static void hold_pose(tt_app *a)
{
	if (a->posed && tt_record_holds_camera(a->record) && tt_view_is_3d(a->view))
		tt_view_set_pose(a->view, &a->pose);
}

/* 3D: the camera's pose into the recording when it changed, before what
 * uses it next (an input, a step, the last frame). */
static void note_camera(tt_app *a)
{
	if (!tt_view_is_3d(a->view))
		return;
	tt_view_pose pose = tt_view_get_pose(a->view);
	tt_record_camera(a->record, a->steps, &pose);
}

/* What the replayed recording holds before the next step; nothing after
 * a quit (a Backspace back to the picker ends the scene's part). A 3D
 * recording of format 1 holds its pointer in this view's pixels. */
static void replay(tt_app *a)
{
	tt_entry e;
	while (!a->quit && tt_record_next(a->record, a->steps, &e)) {
		tt_reload_kind kind = TT_RELOAD_NONE;
		hold_pose(a);
		if (e.kind == TT_ENTRY_INPUT) {
			if (!tt_view_is_3d(a->view) || tt_record_holds_camera(a->record))
				a->scale = e.scale;
			handle(a, &e.input, 1);
		} else if (e.kind == TT_ENTRY_CAMERA) {
			a->pose = e.pose;
			a->posed = 1;
		} else if (e.kind == TT_ENTRY_PANEL) {
			a->mouse = e.input.world;
			panel_set(a, e.name, e.value);
		} else if (e.kind == TT_ENTRY_FILE)
			tt_runtime_put_file(a->rt, e.path, e.text, e.len);
		else if (e.kind == TT_ENTRY_RELOAD)
			reloaded(a, kind = tt_runtime_reload(a->rt));
		if (!tt_record_check(a->record, &e, tt_runtime_world(a->rt), kind))
			a->quit = 1;
	}
	hold_pose(a);
}

static void end_replay(tt_app *a);

/* Chains' LOD distances are from the camera: its eye in 3D; in 2D a point
 * above the view's centre as high as half the view is wide, so zooming
 * out reads as farther. */
static void set_lod_point(tt_app *a)
{
	int w, h;
	tt_vec3 at = tt_view_eye(a->view);
	tt_view_size(a->view, &w, &h);
	if (!tt_view_is_3d(a->view)) {
		at = tt_view_to_world(a->view, 0.5f * (float)w, 0.5f * (float)h);
		at.z = 0.5f * (float)w / tt_view_scale(a->view);
	}
	tt_world_set_lod_point(tt_runtime_world(a->rt), at);
}

static void step(tt_app *a)
{
	if (a->steps == tt_record_length(a->record) && !a->opt->headless)
		return end_replay(a);
	replay(a);
	if (a->quit)
		return;
	note_camera(a);
	a->steps++;
	double t0 = tt_view_clock();
	grab_follow(a);
	set_lod_point(a);
	tt_slash_before_step(a->slash, a->mouse);
	if (tt_view_is_3d(a->view))
		tt_slash_sweep_sheet(a->slash, tt_runtime_world(a->rt),
				     tt_view_eye(a->view), a->mouse);
	tt_interp_save(a->interp, tt_runtime_world(a->rt));
	tt_runtime_step(a->rt);
	tt_slash_after_step(a->slash, tt_runtime_world(a->rt));
	tt_monitor_sample(a->monitor);
	a->step_ms = 1e3 * (tt_view_clock() - t0);
	tt_record_hash(a->record, a->steps, tt_runtime_world(a->rt));
}

/* 0 when saved, else 1 (the exit status of a run that asked for it). */
static int screenshot(tt_app *a, const char *path)
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

static void reload(tt_app *a)
{
	tt_mouse_grab_end(a->grab);
	tt_slash_end(a->slash);
	tt_monitor_clear(a->monitor);
	tt_runtime_rebuild(a->rt);
	a->pick = (tt_pick){{0}, {0}};
}

/* A save applied; a rebuild took the grab's particles along. */
static void reloaded(tt_app *a, tt_reload_kind kind)
{
	if (kind == TT_RELOAD_REBUILD)
		tt_mouse_grab_end(a->grab);
	if (kind == TT_RELOAD_NONE)
		return;
	tt_record_reload(a->record, a->steps, kind);
	double ms;
	tt_runtime_last_reload(a->rt, &ms);
	printf("taut: reload: %s in %.2f ms (%s)%s\n", tt_reload_kind_name(kind),
	       ms, tt_runtime_reload_reason(a->rt),
	       kind == TT_RELOAD_ERROR ? ": the last good scene goes on" : "");
	fflush(stdout);
}

static void poll_files(tt_app *a)
{
	reloaded(a, tt_runtime_poll(a->rt));
}

static void save_tuned(tt_app *a)
{
	char err[1024];
	int n = tt_runtime_tune_unsaved(a->rt);
	if (!tt_runtime_tune_save(a->rt, err, sizeof err))
		fprintf(stderr, "taut: %s\n", err);
	else if (!tt_record_replaying(a->record)) {
		printf("taut: saved %d tuned value%s into %s\n", n,
		       n == 1 ? "" : "s", a->opt->scene);
		tt_keep_remove(a->opt->scene);
	}
}

static void panel_set(tt_app *a, const char *name, double value)
{
	char err[256];
	tt_record_panel(a->record, a->steps, name, value, a->mouse);
	tt_runtime_tune_set(a->rt, name, value, err, sizeof err);
}

/* The panel takes a press on it, and the drag that follows (never a
 * replayed input: the recording holds the values the panel set). */
static int panel_input(tt_app *a, const tt_input *in)
{
	int n;
	const tt_panel_item *items = tt_runtime_tune_items(a->rt, &n);
	int row = a->panel_row;
	if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 1 && tt_app_panel_shown(a))
		row = tt_view_panel_pick(a->view, n, in->sx, in->sy);
	if (row < 0 || row >= n || tt_record_replaying(a->record))
		return 0;
	if (in->kind == TT_INPUT_MOUSE_UP)
		a->panel_row = -1;
	else if (in->kind == TT_INPUT_MOUSE_DOWN ||
		 (in->kind == TT_INPUT_MOUSE_MOVE && !items[row].is_bool)) {
		char name[64];
		snprintf(name, sizeof name, "%s", items[row].name);
		a->panel_row = items[row].is_bool ? -1 : row;
		panel_set(a, name, tt_view_panel_value(a->view, &items[row], in->sx));
	} else
		return 0;
	return 1;
}

/* P and `.`: the pace (paused) follows the live viewer, or a recording
 * with no viewer to overrule it; held follows what the inputs met. */
static void set_paused(tt_app *a, int paused, int replayed)
{
	a->paused = paused;
	if (replayed || !tt_record_replaying(a->record))
		a->held = paused;
	if (!a->paused)
		a->pick = (tt_pick){{0}, {0}};
}

static void toggle_gif(tt_app *a)
{
	char msg[1200];
	tt_capture_toggle(&a->gif, a->view, a->opt->scene, msg, sizeof msg);
	tt_app_toast(a, msg);
}

/* F12: taken at the next frame drawn; headless draws none per step, so it
 * draws one now. */
static void shoot(tt_app *a)
{
	a->shoot = 1;
	if (a->opt->headless)
		tt_app_draw(a);
}

/* Esc: fold the error bar away first; with none showing, quit. */
static void escape(tt_app *a)
{
	if (tt_runtime_error(a->rt) && !a->error_dismissed)
		a->error_dismissed = 1;
	else
		a->quit = 1;
}

static void toggle_hud(tt_app *a)
{
	a->hidden = !a->hidden;
	if (a->hidden)
		tt_app_toast(a, "HUD hidden: H shows it");
}

/* A viewer's key met in a window replay: the live viewer has the pace;
 * the recording's pause still says how its next inputs were met. */
static void held_key(tt_app *a, const tt_key_binding *k)
{
	if (k->action == TT_KEY_PAUSE)
		a->held = !a->held;
	else if (k->action == TT_KEY_STEP)
		a->held = 1;
}

static void key_down(tt_app *a, const tt_key_binding *k, int replayed)
{
	if (replayed && !k->replayed && !a->opt->headless)
		return held_key(a, k);
	switch (k->action) {
	case TT_KEY_QUIT: escape(a); break;
	case TT_KEY_PAUSE: set_paused(a, !a->paused, replayed); break;
	case TT_KEY_STEP:
		set_paused(a, 1, replayed);
		a->single_step = 1;
		break;
	case TT_KEY_SLOWER:
		a->time_scale *= a->time_scale > 1.0 / 16 ? 0.5 : 1.0;
		break;
	case TT_KEY_FASTER:
		a->time_scale *= a->time_scale < 1.0 ? 2.0 : 1.0;
		break;
	case TT_KEY_REBUILD: reload(a); break;
	case TT_KEY_HUD: toggle_hud(a); break;
	case TT_KEY_CAMERA:  /* an orbit camera starts over from its angles */
		tt_view_set_3d(a->view, 0);
		tt_app_frame_scene(a);
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
static int error_input(tt_app *a, const tt_input *in)
{
	if (!tt_runtime_error(a->rt) || a->error_dismissed ||
	    in->kind != TT_INPUT_KEY_DOWN || strcmp(in->key, "tab") != 0)
		return 0;
	a->error_expanded = !a->error_expanded;
	return 1;
}

/* Paused, a left click is the inspector's: it picks the particle or
 * spring it lands on (or nothing, clearing the card) and prints the card,
 * so its figures can be copied. A replayed one in a window is swallowed:
 * the live viewer inspects for itself. */
static int inspect_input(tt_app *a, const tt_input *in, int replayed)
{
	int left = in->button == 1 && (in->kind == TT_INPUT_MOUSE_DOWN ||
				       in->kind == TT_INPUT_MOUSE_UP);
	if (!(replayed ? a->held : a->paused) || !left)
		return 0;
	if (in->kind != TT_INPUT_MOUSE_DOWN || (replayed && !a->opt->headless))
		return 1;
	char card[768];
	float sx = in->sx, sy = in->sy;
	if (!tt_view_is_3d(a->view))  /* where it was in the world: a replay at
					 another size or layout picks the same */
		tt_view_to_screen(a->view, in->world, &sx, &sy);
	a->pick = tt_view_pick_object(a->view, tt_runtime_world(a->rt), sx, sy,
				      GRAB_REACH_PX);
	if (tt_view_inspect_text(tt_runtime_world(a->rt), a->pick, card,
				 sizeof card))  /* the terminal keeps it */
		printf("taut: inspect %s\n", card);
	return 1;
}

/* 3D: a left drag that grabbed nothing turns the camera. */
static void orbit(tt_app *a, const tt_input *in)
{
	if (a->orbiting && in->kind == TT_INPUT_MOUSE_MOVE)
		tt_view_orbit(a->view, in->sx - a->sx, in->sy - a->sy);
	if (in->kind == TT_INPUT_MOUSE_UP && in->button == 1)
		a->orbiting = 0;
}

/* Reserved keys are taut's before the scene sees them. */
static int reserved_input(tt_app *a, const tt_input *in, int replayed)
{
	int key = in->kind == TT_INPUT_KEY_DOWN || in->kind == TT_INPUT_KEY_UP;
	if (!key || !tt_key_reserved(in->key, in->ctrl))
		return 0;
	const tt_key_binding *k = tt_key_find(in->key, in->ctrl);
	if (k && in->kind == TT_INPUT_KEY_DOWN)
		key_down(a, k, replayed);
	return 1;
}

/* Where the input points (in, updated): in 2D the world point it carries;
 * in 3D its ray as a view point (this view's for a live input or a
 * format-1 replay; the recorded one when the replay holds the camera, its
 * pixels then where that ray is in this window) and the world point where
 * the ray meets the plane facing the camera through its target. */
static void point(tt_app *a, tt_input *in, int replayed)
{
	if (tt_view_is_3d(a->view)) {
		if (replayed && tt_record_holds_camera(a->record)) {
			a->at = (tt_view_point){in->world.x, in->world.y};
			tt_view_point_to_screen(a->view, a->at, &in->sx, &in->sy);
		} else
			a->at = tt_view_point_at(a->view, in->sx, in->sy);
		in->world = tt_view_facing_point_at(a->view, a->at,
						    tt_view_get_pose(a->view).target);
	}
	a->mouse = in->world;
	a->sx = in->sx;
	a->sy = in->sy;
}

/* The input as the recording holds it: the pointer in view units. */
static void record_input(tt_app *a, const tt_input *in)
{
	tt_input held = *in;
	if (tt_view_is_3d(a->view))
		held.world = (tt_vec3){a->at.x, a->at.y, 0.0f};
	note_camera(a);
	tt_record_input(a->record, a->steps, &held, a->scale);
}

/* A live input or a replayed one (replayed). */
static void handle(tt_app *a, const tt_input *live, int replayed)
{
	tt_input here = *live, *in = &here;
	if (!(replayed && tt_record_holds_camera(a->record)))
		orbit(a, in);  /* else the recorded camera says where it went */
	point(a, in, replayed);
	if (in->kind == TT_INPUT_QUIT) {
		a->quit = 1;
		return;
	}
	if (panel_input(a, in))
		return;
	record_input(a, in);
	if (reserved_input(a, in, replayed) || error_input(a, in) ||
	    inspect_input(a, in, replayed) || tt_runtime_input(a->rt, in) ||
	    tt_slash_input(a->slash, tt_runtime_world(a->rt), in))
		return;
	const tt_key_binding *k = in->kind == TT_INPUT_KEY_DOWN
		? tt_key_find(in->key, in->ctrl) : NULL;
	if (k)
		key_down(a, k, replayed);
	else if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 1)
		grab_press(a);
	else if (in->kind == TT_INPUT_MOUSE_UP && in->button == 1)
		tt_mouse_grab_end(a->grab);
}

/* The live viewer's input during a window replay: its keys, the error
 * bar's, and the inspector while it paused the replay. */
static void viewer_input(tt_app *a, const tt_input *in)
{
	const tt_key_binding *k = in->kind == TT_INPUT_KEY_DOWN
		? tt_key_find(in->key, in->ctrl) : NULL;
	if (k && !k->replayed)
		key_down(a, k, 0);
	else if (!error_input(a, in))
		inspect_input(a, in, 0);
}

/* The last frame's screenshot and layout, as the options ask. */
static int finish_frames(tt_app *a)
{
	int status = a->opt->screenshot ? screenshot(a, a->opt->screenshot) : 0;
	char err[1200];
	if (a->opt->layout &&
	    !tt_view_write_layout(a->view, a->opt->layout, err, sizeof err))
		return fprintf(stderr, "taut: %s\n", err), 1;
	return status;
}

/* --frames ticks (a replay's steps when not given): a step each, none
 * while paused (but for `.`). */
static int run_headless(tt_app *a)
{
	double dt = tt_world_get_def(tt_runtime_world(a->rt)).time_step;
	long frames = a->opt->frames < 0 ? tt_record_length(a->record)
					 : a->opt->frames;
	a->scale = input_scale(a);
	for (long f = 0; f < frames && !tt_runtime_error(a->rt); f++) {
		poll_files(a);
		replay(a);
		if (a->quit)
			break;
		if (a->paused && !a->single_step)
			continue;
		a->single_step = 0;
		step(a);
		a->elapsed += dt;
		if (a->gif.gif)
			tt_app_draw(a);  /* headless draws a frame per step for the GIF */
	}
	replay(a);  /* what came after the last step: the last frame shows it */
	tt_app_draw(a);
	return finish_frames(a);
}

/* Run the fixed steps real time has asked for since the last frame;
 * paused, what the replay met while paused. */
static void advance(tt_app *a, double elapsed)
{
	double dt = tt_world_get_def(tt_runtime_world(a->rt)).time_step;
	if (a->paused) {
		replay(a);
		if (a->single_step)
			step(a);
		a->single_step = 0;
		a->accumulator = 0.0;
		return;
	}
	a->accumulator += elapsed * a->time_scale;
	if (a->accumulator > MAX_CATCH_UP)
		a->accumulator = MAX_CATCH_UP;
	while (dt > 0.0 && a->accumulator >= dt && !a->paused) {
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

/* Sleep to the next frame, looking at the files every couple of
 * milliseconds, so a save is read the moment it settles. */
static void wait_frame(tt_app *a, double next)
{
	for (double now; (now = tt_view_clock()) < next;) {
		double due = tt_runtime_due(a->rt);
		if (due == 0.0)
			poll_files(a);
		else
			wait_until(now + (due > 0.0 && due < LOOK_EVERY ? due : LOOK_EVERY));
	}
}

static int run_window(tt_app *a)
{
	double last = tt_view_clock();
	for (long f = 0; !a->quit && (a->opt->frames < 0 || f < a->opt->frames); f++) {
		double start = tt_view_clock();
		tt_input in;
		a->scale = input_scale(a);
		while (tt_view_poll(a->view, &in))
			if (!tt_record_replaying(a->record) || in.kind == TT_INPUT_QUIT)
				handle(a, &in, 0);
			else
				viewer_input(a, &in);
		poll_files(a);
		advance(a, start - last);
		a->elapsed = start - last;
		tt_app_draw(a);
		last = start;
		a->frame_ms = 1e3 * (tt_view_clock() - start);
		wait_frame(a, start + 1.0 / 60.0);
	}
	return finish_frames(a);
}

static int open_view(tt_app *a)
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

/* --set name=value: checked by the runtime against the tune table before
 * load (a value it refuses is bad usage). */
static void give_sets(tt_app *a)
{
	for (int i = 0; i < a->opt->set_count; i++) {
		char name[64];
		const char *eq = strchr(a->opt->sets[i], '=');
		snprintf(name, sizeof name, "%.*s", (int)(eq - a->opt->sets[i]),
			 a->opt->sets[i]);
		tt_runtime_tune_give(a->rt, TT_TUNE_COMMAND, name, eq + 1, NULL,
				     NULL);
	}
}

/* Every file text the runtime reads goes into the recording. */
static void note_file(void *ud, const char *path, const char *text, size_t len)
{
	tt_app *a = ud;
	tt_record_file(a->record, a->steps, path, text, len);
}

/* The recording of this run: its own file, or its part of the picker's
 * session (opt->input). */
static int open_record(tt_app *a)
{
	char err[1536];
	const tt_app_options *opt = a->opt;
	if (!opt->input && !opt->record && !opt->replay)
		return 1;
	a->record = opt->input
		? tt_record_open_nested(opt->input, opt->scene, opt->root, err,
					sizeof err)
		: tt_record_open(opt->record, opt->replay, opt->scene, opt->root,
				 err, sizeof err);
	if (!a->record)
		return fprintf(stderr, "taut: %s\n", err), 0;
	tt_runtime_on_file(a->rt, note_file, a);
	tt_record_attach(a->record, a->rt);
	return 1;
}

/* Open the record, give the sidecar's and --set values, load, open the
 * view: 0, or the exit status to leave with. A replay runs on what the
 * recording holds: no sidecar, no --set. --untuned runs on the file's
 * values, so a value tuned and left unsaved does not move the state the
 * tests and the docs pictures record. */
static int start(tt_app *a)
{
	const tt_app_options *opt = a->opt;
	if (opt->replay && opt->set_count)
		return fprintf(stderr, "taut: --set with --replay: the recording "
			       "holds the values it ran with\n"), 2;
	if (!open_record(a))
		return 1;
	if (!opt->replay && !opt->untuned)
		tt_keep_read(a->rt, opt->scene);
	give_sets(a);
	int loaded = tt_runtime_load(a->rt);
	if (!loaded && tt_runtime_usage_error(a->rt))
		return 2;
	if (!(loaded || !opt->headless) || !open_view(a))
		return 1;
	int w, h;
	tt_view_size(a->view, &w, &h);
	tt_record_start(a->record, a->rt, w, h);
	if (!tt_record_fits(a->record, w, h,
			    tt_world_get_def(tt_runtime_world(a->rt)).is_3d))
		return fprintf(stderr, "taut: %s\n", tt_record_error(a->record)), 1;
	return 0;
}

/* The replay ran all its steps: check the state, then go on live, paused. */
static void end_replay(tt_app *a)
{
	replay(a);  /* what came after the last step */
	if (a->quit || !tt_record_verify(a->record, a->steps, tt_runtime_world(a->rt))) {
		a->quit = 1;
		return;
	}
	printf("taut: the replay reached the recorded state (world hash %016llx "
	       "after %ld steps); %s goes on live\n",
	       (unsigned long long)tt_world_hash(tt_runtime_world(a->rt)),
	       a->steps, tt_key_label(TT_KEY_PAUSE));
	fflush(stdout);
	tt_runtime_set_replaying(a->rt, 0);
	set_paused(a, 1, 0);
}

/* 3D: the camera a recorded or replayed run ended with, as a recording's
 * camera entry holds it (so two runs compare exactly). */
static void print_pose(tt_view_pose p)
{
	printf("taut: camera target %a %a %a yaw %a pitch %a distance %a fov %a\n",
	       (double)p.target.x, (double)p.target.y, (double)p.target.z,
	       (double)p.yaw, (double)p.pitch, (double)p.distance, (double)p.fov);
}

/* 1, or 0 when the replay diverged from its recording. */
static int finish(tt_app *a)
{
	char msg[1300];
	tt_world_id world = tt_runtime_world(a->rt);
	if (a->gif.gif) {
		tt_capture_toggle(&a->gif, a->view, a->opt->scene, msg, sizeof msg);
		printf("taut: %s\n", msg);
	}
	if (tt_record_replaying(a->record) && !a->quit)
		replay(a);
	note_camera(a);
	int ok = tt_record_verify(a->record, a->steps, world) &&
		 tt_record_finish(a->record, a->steps, world);
	if (a->record)
		printf("taut: world hash %016llx after %ld steps\n",
		       (unsigned long long)tt_world_hash(world), a->steps);
	if (a->record && tt_view_is_3d(a->view))
		print_pose(tt_view_get_pose(a->view));
	if (!a->opt->replay && !a->opt->untuned)
		tt_keep_write(a->rt, a->opt->scene);
	return ok;
}

int tt_app_run(const tt_app_options *opt)
{
	tt_app a = {.opt = opt, .time_scale = 1.0, .panel_row = -1, .told_at = -60};
	a.rt = tt_runtime_create(opt->scene, opt->root);
	if (a.rt)
		tt_runtime_set_safe(a.rt, opt->safe);
	a.list = tt_drawlist_create();
	a.slash = tt_slash_create();
	a.grab = tt_mouse_grab_create();
	a.interp = tt_interp_create();
	a.monitor = tt_monitor_create();
	int status = a.rt && a.list && a.slash && a.grab && a.interp && a.monitor
			     ? start(&a)
			     : 1;
	if (status == 0) {
		char text[4096];
		tt_app_lay_out(&a, text, sizeof text);  /* the panel takes input at once */
		tt_app_frame_scene(&a);
		status = opt->headless ? run_headless(&a) : run_window(&a);
		if (!finish(&a)) {
			fprintf(stderr, "taut: %s\n", tt_record_error(a.record));
			status = 1;
		}
	}
	if (a.rt && tt_runtime_error(a.rt)) {
		fprintf(stderr, "taut: %s\n", tt_runtime_error(a.rt));
		status = tt_runtime_usage_error(a.rt) ? 2 : 1;
	}
	if (a.view != opt->view)
		tt_view_destroy(a.view);
	tt_drawlist_destroy(a.list);
	tt_slash_destroy(a.slash);
	tt_mouse_grab_destroy(a.grab);
	tt_interp_destroy(a.interp);
	tt_monitor_destroy(a.monitor);
	tt_runtime_destroy(a.rt);
	tt_record_close(a.record);
	return status == 0 && a.back ? TT_APP_BACK : status;
}
