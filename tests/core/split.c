/* Worlds for the whole-step comparisons (split.h). */
#include "check.h"
#include "split.h"
#include "scenes.h"

tt_world_id split_world(const tt_world_def *def, const tt_lanes *lanes,
			int whole)
{
	tt_world_id world = scene_world_from(def);
	tt_world *w = tt_world_get(world);
	w->lanes = lanes;
	w->split_all = 1;
	w->stream_off = !whole;
	return world;
}

void split_same_resets(split_run *overflow)
{
	int events, count;
	uint64_t staged = overflow(NULL, 1, 0, &events);
	check_note("%d resets", events);
	CHECK(events > 2);
	for (int threads = 1; threads <= 3; threads++)
		for (int k = -1; k < 3; k++) {
			const tt_lanes *lanes = k < 0 ? NULL : tt_lanes_width(k);
			if (k < 0 || lanes)
				CHECK(overflow(lanes, threads, 1, &count) == staged &&
				      count == events);
		}
}
