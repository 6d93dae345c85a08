/* Private: the soft bodies of a world (core/softbody*.c, pressure.c,
 * shape_match.c), included by world.h. */
#ifndef TT_SOFTBODIES_H
#define TT_SOFTBODIES_H

#include "pool.h"
#include "taut.h"

/* A body's arrays, one block each (softbody.c lists them). The outline is
 * closed: edge k joins outline[k] and outline[(k + 1) % outline_count].
 * Cells: 4 node indices each (-1 the centre, -2 none), and the springs
 * along their sides. Springs are named by their place in `springs`. */
typedef struct tt_softbody {
	int32_t slot;
	tt_softbody_kind kind;
	int node_count, outline_count, spring_count, cell_count;
	int cols, rows;                 /* grid */
	tt_particle_id *nodes;
	float *qx, *qy;                 /* rest position about the rest centre */
	float *u, *v;                   /* texture coordinates */
	int32_t *outline;
	tt_spring_id *springs;
	int32_t *edge_spring;           /* in springs, along outline edge k */
	int32_t *cells;
	int32_t *cell_sides;            /* in springs, 4 per cell; -1 none */
	int32_t *ends;                  /* the nodes of each spring, 2 each */
	float *cell_rest;
	/* state resolved by tt_softbody_refresh (ids to dense indices) */
	int32_t *dense;                 /* of each node, -1 when gone */
	int32_t *ring;                  /* dense index of outline node k */
	int32_t *edge_open, *cell_open;
	float *gx, *gy, *ox, *oy;       /* scratch of the area constraint */
	int32_t *part, *order;          /* (softbody_parts.c) each node's part;
					   the nodes part by part, */
	int32_t *part_start;            /* part q's from part_start[q] */
	int parts;                      /* 0 until found */
	int missing;                    /* nodes gone */
	int torn;                       /* an outline node or edge gone */
	int solid;                      /* encloses a third of its rest area:
					   contacts trust its inside */
	float rest_area, rest_radius;
	float pressure, area_compliance, area_lambda;
	float target_area;              /* what pressure holds now (m^2): */
	int pressing;                   /* it follows pressure * rest_area */
	float shape_matching, shape_k;  /* stiffness; per projection */
	float damping;                  /* of the wobble, 1/s */
	float bounce_nx, bounce_ny;     /* this substep's impacts: normals, */
	float bounce_speed, bounce_e;   /* speeds summed, the largest e */
	int bounces;
	float friction, restitution;
	uint32_t group, mask;
	float max_strain;
	tt_particle_id *pieces;         /* the new ends of its cut springs
					   (softbody_pieces.c), grown */
	int piece_count, piece_capacity;
} tt_softbody;

/* Scratch of the edge contacts (softbody_contact.c), grown as needed:
 * the live outline edges (ends, body, place in its outline), and
 * their entries in the cells they cover, chained bucket by bucket in
 * edge order: link holds each entry's next (most of them, room for as
 * many entries as can go in), then each bucket's first, -1 at the end;
 * tail the last link of each bucket. */
typedef struct tt_edge_entry {
	uint64_t cell;  /* x in the low 32 bits, y in the high */
	int32_t edge, body;
} tt_edge_entry;

typedef struct tt_edge_hash {
	int32_t *ea, *eb, *ebody, *ek;
	tt_edge_entry *entry;
	int32_t *link, *tail;
	int edges, edge_capacity;
	int entries, entry_capacity;
	int buckets, most, link_capacity, tail_capacity;
	float cell, inv_cell, reach;
	float bound;  /* of a cell's index either way */
	float far;  /* past it along x or y, an edge is beyond the reach */
	float *fence;  /* where each body's particles look, of no body first
			  (tt_softbody_broad_fences) */
	int fence_capacity;
	float lo_x, lo_y, hi_x, hi_y;  /* the box every edge's box is in */
} tt_edge_hash;

/* The broad phase of the edge contacts (softbody_broad.c): each body's
 * box (its outline's nodes, 4 floats: lo x, lo y, hi x, hi y), the part
 * of it within reach of other boxes (look: its nodes there look for
 * edges), its low corner less the reach (grown: 2 floats), the three in
 * one block, and for each body the bodies within reach,
 * [near_start[k], near_start[k + 1]) in near. */
typedef struct tt_body_broad {
	float *box, *look, *grown;
	int32_t *near_start, *near;
	int capacity, start_capacity, near_capacity;
	float lo_x, lo_y, hi_x, hi_y;  /* the box of every body */
	float reach;
	int loose;  /* a particle of no body is near: every body takes part */
} tt_body_broad;

typedef struct tt_softbodies {
	tt_softbody *items;
	int count, capacity;
	tt_pool pool;
	int32_t *owner;       /* dense particle -> body dense index + 1 (of
				 its nodes and pieces) */
	int owner_capacity;   /* this step, from tt_softbody_prepare */
	int owner_count;
	int owned;            /* of those, how many are a body's */
	tt_edge_hash hash;
	tt_body_broad broad;
} tt_softbodies;

#endif
