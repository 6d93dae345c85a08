/* --record FILE / --replay FILE: everything that changes a run, each with
 * the number of steps taken before it, so a replay reaches the recorded
 * state bit for bit (the world is deterministic) at any window size,
 * headless or not, whatever the files look like now:
 *
 *   taut recording 2
 *   scene examples/rope.lua          the scene, as it was named
 *   root /path/to/taut               where its scripts/ were
 *   file 0 examples/rope.lua 1234    a project file's text (1234 bytes
 *   <1234 bytes>                     follow, then a newline); "-": gone
 *   tune gravity 0x1.5p+4            a value in force at the start
 *   input 5 3 1 0 0 0x0p+0 0x0p+0 0x1.4p+9 0x1.4p+7 0x1.0aap+6 -
 *                                    step kind button ctrl shift, the
 *                                    pointer in view units (2D: metres;
 *                                    3D: tt_view_point) and in pixels,
 *                                    the view's pixels per unit, key
 *   camera 5 0x0p+0 0x1.8p+0 0x0p+0 0x1.ccp-2 0x1.66p-2 0x1.4p+3 0x1.bep-1
 *                                    3D: the camera's pose from now on
 *                                    (target x y z, yaw, pitch,
 *                                    distance, fov), each time it moved
 *   panel 40 gravity 0x1.5p+4 0x1p+1 0x1p+0
 *                                    a slider set: name value x y
 *   reload 52 tune                   a save applied, of this kind
 *   hash 60 8f3c...                  the world's hash after 60 steps
 *   end 147 1e5b92af7db90b57         the steps run, the final hash
 *
 * Numbers are hexadecimal floats, so they read back exactly. Panel input
 * is held as the value it set, not as pixels, the pointer in view units
 * and the grab's reach as the pixels per unit it was measured at, and in
 * 3D the camera's pose whenever it changed (whatever moved it: an orbit,
 * a pan, the wheel, Home, a reframing), so a replay at any window size
 * casts the recorded rays from the recorded camera and draws what the
 * session showed. Format 1 held a 3D pointer in pixels and no camera: it
 * replays as it did, at its recorded size only (the size line). The
 * first text of each file is the one the run started from; the others
 * come with the saves. A recording is checked whole before a replay
 * starts: anything that is not one is an error naming the file and line.
 *
 * A session of the scene picker (tt_record_open_session) has "picker
 * <folder>" for its scene line, the picker's inputs numbered by its frames
 * (a scale of 1), and each scene opened from it as a whole recording like
 * the one above, nested where it opened; its end line counts frames:
 *
 *   taut recording 2
 *   picker examples
 *   root /path/to/taut
 *   input 2 1 0 0 0 0x0p+0 0x0p+0 0x0p+0 0x0p+0 0x1p+0 return
 *   taut recording 2                 rope.lua's, up to its end line
 *   ...
 *   end 300 1e5b92af7db90b57
 *   input 3 1 0 0 0 ...              back in the picker, Backspace
 *   end 9 cbf29ce484222325 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

#define FORMAT 2
#define FIRST_FORMAT 1  /* the oldest this taut replays */
#define CAMERA_FORMAT 2  /* the first to hold the camera */
#define MAX_BYTES ((size_t)64 << 20)  /* a long session holds a few MiB */
#define MAX_TEXT ((size_t)16 << 20)
#define HASH_EVERY 60
#define MAX_FILES 64

struct tt_record {
	FILE *out;
	char path[1024];             /* the replayed recording */
	char *data;                  /* its bytes */
	size_t size, at;             /* ... and where the next entry starts */
	int line;                    /* the line of data + at */
	long length;                 /* end step; -1 when not replaying */
	int width, height, size_line;  /* the window it was recorded in */
	unsigned long long end_hash;
	int has_end_hash, end_line;
	char scene[1024], root[1024];    /* as recorded */
	char here_scene[1024], here_root[1024];
	char error[1536];
	int session;   /* the picker's: scenes' recordings nested in it */
	int borrowed;  /* a nested one: out and data are the session's */
	int format;    /* the replayed recording's */
	tt_view_pose pose;  /* the camera last written */
	int posed;
};

/* ---- writing ---------------------------------------------------------- */

/* text with spaces, '%' and control bytes as %XX, so a field is a word. */
static void escape(const char *text, char *out, size_t size)
{
	size_t n = 0;
	for (const unsigned char *p = (const void *)text; *p && n + 4 < size; p++)
		n += *p > ' ' && *p != '%' && *p < 127
			? (size_t)snprintf(out + n, size - n, "%c", *p)
			: (size_t)snprintf(out + n, size - n, "%%%02X", *p);
	out[n] = '\0';
	if (n == 0)
		snprintf(out, size, "-");
}

static void put(tt_record *r, const char *fmt, ...)
{
	if (!r || !r->out)
		return;
	va_list ap;
	va_start(ap, fmt);
	vfprintf(r->out, fmt, ap);
	va_end(ap);
}

void tt_record_input(tt_record *r, long step, const tt_input *in, float scale)
{
	char key[100];
	escape(in->key, key, sizeof key);
	put(r, "input %ld %d %d %d %d %a %a %a %a %a %s\n", step, (int)in->kind,
	    in->button, in->ctrl, in->shift, (double)in->world.x,
	    (double)in->world.y, (double)in->sx, (double)in->sy, (double)scale,
	    key);
}

void tt_record_panel(tt_record *r, long step, const char *name, double value,
		     tt_vec3 pointer)
{
	char word[200];
	escape(name, word, sizeof word);
	put(r, "panel %ld %s %a %a %a\n", step, word, value, (double)pointer.x,
	    (double)pointer.y);
}

void tt_record_camera(tt_record *r, long step, const tt_view_pose *pose)
{
	if (!r || !r->out || (r->posed && !memcmp(&r->pose, pose, sizeof *pose)))
		return;
	r->pose = *pose;
	r->posed = 1;
	put(r, "camera %ld %a %a %a %a %a %a %a\n", step, (double)pose->target.x,
	    (double)pose->target.y, (double)pose->target.z, (double)pose->yaw,
	    (double)pose->pitch, (double)pose->distance, (double)pose->fov);
}

void tt_record_file(tt_record *r, long step, const char *path,
		    const char *text, size_t len)
{
	char word[3100];
	if (!r || !r->out)
		return;
	escape(path, word, sizeof word);
	if (!text) {
		put(r, "file %ld %s -\n", step, word);
		return;
	}
	put(r, "file %ld %s %zu\n", step, word, len);
	fwrite(text, 1, len, r->out);
	put(r, "\n");
}

void tt_record_reload(tt_record *r, long step, tt_reload_kind kind)
{
	put(r, "reload %ld %s\n", step, tt_reload_kind_name(kind));
}

void tt_record_hash(tt_record *r, long step, tt_world_id world)
{
	if (step % HASH_EVERY == 0)
		put(r, "hash %ld %016llx\n", step,
		    (unsigned long long)tt_world_hash(world));
}

void tt_record_start(tt_record *r, tt_runtime *rt, int width, int height)
{
	char name[64], value[64], from[64], word[200];
	int unsaved;
	put(r, "size %d %d\n", width, height);
	for (int i = 0; tt_runtime_tune_override(rt, i, 1, name, value, from,
						 &unsaved); i++) {
		escape(name, word, sizeof word);
		put(r, "tune %s %s\n", word, value);
	}
}

/* ---- reading ----------------------------------------------------------- */

static int fail(tt_record *r, int line, const char *fmt, ...)
{
	int n = snprintf(r->error, sizeof r->error, "%s:%d: ", r->path, line);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->error + n, sizeof r->error - (size_t)n, fmt, ap);
	va_end(ap);
	return 0;
}

/* A word of escape()d text back into out; 0 when it is not one. */
static int unescape(const char *word, char *out, size_t size)
{
	size_t n = 0;
	if (strcmp(word, "-") == 0)
		word = "";
	for (const char *p = word; *p; p++) {
		unsigned code;
		if (n + 1 >= size)
			return 0;
		if (*p == '%' && sscanf(p + 1, "%2x", &code) == 1 && p[1] && p[2])
			out[n++] = (char)code, p += 2;
		else if (*p == '%')
			return 0;
		else
			out[n++] = *p;
	}
	out[n] = '\0';
	return 1;
}

/* The line at r->at into buf (NUL-terminated, at most size - 1 bytes);
 * 0 at the end of the data. A line too long or holding a NUL, or a last
 * line without its newline, is an error. */
static int next_line(tt_record *r, char *buf, size_t size, int *ok)
{
	*ok = 1;
	if (r->at >= r->size)
		return 0;
	const char *start = r->data + r->at;
	const char *nl = memchr(start, '\n', r->size - r->at);
	size_t len = nl ? (size_t)(nl - start) : r->size - r->at;
	r->line++;
	if (!nl)
		*ok = fail(r, r->line, "the last line is cut short (truncated?)");
	else if (len >= size || memchr(start, '\0', len))
		*ok = fail(r, r->line, "not a recording entry (%s)",
			   len >= size ? "a line too long" : "binary data");
	memcpy(buf, start, len < size ? len : 0);
	buf[len < size ? len : 0] = '\0';
	r->at += len + 1;
	return 1;
}

/* What follows "file step path len": the text, then a newline. */
static int file_text(tt_record *r, tt_entry *e, const char *size_word)
{
	char *end;
	unsigned long long n = strtoull(size_word, &end, 10);
	if (strcmp(size_word, "-") == 0)
		return e->text = NULL, e->len = 0, 1;
	if (*end || !*size_word || size_word[0] == '-')
		return fail(r, e->line, "bad file entry: '%s' is not a byte count",
			    size_word);
	if (n > MAX_TEXT)
		return fail(r, e->line, "a file text of %llu bytes: more than a "
			    "scene can hold (%zu MiB)", n, MAX_TEXT >> 20);
	if (n + 1 > r->size - r->at)
		return fail(r, e->line, "truncated: the text of %s needs %llu "
			    "bytes, %zu are left", e->path, n,
			    r->size - r->at > 0 ? r->size - r->at - 1 : 0);
	e->text = r->data + r->at;
	e->len = (size_t)n;
	if (r->data[r->at + n] != '\n')
		return fail(r, e->line, "the text of %s does not end where its "
			    "entry says", e->path);
	for (size_t i = 0; i < n + 1; i++)
		r->line += r->data[r->at + i] == '\n';
	r->at += n + 1;
	return 1;
}

static int reload_kind(const char *word, tt_reload_kind *out)
{
	for (int k = TT_RELOAD_SAME; k <= TT_RELOAD_ERROR; k++)
		if (strcmp(word, tt_reload_kind_name(k)) == 0)
			return *out = k, 1;
	return 0;
}

/* The fields after "input step" (at line); 0 when they are not. */
static int input_entry(tt_record *r, const char *line, tt_entry *e)
{
	char key[200];
	int n = 0, k = 0;
	double wx, wy;
	e->kind = TT_ENTRY_INPUT;
	sscanf(line, " %d %d %d %d %la %la %a %a %a %199s%n", &k, &e->input.button,
	       &e->input.ctrl, &e->input.shift, &wx, &wy, &e->input.sx,
	       &e->input.sy, &e->scale, key, &n);
	e->input.kind = (tt_input_kind)k;
	e->input.world = (tt_vec3){(float)wx, (float)wy, 0.0f};
	if (!n || line[n] || k < TT_INPUT_KEY_DOWN || k > TT_INPUT_MOUSE_MOVE ||
	    !unescape(key, e->input.key, sizeof e->input.key))
		return fail(r, e->line, "bad input entry (expected: input step kind "
			    "button ctrl shift x y sx sy scale key)");
	return 1;
}

static int panel_entry(tt_record *r, const char *line, tt_entry *e)
{
	char name[200];
	int n = 0;
	double wx, wy;
	e->kind = TT_ENTRY_PANEL;
	sscanf(line, " %199s %la %la %la%n", name, &e->value, &wx, &wy, &n);
	e->input.world = (tt_vec3){(float)wx, (float)wy, 0.0f};
	if (!n || line[n] || !unescape(name, e->name, sizeof e->name))
		return fail(r, e->line, "bad panel entry (expected: panel step name "
			    "value x y)");
	return 1;
}

static int file_entry(tt_record *r, const char *line, tt_entry *e)
{
	char path[3100], size[200];
	int n = 0;
	e->kind = TT_ENTRY_FILE;
	sscanf(line, " %3099s %199s%n", path, size, &n);
	if (!n || line[n] || !unescape(path, e->path, sizeof e->path))
		return fail(r, e->line, "bad file entry (expected: file step path "
			    "bytes)");
	return file_text(r, e, size);
}

static int reload_entry(tt_record *r, const char *line, tt_entry *e)
{
	char kind[200];
	int n = 0;
	e->kind = TT_ENTRY_RELOAD;
	sscanf(line, " %199s%n", kind, &n);
	if (!n || line[n] || !reload_kind(kind, &e->reload))
		return fail(r, e->line, "bad reload entry (expected: reload step "
			    "kind)");
	return 1;
}

static int camera_entry(tt_record *r, const char *line, tt_entry *e)
{
	int n = 0;
	tt_view_pose *p = &e->pose;
	e->kind = TT_ENTRY_CAMERA;
	sscanf(line, " %a %a %a %a %a %a %a%n", &p->target.x, &p->target.y,
	       &p->target.z, &p->yaw, &p->pitch, &p->distance, &p->fov, &n);
	if (!n || line[n] || r->format < CAMERA_FORMAT)
		return fail(r, e->line, r->format < CAMERA_FORMAT
			    ? "a camera entry in a recording of format %d (the "
			      "camera is held from format %d on)"
			    : "bad camera entry (expected: camera step x y z yaw "
			      "pitch distance fov)", r->format, CAMERA_FORMAT);
	return 1;
}

static int hash_entry(tt_record *r, const char *line, tt_entry *e)
{
	int n = 0;
	e->kind = TT_ENTRY_HASH;
	sscanf(line, " %llx%n", &e->hash, &n);
	if (!n || line[n])
		return fail(r, e->line, "bad hash entry (expected: hash step hex)");
	return 1;
}

/* One stepped entry from line (its first word is its kind); 0 when bad. */
static int parse_entry(tt_record *r, const char *line, tt_entry *e)
{
	static const struct {
		const char *word;
		int (*parse)(tt_record *, const char *, tt_entry *);
	} kinds[] = {
		{"input", input_entry},	  {"panel", panel_entry},
		{"file", file_entry},	  {"reload", reload_entry},
		{"hash", hash_entry},	  {"camera", camera_entry},
	};
	char word[16];
	int n = 0;
	memset(e, 0, sizeof *e);
	e->line = r->line;
	if (sscanf(line, "%15s %ld%n", word, &e->step, &n) == 2 && e->step >= 0)
		for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
			if (strcmp(word, kinds[i].word) == 0)
				return kinds[i].parse(r, line + n, e);
	return fail(r, e->line, "not a recording entry: '%.40s'", line);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The header: format, scene (or the picker's folder), root. */
static int header(tt_record *r)
{
	char line[3200], word[3100];
	int ok, format = 0;
	if (!next_line(r, line, sizeof line, &ok) || !ok ||
	    sscanf(line, "taut recording %d", &format) != 1)
		return ok ? fail(r, 1, "not a taut recording (the first line "
				 "should be 'taut recording %d')", FORMAT)
			  : 0;
	if (format < FIRST_FORMAT || format > FORMAT)
		return fail(r, 1, "a recording of format %d; this taut reads "
			    "formats %d to %d", format, FIRST_FORMAT, FORMAT);
	r->format = format;
	const char *kind = r->session ? "picker" : "scene";
	if (!next_line(r, line, sizeof line, &ok) || !ok ||
	    sscanf(line, r->session ? "picker %3099s" : "scene %3099s", word) != 1 ||
	    !unescape(word, r->scene, sizeof r->scene))
		return ok ? fail(r, r->line, "expected '%s <%s>'%s", kind,
				 r->session ? "folder" : "file",
				 strncmp(line, "picker ", 7) == 0
					 ? ": a picker session, replayed by "
					   "taut with no scene or a folder"
					 : "")
			  : 0;
	if (r->here_scene[0] &&
	    strcmp(base_name(r->scene), base_name(r->here_scene)) != 0)
		return fail(r, r->line, "recorded with the scene %s, not %s",
			    base_name(r->scene), base_name(r->here_scene));
	if (!next_line(r, line, sizeof line, &ok) || !ok ||
	    sscanf(line, "root %3099s", word) != 1 ||
	    !unescape(word, r->root, sizeof r->root))
		return ok ? fail(r, r->line, "expected 'root <folder>'") : 0;
	return 1;
}

/* "end steps [hash]": the last line, after the last entry's step. */
static int end_line(tt_record *r, const char *line, long last)
{
	int n = 0;
	r->has_end_hash = sscanf(line, "end %ld %llx%n", &r->length,
				 &r->end_hash, &n) == 2;
	if (!r->has_end_hash)
		sscanf(line, "end %ld%n", &r->length, &n);
	if (!n || line[n] || r->length < 0)
		return fail(r, r->line, "bad end entry (expected: end steps hash)");
	if (r->length < last)
		return fail(r, r->line, "ends at step %ld, before step %ld",
			    r->length, last);
	r->end_line = r->line;
	return 1;
}

/* "tune name value" or "size width height", before the first step. */
static int start_value(tt_record *r, const char *line, char *name, char *value)
{
	int n = 0;
	if (line[0] == 't') {
		sscanf(line, "tune %63s %63s%n", name, value, &n);
		return n && !line[n] ? 1 : fail(r, r->line, "bad tune entry "
						"(expected: tune name value)");
	}
	sscanf(line, "size %d %d%n", &r->width, &r->height, &n);
	r->size_line = r->line;
	return n && !line[n] && r->width > 0 && r->height > 0
		? 1 : fail(r, r->line, "bad size entry (expected: size width height)");
}

static int skip_scene(tt_record *r);

/* Check every entry once before the replay starts (a nested recording's,
 * up to its end line). */
static int validate(tt_record *r)
{
	char line[3200], name[64], value[64];
	tt_entry e;
	long last = 0;
	int ok, stepped = 0;
	for (size_t at = r->at; next_line(r, line, sizeof line, &ok); at = r->at) {
		if (!ok)
			return 0;
		if (r->length >= 0)
			return fail(r, r->line, "an entry after the 'end' line");
		if (strncmp(line, "end ", 4) == 0) {
			if (!end_line(r, line, last))
				return 0;
			if (r->borrowed)  /* the session goes on after it */
				return r->size = r->at, 1;
			continue;
		}
		if (r->session && strncmp(line, "taut recording ", 15) == 0) {
			r->at = at, r->line--;
			if (!skip_scene(r))
				return 0;
			continue;
		}
		if (strncmp(line, "tune ", 5) == 0 || strncmp(line, "size ", 5) == 0) {
			if (stepped)
				return fail(r, r->line, "a start value after the "
					    "start");
			if (!start_value(r, line, name, value))
				return 0;
			continue;
		}
		if (!parse_entry(r, line, &e))
			return 0;
		if (e.step < last)
			return fail(r, e.line, "step %ld comes after step %ld",
				    e.step, last);
		last = e.step;
		stepped |= e.kind != TT_ENTRY_FILE;
	}
	if (r->length < 0)
		return fail(r, r->line, "the recording ends without its 'end' "
			    "line (truncated?)");
	return 1;
}

/* The whole file into r->data; too large is an error at the line where
 * the limit is. */
static int slurp(tt_record *r, FILE *f)
{
	r->data = malloc(MAX_BYTES + 1);
	if (!r->data)
		return fail(r, 0, "out of memory");
	r->size = fread(r->data, 1, MAX_BYTES + 1, f);
	if (r->size <= MAX_BYTES)
		return 1;
	int lines = 1;
	for (size_t i = 0; i < MAX_BYTES; i++)
		lines += r->data[i] == '\n';
	return fail(r, lines, "the recording goes on past %zu MiB: more than "
		    "a recording holds", MAX_BYTES >> 20);
}

/* The header and every entry; then back to the first entry, where the
 * replay starts. */
static int check(tt_record *r)
{
	if (!header(r))
		return 0;
	size_t at = r->at;
	int line = r->line;
	if (!validate(r))
		return 0;
	r->at = at;
	r->line = line;
	return 1;
}

static int load(tt_record *r, const char *path)
{
	snprintf(r->path, sizeof r->path, "%s", path);
	FILE *f = fopen(path, "rb");
	if (!f)
		return snprintf(r->error, sizeof r->error, "cannot read %s", path), 0;
	int ok = slurp(r, f) && check(r);
	fclose(f);
	return ok;
}

/* A scene's recording nested in the session s at s->at, checked whole;
 * s moves on past it. */
static int nest(tt_record *r, tt_record *s)
{
	r->borrowed = 1;
	r->out = s->out;
	if (!s->data)  /* recording: nothing to read */
		return 1;
	snprintf(r->path, sizeof r->path, "%s", s->path);
	r->data = s->data + s->at;
	r->size = s->size - s->at;
	r->line = s->line;
	int ok = check(r);
	if (!ok)
		snprintf(s->error, sizeof s->error, "%s", r->error);
	s->at += ok ? r->size : 0;
	for (size_t i = 0; ok && i < r->size; i++)
		s->line += r->data[i] == '\n';
	return ok;
}

/* Validating a session: the scene's recording at r->at, whichever scene
 * it is, checked and stepped over. */
static int skip_scene(tt_record *r)
{
	tt_record *n = calloc(1, sizeof *n);
	if (!n)
		return fail(r, r->line, "out of memory");
	n->length = -1;
	int ok = nest(n, r);
	free(n);
	return ok;
}

static void put_header(tt_record *r, const char *scene, const char *root)
{
	char word[3100];
	put(r, "taut recording %d\n", FORMAT);
	escape(scene, word, sizeof word);
	put(r, "%s %s\n", r->session ? "picker" : "scene", word);
	escape(root, word, sizeof word);
	put(r, "root %s\n", word);
}

static tt_record *open_as(const char *record_path, const char *replay_path,
			  const char *scene, const char *root, int session,
			  char *err, size_t err_size)
{
	tt_record *r = calloc(1, sizeof *r);
	if (!r)
		return snprintf(err, err_size, "out of memory"), NULL;
	r->length = -1;
	r->session = session;
	snprintf(r->here_scene, sizeof r->here_scene, "%s", scene);
	snprintf(r->here_root, sizeof r->here_root, "%s", root);
	if (replay_path && !load(r, replay_path)) {
		snprintf(err, err_size, "%s", r->error);
		return tt_record_close(r), NULL;
	}
	if (record_path && !(r->out = fopen(record_path, "wb"))) {
		snprintf(err, err_size, "cannot write %s", record_path);
		return tt_record_close(r), NULL;
	}
	put_header(r, scene, root);
	return r;
}

tt_record *tt_record_open(const char *record_path, const char *replay_path,
			  const char *scene, const char *root, char *err,
			  size_t err_size)
{
	return open_as(record_path, replay_path, scene, root, 0, err, err_size);
}

tt_record *tt_record_open_session(const char *record_path,
				  const char *replay_path, const char *folder,
				  const char *root, char *err, size_t err_size)
{
	return open_as(record_path, replay_path, folder, root, 1, err, err_size);
}

tt_record *tt_record_open_nested(tt_record *session, const char *scene,
				 const char *root, char *err, size_t err_size)
{
	tt_record *r = calloc(1, sizeof *r);
	if (!r)
		return snprintf(err, err_size, "out of memory"), NULL;
	r->length = -1;
	snprintf(r->here_scene, sizeof r->here_scene, "%s", scene);
	snprintf(r->here_root, sizeof r->here_root, "%s", root);
	if (!nest(r, session)) {
		snprintf(err, err_size, "%s", r->error);
		return tt_record_close(r), NULL;
	}
	put_header(r, scene, root);
	return r;
}

void tt_record_close(tt_record *r)
{
	if (!r)
		return;
	if (r->out && !r->borrowed)
		fclose(r->out);
	if (!r->borrowed)
		free(r->data);
	free(r);
}

/* ---- replaying ---------------------------------------------------------- */

/* A recorded path, where it is now: the scene is the one given, files of
 * the recorded root or scene folder are under today's. */
static void here(const tt_record *r, const char *path, char *out, size_t size)
{
	char dir[1024], now_dir[1024];
	snprintf(dir, sizeof dir, "%.*s", (int)(base_name(r->scene) - r->scene),
		 r->scene);
	snprintf(now_dir, sizeof now_dir, "%.*s",
		 (int)(base_name(r->here_scene) - r->here_scene), r->here_scene);
	size_t root = strlen(r->root), d = strlen(dir);
	if (strcmp(path, r->scene) == 0)
		snprintf(out, size, "%s", r->here_scene);
	else if (strncmp(path, r->root, root) == 0 && path[root] == '/')
		snprintf(out, size, "%s%s", r->here_root, path + root);
	else if (d && strncmp(path, dir, d) == 0)
		snprintf(out, size, "%s%s", now_dir, path + d);
	else
		snprintf(out, size, "%s", path);
}

/* Read the next line and, if it is a stepped entry, parse it into e:
 * 1 stepped entry, 0 at the end (validate() saw every line already). */
static int read_entry(tt_record *r, tt_entry *e, tt_runtime *rt)
{
	char line[3200], name[64], value[64];
	int ok;
	while (next_line(r, line, sizeof line, &ok)) {
		if (strncmp(line, "end ", 4) == 0 ||
		    strncmp(line, "taut recording ", 15) == 0)  /* a scene's */
			return 0;
		if (strncmp(line, "size ", 5) == 0)
			continue;
		if (strncmp(line, "tune ", 5) != 0) {
			parse_entry(r, line, e);
			char path[1024];
			here(r, e->path, path, sizeof path);
			snprintf(e->path, sizeof e->path, "%s", path);
			return 1;
		}
		if (rt && sscanf(line, "tune %63s %63s", name, value) == 2) {
			char word[64];
			unescape(name, word, sizeof word);
			tt_runtime_tune_give(rt, TT_TUNE_RECORDED, word, value,
					     NULL, NULL);
		}
	}
	return 0;
}

void tt_record_attach(tt_record *r, tt_runtime *rt)
{
	if (!tt_record_replaying(r))
		return;
	size_t at = r->at;
	int line = r->line, count = 0;
	char seen[MAX_FILES][1024];
	tt_entry e;
	tt_runtime_set_replaying(rt, 1);
	while (read_entry(r, &e, rt)) {
		int first = e.kind == TT_ENTRY_FILE && count < MAX_FILES;
		for (int i = 0; first && i < count; i++)
			first = strcmp(seen[i], e.path) != 0;
		if (first) {
			snprintf(seen[count++], sizeof seen[0], "%s", e.path);
			tt_runtime_put_file(rt, e.path, e.text, e.len);
		}
	}
	r->at = at;
	r->line = line;
}

int tt_record_next(tt_record *r, long step, tt_entry *out)
{
	if (!tt_record_replaying(r) || r->error[0])
		return 0;
	size_t at = r->at;
	int line = r->line;
	if (read_entry(r, out, NULL) && out->step <= step)
		return 1;
	r->at = at;  /* not yet due: read it again next time */
	r->line = line;
	return 0;
}

int tt_record_check(tt_record *r, const tt_entry *e, tt_world_id world,
		    tt_reload_kind got)
{
	unsigned long long hash = tt_world_hash(world);
	if (e->kind == TT_ENTRY_HASH && hash != e->hash)
		return fail(r, e->line, "the replay diverged after step %ld: "
			    "world hash %016llx, recorded %016llx", e->step,
			    hash, e->hash);
	if (e->kind == TT_ENTRY_RELOAD && got != e->reload)
		return fail(r, e->line, "the replay diverged at step %ld: a "
			    "reload of kind %s, recorded %s", e->step,
			    tt_reload_kind_name(got), tt_reload_kind_name(e->reload));
	return 1;
}

int tt_record_verify(tt_record *r, long steps, tt_world_id world)
{
	if (!r || r->error[0])
		return !r;
	if (!tt_record_replaying(r) || steps != r->length)
		return 1;
	unsigned long long hash = tt_world_hash(world);
	r->length = -1;
	if (r->has_end_hash && hash != r->end_hash)
		return fail(r, r->end_line, "the replay diverged: world hash "
			    "%016llx after %ld steps, recorded %016llx", hash,
			    steps, r->end_hash);
	return 1;
}

int tt_record_finish(tt_record *r, long steps, tt_world_id world)
{
	put(r, "end %ld %016llx\n", steps, (unsigned long long)tt_world_hash(world));
	return 1;
}

int tt_record_fits(tt_record *r, int width, int height, int is_3d)
{
	if (!tt_record_replaying(r) || !is_3d || !r->size_line ||
	    r->format >= CAMERA_FORMAT ||
	    (width == r->width && height == r->height))
		return 1;
	return fail(r, r->size_line, "recorded in a %dx%d window by a taut of "
		    "format %d, which held a 3D pointer in pixels: this replay "
		    "needs --size %dx%d", r->width, r->height, r->format,
		    r->width, r->height);
}

int tt_record_holds_camera(const tt_record *r)
{
	return tt_record_replaying(r) && r->format >= CAMERA_FORMAT;
}

int tt_record_replaying(const tt_record *r)
{
	return r && r->length >= 0;
}

long tt_record_length(const tt_record *r)
{
	return r ? r->length : -1;
}

const char *tt_record_error(const tt_record *r)
{
	return r && r->error[0] ? r->error : NULL;
}
