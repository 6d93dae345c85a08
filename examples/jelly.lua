-- Jelly: soft bodies on slopes and stairs. Balloons (rings held at a
-- multiple of their area: drag the pressure slider to inflate, deflate,
-- or pop them at 0), jelly grids with springs and shape matching, a
-- shape-matched blob that keeps its star shape, a jelly hanging from its
-- top row, wind gusts. Left-drag grabs any of them (the grabbed one's
-- area and energy show at the bottom left); right-drag slashes: a slashed
-- balloon is torn and goes flat. The big jelly wears a face, a texture
-- drawn on its cells by their uvs (g:softbody).
local taut = require "taut"
---@type taut.scene
local scene = { title = "Jelly: drag, slash, pressure slider" }
scene.view = { {-9, -0.5}, {9, 9} }

scene.tune = {
  pressure = {1, 0, 3},          -- balloons' area / rest area (0 pops)
  shape_matching = {0.15, 0, 1}, -- jelly and blob stiffness
  gust = {3, 0, 12},             -- m/s of wind
  damping = {2, 0, 10},          -- 1/s: how fast a wobble dies
}

local function ground(world)
  world:collider{ shape = "plane", center = {0, 0} }
  world:collider{ shape = "box", center = {-5.5, 4}, size = {6, 0.3}, angle = -0.35,
                  friction = 0.3 }
  for k = 0, 5 do  -- stairs down to the right
    world:collider{ shape = "box", center = {2 + 0.8 * k, 2.6 - 0.45 * k},
                    size = {0.8, 5.2 - 0.9 * k} }
  end
  world:collider{ shape = "box", center = {8.6, 4}, size = {0.4, 8} }
  world:collider{ shape = "box", center = {-8.6, 4}, size = {0.4, 8} }
  world:collider{ shape = "box", center = {-1.2, 6.9}, size = {2.6, 0.2} }
end

-- This file's folder, so the face is found from anywhere. jelly_face.png
-- (64 x 64, 361 B) was drawn with ImageMagick: an orange ground, white
-- eyes with dark pupils, pink cheeks and a dark grin.
local here = debug.getinfo(1, "S").source:match("^@(.*[/\\])") or ""

local function star(cx, cy, r)
  local points = {}
  for k = 0, 9 do
    local a, rr = math.pi / 2 + k * math.pi / 5, k % 2 == 0 and r or 0.45 * r
    points[#points + 1] = {cx + rr * math.cos(a), cy + rr * math.sin(a)}
  end
  return points
end

function scene.load(world, tune)
  world.gravity = {0, -9.81}
  ground(world)
  scene.balloons = {}
  for k = 0, 2 do
    scene.balloons[#scene.balloons + 1] = world:softbody{
      ring = {center = {-7.2 + 1.3 * k, 6 + 0.3 * k}, radius = 0.55, segments = 28},
      pressure = tune.pressure, compliance = 2e-3, bend = 2e-2, mass = 0.3, drag = 0.02,
      damping = tune.damping, restitution = 0.3 }
  end
  scene.jellies = {
    world:softbody{ grid = {5, 4}, size = 0.22, center = {2.6, 6.2}, mass = 2,
                    shape_matching = tune.shape_matching, bend = 1e-3,
                    damping = tune.damping },
    world:softbody{ grid = {4, 3}, size = 0.2, center = {-3.4, 7.4}, mass = 1,
                    shape_matching = tune.shape_matching, damping = tune.damping,
                    drag = 0.01 },
    world:softbody{ points = star(5.4, 6.5, 0.7), mass = 1.5, pressure = 1,
                    shape_matching = tune.shape_matching, damping = tune.damping },
  }
  scene.hanging = world:softbody{ grid = {6, 5}, size = 0.2, center = {-1.2, 6.3},
                                  pin = "top", mass = 1.5, shear = 2e-4,
                                  bend = 2e-3, damping = tune.damping, drag = 0.02 }
  scene.face = taut.texture(here .. "jelly_face.png")
  scene.wind = world:wind{ kind = "noise", direction = {1, 0.15},
                           strength = tune.gust, scale = 5, turbulence = 0.8 }
  scene.time = 0
end

function scene.tuned(world, tune)
  for _, b in ipairs(scene.balloons) do b.pressure = tune.pressure end
  for _, j in ipairs(scene.jellies) do j.shape_matching = tune.shape_matching end
  for _, b in ipairs(world:softbodies()) do b.damping = tune.damping end
  scene.wind.strength = tune.gust
end

function scene.update(_, dt)
  scene.time = scene.time + dt
end

-- The big jelly's face; two eyes on each of the others, looking where
-- they move.
function scene.draw(g)
  g:color(1, 1, 1)
  g:softbody(scene.jellies[1], scene.face)
  for k = 2, #scene.jellies do
    local j = scene.jellies[k]
    local ok, c = pcall(function() return j.center end)
    if ok then
      g:color(1, 1, 1)
      g:circle(c[1] - 0.12, c[2] + 0.08, 0.07)
      g:circle(c[1] + 0.12, c[2] + 0.08, 0.07)
      g:color(0.1, 0.1, 0.15)
      g:circle(c[1] - 0.1, c[2] + 0.07, 0.035)
      g:circle(c[1] + 0.14, c[2] + 0.07, 0.035)
    end
  end
end

return scene
