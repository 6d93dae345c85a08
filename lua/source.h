/* Private: the text of the project files a scene runs (its file and the
 * modules it requires), as the runtime holds them between saves. */
#ifndef TT_SOURCE_H
#define TT_SOURCE_H

#include <stddef.h>

typedef struct tt_source tt_source;

/// Told each text the runtime reads: the first time a file is read and
/// every time its text changes after that (what a recording must hold);
/// text NULL: the file is gone.
typedef void tt_source_note(void *ud, const char *path, const char *text,
			    size_t len);

/// An empty set of files; NULL when out of memory.
tt_source *tt_source_create(void);
void tt_source_destroy(tt_source *s);
/// Replaying: texts come only from tt_source_put, never from disk.
void tt_source_set_replaying(tt_source *s, int on);
void tt_source_on_note(tt_source *s, tt_source_note *note, void *ud);
/// The text of path, read from disk the first time (unless replaying);
/// NULL when there is no such file. Valid until the next put or commit.
const char *tt_source_get(tt_source *s, const char *path, size_t *len);
/// From now on path holds this text (a recorded save; NULL: it is gone).
/// 0 when out of memory.
int tt_source_put(tt_source *s, const char *path, const char *text,
		  size_t len);
/// Read every file held from disk again, into a copy not yet in force.
/// 0 when the file must is missing (deleted, not yet written again).
int tt_source_stage(tt_source *s, const char *must);
/// 1 when what tt_source_stage read of `path` is empty (or missing).
int tt_source_staged_empty(const tt_source *s, const char *path);
/// Put what tt_source_stage read in force (a missing module is no text).
void tt_source_commit(tt_source *s);
/// A file other than path whose text changed since the last
/// tt_source_clear_changed; NULL when none.
const char *tt_source_changed_other(const tt_source *s, const char *path);
void tt_source_clear_changed(tt_source *s);
/// The paths held, at most max of them; their count.
int tt_source_paths(const tt_source *s, const char **paths, int max);

#endif
