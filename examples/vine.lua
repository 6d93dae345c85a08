-- Vines to swing on, platformer style.
-- A / D run (on the ground) or pump (on a vine); W or Space jumps, and
-- lets go of a vine with a jump; touch a vine in the air to grab it.
local vec = require "vec"

---@type taut.scene
local scene = { title = "Vines" }
scene.view = { {-16, -1}, {16, 16} }
scene.controls = { {"A / D", "run, or pump on a vine"}, {"W / Space", "jump, let go"} }

scene.tune = {
  run_speed = {6, 0, 15},      -- m/s on the ground
  jump_speed = {8, 0, 15},     -- m/s up
  pump = {10, 0, 30},          -- m/s^2 on a vine
  grab_reach = {0.6, 0.1, 2},  -- m
  vine_length = {8, 2, 10},    -- m (the ceiling is 11 m up)
}

local FLOOR = 0

function scene.load(world, tune)
  world.gravity = {0, -9.81}
  world:collider{ shape = "box", center = {0, FLOOR - 0.5}, size = {60, 1} }
  world:collider{ shape = "box", center = {0, 11.5}, size = {60, 1} }
  scene.vines = {}
  for i, x in ipairs{-9, -3, 3, 9} do
    scene.vines[i] = world:rope{
      from = {x, 11}, to = {x, 11 - tune.vine_length}, segment_length = 0.4,
      mass_per_metre = 1, radius = 0.06, damping = 2, bend = 0.02,
    }
  end
  scene.player = world:particle{ position = {-13, 0.5}, mass = 60, radius = 0.45 }
  scene.keys, scene.hold, scene.cooldown = {}, nil, 0
end

local function on_ground(p)
  return p.y <= FLOOR + p.radius + 0.05
end

-- The nearest vine node within reach of the player, if any.
local function vine_in_reach(reach)
  local best, best_d = nil, reach
  for _, vine in ipairs(scene.vines) do
    for i = 3, #vine do  -- not the top, where it is pinned
      local d = vec.distance(vine:particle(i).position, scene.player.position)
      if d < best_d then best, best_d = vine:particle(i), d end
    end
  end
  return best
end

local function grab(world, node)
  scene.hold = world:spring{ a = node, b = scene.player, rest_length = 0.3 }
end

local function let_go()
  if scene.hold then scene.hold:destroy() end
  scene.hold = nil
  scene.cooldown = 0.4  -- seconds before the next grab
end

function scene.update(world, dt, tune)
  local p, keys = scene.player, scene.keys
  local dir = (keys.d and 1 or 0) - (keys.a and 1 or 0)
  scene.cooldown = math.max(0, scene.cooldown - dt)
  if scene.hold then
    p.velocity = vec.add(p.velocity, {dir * tune.pump * dt, 0})
  elseif on_ground(p) then
    p.velocity = {dir * tune.run_speed, p.velocity[2]}
  elseif scene.cooldown == 0 then
    local node = vine_in_reach(tune.grab_reach)
    if node then grab(world, node) end
  end
  if scene.jump then
    scene.jump = false
    if scene.hold or on_ground(p) then
      let_go()
      p.velocity = vec.add(p.velocity, {0, tune.jump_speed})
    end
  end
end

function scene.keypressed(key)
  if key == "a" or key == "d" then scene.keys[key] = true return true end
  if key == "w" or key == "space" then scene.jump = true return true end
end

function scene.keyreleased(key)
  if key == "a" or key == "d" then scene.keys[key] = false return true end
end

function scene.draw(g)
  local p = scene.player
  g:color(0.4, 0.9, 0.5)
  g:circle(p.x, p.y, p.radius)
  if scene.hold then
    g:color(1, 1, 1)
    g:text(p.x + 0.6, p.y + 1, "swinging")
  end
end

return scene
