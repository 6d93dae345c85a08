-- Tail and scarf (2D): a runner with a tail and a scarf, both dynamic-bone
-- chains on its body and head. It runs right, hops the hurdles, and wraps
-- around from the right edge to the left (a teleport: the tail and the
-- scarf come along, no whip).
--   W or Space jumps; A / D run slower or faster
--   left drag grabs the tail or the scarf and yanks it
---@type taut.scene
local scene = { title = "Tail and scarf  (W / Space: jump, A / D: slower, faster)" }
scene.view = { {-9, -0.8}, {9, 5} }

scene.tune = {
  run_speed = {4, 0, 10},       -- m/s
  jump_speed = {5.5, 0, 9},     -- m/s up
  tail_stiffness = {0.6, 0, 1}, -- at the root; the tip is always loose
  scarf_float = {0.7, 0, 1.5},  -- share of gravity the scarf does not feel
  wind = {4, 0, 12},            -- m/s^2 of air streaming past the scarf
}

local EDGE, HURDLES = 8.5, {-3, 3}

local function tail_knobs(tune)
  return {
    stiffness = {tune.tail_stiffness, 0.05}, elasticity = {0.15, 0.02},
    inertia = {0.4, 0}, damping = 0.1,
  }
end

local function scarf_knobs(world, tune)
  local g = world.gravity
  return {
    gravity = {0, g[2] * (1 - tune.scarf_float)},
    force = {-tune.wind * (0.3 + scene.speed / 10), 0.5},
  }
end

local function merge(a, b)
  for k, v in pairs(b) do a[k] = v end
  return a
end

function scene.load(world, tune)
  scene.x, scene.y, scene.vy, scene.speed = -6, 0, 0, tune.run_speed
  world:collider{ shape = "box", center = {0, -0.5}, size = {40, 1} }
  for _, x in ipairs(HURDLES) do
    world:collider{ shape = "box", center = {x, 0.25}, size = {0.2, 0.5} }
  end
  scene.body = world:collider{ shape = "box", center = {scene.x, 0.7},
                               size = {0.8, 1.0} }
  scene.head = world:collider{ shape = "circle", center = {scene.x + 0.15, 1.55},
                               radius = 0.33 }
  local wrap = { teleport_distance = 3, teleport = "keep" }
  scene.tail = world:chain(merge({
    root = scene.body, from = {-0.4, -0.2}, direction = {-1, 0.6},
    segments = 10, length = 1.4, radius = 0.04,
  }, merge(tail_knobs(tune), wrap)))
  scene.scarf = world:chain(merge({
    root = scene.head, from = {-0.1, -0.3}, direction = {-1, -0.3},
    segments = 8, length = 1.2, radius = 0.03, damping = 0.05,
    elasticity = 0.02, stiffness = 0.05, end_length = 0.4,
  }, merge(scarf_knobs(world, tune), wrap)))
end

local function jump(tune)
  if scene.y == 0 then scene.vy = tune.jump_speed end
end

function scene.update(world, dt, tune)
  if scene.jump_asked then jump(tune) end
  scene.jump_asked = false
  scene.x = scene.x + scene.speed * dt
  for _, h in ipairs(HURDLES) do  -- hop each hurdle from a stride before it
    if scene.x < h - 1.1 and scene.x + scene.speed * dt >= h - 1.1 then jump(tune) end
  end
  scene.vy = scene.vy - 9.81 * dt
  scene.y = math.max(0, scene.y + scene.vy * dt)
  if scene.y == 0 then scene.vy = 0 end
  local lean, teleport = -0.04 * scene.speed, scene.x > EDGE
  if teleport then scene.x = scene.x - 2 * EDGE end
  local body, head = {scene.x, 0.7 + scene.y}, {scene.x + 0.15, 1.55 + scene.y}
  if teleport then  -- a set, not a move: it is there at once
    scene.body.position, scene.head.position = body, head
  end
  scene.body:move_to(body, lean)
  scene.head:move_to(head, 0)
  scene.scarf.force = scarf_knobs(world, tune).force
end

function scene.tuned(world, tune, changed)
  if changed.run_speed then scene.speed = tune.run_speed end
  merge(scene.tail, tail_knobs(tune))
  scene.scarf.gravity = scarf_knobs(world, tune).gravity
end

function scene.keypressed(key)
  if key == "w" or key == "space" then
    scene.jump_asked = true
  elseif key == "a" then
    scene.speed = math.max(0, scene.speed - 1)
  elseif key == "d" then
    scene.speed = scene.speed + 1
  end
end

function scene.draw(g)
  g:color(0.8, 0.8, 0.85)
  g:text(scene.x - 0.6, 2.3 + scene.y, ("%.1f m/s"):format(scene.speed))
end

return scene
