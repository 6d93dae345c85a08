/* The HUD's text. Three lines: the scene's title with the run's state
 * (paused, slow motion, recording, reload notes), the figures (frame and
 * step time, particles, springs, strain, energy, wind, layers), then what
 * the scene's controls and the mouse do and taut's keys from the key
 * table (keys.c), so what the HUD says is what the keys do. */
#include <stdio.h>
#include <string.h>

#include "hud.h"
#include "keys.h"

static void state_line(char *out, size_t size, const tt_hud_info *in)
{
	size_t n = (size_t)snprintf(out, size, "%s", in->title);
	if (in->paused)
		n += (size_t)snprintf(out + n, size - n,
				      "  PAUSED: %s resumes  .: step  click: inspect",
				      tt_key_label(TT_KEY_PAUSE));
	else if (in->time_scale < 1.0)
		n += (size_t)snprintf(out + n, size - n, "  slow x%g",
				      in->time_scale);
	if (in->recording && n < size)
		n += (size_t)snprintf(out + n, size - n,
				      "  REC GIF %d frames (F9 stops)", in->recording);
	if (in->live[0] && n < size)
		snprintf(out + n, size - n, "  %s", in->live);
}

static void figures_line(char *out, size_t size, const tt_hud_info *in)
{
	char frame[48] = "";
	tt_world_id w = in->world;
	if (in->frame_ms >= 0.0)
		snprintf(frame, sizeof frame, "frame %.2f ms  ", in->frame_ms);
	snprintf(out, size,
		 "%sstep %.3f ms  particles %d  springs %d  max strain %.2f%%  "
		 "energy %.1f J  wind fields %d  layers: %s",
		 frame, in->step_ms, tt_world_particle_count(w),
		 tt_world_spring_count(w), 100.0f * tt_world_max_strain(w),
		 tt_world_energy(w), tt_world_wind_count(w), in->layers);
}

void tt_hud_compose(char *out, size_t size, const tt_hud_info *in)
{
	char state[512], figures[256], keys[512];
	const char *mouse = in->is_3d
		? "left: grab or orbit  Alt+left: orbit  right: slash  "
		  "middle: pan  wheel: dolly"
		: "left: grab  right: slash  middle: pan  wheel: zoom";
	state_line(state, sizeof state, in);
	figures_line(figures, sizeof figures, in);
	tt_keys_help(keys, sizeof keys, in->back);
	snprintf(out, size, "%s\n%s\n%s%s%s  %s", state, figures, in->controls,
		 in->controls[0] ? "  " : "", mouse, keys);
}
