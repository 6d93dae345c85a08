-- Bench: 20 ragdolls (scripts/ragdoll.lua) thrown down a flight of stairs
-- onto a floor, particle collision on, for `taut bench scene`.
local ragdoll = require "ragdoll"
local scene = { title = "bench: 20 ragdolls" }
function scene.load(world)
  world.particle_collision = true
  world:collider{ shape = "plane", center = {0, 0} }
  for k = 0, 7 do
    local h = 0.45 * (8 - k)
    world:collider{ shape = "box", center = {0.9 * (k + 0.5), h / 2},
                    size = {0.9, h}, friction = 0.7 }
  end
  for k = 1, 20 do
    local d = ragdoll.new(world, { position = {0.2 + 0.1 * (k % 5), 4.8 + 1.2 * k} })
    d:throw{1 + 0.3 * k, 0}
  end
end
return scene
