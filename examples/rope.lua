-- A rope hanging from a pin. Drag any particle with the left mouse button
-- to swing it; drag the orange pin to carry the whole rope.
local scene = { title = "Rope" }
scene.view = { {-7, -7.5}, {7, 1.5} }  -- the box the camera frames

scene.tune = {
  segments = {30, 2, 200},      -- particles along the rope, less one
  length = {6, 1, 20},          -- metres
  mass = {0.2, 0.01, 10},       -- kg per particle
  compliance = {0, 0, 0.01},    -- m/N per segment: 0 is rigid
  gravity = {9.81, 0, 30},      -- m/s^2, down
}

function scene.load(world, tune)
  world.gravity = {0, -tune.gravity}
  local n, step = math.floor(tune.segments), tune.length / tune.segments
  -- start the rope tilted, so it swings as the scene opens
  local dir = {math.sin(math.rad(50)), -math.cos(math.rad(50))}
  local previous = world:particle{ position = {0, 0}, pinned = true, radius = 0.08 }
  for i = 1, n do
    local p = world:particle{
      position = {dir[1] * step * i, dir[2] * step * i},
      mass = tune.mass, radius = 0.05,
    }
    world:spring{ a = previous, b = p, compliance = tune.compliance }
    previous = p
  end
  scene.tip = previous
end

-- A tune value changed (a save of this file, or the panel): apply what can
-- change on the live rope; length and segments take a rebuild (R).
function scene.tuned(world, tune, changed)
  world.gravity = {0, -tune.gravity}
  for _, s in ipairs(world:springs()) do s.compliance = tune.compliance end
  for _, p in ipairs(world:particles()) do
    if not p.pinned then p.mass = tune.mass end
  end
end

function scene.draw(g)
  g:color(1, 0.8, 0.3)
  g:circle(scene.tip.x, scene.tip.y, 0.12, "line")
end

return scene
