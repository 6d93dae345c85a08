/* The HUD's text. Three lines: the scene's title with slow motion, the
 * live notes (the last reload and why, the runtime's notices, values not
 * saved) and the figures (frame and step time, particles, springs,
 * strain, energy, wind fields, chains by LOD level; tt_view_format_figure,
 * never "inf"); what
 * the scene's controls and the mouse do; taut's keys from the key table
 * (keys.c), so what the HUD says is what the keys do. Pause and recording
 * go on a badge in the scene area (tt_hud_badge): a state that comes and
 * goes never reflows the HUD. */
#include <stdio.h>
#include <string.h>

#include "../view/view.h"
#include "hud.h"
#include "keys.h"

static void state_line(char *out, size_t size, const tt_hud_info *in)
{
	size_t n = (size_t)snprintf(out, size, "%s", in->title);
	if (in->time_scale < 1.0)
		n += (size_t)snprintf(out + n, size - n, "  slow x%g",
				      in->time_scale);
	if (in->live[0] && n < size)
		snprintf(out + n, size - n, "  %s", in->live);
}

void tt_hud_badge(char *out, size_t size, int paused, int recording)
{
	size_t n = 0;
	out[0] = '\0';
	if (paused)
		n = (size_t)snprintf(out, size,
				     "PAUSED  %s: resume  .: step  click: inspect",
				     tt_key_label(TT_KEY_PAUSE));
	if (recording && n < size)
		snprintf(out + n, size - n, "%sREC GIF %d frames  F9: stop",
			 n ? "  |  " : "", recording);
}

static void figures(char *out, size_t size, const tt_hud_info *in)
{
	char frame[48] = "", step[48] = "", strain[32], energy[32];
	tt_world_id w = in->world;
	if (in->frame_ms >= 0.0)
		snprintf(frame, sizeof frame, "frame %.1f ms  ", in->frame_ms);
	if (in->step_ms >= 0.0)
		snprintf(step, sizeof step, "step %.3f ms  ", in->step_ms);
	tt_view_format_figure(strain, sizeof strain,
			      100.0 * tt_world_max_strain(w), 2);
	tt_view_format_figure(energy, sizeof energy, tt_world_energy(w), 1);
	size_t n = (size_t)snprintf(out, size,
		 "%s%sparticles %d  springs %d  strain %s%%  "
		 "energy %s J  wind %d",
		 frame, step, tt_world_particle_count(w),
		 tt_world_spring_count(w), strain, energy,
		 tt_world_wind_count(w));
	int level[TT_BONE_LEVEL_COUNT];
	if (tt_world_bonechain_levels(w, level) > 0 && n < size)
		snprintf(out + n, size - n, "  chains %d full, %d low, %d culled",
			 level[TT_BONE_LEVEL_FULL], level[TT_BONE_LEVEL_LOW],
			 level[TT_BONE_LEVEL_CULLED]);
}

void tt_hud_compose(char *out, size_t size, const tt_hud_info *in)
{
	char state[3600], numbers[320], keys[512];
	const char *mouse = in->is_3d
		? "left: grab or orbit  Alt+left: orbit  right: slash  "
		  "middle: pan  wheel: dolly"
		: "left: grab  right: slash  middle: pan  wheel: zoom";
	state_line(state, sizeof state, in);
	figures(numbers, sizeof numbers, in);
	tt_keys_help(keys, sizeof keys, in->back, in->layers);
	snprintf(out, size, "%s  %s\n%s%s%s\n%s", state, numbers, in->controls,
		 in->controls[0] ? "  " : "", mouse, keys);
}
