/* Private: F12 screenshots and F9 GIF recordings, written next to the
 * scene as screenshots/<scene>-<n>.png / .gif. */
#ifndef TT_CAPTURE_H
#define TT_CAPTURE_H

#include <stddef.h>

#include "../view/view.h"

typedef struct tt_recorder {
	tt_gif *gif;     /* NULL while not recording */
	char path[1024];
	double since;    /* seconds drawn since the last frame taken; < 0
			    before the first */
} tt_recorder;

/// The next free <scene's folder>/screenshots/<scene>-<n>.<ext> (n from
/// 1), making the folder; 0 with the reason in out when it cannot.
int tt_capture_path(const char *scene, const char *ext, char *out,
		    size_t size);
/// F12: save the last frame drawn; msg says where, or why not. 1 if saved.
int tt_capture_shot(tt_view *view, const char *scene, char *msg, size_t size);
/// F9: start a GIF, or finish the one being recorded; msg says which.
void tt_capture_toggle(tt_recorder *r, tt_view *view, const char *scene,
		       char *msg, size_t size);
/// A frame was drawn elapsed seconds after the last: taken when a 30th of
/// a second has gathered. 0 with msg set when the recording had to stop
/// (and is finished).
int tt_capture_frame(tt_recorder *r, tt_view *view, double elapsed,
		     char *msg, size_t size);

#endif
