-- taut_api.hair: scripts/hair.lua.
local world = { name = "world", type = "taut.world" }
local strands = { name = "strands", type = "taut.chain[]" }

return {
  modules = {
    { name = "hair",
      doc = "Heads of dynamic-bone strands (world:chain) from a scalp layout, tufts and single strands.",
      more = [[A scalp strand's rest pose is combed: it lies along the scalp, down its meridian, until it is
past the widest ring, then falls straight down, so the animated pose never enters the head.
`knobs` are world:chain options (damping, elasticity, stiffness, inertia, gravity, colliders,
preset, lod, ...), given to every strand.]],
      example = [[local hair = require "hair"
local strands = hair.scalp(world, { root = head, radius = 0.11, rows = 4, per_row = 10,
                                   length = 0.25, knobs = { preset = "floaty" } })
hair.set(strands, "stiffness", {0.6, 0.1})   -- a knob on all, live]],
      functions = {
        { name = "strand", doc = "One straight strand from `at` along `direction` (in the root's frame).",
          params = { world, { name = "root", type = "taut.frame|taut.collider" }, { name = "at", type = "taut.vec", unit = "m" },
            { name = "direction", type = "taut.vec" }, { name = "length", type = "number", unit = "m" },
            { name = "segments", type = "integer" }, { name = "knobs", type = "taut.chain_options", optional = true } },
          returns = { { type = "taut.chain" } } },
        { name = "scalp", doc = "Rings of combed strands over a head, from the crown down.",
          params = { world, { name = "opts", type = "hair.scalp_options" } }, returns = { strands } },
        { name = "tuft", doc = "count strands from `at`, fanned `spread` radians about direction (a ponytail's bundle, a fringe).",
          params = { world, { name = "opts", type = "hair.tuft_options" } }, returns = { strands } },
        { name = "each", doc = "Call fn with every strand.",
          params = { strands, { name = "fn", type = "fun(chain: taut.chain)" } } },
        { name = "set", doc = "Set a knob on every strand, live.",
          params = { strands, { name = "knob", type = "string" }, { name = "value", type = "any" } } },
      } },
  },
  options = {
    { type = "hair.scalp_options", of = "hair.scalp", doc = "Where the scalp is and how the strands fall.",
      keys = {
        { name = "root", type = "taut.frame|taut.collider", required = true, doc = "the head" },
        { name = "center", type = "taut.vec", unit = "m", default = {0, 0, 0}, doc = "the scalp sphere's centre, in the root's frame" },
        { name = "radius", type = "number", unit = "m", default = 0.1, doc = "the scalp sphere's radius" },
        { name = "rows", type = "integer", default = 4, doc = "rings of roots" },
        { name = "per_row", type = "integer", default = 10, doc = "roots on the widest ring" },
        { name = "from", type = "number", unit = "deg", default = 10, doc = "the first ring, from the top" },
        { name = "to", type = "number", unit = "deg", default = 70, doc = "the last ring, from the top" },
        { name = "around", type = "number[]", unit = "deg", default = {0, 360}, doc = "azimuth covered (0: the front, +z; 90: +x)" },
        { name = "length", type = "number|fun(row: integer, k: integer, a: number): number", unit = "m", default = 0.25, doc = "of every strand, or by row and place" },
        { name = "segments", type = "integer", default = 6, doc = "of every strand" },
        { name = "knobs", type = "taut.chain_options", doc = "world:chain options for every strand" },
      } },
    { type = "hair.tuft_options", of = "hair.tuft", doc = "A bundle of strands from one place.",
      keys = {
        { name = "root", type = "taut.frame|taut.collider", required = true, doc = "what they hang from" },
        { name = "at", type = "taut.vec", unit = "m", required = true, doc = "where, in the root's frame" },
        { name = "direction", type = "taut.vec", default = {0, -1, 0}, doc = "which way they hang" },
        { name = "across", type = "taut.vec", default = {0, 0, 1}, doc = "the fan's plane is across direction and this" },
        { name = "count", type = "integer", default = 3, doc = "strands" },
        { name = "spread", type = "number", unit = "rad", default = 0.3, doc = "the fan's angle" },
        { name = "width", type = "number", unit = "m", default = 0, doc = "roots spread this far apart" },
        { name = "length", type = "number", unit = "m", default = 0.3, doc = "of every strand" },
        { name = "segments", type = "integer", default = 6, doc = "of every strand" },
        { name = "knobs", type = "taut.chain_options", doc = "world:chain options for every strand" },
      } },
  },
}
