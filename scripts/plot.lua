-- plot: line charts drawn with the view layer (taut.canvas) into a PNG.
--
--   plot.save("out.png", { { title = "stretch", xlabel = "substeps",
--     ylabel = "%", series = { { name = "iterations=1", points = {{1, 3.2}, ...} } } } })
-- Charts stack top to bottom; each has axes with round ticks and labels
-- (ylabel above the y axis), one coloured line per series and a legend.
local taut = require "taut"
--- A chart: a title, axis labels and series of points.
---@class plot.chart
---@field title? string
---@field xlabel? string
---@field ylabel? string
---@field series plot.series[]
--- One line of a chart.
---@class plot.series
---@field name string
---@field points number[][] {x, y} each
--- Line charts drawn with the view's own renderer (taut.canvas) into a PNG; experiments plot with
--- it.
---@class plot
---@field colors number[][] the series colours, {r, g, b} 0..1, in order
---@field CHART_H integer (px) the height of one chart
---@field WIDTH integer (px) the width of the image
local plot = {}

plot.colors = {
  {0.35, 0.63, 0.95}, {0.95, 0.55, 0.25}, {0.4, 0.82, 0.45},
  {0.92, 0.35, 0.42}, {0.72, 0.52, 0.95}, {0.92, 0.85, 0.3},
}
local AXIS, GRID, TEXT = {0.8, 0.82, 0.86}, {0.2, 0.22, 0.27}, {0.88, 0.9, 0.92}
local CHART_H, WIDTH = 400, 900

-- Round tick values covering [lo, hi]: steps of 1, 2 or 5 times a power of ten.
--- Round tick values covering [lo, hi]: steps of 1, 2 or 5 times a power of ten.
---@param lo number
---@param hi number
---@param count? integer (default 5)
---@return number[]
function plot.ticks(lo, hi, count)
  if hi <= lo then lo, hi = lo - 0.5, hi + 0.5 end
  local raw = (hi - lo) / (count or 5)
  local mag = 10 ^ math.floor(math.log(raw, 10))
  local step = 10 * mag
  for _, m in ipairs({1, 2, 5}) do
    if m * mag >= raw then step = m * mag; break end
  end
  local first, last = math.floor(lo / step + 1e-9), math.ceil(hi / step - 1e-9)
  local ticks = {}
  for k = first, last do ticks[#ticks + 1] = k * step end
  return ticks
end

local function label(v)
  return ("%.4g"):format(v)
end

local function bounds(series)
  local x0, x1, y0, y1 = math.huge, -math.huge, math.huge, -math.huge
  for _, s in ipairs(series) do
    for _, p in ipairs(s.points) do
      x0, x1 = math.min(x0, p[1]), math.max(x1, p[1])
      y0, y1 = math.min(y0, p[2]), math.max(y1, p[2])
    end
  end
  return x0, x1, math.min(y0, 0), y1
end

local function axes(c, area, xt, yt, map)
  local x, y, w, h = table.unpack(area)
  for _, v in ipairs(yt) do
    local _, py = map(xt[1], v)
    c:line(x, py, x + w, py, 1, table.unpack(GRID))
    c:line(x - 6, py, x, py, 2, table.unpack(AXIS))
    local tw = c:text_size(label(v), 2)
    c:text(x - 10 - tw, py - 7, label(v), 2, table.unpack(TEXT))
  end
  for _, v in ipairs(xt) do
    local px = map(v, yt[1])
    c:line(px, y + h, px, y + h + 6, 2, table.unpack(AXIS))
    local tw = c:text_size(label(v), 2)
    c:text(px - tw / 2, y + h + 10, label(v), 2, table.unpack(TEXT))
  end
  c:line(x, y + h, x + w, y + h, 2, table.unpack(AXIS))
  c:line(x, y, x, y + h, 2, table.unpack(AXIS))
end

local function lines(c, series, map, legend_x, legend_y)
  for i, s in ipairs(series) do
    local color = plot.colors[(i - 1) % #plot.colors + 1]
    for k = 2, #s.points do
      local ax, ay = map(s.points[k - 1][1], s.points[k - 1][2])
      local bx, by = map(s.points[k][1], s.points[k][2])
      c:line(ax, ay, bx, by, 3, table.unpack(color))
    end
    for _, p in ipairs(s.points) do
      local px, py = map(p[1], p[2])
      c:rect(px - 3, py - 3, 6, 6, table.unpack(color))
    end
    local ly = legend_y + (i - 1) * 20
    c:rect(legend_x, ly + 4, 24, 6, table.unpack(color))
    c:text(legend_x + 32, ly, s.name, 2, table.unpack(TEXT))
  end
end

-- One chart in the box {x, y, w, h} of canvas c.
--- Draw one chart in a box {x, y, w, h} of a canvas; its plot area and its map from data to pixels.
---@param c taut.canvas
---@param box number[] (px)
---@param chart plot.chart
---@return number[] area
---@return fun(x: number, y: number): number, number map
function plot.chart(c, box, chart)
  local area = { box[1] + 110, box[2] + 56, box[3] - 330, box[4] - 116 }
  local x0, x1, y0, y1 = bounds(chart.series)
  local xt, yt = plot.ticks(x0, x1, 6), plot.ticks(y0, y1, 5)
  local function map(x, y)
    return area[1] + (x - xt[1]) / (xt[#xt] - xt[1]) * area[3],
           area[2] + area[4] - (y - yt[1]) / (yt[#yt] - yt[1]) * area[4]
  end
  axes(c, area, xt, yt, map)
  lines(c, chart.series, map, area[1] + area[3] + 30, area[2])
  c:text(area[1], box[2] + 8, chart.title or "", 2, table.unpack(TEXT))
  c:text(box[1] + 10, box[2] + 30, chart.ylabel or "", 2, table.unpack(TEXT))
  c:text(area[1] + area[3] / 2 - 40, area[2] + area[4] + 36, chart.xlabel or "", 2,
    table.unpack(TEXT))
  return area, map
end

--- Draw charts stacked top to bottom and save them as one PNG.
---@param path string
---@param charts plot.chart[]
function plot.save(path, charts)
  local c = taut.canvas{ width = WIDTH, height = CHART_H * #charts }
  for i, chart in ipairs(charts) do
    plot.chart(c, { 0, (i - 1) * CHART_H, WIDTH, CHART_H }, chart)
  end
  c:save(path)
  c:close()
end

plot.CHART_H, plot.WIDTH = CHART_H, WIDTH
return plot
