/* Private: notice when files change on disk, once each save is complete. */
#ifndef TT_WATCH_H
#define TT_WATCH_H

typedef struct tt_watch tt_watch;

/// A watcher of no files yet. NULL when out of memory.
tt_watch *tt_watch_create(void);
void tt_watch_destroy(tt_watch *w);
/// Watch exactly these files from now on (the list replaces the last one).
void tt_watch_set(tt_watch *w, const char *const *files, int count);
/// 1 when a watched file was written, replaced, renamed over or deleted
/// since the last call and that save has settled (see watch.c): read it
/// now. Never blocks.
int tt_watch_changed(tt_watch *w);
/// After reading what tt_watch_changed reported: 1 when a watched file
/// changed again meanwhile (what was read may be torn); the change is
/// pending again.
int tt_watch_disturbed(tt_watch *w);
/// After reading an empty file: 1 (and the change pending again) while its
/// last change is under a second old, since a save that truncates first
/// reads as empty until it is written; an empty file that stays is read.
int tt_watch_fresh(tt_watch *w);
/// Forget what happened so far (a replay ran on recorded texts meanwhile).
void tt_watch_forget(tt_watch *w);
/// Seconds until a pending change settles (0: now); -1 when none is
/// pending. Never blocks.
double tt_watch_due(tt_watch *w);

#endif
