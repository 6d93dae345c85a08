-- taut_api.spring: distance constraints, world:spring{...}.
local RENAMED = "a spring's 'damping' is now 'stretch_damping' (it damps stretching only); "
  .. "to damp motion give the particles or the rope a 'damping'"

return {
  classes = {
    { name = "spring", made_by = "world:spring{...}",
      doc = "A distance constraint between two particles: a rod (both ways), a tether (stretch only) or a soft spring.",
      more = [[With `rest_length = 0` and a pinned (or heavy) end it is an attachment; `max_force` makes it
break (event `break`), `max_strain` makes it tear (event `cut`).]],
      example = [[local s = world:spring{ a = p, b = q, compliance = 1e-4, kind = "tether" }
world:spring{ a = hand, b = anchor, rest_length = 0, max_force = 800 }]],
      sample = "return w:spring{a = p, b = q}",
      dead = "local x = w:spring{a = p, b = q}; x:destroy(); return x",
      export = { list = "springs" },
      methods = {
        { name = "destroy", doc = "Remove it (an attachment lets go); its handle turns stale.",
          errors = { { code = "local s = w:spring{a = p, b = q}; s:destroy(); s:destroy()", message = "calling 'destroy' on bad self (spring was destroyed)" } } },
      },
      properties = {
        { name = "a", type = "taut.particle", access = "r", doc = "one end" },
        { name = "b", type = "taut.particle", access = "r", doc = "the other end" },
        { name = "length", type = "number", unit = "m", access = "r", doc = "the distance between its ends now" },
        { name = "strain", type = "number", access = "r", doc = "(length - rest_length) / rest_length" },
        { name = "force", type = "number", unit = "N", access = "r", doc = "the force it pulled with in the last substep" },
        { name = "rest_length", type = "number", unit = "m", access = "rw", export = true, doc = "the length it keeps",
          errors = { { code = "w:spring{a = p, b = q}.rest_length = -1", message = "cannot set 'rest_length' (rest_length must be a finite number >= 0)" } } },
        { name = "compliance", type = "number", unit = "m/N", access = "rw", export = true, doc = "inverse stiffness; 0 is rigid",
          errors = { { code = "w:spring{a = p, b = q}.compliance = -1", message = "cannot set 'compliance' (compliance must be a finite number >= 0)" } } },
        { name = "stretch_damping", type = "number", unit = "1/s", access = "rw", export = true, doc = "damps the rate it stretches at (soft springs)" },
        { name = "kind", type = "taut.spring_kind", access = "rw", export = true, values = { "rod", "tether", "spring" }, doc = "rod, tether or spring" },
        { name = "max_force", type = "number", unit = "N", access = "rw", export = true, doc = "breaks above it (event break); 0 never",
          errors = { { code = "w:spring{a = p, b = q}.max_force = -1", message = "cannot set 'max_force' (max_force must be a finite number >= 0)" } } },
        { name = "drag", type = "number", unit = "kg/(m s)", access = "rw", export = true, doc = "air drag per metre of it, across it (a tenth along)" },
        { name = "max_strain", type = "number", access = "rw", export = true, doc = "tears past it (event cut); 0 never" },
        { name = "damping", type = "number", access = "rw", deprecated = "stretch_damping", doc = "renamed: reading or writing it raises an error that says so" },
      } },
  },
  aliases = {
    { name = "taut.spring_kind", type = '"rod"|"tether"|"spring"', doc = "rod: holds its length both ways; tether: resists stretch only (slack rope); spring: soft, Hooke-like" },
  },
  options = {
    { type = "taut.spring_options", of = "world:spring", makes = "spring", probe = "w:spring{a = p, b = q, OPTIONS}",
      doc = "What a spring is made from.",
      keys = {
        { name = "a", type = "taut.particle", required = true, doc = "one end" },
        { name = "b", type = "taut.particle", required = true, doc = "the other end" },
        { name = "rest_length", type = "number", unit = "m", default_doc = "the distance now", doc = "the length it keeps" },
        { name = "compliance", type = "number", unit = "m/N", default = 0, doc = "inverse stiffness; 0 is rigid" },
        { name = "stretch_damping", type = "number", unit = "1/s", default = 0, doc = "damps the rate it stretches at" },
        { name = "kind", type = "taut.spring_kind", default = "rod", values = { "rod", "tether", "spring" }, doc = "rod, tether or spring" },
        { name = "max_force", type = "number", unit = "N", default = 0, doc = "breaks above it (event break); 0 never" },
        { name = "drag", type = "number", unit = "kg/(m s)", default = 0, doc = "air drag per metre" },
        { name = "max_strain", type = "number", default = 0, doc = "tears past it (event cut); 0 never" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "spring", doc = "A new spring between two particles of this world.",
        params = { { name = "options", type = "taut.spring_options" } },
        returns = { { type = "taut.spring" } },
        errors = {
          { code = "w:spring{a = p, b = p}", message = "bad argument #1 to 'spring' (a spring needs two different particles)" },
          { code = "w:spring{a = p, b = 1}", message = "bad argument #1 to 'spring' (b: particle expected, got number)" },
          { code = "w:spring{a = p, b = q, damping = 1}", message = "bad argument #1 to 'spring' (" .. RENAMED .. ")" },
          { code = "w:spring{a = p, b = q, kind = 'rope'}", message = "bad argument #1 to 'spring' (unknown kind 'rope' (expected rod, tether, spring))" },
          { code = "w:spring{a = p, b = p3}", message = "bad argument #1 to 'spring' (b: particle belongs to another world)" },
          { code = "w:spring{a = p, b = q, max_strain = -1}", message = "bad argument #1 to 'spring' (max_strain must be a finite number >= 0)" },
        } },
    } },
  },
}
