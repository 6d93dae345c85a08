-- How stiff does the rope of examples/rope.lua stay, and what does a step
-- cost, as substeps and solver iterations grow?
--   taut --headless examples/experiments/rope_substeps.lua
-- writes rope_substeps.csv and rope_substeps.png in the working directory.
local experiment = require "experiment"

-- Stretch of the whole rope: summed segment lengths over summed rest lengths.
local function stretch_pct(world)
  local length, rest = 0, 0
  for _, s in ipairs(world:springs()) do
    length, rest = length + s.length, rest + s.rest_length
  end
  return 100 * (length / rest - 1)
end

return experiment.new{
  scene = "../rope.lua",
  frames = 180,  -- 3 s: the rope swings down through the bottom
  params = {
    {"substeps", {1, 2, 4, 8, 16}},
    {"iterations", {1, 2, 4}},
  },
  metrics = {
    {"stretch_pct", stretch_pct},
    {"step_us", function(world, run) return 1e6 * run.seconds / run.frames end},
  },
}
