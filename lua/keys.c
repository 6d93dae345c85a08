/* taut's keys. The rule that keeps them from colliding with a scene's:
 * the reserved keys (Esc, the function keys, Home and Ctrl chords) are
 * taut's alone and never reach the scene; every other key is offered to
 * the scene first and is the scene's when its keypressed returns true,
 * taut acting on it only when the scene left it. taut's letter keys are
 * ones games rarely take (P, R, H, `.`, `[`, `]`, Backspace), and Space
 * is always the scene's.
 *
 * In a replay the world keys (R, F1, Ctrl+S, Backspace) are replayed: they
 * change what the run holds or shows. The others are the viewer's (pace,
 * look, captures): in a window replay the live viewer's, as pressed; a
 * headless replay, with no viewer, acts on them where they were recorded. */
#include <stdio.h>
#include <string.h>

#include "keys.h"

/* One entry a line, as tests/lua/api_contract.lua reads them: each with a
 * label is described in scripts/taut_api/keys.lua (label, HUD word,
 * replayed), the source of --help and the man page. */
static const tt_key_binding keys[] = {
	{"p", 0, TT_KEY_PAUSE, "P", "pause", 1, 0},
	{".", 0, TT_KEY_STEP, ".", "step", 1, 0},
	{"[", 0, TT_KEY_SLOWER, "[ ]", "slow", 1, 0},
	{"]", 0, TT_KEY_FASTER, NULL, NULL, 0, 0},
	{"r", 0, TT_KEY_REBUILD, "R", "rebuild", 1, 1},
	{"h", 0, TT_KEY_HUD, "H", "hide", 1, 0},
	{"home", 0, TT_KEY_CAMERA, "Home", "camera", 1, 0},
	{"f1", 0, TT_KEY_LAYERS, "F1", "layers", 1, 1},
	{"f9", 0, TT_KEY_GIF, "F9", "GIF", 1, 0},
	{"f12", 0, TT_KEY_SHOT, "F12", "shot", 1, 0},
	{"backspace", 0, TT_KEY_BACK, "Backspace", "scenes", 1, 1},
	{"s", 1, TT_KEY_SAVE, "Ctrl+S", "save tune values", 0, 1},
	{"escape", 0, TT_KEY_QUIT, "Esc", "quit", 0, 0},
};
#define KEY_COUNT (sizeof keys / sizeof keys[0])

const tt_key_binding *tt_key_find(const char *key, int ctrl)
{
	for (size_t i = 0; i < KEY_COUNT; i++)
		if (strcmp(keys[i].key, key) == 0 && keys[i].ctrl == (ctrl != 0))
			return &keys[i];
	return NULL;
}

int tt_key_reserved(const char *key, int ctrl)
{
	int fkey = key[0] == 'f' && key[1] >= '1' && key[1] <= '9';
	return ctrl || fkey || strcmp(key, "escape") == 0 ||
	       strcmp(key, "home") == 0;
}

const char *tt_key_label(tt_key_action action)
{
	for (size_t i = 0; i < KEY_COUNT; i++)
		if (keys[i].action == action && keys[i].label)
			return keys[i].label;
	return "?";
}

void tt_keys_help(char *out, size_t size, int back, const char *layers)
{
	size_t n = 0;
	out[0] = '\0';
	for (size_t i = 0; i < KEY_COUNT && n < size; i++) {
		const tt_key_binding *k = &keys[i];
		if (!k->in_hud || (!back && k->action == TT_KEY_BACK))
			continue;
		n += (size_t)snprintf(out + n, size - n, "%s%s: %s", n ? "  " : "",
				      k->label, k->does);
		if (k->action == TT_KEY_LAYERS && n < size)
			n += (size_t)snprintf(out + n, size - n, " (%s)", layers);
	}
}
