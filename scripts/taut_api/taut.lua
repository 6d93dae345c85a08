-- taut_api.taut: the module table, require "taut".
return {
  modules = {
    { name = "taut", type = "taut",
      doc = "The taut module: worlds, meshes, images, buffers, and (in the taut program) textures, runtimes and canvases.",
      more = [[In a scene, a test or an experiment run by the `taut` program, `require "taut"` gives
everything below. From a plain `lua5.4`, `require "taut"` loads `taut.so` (`make module`): the
same worlds and objects, without the functions marked *program only*.]],
      example = [[local taut = require "taut"
local world = taut.world{ gravity = {0, -9.81}, substeps = 8 }
local rope = world:rope{ from = {0, 0}, to = {5, 0}, segments = 20 }
world:step(60)
print(rope.last.position[2])]],
      functions = {
        { name = "world", doc = "A new world: particles and the constraints between them, stepped by `world:step`.",
          params = { { name = "options", type = "taut.world_options", optional = true } },
          returns = { { type = "taut.world" } },
          errors = {
            { code = "taut.world{ substeps = 0 }", message = "bad argument #1 to 'world' (substeps must be an integer in [1, 1000])" },
            { code = "taut.world{ dt = 2 }", message = "bad argument #1 to 'world' (dt must be in (0, 1] seconds)" },
          } },
        { name = "mesh", doc = "A triangle mesh from lists of vertices, triangles and uvs, or from a Wavefront OBJ file.",
          more = "Indices are 1-based, as OBJ's. uv (0, 0) is the image's bottom left. An OBJ file's `v`, `vt` and `f` lines are read in every corner form, negative indices too; polygons are fanned into triangles.",
          params = { { name = "source", type = "taut.mesh_options|string", doc = "a table {vertices, triangles [, uvs]}, or an OBJ file name" } },
          returns = { { type = "taut.mesh" } },
          errors = {
            { code = "taut.mesh{ vertices = {{0, 0}}, triangles = {} }", message = "bad argument #1 to 'mesh' (no triangles (a mesh needs at least one))" },
            { code = "taut.mesh('/nonexistent.obj')", message = "cannot read mesh '/nonexistent.obj' (No such file or directory)" },
            { code = "taut.mesh(1)", message = "bad argument #1 to 'mesh' (a table {vertices, triangles [, uvs]} or an OBJ file name expected)" },
          } },
        { name = "image", doc = "The pixels of an image file (PNG, JPG, TGA... through stb_image), to check a headless screenshot.",
          params = { { name = "path", type = "string" } },
          returns = { { type = "taut.image" } },
          errors = {
            { code = "taut.image('/nonexistent.png')", message = "bad argument #1 to 'image' (cannot load image '/nonexistent.png' (can't fopen))" },
          } },
        { name = "buffer", doc = "n numbers (floats) in one userdata, which rope:positions and world:positions fill and read directly.",
          params = { { name = "n", type = "integer", doc = "how many numbers (0 to 2^26)" } },
          returns = { { type = "taut.buffer" } },
          errors = {
            { code = "taut.buffer(-1)", message = "bad argument #1 to 'buffer' (size must be in [0, 2^26])" },
          } },
        { name = "core_bytes", doc = "Bytes the physics core holds right now (every world), to show a destroyed world freed all.",
          returns = { { type = "integer", unit = "bytes" } } },
        { name = "texture", program = true, doc = "An image to draw meshes with, g:mesh(mesh, texture); uploaded to the renderer on first use.",
          params = { { name = "path", type = "string" } },
          returns = { { type = "taut.texture" } } },
        { name = "runtime", program = true, doc = "A scene runtime driven from Lua (tests): loads the scene, steps it and reloads its saves as the window would.",
          params = { { name = "path", type = "string", doc = "the scene file" },
            { name = "options", type = "taut.runtime_options", optional = true } },
          returns = { { type = "taut.runtime" } } },
        { name = "canvas", program = true, doc = "A headless surface to draw charts on in pixels and save as PNG (scripts/plot.lua).",
          params = { { name = "options", type = "taut.canvas_options" } },
          returns = { { type = "taut.canvas" } },
          errors = {
            { code = "taut.canvas{ width = 8 }", message = "bad argument #1 to 'canvas' (width and height must be 16..8192)" },
          } },
      },
      fields = {
        { name = "version", type = "string", access = "r", doc = "taut's version, \"0.1.0\"" },
        { name = "executable", type = "string", access = "r", program = true, doc = "the path of the running taut program (to run headless children)" },
      } },
  },
  options = {
    { type = "taut.runtime_options", of = "taut.runtime", doc = "How a runtime starts.",
      keys = {
        { name = "keep", type = "boolean", default = false, doc = "read the scene's sidecar `<scene>.tuned` first, as the program does" },
      } },
    { type = "taut.canvas_options", of = "taut.canvas", probe = "taut.canvas{OPTIONS}", doc = "The size of a canvas.",
      keys = {
        { name = "width", type = "integer", unit = "px", default = 800, doc = "16 to 8192" },
        { name = "height", type = "integer", unit = "px", default = 500, doc = "16 to 8192" },
      } },
  },
}
