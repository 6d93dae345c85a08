-- Ropes from Lua: building, reading nodes, reeling, tethers, breaking.
local taut = require "taut"
local test = require "test"

test("a rope has its nodes, segments and length", function()
  local w = taut.world{}
  local r = w:rope{ from = {0, 0}, to = {6, 0}, segments = 12 }
  test.eq(#r, 13)
  test.near(r.length, 6, 1e-5)
  test.near(r.segment_length, 0.5, 1e-6)
  test.eq(r.first, r:particle(1))
  test.eq(r.last, r:particle(13))
  test.eq(r.first.pinned, true)
  test.eq(r.last.pinned, false)
  test.eq(r:segment(1).a, r.first)
  test.eq(r.tethers, "start")
  test.eq(#r:nodes(), 13)
  test.near(r.last.x, 6, 1e-5)
  test.near(r.last.mass, 0.25, 1e-6, "0.5 kg/m x 0.5 m")
end)

test("segment_length sets how many segments fit", function()
  local w = taut.world{}
  local r = w:rope{ from = {0, 0}, to = {0, -2.6}, segment_length = 0.25 }
  test.eq(#r, 12, "ceil(2.6 / 0.25) = 11 segments")
  test.near(r.length, 2.6, 1e-5)
end)

test("setting the length reels at the spool and keeps the segments", function()
  local w = taut.world{}
  local r = w:rope{ from = {0, 0}, to = {0, -5}, segments = 20 }
  local tip = r.last
  r.length = 2.5
  test.near(r.length, 2.5, 1e-5)
  test.eq(#r, 11)
  test.eq(r.last, tip, "the far end is the same particle")
  r.length = 7
  test.eq(#r, 29)
  test.near(r:segment(28).rest_length, 0.25, 1e-6)
end)

test("reel moves the length at a speed and stops at the target", function()
  local w = taut.world{}
  local r = w:rope{ from = {0, 0}, to = {0, -4}, segments = 16 }
  r:reel(-1, 3)
  test.eq(r.reel_speed, -1)
  w:step(30)
  test.near(r.length, 3.5, 1e-4)
  w:step(60)
  test.near(r.length, 3, 1e-5)
  test.eq(r.reel_speed, 0)
end)

test("a start particle becomes the rope's first node", function()
  local w = taut.world{}
  local player = w:particle{ position = {1, 1}, mass = 70 }
  local r = w:rope{ start = player, to = {1, 6}, segments = 10, pin_start = false, pin_end = true }
  test.eq(r.first, player)
  test.eq(r.tethers, "end")
  r:destroy()
  test.eq(player.mass, 70, "the player outlives the rope")
  test.eq(w.particle_count, 1)
end)

test("translate teleports the rope without adding speed", function()
  local w = taut.world{}
  local r = w:rope{ from = {0, 0}, to = {3, 0}, segments = 6 }
  w:step(10)
  local v = r.last.velocity
  r:translate{100, 0}
  test.near(r.first.x, 100, 1e-4)
  test.near(r.last.velocity[1], v[1], 1e-9)
  test.near(r.last.velocity[2], v[2], 1e-9)
end)

test("a spring breaks above max_force and says so after the step", function()
  local w = taut.world{}
  local pin = w:particle{ pinned = true }
  local bob = w:particle{ position = {0, -1}, mass = 1 }
  local s = w:spring{ a = pin, b = bob, max_force = 15 }
  local broke
  w:on("break", function(e) broke = e end)
  w:step(30)
  test.near(s.force, 9.81, 0.05)
  bob.mass = 2
  w:step()
  test.ok(broke, "a break event")
  test.eq(broke.particle, pin)
  test.ok(broke.value > 15, "at " .. broke.value .. " N")
  test.error(function() return s.length end, "cannot read 'length' (spring was destroyed)")
end)

test("rope errors name what is wrong", function()
  local w = taut.world{}
  test.error(function() w:rope{ segments = 0 } end,
    "bad argument #1 to 'rope' (a rope needs 1 to 100000 segments)")
  test.error(function() w:rope{ tethers = "middle" } end,
    "bad argument #1 to 'rope' (unknown tethers 'middle' (expected auto, none, start, end, both))")
  local r = w:rope{}
  test.error(function() r.length = -1 end, "cannot set 'length' (length must be a finite number > 0)")
  test.error(function() r:particle(99) end, "bad argument #1 to 'particle' (index out of range 1..21)")
  r:destroy()
  test.error(function() return #r end, "cannot read '#' (rope was destroyed)")
  test.error(function() r:reel(1) end, "calling 'reel' on bad self (rope was destroyed)")
end)
