-- How stiff does the rope of examples/rope.lua stay, and what does a step
-- cost, as substeps and solver iterations grow?
--   taut --headless examples/experiments/rope_substeps.lua
-- writes rope_substeps.csv and rope_substeps.png in the working directory.
--
-- The rope is given the rope bench's numbers (30 segments of 0.25 m, 1 kg
-- a node, let go level, no tethers, no bending stiffness), so its stretch can be checked against
--   taut bench rope --ropes 1 --segments 30 --steps 180 --chain 1 --substeps N
local experiment = require "experiment"

-- Stretch of the rope's rods: their summed lengths over their summed rest
-- lengths. Tethers are left out: slack by design, they would read as a
-- compression of about 1% that hides the rods' own stretch.
local function rod_stretch_pct(world)
  local length, rest = 0, 0
  for _, s in ipairs(world:springs()) do
    if s.kind == "rod" then
      length, rest = length + s.length, rest + s.rest_length
    end
  end
  return 100 * (length / rest - 1)
end

return experiment.new{
  scene = "../rope.lua",
  frames = 180,  -- 3 s: the rope swings down through the bottom
  tune = { segments = 30, length = 7.5, mass = 1, angle = 90 },
  prepare = function(_, scene)  -- the bench's rope: no tethers, no bend
    scene.rope.tethers = "none"
    scene.rope.bend = math.huge
  end,
  params = {
    {"substeps", {1, 2, 4, 8, 16}},
    {"iterations", {1, 2, 4}},
  },
  metrics = {
    {"stretch_pct", rod_stretch_pct, "stretch of the rods only (%)"},
    {"step_us", function(_, run) return 1e6 * run.seconds / run.frames end,
     "step time (us)"},
  },
}
