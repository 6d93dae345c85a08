-- taut_api.particle: point masses, world:particle{...}.
return {
  classes = {
    { name = "particle", made_by = "world:particle{...}",
      doc = "A point mass: position, velocity, mass (0 pins it), radius, collision filters.",
      example = [[local pin = world:particle{ position = {0, 0}, pinned = true }
local bob = world:particle{ position = {2, 0}, mass = 2, radius = 0.1 }
bob.velocity = {0, 3}
bob:apply_impulse{0, 1}]],
      sample = "return w:particle{}",
      dead = "local x = w:particle{}; x:destroy(); return x",
      export = { list = "particles" },
      methods = {
        { name = "move_to", doc = "Kinematic move: the velocity that carries it to target over the next step (a pinned one gets there and stops).",
          more = "Call it every step to move an anchor smoothly: what hangs on it follows without a jolt.",
          params = { { name = "target", type = "taut.vec", unit = "m" } },
          errors = {
            { code = "p:move_to(3)", message = "bad argument #1 to 'move_to' ({x, y} or {x, y, z} of finite numbers expected, got number)" },
          } },
        { name = "pin_to", doc = "Pin it to a collider or a frame, at a local offset (default: where it is now); it rides it exactly.",
          more = "`p.pinned = false` lets go; `p.pinned_to` is the collider or frame it rides.",
          params = { { name = "target", type = "taut.collider|taut.frame" },
            { name = "offset", type = "taut.vec", unit = "m", optional = true, doc = "in the target's local frame" } },
          errors = {
            { code = "p:pin_to(q)", message = "bad argument #1 to 'pin_to' (collider expected, got particle)" },
            { code = "p:pin_to(w3:collider{})", message = "bad argument #1 to 'pin_to' (collider belongs to another world)" },
          } },
        { name = "apply_force", doc = "Add a force for the next step.",
          params = { { name = "force", type = "taut.vec", unit = "N" } },
          errors = {
            { code = "p:apply_force{1/0, 0}", message = "bad argument #1 to 'apply_force' ({x, y} or {x, y, z} of finite numbers expected, got table)" },
          } },
        { name = "apply_impulse", doc = "Change its velocity at once by impulse / mass.",
          params = { { name = "impulse", type = "taut.vec", unit = "N s" } } },
        { name = "destroy", doc = "Remove it and the constraints on it; its handle turns stale.",
          errors = {
            { code = "local x = w:particle{}; x:destroy(); x:destroy()", message = "calling 'destroy' on bad self (particle was destroyed)" },
          } },
      },
      properties = {
        { name = "position", type = "taut.vec", unit = "m", access = "rw", export = true, doc = "where it is (writing teleports it, velocity kept)" },
        { name = "velocity", type = "taut.vec", unit = "m/s", access = "rw", export = true, doc = "how fast it moves" },
        { name = "x", type = "number", unit = "m", access = "r", doc = "position[1]" },
        { name = "y", type = "number", unit = "m", access = "r", doc = "position[2]" },
        { name = "z", type = "number", unit = "m", access = "r", doc = "position[3] (0 in 2D)" },
        { name = "mass", type = "number", unit = "kg", access = "rw", export = true, doc = "0 pins it where it is; a positive mass keeps the pin state" },
        { name = "radius", type = "number", unit = "m", access = "rw", export = true, doc = "for contacts with colliders and other particles",
          errors = { { code = "p.radius = -1", message = "cannot set 'radius' (radius must be a finite number >= 0)" } } },
        { name = "pinned", type = "boolean", access = "rw", export = true, doc = "pinned: infinite mass, only move_to and teleports move it",
          errors = { { code = "local x = w:particle{mass = 0}; x.pinned = false", message = "cannot set 'pinned' (a particle of mass 0 cannot be unpinned (give it a mass first))" } } },
        { name = "pinned_to", type = "taut.collider|taut.frame|nil", access = "r", doc = "the collider or frame it rides (p:pin_to), or nil" },
        { name = "group", type = "taut.bits", access = "rw", export = true, doc = "collision categories it belongs to" },
        { name = "mask", type = "taut.bits", access = "rw", export = true, doc = "categories it collides with" },
        { name = "world", type = "taut.world", access = "r", doc = "the world it is in" },
        { name = "drag", type = "number", unit = "kg/s", access = "rw", export = true, doc = "force drag * (air - v) from the wind",
          errors = { { code = "p.drag = -1", message = "cannot set 'drag' (drag must be a finite number >= 0)" } } },
        { name = "gravity_scale", type = "number", access = "rw", export = true, doc = "times the world's gravity; negative floats up" },
        { name = "damping", type = "number", unit = "1/s", access = "rw", export = true, doc = "velocity damping (Box2D's linear damping); the world's is added",
          errors = { { code = "p.damping = -1", message = "cannot set 'damping' (damping must be a finite number >= 0)" } } },
      } },
  },
  options = {
    { type = "taut.particle_options", of = "world:particle", makes = "particle", probe = "w:particle{OPTIONS}",
      doc = "What a particle is made from.",
      keys = {
        { name = "position", type = "taut.vec", unit = "m", default = {0, 0}, doc = "where it starts" },
        { name = "velocity", type = "taut.vec", unit = "m/s", default = {0, 0}, doc = "how fast it starts" },
        { name = "mass", type = "number", unit = "kg", default = 1, doc = "0 pins it (an infinite mass)" },
        { name = "radius", type = "number", unit = "m", default = 0.05, doc = "for contacts" },
        { name = "pinned", type = "boolean", default = false, doc = "pinned from the start, keeping its mass" },
        { name = "drag", type = "number", unit = "kg/s", default = 0, doc = "how much the wind pushes it" },
        { name = "gravity_scale", type = "number", default = 1, doc = "times the world's gravity; negative floats up" },
        { name = "group", type = "taut.bits", default = 1, doc = "collision categories it belongs to" },
        { name = "mask", type = "taut.bits", default = 0xffffffff, doc = "categories it collides with (default all)" },
        { name = "damping", type = "number", unit = "1/s", default = 0, doc = "velocity damping: each substep v *= 1 / (1 + damping h)" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "particle", doc = "A new particle.",
        params = { { name = "options", type = "taut.particle_options" } },
        returns = { { type = "taut.particle" } },
        errors = {
          { code = "w:particle{ mas = 1 }", message = "bad argument #1 to 'particle' (unknown option 'mas' (expected position, velocity, mass, radius, pinned, drag, gravity_scale, group, mask, damping))" },
          { code = "w:particle{ mass = -1 }", message = "bad argument #1 to 'particle' (mass must be a finite number >= 0)" },
          { code = "w:particle{ position = 3 }", message = "bad argument #1 to 'particle' (position: {x, y} or {x, y, z} expected, got number)" },
        } },
      { name = "nearest", doc = "The particle nearest to a point, within reach (default: any distance), or nil.",
        params = { { name = "point", type = "taut.vec", unit = "m" },
          { name = "reach", type = "number", unit = "m", optional = true } },
        returns = { { type = "taut.particle|nil" } } },
    } },
  },
}
