/* Private: inputs recorded per step to a file, and replayed from one. */
#ifndef TT_RECORD_H
#define TT_RECORD_H

#include <stddef.h>

#include "../view/view.h"

typedef struct tt_record tt_record;

/// Record to record_path and/or replay from replay_path (either may be
/// NULL). NULL with err set when a file cannot be opened or read.
tt_record *tt_record_open(const char *record_path, const char *replay_path,
			  char *err, size_t err_size);
void tt_record_close(tt_record *r);
/// Note an input handled before step number step.
void tt_record_input(tt_record *r, long step, const tt_input *in);
/// The next replayed input due before step number step; 0 when none.
int tt_record_next(tt_record *r, long step, tt_input *out);
/// 1 when inputs come from a replay (live input is then ignored).
int tt_record_replaying(const tt_record *r);

#endif
