/* Private: notice when files change on disk. */
#ifndef TT_WATCH_H
#define TT_WATCH_H

typedef struct tt_watch tt_watch;

/// A watcher of no files yet. NULL when out of memory.
tt_watch *tt_watch_create(void);
void tt_watch_destroy(tt_watch *w);
/// Watch exactly these files from now on (the list replaces the last one).
void tt_watch_set(tt_watch *w, const char *const *files, int count);
/// 1 when a watched file was written, replaced or renamed over since the
/// last call; never blocks.
int tt_watch_changed(tt_watch *w);

#endif
