-- taut.canvas text at the extremes of its scale (issue 20): sizes are
-- worked out without overflowing an int, a scale outside [1, 1024] is
-- refused by name, and text still lands where it should.
local taut = require "taut"
local test = require "test"

test("text sizes at large scales and lengths are exact", function()
  local c = taut.canvas{ width = 64, height = 32 }
  local function size(...) return { c:text_size(...) } end
  test.eq(size("x")[1], 7)
  test.eq(size("x")[2], 12)
  test.eq(size("x", 2)[1], 14)
  test.eq(size("xx\nx", 1024)[1], 14 * 1024)
  test.eq(size("xx\nx", 1024)[2], 2 * 12 * 1024)
  test.eq(size(("x"):rep(300000), 1024)[1], 7 * 300000 * 1024, "past 2^31")
  c:close()
end)

test("a scale outside [1, 1024] is refused by name", function()
  local c = taut.canvas{ width = 64, height = 32 }
  local message = "scale must be an integer in [1, 1024]"
  for _, scale in ipairs{ 1e9, 2 ^ 40, 0, -5, 1025 } do
    test.error(function() c:text(0, 0, "x", scale) end,
      "bad argument #4 to 'text' (" .. message .. ")")
    test.error(function() c:text_size("x", scale) end,
      "bad argument #2 to 'text_size' (" .. message .. ")")
  end
  test.error(function() c:text_size("x", 1.5) end,
    "bad argument #2 to 'text_size' (number has no integer representation)")
  c:close()
end)

test("text at scale 3 and at 1024 is drawn", function()
  local c = taut.canvas{ width = 64, height = 32 }
  c:text(-512, 0, "I", 1024, 0, 1, 0)    -- one stroke covers the canvas
  c:text(2, 2, "I", 3, 1, 0, 0)          -- a red I on it, 3 px strokes
  local path = test.tmpname(".png")
  c:save(path)
  c:close()
  local img = taut.image(path)
  os.remove(path)
  local red, green = 0, 0
  for y = 0, img.height - 1 do
    for x = 0, img.width - 1 do
      local r, g, b = img:pixel(x, y)
      if r > 200 and g < 50 and b < 50 then red = red + 1 end
      if g > 200 and r < 50 and b < 50 then green = green + 1 end
    end
  end
  test.ok(red >= 3 * 3 * 3, red .. " red pixels")
  test.eq(red + green, 64 * 32, "green but for the red I")
end)
