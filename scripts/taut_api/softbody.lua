-- taut_api.softbody: 2D soft bodies, world:softbody{...}.
return {
  classes = {
    { name = "softbody", made_by = "world:softbody{...}",
      doc = "A 2D soft body: a pressure ring, a polygon or a grid of particles and springs, with area, shape matching and body contacts.",
      more = [[Exactly one of `ring`, `points` or `grid` picks the layout. Bodies collide with colliders
and with each other (every particle is kept out of every other body's outline). `pressure` is
the area held over the rest area: 2 inflates, 0 lets the air out; it changes live, at 2 rest
areas per second. `shape_matching` (0..1, Müller et al. 2005) pulls the nodes toward the best
rigid fit of the rest shape.]],
      example = [[local ball = world:softbody{ ring = {center = {0, 2}, radius = 0.5, segments = 32}, pressure = 1.2 }
local jelly = world:softbody{ grid = {6, 4}, size = 0.2, center = {3, 2}, shape_matching = 0.3 }
print(ball.area / ball.rest_area)]],
      sample = "return w:softbody{ring = {}}",
      dead = "local x = w:softbody{ring = {}}; x:destroy(); return x",
      len = "the number of nodes",
      export = { list = "softbodies" },
      methods = {
        { name = "particle", doc = "Node i (1-based).",
          params = { { name = "i", type = "integer" } },
          returns = { { type = "taut.particle" } },
          errors = {
            { code = "w:softbody{ring = {segments = 8}}:particle(0)", message = "bad argument #1 to 'particle' (index out of range 1..8)" },
          } },
        { name = "nodes", doc = "Its nodes still there, in order.", returns = { { type = "taut.particle[]" } } },
        { name = "springs", doc = "Its springs still there, in order.", returns = { { type = "taut.spring[]" } } },
        { name = "translate", doc = "Move every node by an offset, a teleport that adds no speed.",
          params = { { name = "offset", type = "taut.vec", unit = "m" } } },
        { name = "destroy", doc = "Remove its particles and constraints." },
      },
      properties = {
        { name = "kind", type = '"ring"|"points"|"grid"', access = "r", export = true, doc = "its layout" },
        { name = "pressure", type = "number", access = "rw", export = true, doc = "target area / rest area; 0 lets the air out" },
        { name = "area_compliance", type = "number", unit = "m^4/J", access = "rw", export = true, doc = "how soft the area is; 0 holds it exactly" },
        { name = "shape_matching", type = "number", access = "rw", export = true, doc = "0..1: the share of the way to the best rigid fit each step" },
        { name = "damping", type = "number", unit = "1/s", access = "rw", export = true, doc = "the share of the wobble lost per second" },
        { name = "friction", type = "number", access = "rw", export = true, doc = "mixed with a collider's as sqrt(a b)" },
        { name = "restitution", type = "number", access = "rw", export = true, doc = "0..1: how fast the whole body leaves an impact" },
        { name = "max_strain", type = "number", access = "rw", export = true, doc = "its springs tear past it; 0 never" },
        { name = "group", type = "taut.bits", access = "rw", doc = "collision categories of every node" },
        { name = "mask", type = "taut.bits", access = "rw", doc = "categories every node collides with" },
        { name = "area", type = "number", unit = "m^2", access = "r", doc = "the area its outline holds now" },
        { name = "rest_area", type = "number", unit = "m^2", access = "r", export = true, doc = "the area it was made with" },
        { name = "center", type = "taut.vec", unit = "m", access = "r", export = true, doc = "its centre of mass" },
        { name = "energy", type = "taut.softbody_energy", access = "r", doc = "its energies, J" },
        { name = "shape_error", type = "number", unit = "m", access = "r", doc = "how far the nodes are from the best rigid fit (rms)" },
        { name = "torn", type = "boolean", access = "r", doc = "a spring of it was cut or torn" },
      } },
  },
  records = {
    { type = "taut.softbody_energy", doc = "A soft body's energies (J).",
      fields = {
        { name = "kinetic", type = "number", unit = "J" },
        { name = "potential", type = "number", unit = "J", doc = "gravitational" },
        { name = "elastic", type = "number", unit = "J", doc = "in its springs" },
        { name = "total", type = "number", unit = "J" },
      } },
  },
  options = {
    { type = "taut.softbody_options", of = "world:softbody", makes = "softbody",
      probe = "w:softbody{grid = {2, 2}, OPTIONS}",
      doc = "What a soft body is made from: one of ring, points or grid, and its materials.",
      keys = {
        { name = "ring", type = "taut.softbody_ring", doc = "a closed ring of nodes, pressurised (pressure 1)" },
        { name = "points", type = "taut.vec[]", unit = "m", doc = "a polygon: 3 to 1024 {x, y}, pressurised (pressure 1)" },
        { name = "grid", type = "integer[]", doc = "{w, h}: a grid of w x h cells (pressure 0)" },
        { name = "size", type = "number", unit = "m", default = 0.25, doc = "grid: the side of a cell" },
        { name = "center", type = "taut.vec", unit = "m", doc = "grid: its centre (a ring has ring.center)" },
        { name = "pin", type = '"none"|"top"|"bottom"|"left"|"right"', default = "none", values = { "none", "top", "bottom", "left", "right" }, doc = "grid: pin one side" },
        { name = "shear", type = "number|false", unit = "m/N", default = 1e-4, doc = "grid: compliance of the diagonal springs; false leaves them out" },
        { name = "bend", type = "number|false", unit = "m/N", default_doc = "none", doc = "compliance of skip-one springs (along the outline of a ring or polygon); false: none" },
        { name = "mass", type = "number", unit = "kg", default = 1, doc = "of the whole body, spread evenly" },
        { name = "node_radius", type = "number", unit = "m", default_doc = "a quarter of the node spacing, at most 0.05", doc = "of every node" },
        { name = "compliance", type = "number", unit = "m/N", default = 0, doc = "of the outline (ring, points) or structural (grid) springs" },
        { name = "damping", type = "number", unit = "1/s", default = 2, doc = "the share of the wobble lost per second" },
        { name = "pressure", type = "number", default_doc = "1 for a ring or points, 0 for a grid", doc = "target area / rest area" },
        { name = "area_compliance", type = "number", unit = "m^4/J", default = 0, doc = "0: the area is held exactly" },
        { name = "shape_matching", type = "number", default = 0, doc = "0..1 (0 off, 1 rigid)" },
        { name = "friction", type = "number", default = 0.5, doc = "mixed with a collider's as sqrt(a b)" },
        { name = "restitution", type = "number", default = 0, doc = "0..1" },
        { name = "group", type = "taut.bits", default = 1, doc = "of every node" },
        { name = "mask", type = "taut.bits", default = 0xffffffff, doc = "of every node" },
        { name = "max_strain", type = "number", default = 0, doc = "its springs tear past it; 0 never" },
        { name = "drag", type = "number", unit = "kg/s", default = 0, doc = "of each node in the wind" },
      } },
    { type = "taut.softbody_ring", of = "world:softbody", probe = "w:softbody{ring = {OPTIONS}}",
      doc = "ring = {...}: a closed ring of nodes.",
      keys = {
        { name = "center", type = "taut.vec", unit = "m", default = {0, 0}, doc = "its centre" },
        { name = "radius", type = "number", unit = "m", default = 0.5, doc = "its radius" },
        { name = "segments", type = "integer", default = 24, doc = "how many nodes" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "softbody", doc = "A new soft body (2D worlds).",
        params = { { name = "options", type = "taut.softbody_options" } },
        returns = { { type = "taut.softbody" } },
        errors = {
          { code = "w:softbody{mass = 1}", message = "bad argument #1 to 'softbody' (a softbody needs one of ring, points or grid)" },
          { code = "w:softbody{ring = {}, grid = {2, 2}}", message = "bad argument #1 to 'softbody' (give one of ring, points, grid)" },
          { code = "w:softbody{ring = {}, size = 1}", message = "bad argument #1 to 'softbody' ('size' is for grids (a ring has ring.center))" },
          { code = "w:softbody{points = {{0, 0}, {1, 0}}}", message = "bad argument #1 to 'softbody' (points: a table of 3 to 1024 {x, y} expected)" },
          { code = "w:softbody{grid = {2.5, 2}}", message = "bad argument #1 to 'softbody' (grid: {w, h} (cells, integers) expected)" },
        } },
      { name = "softbodies", doc = "Every soft body of the world, in order.",
        returns = { { type = "taut.softbody[]" } } },
    } },
    { class = "particle", properties = {
      { name = "softbody", type = "taut.softbody|nil", access = "r", doc = "the soft body it is a node of, or nil" },
    } },
  },
}
