/* A cloth's settings, read and written live. Plain ones are a float field
 * of the cloth checked on write; the others go on to the parts that carry
 * them: compliances to the cloth's springs, damping,
 * thickness and the filter to its nodes. */
#include <math.h>
#include <stddef.h>

#include "world.h"

static const char *const teleport_names[TT_CLOTH_TELEPORT_COUNT] = {"keep",
								    "reset"};

const char *tt_cloth_teleport_name(tt_cloth_teleport mode)
{
	return (unsigned)mode < TT_CLOTH_TELEPORT_COUNT ? teleport_names[mode]
							: "?";
}

static int at_least(float v, float lo)
{
	return isfinite(v) && v >= lo;
}

#define FIELD(f) offsetof(tt_cloth, f)

static float get_float(tt_cloth_id id, size_t offset)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c ? *(float *)((char *)c + offset) : 0.0f;
}

/* Store v in the field when ok (else refused); the cloth, or NULL with
 * *status saying why not. */
static tt_cloth *set_float(tt_cloth_id id, size_t offset, float v, int ok,
			   tt_status refused, tt_status *status, tt_world **w)
{
	tt_cloth *c = tt_cloth_lookup(id, w);
	*status = !c ? TT_ERR_CLOTH_STALE : !ok ? refused : TT_OK;
	if (*status != TT_OK)
		return NULL;
	*(float *)((char *)c + offset) = v;
	return c;
}

static tt_status set_plain(tt_cloth_id id, size_t offset, float v, int ok,
			   tt_status refused)
{
	tt_status status;
	tt_world *w;
	set_float(id, offset, v, ok, refused, &status, &w);
	return status;
}

/* Compliance of the cloth's springs of class cls (pieces keep theirs). */
static tt_status set_compliance(tt_cloth_id id, size_t offset, int cls,
				float v)
{
	tt_status status;
	tt_world *w;
	tt_cloth *c = set_float(id, offset, v, at_least(v, 0.0f),
				TT_ERR_COMPLIANCE, &status, &w);
	for (int k = 0; c && k < c->laid_springs; k++) {
		if (c->spring_class[k] != cls || !tt_spring_valid(c->springs[k]))
			continue;
		tt_spring_set_compliance(c->springs[k], v);
		tt_spring_set_kind(c->springs[k], v > 0.0f ? TT_SPRING_SOFT
							     : TT_SPRING_ROD);
	}
	return status;
}

float tt_cloth_get_stretch(tt_cloth_id id)
{
	return get_float(id, FIELD(stretch));
}

tt_status tt_cloth_set_stretch(tt_cloth_id id, float v)
{
	return set_compliance(id, FIELD(stretch), TT_CLOTH_STRUCTURAL, v);
}

float tt_cloth_get_shear(tt_cloth_id id)
{
	return get_float(id, FIELD(shear));
}

tt_status tt_cloth_set_shear(tt_cloth_id id, float v)
{
	return set_compliance(id, FIELD(shear), TT_CLOTH_SHEAR, v);
}

float tt_cloth_get_bend(tt_cloth_id id)
{
	return get_float(id, FIELD(bend));
}

tt_status tt_cloth_set_bend(tt_cloth_id id, float v)
{
	return set_compliance(id, FIELD(bend), TT_CLOTH_BEND, v);
}

float tt_cloth_get_max_strain(tt_cloth_id id)
{
	return get_float(id, FIELD(max_strain));
}

/* The tethers' slack follows it (cloth_tear.c tears by it). */
tt_status tt_cloth_set_max_strain(tt_cloth_id id, float v)
{
	tt_status status;
	tt_world *w;
	tt_cloth *c = set_float(id, FIELD(max_strain), v, at_least(v, 0.0f),
				TT_ERR_MAX_STRAIN, &status, &w);
	return c ? tt_cloth_fit_tethers(w, c) : status;
}

/* Each node's particle setting through set. */
static tt_status set_nodes(tt_cloth *c, tt_status status,
			   tt_status (*set)(tt_particle_id, float), float v)
{
	for (int k = 0; c && k < c->node_count; k++)
		if (tt_particle_valid(c->nodes[k]))
			set(c->nodes[k], v);
	return status;
}

float tt_cloth_get_damping(tt_cloth_id id)
{
	return get_float(id, FIELD(damping));
}

tt_status tt_cloth_set_damping(tt_cloth_id id, float v)
{
	tt_status status;
	tt_world *w;
	tt_cloth *c = set_float(id, FIELD(damping), v, at_least(v, 0.0f),
				TT_ERR_DAMPING, &status, &w);
	return set_nodes(c, status, tt_particle_set_damping, v);
}

float tt_cloth_get_thickness(tt_cloth_id id)
{
	return get_float(id, FIELD(thickness));
}

tt_status tt_cloth_set_thickness(tt_cloth_id id, float v)
{
	tt_status status;
	tt_world *w;
	tt_cloth *c = set_float(id, FIELD(thickness), v, v > 0.0f && isfinite(v),
				TT_ERR_THICKNESS, &status, &w);
	return set_nodes(c, status, tt_particle_set_radius, v);
}

float tt_cloth_get_drag(tt_cloth_id id)
{
	return get_float(id, FIELD(drag));
}

tt_status tt_cloth_set_drag(tt_cloth_id id, float v)
{
	return set_plain(id, FIELD(drag), v, at_least(v, 0.0f), TT_ERR_AERO);
}

float tt_cloth_get_lift(tt_cloth_id id)
{
	return get_float(id, FIELD(lift));
}

tt_status tt_cloth_set_lift(tt_cloth_id id, float v)
{
	return set_plain(id, FIELD(lift), v, at_least(v, 0.0f), TT_ERR_AERO);
}

float tt_cloth_get_air_density(tt_cloth_id id)
{
	return get_float(id, FIELD(air_density));
}

tt_status tt_cloth_set_air_density(tt_cloth_id id, float v)
{
	return set_plain(id, FIELD(air_density), v, at_least(v, 0.0f),
			 TT_ERR_AERO);
}

float tt_cloth_get_teleport_distance(tt_cloth_id id)
{
	return get_float(id, FIELD(teleport_distance));
}

tt_status tt_cloth_set_teleport_distance(tt_cloth_id id, float v)
{
	return set_plain(id, FIELD(teleport_distance), v, at_least(v, 0.0f),
			 TT_ERR_TELEPORT_LIMIT);
}

float tt_cloth_get_teleport_angle(tt_cloth_id id)
{
	return get_float(id, FIELD(teleport_angle));
}

tt_status tt_cloth_set_teleport_angle(tt_cloth_id id, float v)
{
	return set_plain(id, FIELD(teleport_angle), v, at_least(v, 0.0f),
			 TT_ERR_TELEPORT_LIMIT);
}

/* ---- whole numbers and flags --------------------------------------------- */

tt_cloth_teleport tt_cloth_get_teleport(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c ? c->teleport : TT_CLOTH_TELEPORT_KEEP;
}

tt_status tt_cloth_set_teleport(tt_cloth_id id, tt_cloth_teleport mode)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	if (!c)
		return TT_ERR_CLOTH_STALE;
	if ((unsigned)mode >= TT_CLOTH_TELEPORT_COUNT)
		return TT_ERR_TELEPORT_LIMIT;
	c->teleport = mode;
	return TT_OK;
}

int tt_cloth_get_self_collision(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c ? c->self_collision : 0;
}

tt_status tt_cloth_set_self_collision(tt_cloth_id id, int on)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	if (!c)
		return TT_ERR_CLOTH_STALE;
	w->cloths.self_colliding += (on != 0) - c->self_collision;
	c->self_collision = on != 0;
	return TT_OK;
}

int tt_cloth_get_visible(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c ? c->visible : 0;
}

tt_status tt_cloth_set_visible(tt_cloth_id id, int visible)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	if (!c)
		return TT_ERR_CLOTH_STALE;
	c->visible = visible != 0;
	return TT_OK;
}

uint32_t tt_cloth_get_group(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c ? c->group : 0;
}

uint32_t tt_cloth_get_mask(tt_cloth_id id)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	return c ? c->mask : 0;
}

/* Group (mask set) or mask of the cloth and every node still there. */
static tt_status set_filter(tt_cloth_id id, uint32_t bits, int mask)
{
	tt_world *w;
	tt_cloth *c = tt_cloth_lookup(id, &w);
	if (!c)
		return TT_ERR_CLOTH_STALE;
	*(mask ? &c->mask : &c->group) = bits;
	for (int k = 0; k < c->node_count; k++)
		if (tt_particle_valid(c->nodes[k]))
			(mask ? tt_particle_set_mask : tt_particle_set_group)(c->nodes[k],
									     bits);
	return TT_OK;
}

tt_status tt_cloth_set_group(tt_cloth_id id, uint32_t group)
{
	return set_filter(id, group, 0);
}

tt_status tt_cloth_set_mask(tt_cloth_id id, uint32_t mask)
{
	return set_filter(id, mask, 1);
}
