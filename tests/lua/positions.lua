-- Positions in bulk: rope:positions / set_positions, world:positions /
-- set_positions, taut.buffer. Values, errors, stale handles.
local taut = require "taut"
local test = require "test"

local function swinging()
  local w = taut.world{}
  local r = w:rope{ from = {0, 0}, to = {3, 0}, segments = 3 }
  w:step(10)
  return w, r
end

test("rope:positions reads every node, x then y, start to end", function()
  local w, r = swinging()
  local t, n = r:positions()
  test.eq(n, 4)
  test.eq(#t, 8)
  for i = 1, 4 do
    local p = r:particle(i)
    test.eq(t[2 * i - 1], p.x, "node " .. i .. " x")
    test.eq(t[2 * i], p.y, "node " .. i .. " y")
  end
  test.ok(t[8] < -0.1, "the free end has fallen")
  w:destroy()
end)

test("a reused table is refilled and shortened to fit", function()
  local w, r = swinging()
  local t = { 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9 }
  local same = r:positions(t)
  test.eq(same, t)
  test.eq(#t, 8)
  test.eq(t[9], nil)
  test.eq(t[3], r:particle(2).x)
end)

test("a buffer is filled in place and read as numbers", function()
  local w, r = swinging()
  local b = taut.buffer(10)
  test.eq(#b, 10)
  test.eq(tostring(b), "buffer(10)")
  local same, n = r:positions(b)
  test.eq(same, b)
  test.eq(n, 4)
  test.eq(b[4], r:particle(2).y, "floats, as the core holds them")
  test.eq(b[9], 0, "past the nodes: untouched")
end)

test("set_positions teleports every node and keeps its velocity", function()
  local w, r = swinging()
  local v = r.last.velocity
  local t = r:positions()
  for i = 1, #t, 2 do t[i] = t[i] + 100 end
  r:set_positions(t)
  test.near(r.last.x, t[7], 1e-4)
  test.near(r:particle(1).x, 100, 1e-6, "the pinned start moves too")
  test.near(r.last.velocity[2], v[2], 1e-6, "no velocity from the move")
  local b = taut.buffer(8)
  r:positions(b)
  b[8] = -7
  r:set_positions(b)
  test.eq(r.last.y, -7)
end)

test("reading and writing back the same numbers changes nothing", function()
  local a, ra = swinging()
  local b, rb = swinging()
  local buf, t = taut.buffer(8), {}
  for _ = 1, 30 do
    ra:positions(buf)
    ra:set_positions(buf)
    rb:positions(t)
    rb:set_positions(t)
    a:step()
    b:step()
  end
  local c = swinging()
  c:step(30)
  test.eq(a:hash(), c:hash(), "through a buffer")
  test.eq(b:hash(), c:hash(), "through a table")
end)

test("world:positions follows world:particles and writes back", function()
  local w = taut.world{}
  w:particle{ position = {1, 2} }
  w:rope{ from = {0, 0}, to = {2, 0}, segments = 2 }
  local t, n = w:positions()
  test.eq(n, 4)
  local ps = w:particles()
  for i = 1, n do
    test.eq(t[2 * i - 1], ps[i].x)
    test.eq(t[2 * i], ps[i].y)
  end
  t[1], t[2] = 5, 6
  w:set_positions(t)
  test.eq(ps[1].x, 5)
  test.eq(ps[1].y, 6)
end)

test("a 3D world has three numbers a node", function()
  local w = taut.world{ is_3d = true }
  local r = w:rope{ from = {0, 0, 1}, to = {0, 0, 3}, segments = 2 }
  local t, n = r:positions()
  test.eq(n, 3)
  test.eq(#t, 9)
  test.eq(t[9], 3)
  t[9] = 4
  r:set_positions(t)
  test.eq(r.last.z, 4)
  test.eq(#w:positions(), 9)
end)

test("bulk positions reject bad buffers, values and handles", function()
  local w, r = swinging()
  test.error(function() r:set_positions({1, 2, 3}) end,
    "bad argument #1 to 'set_positions' (table holds 3 numbers, the rope " ..
    "needs 8 (4 nodes x 2))")
  test.error(function() r:set_positions(taut.buffer(6)) end,
    "bad argument #1 to 'set_positions' (buffer holds 6 numbers, the rope " ..
    "needs 8 (4 nodes x 2))")
  test.error(function() r:positions(taut.buffer(7)) end,
    "bad argument #1 to 'positions' (buffer holds 7 numbers, the rope " ..
    "needs 8 (4 nodes x 2))")
  test.error(function() r:set_positions({1, 2, 3, 4, 5, "x", 7, 8}) end,
    "bad argument #1 to 'set_positions' (number expected at [6], got string)")
  test.error(function() r:set_positions({1, 2, 3, 4, 5, 0 / 0, 7, 8}) end,
    "bad argument #1 to 'set_positions' (value at [6] is not finite)")
  test.error(function() r:set_positions({1, 2, 3, 4, 5, 1e300, 7, 8}) end,
    "bad argument #1 to 'set_positions' (value at [6] is not finite)")
  test.error(function() r:positions(5) end,
    "bad argument #1 to 'positions' (table or buffer expected, got number)")
  test.error(function() w:set_positions() end,
    "bad argument #1 to 'set_positions' (table or buffer expected, got no value)")
  local before = r:positions()
  pcall(r.set_positions, r, {1, 2, 3, 4, 5, 0 / 0, 7, 8})
  test.eq(table.concat(r:positions(), " "), table.concat(before, " "),
    "nothing moved")
  r:destroy()
  test.error(function() r:positions() end,
    "calling 'positions' on bad self (rope was destroyed)")
  local r2 = w:rope{ from = {0, 0}, to = {1, 0}, segments = 1 }
  w:destroy()
  test.error(function() r2:set_positions({0, 0, 1, 0}) end,
    "calling 'set_positions' on bad self (rope was destroyed)")
  test.error(function() w:positions() end,
    "calling 'positions' on bad self (world was destroyed)")
end)

test("a rope that lost a node reads NaN there and cannot be written", function()
  local w = taut.world{}
  local r = w:rope{ from = {0, 0}, to = {2, 0}, segments = 2 }
  r:particle(2):destroy()
  local t = r:positions()
  test.ok(t[3] ~= t[3], "x of the lost node is NaN")
  test.eq(t[5], 2)
  test.error(function() r:set_positions({0, 0, 1, 0, 2, 0}) end,
    "bad argument #1 to 'set_positions' (rope lost a particle (it was destroyed or cut))")
end)

test("buffer indices and values are checked", function()
  local b = taut.buffer(3)
  b[2] = 1.25
  test.eq(b[2], 1.25)
  b[3] = 0.1
  test.near(b[3], 0.1, 1e-8, "stored as a float")
  test.error(function() return b[4] end, "buffer index 4 out of range (1 to 3)")
  test.error(function() b[0] = 1 end, "buffer index 0 out of range (1 to 3)")
  test.error(function() return b.x end, "buffer index x out of range (1 to 3)")
  test.error(function() b[1] = "a" end, "buffer values are numbers, not string")
  test.error(function() taut.buffer(-1) end,
    "bad argument #1 to 'buffer' (size must be in [0, 2^26])")
  test.error(function() taut.buffer("many") end,
    "bad argument #1 to 'buffer' (number expected, got string)")
end)

test("a rope's bulk calls refuse another self, and a buffer another class", function()
  local w, r = swinging()
  local positions, set_positions = r.positions, r.set_positions
  test.error(function() positions(w) end,
    "bad argument #1 to 'positions' (rope expected, got world)")
  test.error(function() set_positions({}, {}) end,
    "bad argument #1 to 'set_positions' (rope expected, got table)")
  test.error(function() r:positions(r) end,
    "bad argument #1 to 'positions' (table or buffer expected, got rope)")
  test.error(function() r:set_positions(w) end,
    "bad argument #1 to 'set_positions' (table or buffer expected, got world)")
  test.error(function() w:positions(r) end,
    "bad argument #1 to 'positions' (table or buffer expected, got rope)")
  w:destroy()
end)
