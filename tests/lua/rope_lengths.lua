-- Rope lengths at the extremes (issue 20): a rope holds at most 100000
-- segments; a longer rope.length is refused at once, reeling out stops
-- there, and a long change of length goes in one shift of the arrays.
local taut = require "taut"
local test = require "test"

local function hanging(w, x)
  return w:rope{ from = {x or 0, 0}, to = {x or 0, -5}, segments = 20 }
end

-- Sum of the segments' rest lengths: what the rope really is.
local function rests(rope)
  local sum = 0
  for i = 1, #rope - 1 do sum = sum + rope:segment(i).rest_length end
  return sum
end

test("a length past 100000 segments is refused and nothing changes", function()
  local w = taut.world{}
  local r = hanging(w)
  test.near(r.max_length, 25000.125, 1e-3, "99999.5 segments of 0.25 m and the tail")
  local message = "cannot set 'length' (longer than max_length, 25000.125 m: "
    .. "100000 segments of 0.25 m)"
  for _, length in ipairs{ 1e5, 1e9, 2 ^ 40, 3e38 } do
    test.error(function() r.length = length end, message)
    test.eq(#r, 21, tostring(length))
    test.near(r.length, 5, 1e-6)
  end
  test.error(function() r.length = 1e39 end,
    "cannot set 'length' (number out of float range (|x| > 3.4e38))")
  r.length = r.max_length
  test.eq(#r, 100001)
  test.near(r.length, 25000.125, 1e-3)
end)

test("reeling out stops at max_length", function()
  local w = taut.world{}
  local fast, far = hanging(w, 0), hanging(w, 5)
  fast:reel(1e9)
  far:reel(5, 2 ^ 40)
  w:step()
  test.eq(#fast, 100001)
  test.near(fast.length, fast.max_length, 1e-3)
  test.eq(fast.reel_speed, 0, "the spool is empty")
  test.near(far.length, 5 + 5 / 60, 1e-4, "the far target is reeled to at 5 m/s")
  test.eq(far.reel_speed, 5)
end)

-- 25 m more at once: 100 nodes go in, on the line from the spool to the
-- old node 1 (0.25 m below it) where their segments end, the first keeping
-- 0.25 of the 25.25 m the first segment had: node j at 0.25 j / 25.25 of
-- the way, as the node-by-node loop put them.
test("a long change of length goes in at once, on the line", function()
  local w = taut.world{ gravity = {0, 0} }
  local r = hanging(w)
  r.length = 30
  test.eq(#r, 121)
  test.near(rests(r), 30, 1e-3)
  for j = 1, 100 do
    test.near(r:particle(1 + j).y, -0.25 * (0.25 * j) / 25.25, 1e-6, "new node " .. j)
  end
  for k = 1, 20 do test.near(r:particle(101 + k).y, -0.25 * k, 1e-6, "old node " .. k) end
  for i = 1, #r - 1 do test.near(r:segment(i).rest_length, 0.25, 1e-6) end
  r.length = 1
  test.eq(#r, 5)
  test.near(rests(r), 1, 1e-5)
  test.near(r.last.y, -5, 1e-6, "the end stays where it was")
  r.length = 0.01
  test.eq(#r, 2, "down to the spool's one segment")
  test.near(r.length, 0.01, 1e-6)
end)

-- Reeling in after a cut once counted the cut segment's part as a whole
-- segment: the rope's length drifted from its springs' rest lengths.
test("a cut rope reeled in keeps the length its springs have", function()
  local w = taut.world{ gravity = {0, 0} }
  local r = hanging(w)
  r:cut(11, 0.2)
  test.near(r.length, 2.55, 1e-5, "10 segments and a fifth")
  for _, length in ipairs{ 2.25, 1.95, 0.3, 0.01 } do
    r.length = length
    test.near(r.length, length, 1e-5)
    test.near(rests(r), length, 1e-5, "rest lengths at " .. length)
  end
  test.eq(#r, 2)
end)
