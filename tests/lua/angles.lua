-- Angle constraints from Lua: world:angle{...}, its fields and errors.
local taut = require "taut"
local test = require "test"

local function limb(w)
  local a = w:particle{ position = {0, 0}, pinned = true }
  local b = w:particle{ position = {1, 0}, pinned = true }
  local c = w:particle{ position = {1 + math.cos(0.5), math.sin(0.5)} }
  w:spring{ a = b, b = c }
  return a, b, c
end

test("an angle keeps the bend it was made with, or the rest it is given", function()
  local w = taut.world{}
  local a, b, c = limb(w)
  local k = w:angle{ a = a, b = b, c = c }
  test.near(k.angle, 0.5, 1e-5, "counter-clockwise is positive")
  test.near(k.rest, 0.5, 1e-5)
  test.eq(k.compliance, 0)
  test.near(k.min, -math.pi, 1e-6)
  w:step(60)
  test.near(k.angle, 0.5, 1e-3, "rigid: the bob does not sag")
  k.rest = 0.2
  w:step(60)
  test.near(k.angle, 0.2, 1e-3)
  test.eq(k.b, b)
  test.eq(w:angle{ a = a, b = b, c = c, rest = 0, compliance = 1e-3 }.rest, 0)
end)

test("min and max alone make a free joint that stops at its limits", function()
  local w = taut.world{}
  local a, b, c = limb(w)
  local knee = w:angle{ a = a, b = b, c = c, min = -0.3, max = 0.6 }
  test.eq(knee.compliance, math.huge, "no rest: only the limits act")
  w:step(120)
  test.near(knee.angle, -0.3, 0.01, "fell clockwise to its limit")
end)

test("bad angle input is named", function()
  local w = taut.world{}
  local a, b, c = limb(w)
  test.error(function() w:angle{ a = a, b = a, c = c } end,
    "bad argument #1 to 'angle' (an angle needs three different particles of one world)")
  test.error(function() w:angle{ a = a, b = b, c = c, min = 1, max = 0 } end,
    "bad argument #1 to 'angle' (rest, min and max must be radians in [-pi, pi] with min <= max)")
  test.error(function() w:angle{ a = a, b = b, c = c, bend = 1 } end,
    "bad argument #1 to 'angle' (unknown option 'bend' (expected a, b, c, rest, min, max, compliance))")
  local k = w:angle{ a = a, b = b, c = c }
  test.error(function() k.max = 7 end,
    "cannot set 'max' (rest, min and max must be radians in [-pi, pi] with min <= max)")
  c:destroy()
  test.error(function() return k.angle end, "cannot read 'angle' (angle was destroyed)")
  test.eq(tostring(k):match("%(destroyed%)$"), "(destroyed)")
end)
