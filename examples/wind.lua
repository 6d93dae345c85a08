-- Wind: a rope curtain, streamers and a vine in noise gusts, with a vortex you can
-- drag. Left-drag the ring to move the vortex (elsewhere left-drag grabs a
-- particle as usual); F1 hides the wind arrows.
---@type taut.scene
local scene = { title = "Wind" }
scene.view = { {-11, -10}, {11, 2.5} }
scene.controls = { {"drag the ring", "move the vortex"} }

scene.tune = {
  gust = {4, 0, 15},           -- m/s, mean wind along +x
  turbulence = {0.6, 0, 2},    -- gust size / mean wind
  swirl = {6, -15, 15},        -- m/s at the vortex core's edge
  drag = {0.6, 0, 3},          -- kg/(m s) per metre of segment
}

-- A rope from the pinned point `top` downwards: n segments of `step` m.
local function rope(world, top, n, step, mass, drag)
  local prev = world:particle{ position = top, pinned = true, radius = 0.08 }
  for i = 1, n do
    local p = world:particle{ position = {top[1], top[2] - step * i},
                              mass = mass, radius = 0.04 }
    world:spring{ a = prev, b = p, drag = drag }
    prev = p
  end
end

-- A rope curtain: `cols` ropes hanging from a rail at height y0, each
-- knot tied to its neighbours by tethers (slack cords that only pull), so
-- the curtain bunches up and billows instead of moving as a plate.
local function curtain(world, x0, y0, cols, rows, step, drag)
  local above = {}
  for c = 0, cols - 1 do
    above[c] = world:particle{ position = {x0 + c * step, y0}, pinned = true,
                               radius = 0.06 }
  end
  for r = 1, rows do
    local row = {}
    for c = 0, cols - 1 do
      row[c] = world:particle{ position = {x0 + c * step, y0 - r * step},
                               mass = 0.12, radius = 0.03 }
      world:spring{ a = above[c], b = row[c], drag = drag }
      if c > 0 then
        world:spring{ a = row[c - 1], b = row[c], kind = "tether", drag = drag }
      end
    end
    above = row
  end
end

function scene.load(world, tune)
  world.gravity = {0, -9.81}
  curtain(world, -10, 0, 10, 16, 0.35, tune.drag)
  for k = 0, 4 do  -- streamers from a bar
    rope(world, {-1 + 1.2 * k, 0}, 16, 0.25, 0.02, tune.drag)
  end
  rope(world, {7, 0.5}, 30, 0.3, 0.15, tune.drag * 0.5)  -- the vine
  scene.gust = world:wind{ kind = "noise", direction = {1, 0}, strength = tune.gust,
                           turbulence = tune.turbulence, scale = 3, speed = 0.8,
                           seed = 1 }
  scene.vortex = world:wind{ kind = "vortex", center = {4, -6}, radius = 1.5,
                             strength = tune.swirl, region = "circle",
                             region_center = {4, -6}, region_size = 5, edge = 2 }
end

function scene.tuned(world, tune)
  scene.gust.strength = tune.gust
  scene.gust.turbulence = tune.turbulence
  scene.vortex.strength = tune.swirl
end

local RING = 1.0   -- m: the drawn ring's radius
local REACH = 0.5  -- m beyond it that still takes the ring

-- On the ring or inside it: the ring itself must be easy to take.
local function near_vortex(x, y)
  local c = scene.vortex.center
  return (x - c[1]) ^ 2 + (y - c[2]) ^ 2 < (RING + REACH) ^ 2
end

function scene.mousepressed(x, y, button)
  scene.dragging = button == 1 and near_vortex(x, y)
  if scene.dragging then  -- the ring keeps where it was taken
    local c = scene.vortex.center
    scene.offset = {c[1] - x, c[2] - y}
  end
  return scene.dragging
end

function scene.mousemoved(x, y)
  if not scene.dragging then return false end
  local c = {x + scene.offset[1], y + scene.offset[2]}
  scene.vortex.center = c
  scene.vortex.region_center = c
  return true
end

function scene.mousereleased()
  local was = scene.dragging
  scene.dragging = false
  return was
end

function scene.draw(g)
  local c = scene.vortex.center
  g:color(0.5, 0.9, 1)
  g:circle(c[1], c[2], RING, "line")
  g:text(c[1] - 0.9, c[2] + 1.4, "vortex: drag me")
end

return scene
