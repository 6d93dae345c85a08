-- taut_api.cloth: cloth on a proxy, world:cloth{...} (lua/bind_cloth.c),
-- and scripts/cloth.lua.
local GRID = "w3:cloth{grid = {2, 2}"
local function setting(name, unit, doc)
  return { name = name, type = "number", unit = unit, access = "rw", export = true, doc = doc }
end
local function count(name, doc)
  return { name = name, type = "integer", access = "r", doc = doc }
end

return {
  classes = {
    { name = "cloth", made_by = "world:cloth{...}",
      doc = "Cloth on a proxy: a grid or a triangle mesh of particles with structural, shear and bend springs, pinned to a frame or a collider, with per-triangle drag and lift, tearing and a render mesh bound to it.",
      more = [[The proxy is what is simulated; draw a denser mesh bound to it (`cloth:bind(mesh)`), each
vertex carried by the proxy triangle under it. Node 1 of a grid is its top left; nodes run
across, then down. `pin` names sides, corners or node indices; `pin_to` carries the pinned
nodes with a frame or a collider (a cape on a torso). Wind and the cloth's own motion push every
triangle by its area and angle (`drag`, `lift`, `air_density`). A cloth whose pin root jumps
past `teleport_distance` or turns past `teleport_angle` in one step moves along (`"keep"`) or is
laid out again at rest (`"reset"`). With `max_strain` > 0 its springs tear; a triangle with a
torn edge stops standing (drawn no more, no more wind on it).]],
      example = [[local cape = world:cloth{ grid = {12, 16}, size = {0.6, 0.9}, origin = {-0.3, 1.45, -0.2},
                          pin = "top", pin_to = torso }
cape.drag, cape.lift = 1.5, 0.4          -- live
local skin = cape:bind(require("cloth").skin({size = {0.6, 0.9}, origin = {-0.3, 1.45, -0.2}}, 48, 64))
function scene.draw(g) g:mesh(skin, cloth_texture) end]],
      sample = "return " .. GRID .. "}",
      dead = "local x = " .. GRID .. "}; x:destroy(); return x",
      len = "the number of nodes",
      export = { list = "cloths" },
      methods = {
        { name = "particle", doc = "Node i (1-based).",
          params = { { name = "i", type = "integer" } },
          returns = { { type = "taut.particle" } },
          errors = {
            { code = GRID .. "}:particle(0)", message = "bad argument #1 to 'particle' (index out of range 1..9)" },
          } },
        { name = "nodes", doc = "Its nodes still there, in order.", returns = { { type = "taut.particle[]" } } },
        { name = "springs", doc = "Its springs still there, in order.", returns = { { type = "taut.spring[]" } } },
        { name = "triangle", doc = "Triangle i (1-based): its three node indices and whether it still stands (no edge torn).",
          params = { { name = "i", type = "integer" } },
          returns = { { name = "a", type = "integer" }, { name = "b", type = "integer" }, { name = "c", type = "integer" },
            { name = "standing", type = "boolean" } } },
        { name = "rest_position", doc = "Where laid-out node i lies at rest, in the world (its pin root's pose now).",
          params = { { name = "i", type = "integer" } }, returns = { { type = "taut.vec", unit = "m" } } },
        { name = "reset", doc = "Lay every node out at rest again, with no speed (torn springs stay torn)." },
        { name = "translate", doc = "Move every node by an offset, a teleport that adds no speed.",
          params = { { name = "offset", type = "taut.vec", unit = "m" } } },
        { name = "bind", doc = "Bind a render mesh laid over the cloth at rest: every vertex rides the proxy triangle under it.",
          params = { { name = "mesh", type = "taut.mesh" }, { name = "options", type = "taut.bind_options", optional = true } },
          returns = { { type = "taut.binding" } },
          errors = {
            { code = "local c = " .. GRID .. "}; c:bind(c:mesh(), {min_area = 0.7})", message = "bad argument #2 to 'bind' (min_area must be a finite number in [0, 0.5))" },
          } },
        { name = "mesh", doc = "Its own surface as a mesh (one per cloth, written from the nodes now), to draw with g:mesh.",
          returns = { { type = "taut.mesh" } } },
        { name = "destroy", doc = "Remove its particles and springs.",
          errors = {
            { code = "local x = " .. GRID .. "}; x:destroy(); x:destroy()", message = "calling 'destroy' on bad self (cloth was destroyed)" },
          } },
      },
      properties = {
        setting("stretch", "m/N", "compliance of the structural springs"),
        setting("shear", "m/N", "compliance of the shear springs"),
        setting("bend", "m/N", "compliance of the bend springs"),
        setting("max_strain", nil, "its springs tear past it; 0 never"),
        setting("damping", "1/s", "the share of its motion lost per second"),
        setting("drag", nil, "drag coefficient of every triangle"),
        setting("lift", nil, "lift coefficient of every triangle"),
        setting("air_density", "kg/m^3", "of the air that pushes it"),
        setting("thickness", "m", "how far colliders keep it off"),
        setting("teleport_distance", "m", "a pin root's jump past this in one step is a teleport (0: never)"),
        setting("teleport_angle", "rad", "a pin root's turn past this in one step is a teleport (0: never)"),
        { name = "teleport", type = '"keep"|"reset"', access = "rw", export = true, doc = "on a teleport: move along, or lay out at rest" },
        { name = "self_collision", type = "boolean", access = "rw", export = true, doc = "its nodes keep apart from each other" },
        { name = "visible", type = "boolean", access = "rw", doc = "drawn by the viewport's own layer" },
        { name = "group", type = "taut.bits", access = "rw", doc = "collision categories of every node" },
        { name = "mask", type = "taut.bits", access = "rw", doc = "categories every node collides with" },
        { name = "mass", type = "number", unit = "kg", access = "r", export = true, doc = "of the whole cloth" },
        { name = "kind", type = '"grid"|"mesh"', access = "r", export = true, doc = "its layout" },
        count("cols", "grid cells across (0 for a mesh)"),
        count("rows", "grid cells down (0 for a mesh)"),
        count("laid", "nodes of its layout (tearing adds nodes past them)"),
        count("triangle_count", "triangles of its layout"),
        count("standing", "triangles with no torn edge"),
        count("tethers", "long-range tethers to its pinned nodes"),
        count("teleports", "teleports it made so far"),
        { name = "torn", type = "boolean", access = "r", doc = "a triangle of it stands no more" },
        { name = "normals", type = "taut.vec[]", access = "r", doc = "the surface normal at every laid-out node" },
      } },
    { name = "binding", made_by = "cloth:bind(mesh)",
      doc = "A dense render mesh driven by a cloth: each vertex at barycentric coordinates and an offset over a proxy triangle.",
      more = [[A vertex whose triangle has torn or shrunk below `min_area` of its rest area falls back to
the nearest standing triangle (counted in `fallbacks`); one with none near is hidden. Inside
scene.draw an update reads the positions drawn between steps, so the mesh follows the blended
proxy. g:mesh(binding, texture) updates and draws it; g:binding(binding) draws the debug layer.]],
      sample = "local c = " .. GRID .. "}; return c:bind(c:mesh())",
      dead = "local c = " .. GRID .. "}; local b = c:bind(c:mesh()); c:destroy(); return b",
      len = "the number of vertices",
      methods = {
        { name = "update", doc = "Move the mesh's vertices with the cloth as it is now.",
          returns = { { name = "fallbacks", type = "integer" } },
          errors = {
            { code = "local c = " .. GRID .. "}; local b = c:bind(c:mesh()); c:destroy(); b:update()", message = "calling 'update' on bad self (cloth was destroyed)" },
          } },
        { name = "vertex", doc = "Where vertex i is bound: its triangle (1-based), barycentric u, v, w and offset along the normal.",
          params = { { name = "i", type = "integer" } },
          returns = { { name = "triangle", type = "integer" }, { name = "u", type = "number" }, { name = "v", type = "number" },
            { name = "w", type = "number" }, { name = "offset", type = "number", unit = "m" } } },
        { name = "skinned", doc = "Where vertex i falls (its triangle now, or its fallback).",
          params = { { name = "i", type = "integer" } }, returns = { { type = "taut.vec", unit = "m" } } },
      },
      properties = {
        { name = "min_area", type = "number", access = "rw", doc = "a triangle below this share of its rest area hands its vertices on, in [0, 0.5)",
          errors = {
            { code = "local c = " .. GRID .. "}; c:bind(c:mesh()).min_area = 1", message = "cannot set 'min_area' (min_area must be a finite number in [0, 0.5))" },
          } },
        { name = "fallbacks", type = "integer", access = "r", doc = "vertices on a fallback triangle at the last update" },
        { name = "hidden", type = "integer", access = "r", doc = "vertices with no triangle near at the last update" },
        { name = "mesh", type = "taut.mesh", access = "r", doc = "the render mesh it moves" },
        { name = "cloth", type = "taut.cloth", access = "r", doc = "the cloth it follows" },
      } },
  },
  options = {
    { type = "taut.cloth_options", of = "world:cloth", makes = "cloth",
      probe = GRID .. ", OPTIONS}",
      doc = "What a cloth is made from: a grid or a mesh, its pins and its material.",
      keys = {
        { name = "grid", type = "integer[]", doc = "{w, h}: a grid of w x h cells (1 to 256 each way)" },
        { name = "size", type = "number|number[]", unit = "m", default = 1, doc = "grid: {width, height}, or one number for both" },
        { name = "mesh", type = "taut.mesh", doc = "or: a triangle mesh to simulate, as it lies" },
        { name = "origin", type = "taut.vec", unit = "m", default = {0, 0, 0}, doc = "where its top left (or the mesh's origin) lies" },
        { name = "orientation", type = "taut.quat", default = {1, 0, 0, 0}, doc = "its turn; a grid lies in its local x-y plane, facing +z" },
        { name = "mass_per_area", type = "number", unit = "kg/m^2", default = 0.2, doc = "its weight per square metre" },
        { name = "thickness", type = "number", unit = "m", default = 0.005, doc = "how far colliders keep it off" },
        { name = "stretch", type = "number", unit = "m/N", default = 0, doc = "compliance of the structural springs" },
        { name = "shear", type = "number|false", unit = "m/N", default = 0.5, doc = "compliance of the shear springs; false leaves them out" },
        { name = "bend", type = "number|false", unit = "m/N", default = 0.1, doc = "compliance of the bend springs; false leaves them out" },
        { name = "damping", type = "number", unit = "1/s", default = 0.1, doc = "the share of its motion lost per second" },
        { name = "drag", type = "number", default = 1, doc = "drag coefficient of every triangle" },
        { name = "lift", type = "number", default = 0.3, doc = "lift coefficient of every triangle" },
        { name = "air_density", type = "number", unit = "kg/m^3", default = 1.2, doc = "of the air" },
        { name = "max_strain", type = "number", default = 0, doc = "its springs tear past it; 0 never" },
        { name = "tethers", type = "boolean", default_doc = "true", doc = "long-range tethers keep nodes within reach of the pins (cloth.tethers counts them)" },
        { name = "pin", type = "string|(string|integer)[]", doc = "top, bottom, left, right, top_left, top_right, bottom_left, bottom_right, or a list of them and node indices" },
        { name = "pin_to", type = "taut.frame|taut.collider", doc = "carry the pinned nodes with it" },
        { name = "teleport_distance", type = "number", unit = "m", default = 1, doc = "a pin root's jump past this is a teleport (0: never)" },
        { name = "teleport_angle", type = "number", unit = "rad", default = 0, doc = "a pin root's turn past this is a teleport (0: never)" },
        { name = "teleport", type = '"keep"|"reset"', default = "keep", values = { "keep", "reset" }, doc = "what a teleport does" },
        { name = "self_collision", type = "boolean", default = false, doc = "its nodes keep apart" },
        { name = "visible", type = "boolean", default = true, doc = "drawn by the viewport's own layer" },
        { name = "group", type = "taut.bits", default = 1, doc = "of every node" },
        { name = "mask", type = "taut.bits", default = 0xffffffff, doc = "of every node" },
      } },
    { type = "taut.bind_options", of = "cloth:bind", probe = GRID .. "}:bind(" .. GRID .. "}:mesh(), {OPTIONS})",
      doc = "How a render mesh is bound.",
      keys = {
        { name = "min_area", type = "number", default = 0.01, doc = "a triangle below this share of its rest area hands its vertices on" },
      } },
  },
  modules = {
    { name = "cloth", doc = "Helpers for world:cloth scenes.",
      example = [[local cloth = require "cloth"
local def = { grid = {12, 16}, size = {0.6, 0.9}, origin = {-0.3, 1.45, -0.2}, pin = "top" }
local cape = world:cloth(def)
local binding = cape:bind(cloth.skin(def, 48, 64, 0.002))]],
      functions = {
        { name = "skin", doc = "A mesh of cols x rows cells laid exactly where the grid cloth def lies at rest (offset metres along its front), with its texture coordinates: the render mesh to bind.",
          params = { { name = "def", type = "taut.cloth_options" }, { name = "cols", type = "integer" },
            { name = "rows", type = "integer" }, { name = "offset", type = "number", unit = "m", optional = true, default = 0 } },
          returns = { { type = "taut.mesh" } } },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "cloth", doc = "A new cloth.",
        params = { { name = "options", type = "taut.cloth_options" } },
        returns = { { type = "taut.cloth" } },
        errors = {
          { code = "w3:cloth{}", message = "bad argument #1 to 'cloth' (give one of grid = {w, h} or mesh = a taut.mesh)" },
          { code = "w3:cloth{grid = {2.5, 2}}", message = "bad argument #1 to 'cloth' (grid: {w, h} (cells, integers) expected)" },
          { code = "w3:cloth{grid = {0, 2}}", message = "bad argument #1 to 'cloth' (a cloth grid needs 1 to 256 cells each way and a width and height > 0)" },
          { code = "w3:cloth{mesh = taut.mesh{vertices = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, triangles = {{1, 2, 3}}}}", message = "bad argument #1 to 'cloth' (a cloth mesh needs triangles of three different vertices of it, at most 2^20 vertices, and no triangle of zero area)" },
          { code = "w3:cloth{mesh = taut.mesh{vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, triangles = {{1, 2, 3}}}, size = 1}", message = "bad argument #1 to 'cloth' ('size' is for grids (a mesh has its own))" },
          { code = GRID .. ", mass_per_area = 0}", message = "bad argument #1 to 'cloth' (mass_per_area must be a finite number > 0 (kg/m^2))" },
          { code = GRID .. ", thickness = 0}", message = "bad argument #1 to 'cloth' (thickness must be a finite number > 0 (m))" },
          { code = GRID .. ", drag = -1}", message = "bad argument #1 to 'cloth' (drag, lift and air_density must be finite numbers >= 0)" },
          { code = GRID .. ", teleport_distance = -1}", message = "bad argument #1 to 'cloth' (teleport_distance and teleport_angle must be finite numbers >= 0 (0: never))" },
          { code = GRID .. ", pin = {100}}", message = "bad argument #1 to 'cloth' (a pin names a node the cloth does not have)" },
          { code = GRID .. ", pin = 'x'}", message = "bad argument #1 to 'cloth' (pin: unknown 'x' (expected top, bottom, left, right, top_left, top_right, bottom_left, bottom_right or node indices))" },
          { code = GRID .. ", pin = 5}", message = "bad argument #1 to 'cloth' (pin: a side or corner name, or a list of them and node indices, expected)" },
          { code = GRID .. ", pin_to = 1}", message = "bad argument #1 to 'cloth' (pin_to: a frame or a collider expected, got number)" },
          { code = GRID .. ", pin_to = taut.world{is_3d = true}:frame{}}", message = "bad argument #1 to 'cloth' (a cloth pins to a frame or a collider of its world, not both)" },
        } },
      { name = "cloths", doc = "Every cloth of the world, in order.", returns = { { type = "taut.cloth[]" } } },
    } },
    { class = "particle", properties = {
      { name = "cloth", type = "taut.cloth|nil", access = "r", doc = "the cloth it is a node of, or nil" },
    } },
    { class = "graphics", methods = {
      { name = "binding", doc = "A binding's debug layer: the proxy's triangles, vertices on fallbacks and hidden ones.",
        params = { { name = "binding", type = "taut.binding" } } },
    } },
  },
  unshown = {
    { name = "the render mesh has another vertex count than when it was bound", doc = "a binding keeps its mesh, and no script can change a mesh's vertex count (set_vertices writes the ones it has)" },
  },
}
