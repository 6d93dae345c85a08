local test = require "test"
local vec = require "vec"

test("vec helpers compute in 2D and 3D", function()
  local a, b = {3, 4}, {1, 2}
  test.eq(vec.length(a), 5)
  test.eq(vec.dot(a, b), 11)
  local s = vec.sub(a, b)
  test.eq(s[1] .. "," .. s[2], "2,2")
  test.eq(#vec.add(a, b), 2)
  local n = vec.normalize{0, -8}
  test.eq(n[2], -1)
  test.eq(vec.length(vec.normalize{0, 0}), 0)
  test.eq(vec.distance({0, 0, 0}, {2, 3, 6}), 7)
  test.eq(#vec.scale({1, 1, 1}, 2), 3)
  local m = vec.lerp({0, 0}, {10, 20}, 0.25)
  test.eq(m[1] .. "," .. m[2], "2.5,5.0")
end)

test("vec rotations: axis-angle, Euler, products, turning vectors", function()
  local q = vec.axis_angle({0, 0, 2}, math.pi / 2)  -- a quarter about z
  test.near(q[1], math.sqrt(0.5), 1e-12)
  test.near(q[4], math.sqrt(0.5), 1e-12)
  local v = vec.rotate(q, {1, 0, 0})
  test.near(v[1], 0, 1e-12)
  test.near(v[2], 1, 1e-12)
  test.eq(vec.axis_angle({0, 0, 0}, 1)[1], 1)
  -- Euler: x first, then y, then z about the fixed axes
  local e = vec.euler(math.pi / 2, 0, math.pi / 2)
  local w = vec.rotate(e, {0, 1, 0})  -- x turns y to z; z leaves z
  test.near(w[3], 1, 1e-12)
  w = vec.rotate(e, {0, 0, 1})        -- x turns z to -y; z turns -y to x
  test.near(w[1], 1, 1e-12)
  local twice = vec.quat_mul(q, q)     -- half a turn about z
  test.near(vec.rotate(twice, {1, 0, 0})[1], -1, 1e-12)
  local c = vec.cross({1, 0, 0}, {0, 1, 0})
  test.eq(c[3], 1)
end)
