-- Cape: a character (capsules and a ball on a scripted frame) walks a
-- figure of eight, turning both ways and jumping, in gusty wind. Its cape
-- is simulated on a coarse proxy (12 x 16 cells) pinned to the frame at
-- the shoulders; a dense textured mesh (48 x 64) follows the proxy
-- through a barycentric binding, as game characters' clothes do.
-- B shows the proxy's triangles, the binding lines (render vertex to its
-- proxy triangle) and the vertices that fell back to the skinned pose,
-- red. J jumps, T teleports the character across the floor (the cape is
-- carried along, not flung). Left drag on the cape grabs it (yank it);
-- left drag on nothing orbits; right drag slashes.
local taut = require "taut"
local vec = require "vec"
local cloth = require "cloth"

local scene = { title = "Cape", world = { is_3d = true } }
scene.view = { eye = {3.0, 1.9, 4.2}, target = {0, 0.9, 0} }

scene.tune = {
  speed = {1.6, 0, 4},      -- m/s along the path
  gust = {2.5, 0, 12},      -- m/s of the wind
  bend = {0.05, 0.001, 1},  -- the cape's bend compliance (m/N)
  jump = {0.45, 0, 1},      -- m, the height of a jump
  proxy = false,            -- the debug layer (B)
}

-- This file's folder, so the texture is found from anywhere.
local here = debug.getinfo(1, "S").source:match("^@(.*[/\\])") or ""

local HIPS = 0.95         -- height of the frame over the floor
local PATH = 2.4          -- m, half the figure of eight's length
local CAPE = { grid = {12, 16}, size = {0.56, 1.0}, thickness = 0.012,
               mass_per_area = 0.6, shear = 0.3, drag = 1.0, lift = 0.4 }
-- The body on the frame: what the cape meets.
local PARTS = {
  { shape = "capsule", at = {0, 0.33, 0}, radius = 0.19, length = 0.48, up = true },
  { shape = "capsule", at = {0, 0.6, 0}, radius = 0.1, length = 0.36 },
  { shape = "sphere", at = {0, 0.86, 0}, radius = 0.13 },
  { shape = "capsule", at = {0.1, -0.45, 0}, radius = 0.08, length = 0.74, up = true },
  { shape = "capsule", at = {-0.1, -0.45, 0}, radius = 0.08, length = 0.74, up = true },
}
local UP = vec.axis_angle({0, 0, 1}, math.pi / 2)  -- a capsule's axis (x) up

-- Where the walk is at distance s along it: a figure of eight on the
-- floor (Gerono's lemniscate) and the way it heads there.
local function walk(s)
  local a = s / PATH
  local x, z = PATH * math.sin(a), PATH * math.sin(a) * math.cos(a)
  local dx, dz = math.cos(a), math.cos(2 * a)
  return {x, 0, z}, math.atan(dx, dz)
end

local function pose(s, lift)
  local at, yaw = walk(s)
  return vec.add(at, {0, HIPS + lift, 0}), vec.axis_angle({0, 1, 0}, yaw)
end

local function place(position, rotation, l)
  return vec.add(position, vec.rotate(rotation, l))
end

local function part_rotation(part, rotation)
  return part.up and vec.quat_mul(rotation, UP) or rotation
end

local function make_body(world, position, rotation)
  scene.frame = world:frame{ position = position, rotation = rotation }
  scene.parts = {}
  for i, part in ipairs(PARTS) do
    scene.parts[i] = world:collider{ shape = part.shape, radius = part.radius,
      length = part.length, friction = 0.3,
      center = place(position, rotation, part.at),
      rotation = part_rotation(part, rotation) }
  end
end

local function move_body(position, rotation)
  scene.frame:move_to(position, rotation)
  for i, part in ipairs(PARTS) do
    scene.parts[i]:move_to(place(position, rotation, part.at),
                           part_rotation(part, rotation))
  end
end

-- The cape hangs from the shoulders down the back, its front (the grid's
-- +z, where the skin lies) facing backwards: the grid turned half round.
local function make_cape(world, position, rotation, tune)
  local def = {}
  for k, v in pairs(CAPE) do def[k] = v end
  def.origin = place(position, rotation, {0.28, 0.62, -0.215})
  def.orientation = vec.quat_mul(rotation, vec.axis_angle({0, 1, 0}, math.pi))
  def.pin, def.pin_to, def.visible, def.bend = "top", scene.frame, false, tune.bend
  scene.cape = world:cloth(def)
  scene.skin = cloth.skin(def, 48, 64, 0.004)
  scene.binding = scene.cape:bind(scene.skin)
end

function scene.load(world, tune)
  world:collider{ shape = "plane", center = {0, 0, 0}, friction = 0.8 }
  scene.s, scene.jump_t, scene.shift = 0, nil, 0
  local position, rotation = pose(0, 0)
  make_body(world, position, rotation)
  make_cape(world, position, rotation, tune)
  scene.wind = world:wind{ kind = "noise", direction = {1, 0, 0.4}, strength = tune.gust,
                           scale = 3, speed = 0.7, turbulence = 0.9 }
  scene.texture = taut.texture(here .. "cape.png")
  scene.debug = tune.proxy
end

function scene.tuned(_, tune)
  scene.wind.strength = tune.gust
  scene.cape.bend = tune.bend
  scene.debug = tune.proxy
end

-- The height of a jump a time t into it (0.55 s up and down).
local function hop(t, height)
  if not t or t > 0.55 then return 0 end
  return height * math.sin(math.pi * t / 0.55)
end

function scene.update(_, dt, tune)
  scene.s = scene.s + tune.speed * dt
  if scene.jump_t then scene.jump_t = scene.jump_t + dt end
  if scene.jump_t and scene.jump_t > 0.55 then scene.jump_t = nil end
  if not scene.jump_t and (scene.s / 3.6) % 1 < (scene.s - tune.speed * dt) / 3.6 % 1 then
    scene.jump_t = 0  -- a jump every 3.6 m
  end
  move_body(pose(scene.s + scene.shift, hop(scene.jump_t, tune.jump)))
end

function scene.keypressed(key)
  if key == "b" then
    scene.debug = not scene.debug
  elseif key == "j" and not scene.jump_t then
    scene.jump_t = 0
  elseif key == "t" then
    -- across the floor at once: the frame and the body are set, not
    -- moved, and the cape (past its teleport_distance) is carried along
    scene.shift = scene.shift + math.pi * PATH
    local position, rotation = pose(scene.s + scene.shift, 0)
    scene.frame.position, scene.frame.rotation = position, rotation
    for i, part in ipairs(PARTS) do
      scene.parts[i].position = place(position, rotation, part.at)
      scene.parts[i].rotation = part_rotation(part, rotation)
    end
  end
end

local function draw_body(g)
  for i, part in ipairs(PARTS) do
    local c = scene.parts[i]
    g:solid{ shape = part.shape, center = c.position, rotation = c.rotation,
             radius = part.radius, length = part.length }
  end
end

function scene.draw(g)
  g:color(0.35, 0.42, 0.55)
  draw_body(g)
  g:color(1, 1, 1)
  g:mesh(scene.binding, scene.texture)
  if scene.debug then
    g:binding(scene.binding)
    g:color(1, 0.4, 0.3)
    g:text(vec.add(scene.frame.position, {0, 1.2, 0}),
           ("fallbacks %d of %d"):format(scene.binding.fallbacks, #scene.binding))
  end
end

return scene
