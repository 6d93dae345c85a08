-- The live-iteration command line: --set, --record / --replay, the panel.
local taut = require "taut"
local test = require "test"

local function hash_of(out)
  return out:match("world hash (%x+) after (%d+) steps")
end

local function write(text)
  return test.write(text, ".txt")
end

-- Carry the rope's pin from (0, 0) to (2, 1) over steps 6..30, let go at 60.
local function carry_inputs()
  local lines = { ("5 3 1 0 0 %a %a 640 160 -"):format(0, 0) }
  for s = 6, 30 do
    local t = (s - 5) / 25
    lines[#lines + 1] = ("%d 5 0 0 0 %a %a 0 0 -"):format(s, 2 * t, t)
  end
  lines[#lines + 1] = ("60 4 1 0 0 %a %a 0 0 -"):format(2, 1)
  return write(table.concat(lines, "\n") .. "\n")
end

test("a recorded input replays to the identical world hash", function()
  local inputs, recorded = carry_inputs(), test.tmpname(".txt")
  local s0, still = test.taut("--headless", "--frames", "120", "--record", test.tmpname(), "examples/rope.lua")
  local s1, live = test.taut("--headless", "--frames", "120", "--replay", inputs,
    "--record", recorded, "examples/rope.lua")
  local s2, replay = test.taut("--headless", "--frames", "120", "--replay", recorded, "examples/rope.lua")
  test.eq(s0 + s1 + s2, 0, live .. replay)
  local h0, h1, h2 = hash_of(still), hash_of(live), hash_of(replay)
  test.ok(h1, live)
  test.eq(h2, h1, "replay of the recording")
  test.ok(h0 ~= h1, "the carried pin changed the world: " .. h0)
  test.eq(select(2, hash_of(replay)), "120")
  os.remove(inputs); os.remove(recorded)
end)

test("--set overrides a tune value before load; an unknown name is bad usage", function()
  local png = test.tmpname(".png")
  local status, out = test.taut("--headless", "--frames", "0", "--set", "length=3",
    "--screenshot", png, "examples/rope.lua")
  test.eq(status, 0, out)
  -- 3 m instead of 6: rope.lua's camera (66.67 px/m, pin at (640, 160))
  -- puts the rope's tip at 50 degrees, 3 m from the pin.
  local img = taut.image(png)
  local s, a = 720 / (9 * 1.2), math.rad(50)
  local function white(x, y)
    local r, g, b = img:pixel(math.floor(640 + x * s + 0.5), math.floor(160 - y * s + 0.5))
    return r > 200 and g > 200 and b > 200
  end
  test.ok(white(2.9 * math.sin(a), -2.9 * math.cos(a)), "rope at 2.9 m")
  test.ok(not white(4.5 * math.sin(a), -4.5 * math.cos(a)), "no rope at 4.5 m")
  status, out = test.taut("--headless", "--set", "gust=1", "examples/rope.lua")
  test.eq(status, 2, out)
  test.eq(out, "taut: --set gust=1: the scene has no tune value 'gust'\n")
  status, out = test.taut("--headless", "--set", "gust", "examples/rope.lua")
  test.eq(status, 2, out)
  os.remove(png)
end)

-- The panel's rectangle and the text scale, as the view reports them.
local function panel_of(...)
  local layout = test.tmpname(".txt")
  local status, out = test.taut("--headless", "--hud", "on", "--layout", layout, ...)
  test.eq(status, 0, out)
  local text = assert(io.open(layout)):read("a")
  os.remove(layout)
  local x, y, w, h = text:match("panel (%S+) (%S+) (%S+) (%S+)")
  return { x = tonumber(x), y = tonumber(y), w = tonumber(w), h = tonumber(h),
           scale = tonumber(text:match("scale (%d+)")) }
end

-- Row i's track (1-based): left end, length and centre height, from the
-- panel's geometry (view/panel.c: in units of the text scale u, a 6 u
-- margin, rows 22 u tall from 4 u below the top, the track 15.5 u down).
local function track(panel, row)
  local u = panel.scale
  return panel.x + 6 * u, panel.w - 12 * u, panel.y + 4 * u + 22 * u * (row - 1) + 15.5 * u
end

test("the panel draws a slider per tune value, the knob where the value sits", function()
  local png = test.tmpname(".png")
  local panel = panel_of("--frames", "0", "--set", "length=10", "--screenshot", png,
    "examples/rope.lua")
  test.eq(panel.w, 320, "the panel column at 1280 x 720 (160 units of 2 px)")
  local img = taut.image(png)
  -- rows sorted: angle, compliance, gravity, length, mass, segments
  local function knob_at(row)
    local _, _, y = track(panel, row)
    for x = panel.x, panel.x + panel.w - 1 do
      local r, g, b = img:pixel(x, math.floor(y))
      if r > 230 and g > 230 and b > 230 then return x end
    end
  end
  local x0, w = track(panel, 1)
  local knob = 3.5 * panel.scale
  -- length 10 in [1, 20]: (10 - 1) / 19 of the track
  test.near(knob_at(4), x0 + w * 9 / 19 - knob, 2, "length knob's left edge")
  test.near(knob_at(2), x0 - knob, 2, "compliance 0 at the left end")
  test.near(knob_at(3), x0 + w * 9.81 / 30 - knob, 2, "gravity 9.81 of 30")
  test.near(knob_at(1), x0 + w * 50 / 90 - knob, 2, "angle 50 of 90")
  os.remove(png)
end)

test("a panel drag not saved is kept at quit in a sidecar, applied at the next start", function()
  local scene = test.tmpname(".lua")
  local src = assert(io.open("examples/rope.lua")):read("a")
  assert(io.open(scene, "w")):write(src):close()
  -- press on the gravity slider 70.27% along (rows: angle, compliance, gravity, ...)
  local x0, w, y = track(panel_of("--frames", "0", scene), 3)
  local x = math.floor(x0 + 0.7027 * w + 0.5)
  local inputs = write(("0 3 1 0 0 %a %a %d %d -\n0 4 1 0 0 %a %a %d %d -\n"):format(
    0, 0, x, y, 0, 0, x, y))
  local status, out = test.taut("--headless", "--hud", "on", "--frames", "10", "--replay",
    inputs, scene)
  test.eq(status, 0, out)
  test.ok(out:find("taut: 1 tuned value not saved with Ctrl+S: kept in " .. scene .. ".tuned", 1, true), out)
  local kept = assert(io.open(scene .. ".tuned")):read("a")
  test.eq(kept, "angle=50\ncompliance=0\ngravity=21.1\nlength=6\nmass=0.2\nsegments=30\n")
  status, out = test.taut("--headless", "--frames", "0", scene)
  test.eq(status, 0, out)
  test.ok(out:find("taut: applied 6 tuned values kept in " .. scene .. ".tuned at the last quit", 1, true), out)
  -- the scene file itself is untouched until Ctrl+S
  test.eq(assert(io.open(scene)):read("a"), src)
  os.remove(scene); os.remove(scene .. ".tuned"); os.remove(inputs)
end)
