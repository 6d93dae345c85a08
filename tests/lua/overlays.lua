-- What the window shows besides the scene: the inspector of a paused
-- world, the debug layers F1 cycles through, the error bar.
local taut = require "taut"
local test = require "test"

local key_at = test.key_at

-- A left click at pixel (x, y), world point (wx, wy) (a 2D inspector picks
-- by the world point, as a grab does).
local function click_at(step, x, y, wx, wy)
  local line = "input %d %d 1 0 0 %a %a %d %d 1 -\n"
  return line:format(step, 3, wx, wy, x, y) .. line:format(step, 4, wx, wy, x, y)
end

-- Run scene headless at 1280 x 720 with the HUD, replaying inputs; status,
-- output and the last frame.
local function run(scene, frames, inputs)
  local path, png = test.recorded(scene, inputs, frames), test.tmpname(".png")
  local status, out = test.taut("--headless", "--hud", "on", "--replay", path,
    "--screenshot", png, scene)
  local img = status == 0 and taut.image(png) or nil
  os.remove(path); os.remove(png)
  return status, out, img
end

-- Pixels of exactly this colour within the box.
local function count(img, x0, y0, x1, y1, r, g, b)
  local n = 0
  for y = y0, y1 do
    for x = x0, x1 do
      local pr, pg, pb = img:pixel(x, y)
      if pr == r and pg == g and pb == b then n = n + 1 end
    end
  end
  return n
end

-- Where a world point of rope.lua lands with the HUD on at 1280 x 720: the
-- view {-7, -7.5}..{7, 1.5} fitted in the scene rectangle --layout gives.
local function rope_screen(x, y)
  local layout = test.tmpname(".txt")
  test.taut("--headless", "--hud", "on", "--frames", "0", "--layout", layout, "examples/rope.lua")
  local sx, sy, sw, sh = assert(io.open(layout)):read("a"):match("scene (%S+) (%S+) (%S+) (%S+)")
  os.remove(layout)
  sx, sy, sw, sh = tonumber(sx), tonumber(sy), tonumber(sw), tonumber(sh)
  local s = math.min(sw / (14 * 1.2), sh / (9 * 1.2))
  return math.floor(sx + sw / 2 + x * s + 0.5), math.floor(sy + sh / 2 - (y + 3) * s + 0.5)
end

test("paused, a click on a particle shows its card and marks it", function()
  -- the tip of rope.lua starts 6 m from the pin at 50 degrees
  local a = math.rad(50)
  local tx, ty = 6 * math.sin(a), -6 * math.cos(a)
  local x, y = rope_screen(tx, ty)
  local status, out, img = run("examples/rope.lua", 10, key_at(1, "p")
    .. click_at(1, x + 5, y - 4, tx + 0.1, ty + 0.08))
  test.eq(status, 0, out)
  test.ok(out:find("taut: inspect particle#31 (generation 1)\nmass 0.2 kg\n"
    .. "position (4.596, -3.858, 0) m\n", 1, true), out)
  test.ok(out:find("\nowner rope#1 node 30\n", 1, true), out)
  test.ok(out:find("after 1 steps", 1, true), "the click did not unpause: " .. out)
  test.ok(count(img, x - 14, y - 14, x + 14, y + 14, 240, 80, 220) > 20, "the tip is marked")
  test.ok(count(img, 0, 500, 500, 719, 230, 232, 236) > 300, "the card's text, bottom left")
end)

local SPRING = [[
local scene = { title = "One spring" }
scene.view = { {-3, -3}, {3, 3} }
function scene.load(world)
  local a = world:particle{ position = {-2, 0}, pinned = true }
  local b = world:particle{ position = {2, 0}, pinned = true }
  world:spring{ a = a, b = b, rest_length = 3.9 }
end
return scene
]]

test("paused, a click on the middle of a spring shows the spring", function()
  local scene = test.write(SPRING, ".lua")
  -- no tune values: no panel, the scene has the width; the spring crosses
  -- the middle of the scene area, 82 px of HUD above it
  local status, out = run(scene, 5, key_at(0, "p") .. click_at(0, 640, 82 + (720 - 82) // 2, 0, 0))
  test.eq(status, 0, out)
  test.ok(out:find("taut: inspect spring#1 (generation 1)  rod\nparticles #1 - #2\n"
    .. "length 4 m  rest 3.9 m\nstrain +2.5641%\n", 1, true), out)
  test.ok(out:find("\nowner none\n", 1, true), out)
  os.remove(scene)
end)

test("F1 cycles the named layers: wind, contacts, normals, strain, ids, none", function()
  local function cyan(img)  -- the wind arrows' fast colours (the ring is r 128)
    local n = 0
    for y = 100, 700, 3 do
      for x = 0, 950, 3 do
        local r, g, b = img:pixel(x, y)
        if b > 150 and g > 150 and r <= 120 then n = n + 1 end
      end
    end
    return n
  end
  local _, _, wind = run("examples/wind.lua", 5, "")
  local _, _, contacts = run("examples/wind.lua", 5, key_at(0, "f1"))
  test.ok(cyan(wind) > 100, "arrows at start: " .. cyan(wind))
  test.ok(cyan(contacts) < cyan(wind) / 10, "F1 once: the arrows go, " .. cyan(contacts))
  -- three times: strain, and its legend at the bottom right of the scene
  local _, _, strain = run("examples/rope.lua", 5, key_at(0, "f1") .. key_at(0, "f1") .. key_at(0, "f1"))
  local red, blue = 0, 0
  for y = 600, 719 do
    for x = 600, 960 do
      local r, g, b = strain:pixel(x, y)
      if r > b + 100 and r > g + 60 then red = red + 1 end
      if b > r + 100 then blue = blue + 1 end
    end
  end
  test.ok(red > 100 and blue > 100, ("the legend runs blue to red: %d, %d"):format(blue, red))
  local _, _, ids = run("examples/rope.lua", 5, key_at(0, "f1"):rep(4))
  test.ok(count(ids, 0, 82, 960, 719, 200, 210, 120) > 300, "ids: a label per particle")
  local _, _, none = run("examples/rope.lua", 5, key_at(0, "f1"):rep(5))
  test.eq(count(none, 0, 82, 960, 719, 200, 210, 120), 0, "then none")
end)

test("a script error is a bar at the bottom of the scene, not a box over it", function()
  local scene = test.write("local scene = {}\nfunction scene.update(world)\n"
    .. "  if world.step_count > 2 then error('boom') end\nend\nreturn scene\n", ".lua")
  local path, png = test.write("", ".txt"), test.tmpname(".png")
  local status, out = test.taut("--headless", "--hud", "on", "--frames", "10", "--screenshot",
    png, scene)
  test.eq(status, 1, out)
  test.ok(out:find(scene .. ":3: boom", 1, true), out)
  local img = taut.image(png)
  -- collapsed: two rows of 24 px (the message, the hint) and 2 + 8 px of
  -- border and padding each side: 68 px high
  local top
  for y = 0, 719 do
    local r, g, b = img:pixel(640, y)
    if r == 230 and g == 60 and b == 50 then top = y; break end
  end
  test.eq(top, 720 - 68, "the bar's border")
  local message = 0  -- the message's row, in the title colour
  for y = top + 10, top + 33 do
    for x = 10, 400 do
      local r, g, b = img:pixel(x, y)
      if r == 255 and g == 140 and b == 125 then message = message + 1 end
    end
  end
  test.ok(message > 100, "the message is written in the bar: " .. message)
  test.eq(count(img, 0, 0, 1279, top - 1, 230, 60, 50), 0, "nothing of it above")
  os.remove(scene); os.remove(path); os.remove(png)
end)
