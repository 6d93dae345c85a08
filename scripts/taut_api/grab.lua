-- taut_api.grab: the soft, force-limited grab, world:grab{...}.
return {
  classes = {
    { name = "grab", made_by = "world:grab{...}",
      doc = "A soft, force-limited pull of a particle toward a target: the mouse joint of the Box2D testbed.",
      more = [[Its spring is sized by the mass of the body the particle belongs to (its free part, joined by
springs: a whole rope), and its pull is limited to `max_force`, so over-pulling a rope drags the
rope instead of tearing it (event `grab_limit`). It goes by itself with its particle.]],
      example = [[local g = world:grab{ particle = p, target = {3, 2} }
g.target = {4, 2}           -- every frame, where the hand is
print(g.force, g.at_limit)]],
      sample = "return w:grab{particle = p}",
      dead = "local x = w:grab{particle = p}; x:destroy(); return x",
      methods = {
        { name = "destroy", doc = "Let go.",
          errors = { { code = "local x = w:grab{particle = p}; x:destroy(); x:destroy()", message = "calling 'destroy' on bad self (grab was destroyed)" } } },
      },
      properties = {
        { name = "target", type = "taut.vec", unit = "m", access = "rw", doc = "where it pulls toward" },
        { name = "stiffness", type = "number", unit = "Hz", access = "rw", doc = "the spring's frequency with the body's mass" },
        { name = "damping", type = "number", access = "rw", doc = "damping ratio: 1 critical" },
        { name = "max_force", type = "number", unit = "N", access = "rw", doc = "the most it pulls with; 0: 10 x the body's weight" },
        { name = "particle", type = "taut.particle", access = "r", doc = "the particle it pulls" },
        { name = "force", type = "number", unit = "N", access = "r", doc = "the last step's pull" },
        { name = "force_limit", type = "number", unit = "N", access = "r", doc = "the limit in effect" },
        { name = "body_mass", type = "number", unit = "kg", access = "r", doc = "the mass of the body it pulls" },
        { name = "at_limit", type = "boolean", access = "r", doc = "it pulls with all it may (event grab_limit when it begins)" },
      } },
  },
  options = {
    { type = "taut.grab_options", of = "world:grab", makes = "grab", probe = "w:grab{particle = p, OPTIONS}",
      doc = "What to pull, where, and how hard.",
      keys = {
        { name = "particle", type = "taut.particle", required = true, doc = "a free (not pinned) particle" },
        { name = "target", type = "taut.vec", unit = "m", default_doc = "where the particle is", doc = "where to pull it" },
        { name = "stiffness", type = "number", unit = "Hz", default = 5, doc = "the spring's frequency" },
        { name = "damping", type = "number", default = 0.7, doc = "damping ratio (1 critical)" },
        { name = "max_force", type = "number", unit = "N", default = 0, doc = "0: 10 times the body's weight" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "grab", doc = "Pull a particle softly toward a target.",
        params = { { name = "options", type = "taut.grab_options" } },
        returns = { { type = "taut.grab" } },
        errors = {
          { code = "w:grab{}", message = "bad argument #1 to 'grab' (particle: particle expected, got nil)" },
          { code = "w:grab{particle = w:particle{pinned = true}}", message = "bad argument #1 to 'grab' (a pinned particle cannot be grabbed (move it with move_to))" },
          { code = "w:grab{particle = p, stiffness = 0}", message = "bad argument #1 to 'grab' (stiffness must be a finite number > 0 (Hz))" },
        } },
    } },
  },
}
