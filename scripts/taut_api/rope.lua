-- taut_api.rope: ropes, world:rope{...}.
return {
  classes = {
    { name = "rope", made_by = "world:rope{...}",
      doc = "A chain of particles joined by segments, solved as one chain each substep, with a length that reels at the spool (its start).",
      more = [[Each rope's segments are solved exactly (a tridiagonal solve per substep), so a rope holds a
load far heavier than itself without stretching; long-range tethers from its pinned end(s)
catch the rest. `damping` settles its motion relative to its rigid motion (a heap comes to hang
still while a swing keeps swinging); `bend` gives every joint a soft angle toward straight.]],
      example = [[local rope = world:rope{ from = {0, 10}, to = {8, 10}, segments = 40 }
rope.last.mass = 5          -- a weight on the end
rope.length = 6             -- reel in now
rope:reel(-2, 3)            -- or over time: 2 m/s down to 3 m]],
      sample = "return w:rope{}",
      dead = "local x = w:rope{}; x:destroy(); return x",
      len = "the number of nodes (particles), segments + 1",
      export = { list = "ropes" },
      methods = {
        { name = "particle", doc = "Node i (1-based, start to end).",
          params = { { name = "i", type = "integer" } },
          returns = { { type = "taut.particle" } },
          errors = {
            { code = "w:rope{segments = 2}:particle(9)", message = "bad argument #1 to 'particle' (index out of range 1..3)" },
          } },
        { name = "segment", doc = "Segment i (1-based): the spring from node i to node i + 1.",
          params = { { name = "i", type = "integer" } },
          returns = { { type = "taut.spring" } } },
        { name = "nodes", doc = "Every node, start to end.",
          returns = { { type = "taut.particle[]" } } },
        { name = "reel", doc = "Change the length by speed every step (< 0 reels in) until it reaches target; speed 0 stops.",
          params = { { name = "speed", type = "number", unit = "m/s" },
            { name = "target", type = "number", unit = "m", optional = true, doc = "where to stop (none: reel on)" } } },
        { name = "translate", doc = "Move every node by an offset, a teleport that adds no speed.",
          params = { { name = "offset", type = "taut.vec", unit = "m" } } },
        { name = "destroy", doc = "Remove its particles and springs (not a start particle it was given).",
          errors = { { code = "local r = w:rope{}; r:destroy(); r:destroy()", message = "calling 'destroy' on bad self (rope was destroyed)" } } },
      },
      properties = {
        { name = "length", type = "number", unit = "m", access = "rw", export = true, doc = "length at rest; writing reels to it now, at the spool",
          errors = {
            { code = "w:rope{}.length = 0", message = "cannot set 'length' (length must be a finite number > 0)" },
            { code = "local r = w:rope{segments = 3}; r:particle(2):destroy(); r.length = 2", message = "cannot set 'length' (rope lost a particle (it was destroyed or cut))" },
          } },
        { name = "tethers", type = "taut.rope_tethers", access = "rw", export = true, doc = "where its long-range tethers hang from: start, end, both or none" },
        { name = "damping", type = "number", unit = "1/s", access = "rw", export = true, doc = "motion relative to the rope's rigid motion settles at this rate" },
        { name = "bend", type = "number", unit = "1/(N m^2)", access = "rw", export = true, doc = "bending compliance: 0 stiff, larger softer, inf limp" },
        { name = "segment_length", type = "number", unit = "m", access = "r", export = true, doc = "the rest length of a segment" },
        { name = "max_length", type = "number", unit = "m", access = "r", doc = "the longest it can reel out to: 100000 segments" },
        { name = "reel_speed", type = "number", unit = "m/s", access = "r", doc = "the speed rope:reel set (0: not reeling)" },
        { name = "first", type = "taut.particle", access = "r", doc = "the start node (the spool)" },
        { name = "last", type = "taut.particle", access = "r", doc = "the end node" },
        { name = "tension", type = "number", unit = "N", access = "r", doc = "the pull on the spool node" },
      } },
  },
  aliases = {
    { name = "taut.rope_tethers", type = '"auto"|"none"|"start"|"end"|"both"', doc = "auto (the default): from the pinned end(s)" },
  },
  options = {
    { type = "taut.rope_options", of = "world:rope", makes = "rope", probe = "w:rope{OPTIONS}",
      doc = "What a rope is made from: a straight line from `from` (or the particle `start`) to `to`.",
      keys = {
        { name = "from", type = "taut.vec", unit = "m", default = {0, 0}, doc = "where it starts" },
        { name = "to", type = "taut.vec", unit = "m", default = {0, -5}, doc = "where it ends" },
        { name = "start", type = "taut.particle", doc = "a particle to be its first node (a player holding it); from is then its position" },
        { name = "segments", type = "integer", default = 20, doc = "how many segments, 1 to 100000" },
        { name = "segment_length", type = "number", unit = "m", default = 0, check_default = false, doc = "> 0: as many segments of this length as fit (overrides segments)" },
        { name = "mass_per_metre", type = "number", unit = "kg/m", default = 0.5, doc = "spread over its nodes" },
        { name = "radius", type = "number", unit = "m", default = 0.03, doc = "of every node, for contacts" },
        { name = "compliance", type = "number", unit = "m/N", default = 0, doc = "of the segments" },
        { name = "stretch_damping", type = "number", unit = "1/s", default = 0, doc = "of the segments" },
        { name = "damping", type = "number", unit = "1/s", default = 1, doc = "relative motion settles at this rate" },
        { name = "bend", type = "number", unit = "1/(N m^2)", default = math.huge, doc = "bending compliance; none (limp) by default" },
        { name = "kind", type = "taut.spring_kind", default = "rod", values = { "rod", "tether", "spring" }, doc = "of the segments" },
        { name = "pin_start", type = "boolean", default = true, doc = "pin the first node" },
        { name = "pin_end", type = "boolean", default = false, doc = "pin the last node" },
        { name = "tethers", type = "taut.rope_tethers", default = "auto", check_default = false, values = { "auto", "none", "start", "end", "both" }, doc = "long-range tethers: auto hangs them from the pinned end(s)" },
        { name = "max_strain", type = "number", default = 0, doc = "segments tear past it (event cut); 0 never" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "rope", doc = "A new rope.",
        params = { { name = "options", type = "taut.rope_options", optional = true } },
        returns = { { type = "taut.rope" } },
        errors = {
          { code = "w:rope{segments = 0}", message = "bad argument #1 to 'rope' (a rope needs 1 to 100000 segments)" },
          { code = "w:rope{tethers = 'top'}", message = "bad argument #1 to 'rope' (unknown tethers 'top' (expected auto, none, start, end, both))" },
          { code = "w:rope{mass_per_metre = 0}", message = "bad argument #1 to 'rope' (mass_per_metre must be a finite number > 0)" },
          { code = "w:rope{segment_length = -1}", message = "bad argument #1 to 'rope' (segment_length must be a finite number >= 0 (0: use segments))" },
        } },
      { name = "ropes", doc = "Every rope of the world, in order.",
        returns = { { type = "taut.rope[]" } } },
    } },
  },
}
