-- taut_api.canvas: headless surfaces for plots, taut.canvas (lua/bind_canvas.c).
local rgb = {
  { name = "r", type = "number", optional = true, default = 1 },
  { name = "g", type = "number", optional = true, default = 1 },
  { name = "b", type = "number", optional = true, default = 1 },
}
local function with(list, ...)
  local out = { ... }
  for _, p in ipairs(list) do out[#out + 1] = p end
  return out
end
local function n(name, doc) return { name = name, type = "number", unit = "px", doc = doc } end

return {
  classes = {
    { name = "canvas", made_by = "taut.canvas{width, height}",
      doc = "A headless surface to draw charts on in screen pixels (y down) and save as PNG; scripts/plot.lua draws experiment plots on it.",
      example = [[local c = taut.canvas{ width = 400, height = 200 }
c:line(10, 190, 390, 10, 2, 0.4, 0.7, 1)
c:text(10, 10, "stretch", 2)
c:save("chart.png")
c:close()]],
      sample = "return taut.canvas{}",
      methods = {
        { name = "line", doc = "A line; colour components 0..1 (default white).",
          params = with(rgb, n("x0"), n("y0"), n("x1"), n("y1"), { name = "width", type = "number", unit = "px", optional = true, default = 2 }) },
        { name = "rect", doc = "A filled rectangle.",
          params = with(rgb, n("x"), n("y"), n("w"), n("h")) },
        { name = "text", doc = "Text with its top left at (x, y), scaled by an integer.",
          params = with(rgb, n("x"), n("y"), { name = "text", type = "string" }, { name = "scale", type = "integer", optional = true, default = 1 }) },
        { name = "text_size", doc = "The width and height text takes at a scale.",
          params = { { name = "text", type = "string" }, { name = "scale", type = "integer", optional = true, default = 1 } },
          returns = { { name = "w", type = "number", unit = "px" }, { name = "h", type = "number", unit = "px" } } },
        { name = "save", doc = "Write it as a PNG.", params = { { name = "path", type = "string" } } },
        { name = "close", doc = "Free it; using it afterwards is an error.",
          errors = {
            { code = "local c = taut.canvas{}; c:close(); c:save('x.png')", message = "calling 'save' on bad self (canvas was closed)" },
          } },
      } },
  },
}
