-- Damping from Lua: velocity damping of particles and worlds, a rope's
-- damping of its own shape, and the spring option that changed its name.
local taut = require "taut"
local test = require "test"

test("velocity damping slows a particle as Box2D's linear damping does", function()
  local w = taut.world{ gravity = {0, 0}, damping = 0.5 }
  test.eq(w.damping, 0.5)
  local p = w:particle{ velocity = {10, 0}, damping = 1.5 }
  test.eq(p.damping, 1.5)
  w:step(60)
  -- 480 substeps of v *= 1 / (1 + 2 h)
  test.near(p.velocity[1], 10 * (1 / (1 + 2 / 480)) ^ 480, 1e-3)
  p.damping = 0; w.damping = 0
  local v = p.velocity[1]
  w:step(60)
  test.near(p.velocity[1], v, 1e-6)
end)

test("a rope's damping and bend read back and change live", function()
  local w = taut.world{}
  local r = w:rope{ from = {0, 0}, to = {4, 0}, segments = 8 }
  test.eq(r.damping, 1, "the default settles a heap in a few seconds")
  test.eq(r.bend, math.huge, "limp unless given a bend")
  r.damping = 3; r.bend = 0.01
  test.eq(r.damping, 3)
  test.near(r.bend, 0.01, 1e-9)
  local stiff = w:rope{ from = {0, 0}, to = {4, 0}, segments = 8, bend = 0, damping = 0 }
  test.eq(stiff.bend, 0)
  stiff:particle(2).pinned = true  -- clamped, like a cable out of a wall
  w:step(60)
  test.near(stiff.last.y, 0, 0.05, "a rope with bend 0 holds out straight")
  stiff.bend = 10; stiff.damping = 2
  w:step(300)
  test.ok(stiff.last.y < -3, "a soft bend lets it droop: " .. stiff.last.y)
  test.error(function() r.damping = -1 end,
    "cannot set 'damping' (damping must be a finite number >= 0)")
end)

test("a spring's old 'damping' option says its new name", function()
  local w = taut.world{}
  local a, b = w:particle{ pinned = true }, w:particle{ position = {1, 0} }
  local renamed = "a spring's 'damping' is now 'stretch_damping' (it damps "
    .. "stretching only); to damp motion give the particles or the rope a 'damping'"
  test.error(function() w:spring{ a = a, b = b, damping = 2 } end,
    "bad argument #1 to 'spring' (" .. renamed .. ")")
  local s = w:spring{ a = a, b = b, stretch_damping = 2 }
  test.eq(s.stretch_damping, 2)
  test.error(function() return s.damping end, "cannot read 'damping' (" .. renamed .. ")")
  test.error(function() s.damping = 1 end, "cannot set 'damping' (" .. renamed .. ")")
end)
