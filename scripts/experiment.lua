-- experiment: run a scene over a grid of parameters, headless, and write
-- a CSV and a PNG plot of what the metric functions measured.
--
--   local experiment = require "experiment"
--   return experiment.new{
--     scene = "../rope.lua",                  -- relative to this file
--     frames = 240,                           -- fixed steps per run
--     params = { {"substeps", {1, 2, 4, 8}}, {"iterations", {1, 2}} },
--     metrics = { {"stretch_pct", function(world, run) return ... end,
--                  "stretch (%)"} },            -- the y axis label (optional)
--     tune = { length = 7.5 },                -- tune values every run uses
--     prepare = function(world, scene) end,    -- after load, before the runs' steps
--   }
-- A parameter is a tune value of the scene, else a world setting
-- (substeps, iterations, dt). The first parameter is the x axis of the
-- plot; every combination of the others is one line; one chart per metric.
--
-- taut --headless exp.lua                 every combination here, with a progress bar
-- taut --headless exp.lua --jobs N        in N processes on this machine
-- taut --headless exp.lua --list          one self-contained command per combination
-- taut --headless exp.lua --set a=1 ... --out part.csv   one combination (what --list prints)
-- taut --headless exp.lua --merge a.csv b.csv ...        join parts, draw the plot
local taut = require "taut"
local plot = require "plot"
--- What to run and what to measure. (experiment.new)
---@class (exact) experiment.def
---@field scene string the scene file, relative to the experiment's
---@field frames? integer fixed steps per run (default 120)
---@field params table[] {name, {values...}} each: a tune value or a world setting
---@field metrics table[] {name, function(world, run) -> number [, y axis label]} each, measured at the end; the label ("stretch (%)") goes over the chart's y axis
---@field tune? table<string, number|boolean> tune values every run uses (each must be one of the scene's)
---@field prepare? fun(world: taut.world, scene: taut.scene) called after the scene's load, before the runs' steps (to pick what the metrics measure)
--- Run a scene over a grid of parameters headless and write a CSV and a PNG plot of what the metric
--- functions measured.
---@class experiment
local experiment = {}

--- Mark a definition as an experiment (what the file returns).
---@param def experiment.def
---@return experiment.def
function experiment.new(def)
  def.experiment = true
  return def
end

local function quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

-- Every combination, the first parameter varying slowest.
--- Every combination of the parameters' values, first parameter fastest... in order.
---@param exp experiment.def what experiment.new made
---@return number[][]
function experiment.combinations(exp)
  local combos = { {} }
  for _, param in ipairs(exp.params) do
    local next_combos = {}
    for _, combo in ipairs(combos) do
      for _, v in ipairs(param[2]) do
        local c = table.move(combo, 1, #combo, 1, {})
        c[#c + 1] = v
        next_combos[#next_combos + 1] = c
      end
    end
    combos = next_combos
  end
  return combos
end

local function scene_values(scene)
  local tune = {}
  for name, v in pairs(scene.tune or {}) do tune[name] = type(v) == "table" and v[1] or v end
  return tune
end

-- Run one combination; returns its row (params then metrics).
--- Run the scene headless with one combination; its CSV row (the values, then the metrics).
---@param exp experiment.def what experiment.new made
---@param combo number[] one value per parameter, in order
---@return number[]
function experiment.run_one(exp, combo)
  local scene = dofile(exp.scene_path)
  local tune, world = scene_values(scene), taut.world()
  for name, v in pairs(exp.tune or {}) do
    if tune[name] == nil then
      error(("experiment tune: the scene has no tune value '%s'"):format(name), 0)
    end
    tune[name] = v
  end
  for i, param in ipairs(exp.params) do
    if tune[param[1]] ~= nil then tune[param[1]] = combo[i] end
  end
  if scene.load then scene.load(world, tune) end
  if exp.prepare then exp.prepare(world, scene) end
  for i, param in ipairs(exp.params) do
    if tune[param[1]] == nil then world[param[1]] = combo[i] end
  end
  local frames, dt = exp.frames or 120, world.dt
  local t0 = os.clock()
  for _ = 1, frames do
    if scene.update then scene.update(world, dt, tune) end
    world:step()
  end
  local run = { seconds = os.clock() - t0, frames = frames, scene = scene, tune = tune }
  local row = table.move(combo, 1, #combo, 1, {})
  for _, metric in ipairs(exp.metrics) do row[#row + 1] = metric[2](world, run) end
  world:destroy()
  return row
end

local function header(exp)
  local cols = {}
  for _, p in ipairs(exp.params) do cols[#cols + 1] = p[1] end
  for _, m in ipairs(exp.metrics) do cols[#cols + 1] = m[1] end
  return cols
end

--- Write rows with a header of the parameter and metric names.
---@param path string
---@param exp experiment.def what experiment.new made
---@param rows number[][]
function experiment.write_csv(path, exp, rows)
  local f = assert(io.open(path, "w"))
  f:write(table.concat(header(exp), ","), "\n")
  for _, row in ipairs(rows) do
    local cells = {}
    for i, v in ipairs(row) do cells[i] = ("%.10g"):format(v) end
    f:write(table.concat(cells, ","), "\n")
  end
  f:close()
end

--- The rows of a CSV part an experiment wrote.
---@param path string
---@param exp experiment.def what experiment.new made
---@return number[][]
function experiment.read_csv(path, exp)
  local f = assert(io.open(path, "r"))
  local want, rows = table.concat(header(exp), ","), {}
  local first = f:read("l")
  if first ~= want then error(("%s: columns %s, expected %s"):format(path, first, want), 0) end
  for line in f:lines() do
    local row = {}
    for cell in line:gmatch("[^,]+") do row[#row + 1] = tonumber(cell) end
    rows[#rows + 1] = row
  end
  f:close()
  return rows
end

-- One chart per metric: x = the first parameter, a line per combination of the rest.
--- The plot.save charts of rows: one per metric, a series per combination of the other parameters.
---@param exp experiment.def what experiment.new made
---@param rows number[][]
---@return plot.chart[]
function experiment.charts(exp, rows)
  local charts, np = {}, #exp.params
  for m, metric in ipairs(exp.metrics) do
    local series, by_name = {}, {}
    for _, row in ipairs(rows) do
      local parts = {}
      for i = 2, np do parts[#parts + 1] = exp.params[i][1] .. "=" .. ("%.4g"):format(row[i]) end
      local name = #parts > 0 and table.concat(parts, " ") or metric[1]
      if not by_name[name] then
        by_name[name] = { name = name, points = {} }
        series[#series + 1] = by_name[name]
      end
      local points = by_name[name].points
      points[#points + 1] = { row[1], row[np + m] }
    end
    for _, s in ipairs(series) do table.sort(s.points, function(a, b) return a[1] < b[1] end) end
    charts[#charts + 1] = { title = metric[1] .. " against " .. exp.params[1][1],
      xlabel = exp.params[1][1], ylabel = metric[3], series = series }
  end
  return charts
end

local function progress(done, total)
  local width = 30
  local filled = math.floor(width * done / total + 0.5)
  io.stderr:write(("\r[%s%s] %d/%d"):format(("#"):rep(filled), ("-"):rep(width - filled), done, total))
  if done == total then io.stderr:write("\n") end
end

local function finish(exp, opt, rows)
  local sort_key = function(a, b)
    for i = 1, #exp.params do if a[i] ~= b[i] then return a[i] < b[i] end end
    return false
  end
  table.sort(rows, sort_key)
  experiment.write_csv(opt.csv, exp, rows)
  plot.save(opt.png, experiment.charts(exp, rows))
  print(("taut: wrote %s (%d rows) and %s"):format(opt.csv, #rows, opt.png))
  return 0
end

-- The command that runs combination k alone, writing out.
--- The self-contained command line that runs one combination (what --list prints).
---@param exp experiment.def what experiment.new made
---@param opt table
---@param combo number[] one value per parameter, in order
---@param out string
---@return string
function experiment.command(exp, opt, combo, out)
  local words = { quote(taut.executable), "--headless", quote(opt.file) }
  for i, p in ipairs(exp.params) do
    words[#words + 1] = "--set " .. quote(p[1] .. "=" .. ("%.17g"):format(combo[i]))
  end
  words[#words + 1] = "--out " .. quote(out)
  return table.concat(words, " ")
end

local function part_name(opt, k)
  return ("%s-%04d.csv"):format(opt.base, k)
end

-- --jobs N: N children at a time, each one combination.
local function run_jobs(exp, opt, combos)
  local rows, k = {}, 0
  while k < #combos do
    local pipes = {}
    for j = k + 1, math.min(k + opt.jobs, #combos) do
      pipes[#pipes + 1] = { j, io.popen(experiment.command(exp, opt, combos[j], part_name(opt, j)) .. " 2>&1") }
    end
    for _, p in ipairs(pipes) do
      local output = p[2]:read("a")
      local ok = p[2]:close()
      if not ok then error("a job failed: " .. output, 0) end
      for _, row in ipairs(experiment.read_csv(part_name(opt, p[1]), exp)) do rows[#rows + 1] = row end
      os.remove(part_name(opt, p[1]))
      k = k + 1
      progress(k, #combos)
    end
  end
  return rows
end

local function run_here(exp, combos)
  local rows = {}
  for k, combo in ipairs(combos) do
    rows[k] = experiment.run_one(exp, combo)
    progress(k, #combos)
  end
  return rows
end

-- The combination --set names, or nil when it names none.
local function chosen(exp, sets)
  if not next(sets) then return nil end
  local combo = {}
  for i, p in ipairs(exp.params) do
    combo[i] = tonumber(sets[p[1]])
    if not combo[i] then error(("--set %s=<number> is needed for one combination"):format(p[1]), 0) end
  end
  return { combo }
end

local function parse(args)
  local opt, i = { sets = {}, merge = {} }, 1
  while i <= #args do
    local a = args[i]
    if a == "--jobs" then opt.jobs = tonumber(args[i + 1]); i = i + 1
    elseif a == "--list" then opt.list = true
    elseif a == "--merge" then opt.merging = true
    elseif a == "--out" then opt.out = args[i + 1]; i = i + 1
    elseif a == "--set" then
      local k, v = (args[i + 1] or ""):match("^([^=]+)=(.*)$")
      if k then opt.sets[k] = v end
      i = i + 1
    elseif a:sub(1, 2) ~= "--" then
      if opt.merging and opt.file then opt.merge[#opt.merge + 1] = a else opt.file = opt.file or a end
    end
    i = i + 1
  end
  return opt
end

local function load_experiment(file)
  local f = io.open(file, "r")
  local text = f and f:read("a") or ""
  if f then f:close() end
  -- a scene is not run here twice: only a file that mentions experiments
  if not text:find("experiment", 1, true) then return nil end
  local ok, exp = pcall(dofile, file)
  if not ok or type(exp) ~= "table" or not exp.experiment then return nil end
  local dir = file:match("^(.*)/[^/]*$") or "."
  exp.scene_path = exp.scene:sub(1, 1) == "/" and exp.scene or dir .. "/" .. exp.scene
  return exp
end

-- Entry from `taut --headless file ...`: nil when file is no experiment,
-- else the exit status.
--- The command line of `taut --headless file ...`: nil when the file is no experiment, else the
--- exit status.
---@param args string[]
---@return integer|nil
function experiment.main(args)
  local opt = parse(args)
  local exp = opt.file and load_experiment(opt.file)
  if not exp then return nil end
  opt.base = (opt.out or opt.file:match("([^/]+)%.lua$") .. ".csv"):gsub("%.csv$", "")
  opt.csv, opt.png = opt.base .. ".csv", opt.base .. ".png"
  local combos = chosen(exp, opt.sets)
  if opt.list then
    for k, combo in ipairs(experiment.combinations(exp)) do
      print(experiment.command(exp, opt, combo, part_name(opt, k)))
    end
    return 0
  end
  if opt.merging then
    local rows = {}
    for _, path in ipairs(opt.merge) do
      for _, row in ipairs(experiment.read_csv(path, exp)) do rows[#rows + 1] = row end
    end
    return finish(exp, opt, rows)
  end
  if combos then
    experiment.write_csv(opt.csv, exp, { experiment.run_one(exp, combos[1]) })
    return 0
  end
  combos = experiment.combinations(exp)
  local rows = opt.jobs and opt.jobs > 1 and run_jobs(exp, opt, combos) or run_here(exp, combos)
  return finish(exp, opt, rows)
end

return experiment
