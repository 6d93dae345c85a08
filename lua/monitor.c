/* The soft-body monitor: grabbing a body selects it; the HUD then marks
 * its outline and shows, at the bottom left of the scene area, its area
 * against the rest area, its pressure, its energy (kinetic, potential,
 * elastic) and two traces of the last four seconds (area / rest, total
 * energy), so a user sees a balloon inflate or a jelly settle while
 * dragging the sliders.
 * Traces: blue the area, orange the energy, each scaled to its range. */
#include <stdio.h>
#include <stdlib.h>

#include "monitor.h"

#define HISTORY 240   /* samples: 4 s of 60 Hz steps */
#define PLOT_W 240.0f
#define PLOT_H 32.0f
#define EDGE 8.0f
#define PAD 6.0f

struct tt_monitor {
	tt_softbody_id body;
	float area[HISTORY], energy[HISTORY];
	int count, next;  /* samples held; where the next one goes */
};

static const tt_color mark = {255, 224, 96, 255};
static const tt_color backing = {0, 0, 0, 150};
static const tt_color text = {225, 228, 232, 255};
static const tt_color area_trace = {110, 200, 255, 255};
static const tt_color energy_trace = {255, 150, 110, 255};
static const tt_color axis = {90, 96, 110, 255};

static const char *const kinds[] = {"ring", "points", "grid"};

tt_monitor *tt_monitor_create(void)
{
	return calloc(1, sizeof(tt_monitor));
}

void tt_monitor_destroy(tt_monitor *m)
{
	free(m);
}

void tt_monitor_select(tt_monitor *m, tt_particle_id p)
{
	tt_softbody_id body = tt_particle_get_softbody(p);
	if (body.index1 != m->body.index1 || body.generation != m->body.generation)
		m->count = m->next = 0;
	m->body = body;
}

void tt_monitor_clear(tt_monitor *m)
{
	m->body = (tt_softbody_id){0};
	m->count = m->next = 0;
}

static double total(tt_softbody_energy e)
{
	return e.kinetic + e.potential + e.elastic;
}

void tt_monitor_sample(tt_monitor *m)
{
	if (!tt_softbody_valid(m->body))
		return;
	float rest = tt_softbody_rest_area(m->body);
	m->area[m->next] = rest > 0.0f ? tt_softbody_area(m->body) / rest : 0.0f;
	m->energy[m->next] = (float)total(tt_softbody_get_energy(m->body));
	m->next = (m->next + 1) % HISTORY;
	m->count += m->count < HISTORY;
}

/* Sample k (0 the oldest held) of a trace. */
static float sample(const tt_monitor *m, const float *trace, int k)
{
	return trace[(m->next - m->count + k + HISTORY) % HISTORY];
}

/* A trace scaled to fit [lo, hi] of its values into the plot. */
static void trace(tt_view *view, const tt_monitor *m, const float *values,
		  float x, float y, tt_color color)
{
	float lo = sample(m, values, 0), hi = lo;
	for (int k = 1; k < m->count; k++) {
		float v = sample(m, values, k);
		lo = v < lo ? v : lo, hi = v > hi ? v : hi;
	}
	float span = hi - lo > 1e-6f ? hi - lo : 1.0f;
	for (int k = 1; k < m->count; k++) {
		float x0 = x + PLOT_W * (float)(k - 1) / HISTORY;
		float x1 = x + PLOT_W * (float)k / HISTORY;
		float y0 = y + PLOT_H * (1.0f - (sample(m, values, k - 1) - lo) / span);
		float y1 = y + PLOT_H * (1.0f - (sample(m, values, k) - lo) / span);
		tt_view_canvas_line(view, x0, y0, x1, y1, 2.0f, color);
	}
}

static void describe(const tt_monitor *m, char *out, size_t size)
{
	tt_softbody_energy e = tt_softbody_get_energy(m->body);
	float rest = tt_softbody_rest_area(m->body);
	snprintf(out, size,
		 "softbody#%u %s%s: area %.3f of rest, pressure %.2f\n"
		 "%.1f J: kinetic %.1f potential %.1f elastic %.2f",
		 (unsigned)m->body.index1, kinds[tt_softbody_get_kind(m->body)],
		 tt_softbody_torn(m->body) ? " (torn)" : "",
		 rest > 0.0f ? tt_softbody_area(m->body) / rest : 0.0f,
		 tt_softbody_get_pressure(m->body), total(e), e.kinetic,
		 e.potential, e.elastic);
}

void tt_monitor_mark(tt_monitor *m, tt_view *view)
{
	if (tt_softbody_valid(m->body))
		tt_view_draw_softbody_outline(view, m->body, mark, 3.0f);
}

void tt_monitor_draw(tt_monitor *m, tt_view *view)
{
	if (!tt_softbody_valid(m->body))
		return;
	char lines[512];
	int scale = tt_view_text_scale(view);
	tt_rect area = tt_view_scene_rect(view);  /* clear of the docks */
	float w, h;
	describe(m, lines, sizeof lines);
	tt_view_canvas_text_size(lines, scale, &w, &h);
	w = w > PLOT_W ? w : PLOT_W;
	float box_h = h + PLOT_H + 3.0f * PAD;
	float x = area.x + EDGE, y = area.y + area.h - EDGE - box_h;
	tt_view_canvas_rect(view, x, y, w + 2.0f * PAD, box_h, backing);
	tt_view_canvas_text(view, x + PAD, y + PAD, lines, scale, text);
	float py = y + 2.0f * PAD + h;
	tt_view_canvas_line(view, x + PAD, py + PLOT_H, x + PAD + PLOT_W,
			    py + PLOT_H, 1.0f, axis);
	if (m->count > 1) {
		trace(view, m, m->area, x + PAD, py, area_trace);
		trace(view, m, m->energy, x + PAD, py, energy_trace);
	}
}
