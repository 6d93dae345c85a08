/* Wavefront OBJ into a tt_mesh, from a memory buffer (so it is testable
 * without files). One pass reads `v`, `vt` and `f` lines; each face is
 * fanned into triangles whose corners are resolved to 0-based indices at
 * once (a negative index counts back from the points defined so far, as
 * the format says), so an error names the line it is on. Then the corners
 * become vertices: without `vt` a vertex is an OBJ point (order kept, so a
 * driver writes positions by point); with `vt` one vertex per distinct
 * (v, vt) pair, in order of first use, found through a small hash table.
 * Faces must agree on having `vt`: a mesh is textured or it is not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "mesh.h"

typedef struct obj {
	float *v, *vt;               /* xyz per point, uv per texture point */
	int nv, cap_v, nvt, cap_vt;
	int32_t *cv, *cvt;           /* triangle corners: point, texture point */
	int ncorner, cap_cv, cap_cvt;
	int has_uv;                  /* -1 until the first face says */
	char *err;
	size_t err_size;
} obj;

static int fail(obj *o, const char *format, long a, long b)
{
	snprintf(o->err, o->err_size, format, a, b);
	return 0;
}

/* Numbers from s into out (at most max); returns how many were read. */
static int numbers(const char *s, float *out, int max)
{
	int n = 0;
	for (char *end; n < max; s = end) {
		double x = strtod(s, &end);
		if (end == s)
			break;
		out[n++] = (float)x;
	}
	return n;
}

static int add_point(obj *o, const char *s, int is_uv)
{
	float p[3] = {0.0f, 0.0f, 0.0f};
	int need = is_uv ? 1 : 3, n = numbers(s, p, is_uv ? 2 : 3);
	if (n < need || !isfinite(p[0]) || !isfinite(p[1]) || !isfinite(p[2]))
		return fail(o, is_uv ? "vt needs 1 or 2 finite numbers"
				     : "v needs 3 finite numbers", 0, 0);
	float **items = is_uv ? &o->vt : &o->v;
	int *count = is_uv ? &o->nvt : &o->nv, *cap = is_uv ? &o->cap_vt : &o->cap_v;
	size_t size = (size_t)(is_uv ? 2 : 3) * sizeof(float);
	if (*count >= TT_MESH_MAX_VERTICES ||
	    !tt_reserve((void **)items, *count, cap, size, 256))
		return fail(o, "too many points", 0, 0);
	memcpy(*items + (size_t)(*count)++ * (is_uv ? 2 : 3), p, size);
	return 1;
}

/* A 1-based or negative OBJ index into [0, count), or -1. */
static long resolve(long index, int count)
{
	long i = index > 0 ? index - 1 : count + index;
	return index != 0 && i >= 0 && i < count ? i : -1;
}

/* One corner "v", "v/vt", "v//vn" or "v/vt/vn" at *s (advanced past it). */
static int corner(obj *o, const char **s, int32_t *v, int32_t *vt)
{
	char *end;
	long iv = strtol(*s, &end, 10), ivt = 0;
	if (end == *s)
		return fail(o, "a face corner must start with a point index", 0, 0);
	if (*end == '/' && end[1] != '/')
		ivt = strtol(end + 1, &end, 10);
	while (*end && *end != ' ' && *end != '\t' && *end != '\r')
		end++;  /* the normal index is not needed */
	*s = end;
	long i = resolve(iv, o->nv);
	if (i < 0)
		return fail(o, "vertex index %ld out of range (%ld v defined so far)",
			    iv, o->nv);
	*v = (int32_t)i;
	*vt = -1;
	if (ivt == 0)
		return 1;
	i = resolve(ivt, o->nvt);
	if (i < 0)
		return fail(o, "texture index %ld out of range (%ld vt defined so far)",
			    ivt, o->nvt);
	*vt = (int32_t)i;
	return 1;
}

static int add_corner(obj *o, int32_t v, int32_t vt)
{
	if (o->ncorner >= 3 * TT_MESH_MAX_TRIANGLES ||
	    !tt_reserve((void **)&o->cv, o->ncorner, &o->cap_cv, sizeof(int32_t), 768) ||
	    !tt_reserve((void **)&o->cvt, o->ncorner, &o->cap_cvt, sizeof(int32_t), 768))
		return fail(o, "too many triangles", 0, 0);
	o->cv[o->ncorner] = v;
	o->cvt[o->ncorner++] = vt;
	return 1;
}

/* Every corner must agree with the first face on having a vt. */
static int check_uv(obj *o, int32_t vt)
{
	int has = vt >= 0;
	if (o->has_uv < 0)
		o->has_uv = has;
	if (has == o->has_uv)
		return 1;
	return fail(o, has ? "a corner has a vt but earlier faces have none"
			   : "missing vt: earlier faces have texture indices", 0, 0);
}

/* An `f` line fanned into triangles (first, k, k + 1). */
static int add_face(obj *o, const char *s)
{
	int32_t v[3], vt[3];
	int n = 0;
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s || *s == '\r' || *s == '#')
			break;
		int k = n < 3 ? n : 2;
		if (n >= 3)
			v[1] = v[2], vt[1] = vt[2];
		if (!corner(o, &s, &v[k], &vt[k]) || !check_uv(o, vt[k]))
			return 0;
		if (++n >= 3)
			for (int c = 0; c < 3; c++)
				if (!add_corner(o, v[c], vt[c]))
					return 0;
	}
	return n >= 3 ? 1 : fail(o, "a face needs at least 3 corners, not %ld", n, 0);
}

static int parse_line(obj *o, const char *line)
{
	while (*line == ' ' || *line == '\t')
		line++;
	if (strncmp(line, "v ", 2) == 0 || strncmp(line, "v\t", 2) == 0)
		return add_point(o, line + 2, 0);
	if (strncmp(line, "vt ", 3) == 0 || strncmp(line, "vt\t", 3) == 0)
		return add_point(o, line + 3, 1);
	if (strncmp(line, "f ", 2) == 0 || strncmp(line, "f\t", 2) == 0)
		return add_face(o, line + 2);
	return 1;  /* comments, vn, o, g, s, usemtl, mtllib, l: not needed */
}

/* Each line copied out so strtod stops at its end; *error_line set on
 * failure. */
static int parse_lines(obj *o, const char *text, size_t size, int *error_line)
{
	char *line = NULL;
	int cap = 0, ok = 1, no = 0;
	for (size_t at = 0; ok && at < size; no++) {
		const char *nl = memchr(text + at, '\n', size - at);
		size_t len = nl ? (size_t)(nl - (text + at)) : size - at;
		while (ok && (size_t)cap <= len)
			ok = len < (size_t)1 << 30 &&
			     tt_reserve((void **)&line, (int)len, &cap, 1, 256);
		if (!ok)
			fail(o, "line too long", 0, 0);
		if (ok) {
			memcpy(line, text + at, len);
			line[len] = '\0';
			ok = parse_line(o, line);
		}
		at += len + 1;
	}
	tt_free(line, (size_t)cap);
	*error_line = ok ? 0 : no;
	return ok;
}

/* Number the distinct (v, vt) pairs in order of first use, through open
 * addressing: vertex_of[c] for each corner, rep[k] the first corner of
 * vertex k. Returns the count. */
static int number_pairs(const obj *o, int32_t *slot, uint32_t mask,
			int32_t *vertex_of, int32_t *rep)
{
	int count = 0;
	for (int c = 0; c < o->ncorner; c++) {
		uint32_t h = ((uint32_t)o->cv[c] * 2654435761u) ^
			     ((uint32_t)o->cvt[c] * 40503u);
		int32_t k;
		for (h &= mask; (k = slot[h]) >= 0; h = (h + 1) & mask)
			if (o->cv[rep[k]] == o->cv[c] && o->cvt[rep[k]] == o->cvt[c])
				break;
		if (k < 0) {
			k = slot[h] = count++;
			rep[k] = c;
		}
		vertex_of[c] = k;
	}
	return count;
}

static void fill_split(const obj *o, tt_mesh *m, const int32_t *vertex_of,
		       const int32_t *rep)
{
	for (int k = 0; k < m->vertex_count; k++) {
		int32_t v = o->cv[rep[k]], vt = o->cvt[rep[k]];
		memcpy(m->position + 3 * k, o->v + 3 * v, 3 * sizeof(float));
		memcpy(m->uv + 2 * k, o->vt + 2 * vt, 2 * sizeof(float));
		m->source[k] = v;
	}
	memcpy(m->triangle, vertex_of, (size_t)o->ncorner * sizeof *vertex_of);
}

/* A textured mesh: one vertex per distinct (v, vt) pair. */
static tt_mesh *split_mesh(const obj *o)
{
	uint32_t cap = 1;
	while (cap < 2u * (uint32_t)o->ncorner)
		cap *= 2;
	size_t corners = (size_t)o->ncorner * sizeof(int32_t);
	int32_t *slot = tt_alloc(cap * sizeof *slot);
	int32_t *vertex_of = tt_alloc(corners), *rep = tt_alloc(corners);
	tt_mesh *m = NULL;
	if (slot && vertex_of && rep) {
		memset(slot, 0xff, cap * sizeof *slot);
		int count = number_pairs(o, slot, cap - 1, vertex_of, rep);
		m = tt_mesh_create(count, o->ncorner / 3, 1);
		if (m)
			fill_split(o, m, vertex_of, rep);
	}
	tt_free(slot, cap * sizeof *slot);
	tt_free(vertex_of, corners);
	tt_free(rep, corners);
	return m;
}

/* An untextured mesh: its vertices are the OBJ points, in order. */
static tt_mesh *point_mesh(const obj *o)
{
	tt_mesh *m = tt_mesh_create(o->nv, o->ncorner / 3, 0);
	if (m) {
		memcpy(m->position, o->v, (size_t)o->nv * 3 * sizeof(float));
		memcpy(m->triangle, o->cv, (size_t)o->ncorner * sizeof(int32_t));
	}
	return m;
}

static void release(obj *o)
{
	tt_free(o->v, (size_t)o->cap_v * 3 * sizeof(float));
	tt_free(o->vt, (size_t)o->cap_vt * 2 * sizeof(float));
	tt_free(o->cv, (size_t)o->cap_cv * sizeof(int32_t));
	tt_free(o->cvt, (size_t)o->cap_cvt * sizeof(int32_t));
}

tt_mesh *tt_mesh_parse_obj(const char *text, size_t size, int *error_line,
			   char *err, size_t err_size)
{
	obj o = {.has_uv = -1, .err = err, .err_size = err_size};
	tt_mesh *m = NULL;
	if (parse_lines(&o, text, size, error_line)) {
		if (o.ncorner == 0)
			fail(&o, "no faces (a mesh needs at least one triangle)", 0, 0);
		else if (!(m = o.has_uv ? split_mesh(&o) : point_mesh(&o)))
			fail(&o, "out of memory", 0, 0);
	}
	release(&o);
	return m;
}
