-- taut_api.wind: air fields, world:wind{...}.
return {
  classes = {
    { name = "wind", made_by = "world:wind{...}",
      doc = "An air velocity field that pushes particles and springs through their drag: uniform, noise (gusts), vortex, radial, or a Lua function.",
      more = [[A field acts only on what has `drag` (particles, springs, soft bodies): force =
drag * (air - velocity). Any field can be limited to a `region` (`"circle"` or `"box"`, with a
soft `edge`). A `"function"` wind calls `fn(x, y, z, t)` once per step at the points of a lattice
from `lo` to `hi` with `cells` cells per axis (not per particle) and blends them.]],
      example = [[local gust = world:wind{ kind = "noise", direction = {1, 0}, strength = 4, turbulence = 0.6 }
gust.strength = 8
world:wind{ kind = "vortex", center = {0, 2}, radius = 1.5, strength = 6,
            region = "circle", region_center = {0, 2}, region_size = 4, edge = 1 }
world:wind{ fn = function(x, y, z, t) return 2, math.sin(t) end,
            lo = {-10, -5}, hi = {10, 5}, cells = {16, 8} }]],
      sample = "return w:wind{}",
      dead = "local x = w:wind{}; x:destroy(); return x",
      export = { list = "winds" },
      methods = {
        { name = "sample", doc = "The air velocity of this field at a point, now (enabled or not).",
          params = { { name = "point", type = "taut.vec", unit = "m" } },
          returns = { { type = "taut.vec", unit = "m/s" } } },
        { name = "destroy", doc = "Remove it.",
          errors = { { code = "local x = w:wind{}; x:destroy(); x:destroy()", message = "calling 'destroy' on bad self (wind was destroyed)" } } },
      },
      properties = {
        { name = "kind", type = "taut.wind_kind", access = "r", export = true, doc = "its kind" },
        { name = "enabled", type = "boolean", access = "rw", export = true, doc = "false: it blows nothing" },
        { name = "strength", type = "number", unit = "m/s", access = "rw", export = true, doc = "its speed (may be negative)" },
        { name = "direction", type = "taut.vec", access = "rw", export = true, doc = "uniform and noise: where it blows (made unit)" },
        { name = "center", type = "taut.vec", unit = "m", access = "rw", export = true, doc = "vortex and radial: its centre" },
        { name = "axis", type = "taut.vec", access = "rw", export = true, doc = "vortex: what it turns about (made unit)" },
        { name = "radius", type = "number", unit = "m", access = "rw", export = true, doc = "vortex core, radial reach" },
        { name = "scale", type = "number", unit = "m", access = "rw", export = true, doc = "noise: size of a gust" },
        { name = "speed", type = "number", unit = "1/s", access = "rw", export = true, doc = "noise: how fast gusts change" },
        { name = "turbulence", type = "number", access = "rw", export = true, doc = "noise: gust size over strength" },
        { name = "seed", type = "integer", access = "rw", export = true, doc = "noise: which gusts" },
        { name = "region", type = "taut.region", access = "rw", export = true, doc = "where it acts: none (everywhere), circle or box",
          errors = {
            { code = "w:wind{}.region = 'cube'", message = "cannot set 'region' (unknown region 'cube' (expected none, circle, box))" },
          } },
        { name = "region_center", type = "taut.vec", unit = "m", access = "rw", export = true, doc = "the region's centre" },
        { name = "region_size", type = "number|taut.vec", unit = "m", access = "rw", export = true, doc = "circle: radius; box: full size" },
        { name = "edge", type = "number", unit = "m", access = "rw", export = true, doc = "the field fades in over this much inside the region's border" },
        { name = "fn", type = "fun(x: number, y: number, z: number, t: number): number, number, number?", access = "rw", doc = "a function wind's function",
          errors = {
            { code = "w:wind{}.fn = print", message = "cannot set 'fn' (only a \"function\" wind has one)" },
          } },
        { name = "samples", type = "integer", access = "r", doc = "a function wind's lattice points, (cells + 1) per axis" },
        { name = "world", type = "taut.world", access = "r", doc = "the world it is in" },
      } },
  },
  aliases = {
    { name = "taut.wind_kind", type = '"uniform"|"noise"|"vortex"|"radial"|"function"', doc = "what a wind field is" },
    { name = "taut.region", type = '"none"|"circle"|"box"', doc = "where a wind acts" },
  },
  options = {
    { type = "taut.wind_options", of = "world:wind", makes = "wind", probe = "w:wind{OPTIONS}",
      doc = "What a wind field is and where it blows.",
      keys = {
        { name = "kind", type = "taut.wind_kind", default = "uniform", values = { "uniform", "noise", "vortex", "radial", "function" }, doc = "its kind (\"function\" when fn is given)" },
        { name = "enabled", type = "boolean", default = true, doc = "false: it blows nothing" },
        { name = "strength", type = "number", unit = "m/s", default = 1, doc = "its speed" },
        { name = "direction", type = "taut.vec", default = {1, 0}, doc = "uniform and noise: where it blows" },
        { name = "center", type = "taut.vec", unit = "m", default = {0, 0}, doc = "vortex and radial: its centre" },
        { name = "axis", type = "taut.vec", default = {0, 0}, check_default = false, doc = "vortex: what it turns about (3D; 2D turns about z)" },
        { name = "radius", type = "number", unit = "m", default = 1, doc = "vortex core, radial reach" },
        { name = "scale", type = "number", unit = "m", default = 4, doc = "noise: size of a gust" },
        { name = "speed", type = "number", unit = "1/s", default = 1, doc = "noise: how fast gusts change" },
        { name = "turbulence", type = "number", default = 0.5, doc = "noise: gust size over strength" },
        { name = "seed", type = "integer", default = 0, doc = "noise: which gusts" },
        { name = "region", type = "taut.region", default = "none", values = { "none", "circle", "box" }, doc = "where it acts" },
        { name = "region_center", type = "taut.vec", unit = "m", default = {0, 0}, doc = "the region's centre" },
        { name = "region_size", type = "number|taut.vec", unit = "m", default = {0, 0}, doc = "circle: radius; box: full size" },
        { name = "edge", type = "number", unit = "m", default = 0, doc = "soft border width" },
        { name = "fn", type = "fun(x: number, y: number, z: number, t: number): number, number, number?", doc = "a function wind: air velocity at (x, y, z) at time t" },
        { name = "lo", type = "taut.vec", unit = "m", default = {-1, -1}, doc = "a function wind's lattice: low corner" },
        { name = "hi", type = "taut.vec", unit = "m", default = {1, 1}, doc = "a function wind's lattice: high corner" },
        { name = "cells", type = "integer[]", default_doc = "{8, 8}", doc = "a function wind's cells per axis, 1 to 64" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "wind", doc = "A new wind field.",
        params = { { name = "options", type = "taut.wind_options", optional = true } },
        returns = { { type = "taut.wind" } },
        errors = {
          { code = "w:wind{kind = 'function'}", message = "bad argument #1 to 'wind' (a \"function\" wind needs fn, and only it)" },
          { code = "w:wind{fn = 1}", message = "bad argument #1 to 'wind' (fn: function expected, got number)" },
          { code = "w:wind{kind = 'breeze'}", message = "bad argument #1 to 'wind' (unknown kind 'breeze' (expected uniform, noise, vortex, radial, function))" },
          { code = "w:wind{direction = {0, 0}}", message = "bad argument #1 to 'wind' (direction must be a non-zero vector)" },
          { code = "w:wind{kind = 'vortex', radius = 0}", message = "bad argument #1 to 'wind' (radius must be a finite number > 0)" },
          { code = "w:wind{kind = 'noise', scale = 0}", message = "bad argument #1 to 'wind' (scale must be > 0, speed and turbulence >= 0)" },
          { code = "w:wind{fn = print, cells = {0, 4}}", message = "bad argument #1 to 'wind' (grid needs 1 to 64 cells per axis and a box with lo < hi)" },
          { code = "w:wind{region = 'circle', region_size = -1}", message = "bad argument #1 to 'wind' (region size and edge must be finite and >= 0)" },
        } },
      { name = "winds", doc = "Every wind field of the world, in order.",
        returns = { { type = "taut.wind[]" } } },
    }, properties = {
      { name = "wind_count", type = "integer", access = "r", doc = "wind fields alive" },
    } },
  },
}
