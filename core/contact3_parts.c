/* The 3D particle contacts split among the world's threads (threads.h).
 *
 * A particle's contacts read the colliders and write that particle
 * alone, so ranges of particles are independent; only the list of
 * contacts and the touches (and their events) follow particle order. So
 * each part lists its range's contacts in a list of its own, and after
 * the parts the lists are appended in part order, each contact's touch
 * marked as it goes in: the list, the touches and the events come out as
 * from one pass over every particle, for any number of parts. A part's
 * list is sized before the parts run (no part allocates); a part that
 * fills it stops, and the rest of its range is done in order after its
 * list is appended. The cloth row's contacts (a 64 x 64 cloth on a ball)
 * were half its step. */
#include <limits.h>

#include "world.h"

/* Least particles a part: a particle costs tens of ns against a ball or
 * a floor, waking a thread a few us. */
#define LEAST 1024

typedef struct job {
	tt_world *w;
	float h;
	int room;  /* contacts a part may list */
	int stop[TT_MAX_THREADS];
} job;

static void bounds(const tt_world *w, int part, int parts, int *from, int *to)
{
	long long n = w->particles.count;
	*from = (int)(n * part / parts);
	*to = (int)(n * (part + 1) / parts);
}

static void part_job(void *ctx, int part, int parts)
{
	job *j = ctx;
	int from, to;
	bounds(j->w, part, parts, &from, &to);
	tt_contacts *ct = &j->w->contact_parts[part];
	ct->count = 0;
	j->stop[part] = tt_contact3_range(j->w, j->h, NULL, from, to, ct, j->room);
}

/* Room for a part's range, a contact a particle, and all colliders for
 * its last; tests (split_all) get room for one particle only, so the
 * rest of each range is the serial tail's. */
static int room_for(const tt_world *w, int parts)
{
	int n = w->particles.count, colliders = w->colliders.count;
	return w->split_all ? colliders : n / parts + 1 + colliders;
}

static int reserve(tt_world *w, int parts, int room)
{
	for (int k = 0; k < parts; k++)
		if (!tt_contact_reserve(&w->contact_parts[k], room))
			return 0;
	return 1;
}

static void append(tt_world *w, const tt_contacts *part)
{
	for (int k = 0; k < part->count; k++) {
		tt_contact_push(&w->contacts, &part->items[k], part->motion[k]);
		tt_contact_touched(w, &part->items[k]);
	}
}

int tt_contact3_parts(tt_world *w, float h)
{
	int n = w->particles.count;
	int parts = w->split_all ? w->threads : n / LEAST;
	parts = parts < w->threads ? parts : w->threads;
	job j = {.w = w, .h = h, .room = parts > 1 ? room_for(w, parts) : 0};
	if (parts < 2 || !reserve(w, parts, j.room))
		return 0;
	tt_threads_run(part_job, &j, parts);
	for (int k = 0; k < parts; k++) {
		int from, to;
		bounds(w, k, parts, &from, &to);
		append(w, &w->contact_parts[k]);
		if (j.stop[k] < to)
			tt_contact3_range(w, h, NULL, j.stop[k], to, &w->contacts,
					  INT_MAX);
	}
	return 1;
}
