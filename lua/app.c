/* The taut program's loop: fixed steps, input, drawing, the HUD.
 *
 * Physics advances in fixed steps of the world's dt, as many as real time
 * asks for (scaled for slow motion, capped so a stall cannot spiral);
 * drawing happens once per frame. Headless runs take exactly --frames
 * steps, so they are deterministic, then draw once for the screenshot.
 * Left drag grabs the nearest particle (grab.c: a pinned one is moved, a
 * free one pulled softly, with a limited force). Right drag slashes
 * (slash.c).
 *
 * In a 3D world the view's orbit camera frames the scene; a left press
 * that grabs nothing orbits it (as Alt + left drag does, in the view), a
 * grab takes the particle nearest the pointer's ray and drags it in the
 * plane through it facing the camera, and a slash cuts by the sheet its
 * stroke sweeps from the eye. Frames draw between steps: positions blended
 * by the accumulator's fraction (interp.c), headless at --fraction.
 *
 * Live iteration: every frame (every step headless) the runtime is asked
 * whether a watched file was saved and reloads it in the kind it needs
 * (a save still being written is waited for, and the frame wakes when it
 * settles); the tuning panel takes the pointer when it is over it and sets
 * values through the runtime; what changes the run (inputs, panel values,
 * the saves and their reloads) goes through --record / --replay with the
 * number of steps taken before it, so a replay is exact (record.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>

#include "app.h"
#include "grab.h"
#include "interp.h"
#include "slash.h"
#include "keep.h"
#include "monitor.h"
#include "record.h"
#include "runtime.h"

#define GRAB_REACH_PX 24.0f
#define MAX_CATCH_UP 0.25  /* seconds of physics one frame may run */
#define LOOK_EVERY 0.002   /* seconds between looks at the files */

typedef struct app {
	const tt_app_options *opt;
	tt_view *view;
	tt_runtime *rt;
	tt_drawlist *list;
	int quit, paused, single_step, shots;
	int hide_wind;  /* F1 hides the wind arrows */
	double time_scale, accumulator, frame_ms, step_ms;
	tt_vec3 mouse;
	tt_mouse_grab *grab;
	float sx, sy;   /* the pointer in pixels */
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
} app;

/* Where the pointer is for a grab: the mouse in the world (2D), or the
 * point under it on the plane through `depth` facing the camera (3D). */
static tt_vec3 grab_point(const app *a, tt_vec3 depth)
{
	return tt_view_is_3d(a->view)
		       ? tt_view_facing_point(a->view, a->sx, a->sy, depth)
		       : a->mouse;
}

/* A press takes what is nearest the mouse (in 3D, the pointer's ray),
 * within reach on screen. */
static void grab_press(app *a)
{
	tt_world_id world = tt_runtime_world(a->rt);
	float reach = GRAB_REACH_PX / a->scale;
	int is_3d = tt_view_is_3d(a->view);
	tt_particle_id p = is_3d ? tt_view_pick(a->view, world, a->sx, a->sy,
						GRAB_REACH_PX)
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
static void grab_follow(app *a)
{
	tt_vec3 target;
	if (tt_mouse_grab_target(a->grab, &target))
		tt_mouse_grab_follow(a->grab, grab_point(a, target));
}

static void handle(app *a, const tt_input *in);
static void reloaded(app *a, tt_reload_kind kind);
static void panel_set(app *a, const char *name, double value);

/* What the replayed recording holds before the next step. */
static void replay(app *a)
{
	tt_entry e;
	while (tt_record_next(a->record, a->steps, &e)) {
		tt_reload_kind kind = TT_RELOAD_NONE;
		if (e.kind == TT_ENTRY_INPUT) {
			a->scale = e.scale;
			handle(a, &e.input);
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
}

static void end_replay(app *a);

static void step(app *a)
{
	if (a->steps == tt_record_length(a->record) && !a->opt->headless)
		return end_replay(a);
	replay(a);
	if (a->quit)
		return;
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
	tt_monitor_sample(a->monitor);
	a->step_ms = 1e3 * (tt_view_clock() - t0);
	tt_record_hash(a->record, a->steps, tt_runtime_world(a->rt));
}

/* 0 when saved, else 1 (the exit status of a run that asked for it). */
static int screenshot(app *a, const char *path)
{
	char err[512];
	if (tt_view_screenshot(a->view, path, err, sizeof err) != 0) {
		fprintf(stderr, "taut: %s\n", err);
		return 1;
	}
	printf("taut: saved %s\n", path);
	return 0;
}

static void reload(app *a)
{
	tt_mouse_grab_end(a->grab);
	tt_slash_end(a->slash);
	tt_monitor_clear(a->monitor);
	tt_runtime_rebuild(a->rt);
}

/* A save applied; a rebuild took the grab's particles along. */
static void reloaded(app *a, tt_reload_kind kind)
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

static void poll_files(app *a)
{
	reloaded(a, tt_runtime_poll(a->rt));
}

static void save_tuned(app *a)
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

static void panel_set(app *a, const char *name, double value)
{
	char err[256];
	tt_record_panel(a->record, a->steps, name, value, a->mouse);
	tt_runtime_tune_set(a->rt, name, value, err, sizeof err);
}

/* The panel takes a press on it, and the drag that follows (never a
 * replayed input: the recording holds the values the panel set). */
static int panel_input(app *a, const tt_input *in)
{
	int n;
	const tt_panel_item *items = tt_runtime_tune_items(a->rt, &n);
	int row = a->panel_row;
	if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 1)
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

/* F1 swaps the debug layers: wind arrows (shown at start) for contact
 * points and normals (hidden at start). */
static void toggle_debug(app *a)
{
	a->hide_wind = !a->hide_wind;
	tt_view_set_debug(a->view, !tt_view_get_debug(a->view));
}

/* Keys of the viewer, not of the world: live even during a replay, and
 * not replayed (they set the pace, not the state). */
static void view_key(app *a, const tt_input *in)
{
	const char *k = in->key;
	if (strcmp(k, "escape") == 0)
		a->quit = 1;
	else if (strcmp(k, "space") == 0)
		a->paused = !a->paused;
	else if (strcmp(k, ".") == 0)
		a->paused = a->single_step = 1;
	else if (strcmp(k, "[") == 0 && a->time_scale > 1.0 / 16)
		a->time_scale *= 0.5;
	else if (strcmp(k, "]") == 0 && a->time_scale < 1.0)
		a->time_scale *= 2.0;
	else if (strcmp(k, "f12") == 0) {
		char path[64];
		snprintf(path, sizeof path, "taut-%d.png", ++a->shots);
		screenshot(a, path);
	}
}

static void key_down(app *a, const tt_input *in)
{
	if (strcmp(in->key, "s") == 0 && in->ctrl)
		save_tuned(a);
	else if (strcmp(in->key, "r") == 0)
		reload(a);
	else if (strcmp(in->key, "f1") == 0)  /* replayed: a replay shows what was seen */
		toggle_debug(a);
	else if (!tt_record_replaying(a->record))
		view_key(a, in);
}

/* 3D: a left drag that grabbed nothing turns the camera. */
static void orbit(app *a, const tt_input *in)
{
	if (a->orbiting && in->kind == TT_INPUT_MOUSE_MOVE)
		tt_view_orbit(a->view, in->sx - a->sx, in->sy - a->sy);
	if (in->kind == TT_INPUT_MOUSE_UP && in->button == 1)
		a->orbiting = 0;
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
	if (panel_input(a, in))
		return;
	tt_record_input(a->record, a->steps, in, a->scale);
	if (tt_runtime_input(a->rt, in) ||
	    tt_slash_input(a->slash, tt_runtime_world(a->rt), in))
		return;
	if (in->kind == TT_INPUT_KEY_DOWN)
		key_down(a, in);
	else if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 1)
		grab_press(a);
	else if (in->kind == TT_INPUT_MOUSE_UP && in->button == 1)
		tt_mouse_grab_end(a->grab);
}

/* Particles reset after going non-finite: a red line under the HUD, and
 * a line on stdout when more did (at most once a second). */
static void nonfinite_warning(app *a, const char *hud_text)
{
	uint64_t n = tt_world_nonfinite_resets(tt_runtime_world(a->rt));
	char line[128];
	snprintf(line, sizeof line, "%llu particle%s went non-finite and %s "
		 "reset", (unsigned long long)n, n == 1 ? "" : "s",
		 n == 1 ? "was" : "were");
	if (n > 0)
		tt_view_draw_hud_warning(a->view, hud_text, line);
	if (n != a->resets_told && a->steps >= a->told_at + 60) {
		if (n > a->resets_told)
			printf("taut: step %ld: %s\n", a->steps, line), fflush(stdout);
		a->resets_told = n, a->told_at = a->steps;
	}
}

/* The HUD's lines on live iteration: the last reload and why, the
 * runtime's notes, the values not saved. */
static void live_lines(app *a, char *live, size_t size)
{
	double ms;
	tt_reload_kind kind = tt_runtime_last_reload(a->rt, &ms);
	int unsaved = tt_runtime_tune_unsaved(a->rt);
	if (kind != TT_RELOAD_NONE)
		snprintf(live, size, "\nreload: %s in %.1f ms (%s)",
			 tt_reload_kind_name(kind), ms,
			 tt_runtime_reload_reason(a->rt));
	if (*tt_runtime_notice(a->rt))
		snprintf(live + strlen(live), size - strlen(live), "\n%s",
			 tt_runtime_notice(a->rt));
	if (unsaved)
		snprintf(live + strlen(live), size - strlen(live),
			 "\n%d tuned value%s unsaved (Ctrl+S saves)", unsaved,
			 unsaved == 1 ? "" : "s");
}

static void hud(app *a)
{
	tt_world_id w = tt_runtime_world(a->rt);
	char text[4096], state[64] = "", live[3072] = "";
	if (a->paused)
		snprintf(state, sizeof state, "  PAUSED (space)");
	else if (a->time_scale < 1.0)
		snprintf(state, sizeof state, "  slow x%g", a->time_scale);
	live_lines(a, live, sizeof live);
	char strain[32], energy[32];
	tt_view_format_figure(strain, sizeof strain, 100.0 * tt_world_max_strain(w), 2);
	tt_view_format_figure(energy, sizeof energy, tt_world_energy(w), 1);
	snprintf(text, sizeof text,
		 "%s%s\n"
		 "frame %.2f ms  step %.3f ms\n"
		 "particles %d  springs %d\n"
		 "max strain %s%%  energy %s J\n"
		 "wind fields %d%s\n"
		 "mouse: grab, slash  space: pause  .: step  [ ]: slow  "
		 "R: rebuild  F1: debug  F12: shot",
		 tt_runtime_title(a->rt), state, a->frame_ms, a->step_ms,
		 tt_world_particle_count(w), tt_world_spring_count(w), strain,
		 energy, tt_world_wind_count(w), live);
	tt_view_draw_hud(a->view, text);
	nonfinite_warning(a, text);
}

static void frame_scene(app *a);

/* How far the frame is from the last step to the next: the accumulator's
 * share of a step, or headless --fraction; a paused world shows its step. */
static float fraction(const app *a)
{
	double dt = tt_world_get_def(tt_runtime_world(a->rt)).time_step;
	if (a->opt->headless)
		return (float)a->opt->fraction;
	return a->paused || !(dt > 0.0) ? 1.0f : (float)(a->accumulator / dt);
}

static void draw(app *a)
{
	tt_world_id world = tt_runtime_world(a->rt);
	if (tt_view_is_3d(a->view) != tt_world_get_def(world).is_3d)
		frame_scene(a);  /* a rebuild turned the world 2D or 3D */
	tt_view_begin(a->view);
	int blended = tt_interp_begin(a->interp, world, fraction(a));
	tt_view_draw_world(a->view, world);
	if (!a->hide_wind)
		tt_view_draw_wind(a->view, world);
	tt_runtime_draw(a->rt, a->list);
	tt_view_draw_list(a->view, a->list);
	if (blended)
		tt_interp_end(a->interp, world);
	tt_slash_draw(a->slash, a->view);
	tt_mouse_grab_draw(a->grab, a->view);
	hud(a);
	tt_monitor_draw(a->monitor, a->view);
	int n;
	const tt_panel_item *items = tt_runtime_tune_items(a->rt, &n);
	tt_view_draw_panel(a->view, items, n, a->panel_row);
	if (tt_runtime_error(a->rt))
		tt_view_draw_error(a->view, tt_runtime_error(a->rt));
	tt_view_end(a->view);
}

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

static int run_headless(app *a)
{
	long frames = a->opt->frames < 0 ? tt_record_length(a->record) : a->opt->frames;
	a->scale = tt_view_scale(a->view);
	for (long f = 0; f < frames && !tt_runtime_error(a->rt) && !a->quit; f++) {
		poll_files(a);
		step(a);
	}
	draw(a);
	return a->opt->screenshot ? screenshot(a, a->opt->screenshot) : 0;
}

/* Run the fixed steps real time has asked for since the last frame. */
static void advance(app *a, double elapsed)
{
	double dt = tt_world_get_def(tt_runtime_world(a->rt)).time_step;
	if (a->paused) {
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
static void wait_frame(app *a, double next)
{
	for (double now; (now = tt_view_clock()) < next;) {
		double due = tt_runtime_due(a->rt);
		if (due == 0.0)
			poll_files(a);
		else
			wait_until(now + (due > 0.0 && due < LOOK_EVERY ? due : LOOK_EVERY));
	}
}

static int run_window(app *a)
{
	double last = tt_view_clock();
	for (long f = 0; !a->quit && (a->opt->frames < 0 || f < a->opt->frames); f++) {
		double start = tt_view_clock();
		tt_input in;
		a->scale = tt_view_scale(a->view);
		while (tt_view_poll(a->view, &in))
			if (!tt_record_replaying(a->record) || in.kind == TT_INPUT_QUIT)
				handle(a, &in);
			else if (in.kind == TT_INPUT_KEY_DOWN)
				view_key(a, &in);
		poll_files(a);
		advance(a, start - last);
		last = start;
		draw(a);
		a->frame_ms = 1e3 * (tt_view_clock() - start);
		wait_frame(a, start + 1.0 / 60.0);
	}
	return a->opt->screenshot ? screenshot(a, a->opt->screenshot) : 0;
}

static int open_view(app *a)
{
	tt_view_def def = tt_view_def_default();
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
static void give_sets(app *a)
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
	app *a = ud;
	tt_record_file(a->record, a->steps, path, text, len);
}

/* Open the record, give the sidecar's and --set values, load, open the
 * view: 0, or the exit status to leave with. A replay runs on what the
 * recording holds: no sidecar, no --set. */
static int start(app *a)
{
	char err[1536];
	const tt_app_options *opt = a->opt;
	if (opt->replay && opt->set_count)
		return fprintf(stderr, "taut: --set with --replay: the recording "
			       "holds the values it ran with\n"), 2;
	if (opt->record || opt->replay) {
		a->record = tt_record_open(opt->record, opt->replay, opt->scene,
					   opt->root, err, sizeof err);
		if (!a->record)
			return fprintf(stderr, "taut: %s\n", err), 1;
		tt_runtime_on_file(a->rt, note_file, a);
		tt_record_attach(a->record, a->rt);
	}
	if (!opt->replay)
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
static void end_replay(app *a)
{
	replay(a);  /* what came after the last step */
	if (a->quit || !tt_record_verify(a->record, a->steps, tt_runtime_world(a->rt))) {
		a->quit = 1;
		return;
	}
	printf("taut: the replay reached the recorded state (world hash %016llx "
	       "after %ld steps); Space goes on live\n",
	       (unsigned long long)tt_world_hash(tt_runtime_world(a->rt)), a->steps);
	fflush(stdout);
	tt_runtime_set_replaying(a->rt, 0);
	a->paused = 1;
}

/* 1, or 0 when the replay diverged from its recording. */
static int finish(app *a)
{
	tt_world_id world = tt_runtime_world(a->rt);
	if (tt_record_replaying(a->record) && !a->quit)
		replay(a);
	int ok = tt_record_verify(a->record, a->steps, world) &&
		 tt_record_finish(a->record, a->steps, world);
	if (a->opt->record || a->opt->replay)
		printf("taut: world hash %016llx after %ld steps\n",
		       (unsigned long long)tt_world_hash(world), a->steps);
	if (!a->opt->replay)
		tt_keep_write(a->rt, a->opt->scene);
	return ok;
}

int tt_app_run(const tt_app_options *opt)
{
	app a = {.opt = opt, .time_scale = 1.0, .panel_row = -1, .told_at = -60};
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
		frame_scene(&a);
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
	tt_view_destroy(a.view);
	tt_drawlist_destroy(a.list);
	tt_slash_destroy(a.slash);
	tt_mouse_grab_destroy(a.grab);
	tt_interp_destroy(a.interp);
	tt_monitor_destroy(a.monitor);
	tt_runtime_destroy(a.rt);
	tt_record_close(a.record);
	return status;
}
