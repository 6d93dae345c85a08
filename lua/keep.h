/* Private: tuned values kept over a quit in a sidecar file. */
#ifndef TT_KEEP_H
#define TT_KEEP_H

#include "runtime.h"

/// At quit: write the values tuned and not saved with Ctrl+S, each with the
/// file value it was tuned from, to "<scene>.tuned" and say so on stderr;
/// with none left, remove the sidecar. Nothing when the scene never loaded.
void tt_keep_write(tt_runtime *rt, const char *scene);
/// At start, before the load: give the runtime the values of
/// "<scene>.tuned" (applied while the file holds what each was tuned from).
/// 0 when there is no such file.
int tt_keep_read(tt_runtime *rt, const char *scene);
/// After Ctrl+S the scene file holds them: remove the sidecar.
void tt_keep_remove(const char *scene);

#endif
