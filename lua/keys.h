/* Private: taut's own keys, one table for what they do, what the HUD says
 * and which of them a scene can take. --help and the man page describe
 * them from scripts/taut_api/keys.lua, which tests/lua/api_contract.lua
 * checks against the table in keys.c. */
#ifndef TT_KEYS_H
#define TT_KEYS_H

#include <stddef.h>

typedef enum tt_key_action {
	TT_KEY_QUIT,
	TT_KEY_PAUSE,
	TT_KEY_STEP,
	TT_KEY_SLOWER,
	TT_KEY_FASTER,
	TT_KEY_REBUILD,
	TT_KEY_HUD,
	TT_KEY_CAMERA,
	TT_KEY_LAYERS,
	TT_KEY_GIF,
	TT_KEY_SHOT,
	TT_KEY_SAVE,
	TT_KEY_BACK
} tt_key_action;

typedef struct tt_key_binding {
	const char *key;    /* LÖVE-style name, as tt_input has it */
	int ctrl;           /* with Ctrl held */
	tt_key_action action;
	const char *label;  /* what the HUD shows: "P", "Ctrl+S" */
	const char *does;   /* "pause" */
	int in_hud;         /* listed by the HUD, not only by --help */
	int replayed;       /* a world key, replayed; else the viewer's
			       (pace, look, captures), live in a replay */
} tt_key_binding;

/// The binding of a key press, or NULL when taut has none.
const tt_key_binding *tt_key_find(const char *key, int ctrl);
/// 1 for taut's reserved keys (Esc, F1..F12, Home, any Ctrl chord): they
/// never reach the scene. Every other key goes to the scene first, and
/// taut acts on it only when the scene's keypressed did not return true.
int tt_key_reserved(const char *key, int ctrl);
/// The HUD's label of the key bound to action ("P").
const char *tt_key_label(tt_key_action action);
/// The HUD's key items, "P: pause  .: step  ...", two spaces between
/// them, F1 naming the layers shown; back adds Backspace (a scene opened
/// from the picker).
void tt_keys_help(char *out, size_t size, int back, const char *layers);

#endif
