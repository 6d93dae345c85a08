/* The world teleport: everything moves by one offset at once, between
 * steps, so nothing sees motion (a floating origin, a level that shifts a
 * character and all it carries). Every particle's position and its step
 * history move together (velocity is kept, so no speed is added); then
 * whatever history a composite keeps of its own (chains), the grabs'
 * targets, the colliders' and frames' poses (what is pinned to them is
 * placed from them) and the blades' sweeps, so nothing is cut on the way.
 * A composite that keeps positions of its own adds its line to
 * translate_composites. */
#include "bone.h"
#include "vec3.h"

static void translate_particles(tt_particles *p, tt_vec3 d)
{
	for (int i = 0; i < p->count; i++) {
		p->x[i] += d.x, p->px[i] += d.x;
		p->y[i] += d.y, p->py[i] += d.y;
		p->z[i] += d.z, p->pz[i] += d.z;
	}
}

static void shift_pose(tt_pose *p, tt_vec3 d)
{
	p->x += d.x;
	p->y += d.y;
}

static void translate_colliders(tt_colliders *cs, tt_vec3 d)
{
	for (int i = 0; i < cs->count; i++) {
		tt_collider *c = &cs->items[i];
		c->def.position = v3_add(c->def.position, d);
		tt_pose *flat[4] = {&c->from, &c->to, &c->prev, &c->cur};
		tt_pose3 *solid[4] = {&c->from3, &c->to3, &c->prev3, &c->cur3};
		for (int k = 0; k < 4; k++) {
			shift_pose(flat[k], d);
			solid[k]->p = v3_add(solid[k]->p, d);
		}
	}
}

static void translate_frames(tt_frames *fs, tt_vec3 d)
{
	for (int i = 0; i < fs->count; i++) {
		tt_frame *f = &fs->items[i];
		f->from.p = v3_add(f->from.p, d);
		f->to.p = v3_add(f->to.p, d);
		f->cur.p = v3_add(f->cur.p, d);
	}
}

static void translate_cutters(tt_cutters *cs, tt_vec3 d)
{
	for (int i = 0; i < cs->count; i++) {
		cs->items[i].from = v3_add(cs->items[i].from, d);
		cs->items[i].to = v3_add(cs->items[i].to, d);
	}
}

/* Grabs pull toward targets in the world: they move with it. */
static void translate_grabs(tt_grabs *gs, tt_vec3 d)
{
	for (int i = 0; i < gs->count; i++) {
		gs->items[i].from = v3_add(gs->items[i].from, d);
		gs->items[i].to = v3_add(gs->items[i].to, d);
	}
}

/* Ropes and soft bodies keep no positions but their particles' (a soft
 * body's rest shape is about its centre). */
static void translate_composites(tt_world *w, tt_vec3 d)
{
	tt_bonechain_translate_all(w, d);
	tt_cloth_translate_all(w, d);
	translate_grabs(&w->grabs, d);
}

tt_status tt_world_teleport(tt_world_id world, tt_vec3 d)
{
	tt_world *w = tt_world_get(world);
	if (!w)
		return TT_ERR_WORLD_STALE;
	if (!tt_vec3_finite(d))
		return TT_ERR_NOT_FINITE;
	if (!w->def.is_3d)
		d.z = 0.0f;
	translate_particles(&w->particles, d);
	translate_composites(w, d);
	translate_colliders(&w->colliders, d);
	translate_frames(&w->frames, d);
	translate_cutters(&w->cutters, d);
	return TT_OK;
}
