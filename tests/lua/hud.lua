-- taut warns of non-finite resets: a red label at the top of the scene
-- area (under where the pause badge goes) and a line on stdout; nothing
-- else warns when nothing went wrong.
local taut = require "taut"
local test = require "test"

local SCENE = [[
local scene = { title = "feather" }
function scene.load(world)
  scene.a = world:particle{ position = {-1, 0}, mass = 1e-30 }
  world:spring{ a = scene.a, b = world:particle{ position = {1, 0}, pinned = true } }
end
function scene.update(world)
  if FORCE then scene.a:apply_force{3e38, 0} end
end
return scene
]]

-- Red pixels in the band where the warning goes: the 80 px under the top
-- of the scene area (below the HUD's strip), the middle of it across.
local function red_pixels(png, top)
  local img, n = taut.image(png), 0
  for y = top, top + 80 do
    for x = 340, 940, 2 do
      local r, g, b = img:pixel(x, y)
      if r > 200 and g < 140 and b < 130 then n = n + 1 end
    end
  end
  return n
end

test("a non-finite reset shows in red at the top of the scene and is said on stdout", function()
  local counts = {}
  for _, force in ipairs{ false, true } do
    local path = test.write(SCENE:gsub("FORCE", tostring(force)), ".lua")
    local png, layout = test.tmpname(".png"), test.tmpname(".txt")
    local status, out = test.taut("--headless", "--hud", "on", "--frames", "30", "--size",
      "1280x720", "--screenshot", png, "--layout", layout, path)
    test.eq(status, 0, out)
    local top = tonumber(test.read(layout):match("scene %S+ (%S+)"))
    test.ok(top > 40, "the HUD's strip above the scene: " .. top)
    counts[#counts + 1] = red_pixels(png, math.floor(top))
    if force then
      test.ok(out:find("taut: step 30: 30 particles went non-finite and were reset", 1, true), out)
    else
      test.ok(not out:find("non-finite", 1, true), out)
    end
    os.remove(path); os.remove(png); os.remove(layout)
  end
  test.eq(counts[1], 0, "no warning when all is well")
  test.ok(counts[2] > 50, "red text at the top of the scene: " .. counts[2])
end)
