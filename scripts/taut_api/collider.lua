-- taut_api.collider: static or scripted shapes, world:collider{...}.
return {
  classes = {
    { name = "collider", made_by = "world:collider{...}",
      doc = "A shape particles and rope segments collide with: static, moved by script (move_to carries what rests on it), with friction and restitution.",
      more = [[2D shapes: `circle` (radius), `capsule` (radius, length), `box` (size), `plane` (center, normal
or angle), `polygon` (3 to 8 convex points about center). 3D shapes: `sphere`, `capsule` (along
its local x), `box` (size {x, y, z}), `plane` (normal {x, y, z}), `hull` (the convex hull of 4 to
32 points). A 2D name in a 3D world (or the other way) is an error that says what to use.
Particles take `group`/`mask` too: a pair collides when each one's group meets the other's
mask.]],
      example = [[world:collider{ shape = "box", center = {0, -1}, size = {40, 2} }
local wheel = world:collider{ shape = "circle", center = {3, 2}, radius = 1, friction = 0.8 }
wheel:move_to({4, 2}, 0.5)    -- over the next step, carrying what rests on it]],
      sample = "return w:collider{}",
      dead = "local x = w:collider{}; x:destroy(); return x",
      export = { list = "colliders" },
      methods = {
        { name = "move_to", doc = "Move (and turn) it over the next step, so what rests on it or is pinned to it is carried.",
          params = { { name = "position", type = "taut.vec", unit = "m" },
            { name = "turn", type = "number|taut.quat", optional = true, doc = "2D: the angle to reach (rad); 3D: the rotation (along the shorter arc)" } },
          errors = {
            { code = "w:collider{}:move_to({0, 0}, {1, 0, 0, 0})", message = "bad argument #2 to 'move_to' (rotation is 3D: in a 2D world use angle)" },
            { code = "w3:collider{}:move_to({0, 0, 0}, 1)", message = "bad argument #2 to 'move_to' (angle is 2D: in a 3D world use rotation = {w, x, y, z})" },
          } },
        { name = "destroy", doc = "Remove it; particles pinned to it are let go.",
          errors = { { code = "local x = w:collider{}; x:destroy(); x:destroy()", message = "calling 'destroy' on bad self (collider was destroyed)" } } },
      },
      properties = {
        { name = "shape", type = "taut.shape", access = "r", export = true, doc = "its kind" },
        { name = "position", type = "taut.vec", unit = "m", access = "rw", export = true, doc = "its centre (writing teleports it)" },
        { name = "angle", type = "number", unit = "rad", access = "rw", export = true, doc = "2D: counter-clockwise turn (writing teleports it)",
          errors = {
            { code = "return w3:collider{}.angle", message = "cannot read 'angle' (angle is 2D: in a 3D world use rotation = {w, x, y, z})" },
          } },
        { name = "rotation", type = "taut.quat", access = "rw", export = true, doc = "3D: its rotation (writing teleports it)",
          errors = {
            { code = "return w:collider{}.rotation", message = "cannot read 'rotation' (rotation is 3D: in a 2D world use angle)" },
          } },
        { name = "radius", type = "number", unit = "m", access = "r", export = true, doc = "circle, sphere, capsule" },
        { name = "length", type = "number", unit = "m", access = "r", export = true, doc = "capsule: the distance between its end centres" },
        { name = "size", type = "taut.vec", unit = "m", access = "r", export = true, doc = "box: full width, height (and depth); plane (drawn): its side" },
        { name = "points", type = "taut.vec[]", unit = "m", access = "r", export = true, doc = "polygon or hull: its points about its centre (else empty)" },
        { name = "velocity", type = "taut.vec", unit = "m/s", access = "rw", export = true, doc = "carried every step" },
        { name = "angular_velocity", type = "number|taut.vec", unit = "rad/s", access = "rw", export = true, doc = "2D: a number; 3D: axis times rad/s" },
        { name = "friction", type = "number", access = "rw", export = true, doc = "static coefficient" },
        { name = "kinetic_friction", type = "number", access = "rw", export = true, doc = "while sliding" },
        { name = "restitution", type = "number", access = "rw", export = true, doc = "0 (no bounce) to 1" },
        { name = "enabled", type = "boolean", access = "rw", export = true, doc = "a disabled collider touches nothing" },
        { name = "group", type = "taut.bits", access = "rw", export = true, doc = "collision categories it belongs to" },
        { name = "mask", type = "taut.bits", access = "rw", export = true, doc = "categories it collides with" },
        { name = "world", type = "taut.world", access = "r", doc = "the world it is in" },
      } },
  },
  aliases = {
    { name = "taut.shape", type = '"circle"|"capsule"|"box"|"plane"|"polygon"|"sphere"|"hull"', doc = "circle and polygon in 2D; sphere and hull in 3D; capsule, box and plane in both" },
  },
  options = {
    { type = "taut.collider_options", of = "world:collider", makes = "collider",
      probe = { "w:collider{OPTIONS}", "w3:collider{OPTIONS}" },
      doc = "The shape of a collider, where it is and what its surface does.",
      keys = {
        { name = "shape", type = "taut.shape", default = "box", values = { "circle", "capsule", "box", "plane", "polygon", "sphere", "hull" }, doc = "its kind" },
        { name = "center", type = "taut.vec", unit = "m", default = {0, 0}, doc = "where it is (a plane passes through it)" },
        { name = "angle", type = "number", unit = "rad", default = 0, doc = "2D: counter-clockwise turn (a plane's normal is (0, 1) turned by it)" },
        { name = "rotation", type = "taut.quat", default = {1, 0, 0, 0}, check_default = false, doc = "3D: its rotation" },
        { name = "radius", type = "number", unit = "m", default = 0.5, doc = "circle, sphere, capsule" },
        { name = "length", type = "number", unit = "m", default = 0, doc = "capsule: the distance between its end centres" },
        { name = "size", type = "taut.vec", unit = "m", default = {1, 1}, doc = "box: full width, height (and depth)" },
        { name = "points", type = "taut.vec[]", unit = "m", doc = "polygon: 3 to 8 convex {x, y}; hull: 4 to 32 {x, y, z}; about center" },
        { name = "normal", type = "taut.vec", doc = "plane: the side it pushes toward (2D: instead of angle)" },
        { name = "friction", type = "number", default = 0.5, doc = "static coefficient" },
        { name = "kinetic_friction", type = "number", default_doc = "the static one", doc = "while sliding" },
        { name = "restitution", type = "number", default = 0, doc = "0 (no bounce) to 1" },
        { name = "velocity", type = "taut.vec", unit = "m/s", default = {0, 0}, doc = "carried every step" },
        { name = "angular_velocity", type = "number|taut.vec", unit = "rad/s", default = 0, doc = "2D: a number; 3D: axis times rad/s" },
        { name = "enabled", type = "boolean", default = true, doc = "false: it touches nothing" },
        { name = "group", type = "taut.bits", default = 1, doc = "collision categories it belongs to" },
        { name = "mask", type = "taut.bits", default = 0xffffffff, doc = "categories it collides with" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "collider", doc = "A new collider.",
        params = { { name = "options", type = "taut.collider_options", optional = true } },
        returns = { { type = "taut.collider" } },
        errors = {
          { code = "w:collider{shape = 'cube'}", message = "bad argument #1 to 'collider' (unknown shape 'cube' (expected circle, capsule, box, plane, polygon))" },
          { code = "w:collider{shape = 'sphere'}", message = "bad argument #1 to 'collider' (shape 'sphere' is 3D: in a 2D world use 'circle')" },
          { code = "w3:collider{angle = 1}", message = "bad argument #1 to 'collider' (angle is 2D: in a 3D world use rotation = {w, x, y, z})" },
          { code = "w:collider{shape = 'polygon', points = {{0, 0}, {1, 0}}}", message = "bad argument #1 to 'collider' (points: a table of 3 to 8 {x, y} expected)" },
          { code = "w:collider{shape = 'circle', radius = 0}", message = "bad argument #1 to 'collider' (size, radius and length must be finite numbers > 0)" },
          { code = "w:collider{shape = 'polygon', points = {{0, 0}, {1, 0}, {1, 1}, {0.9, 0.2}}}", message = "bad argument #1 to 'collider' (a polygon needs 3 to 8 points, convex, no two alike)" },
          { code = "w:collider{friction = -1}", message = "bad argument #1 to 'collider' (friction must be a finite number >= 0)" },
          { code = "w:collider{restitution = 2}", message = "bad argument #1 to 'collider' (restitution must be in [0, 1])" },
          { code = "w3:collider{shape = 'hull', points = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}}", message = "bad argument #1 to 'collider' (a hull needs 4 to 32 points that span a volume)" },
        } },
    } },
  },
}
