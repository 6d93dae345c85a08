/* Textures: RGBA pixels in memory (read with stb_image: PNG, JPG, TGA and
 * the rest it knows), independent of any view, so a scene can load them
 * before a window exists and tests can load them with none. Each view
 * makes the SDL texture of one on first use, on its own renderer, and
 * keeps it in a small cache keyed by the texture's serial number (never
 * by pointer: a freed texture's address can come back). Entries not used
 * for EVICT_FRAMES frames go, so textures reloaded by hot reloads do not
 * pile up. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>

#include "internal.h"

#define CACHE_SIZE 64
#define EVICT_FRAMES 120

struct tt_texture {
	int width, height;
	unsigned char *rgba;
	int from_stb;     /* rgba goes back through stbi_image_free */
	unsigned serial;
};

typedef struct cached {
	unsigned serial;  /* 0: free */
	SDL_Texture *texture;
	long used;        /* view frame of the last use */
} cached;

struct tt_texture_cache {
	cached items[CACHE_SIZE];
};

static unsigned next_serial = 1;

static tt_texture *wrap(int width, int height, unsigned char *rgba,
		       int from_stb)
{
	tt_texture *t = malloc(sizeof *t);
	if (!t)
		return NULL;
	*t = (tt_texture){width, height, rgba, from_stb, next_serial++};
	if (next_serial == 0)
		next_serial = 1;
	return t;
}

tt_texture *tt_texture_load(const char *path, char *err, size_t err_size)
{
	FILE *f = fopen(path, "rb");
	int w, h, channels;
	if (!f) {
		snprintf(err, err_size, "cannot read texture '%s' (%s)", path,
			 strerror(errno));
		return NULL;
	}
	unsigned char *rgba = stbi_load_from_file(f, &w, &h, &channels, 4);
	fclose(f);
	if (!rgba) {
		snprintf(err, err_size, "cannot decode texture '%s' (%s)", path,
			 stbi_failure_reason());
		return NULL;
	}
	tt_texture *t = wrap(w, h, rgba, 1);
	if (!t) {
		stbi_image_free(rgba);
		snprintf(err, err_size, "out of memory");
	}
	return t;
}

tt_texture *tt_texture_create(int width, int height, const uint8_t *rgba)
{
	if (width < 1 || height < 1 || width > 16384 || height > 16384)
		return NULL;
	size_t bytes = (size_t)width * (size_t)height * 4;
	unsigned char *copy = malloc(bytes);
	tt_texture *t = copy ? wrap(width, height, copy, 0) : NULL;
	if (!t)
		free(copy);
	else
		memcpy(copy, rgba, bytes);
	return t;
}

void tt_texture_destroy(tt_texture *t)
{
	if (!t)
		return;
	if (t->from_stb)
		stbi_image_free(t->rgba);
	else
		free(t->rgba);
	free(t);
}

void tt_texture_size(const tt_texture *t, int *width, int *height)
{
	*width = t->width;
	*height = t->height;
}

static SDL_Texture *make(tt_view *view, const tt_texture *t)
{
	SDL_Texture *texture = SDL_CreateTexture(
		view->renderer, SDL_PIXELFORMAT_ABGR8888,
		SDL_TEXTUREACCESS_STATIC, t->width, t->height);
	if (texture && SDL_UpdateTexture(texture, NULL, t->rgba, 4 * t->width) != 0) {
		SDL_DestroyTexture(texture);
		return NULL;
	}
	if (texture)
		SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
	return texture;
}

/* The entry of serial, else a free one, else the least recently used. */
static cached *slot_for(tt_texture_cache *cache, unsigned serial)
{
	cached *pick = &cache->items[0];
	for (int i = 0; i < CACHE_SIZE; i++) {
		cached *c = &cache->items[i];
		if (c->serial == serial)
			return c;
		if (pick->serial && (!c->serial || c->used < pick->used))
			pick = c;
	}
	return pick;
}

SDL_Texture *tt_view_texture(tt_view *view, const tt_texture *t)
{
	if (!t || !view->textures)
		return NULL;
	cached *c = slot_for(view->textures, t->serial);
	if (c->serial != t->serial) {
		if (c->texture)
			SDL_DestroyTexture(c->texture);
		*c = (cached){t->serial, make(view, t), 0};
		if (!c->texture)
			c->serial = 0;
	}
	c->used = view->frame;
	return c->texture;
}

void tt_view_textures_age(tt_view *view)
{
	for (int i = 0; view->textures && i < CACHE_SIZE; i++) {
		cached *c = &view->textures->items[i];
		if (c->serial && view->frame - c->used > EVICT_FRAMES) {
			SDL_DestroyTexture(c->texture);
			*c = (cached){0, NULL, 0};
		}
	}
}

int tt_view_textures_open(tt_view *view)
{
	view->textures = calloc(1, sizeof *view->textures);
	return view->textures != NULL;
}

void tt_view_textures_release(tt_view *view)
{
	for (int i = 0; view->textures && i < CACHE_SIZE; i++)
		if (view->textures->items[i].texture)
			SDL_DestroyTexture(view->textures->items[i].texture);
	free(view->textures);
	view->textures = NULL;
}
