-- taut_api.queries: asking a world what is where (lua/bind_query.c).
return {
  records = {
    { type = "taut.hit", doc = "What a ray hit: a collider, or a rope segment (spring) with the fraction along it.",
      fields = {
        { name = "point", type = "taut.vec", unit = "m", doc = "where" },
        { name = "normal", type = "taut.vec", doc = "the surface's normal there" },
        { name = "distance", type = "number", unit = "m", doc = "from the origin" },
        { name = "collider", type = "taut.collider?", doc = "the collider hit" },
        { name = "spring", type = "taut.spring?", doc = "the segment hit" },
        { name = "fraction", type = "number?", doc = "along the segment, from its a to its b" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "raycast", doc = "The first thing a ray hits, or nil.",
        params = { { name = "origin", type = "taut.vec", unit = "m" },
          { name = "direction", type = "taut.vec" },
          { name = "max_distance", type = "number", unit = "m", optional = true, doc = "default: no limit" },
          { name = "what", type = '"all"|"colliders"|"springs"', optional = true, default = "all" } },
        returns = { { type = "taut.hit|nil" } },
        errors = {
          { code = "w:raycast({0, 0}, {0, 0})", message = "bad argument #2 to 'raycast' (direction must be a finite, non-zero vector)" },
        } },
      { name = "overlap", doc = "The colliders a circle (sphere) overlaps; radius 0: those containing the point.",
        params = { { name = "center", type = "taut.vec", unit = "m" },
          { name = "radius", type = "number", unit = "m", optional = true, default = 0 } },
        returns = { { type = "taut.collider[]" } } },
      { name = "particles_in", doc = "The particles in the box lo..hi.",
        params = { { name = "lo", type = "taut.vec", unit = "m" }, { name = "hi", type = "taut.vec", unit = "m" } },
        returns = { { type = "taut.particle[]" } } },
      { name = "colliders", doc = "Every collider, in order.",
        returns = { { type = "taut.collider[]" } } },
    } },
  },
}
