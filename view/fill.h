/* Private to view/: filled polygons with per-corner texture coordinates,
 * batched (fill.c). For soft bodies now; a textured mesh can share it. */
#ifndef TT_VIEW_FILL_H
#define TT_VIEW_FILL_H

#include "internal.h"

#define TT_FILL_MAX_CORNERS 8
#define TT_FILL_VERTICES 1024
#define TT_FILL_INDICES 3072

/* A corner: screen pixels, texture coordinates in [0, 1] (v up). */
typedef struct tt_fill_corner {
	float x, y, u, v;
} tt_fill_corner;

typedef struct tt_fill {
	tt_view *view;
	SDL_Texture *texture;
	SDL_Vertex v[TT_FILL_VERTICES];
	int index[TT_FILL_INDICES];
	int vertices, indices;
} tt_fill;

/// Start a batch, textured when texture is not NULL.
void tt_fill_begin(tt_fill *f, tt_view *view, SDL_Texture *texture);
/// A polygon of n (3 to 8) corners, filled as a fan from the first, in
/// one colour (which tints the texture); off-screen or non-finite ones
/// are skipped.
void tt_fill_polygon(tt_fill *f, const tt_fill_corner *c, int n,
		     tt_color color);
/// Draw what the batch holds.
void tt_fill_end(tt_fill *f);

#endif
