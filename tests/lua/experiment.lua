-- Experiments: a parameter grid run headless into a CSV and a PNG plot.
local taut = require "taut"
local test = require "test"

local EXPERIMENT = [[
local experiment = require "experiment"
return experiment.new{
  scene = "%s/examples/rope.lua",
  frames = 60,
  params = { {"substeps", {1, 4, 16}}, {"iterations", {1, 2, 4}} },
  metrics = {
    {"stretch_pct", function(world)
      local l, r = 0, 0
      for _, s in ipairs(world:springs()) do l, r = l + s.length, r + s.rest_length end
      return 100 * (l / r - 1)
    end},
    {"particles", function(world) return world.particle_count end},
  },
}
]]

local function setup()
  local root = io.popen("pwd"):read("l")
  return test.write(EXPERIMENT:format(root), ".lua"), test.tmpname("")
end

local function read_csv(path)
  local rows = {}
  for line in io.lines(path) do
    local row = {}
    for cell in line:gmatch("[^,]+") do row[#row + 1] = tonumber(cell) or cell end
    rows[#rows + 1] = row
  end
  return rows
end

local function color_count(img, color, x0, y0, x1, y1)
  local n = 0
  for y = y0, y1 do
    for x = x0, x1 do
      local r, g, b = img:pixel(x, y)
      if math.abs(r - color[1]) + math.abs(g - color[2]) + math.abs(b - color[3]) < 12 then n = n + 1 end
    end
  end
  return n
end

test("every combination is a CSV row; stretch falls as substeps grow", function()
  local exp, base = setup()
  local status, out = test.taut("--headless", "--trust", exp, "--out", base .. ".csv")
  test.eq(status, 0, out)
  test.ok(out:find("[##############################] 9/9", 1, true), out)
  local rows = read_csv(base .. ".csv")
  test.eq(table.concat(rows[1], ","), "substeps,iterations,stretch_pct,particles")
  test.eq(#rows, 10, "a header and 9 combinations")
  test.eq(rows[2][1] .. "," .. rows[2][2], "1,1")
  test.eq(rows[10][1] .. "," .. rows[10][2], "16,4")
  for i = 2, 10 do test.eq(rows[i][4], 31, "the scene's 31 particles") end
  test.ok(rows[2][3] > 10 * rows[8][3], ("stretch 1 substep %.3f%%, 16 substeps %.4f%%")
    :format(rows[2][3], rows[8][3]))
  os.remove(exp); os.remove(base .. ".csv"); os.remove(base .. ".png")
end)

test("the plot has axes and one line per series in its colour", function()
  local exp, base = setup()
  test.eq((test.taut("--headless", "--trust", exp, "--out", base .. ".csv")), 0)
  local img = taut.image(base .. ".png")
  test.eq(img.width, 900)
  test.eq(img.height, 800, "one chart per metric")
  -- first chart's axes: x along y = 340 from x = 110 to 680, y along x = 110
  local axis = {204, 209, 219}
  test.eq(color_count(img, axis, 200, 339, 600, 341) >= 400, true, "x axis drawn")
  test.eq(color_count(img, axis, 109, 60, 111, 320) >= 260, true, "y axis drawn")
  local blue, orange, green, red = {89, 161, 242}, {242, 140, 64}, {102, 209, 115}, {235, 89, 107}
  for name, c in pairs({ blue = blue, orange = orange, green = green }) do
    test.ok(color_count(img, c, 111, 40, 680, 338) > 100, name .. " line (a series) drawn")
  end
  test.eq(color_count(img, red, 0, 0, 899, 799), 0, "no fourth series")
  os.remove(exp); os.remove(base .. ".csv"); os.remove(base .. ".png")
end)

test("--list prints one command per combination; its parts --merge into the same CSV", function()
  local exp, base = setup()
  local status, out = test.taut("--headless", "--trust", exp, "--list", "--out", base .. ".csv")
  test.eq(status, 0, out)
  local commands = {}
  for line in out:gmatch("[^\n]+") do commands[#commands + 1] = line end
  test.eq(#commands, 9)
  test.ok(commands[1]:find("--set 'substeps=1' --set 'iterations=1' --out '" .. base .. "-0001.csv'", 1, true), commands[1])
  local parts = {}
  for k, cmd in ipairs(commands) do
    test.eq(os.execute(cmd .. " >/dev/null 2>&1"), true, cmd)
    parts[k] = ("%s-%04d.csv"):format(base, k)
  end
  status, out = test.taut("--headless", "--trust", exp, "--out", base .. "-merged.csv", "--merge", table.unpack(parts))
  test.eq(status, 0, out)
  test.eq((test.taut("--headless", "--trust", exp, "--jobs", "3", "--out", base .. ".csv")), 0)
  local merged, jobs = read_csv(base .. "-merged.csv"), read_csv(base .. ".csv")
  test.eq(#merged, 10)
  for i = 1, 10 do
    test.eq(table.concat(merged[i], ","), table.concat(jobs[i], ","), "row " .. i)
  end
  for _, p in ipairs(parts) do os.remove(p) end
  for _, s in ipairs({ ".csv", ".png", "-merged.csv", "-merged.png" }) do os.remove(base .. s) end
  os.remove(exp)
end)
