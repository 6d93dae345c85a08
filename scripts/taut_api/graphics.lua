-- taut_api.graphics: the g of scene.draw(g) (lua/bind_draw.c, lua/bind_solid.c).
local function point(name) return { name = name, type = "number|taut.vec", unit = "m", doc = "x then y, or one {x, y[, z]}" } end

return {
  classes = {
    { name = "graphics", made_by = "the argument of scene.draw(g)",
      doc = "Draws on top of the debug view in world coordinates (in 3D, depth-sorted with it); valid only inside scene.draw.",
      more = [[Points are two numbers `x, y`, or one vector `{x, y}` / `{x, y, z}` (3D). Inside `scene.draw`
every read of a position is the drawn (interpolated) one.]],
      example = [[function scene.draw(g)
  g:color(1, 0.8, 0.2)
  g:line(0, 0, 3, 2, 3)
  g:circle({1, 1}, 0.5, "line")
  g:text(-4, 3, "hello")
end]],
      methods = {
        { name = "color", doc = "The colour of what is drawn next; components 0..1, as in LÖVE.",
          params = { { name = "r", type = "number" }, { name = "g", type = "number" }, { name = "b", type = "number" },
            { name = "a", type = "number", optional = true, default = 1 } } },
        { name = "line", doc = "A line from a to b, width in pixels (default 2): g:line(x1, y1, x2, y2 [, width]) or g:line(a, b [, width]).",
          params = { point("a"), point("b"), { name = "width", type = "number", unit = "px", optional = true, default = 2 } },
          errors = {
            { code = "g:line('x', 0, 1, 1)", message = "bad argument #1 to 'line' (number expected, got string)" },
          } },
        { name = "circle", doc = "A circle, filled unless mode is \"line\": g:circle(x, y, r [, mode]) or g:circle(center, r [, mode]).",
          params = { point("center"), { name = "radius", type = "number", unit = "m" },
            { name = "mode", type = '"fill"|"line"', optional = true, default = "fill" } } },
        { name = "text", doc = "Text at a point: g:text(x, y, text) or g:text(point, text).",
          params = { point("at"), { name = "text", type = "string" } } },
        { name = "mesh", doc = "A mesh, as it is in 2D and lit in 3D, textured or not, tinted by the colour (white: as is).",
          params = { { name = "mesh", type = "taut.mesh" }, { name = "texture", type = "taut.texture", optional = true } } },
        { name = "solid", doc = "A lit solid: sphere, capsule, box, plane patch or hull.",
          params = { { name = "options", type = "taut.solid_options" } },
          errors = {
            { code = "g:solid{shape = 'sphere', radius = 0}", message = "bad argument #1 to 'solid' (radius must be > 0)" },
          } },
      } },
  },
  options = {
    { type = "taut.solid_options", of = "g:solid", probe = "g:solid{OPTIONS}",
      doc = "A solid to draw, read as world:collider{...} reads a collider (lengths and sizes are whole).",
      keys = {
        { name = "shape", type = '"sphere"|"capsule"|"box"|"plane"|"hull"', default = "sphere", values = { "sphere", "capsule", "box", "plane", "hull" }, doc = "what to draw" },
        { name = "center", type = "taut.vec", unit = "m", default = {0, 0, 0}, doc = "where" },
        { name = "rotation", type = "taut.quat", default = {1, 0, 0, 0}, doc = "how it is turned" },
        { name = "radius", type = "number", unit = "m", default = 0.5, doc = "sphere, capsule" },
        { name = "length", type = "number", unit = "m", default = 1, doc = "capsule: between its end centres, along its local x" },
        { name = "size", type = "number|taut.vec", unit = "m", default_doc = "{1, 1, 1} (box), 20 (plane)", doc = "box: {x, y, z}; plane: the side of the square patch" },
        { name = "normal", type = "taut.vec", default = {0, 1, 0}, doc = "plane: which way it faces" },
        { name = "points", type = "taut.vec[]", unit = "m", doc = "hull: 4 to 64 {x, y, z}" },
      } },
  },
}
