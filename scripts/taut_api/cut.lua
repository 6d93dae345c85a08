-- taut_api.cut: cutting and tearing (core/cut.c, core/cutter.c).
return {
  classes = {
    { name = "cutter", made_by = "world:cutter{...}",
      doc = "A blade: set its position each frame and it cuts what it swept at the next step (so a fast slash cannot pass through).",
      example = [[local blade = world:cutter{ position = {0, 0} }
function scene.update(world, dt) blade.position = scene.mouse end]],
      sample = "return w:cutter{}",
      dead = "local x = w:cutter{}; x:destroy(); return x",
      methods = {
        { name = "destroy", doc = "Remove it.",
          errors = { { code = "local x = w:cutter{}; x:destroy(); x:destroy()", message = "calling 'destroy' on bad self (cutter was destroyed)" } } },
      },
      properties = {
        { name = "position", type = "taut.vec", unit = "m", access = "rw", doc = "where the blade is; it cuts what it swept since" },
        { name = "cuts", type = "integer", access = "r", doc = "cuts it made" },
      } },
  },
  options = {
    { type = "taut.cutter_options", of = "world:cutter", makes = "cutter", probe = "w:cutter{OPTIONS}",
      doc = "Where a blade starts.",
      keys = {
        { name = "position", type = "taut.vec", unit = "m", default = {0, 0}, doc = "where it starts" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "cut", doc = "Sever what the segment a-b crosses (a swipe); returns how many springs it cut.",
        params = { { name = "a", type = "taut.vec", unit = "m" }, { name = "b", type = "taut.vec", unit = "m" } },
        returns = { { type = "integer" } } },
      { name = "cut_near", doc = "Sever what passes within radius of a point; returns how many springs it cut.",
        params = { { name = "point", type = "taut.vec", unit = "m" }, { name = "radius", type = "number", unit = "m" } },
        returns = { { type = "integer" } } },
      { name = "cutter", doc = "A new blade.",
        params = { { name = "options", type = "taut.cutter_options" } },
        returns = { { type = "taut.cutter" } } },
    }, properties = {
      { name = "min_fragment", type = "integer", access = "rw", export = true, doc = "free rope pieces shorter than this many segments are removed (event cull); 0 off",
        errors = {
          { code = "w.min_fragment = -1", message = "cannot set 'min_fragment' (min_fragment must be an integer >= 0)" },
        } },
      { name = "min_cut_mass", type = "number", unit = "kg", access = "rw", export = true, doc = "no cut makes a particle lighter (default 0.1 g)",
        errors = {
          { code = "w.min_cut_mass = -1", message = "cannot set 'min_cut_mass' (min_cut_mass and min_cut_length must be finite numbers >= 0, max_tears an integer >= 0)" },
        } },
      { name = "min_cut_length", type = "number", unit = "m", access = "rw", export = true, doc = "no cut makes a piece shorter (default 5 mm)" },
      { name = "max_tears", type = "integer", access = "rw", export = true, doc = "at most this many springs tear per step (event tear_limit); default 32" },
    } },
    { class = "spring", methods = {
      { name = "cut", doc = "Sever it at t in [0, 1] from a: a new particle on each side, mass and rest length kept (event cut).",
        params = { { name = "t", type = "number" } },
        errors = {
          { code = "w:spring{a = p, b = q}:cut(2)", message = "bad argument #1 to 'cut' (cut fraction must be a number in [0, 1])" },
          { code = "w:rope{segments = 4, pin_end = true}; w:springs()[#w:springs()]:cut(0.5)", message = "bad argument #1 to 'cut' (a rope's tether cannot be cut (cut a segment))" },
        } },
    } },
    { class = "rope", methods = {
      { name = "cut", doc = "Sever segment i (1-based) at t: the rope keeps the spool part, the end part is returned as a new rope (nil when culled at once).",
        params = { { name = "i", type = "integer" }, { name = "t", type = "number" } },
        returns = { { type = "taut.rope|nil", doc = "the end part" } },
        errors = {
          { code = "w:rope{segments = 4}:cut(5, 0.5)", message = "bad argument #1 to 'cut' (index out of range 1..4)" },
          { code = "w.min_cut_length = 10; w:rope{segments = 2}:cut(1, 0.5)", message = "bad argument #2 to 'cut' (the cut would leave a piece lighter than min_cut_mass or shorter than min_cut_length)" },
        } },
    } },
  },
}
