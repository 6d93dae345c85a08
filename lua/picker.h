/* Private: the scene browser of `taut` with no scene or with a folder. */
#ifndef TT_PICKER_H
#define TT_PICKER_H

#include "app.h"

/// Browse folder's scenes and run the ones chosen with options (their
/// scene replaced); the exit status of the last one run, or 0.
int tt_picker_run(const tt_app_options *options, const char *folder);

#endif
