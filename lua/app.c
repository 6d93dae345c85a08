/* The taut program's loop: fixed steps, input, drawing, the HUD.
 *
 * Physics advances in fixed steps of the world's dt, as many as real time
 * asks for (scaled for slow motion, capped so a stall cannot spiral);
 * drawing happens once per frame. Headless runs take exactly --frames
 * steps, so they are deterministic, then draw once for the screenshot.
 * Left drag grabs the nearest particle: a pinned one is moved directly, a
 * free one is pulled by a rod from a pinned cursor particle, so releasing
 * it throws it. Right drag slashes: a cutter follows the mouse and cuts
 * what it sweeps each step, leaving a blade trail; cut points flash. */
#include <stdio.h>
#include <string.h>
#include <threads.h>
#include <time.h>

#include "app.h"
#include "runtime.h"

#define GRAB_REACH_PX 24.0f
#define MAX_CATCH_UP 0.25  /* seconds of physics one frame may run */

typedef struct grab {
	int active, pinned;  /* pinned: the target itself follows the mouse */
	tt_particle_id target, cursor;
} grab;

typedef struct slash {
	int active, ending;  /* ending: released, sweeps one last step */
	tt_cutter_id cutter;
	tt_blade *blade;  /* the trail and the flashes, drawn by the view */
} slash;

typedef struct app {
	const tt_app_options *opt;
	tt_view *view;
	tt_runtime *rt;
	tt_drawlist *list;
	int quit, paused, single_step, shots;
	double time_scale, accumulator, frame_ms, step_ms;
	tt_vec3 mouse;
	grab grab;
	slash slash;
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

/* ---- right drag: slash --------------------------------------------- */

static void slash_end(app *a)
{
	if (a->slash.active)
		tt_cutter_destroy(a->slash.cutter);
	a->slash.active = a->slash.ending = 0;
}

static void slash_start(app *a)
{
	tt_world_id world = tt_runtime_world(a->rt);
	slash_end(a);
	a->slash.active = tt_cutter_create(world, a->mouse, &a->slash.cutter) == TT_OK;
	tt_blade_trail(a->slash.blade, a->mouse, 1);
}

static void slash_input(app *a, const tt_input *in)
{
	if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 3)
		slash_start(a);
	else if (in->kind == TT_INPUT_MOUSE_UP && in->button == 3)
		a->slash.ending = 1;  /* the next step sweeps to the release point */
	else if (in->kind == TT_INPUT_MOUSE_MOVE && a->slash.active &&
		 !a->slash.ending)
		tt_blade_trail(a->slash.blade, a->mouse, 0);
}

/* Before each step the blade goes to the mouse; after it, cuts flash and
 * a released blade goes. */
static void slash_step(app *a, int after)
{
	if (after && a->slash.ending)
		slash_end(a);
	if (after)
		tt_blade_flash_cuts(a->slash.blade, tt_runtime_world(a->rt));
	else if (a->slash.active &&
		 tt_cutter_move(a->slash.cutter, a->mouse) != TT_OK)
		a->slash.active = 0;  /* the world was rebuilt */
}

static void step(app *a)
{
	double t0 = tt_view_clock();
	grab_follow(a);
	slash_step(a, 0);
	tt_runtime_step(a->rt);
	slash_step(a, 1);
	a->step_ms = 1e3 * (tt_view_clock() - t0);
}

static void screenshot(app *a, const char *path)
{
	char err[512];
	if (tt_view_screenshot(a->view, path, err, sizeof err) != 0)
		fprintf(stderr, "taut: %s\n", err);
	else
		printf("taut: saved %s\n", path);
}

static void reload(app *a)
{
	grab_release(a);
	slash_end(a);
	tt_runtime_load(a->rt);
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
	else if (strcmp(k, "r") == 0)
		reload(a);
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
	if (tt_runtime_input(a->rt, in))
		return;
	if (in->kind == TT_INPUT_KEY_DOWN)
		key_down(a, in);
	else if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 1)
		grab_start(a);
	else if (in->kind == TT_INPUT_MOUSE_UP && in->button == 1)
		grab_release(a);
	else
		slash_input(a, in);
}

static void hud(app *a)
{
	tt_world_id w = tt_runtime_world(a->rt);
	char text[512], state[64] = "";
	if (a->paused)
		snprintf(state, sizeof state, "  PAUSED (space)");
	else if (a->time_scale < 1.0)
		snprintf(state, sizeof state, "  slow x%g", a->time_scale);
	snprintf(text, sizeof text,
		 "%s%s\n"
		 "frame %.2f ms  step %.3f ms\n"
		 "particles %d  springs %d\n"
		 "max strain %.2f%%  energy %.1f J\n"
		 "drag: grab  right drag: slash  space: pause  .: step  [ ]: slow  R: rebuild  "
		 "F12: screenshot",
		 tt_runtime_title(a->rt), state, a->frame_ms, a->step_ms,
		 tt_world_particle_count(w), tt_world_spring_count(w),
		 100.0f * tt_world_max_strain(w), tt_world_energy(w));
	tt_view_draw_hud(a->view, text);
}

static void draw(app *a)
{
	tt_view_begin(a->view);
	tt_view_draw_world(a->view, tt_runtime_world(a->rt));
	tt_runtime_draw(a->rt, a->list);
	tt_view_draw_list(a->view, a->list);
	tt_view_draw_blade(a->view, a->slash.blade);
	hud(a);
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
	for (long f = 0; f < a->opt->frames && !tt_runtime_error(a->rt); f++)
		step(a);
	draw(a);
	if (a->opt->screenshot)
		screenshot(a, a->opt->screenshot);
	return 0;
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
			handle(a, &in);
		advance(a, start - last);
		last = start;
		draw(a);
		a->frame_ms = 1e3 * (tt_view_clock() - start);
		wait_until(start + 1.0 / 60.0);
	}
	if (a->opt->screenshot)
		screenshot(a, a->opt->screenshot);
	return 0;
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
		fprintf(stderr, "taut: cannot open the view: %s\n", err);
	return a->view != NULL;
}

int tt_app_run(const tt_app_options *opt)
{
	app a = {.opt = opt, .time_scale = 1.0};
	a.rt = tt_runtime_create(opt->scene, opt->root);
	a.list = tt_drawlist_create();
	a.slash.blade = tt_blade_create();
	int status = 1;
	int loaded = a.rt && a.list && a.slash.blade && tt_runtime_load(a.rt);
	if ((loaded || !opt->headless) && open_view(&a)) {
		frame_scene(&a);
		status = opt->headless ? run_headless(&a) : run_window(&a);
	}
	if (a.rt && tt_runtime_error(a.rt)) {
		fprintf(stderr, "taut: %s\n", tt_runtime_error(a.rt));
		status = 1;
	}
	tt_view_destroy(a.view);
	tt_drawlist_destroy(a.list);
	tt_blade_destroy(a.slash.blade);
	tt_runtime_destroy(a.rt);
	return status;
}
