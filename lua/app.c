/* The taut program's loop: fixed steps, input, drawing, the HUD.
 *
 * Physics advances in fixed steps of the world's dt, as many as real time
 * asks for (scaled for slow motion, capped so a stall cannot spiral);
 * drawing happens once per frame. Headless runs take exactly --frames
 * steps, so they are deterministic, then draw once for the screenshot.
 * Left drag grabs the nearest particle: a pinned one is moved directly, a
 * free one is pulled by a rod from a pinned cursor particle, so releasing
 * it throws it. Right drag slashes (slash.c).
 *
 * Live iteration: every frame (every step headless) the runtime is asked
 * whether a watched file was saved and reloads it in the kind it needs;
 * the tuning panel takes the pointer when it is over it and sets values
 * through the runtime; inputs go through --record / --replay with the
 * number of the step they came before, so a replay is exact. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>

#include "app.h"
#include "slash.h"
#include "keep.h"
#include "record.h"
#include "runtime.h"

#define GRAB_REACH_PX 24.0f
#define MAX_CATCH_UP 0.25  /* seconds of physics one frame may run */

typedef struct grab {
	int active, pinned;  /* pinned: the target itself follows the mouse */
	tt_particle_id target, cursor;
} grab;

typedef struct app {
	const tt_app_options *opt;
	tt_view *view;
	tt_runtime *rt;
	tt_drawlist *list;
	int quit, paused, single_step, shots;
	int hide_wind;  /* F1 hides the wind arrows */
	double time_scale, accumulator, frame_ms, step_ms;
	tt_vec3 mouse;
	grab grab;
	tt_slash *slash;
	int panel_row;  /* the slider being dragged, or -1 */
	long steps;     /* fixed steps taken: the clock of --record */
	tt_record *record;
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
	tt_particle_id p = tt_world_nearest_particle(world, a->mouse, reach);
	if (p.index1 == 0)
		return;
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
	if (!tt_particle_valid(a->grab.target) ||
	    tt_particle_move_to(mover, a->mouse) != TT_OK)
		grab_release(a);
}

static void handle(app *a, const tt_input *in);

static void step(app *a)
{
	tt_input in;
	while (tt_record_next(a->record, a->steps, &in))
		handle(a, &in);
	a->steps++;
	double t0 = tt_view_clock();
	grab_follow(a);
	tt_slash_before_step(a->slash, a->mouse);
	tt_runtime_step(a->rt);
	tt_slash_after_step(a->slash, tt_runtime_world(a->rt));
	a->step_ms = 1e3 * (tt_view_clock() - t0);
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
	grab_release(a);
	tt_slash_end(a->slash);
	tt_runtime_rebuild(a->rt);
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

/* The panel takes a press on it, and the drag that follows. */
static int panel_input(app *a, const tt_input *in)
{
	int n;
	const tt_panel_item *items = tt_runtime_tune_items(a->rt, &n);
	int row = a->panel_row;
	if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 1)
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

/* F1 swaps the debug layers: wind arrows (shown at start) for contact
 * points and normals (hidden at start). */
static void toggle_debug(app *a)
{
	a->hide_wind = !a->hide_wind;
	tt_view_set_debug(a->view, !tt_view_get_debug(a->view));
}

static void key_down(app *a, const tt_input *in)
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
	else if (strcmp(k, "s") == 0 && in->ctrl)
		save_tuned(a);
	else if (strcmp(k, "r") == 0)
		reload(a);
	else if (strcmp(k, "f1") == 0)
		toggle_debug(a);
	else if (strcmp(k, "f12") == 0) {
		char path[64];
		snprintf(path, sizeof path, "taut-%d.png", ++a->shots);
		screenshot(a, path);
	}
}

static void handle(app *a, const tt_input *in)
{
	a->mouse = in->world;
	if (in->kind == TT_INPUT_QUIT) {
		a->quit = 1;
		return;
	}
	tt_record_input(a->record, a->steps, in);
	if (panel_input(a, in) || tt_runtime_input(a->rt, in) ||
	    tt_slash_input(a->slash, tt_runtime_world(a->rt), in))
		return;
	if (in->kind == TT_INPUT_KEY_DOWN)
		key_down(a, in);
	else if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 1)
		grab_start(a);
	else if (in->kind == TT_INPUT_MOUSE_UP && in->button == 1)
		grab_release(a);
}

static void hud(app *a)
{
	tt_world_id w = tt_runtime_world(a->rt);
	char text[768], state[64] = "", live[160] = "";
	if (a->paused)
		snprintf(state, sizeof state, "  PAUSED (space)");
	else if (a->time_scale < 1.0)
		snprintf(state, sizeof state, "  slow x%g", a->time_scale);
	double ms;
	tt_reload_kind kind = tt_runtime_last_reload(a->rt, &ms);
	int unsaved = tt_runtime_tune_unsaved(a->rt);
	if (kind != TT_RELOAD_NONE)
		snprintf(live, sizeof live, "\nreload: %s in %.1f ms",
			 tt_reload_kind_name(kind), ms);
	if (unsaved)
		snprintf(live + strlen(live), sizeof live - strlen(live),
			 "\n%d tuned value%s unsaved (Ctrl+S saves)", unsaved,
			 unsaved == 1 ? "" : "s");
	snprintf(text, sizeof text,
		 "%s%s\n"
		 "frame %.2f ms  step %.3f ms\n"
		 "particles %d  springs %d\n"
		 "max strain %.2f%%  energy %.1f J\n"
		 "wind fields %d%s\n"
		 "mouse: grab, slash  space: pause  .: step  [ ]: slow  "
		 "R: rebuild  F1: debug  F12: shot",
		 tt_runtime_title(a->rt), state, a->frame_ms, a->step_ms,
		 tt_world_particle_count(w), tt_world_spring_count(w),
		 100.0f * tt_world_max_strain(w), tt_world_energy(w),
		 tt_world_wind_count(w), live);
	tt_view_draw_hud(a->view, text);
}

static void draw(app *a)
{
	tt_view_begin(a->view);
	tt_view_draw_world(a->view, tt_runtime_world(a->rt));
	if (!a->hide_wind)
		tt_view_draw_wind(a->view, tt_runtime_world(a->rt));
	tt_runtime_draw(a->rt, a->list);
	tt_view_draw_list(a->view, a->list);
	tt_slash_draw(a->slash, a->view);
	hud(a);
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
	if (tt_runtime_view(a->rt, &lo, &hi))
		tt_view_fit(a->view, lo, hi);
	else
		tt_view_fit_world(a->view, tt_runtime_world(a->rt));
}

static int run_headless(app *a)
{
	for (long f = 0; f < a->opt->frames && !tt_runtime_error(a->rt); f++) {
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
		last = start;
		draw(a);
		a->frame_ms = 1e3 * (tt_view_clock() - start);
		wait_until(start + 1.0 / 60.0);
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
	if (opt->record || opt->replay) {
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
	if (a.rt)
		tt_runtime_set_safe(a.rt, opt->safe);
	a.list = tt_drawlist_create();
	a.slash = tt_slash_create();
	int status = a.rt && a.list && a.slash ? start(&a) : 1;
	if (status == 0) {
		frame_scene(&a);
		status = opt->headless ? run_headless(&a) : run_window(&a);
		finish(&a);
	}
	if (a.rt && tt_runtime_error(a.rt)) {
		fprintf(stderr, "taut: %s\n", tt_runtime_error(a.rt));
		status = 1;
	}
	tt_view_destroy(a.view);
	tt_drawlist_destroy(a.list);
	tt_slash_destroy(a.slash);
	tt_runtime_destroy(a.rt);
	tt_record_close(a.record);
	return status;
}
