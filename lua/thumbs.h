/* Private: thumbnails of scenes for the picker, rendered headless on first
 * use and kept in the user's cache. */
#ifndef TT_THUMBS_H
#define TT_THUMBS_H

#include <stddef.h>

#define TT_THUMB_W 320
#define TT_THUMB_H 180

/// The cached thumbnail of scene into out, rendered (headless, one second
/// in, no HUD) when it is not there yet. 0 when it cannot be made (the
/// scene fails, the cache cannot be written); out names the file anyway.
int tt_thumb(const char *scene, const char *root, char *out, size_t size);
/// Where thumbnails are kept: $XDG_CACHE_HOME/taut/thumbnails, else
/// ~/.cache/taut/thumbnails (the folders made).
void tt_thumb_dir(char *out, size_t size);

#endif
