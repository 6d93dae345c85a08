-- Ragdolls: particle ragdolls (scripts/ragdoll.lua: rods for bones, angle
-- limits for joints, so knees and elbows bend one way) thrown down a
-- flight of stairs, knocked by a wrecking ball on a swinging rope, one
-- hanging by a hand from a rope. Left-drag grabs and throws a part;
-- right-drag slashes: a cut limb falls away. A scripted blade cuts the
-- hanging one's arm at 3 s to show it.
local ragdoll = require "ragdoll"

---@type taut.scene
local scene = { title = "Ragdolls: grab, throw, slash" }
scene.view = { {-8, -0.5}, {11, 9} }

scene.tune = {
  dolls = {4, 1, 10},         -- thrown down the stairs
  throw = {3, 0, 12},         -- m/s, to the right
  ball = {40, 5, 200},        -- kg, the wrecking ball
  slash_at = {3, 0, 10},      -- s: the scripted cut (0: none)
}

local STEP_W, STEP_H, STEPS = 0.9, 0.45, 8

local function stairs(world)
  world:collider{ shape = "plane", center = {0, 0} }
  for k = 0, STEPS - 1 do
    local h = STEP_H * (STEPS - k)
    world:collider{ shape = "box", center = {-6 + STEP_W * (k + 0.5), h / 2},
                    size = {STEP_W, h}, friction = 0.7 }
  end
  world:collider{ shape = "box", center = {10.8, 4}, size = {0.4, 8} }
end

-- A rope from a pin with a heavy ball at its end, pulled back to swing.
local function wrecking_ball(world, tune)
  local rope = world:rope{ from = {1.6, 7.6}, to = {7.2, 4.4}, segments = 24,
                           radius = 0.04, mass_per_metre = 1 }
  rope.last.mass = tune.ball
  rope.last.radius = 0.35
  return rope
end

function scene.load(world, tune)
  world.gravity = {0, -9.81}
  world.particle_collision = true
  stairs(world)
  scene.dolls = {}
  local top = STEP_H * STEPS
  for k = 1, math.floor(tune.dolls) do
    local d = ragdoll.new(world, { position = {-6.6 + 0.5 * k, top + 1 + 1.3 * k} })
    d:throw{tune.throw, 0}
    scene.dolls[#scene.dolls + 1] = d
  end
  scene.ball = wrecking_ball(world, tune)
  local hook = world:rope{ from = {9, 7.0}, to = {9, 5.8}, segments = 6, radius = 0.03 }
  scene.hanging = ragdoll.new(world, { position = {9, 5} })
  scene.hanging:hang(hook.last, "hand_l")
  scene.dolls[#scene.dolls + 1] = scene.hanging
  scene.time, scene.blade = 0, nil
end

-- The scripted slash: a blade across the hanging doll's upper arm.
function scene.update(world, dt, tune)
  scene.time = scene.time + dt
  local t = scene.time - tune.slash_at
  if tune.slash_at <= 0 or t < 0 or t > 0.2 then return end
  local at = {8.6 + 8 * t, 5.4}
  if not scene.blade then scene.blade = world:cutter{ position = at } end
  scene.blade.position = at
end

local colors = {{0.95, 0.75, 0.55}, {0.55, 0.8, 0.95}, {0.95, 0.6, 0.7},
                {0.65, 0.9, 0.6}, {0.85, 0.7, 0.95}}

-- Bones as thick lines, the head as a disc, in each doll's colour.
function scene.draw(g)
  for k, d in ipairs(scene.dolls) do
    local c = colors[(k - 1) % #colors + 1]
    g:color(c[1], c[2], c[3])
    for _, b in ipairs(ragdoll.bone_list) do
      local ok, s = pcall(function()
        local spring = d.bones[b[1]]
        return { spring.a.x, spring.a.y, spring.b.x, spring.b.y }
      end)
      if ok then g:line(s[1], s[2], s[3], s[4], 7) end
    end
    local ok, head = pcall(function() return d.parts.head.position end)
    if ok then g:circle(head[1], head[2], 0.13) end
  end
end

return scene
