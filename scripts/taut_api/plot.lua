-- taut_api.plot: scripts/plot.lua.
return {
  modules = {
    { name = "plot",
      doc = "Line charts drawn with the view's own renderer (taut.canvas) into a PNG; experiments plot with it.",
      example = [[plot.save("out.png", { { title = "stretch", xlabel = "substeps", ylabel = "%",
  series = { { name = "iterations=1", points = {{1, 3.2}, {2, 1.1}, {4, 0.4}} } } } })]],
      functions = {
        { name = "ticks", doc = "Round tick values covering [lo, hi]: steps of 1, 2 or 5 times a power of ten.",
          params = { { name = "lo", type = "number" }, { name = "hi", type = "number" }, { name = "count", type = "integer", optional = true, default = 5 } },
          returns = { { type = "number[]" } } },
        { name = "chart", doc = "Draw one chart in a box {x, y, w, h} of a canvas; its plot area and its map from data to pixels.",
          params = { { name = "c", type = "taut.canvas" }, { name = "box", type = "number[]", unit = "px" }, { name = "chart", type = "plot.chart" } },
          returns = { { name = "area", type = "number[]" }, { name = "map", type = "fun(x: number, y: number): number, number" } } },
        { name = "save", doc = "Draw charts stacked top to bottom and save them as one PNG.",
          params = { { name = "path", type = "string" }, { name = "charts", type = "plot.chart[]" } } },
      },
      fields = {
        { name = "colors", type = "number[][]", access = "r", doc = "the series colours, {r, g, b} 0..1, in order" },
        { name = "CHART_H", type = "integer", unit = "px", access = "r", doc = "the height of one chart" },
        { name = "WIDTH", type = "integer", unit = "px", access = "r", doc = "the width of the image" },
      } },
  },
  records = {
    { type = "plot.chart", doc = "A chart: a title, axis labels and series of points.",
      fields = {
        { name = "title", type = "string?" }, { name = "xlabel", type = "string?" }, { name = "ylabel", type = "string?" },
        { name = "series", type = "plot.series[]" },
      } },
    { type = "plot.series", doc = "One line of a chart.",
      fields = { { name = "name", type = "string" }, { name = "points", type = "number[][]", doc = "{x, y} each" } } },
  },
}
