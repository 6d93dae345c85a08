/* Private: the taut program's main loop, windowed or headless. */
#ifndef TT_APP_H
#define TT_APP_H

typedef struct tt_app_options {
	const char *scene;
	const char *root;        /* where scripts/ lives */
	const char *screenshot;  /* PNG written after the last frame */
	long frames;             /* stop after this many; < 0 runs on */
	int headless;
	double fraction;         /* headless: draw this far from the step
				    before the last to the last (default 1) */
	int width, height;
	const char *record, *replay;  /* input files, or NULL */
	const char *sets[32];         /* "name=value" tune overrides */
	int set_count;
	int safe;                     /* --safe (README "Two modes") */
} tt_app_options;

/// Run a scene; returns the exit status (0 ok, 1 script error).
int tt_app_run(const tt_app_options *options);

#endif
