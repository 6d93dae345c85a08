-- Hair: a floaty, anti-gravity wig on a dancing head. A head (sphere) on a
-- neck and shoulders (capsules) dances a figure of eight with turns (a
-- half turn in a blink now and then), nods and jumps; its wig is
-- dynamic-bone chains on the head: a combed crown, bangs, two side
-- strands and a ponytail, none of which goes through the head. Dancers
-- behind it show the level of detail.
--   sliders: anti-gravity, inertia, elasticity, stiffness, damping, dance
--   T  teleports the dancer 20 m and back (the hair comes along, no whip)
--   M  switches the teleport between "keep" and "reset"
--   L  the LOD view: every chain by its distance to the camera (gold full
--      rate, blue lower, grey frozen in pose) and each dancer's level
--   left drag grabs a strand and yanks it; left drag elsewhere orbits
local vec = require "vec"
local hair = require "hair"

---@type taut.scene
local scene = { title = "Hair: a dancing head  (T teleport 20 m, M keep/reset, L LOD view)" }
scene.world = { is_3d = true }
scene.view = { eye = {0.8, 1.95, 2.3}, target = {0, 1.45, 0} }

scene.tune = {
  anti_gravity = {1.25, 0, 2},  -- share of gravity taken away: 1 weightless
  inertia = {0.35, 0, 1},       -- of the head's motion the hair ignores
  elasticity = {0.04, 0, 0.5},  -- pull back to the combed pose
  stiffness = {0.15, 0, 1},     -- cone about the combed pose, at the root
  damping = {0.08, 0, 1},
  dance = {1, 0, 2},            -- speed of the dance
}

local HEAD = 0.11
local CROWD = { {-2, -5}, {-5, -9}, {-10, -15}, {-17, -24} }
local LOD = { near = 4, far = 12, cull = 25 }

-- The knobs every strand shares, from the sliders; curves soften to the tip.
local function knobs(tune)
  return {
    gravity = {0, -9.81 * (1 - tune.anti_gravity), 0},
    inertia = {tune.inertia, tune.inertia * 0.5},
    elasticity = {tune.elasticity, tune.elasticity * 0.3},
    stiffness = {tune.stiffness, tune.stiffness * 0.2},
    damping = tune.damping,
    teleport_distance = 5, teleport = scene.teleport_mode or "keep",
    lod = scene.lod_view and LOD or nil,
  }
end

local function with(t, extra)
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  for k, v in pairs(extra) do out[k] = v end
  return out
end

-- A dancer: shoulders, neck and head, and its hair on the head.
local function dancer(world, at, tune, full)
  local d = { at = at, strands = {} }
  d.shoulders = world:collider{ shape = "capsule", length = 0.34, radius = 0.07,
                                center = {at[1], 1.42, at[2]} }
  d.neck = world:collider{ shape = "capsule", length = 0.1, radius = 0.045,
                           center = {at[1], 1.53, at[2]},
                           rotation = vec.axis_angle({0, 0, 1}, math.pi / 2) }
  d.head = world:collider{ shape = "sphere", radius = HEAD,
                           center = {at[1], 1.68, at[2]} }
  local k = knobs(tune)
  local function add(list) for _, c in ipairs(list) do d.strands[#d.strands + 1] = c end end
  if full then
    add(hair.scalp(world, { root = d.head, radius = HEAD, rows = 4, per_row = 11,
                            from = 12, to = 78, around = {55, 305},
                            length = 0.24, segments = 6, knobs = k }))
  end
  add(hair.tuft(world, { root = d.head, at = {0, 0.075, 0.085},
                         direction = {0, -1, 0.5}, across = {0, 0, 1},
                         count = full and 7 or 3, width = 0.12, spread = 0.2,
                         length = 0.1, segments = 4, knobs = k }))
  for _, side in ipairs{-1, 1} do
    add{ hair.strand(world, d.head, {side * 0.1, 0.03, 0.02}, {side * 0.2, -1, 0},
                     0.36, 8, k) }
  end
  add(hair.tuft(world, { root = d.head, at = {0, 0.07, -0.1},
                         direction = {0, -0.4, -1}, across = {1, 0, 0},
                         count = full and 5 or 2, width = 0.04, spread = 0.25,
                         length = 0.5, segments = 10,
                         knobs = with(k, { end_length = 0.5 }) }))
  return d
end

function scene.load(world, tune)
  scene.time, scene.away = 0, 0
  world:collider{ shape = "plane", center = {0, 0, 0} }
  scene.dancers = { dancer(world, {0, 0}, tune, true) }
  for i, at in ipairs(CROWD) do scene.dancers[i + 1] = dancer(world, at, tune, false) end
end

-- The dance at time t: where the feet are, which way it faces, the hop,
-- and the head's nod and tilt. Every 6 s a half turn in a tenth of a second.
local function pose(t, phase)
  t = t + phase
  local x, z = 0.4 * math.sin(0.5 * t), 0.25 * math.sin(t)
  local yaw = math.atan(0.2 * math.cos(0.5 * t), 0.25 * math.cos(t))
  local spin = (t % 6) / 0.1
  yaw = yaw + math.pi * (math.min(spin, 1) + math.floor(t / 6))
  local hop = math.max(0, math.sin(math.pi * ((t % 4) - 3))) * 0.3
  if t % 4 < 3 then hop = 0 end
  return {x, hop, z}, yaw, 0.35 * math.sin(4 * t), 0.2 * math.sin(2.3 * t)
end

local function place(d, t, phase, away)
  local feet, yaw, nod, tilt = pose(t, phase)
  local turn = vec.axis_angle({0, 1, 0}, yaw)
  local base = {d.at[1] + feet[1] + away, feet[2], d.at[2] + feet[3]}
  local head_turn = vec.quat_mul(turn, vec.euler(nod, 0, tilt))
  d.shoulders:move_to(vec.add(base, {0, 1.42, 0}), turn)
  d.neck:move_to(vec.add(base, {0, 1.53, 0}),
                 vec.quat_mul(turn, vec.axis_angle({0, 0, 1}, math.pi / 2)))
  d.head:move_to(vec.add(vec.add(base, {0, 1.57, 0}), vec.rotate(head_turn, {0, 0.11, 0})),
                 head_turn)
end

function scene.update(_, dt, tune)
  scene.time = scene.time + dt * tune.dance
  for i, d in ipairs(scene.dancers) do
    place(d, scene.time, 1.3 * (i - 1), i == 1 and scene.away or 0)
  end
end

local function each_strand(fn)
  for _, d in ipairs(scene.dancers) do hair.each(d.strands, fn) end
end

function scene.tuned(_, tune)
  local k = knobs(tune)
  each_strand(function(c)
    for _, knob in ipairs{"gravity", "inertia", "elasticity", "stiffness", "damping"} do
      c[knob] = k[knob]
    end
  end)
end

-- A teleport is a set, not a move: the head and body jump at once.
local function jump(d, dx)
  for _, c in ipairs{d.shoulders, d.neck, d.head} do
    local p = c.position
    c.position = {p[1] + dx, p[2], p[3]}
  end
end

function scene.keypressed(key)
  if key == "t" then
    local dx = scene.away == 0 and 20 or -20
    scene.away = scene.away + dx
    jump(scene.dancers[1], dx)
  elseif key == "m" then
    scene.teleport_mode = scene.teleport_mode == "reset" and "keep" or "reset"
    each_strand(function(c) c.teleport = scene.teleport_mode end)
  elseif key == "l" then
    scene.lod_view = not scene.lod_view
    each_strand(function(c) c.lod = scene.lod_view and LOD or nil end)
  end
end

local SOLID = { {0.85, 0.72, 0.62}, {0.8, 0.68, 0.6}, {0.35, 0.4, 0.55} }

function scene.draw(g)
  for _, d in ipairs(scene.dancers) do
    local h, n, s = d.head, d.neck, d.shoulders
    g:color(table.unpack(SOLID[1]))
    g:solid{ shape = "sphere", center = h.position, rotation = h.rotation, radius = HEAD }
    g:color(table.unpack(SOLID[2]))
    g:solid{ shape = "capsule", center = n.position, rotation = n.rotation,
             length = 0.1, radius = 0.045 }
    g:color(table.unpack(SOLID[3]))
    g:solid{ shape = "capsule", center = s.position, rotation = s.rotation,
             length = 0.34, radius = 0.07 }
    if scene.lod_view then
      local c = d.strands[1]
      g:color(1, 1, 1)
      g:text(vec.add(h.position, {0, 0.3, 0}), c.level)
    end
  end
  local p = scene.dancers[1].shoulders.position
  g:color(0.9, 0.9, 0.9)
  g:text(vec.add(p, {0, -0.35, 0.3}), ("teleport: %s   LOD view: %s"):format(
    scene.teleport_mode or "keep", scene.lod_view and "on" or "off"))
end

return scene
