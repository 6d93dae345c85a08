-- A rope hanging from a pin. Drag any particle with the left mouse button
-- to swing it; drag the orange pin to carry the whole rope.
---@type taut.scene
local scene = { title = "Rope" }
scene.view = { {-7, -7.5}, {7, 1.5} }  -- the box the camera frames
scene.controls = { {"drag", "swing the rope"}, {"drag the pin", "carry it"} }

scene.tune = {
  segments = {30, 2, 200},      -- segments along the rope
  length = {6, 1, 20},          -- metres
  mass = {0.2, 0.01, 10},       -- kg per particle
  compliance = {0, 0, 0.01},    -- m/N per segment: 0 is rigid
  gravity = {9.81, 0, 30},      -- m/s^2, down
  angle = {50, 0, 90},          -- degrees from straight down at the start
}

function scene.load(world, tune)
  world.gravity = {0, -tune.gravity}
  local n = math.floor(tune.segments)
  -- start the rope tilted, so it swings as the scene opens
  local a = math.rad(tune.angle)
  scene.rope = world:rope{
    from = {0, 0}, to = {tune.length * math.sin(a), -tune.length * math.cos(a)},
    segments = n, mass_per_metre = tune.mass * n / tune.length,
    compliance = tune.compliance, radius = 0.05,
    bend = 0.3,  -- bending compliance, 1/(N m^2): a little stiffness, no kinks
  }
end

-- A tune value changed (a save of this file, or the panel): apply what can
-- change on the live rope; length and segments take a rebuild (R).
function scene.tuned(world, tune, changed)
  world.gravity = {0, -tune.gravity}
  local rope = scene.rope
  for i = 1, #rope - 1 do rope:segment(i).compliance = tune.compliance end
  for _, p in ipairs(rope:nodes()) do
    if not p.pinned then p.mass = tune.mass end
  end
end

function scene.draw(g)
  local tip = scene.rope.last
  g:color(1, 0.8, 0.3)
  g:circle(tip.x, tip.y, 0.12, "line")
end

return scene
