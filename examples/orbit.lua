-- Orbit: a dancer in 3D (a head, a sphere, on shoulders, a capsule,
-- carried by a scripted frame that sways, turns and hops, with hair
-- strands pinned to the frame) dances under three ropes that swing round
-- its head and shoulders. A textured crate stands by.
-- Left drag on a rope or a strand grabs it (yank it!); left drag on
-- nothing (or Alt + left drag) orbits, the wheel dollies, middle drag
-- pans; right drag slashes. F1 shows the contacts.
local taut = require "taut"
local vec = require "vec"

---@type taut.scene
local scene = { title = "Orbit", world = { is_3d = true } }
scene.view = { eye = {3.8, 2.4, 5.2}, target = {0.4, 1.5, 0} }

scene.tune = {
  tempo = {1, 0, 2},     -- the dance's speed (1: a bar every 4 s)
  jump = {0.35, 0, 0.6},  -- m, the height of the hop at each bar
  turn = {1.2, 0, 3},     -- rad, how far the dancer turns each way
}

-- This file's folder, so the crate's texture is found from anywhere.
local here = debug.getinfo(1, "S").source:match("^@(.*[/\\])") or ""

local HIPS = {0, 1.0, 0}      -- the frame's rest position
local HEAD = {0, 0.95, 0}     -- the head's centre, on the frame
local SHOULDERS = {0, 0.5, 0}
local CRATE = {1.7, 0.35, -0.6}
local BAR = 2.9             -- the height the ropes hang from

-- The dance at time t (s of dance): where the frame is and how it turns.
-- A figure of eight on the floor plan, a turn about y that swings both
-- ways with a lean, and a hop at the start of every bar.
local function dance(t, tune)
  local bar = t / 4
  local hop = bar % 1 < 0.15 and math.sin(math.pi * (bar % 1) / 0.15) or 0
  local position = {
    HIPS[1] + 0.6 * math.sin(math.pi * bar),
    HIPS[2] + tune.jump * hop,
    HIPS[3] + 0.3 * math.sin(2 * math.pi * bar),
  }
  local yaw = tune.turn * math.sin(2 * math.pi * bar)
  local lean = 0.25 * math.sin(4 * math.pi * bar)
  return position, vec.quat_mul(vec.axis_angle({0, 1, 0}, yaw),
                                vec.axis_angle({0, 0, 1}, lean))
end

-- A point of the frame's local space in the world, at that pose.
local function place(position, rotation, point)
  return vec.add(position, vec.rotate(rotation, point))
end

-- Air drag on a rope's segments (N s/m per metre): a whipped rope comes
-- to rest in about mass_per_metre / c seconds instead of writhing on.
local function in_air(rope, c)
  for i = 1, #rope - 1 do rope:segment(i).drag = c end
end

-- Hair: strands from roots round the back and top of the head, each
-- root pinned to the frame, so it rides every sway, turn and hop.
local function hair(world)
  for k = 0, 6 do
    local a = math.rad(-70 + k * 140 / 6)
    local dir = vec.normalize{math.sin(a), 0.5, -math.cos(a)}
    local root = vec.add(HEAD, vec.scale(dir, 0.33))
    local at = vec.add(HIPS, root)
    local strand = world:rope{ from = at, to = vec.add(at, {0.1 * dir[1], -0.6, -0.15}),
                               segments = 10, radius = 0.02, mass_per_metre = 0.05 }
    strand.first:pin_to(scene.frame, root)
    in_air(strand, 0.03)
  end
end

-- Three ropes hung from a bar above the dancer, their ends free: two
-- either side, where the shoulders sway into them, one just behind the
-- head, which turns into it. The bar is only drawn (scene.draw).
local function ropes(world)
  for _, x in ipairs{ -0.95, 0.25, 0.95 } do
    local top = {x, BAR, -0.3}
    in_air(world:rope{ from = top, to = vec.add(top, {0, -2.1, 0}), segments = 28,
                       radius = 0.03, mass_per_metre = 0.4 }, 0.3)
  end
end

-- A box mesh of half size h around the origin, each face mapped with the
-- whole texture; faces counter-clockwise seen from outside.
local function box_mesh(h)
  local vertices, uvs, triangles = {}, {}, {}
  local axes = { {1, 0, 0}, {0, 1, 0}, {0, 0, 1} }
  for i = 1, 3 do
    for _, side in ipairs{ 1, -1 } do
      local n = vec.scale(axes[i], side)
      local u = vec.scale(axes[i % 3 + 1], side)
      local v = vec.cross(n, u)
      local first = #vertices
      for _, c in ipairs{ {-1, -1}, {1, -1}, {1, 1}, {-1, 1} } do
        local p = vec.add(vec.scale(n, h), vec.add(vec.scale(u, c[1] * h), vec.scale(v, c[2] * h)))
        vertices[#vertices + 1] = p
        uvs[#uvs + 1] = { (c[1] + 1) / 2, (c[2] + 1) / 2 }
      end
      triangles[#triangles + 1] = { first + 1, first + 2, first + 3 }
      triangles[#triangles + 1] = { first + 1, first + 3, first + 4 }
    end
  end
  return vertices, uvs, triangles
end

local function crate(world)
  local turn = vec.axis_angle({0, 1, 0}, 0.5)
  world:collider{ shape = "box", center = CRATE, size = {0.7, 0.7, 0.7},
                  rotation = turn, friction = 0.8 }
  -- the texture goes on 1 mm out from the collider's faces
  local vertices, uvs, triangles = box_mesh(0.351)
  for i, p in ipairs(vertices) do vertices[i] = vec.add(CRATE, vec.rotate(turn, p)) end
  scene.crate = taut.mesh{ vertices = vertices, uvs = uvs, triangles = triangles }
  scene.wood = taut.texture(here .. "crate.png")
end

function scene.load(world, tune)
  world.gravity = {0, -9.81, 0}
  world:collider{ shape = "plane", center = {0, 0, 0}, friction = 0.9 }
  local position, rotation = dance(0, tune)
  scene.frame = world:frame{ position = position, rotation = rotation }
  scene.head = world:collider{ shape = "sphere", radius = 0.3, friction = 0.3,
                               center = place(position, rotation, HEAD) }
  scene.shoulders = world:collider{ shape = "capsule", length = 0.9, radius = 0.12,
                                    center = place(position, rotation, SHOULDERS),
                                    rotation = rotation, friction = 0.5 }
  hair(world)
  ropes(world)
  crate(world)
  scene.time = 0
end

function scene.tuned()
  -- the sliders are read every step: nothing to apply
end

function scene.update(_, dt, tune)
  scene.time = scene.time + dt * tune.tempo
  local position, rotation = dance(scene.time, tune)
  scene.frame:move_to(position, rotation)
  scene.head:move_to(place(position, rotation, HEAD), rotation)
  scene.shoulders:move_to(place(position, rotation, SHOULDERS), rotation)
end

function scene.draw(g)
  g:color(0.55, 0.6, 0.7)
  g:solid{ shape = "capsule", center = {0, BAR + 0.07, -0.3}, length = 2.6, radius = 0.04 }
  g:color(1, 1, 1)
  g:mesh(scene.crate, scene.wood)
end

return scene
