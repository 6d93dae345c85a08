/* Time budget: the host's "stop now", polled from long core work.
 *
 * A script can ask for a step of 1000 substeps x 1000 iterations over a
 * world as large as its memory limit; without a poll that call would keep
 * the host from ever getting control back (its own time budget only runs
 * between Lua instructions). Work is counted in units of about one
 * projection and the poll is asked once per POLL_EVERY units (a clock
 * read every millisecond or so), so the cost is a counter add per
 * iteration; a step stopped early leaves every
 * particle where the last finished iteration put it (finite, consistent),
 * and the world goes on at the next step. */
#include "world.h"

#define POLL_EVERY (1L << 18)

static tt_interrupt_fn *g_poll;
static void *g_context;
static long g_work;

void tt_set_interrupt(tt_interrupt_fn *poll, void *context)
{
	g_poll = poll;
	g_context = context;
	g_work = 0;
}

int tt_budget_spend(tt_world *w, long units)
{
	if (w->interrupted)
		return 1;
	g_work += units;
	if (g_work < POLL_EVERY)
		return 0;
	g_work = 0;
	w->interrupted = g_poll && g_poll(g_context);
	return w->interrupted;
}
