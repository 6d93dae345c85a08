/* Draw lists: what a scene's draw(g) asks for, recorded in world units and
 * replayed by tt_view_draw_list once the camera is known. A growable array
 * of commands; text is copied, so the caller's string may go away (meshes
 * and textures are not: the binding keeps them alive for the frame). When
 * memory runs out a command is dropped: a missing line is better than a
 * failed frame.
 *
 * In 2D the commands draw in their order, a mesh too. In 3D lines, filled
 * circles and meshes join the depth sort with the world (depth.c), and
 * what has no depth, text and outlined circles, goes over it after the
 * flush; soft bodies are 2D only. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef enum command_kind {
	LINE, CIRCLE, TEXT, MESH, SOLID, SOFTBODY
} command_kind;

typedef struct command {
	command_kind kind;
	tt_vec3 a, b;    /* line ends; a is also a centre or a text anchor */
	float size;      /* line width (pixels) or radius (metres) */
	int filled;
	tt_color color;
	char *text;      /* owned */
	tt_solid solid;  /* its points owned */
	const tt_mesh *const *mesh;        /* the caller's handles: NULL */
	const tt_texture *const *texture;  /* in them when closed since */
	tt_softbody_id body;
} command;

struct tt_drawlist {
	command *items;
	int count, capacity;
};

tt_drawlist *tt_drawlist_create(void)
{
	return calloc(1, sizeof(tt_drawlist));
}

void tt_drawlist_destroy(tt_drawlist *list)
{
	if (!list)
		return;
	tt_drawlist_clear(list);
	free(list->items);
	free(list);
}

void tt_drawlist_clear(tt_drawlist *list)
{
	for (int i = 0; i < list->count; i++) {
		free(list->items[i].text);
		free((void *)list->items[i].solid.points);
	}
	list->count = 0;
}

/* Append a command; NULL when the array cannot grow. */
static command *push(tt_drawlist *list, command_kind kind, tt_color color)
{
	command *c;

	if (list->count == list->capacity) {
		int capacity = list->capacity ? 2 * list->capacity : 64;
		size_t bytes = sizeof(command) * (size_t)capacity;
		command *items = realloc(list->items, bytes);
		if (!items)
			return NULL;
		list->items = items;
		list->capacity = capacity;
	}
	c = &list->items[list->count++];
	memset(c, 0, sizeof *c);
	c->kind = kind;
	c->color = color;
	return c;
}

void tt_drawlist_line(tt_drawlist *list, tt_vec3 a, tt_vec3 b, tt_color color,
		      float width)
{
	command *c = push(list, LINE, color);

	if (c) {
		c->a = a;
		c->b = b;
		c->size = width;
	}
}

void tt_drawlist_circle(tt_drawlist *list, tt_vec3 center, float radius,
			tt_color color, int filled)
{
	command *c = push(list, CIRCLE, color);

	if (c) {
		c->a = center;
		c->size = radius;
		c->filled = filled;
	}
}

void tt_drawlist_text(tt_drawlist *list, tt_vec3 at, const char *text,
		      tt_color color)
{
	size_t n = strlen(text) + 1;
	char *copy = malloc(n);
	command *c = copy ? push(list, TEXT, color) : NULL;

	if (!c) {
		free(copy);
		return;
	}
	c->a = at;
	c->text = memcpy(copy, text, n);
}

void tt_drawlist_mesh(tt_drawlist *list, const tt_mesh *const *mesh,
		      const tt_texture *const *texture, tt_color color)
{
	command *c = push(list, MESH, color);

	if (c) {
		c->mesh = mesh;
		c->texture = texture;
	}
}

void tt_drawlist_softbody(tt_drawlist *list, tt_softbody_id body,
			  const tt_texture *const *texture, tt_color color)
{
	command *c = push(list, SOFTBODY, color);

	if (c) {
		c->body = body;
		c->texture = texture;
	}
}

/* A mesh closed since it was listed (its handle NULL) is not drawn; a
 * closed texture leaves the mesh untextured. */
static void draw_mesh(tt_view *view, const command *c)
{
	if (*c->mesh)
		tt_view_draw_mesh(view, *c->mesh, c->texture ? *c->texture : NULL,
				  c->color);
}

void tt_drawlist_solid(tt_drawlist *list, const tt_solid *solid,
		       tt_color color)
{
	size_t bytes = (size_t)solid->point_count * sizeof(tt_vec3);
	tt_vec3 *points = bytes ? malloc(bytes) : NULL;
	command *c = !bytes || points ? push(list, SOLID, color) : NULL;

	if (!c) {
		free(points);
		return;
	}
	c->solid = *solid;
	c->solid.points = bytes ? memcpy(points, solid->points, bytes) : NULL;
}

static void draw_command(tt_view *view, const command *c)
{
	float x0, y0, x1, y1, r;

	tt_view_to_screen(view, c->a, &x0, &y0);
	switch (c->kind) {
	case LINE:
		tt_view_to_screen(view, c->b, &x1, &y1);
		tt_view_line(view, x0, y0, x1, y1, c->size, c->color);
		break;
	case CIRCLE:
		r = c->size * tt_view_scale(view);
		if (c->filled)
			tt_view_disc(view, x0, y0, r, c->color);
		else
			tt_view_ring(view, x0, y0, r, 2.0f, c->color);
		break;
	case TEXT:
		tt_view_text(view, x0, y0, c->text, tt_view_text_scale(view),
			     c->color);
		break;
	case MESH:
		draw_mesh(view, c);
		tt_view_flush(view);
		break;
	case SOLID:
		tt_view_draw_solid(view, &c->solid, c->color);
		tt_view_flush(view);
		break;
	case SOFTBODY:
		tt_view_draw_softbody(view, c->body,
				      c->texture ? *c->texture : NULL, c->color);
		break;
	}
}

/* In 3D: queue what has a depth; 0 for what goes over the flush. */
static int queue_command(tt_view *view, const command *c)
{
	if (c->kind == LINE)
		tt_view_line3(view, c->a, c->b, c->size, c->color, 0.0f);
	else if (c->kind == CIRCLE && c->filled)
		tt_view_disc3(view, c->a, c->size, 1.0f, c->color, 0.0f);
	else if (c->kind == MESH)
		draw_mesh(view, c);
	else if (c->kind == SOLID)
		tt_view_draw_solid(view, &c->solid, c->color);
	else
		return 0;
	return 1;
}

void tt_view_draw_list(tt_view *view, const tt_drawlist *list)
{
	if (!view->is_3d) {
		for (int i = 0; i < list->count; i++)
			draw_command(view, &list->items[i]);
		return;
	}
	int over = 0;
	for (int i = 0; i < list->count; i++)
		over += !queue_command(view, &list->items[i]);
	tt_view_flush(view);
	for (int i = 0; over > 0 && i < list->count; i++)
		if (list->items[i].kind == TEXT ||
		    (list->items[i].kind == CIRCLE && !list->items[i].filled))
			draw_command(view, &list->items[i]);
}
