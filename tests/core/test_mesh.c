/* Meshes (core/mesh.c, core/mesh_obj.c): OBJ corners of every form,
 * negative indices, polygons fanned, (v, vt) pairs split into vertices,
 * and each malformed file refused with its line and reason. */
#include <string.h>

#include "../../core/mesh.h"
#include "check.h"
#include "tests.h"

static tt_mesh *parse(const char *text, int *line, char *err)
{
	return tt_mesh_parse_obj(text, strlen(text), line, err, 256);
}

static const char quad[] = "# a unit quad\n"
			   "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
			   "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
			   "vn 0 0 1\n"
			   "f 1/1/1 2/2/1 3/3/1 4/4/1\n";

void test_mesh_obj_quad(void)
{
	size_t base = tt_bytes_allocated();
	int line = -1;
	char err[256] = "";
	tt_mesh *m = parse(quad, &line, err);
	CHECK(m != NULL);
	if (!m)
		return;
	CHECK(m->vertex_count == 4 && m->triangle_count == 2 && m->has_uv);
	static const int32_t fan[6] = {0, 1, 2, 0, 2, 3};
	CHECK(memcmp(m->triangle, fan, sizeof fan) == 0);
	CHECK(m->position[6] == 1.0f && m->position[7] == 1.0f);
	CHECK(m->uv[4] == 1.0f && m->uv[5] == 1.0f);
	tt_vec3 lo, hi;
	tt_mesh_bounds(m, &lo, &hi);
	CHECK(lo.x == 0.0f && hi.x == 1.0f && hi.y == 1.0f && hi.z == 0.0f);
	tt_mesh_destroy(m);
	CHECK(tt_bytes_allocated() == base);
}

void test_mesh_obj_forms(void)
{
	int line;
	char err[256];
	/* negative indices, v//vn corners: no uv, vertices are the points */
	tt_mesh *m = parse("v 0 0 0\nv 2 0 0\nv 0 3 0\nv 9 9 9\nf -4//1 -3//1 -2//1\n",
			   &line, err);
	CHECK(m && m->vertex_count == 4 && m->triangle_count == 1 && !m->has_uv);
	CHECK(m && m->triangle[1] == 1 && m->triangle[2] == 2);
	tt_mesh_destroy(m);
	/* one point under two vt is two vertices, each mapped back to it */
	m = parse("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nvt 0.5 0.5\n"
		  "f 1/1 2/2 3/3\nf 2/4 4/2 3/3\n", &line, err);
	CHECK(m && m->vertex_count == 5 && m->triangle_count == 2);
	CHECK(m && m->source[3] == 1 && m->uv[6] == 0.5f && m->triangle[3] == 3 &&
	      m->triangle[5] == 2);
	tt_mesh_destroy(m);
}

/* Parsing text fails at line `want_line` with a reason containing want. */
static void refused(const char *text, int want_line, const char *want)
{
	int line = -1;
	char err[256] = "";
	tt_mesh *m = parse(text, &line, err);
	CHECK(m == NULL);
	tt_mesh_destroy(m);
	CHECK(line == want_line);
	CHECK(strstr(err, want) != NULL);
	if (line != want_line || !strstr(err, want))
		check_note("line %d: %s", line, err);
}

void test_mesh_obj_refused(void)
{
	size_t base = tt_bytes_allocated();
	refused("v 0 0 0\nv 1 0 0\nv 0 1 0\n\nf 1 2 9\n", 5,
		"vertex index 9 out of range (3 v defined so far)");
	refused("v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nf 1/1 2/2 3/1\n", 5,
		"texture index 2 out of range (1 vt defined so far)");
	refused("v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nf 1/1 2/1 3/1\nf 1 2 3\n", 6,
		"missing vt");
	refused("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n", 4, "at least 3 corners");
	refused("v 0 0\n", 1, "v needs 3 finite numbers");
	refused("v 0 0 0\nf 0 1 1\n", 2, "vertex index 0 out of range");
	refused("v 0 0 0\nv 1 0 0\nv 0 1 0\n", 0, "no faces");
	refused("", 0, "no faces");
	CHECK(tt_bytes_allocated() == base);
}

void test_mesh_positions(void)
{
	tt_mesh *m = tt_mesh_create(4, 2, 0);
	float xyz[15] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
	CHECK(m && m->source[3] == 3 && m->position[11] == 0.0f);
	CHECK(tt_mesh_set_positions(m, 2, 5, xyz) == 2);
	CHECK(m->position[6] == 1.0f && m->position[11] == 6.0f);
	CHECK(tt_mesh_bad_triangle(m) == -1);
	m->triangle[4] = 4;
	CHECK(tt_mesh_bad_triangle(m) == 1);
	tt_mesh_destroy(m);
	CHECK(tt_mesh_create(0, 1, 0) == NULL && tt_mesh_create(3, 0, 0) == NULL);
}
