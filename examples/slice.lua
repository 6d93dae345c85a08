-- Slice: ropes with weights, a cloth banner that tears, a rope bridge.
-- Right-drag to slash (the blade cuts what it sweeps between steps, so a
-- fast slash cannot miss); cut points flash. To show it off, a scripted
-- blade sweeps once across the lower half at 1.5 s.
---@type taut.scene
local scene = { title = "Slice: right-drag to slash" }
scene.view = { {-11, -8}, {13, 4} }

scene.tune = {
  ropes = {6, 1, 12},             -- hanging ropes with weights
  weight = {3, 0.1, 20},          -- kg at each rope's end
  banner_tear = {0.12, 0, 1},     -- strain at which the banner tears
  demo_at = {1.5, 0, 10},         -- s: the scripted slash (0: none)
  min_fragment = {2, 0, 10},      -- free pieces shorter than this go
}

local function hanging_ropes(world, tune)
  for k = 1, math.floor(tune.ropes) do
    local x = -10 + (k - 1) * 1.1
    local r = world:rope{ from = {x, 1}, to = {x, -4}, segments = 24,
                          radius = 0.04 }
    r.last.mass = tune.weight
    r.last.radius = 0.2
  end
end

-- A cloth-like grid: structural rods and shear springs, top row pinned.
local function banner(world, tune, x0, y0, cols, rows, h)
  local p = {}
  for j = 0, rows - 1 do
    for i = 0, cols - 1 do
      p[j * cols + i] = world:particle{ position = {x0 + i * h, y0 - j * h},
        mass = 0.05, radius = 0.02, pinned = j == 0 and i % 3 == 0 }
    end
  end
  local function link(a, b, compliance)
    world:spring{ a = a, b = b, compliance = compliance,
                  max_strain = tune.banner_tear }
  end
  for j = 0, rows - 1 do
    for i = 0, cols - 1 do
      local q = p[j * cols + i]
      if i + 1 < cols then link(q, p[j * cols + i + 1], 0) end
      if j + 1 < rows then link(q, p[(j + 1) * cols + i], 0) end
      if i + 1 < cols and j + 1 < rows then
        link(q, p[(j + 1) * cols + i + 1], 1e-4)
        link(p[j * cols + i + 1], p[(j + 1) * cols + i], 1e-4)
      end
    end
  end
end

-- A sagging deck rope pinned at both ends, hung from two rails by ropes.
local function bridge(world)
  local deck = world:rope{ from = {4, -3}, to = {12, -3}, segments = 32,
                           pin_end = true, mass_per_metre = 2, radius = 0.05 }
  for k = 4, 28, 4 do
    local node = deck:particle(k + 1)
    world:rope{ from = {node.x, 0}, to = {node.x, -2.9}, segments = 6,
                pin_end = false, radius = 0.02 }.last.mass = 0.1
    world:spring{ a = world:nearest{node.x, -2.9}, b = node, rest_length = 0.1 }
  end
end

function scene.load(world, tune)
  world.gravity = {0, -9.81}
  world.min_fragment = math.floor(tune.min_fragment)
  hanging_ropes(world, tune)
  banner(world, tune, -2.5, 1, 20, 14, 0.25)
  bridge(world)
  scene.time, scene.cuts, scene.trail = 0, 0, {}
  scene.blade = nil
end

-- The scripted slash: a blade from the left to the right in 0.25 s.
local function demo(world, dt, tune)
  local t = scene.time - tune.demo_at
  if tune.demo_at <= 0 or t < 0 or t > 0.3 then
    return
  end
  local at = {-12 + 100 * t, -1.8 - 3 * t}
  if not scene.blade then
    scene.blade = world:cutter{ position = at }
  end
  scene.blade.position = at
  scene.trail[#scene.trail + 1] = at
end

function scene.update(world, dt, tune)
  scene.time = scene.time + dt
  demo(world, dt, tune)
end

function scene.cut(event)
  scene.cuts = scene.cuts + 1
end

function scene.draw(g)
  local fade = 1 - (scene.time - scene.tune.demo_at[1] - 0.3) / 0.5
  g:color(0.6, 0.9, 1, math.max(0, math.min(1, fade)))
  for i = 2, fade > 0 and #scene.trail or 0 do
    local a, b = scene.trail[i - 1], scene.trail[i]
    g:line(a[1], a[2], b[1], b[2], 3)
  end
  g:color(1, 0.9, 0.4)
  g:text(-10.5, 1.8, ("cuts: %d"):format(scene.cuts))
end

return scene
