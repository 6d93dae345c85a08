/* The blade: what a slash leaves on screen. A trail of the pointer's last
 * positions, fading over TRAIL_FRAMES frames, and a flash at every cut
 * point the world reported, an expanding ring that fades over
 * FLASH_FRAMES. It reads the world's events; it never changes physics. */
#include <stdlib.h>

#include "internal.h"

#define TRAIL_POINTS 48
#define TRAIL_FRAMES 14
#define FLASHES 128
#define FLASH_FRAMES 24

typedef struct trail_point {
	tt_vec3 at;
	int age, starts;  /* starts: not joined to the point before */
} trail_point;

typedef struct flash {
	tt_vec3 at;
	int age;
} flash;

struct tt_blade {
	trail_point trail[TRAIL_POINTS];  /* oldest first */
	int trail_count;
	flash flashes[FLASHES];           /* a ring: the oldest is replaced */
	int next_flash;
};

static const tt_color trail_color = {150, 230, 255, 255};
static const tt_color flash_color = {255, 230, 90, 255};

tt_blade *tt_blade_create(void)
{
	tt_blade *blade = calloc(1, sizeof *blade);
	for (int i = 0; blade && i < FLASHES; i++)
		blade->flashes[i].age = FLASH_FRAMES;
	return blade;
}

void tt_blade_destroy(tt_blade *blade)
{
	free(blade);
}

void tt_blade_trail(tt_blade *blade, tt_vec3 point, int starts)
{
	if (blade->trail_count == TRAIL_POINTS) {
		for (int i = 1; i < TRAIL_POINTS; i++)
			blade->trail[i - 1] = blade->trail[i];
		blade->trail_count--;
	}
	blade->trail[blade->trail_count++] = (trail_point){point, 0, starts};
}

void tt_blade_flash_cuts(tt_blade *blade, tt_world_id world)
{
	int count;
	const tt_event *e = tt_world_events(world, &count);
	for (int i = 0; i < count; i++) {
		if (e[i].kind != TT_EVENT_CUT)
			continue;
		blade->flashes[blade->next_flash] = (flash){e[i].point, 0};
		blade->next_flash = (blade->next_flash + 1) % FLASHES;
	}
}

static tt_color fade(tt_color c, int age, int frames)
{
	c.a = (uint8_t)(255 * (frames - age) / frames);
	return c;
}

static void draw_trail(tt_view *view, tt_blade *blade)
{
	for (int i = 1; i < blade->trail_count; i++) {
		const trail_point *p = &blade->trail[i - 1], *q = &blade->trail[i];
		if (q->starts || q->age >= TRAIL_FRAMES)
			continue;
		float x0, y0, x1, y1;
		tt_view_to_screen(view, p->at, &x0, &y0);
		tt_view_to_screen(view, q->at, &x1, &y1);
		float width = 1.0f + 5.0f * (float)(TRAIL_FRAMES - q->age) / TRAIL_FRAMES;
		tt_view_line(view, x0, y0, x1, y1, width,
			     fade(trail_color, q->age, TRAIL_FRAMES));
	}
}

void tt_view_draw_blade(tt_view *view, tt_blade *blade)
{
	draw_trail(view, blade);
	for (int i = 0; i < FLASHES; i++) {
		flash *f = &blade->flashes[i];
		if (f->age >= FLASH_FRAMES)
			continue;
		float x, y;
		tt_view_to_screen(view, f->at, &x, &y);
		tt_color c = fade(flash_color, f->age, FLASH_FRAMES);
		tt_view_ring(view, x, y, 5.0f + 1.5f * (float)f->age, 2.0f, c);
		tt_view_disc(view, x, y, 3.0f, c);
		f->age++;
	}
	for (int i = 0; i < blade->trail_count; i++)
		blade->trail[i].age++;
}
