-- taut_api.experiment: scripts/experiment.lua.
local exp = { name = "exp", type = "experiment.def", doc = "what experiment.new made" }
local combo = { name = "combo", type = "number[]", doc = "one value per parameter, in order" }

return {
  modules = {
    { name = "experiment",
      doc = "Run a scene over a grid of parameters headless and write a CSV and a PNG plot of what the metric functions measured.",
      more = [[A parameter is a tune value of the scene, else a world setting (substeps, iterations, dt). The
first parameter is the x axis of the plot; every combination of the others is one line; one chart
per metric. Run it with `taut --headless exp.lua` (see the command line for `--jobs`, `--list`,
`--merge`).]],
      example = [[local experiment = require "experiment"
return experiment.new{
  scene = "../rope.lua",                  -- relative to this file
  frames = 240,                           -- fixed steps per run
  params = { {"substeps", {1, 2, 4, 8}}, {"iterations", {1, 2}} },
  metrics = { {"stretch_pct", function(world, run) return 100 * world.max_strain end, "stretch (%)"} },
  tune = { length = 7.5 },                -- every run
}]],
      functions = {
        { name = "new", doc = "Mark a definition as an experiment (what the file returns).",
          params = { { name = "def", type = "experiment.def" } }, returns = { { type = "experiment.def" } } },
        { name = "combinations", doc = "Every combination of the parameters' values, first parameter fastest... in order.",
          params = { exp }, returns = { { type = "number[][]" } } },
        { name = "run_one", doc = "Run the scene headless with one combination; its CSV row (the values, then the metrics).",
          params = { exp, combo }, returns = { { type = "number[]" } },
          errors = {
            { code = "require('experiment').run_one({ scene_path = 'examples/rope.lua', tune = { lenght = 3 }, params = {}, metrics = {} }, {})",
              message = "experiment tune: the scene has no tune value 'lenght'" },
          } },
        { name = "write_csv", doc = "Write rows with a header of the parameter and metric names.",
          params = { { name = "path", type = "string" }, exp, { name = "rows", type = "number[][]" } } },
        { name = "read_csv", doc = "The rows of a CSV part an experiment wrote.",
          params = { { name = "path", type = "string" }, exp }, returns = { { type = "number[][]" } } },
        { name = "charts", doc = "The plot.save charts of rows: one per metric, a series per combination of the other parameters.",
          params = { exp, { name = "rows", type = "number[][]" } }, returns = { { type = "plot.chart[]" } } },
        { name = "command", doc = "The self-contained command line that runs one combination (what --list prints).",
          params = { exp, { name = "opt", type = "table" }, combo, { name = "out", type = "string" } },
          returns = { { type = "string" } } },
        { name = "main", doc = "The command line of `taut --headless file ...`: nil when the file is no experiment, else the exit status.",
          params = { { name = "args", type = "string[]" } }, returns = { { type = "integer|nil" } } },
      } },
  },
  options = {
    { type = "experiment.def", of = "experiment.new", doc = "What to run and what to measure.",
      keys = {
        { name = "scene", type = "string", required = true, doc = "the scene file, relative to the experiment's" },
        { name = "frames", type = "integer", default = 120, doc = "fixed steps per run" },
        { name = "params", type = "table[]", required = true, doc = "{name, {values...}} each: a tune value or a world setting" },
        { name = "metrics", type = "table[]", required = true, doc = "{name, function(world, run) -> number [, y axis label]} each, measured at the end; the label (\"stretch (%)\") goes over the chart's y axis" },
        { name = "tune", type = "table<string, number|boolean>", doc = "tune values every run uses (each must be one of the scene's)" },
        { name = "prepare", type = "fun(world: taut.world, scene: taut.scene)", doc = "called after the scene's load, before the runs' steps (to pick what the metrics measure)" },
      } },
  },
}
