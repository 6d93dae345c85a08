-- Colliders: a curtain of ropes over a rocking box and a sliding capsule,
-- hair strands hanging from a head and piling on a shelf with
-- self-collision, and a rope fired at 60 m/s at two thin walls.
-- F1 once shows the contacts (red), twice their normals (yellow) too.
---@type taut.scene
local scene = { title = "Colliders" }
scene.view = { {-13, -7}, {13, 6} }

scene.tune = {
  rock = {0.4, 0, 1.2},         -- rad amplitude of the rocking box
  slide = {2, 0, 6},           -- m amplitude of the sliding capsule
  speed = {60, 5, 120},        -- m/s of the projectile rope
}

-- A rope of n links of length step from a pinned (or free) first node;
-- opts.bend (rad per N m) makes each joint a soft angle toward straight,
-- so the strand curls smoothly instead of kinking at every link.
local function rope(world, from, dir, n, step, opts)
  local nodes = {}
  for i = 0, n do
    nodes[i] = world:particle{
      position = {from[1] + dir[1] * step * i, from[2] + dir[2] * step * i},
      pinned = opts.pinned and i == 0, mass = opts.mass or 0.05,
      radius = opts.radius or 0.05, group = opts.group,
    }
    if i > 0 then world:spring{ a = nodes[i - 1], b = nodes[i], kind = opts.kind } end
    if i > 1 and opts.bend then
      world:angle{ a = nodes[i - 2], b = nodes[i - 1], c = nodes[i], rest = 0,
                   compliance = opts.bend }
    end
  end
  return nodes
end

-- Ropes hang down; the shapes rise into them over the first second.
local function curtain(world)
  for k = 0, 7 do
    local links = k < 4 and 16 or 27
    rope(world, {-11.5 + k * 0.75, 5}, {0, -1}, links, 0.3, { pinned = true })
  end
  scene.rocker = world:collider{ shape = "box", center = {-10.4, -1.1},
                                 size = {3.5, 0.4}, friction = 0.6 }
  scene.slider = world:collider{ shape = "capsule", center = {-7.2, -4.5},
                                 length = 2.5, radius = 0.35, friction = 0.8 }
end

local function hair(world)
  world:collider{ shape = "circle", center = {0, 3}, radius = 1, friction = 0.4 }
  for k = 0, 13 do
    local a = math.rad(200 - k * 160 / 13)
    local at = {1.05 * math.cos(a), 3 + 1.05 * math.sin(a)}
    rope(world, at, {math.cos(a), math.sin(a)}, 30, 0.1,
         { pinned = true, radius = 0.05, mass = 0.01, group = 2, bend = 1 })
  end
  world:collider{ shape = "polygon", center = {0, -0.3},
                  points = {{-3, 0}, {3, 0}, {2.4, 0.6}, {-2.4, 0.6}}, friction = 0.5 }
end

local function walls(world)
  world:collider{ shape = "box", center = {8, -1}, size = {0.05, 5}, friction = 0.3 }
  world:collider{ shape = "box", center = {10.5, -1}, size = {0.05, 5}, angle = -0.3 }
  -- tethers: a rope that slams into a wall goes slack instead of pushing
  -- its links apart (rigid rods squeezed to nothing would spring out)
  scene.shot = rope(world, {4, 0}, {-1, 0}, 6, 0.15,
                    { mass = 0.1, radius = 0.04, kind = "tether" })
end

function scene.load(world, tune)
  world.gravity = {0, -9.81}
  world.particle_collision = true
  world:collider{ shape = "plane", center = {0, -6}, friction = 0.7 }
  curtain(world)
  hair(world)
  walls(world)
  scene.time, scene.fired = 0, -1
end

-- Fire the projectile rope from the left at `speed` every 2 seconds.
local function fire(tune)
  for i = 0, #scene.shot do
    local p = scene.shot[i]
    p.position = {4 - 0.15 * i, 0.5}
    p.velocity = {tune.speed, 1}
  end
end

function scene.update(world, dt, tune)
  scene.time = scene.time + dt
  local t = scene.time
  local rise = math.min(t, 1)
  scene.rocker:move_to({-10.4, 0.4 - 1.5 * (1 - rise)}, tune.rock * math.sin(1.5 * t))
  scene.slider:move_to({-7.2 + tune.slide * math.sin(0.8 * t), -2.5 - 2 * (1 - rise)})
  if math.floor(t / 2) ~= scene.fired then
    scene.fired = math.floor(t / 2)
    fire(tune)
  end
end

return scene
