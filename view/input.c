/* Input: SDL events turned into tt_input, one at a time.
 *
 * Key names follow LÖVE ("space", "escape", "lctrl", "kp1", "f12", "."),
 * derived from SDL's key names so every key gets one without a table.
 * The camera's own input (middle drag pans, the wheel zooms about the
 * pointer; in 3D the wheel dollies and Alt + left drag orbits) is applied
 * here and never reported. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* "Left Ctrl" -> "lctrl", "Keypad 1" -> "kp1", "Page Up" -> "pageup". */
static void key_name(SDL_Keycode sym, char *out, size_t size)
{
	static const char *prefixes[][2] = {
		{ "left ", "l" }, { "right ", "r" }, { "keypad ", "kp" },
	};
	const char *name = SDL_GetKeyName(sym);
	char lower[64];
	size_t i, n = 0;

	for (i = 0; name[i] && i + 1 < sizeof lower; i++)
		lower[i] = (char)tolower((unsigned char)name[i]);
	lower[i] = '\0';
	name = lower[0] ? lower : "unknown";
	for (i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
		size_t len = strlen(prefixes[i][0]);
		if (strncmp(name, prefixes[i][0], len) == 0) {
			n = (size_t)snprintf(out, size, "%s", prefixes[i][1]);
			name += len;
			break;
		}
	}
	for (; *name && n + 1 < size; name++)
		if (*name != ' ')
			out[n++] = *name;
	out[n] = '\0';
}

static void set_pointer(const tt_view *view, tt_input *out, float sx,
			float sy)
{
	out->sx = sx;
	out->sy = sy;
	out->world = tt_view_to_world(view, sx, sy);
}

static int key_event(const SDL_KeyboardEvent *e, tt_input *out)
{
	if (e->repeat)
		return 0;
	out->kind = e->type == SDL_KEYDOWN ? TT_INPUT_KEY_DOWN
					   : TT_INPUT_KEY_UP;
	key_name(e->keysym.sym, out->key, sizeof out->key);
	out->ctrl = (e->keysym.mod & KMOD_CTRL) != 0;
	out->shift = (e->keysym.mod & KMOD_SHIFT) != 0;
	return 1;
}

static int button_event(tt_view *view, const SDL_MouseButtonEvent *e,
			tt_input *out)
{
	int down = e->type == SDL_MOUSEBUTTONDOWN;

	if (e->button == SDL_BUTTON_MIDDLE) {
		view->panning = down;
		view->drag_x = (float)e->x;
		view->drag_y = (float)e->y;
		return 0;
	}
	if (e->button == SDL_BUTTON_LEFT && view->is_3d &&
	    (down ? (SDL_GetModState() & KMOD_ALT) != 0 : view->orbiting)) {
		view->orbiting = down;
		view->drag_x = (float)e->x;
		view->drag_y = (float)e->y;
		return 0;
	}
	out->kind = down ? TT_INPUT_MOUSE_DOWN : TT_INPUT_MOUSE_UP;
	out->button = e->button;
	set_pointer(view, out, (float)e->x, (float)e->y);
	return 1;
}

static int motion_event(tt_view *view, const SDL_MouseMotionEvent *e,
			tt_input *out)
{
	if (view->panning || view->orbiting) {
		float dx = (float)e->x - view->drag_x, dy = (float)e->y - view->drag_y;
		if (view->panning)
			tt_view_pan(view, dx, dy);
		else
			tt_view_orbit(view, dx, dy);
		view->drag_x = (float)e->x;
		view->drag_y = (float)e->y;
		return 0;
	}
	out->kind = TT_INPUT_MOUSE_MOVE;
	set_pointer(view, out, (float)e->x, (float)e->y);
	return 1;
}

static void wheel_event(tt_view *view, const SDL_MouseWheelEvent *e)
{
	float steps = e->preciseY;
	int x, y;

	if (e->direction == SDL_MOUSEWHEEL_FLIPPED)
		steps = -steps;
	SDL_GetMouseState(&x, &y);
	tt_view_zoom_at(view, (float)x, (float)y, SDL_powf(1.15f, steps));
}

static void window_event(tt_view *view, const SDL_WindowEvent *e)
{
	if (e->event == SDL_WINDOWEVENT_SIZE_CHANGED) {
		view->width = e->data1;
		view->height = e->data2;
		tt_view_relayout(view);
	}
}

/* Fill out from one event; 0 when the event is not reported. Every input
 * carries the modifiers and the pointer, a key press too. */
static int translate(tt_view *view, const SDL_Event *e, tt_input *out)
{
	SDL_Keymod mod = SDL_GetModState();
	int x, y;

	memset(out, 0, sizeof *out);
	out->ctrl = (mod & KMOD_CTRL) != 0;
	out->shift = (mod & KMOD_SHIFT) != 0;
	SDL_GetMouseState(&x, &y);
	set_pointer(view, out, (float)x, (float)y);
	switch (e->type) {
	case SDL_QUIT:
		out->kind = TT_INPUT_QUIT;
		return 1;
	case SDL_KEYDOWN:
	case SDL_KEYUP:
		return key_event(&e->key, out);
	case SDL_MOUSEBUTTONDOWN:
	case SDL_MOUSEBUTTONUP:
		return button_event(view, &e->button, out);
	case SDL_MOUSEMOTION:
		return motion_event(view, &e->motion, out);
	case SDL_MOUSEWHEEL:
		wheel_event(view, &e->wheel);
		return 0;
	case SDL_WINDOWEVENT:
		window_event(view, &e->window);
		return 0;
	default:
		return 0;
	}
}

int tt_view_poll(tt_view *view, tt_input *out)
{
	SDL_Event e;

	if (!view->window)
		return 0;
	while (SDL_PollEvent(&e))
		if (translate(view, &e, out))
			return 1;
	return 0;
}
