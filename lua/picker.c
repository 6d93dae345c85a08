/* The scene browser: `taut` with no scene, or with a folder, lists the
 * folder's scenes (*.lua, experiments left out) as cards with their title
 * and a thumbnail (thumbs.c, made on first use, one per frame so the
 * window comes up at once). Arrows or the pointer choose, Enter or a click
 * opens the scene in the same window, Backspace in the scene comes back,
 * Esc quits.
 *
 * Headless, it prints the list, and with --replay it is driven like a
 * window: a session's recording holds the picker's inputs, numbered by
 * its frames, and each chosen scene's own recording nested whole where it
 * opened (record.c), in one file, so a recorded session of choosing and
 * playing replays exactly. Without a choice it draws the picker once for
 * --screenshot. */
#define _DEFAULT_SOURCE  /* opendir */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "picker.h"
#include "runtime.h"
#include "thumbs.h"

#define MAX_SCENES 256

typedef struct entry {
	char path[1024], file[256], title[128];
	tt_texture *thumb;
	int tried;  /* the thumbnail was looked for */
} entry;

typedef struct picker {
	const tt_app_options *opt;
	const char *folder;
	entry *items;
	int count, chosen, open, quit, status;
	long frame;  /* the clock of the picker's recorded inputs */
	tt_view *view;
	tt_record *record;
} picker;

static const tt_color background = {24, 26, 32, 255};
static const tt_color card = {36, 39, 47, 255};
static const tt_color card_on = {70, 120, 200, 255};
static const tt_color title_color = {240, 242, 246, 255};
static const tt_color dim = {150, 156, 168, 255};

static int by_file(const void *a, const void *b)
{
	return strcmp(((const entry *)a)->file, ((const entry *)b)->file);
}

/* A scene, not an experiment (which runs headless into a CSV). */
static int is_scene(const char *path)
{
	FILE *f = fopen(path, "rb");
	char text[8192];
	size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
	if (f)
		fclose(f);
	text[n] = '\0';
	return f && !strstr(text, "experiment.new");
}

/* The title the scene gives itself, by loading it. */
static void read_title(entry *e, const char *root)
{
	tt_runtime *rt = tt_runtime_create(e->path, root);
	int loaded = rt && tt_runtime_load(rt);
	snprintf(e->title, sizeof e->title, "%s",
		 loaded ? tt_runtime_title(rt) : "(does not load)");
	tt_runtime_destroy(rt);
}

static int list(picker *p)
{
	DIR *d = opendir(p->folder);
	p->items = calloc(MAX_SCENES, sizeof *p->items);
	for (struct dirent *e; d && p->items && (e = readdir(d)) &&
	     p->count < MAX_SCENES;) {
		size_t n = strlen(e->d_name);
		entry *it = &p->items[p->count];
		if (n < 5 || strcmp(e->d_name + n - 4, ".lua") != 0)
			continue;
		snprintf(it->file, sizeof it->file, "%s", e->d_name);
		snprintf(it->path, sizeof it->path, "%s/%s", p->folder, e->d_name);
		p->count += is_scene(it->path);
	}
	if (d)
		closedir(d);
	if (!p->items)
		return 0;
	qsort(p->items, (size_t)p->count, sizeof *p->items, by_file);
	for (int i = 0; i < p->count; i++)
		read_title(&p->items[i], p->opt->root);
	return 1;
}

/* One thumbnail not tried yet, made (or read from the cache). */
static void load_thumb(picker *p)
{
	for (int i = 0; i < p->count; i++) {
		entry *e = &p->items[i];
		char path[1200], err[256];
		if (e->tried)
			continue;
		e->tried = 1;
		if (tt_thumb(e->path, p->opt->root, path, sizeof path))
			e->thumb = tt_texture_load(path, err, sizeof err);
		return;
	}
}

/* Card geometry: u pixels per font unit, card size, gap, where the first
 * row starts, cards across. */
typedef struct grid {
	float u, w, h, gap, top;
	int cols;
} grid;

static grid layout(const picker *p)
{
	int width;
	tt_view_size(p->view, &width, NULL);
	grid g;
	g.u = (float)tt_view_text_scale(p->view);
	g.w = 160.0f * g.u, g.h = 90.0f * g.u + 30.0f * g.u, g.gap = 10.0f * g.u;
	g.top = 40.0f * g.u;
	g.cols = (int)(((float)width - g.gap) / (g.w + g.gap));
	g.cols = g.cols < 1 ? 1 : g.cols;
	return g;
}

/* The first row drawn, so the chosen card is on screen. */
static int first_row(const picker *p, grid g)
{
	int height;
	tt_view_size(p->view, NULL, &height);
	int rows = (int)(((float)height - g.top) / (g.h + g.gap));
	int row = p->chosen / g.cols;
	return rows > 0 && row >= rows ? row - rows + 1 : 0;
}

/* Card i is drawn: not in a row scrolled away above the first (it would
 * go over the header). */
static int card_shown(const picker *p, grid g, int i)
{
	return i / g.cols >= first_row(p, g);
}

static void card_corner(const picker *p, grid g, int i, float *x, float *y)
{
	int row = i / g.cols - first_row(p, g);
	*x = g.gap + (float)(i % g.cols) * (g.w + g.gap);
	*y = g.top + (float)row * (g.h + g.gap);
}

/* The title cut to fit width pixels ("..." where it was cut): a long one
 * would run over the next card. */
static void fit_title(const char *title, int scale, float width, char *out,
		      size_t size)
{
	float w, h;
	size_t n = strlen(title);
	snprintf(out, size, "%s", title);
	for (;;) {
		tt_view_canvas_text_size(out, scale, &w, &h);
		if (w <= width || n == 0)
			return;
		snprintf(out, size, "%.*s...", (int)--n, title);
	}
}

static void draw_card(picker *p, grid g, int i)
{
	char title[sizeof p->items[i].title + 4];
	float x, y, tw = g.w - 8.0f * g.u, th = tw * 9.0f / 16.0f;
	const entry *e = &p->items[i];
	card_corner(p, g, i, &x, &y);
	tt_view_canvas_rect(p->view, x, y, g.w, g.h,
			    i == p->chosen ? card_on : card);
	if (e->thumb)
		tt_view_canvas_image(p->view, e->thumb, x + 4.0f * g.u,
				     y + 4.0f * g.u, tw, th);
	else
		tt_view_canvas_text(p->view, x + 8.0f * g.u, y + 40.0f * g.u,
				    e->tried ? "(no picture)" : "drawing...",
				    (int)g.u, dim);
	fit_title(e->title, (int)g.u, g.w - 8.0f * g.u, title, sizeof title);
	tt_view_canvas_text(p->view, x + 4.0f * g.u, y + th + 8.0f * g.u,
			    title, (int)g.u, title_color);
	tt_view_canvas_text(p->view, x + 4.0f * g.u, y + th + 19.0f * g.u,
			    e->file, (int)g.u, dim);
}

static void draw(picker *p)
{
	char head[1400];
	grid g = layout(p);
	tt_view_begin(p->view);
	tt_view_canvas_rect(p->view, 0, 0, 1e5f, 1e5f, background);
	snprintf(head, sizeof head, "taut: %d scene%s in %s\n"
		 "arrows or the mouse choose, Enter or a click opens, "
		 "Backspace in a scene comes back, Esc quits",
		 p->count, p->count == 1 ? "" : "s", p->folder);
	tt_view_canvas_text(p->view, g.gap, 8.0f * g.u, head, (int)g.u,
			    title_color);
	for (int i = 0; i < p->count; i++)
		if (card_shown(p, g, i))
			draw_card(p, g, i);
	tt_view_end(p->view);
}

/* The card under the pointer, or -1. */
static int card_at(const picker *p, float sx, float sy)
{
	grid g = layout(p);
	for (int i = 0; i < p->count; i++) {
		float x, y;
		card_corner(p, g, i, &x, &y);
		if (card_shown(p, g, i) && sx >= x && sx < x + g.w && sy >= y &&
		    sy < y + g.h)
			return i;
	}
	return -1;
}

static void key(picker *p, const char *k)
{
	int cols = layout(p).cols, to = p->chosen;
	if (strcmp(k, "escape") == 0)
		p->quit = 1;
	else if (strcmp(k, "return") == 0 || strcmp(k, "kpenter") == 0)
		p->open = p->count > 0;
	to += strcmp(k, "right") == 0 ? 1 : strcmp(k, "left") == 0 ? -1 : 0;
	to += strcmp(k, "down") == 0 ? cols : strcmp(k, "up") == 0 ? -cols : 0;
	if (to >= 0 && to < p->count)
		p->chosen = to;
}

static void handle(picker *p, const tt_input *in)
{
	int at = card_at(p, in->sx, in->sy);
	tt_record_input(p->record, p->frame, in, 1.0f);
	if (in->kind == TT_INPUT_QUIT)
		p->quit = 1;
	else if (in->kind == TT_INPUT_KEY_DOWN)
		key(p, in->key);
	else if (in->kind == TT_INPUT_MOUSE_MOVE && at >= 0)
		p->chosen = at;
	else if (in->kind == TT_INPUT_MOUSE_DOWN && in->button == 1 && at >= 0)
		p->chosen = at, p->open = 1;
}

/* This frame's inputs: replayed ones, else the window's. Both stop at a
 * choice: what follows it is the scene's (its recording, the window's
 * queue). At the session's last frame the replay is over. */
static void inputs(picker *p)
{
	tt_entry e;
	tt_input in;
	while (!p->open && !p->quit && tt_record_next(p->record, p->frame, &e))
		if (e.kind == TT_ENTRY_INPUT)
			handle(p, &e.input);
	while (!p->open && !p->quit && tt_view_poll(p->view, &in))
		if (!tt_record_replaying(p->record) || in.kind == TT_INPUT_QUIT)
			handle(p, &in);
	if (!tt_record_verify(p->record, p->frame, (tt_world_id){0})) {
		fprintf(stderr, "taut: %s\n", tt_record_error(p->record));
		p->status = 1, p->quit = 1;
	}
	p->frame++;
}

/* Run the chosen scene in the picker's view; 1 to come back. */
static int open_chosen(picker *p)
{
	tt_app_options o = *p->opt;
	o.scene = p->items[p->chosen].path;
	o.view = p->view;
	o.input = p->record;
	o.from_picker = 1;
	printf("taut: open %s\n", o.scene);
	fflush(stdout);
	p->open = 0;
	p->status = tt_app_run(&o);
	if (p->status != TT_APP_BACK)
		return 0;
	tt_view_set_title(p->view, "taut: scenes");
	tt_view_set_3d(p->view, 0);
	p->status = 0;
	return 1;
}

static void say_list(const picker *p)
{
	printf("taut: %d scene%s in %s\n", p->count, p->count == 1 ? "" : "s",
	       p->folder);
	for (int i = 0; i < p->count; i++)
		printf("  %-20s %s\n", p->items[i].file, p->items[i].title);
	fflush(stdout);
}

static void run(picker *p)
{
	int headless = p->opt->headless;
	if (headless) {
		while (p->items && p->count && !p->items[p->count - 1].tried)
			load_thumb(p);
		say_list(p);
	}
	while (!p->quit) {
		inputs(p);
		if (p->open && !open_chosen(p))
			return;
		if (headless && !tt_record_replaying(p->record))
			break;
		if (!headless) {
			load_thumb(p);
			draw(p);
		}
	}
	draw(p);
	if (p->opt->screenshot) {
		char err[512];
		if (tt_view_screenshot(p->view, p->opt->screenshot, err, sizeof err))
			fprintf(stderr, "taut: %s\n", err), p->status = 1;
	}
}

static int open_view(picker *p)
{
	char err[512];
	tt_view_def def = tt_view_def_default();
	const tt_app_options *o = p->opt;
	if (o->record || o->replay) {
		p->record = tt_record_open_session(o->record, o->replay,
						   p->folder, o->root, err,
						   sizeof err);
		if (!p->record)
			return fprintf(stderr, "taut: %s\n", err), 0;
	}
	def.headless = o->headless;
	def.width = o->width > 0 ? o->width : def.width;
	def.height = o->height > 0 ? o->height : def.height;
	def.title = "taut: scenes";
	p->view = tt_view_create(&def, err, sizeof err);
	if (!p->view)
		fprintf(stderr, "taut: %s\n", err);
	return p->view != NULL;
}

int tt_picker_run(const tt_app_options *opt, const char *folder)
{
	picker p = {.opt = opt, .folder = folder};
	if (!list(&p))
		return fprintf(stderr, "taut: out of memory\n"), 1;
	if (open_view(&p))
		run(&p);
	else
		p.status = 1;
	for (int i = 0; i < p.count; i++)
		tt_texture_destroy(p.items[i].thumb);
	free(p.items);
	tt_view_destroy(p.view);
	tt_record_finish(p.record, p.frame, (tt_world_id){0});
	tt_record_close(p.record);
	return p.status;
}
