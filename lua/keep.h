/* Private: tuned values kept over a quit in a sidecar file. */
#ifndef TT_KEEP_H
#define TT_KEEP_H

#include "runtime.h"

/// At quit with unsaved tuned values: write every current tune value to
/// "<scene>.tuned" and say so on stderr.
void tt_keep_write(tt_runtime *rt, const char *scene);
/// At start: apply the values of "<scene>.tuned" (as --set does) and say
/// so. 0 when there is no such file.
int tt_keep_read(tt_runtime *rt, const char *scene);
/// After Ctrl+S the scene file holds them: remove the sidecar.
void tt_keep_remove(const char *scene);

#endif
