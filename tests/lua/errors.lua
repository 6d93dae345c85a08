-- The exact text of the errors a script sees for its commonest mistakes.
local taut = require "taut"
local test = require "test"

local function world_with_particle()
  local w = taut.world{}
  return w, w:particle{ position = {0, 1} }
end

test("a wrong argument type names the argument and the types", function()
  local w = taut.world{}
  test.error(function() w:nearest("here") end,
    "bad argument #1 to 'nearest' ({x, y} or {x, y, z} of finite numbers expected, got string)")
  test.error(function() taut.world(5) end,
    "bad argument #1 to 'world' (table expected, got number)")
  test.error(function() w:particle{ mass = "heavy" } end,
    "bad argument #1 to 'particle' (mass: finite number expected, got string)")
  test.error(function() w:particle{ position = {0, 0 / 0} } end,
    "bad argument #1 to 'particle' (position: {x, y} or {x, y, z} expected, got table)")
end)

test("an unknown option is named with the valid ones", function()
  local w = taut.world{}
  test.error(function() w:particle{ colour = "red" } end,
    "bad argument #1 to 'particle' (unknown option 'colour' (expected position, velocity, mass, radius, pinned, drag, gravity_scale, group, mask, damping))")
  test.error(function() taut.world{ substep = 4 } end,
    "bad argument #1 to 'world' (unknown option 'substep' (expected gravity, dt, substeps, iterations, max_speed, is_3d, particle_collision, damping, max_bytes, threads, simd))")
  local p, q = w:particle{}, w:particle{ position = {1, 0} }
  test.error(function() w:spring{ a = p, b = q, kind = "rope" } end,
    "bad argument #1 to 'spring' (unknown kind 'rope' (expected rod, tether, spring))")
end)

test("a stale handle raises, never crashes", function()
  local w, p = world_with_particle()
  p:destroy()
  test.error(function() return p.position end,
    "cannot read 'position' (particle was destroyed)")
  test.error(function() p.mass = 2 end,
    "cannot set 'mass' (particle was destroyed)")
  test.error(function() p:move_to{1, 1} end,
    "calling 'move_to' on bad self (particle was destroyed)")
  test.eq(tostring(p):match("^particle#%d+ %(destroyed%)$") ~= nil, true, tostring(p))
  local q = w:particle{}
  test.error(function() w:spring{ a = p, b = q } end,
    "bad argument #1 to 'spring' (a: particle was destroyed)")
end)

test("destroying the world makes every handle in it stale", function()
  local w, p = world_with_particle()
  local q = w:particle{ position = {1, 1} }
  local s = w:spring{ a = p, b = q }
  w:destroy()
  test.error(function() return p.x end, "cannot read 'x' (particle was destroyed)")
  test.error(function() return s.length end, "cannot read 'length' (spring was destroyed)")
  test.error(function() w:step() end, "calling 'step' on bad self (world was destroyed)")
end)

test("bad values are refused by name", function()
  local _, p = world_with_particle()
  test.error(function() p.mass = -1 end,
    "cannot set 'mass' (mass must be a finite number >= 0)")
  test.error(function() p.velocity = "fast" end,
    "cannot set 'velocity' ({x, y} or {x, y, z} of finite numbers expected, got string)")
  test.error(function() p.pinned = 1 end,
    "cannot set 'pinned' (boolean expected, got number)")
  test.error(function() return p.colour end, "particle has no field 'colour'")
  test.error(function() p.x = 3 end, "cannot set 'x' (read-only)")
  local w = taut.world{}
  test.error(function() w.substeps = 0 end,
    "cannot set 'substeps' (substeps must be an integer in [1, 1000])")
  local a = w:particle{ mass = 0 }
  test.error(function() a.pinned = false end,
    "cannot set 'pinned' (a particle of mass 0 cannot be unpinned (give it a mass first))")
  test.error(function() w:spring{ a = a, b = a } end,
    "bad argument #1 to 'spring' (a spring needs two different particles)")
end)
