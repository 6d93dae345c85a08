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
