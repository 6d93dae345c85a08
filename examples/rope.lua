-- A rope hanging from a pin. Drag any particle with the left mouse button
-- to swing it; drag the orange pin to carry the whole rope.
local scene = { title = "Rope" }
scene.view = { {-7, -7.5}, {7, 1.5} }  -- the box the camera frames

scene.tune = {
  segments = {30, 2, 200},        -- segments along the rope
  length = {6, 1, 20},            -- metres
  mass_per_metre = {1, 0.05, 20}, -- kg/m
  compliance = {0, 0, 0.01},      -- m/N per segment: 0 is rigid
}

function scene.load(world, tune)
  world.gravity = {0, -9.81}
  -- start the rope tilted 50 degrees, so it swings as the scene opens
  local a = math.rad(50)
  scene.rope = world:rope{
    from = {0, 0}, to = {tune.length * math.sin(a), -tune.length * math.cos(a)},
    segments = math.floor(tune.segments), mass_per_metre = tune.mass_per_metre,
    compliance = tune.compliance, radius = 0.05,
  }
end

function scene.draw(g)
  local tip = scene.rope.last
  g:color(1, 0.8, 0.3)
  g:circle(tip.x, tip.y, 0.12, "line")
end

return scene
