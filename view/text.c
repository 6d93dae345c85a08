/* Text through stb_easy_font: glyphs built from axis-aligned quads, so no
 * font file and no texture. stb writes its quads (x, y, z, rgba) straight
 * into a buffer that SDL_RenderGeometryRaw reads in place; we only scale
 * them by a whole number, so strokes land on whole pixels and stay crisp.
 * A line is drawn in chunks of CHUNK characters to keep buffers on the
 * stack. */
#include <math.h>
#include <string.h>

#include "internal.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-braces"
#include "stb_easy_font.h"
#pragma GCC diagnostic pop

#define CHUNK 16         /* characters per geometry call */
#define GLYPH_QUADS 11   /* the most quads any glyph needs */
#define CHUNK_QUADS (CHUNK * GLYPH_QUADS)
#define LINE_UNITS 12    /* stb_easy_font's line advance */

typedef struct glyph_vertex {
	float x, y, z;
	SDL_Color color;
} glyph_vertex;

/* stb_easy_font indexes its tables by c - 32, so anything outside the
 * printable ASCII range must never reach it. */
static char printable(char c)
{
	if (c == '\t')
		return ' ';
	return c >= ' ' && c <= '~' ? c : '?';
}

/* Every size is worked out from a scale held to [1, MAX_SCALE], in float
 * where it grows with the text: a huge scale or a long text must not
 * overflow an int. */
static int held(int scale)
{
	return scale < 1 ? 1 : scale > TT_VIEW_TEXT_MAX_SCALE
				       ? TT_VIEW_TEXT_MAX_SCALE : scale;
}

static float advance(char c, int scale)
{
	char one[2] = { printable(c), '\0' };

	return (float)stb_easy_font_width(one) * (float)held(scale);
}

int tt_view_text_line_height(int scale)
{
	return LINE_UNITS * held(scale);
}

float tt_view_text_width(const char *s, int n, int scale)
{
	float w = 0.0f;

	for (int i = 0; i < n; i++)
		w += advance(s[i], scale);
	return w;
}

int tt_view_text_fit(const char *s, int n, int scale, float max_width)
{
	float w = 0.0f;
	int i;

	for (i = 0; i < n; i++) {
		w += advance(s[i], scale);
		if (w > max_width)
			break;
	}
	return i > 0 || n == 0 ? i : 1;
}

/* Draw one chunk (a NUL-terminated printable string) at (x, y). */
static void draw_chunk(tt_view *view, float x, float y, char *chunk,
		       int scale, tt_color color)
{
	glyph_vertex v[4 * CHUNK_QUADS];
	Uint16 index[6 * CHUNK_QUADS];
	unsigned char rgba[4] = { color.r, color.g, color.b, color.a };
	int quads = stb_easy_font_print(0.0f, 0.0f, chunk, rgba, v, sizeof v);

	for (int i = 0; i < 4 * quads; i++) {
		v[i].x = x + v[i].x * (float)held(scale);
		v[i].y = y + v[i].y * (float)held(scale);
	}
	for (int q = 0; q < quads; q++) {
		static const Uint16 corner[6] = { 0, 1, 2, 0, 2, 3 };
		for (int k = 0; k < 6; k++)
			index[6 * q + k] = (Uint16)(4 * q + corner[k]);
	}
	SDL_RenderGeometryRaw(view->renderer, NULL, &v[0].x, sizeof v[0],
			      &v[0].color, sizeof v[0], NULL, 0, 4 * quads,
			      index, 6 * quads, sizeof index[0]);
}

void tt_view_text_line(tt_view *view, float x, float y, const char *s, int n,
		       int scale, tt_color color)
{
	char chunk[CHUNK + 1];

	if (!(y < (float)view->height && x < (float)view->width &&
	      y + (float)tt_view_text_line_height(scale) > 0.0f))
		return; /* off screen, or not finite */
	x = floorf(x + 0.5f);
	y = floorf(y + 0.5f);
	for (int at = 0; at < n && x < (float)view->width; at += CHUNK) {
		int len = n - at < CHUNK ? n - at : CHUNK;
		for (int i = 0; i < len; i++)
			chunk[i] = printable(s[at + i]);
		chunk[len] = '\0';
		draw_chunk(view, x, y, chunk, scale, color);
		x += (float)stb_easy_font_width(chunk) * (float)held(scale);
	}
}

/* The length of the line starting at s, and where the next one starts
 * (NULL after the last). */
static const char *split_line(const char *s, int *len)
{
	const char *end = strchr(s, '\n');

	*len = end ? (int)(end - s) : (int)strlen(s);
	return end ? end + 1 : NULL;
}

void tt_view_text(tt_view *view, float x, float y, const char *text, int scale,
		  tt_color color)
{
	float row = (float)tt_view_text_line_height(scale);
	int len;

	for (const char *s = text; s; y += row) {
		const char *next = split_line(s, &len);
		tt_view_text_line(view, x, y, s, len, scale, color);
		s = next;
	}
}

void tt_view_text_size(const char *text, int scale, float *w, float *h)
{
	int len, lines = 0;

	*w = 0.0f;
	for (const char *s = text; s; lines++) {
		const char *next = split_line(s, &len);
		*w = fmaxf(*w, tt_view_text_width(s, len, scale));
		s = next;
	}
	*h = (float)lines * (float)tt_view_text_line_height(scale);
}
