-- Colliders from Lua: shapes from option tables, properties, raycasts,
-- overlap, contact events, and the errors bad input gets.
local taut = require "taut"
local test = require "test"

test("a particle rests on a box at its radius", function()
  local w = taut.world{}
  local box = w:collider{ shape = "box", center = {0, 0}, size = {4, 1},
                          friction = 0.5 }
  test.eq(box.shape, "box")
  local p = w:particle{ position = {0, 1}, radius = 0.1 }
  w:step(120)
  test.near(p.y, 0.6, 0.001)
end)

test("every shape can be made and read back", function()
  local w = taut.world{}
  local c = w:collider{ shape = "circle", center = {1, 2}, radius = 0.5 }
  local k = w:collider{ shape = "capsule", radius = 0.2, length = 1, angle = 0.5 }
  local g = w:collider{ shape = "polygon", points = {{0, 0}, {1, 0}, {0, 1}} }
  local f = w:collider{ shape = "plane", center = {0, -1}, normal = {1, 1} }
  test.eq(c.position[1], 1)
  test.near(k.angle, 0.5, 1e-6)
  test.eq(g.shape, "polygon")
  test.near(f.angle, -math.pi / 4, 1e-6)
  test.eq(#w:colliders(), 4)
  c.friction = 0.9
  test.near(c.friction, 0.9, 1e-6)
  c.enabled = false
  test.eq(c.enabled, false)
  c.group, c.mask = 2, 0xffffffff
  test.eq(c.mask, 0xffffffff)
end)

test("raycast hits a collider, then a rope segment", function()
  local w = taut.world{}
  local floor = w:collider{ shape = "box", center = {0, -1}, size = {10, 1} }
  local hit = w:raycast({0, 5}, {0, -1}, 100)
  test.eq(hit.collider, floor)
  test.near(hit.point[2], -0.5, 1e-5)
  test.near(hit.normal[2], 1, 1e-6)
  test.near(hit.distance, 5.5, 1e-5)
  local a = w:particle{ position = {2, 3}, mass = 0 }
  local b = w:particle{ position = {2, 1} }
  local s = w:spring{ a = a, b = b }
  hit = w:raycast({0, 2.5}, {1, 0})
  test.eq(hit.spring, s)
  test.near(hit.fraction, 0.25, 1e-5)
  test.eq(w:raycast({0, 5}, {0, 1}, 100), nil)
end)

test("overlap and particles_in find what is there", function()
  local w = taut.world{}
  local c = w:collider{ shape = "circle", center = {0, 0}, radius = 1 }
  test.eq(#w:overlap({0.5, 0}), 1)
  test.eq(w:overlap({1.5, 0}, 0.6)[1], c)
  test.eq(#w:overlap({3, 0}, 0.5), 0)
  local p = w:particle{ position = {5, 5} }
  w:particle{ position = {-5, 5} }
  local inside = w:particles_in({4, 4}, {6, 6})
  test.eq(#inside, 1)
  test.eq(inside[1], p)
end)

test("contact_begin names the particle, the collider, point and normal", function()
  local w = taut.world{}
  local floor = w:collider{ shape = "plane", center = {0, 0} }
  local p = w:particle{ position = {0.5, 0.3} }
  local seen
  w:on("contact_begin", function(e) seen = e end)
  w:step(60)
  test.eq(seen.collider, floor)
  test.eq(seen.particle, p)
  test.near(seen.point[2], 0, 1e-6)
  test.near(seen.normal[2], 1, 1e-6)
end)

test("a moving collider carries what rests on it", function()
  local w = taut.world{}
  local platform = w:collider{ shape = "box", size = {20, 0.2}, friction = 1,
                               velocity = {2, 0} }
  local p = w:particle{ position = {0, 0.15} }
  w:step(120)
  test.near(p.velocity[1], 2, 0.01)
  test.near(platform.position[1], 4, 1e-4)
  platform:move_to({4, 1})
  w:step()
  test.near(platform.position[2], 1, 1e-6)
  test.near(p.y, 1.15, 0.002)
end)

test("bad collider options name the argument", function()
  local w = taut.world{}
  test.error(function() w:collider{ shape = "cube" } end,
    "bad argument #1 to 'collider' (unknown shape 'cube' (expected circle, " ..
    "capsule, box, plane, polygon))")
  test.error(function() w:collider{ shape = "box", colour = 1 } end,
    "bad argument #1 to 'collider' (unknown option 'colour' (expected shape, " ..
    "center, angle, radius, length, size, points, normal, friction, " ..
    "kinetic_friction, restitution, velocity, angular_velocity, enabled, " ..
    "group, mask, rotation))")
  test.error(function() w:collider{ shape = "circle", radius = -1 } end,
    "bad argument #1 to 'collider' (size, radius and length must be finite " ..
    "numbers > 0)")
  test.error(function() w:collider{ shape = "polygon", points = {{0, 0}, {1, 1}} } end,
    "bad argument #1 to 'collider' (points: a table of 3 to 8 {x, y} expected)")
  test.error(function() w:collider{ restitution = 2 } end,
    "bad argument #1 to 'collider' (restitution must be in [0, 1])")
  local c = w:collider{}
  test.error(function() c.friction = 0 / 0 end,
    "cannot set 'friction' (friction must be a finite number >= 0)")
  test.error(function() w:raycast({0, 0}, {0, 0}) end,
    "bad argument #2 to 'raycast' (direction must be a finite, non-zero vector)")
  c:destroy()
  test.error(function() return c.position end,
    "cannot read 'position' (collider was destroyed)")
  test.error(function() c:move_to({0, 0}) end,
    "calling 'move_to' on bad self (collider was destroyed)")
end)

-- How far a rope's centre of mass rises, after its first touch, over 4 s
-- of a drop from 3 m onto a floor of the given restitution.
local function rise(rope_options, restitution)
  local w = taut.world{}
  w:collider{ shape = "box", center = {0, -0.5}, size = {400, 1}, restitution = restitution }
  rope_options.pin_start = false
  local rope = w:rope(rope_options)
  local function lowest_and_centre()
    local low, sum = math.huge, 0
    for k = 1, #rope do
      local y = rope:particle(k).y
      low, sum = math.min(low, y), sum + y
    end
    return low, sum / #rope
  end
  local touched, least, most = false, math.huge, 0
  for _ = 1, 240 do
    w:step()
    local low, centre = lowest_and_centre()
    touched = touched or low < rope_options.radius + 1e-3
    if touched then
      least = math.min(least, centre)
      most = math.max(most, centre - least)
    end
  end
  return most
end

-- Before: a rope landing on its end bounced as if its floor were elastic
-- (the rod above its lowest node, left short by the contact, pushed the
-- rope up over the next substeps): 1.65 m for the upright rope, 0.49 m for
-- a vine piece. 5 cm is under the vine's thickness (12 cm) and 2 pixels
-- of examples/vine.lua's view: it reads as landing, not as a bounce.
test("a rope dropped on its end onto a floor of restitution 0 does not bounce", function()
  local upright = rise({ from = {0, 5}, to = {0, 3}, radius = 0.05 }, 0)
  local vine = rise({ from = {9, 4.2}, to = {9, 3}, segment_length = 0.4, mass_per_metre = 1,
                      radius = 0.06, damping = 2, bend = 0.02 }, 0)
  test.ok(upright < 0.05, string.format("the upright rope rose %.3f m", upright))
  test.ok(vine < 0.05, string.format("the vine piece rose %.3f m", vine))
end)

test("with restitution, a rope dropped askew still bounces", function()
  local askew = rise({ from = {1, 3}, to = {-1, 4}, radius = 0.05 }, 1)
  local flat = rise({ from = {-2, 3}, to = {2, 3}, radius = 0.05 }, 0.5)
  test.ok(askew > 0.5, string.format("the askew rope rose %.3f m at restitution 1", askew))
  test.ok(flat > 0.1, string.format("the flat rope rose %.3f m at restitution 0.5", flat))
end)
