-- A 3D world for the screenshot of docs/3d.md (make docs): ropes draped
-- over a sphere and a box, strands hanging from a turning frame (a head).
-- The sphere and the box are drawn by scene.draw with g:solid, where the
-- physics has them.
local vec = require "vec"

---@type taut.scene
local scene = { title = "3D: ropes over solids", world = { is_3d = true } }
scene.view = { eye = {5, 3.6, 6}, target = {0, 1.2, 0} }

local solids = {
  { shape = "sphere", center = {-1.5, 1, 0}, radius = 1 },
  { shape = "box", center = {1.8, 0.6, 0.3}, size = {1.6, 1.2, 1.6}, rotation = vec.axis_angle({0, 1, 0}, 0.5) },
}

-- The rope's pinned end brought in to `to`: the rope, longer than the gap,
-- sags between its pins.
local function slack(rope, to)
  rope.last.position = to
end

function scene.load(world)
  world:collider{ shape = "plane", center = {0, 0, 0}, normal = {0, 1, 0} }
  for _, s in ipairs(solids) do world:collider(s) end
  for k = -2, 2 do  -- pinned at both ends across the sphere, with slack: they drape over it
    slack(world:rope{ from = {-3.3, 2.3, 0.3 * k}, to = {1.5, 2.3, 0.3 * k}, segments = 36,
                      pin_end = true, radius = 0.04 }, {0.3, 2.3, 0.3 * k})
  end
  slack(world:rope{ from = {1.8, 1.9, -1.6}, to = {1.8, 1.9, 3}, segments = 30, pin_end = true,
                    radius = 0.04 }, {1.8, 1.9, 2.2})
  scene.head = world:frame{ position = {0, 3.2, -1.5} }
  for k = 0, 5 do
    local a = k / 6 * 2 * math.pi
    local root = world:particle{ position = {0.3 * math.cos(a), 3.2, -1.5 + 0.3 * math.sin(a)}, radius = 0.02 }
    root:pin_to(scene.head)
    world:rope{ start = root, to = {0.3 * math.cos(a), 1.6, -1.5 + 0.3 * math.sin(a)}, segments = 12,
                pin_start = false, radius = 0.02, bend = 1e-3 }
  end
end

function scene.update(world)
  local t = world.step_count * world.dt
  scene.head:move_to({0, 3.2, -1.5}, vec.axis_angle({0, 1, 0}, 0.8 * math.sin(t)))
end

function scene.draw(g)
  g:color(0.55, 0.6, 0.7)
  for _, s in ipairs(solids) do g:solid(s) end
end

return scene
