/* Events: what a step reports, kept in a buffer the caller reads after
 * the step (never a callback from inside it: LÖVE users hit "world is
 * locked" because Box2D's listeners run mid-step). The buffer is cleared
 * when the next step starts and grows as needed, so a quiet step costs
 * nothing. */
#include "alloc.h"
#include "world.h"

static const char *const names[TT_EVENT_KIND_COUNT] = {
	[TT_EVENT_NONFINITE] = "nonfinite",
	[TT_EVENT_BREAK] = "break",
	[TT_EVENT_CONTACT_BEGIN] = "contact_begin",
	[TT_EVENT_CONTACT_END] = "contact_end",
	[TT_EVENT_CUT] = "cut",
	[TT_EVENT_CULL] = "cull",
	[TT_EVENT_GRAB_LIMIT] = "grab_limit",
	[TT_EVENT_TEAR_LIMIT] = "tear_limit",
};

const char *tt_event_kind_name(tt_event_kind kind)
{
	return (unsigned)kind < TT_EVENT_KIND_COUNT ? names[kind] : "?";
}

void tt_event_push(tt_world *w, const tt_event *e)
{
	tt_events *ev = &w->events;
	if (!tt_reserve((void **)&ev->items, ev->count, &ev->capacity,
			sizeof *ev->items, 16))
		return;
	ev->items[ev->count++] = *e;
	ev->between = w->cuts.stepping ? 0 : ev->between + 1;
}

/* Events pushed between steps (cuts made by scripts) belong to the next
 * step's report: they stay, moved to the front. */
void tt_event_begin_step(tt_world *w)
{
	tt_events *ev = &w->events;
	int keep = ev->between < ev->count ? ev->between : ev->count;
	for (int i = 0; i < keep; i++)
		ev->items[i] = ev->items[ev->count - keep + i];
	ev->count = keep;
	ev->between = 0;
}

void tt_event_release(tt_events *ev)
{
	tt_free(ev->items, (size_t)ev->capacity * sizeof *ev->items);
	ev->items = NULL;
	ev->count = ev->capacity = 0;
}

const tt_event *tt_world_events(tt_world_id id, int *count)
{
	tt_world *w = tt_world_get(id);
	*count = w ? w->events.count : 0;
	return w ? w->events.items : NULL;
}
