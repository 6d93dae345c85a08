/* main() of the taut program: the command line.
 *
 *   taut [options] scene.lua     run a scene (window, or --headless)
 *   taut [options] [folder]      the scene browser (default: examples/)
 *   taut test [paths]            run Lua test files with the real bindings
 *   taut bench <workload> ...    the benchmarks (bench/)
 *   taut export scene.lua        a scene's parameters as JSON (scripts/export.lua)
 * Exit status: 0 success, 1 a script error, 2 bad usage. */
#define _DEFAULT_SOURCE  /* realpath, readlink */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../bench/bench.h"
#include "../core/taut.h"
#include "app.h"
#include "experiment.h"
#include "lib.h"
#include "picker.h"
#include "sandbox.h"
#include "script.h"
#include "testrun.h"

#include "usage.h"  /* usage[]: generated from scripts/taut_api (cli.lua, keys.lua) */

/* What all worlds together may hold (each has its own max_bytes too). */
#define CORE_LIMIT ((size_t)2 << 30)

static int bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "taut: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see taut --help)\n");
	return 2;
}

/* The folder holding scripts/: TAUT_ROOT, else the program's folder or one
 * of its parents (build-san/taut), or their share/taut (an installed taut:
 * PREFIX/bin/taut finds PREFIX/share/taut), else the working directory. */
static void find_root(char *root, size_t size)
{
	static const char *const layouts[] = {"", "/share/taut"};
	const char *env = getenv("TAUT_ROOT");
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	snprintf(root, size, "%s", env ? env : ".");
	if (env || n <= 0)
		return;
	exe[n] = '\0';
	tt_lib_set_executable(exe);
	for (int up = 0; up < 3; up++) {
		char *slash = strrchr(exe, '/');
		if (!slash)
			return;
		*slash = '\0';
		for (int k = 0; k < 2; k++) {
			char probe[PATH_MAX + 48];
			snprintf(probe, sizeof probe, "%s%s/scripts/test.lua", exe,
				 layouts[k]);
			if (access(probe, R_OK) == 0 &&
			    snprintf(root, size, "%s%s", exe, layouts[k]) < (int)size)
				return;
		}
	}
}

static int parse_hud(const char *text, tt_hud_mode *out)
{
	static const char *const names[] = {"on", "off", "blank"};
	static const tt_hud_mode modes[] = {TT_HUD_ON, TT_HUD_OFF, TT_HUD_BLANK};
	for (int i = 0; i < 3; i++)
		if (strcmp(text, names[i]) == 0)
			return *out = modes[i], 1;
	return 0;
}

static int parse_count(const char *text, long *out)
{
	char *end;
	*out = strtol(text, &end, 10);
	return *text && !*end && *out >= 0;
}

/* Fill options from argv; 0 ok, else the exit status to leave with. */
static int parse(int argc, char **argv, tt_app_options *o)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		int has_value = i + 1 < argc;
		if (strcmp(arg, "--help") == 0)
			return fputs(usage, stdout), -1;
		if (strcmp(arg, "--version") == 0)
			return printf("taut %s\n", TT_VERSION), -1;
		if (strcmp(arg, "--headless") == 0)
			o->headless = 1;
		else if (strcmp(arg, "--untuned") == 0)
			o->untuned = 1;
		else if (strcmp(arg, "--frames") == 0 && has_value) {
			if (!parse_count(argv[++i], &o->frames))
				return bad_usage("--frames needs a count, not '%s'", argv[i]);
		} else if (strcmp(arg, "--screenshot") == 0 && has_value)
			o->screenshot = argv[++i];
		else if (strcmp(arg, "--size") == 0 && has_value) {
			if (sscanf(argv[++i], "%dx%d", &o->width, &o->height) != 2 ||
			    o->width < 16 || o->height < 16)
				return bad_usage("--size needs WxH, not '%s'", argv[i]);
		} else if (strcmp(arg, "--set") == 0 && has_value) {
			if (!strchr(argv[++i], '=') || argv[i][0] == '=' ||
			    o->set_count == 32)
				return bad_usage("--set needs name=value, not '%s'", argv[i]);
			o->sets[o->set_count++] = argv[i];
		} else if (strcmp(arg, "--fraction") == 0 && has_value) {
			char *end;
			o->fraction = strtod(argv[++i], &end);
			if (*end || !(o->fraction >= 0.0 && o->fraction <= 1.0))
				return bad_usage("--fraction needs a number in [0, 1], "
						 "not '%s'", argv[i]);
		} else if (strcmp(arg, "--record") == 0 && has_value)
			o->record = argv[++i];
		else if (strcmp(arg, "--replay") == 0 && has_value)
			o->replay = argv[++i];
		else if (strcmp(arg, "--layout") == 0 && has_value)
			o->layout = argv[++i];
		else if (strcmp(arg, "--hud") == 0 && has_value) {
			if (!parse_hud(argv[++i], &o->hud))
				return bad_usage("--hud needs on, off or blank, "
						 "not '%s'", argv[i]);
		} else if (strcmp(arg, "--safe") == 0 || strcmp(arg, "--trust") == 0)
			continue;  /* read by choose_mode */
		else if (arg[0] == '-' && arg[1])
			return bad_usage("unknown option or missing value '%s'", arg);
		else if (o->scene)
			return bad_usage("one scene at a time ('%s')", arg);
		else
			o->scene = arg;
	}
	return 0;
}

/* A scene runs; a folder, or nothing (the examples), opens the picker. */
static int run(tt_app_options *o, const char *root)
{
	char folder[PATH_MAX + 16];
	struct stat st;
	if (o->scene && !(stat(o->scene, &st) == 0 && S_ISDIR(st.st_mode)))
		return tt_app_run(o);
	if (o->scene)
		snprintf(folder, sizeof folder, "%s", o->scene);
	else
		snprintf(folder, sizeof folder, "%s/examples", root);
	size_t n = strlen(folder);
	while (n > 1 && folder[n - 1] == '/')
		folder[--n] = '\0';
	int status = tt_picker_run(o, folder);
	return status == TT_APP_BACK ? 0 : status;
}

static int has_arg(int argc, char **argv, const char *arg)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], arg) == 0)
			return 1;
	return 0;
}

/* The scene: the first argument ending in .lua (experiments take other
 * files after options, never a .lua one). */
static const char *scene_arg(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		size_t n = strlen(argv[i]);
		if (argv[i][0] != '-' && n > 4 && strcmp(argv[i] + n - 4, ".lua") == 0)
			return argv[i];
	}
	return NULL;
}

/* Is the scene outside the working folder and taut's own? */
static int from_outside(const char *scene, const char *root)
{
	char real[PATH_MAX], here[PATH_MAX], home[PATH_MAX];
	if (!scene || !realpath(scene, real))
		return 0;  /* missing: the load says so */
	int in_cwd = realpath(".", here) && tt_path_inside(real, here);
	int in_root = realpath(root, home) && tt_path_inside(real, home);
	return !in_cwd && !in_root;
}

/* --safe, --trust, or the default: a scene from elsewhere (a download,
 * a shared folder) is someone else's code. 0 full, 1 safe, -1 both
 * given. Quietly: what it refuses says "--safe" (README, taut --help). */
static int choose_mode(int argc, char **argv, const char *root)
{
	int safe = has_arg(argc, argv, "--safe");
	int trust = has_arg(argc, argv, "--trust");
	if (safe || trust)
		return safe && trust ? -1 : safe;
	return from_outside(scene_arg(argc, argv), root);
}

int main(int argc, char **argv)
{
	char root[PATH_MAX];
	find_root(root, sizeof root);
	tt_lib_set_root(root);
	tt_set_byte_limit(CORE_LIMIT);
	if (argc > 1 && strcmp(argv[1], "test") == 0)
		return tt_testrun(root, argc - 2, argv + 2);
	if (argc > 1 && strcmp(argv[1], "export") == 0)
		return tt_script_main(root, "export", argc - 2, argv + 2);
	if (argc > 2 && strcmp(argv[1], "bench") == 0 &&
	    strcmp(argv[2], "reload") == 0)
		return tt_bench_reload(root, argc > 4 ? atoi(argv[4]) : 200);
	if (argc > 2 && strcmp(argv[1], "bench") == 0 &&
	    strcmp(argv[2], "scene") == 0)
		return tt_bench_scene(root, argc - 3, argv + 3);
	if (argc > 1 && strcmp(argv[1], "bench") == 0)
		return tt_bench_main(argc - 1, argv + 1);
	int safe = choose_mode(argc, argv, root);
	if (safe < 0)
		return bad_usage("%s", "--safe or --trust, not both");
	for (int i = 1; i < argc && !safe; i++)
		if (strcmp(argv[i], "--headless") == 0) {
			int status = tt_experiment_main(root, argc - 1, argv + 1);
			if (status >= 0)
				return status;
			break;
		}
	tt_app_options o = {.root = root, .frames = -1, .fraction = 1.0,
			     .safe = safe};
	int status = parse(argc, argv, &o);
	if (status)
		return status < 0 ? 0 : status;
	if (o.headless && o.frames < 0 && !o.replay)
		o.frames = 1;  /* a replay runs as long as it was recorded */
	return run(&o, root);
}
