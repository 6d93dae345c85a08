-- taut_api.mesh: triangle meshes, taut.mesh (lua/bind_mesh.c).
return {
  classes = {
    { name = "mesh", made_by = "taut.mesh{...} or taut.mesh(\"file.obj\")",
      doc = "A triangle mesh (vertices, triangles, optional uvs) drawn by g:mesh, whose vertices composites and scripts write in bulk.",
      example = [[local quad = taut.mesh{ vertices = {{0, 0}, {1, 0}, {1, 1}, {0, 1}},
                        triangles = {{1, 2, 3}, {1, 3, 4}},
                        uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}} }
quad:set_vertices({{0, 0.1, 0}}, 1)]],
      sample = "return taut.mesh{vertices = {{0, 0}, {1, 0}, {0, 1}}, triangles = {{1, 2, 3}}}",
      len = "the number of vertices",
      methods = {
        { name = "vertex", doc = "Vertex i (1-based).",
          params = { { name = "i", type = "integer" } },
          returns = { { type = "taut.vec", doc = "{x, y, z}" } },
          errors = {
            { code = "taut.mesh{vertices = {{0, 0}, {1, 0}, {0, 1}}, triangles = {{1, 2, 3}}}:vertex(4)", message = "bad argument #1 to 'vertex' (vertex index out of range)" },
          } },
        { name = "set_vertices", doc = "Write vertices first, first + 1, ... (default 1) from a list of {x, y [, z]}.",
          params = { { name = "list", type = "taut.vec[]" }, { name = "first", type = "integer", optional = true, default = 1 } } },
        { name = "bounds", doc = "The box holding every vertex.",
          returns = { { name = "lo", type = "taut.vec" }, { name = "hi", type = "taut.vec" } } },
      },
      properties = {
        { name = "vertex_count", type = "integer", access = "r", doc = "vertices" },
        { name = "triangle_count", type = "integer", access = "r", doc = "triangles" },
        { name = "has_uv", type = "boolean", access = "r", doc = "it has texture coordinates" },
      } },
  },
  options = {
    { type = "taut.mesh_options", of = "taut.mesh", probe = "taut.mesh{OPTIONS}",
      doc = "A mesh from lists.",
      keys = {
        { name = "vertices", type = "taut.vec[]", required = true, doc = "{x, y [, z]} each, 1 to 2^24" },
        { name = "triangles", type = "integer[][]", required = true, doc = "{i, j, k} each, 1-based vertex indices" },
        { name = "uvs", type = "number[][]", doc = "{u, v} each, one per vertex; (0, 0) is the image's bottom left" },
      } },
  },
}
