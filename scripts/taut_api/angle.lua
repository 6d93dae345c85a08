-- taut_api.angle: angle constraints, world:angle{...}.
return {
  classes = {
    { name = "angle", made_by = "world:angle{...}",
      doc = "The bend at b of three particles a, b, c: a soft bend toward rest, a rigid one, or with only min and max a joint limit.",
      more = [[The bend is 0 when a, b, c are in line; signed in 2D (counter-clockwise positive), in [0, pi]
in 3D; radians. Without rest or compliance but with min or max, it only limits (a free joint);
without any of them it keeps the bend it has (rigid).]],
      example = [[world:angle{ a = hip, b = knee, c = ankle, min = -2.6, max = 0 }   -- a knee
world:angle{ a = p, b = q, c = r, rest = 0.3, compliance = 1e-3 }     -- a soft bend]],
      sample = "return w:angle{a = p, b = q, c = o}",
      dead = "local x = w:angle{a = p, b = q, c = o}; x:destroy(); return x",
      methods = {
        { name = "destroy", doc = "Remove it.",
          errors = { { code = "local x = w:angle{a = p, b = q, c = o}; x:destroy(); x:destroy()", message = "calling 'destroy' on bad self (angle was destroyed)" } } },
      },
      properties = {
        { name = "a", type = "taut.particle", access = "r", doc = "one end" },
        { name = "b", type = "taut.particle", access = "r", doc = "the vertex, where it bends" },
        { name = "c", type = "taut.particle", access = "r", doc = "the other end" },
        { name = "angle", type = "number", unit = "rad", access = "r", doc = "the bend now" },
        { name = "rest", type = "number", unit = "rad", access = "rw", doc = "the bend it keeps" },
        { name = "compliance", type = "number", unit = "rad/(N m)", access = "rw", doc = "0 rigid; inf: no rest, only the limits" },
        { name = "min", type = "number", unit = "rad", access = "rw", doc = "the least bend allowed" },
        { name = "max", type = "number", unit = "rad", access = "rw", doc = "the most bend allowed" },
      } },
  },
  options = {
    { type = "taut.angle_options", of = "world:angle", makes = "angle", probe = "w:angle{a = p, b = q, c = o, OPTIONS}",
      doc = "The three particles and how the bend at b is held.",
      keys = {
        { name = "a", type = "taut.particle", required = true, doc = "one end" },
        { name = "b", type = "taut.particle", required = true, doc = "the vertex" },
        { name = "c", type = "taut.particle", required = true, doc = "the other end" },
        { name = "rest", type = "number", unit = "rad", default_doc = "the bend now", doc = "the bend it keeps" },
        { name = "compliance", type = "number", unit = "rad/(N m)", default = 0, doc = "0 rigid" },
        { name = "min", type = "number", unit = "rad", default = -math.pi, doc = "the least bend (-pi: no limit)" },
        { name = "max", type = "number", unit = "rad", default = math.pi, doc = "the most bend (pi: no limit)" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "angle", doc = "A new angle constraint.",
        params = { { name = "options", type = "taut.angle_options" } },
        returns = { { type = "taut.angle" } },
        errors = {
          { code = "w:angle{a = p, b = q, c = q}", message = "bad argument #1 to 'angle' (an angle needs three different particles of one world)" },
          { code = "w:angle{a = p, b = q, c = o, min = 1, max = 0}", message = "bad argument #1 to 'angle' (rest, min and max must be radians in [-pi, pi] with min <= max)" },
        } },
    } },
  },
}
