-- The live-iteration command line: --set, --record / --replay, the panel.
local taut = require "taut"
local test = require "test"

local function hash_of(out)
  return out:match("world hash (%x+) after (%d+) steps")
end

-- A copy of an example to edit and record; its path.
local function copy(example)
  return test.write(test.read("examples/" .. example), "-" .. example)
end

-- Carry the rope's pin from (0, 0) to (2, 1) over steps 6..30, let go at
-- 60; the view's scale, 66.67 px/m, makes the grab reach 0.36 m.
local function carry(scene)
  local scale = 720 / (9 * 1.2)
  local e = { ("input 5 3 1 0 0 %a %a 0 0 %a -"):format(0, 0, scale) }
  for s = 6, 30 do
    local t = (s - 5) / 25
    e[#e + 1] = ("input %d 5 0 0 0 %a %a 0 0 %a -"):format(s, 2 * t, t, scale)
  end
  e[#e + 1] = ("input 60 4 1 0 0 %a %a 0 0 %a -"):format(2, 1, scale)
  return test.recording(scene, e, 120)
end

local function replay(rec, ...)
  local status, out = test.taut("--headless", "--replay", rec, ...)
  return status, out, hash_of(out)
end

-- The replay of rec on scene succeeds with the hash recorded in out.
local function replays_to(rec, scene, out)
  local status, again, h = replay(rec, scene)
  test.eq(status, 0, again)
  test.eq(h, hash_of(out))
end

test("a recorded input replays to the identical world hash, at any size", function()
  local scene = copy("rope.lua")
  local inputs, recorded = carry(scene), test.tmpname(".rec")
  local s0, still = test.taut("--headless", "--frames", "120", "--record", test.tmpname(), scene)
  local s1, live = test.taut("--headless", "--replay", inputs, "--record", recorded, scene)
  test.eq(s0 + s1, 0, still .. live)
  local h0, h1 = hash_of(still), hash_of(live)
  test.ok(h1, live)
  test.ok(h0 ~= h1, "the carried pin changed the world: " .. h0)
  for _, size in ipairs { "1280x720", "640x360" } do
    local status, out, h = replay(recorded, "--size", size, scene)
    test.eq(status, 0, out)
    test.eq(h, h1, "replay at " .. size)
    test.eq(select(2, hash_of(out)), "120", "as many steps as recorded")
  end
  os.remove(inputs); os.remove(recorded); os.remove(scene)
end)

test("a replay runs the recorded text: the file changed or broken since does not matter", function()
  local scene = copy("rope.lua")
  local rec = test.tmpname(".rec")
  local _, out = test.taut("--headless", "--frames", "90", "--record", rec, scene)
  test.save(scene, "this is not Lua")
  replays_to(rec, scene, out)
  os.remove(rec); os.remove(scene)
end)

test("a reload in a recording is replayed with its text", function()
  local scene = copy("rope.lua")
  local text = test.read(scene)
  local new = text:gsub("gravity = {9.81, 0, 30}", "gravity = {3, 0, 30}")
  local rec = test.recording(scene, { ("file 30 %s %d\n%s"):format(scene, #new, new), "reload 30 tune" }, 90)
  local status, out, h = replay(rec, scene)
  test.eq(status, 0, out)
  test.ok(out:find("taut: reload: tune in [%d.]+ ms %(tune gravity%)"), out)
  local _, plain = test.taut("--headless", "--frames", "90", "--record", test.tmpname(), scene)
  test.ok(h ~= hash_of(plain), "the reload changed the run")
  -- a recording says which kind each reload was: another kind diverges
  local wrong = test.recording(scene, { ("file 30 %s %d\n%s"):format(scene, #new, new), "reload 30 swap" }, 90)
  status, out = replay(wrong, scene)
  test.eq(status, 1, out)
  test.ok(out:find(wrong .. ":%d+: the replay diverged at step 30: a reload of kind tune, recorded swap"), out)
  os.remove(rec); os.remove(wrong); os.remove(scene)
end)

test("panel values replay as set, whatever the window's size; a sidecar at replay time changes nothing", function()
  local scene = copy("rope.lua")
  local rec = test.recording(scene, { ("panel 10 gravity %a %a %a"):format(21.1, 0, 0) }, 60)
  local hashes = {}
  for _, size in ipairs { "1280x720", "640x360" } do
    local status, out, h = replay(rec, "--size", size, scene)
    test.eq(status, 0, out)
    hashes[#hashes + 1] = h
  end
  test.eq(hashes[2], hashes[1])
  test.save(scene .. ".tuned", "gravity=3 (from 9.81)\n")
  local status, out, h = replay(rec, scene)
  test.eq(status, 0, out)
  test.eq(h, hashes[1], "the sidecar is not read by a replay")
  test.eq(test.read(scene .. ".tuned"), "gravity=3 (from 9.81)\n", "nor written")
  local _, plain = test.taut("--headless", "--frames", "60", "--record", test.tmpname(), scene)
  test.ok(plain:find("applied 1 tuned value kept in", 1, true), plain)
  test.ok(hash_of(plain) ~= h)
  status, out = test.taut("--headless", "--replay", rec, "--set", "length=3", scene)
  test.eq(status, 2, out)
  test.eq(out, "taut: --set with --replay: the recording holds the values it ran with\n")
  os.remove(rec); os.remove(scene); os.remove(scene .. ".tuned")
end)

test("--untuned runs on the file's values: a sidecar left by play is neither read nor written", function()
  local scene = copy("rope.lua")
  local _, plain = test.taut("--headless", "--frames", "60", "--record", test.tmpname(), scene)
  test.save(scene .. ".tuned", "gravity=3 (from 9.81)\n")
  local status, out = test.taut("--headless", "--untuned", "--frames", "60", "--record", test.tmpname(), scene)
  test.eq(status, 0, out)
  test.ok(not out:find("tuned value", 1, true), out)
  test.eq(hash_of(out), hash_of(plain), "the state the file's values reach")
  test.eq(test.read(scene .. ".tuned"), "gravity=3 (from 9.81)\n", "the sidecar kept as it was")
  local _, tuned = test.taut("--headless", "--frames", "60", "--record", test.tmpname(), scene)
  test.ok(hash_of(tuned) ~= hash_of(plain), "without --untuned the sidecar is applied")
  os.remove(scene); os.remove(scene .. ".tuned")
end)

test("the values in force at a recording's start (a sidecar, --set) are in it", function()
  local scene = copy("rope.lua")
  test.save(scene .. ".tuned", "gravity=3 (from 9.81)\n")
  local rec = test.tmpname(".rec")
  local _, out = test.taut("--headless", "--frames", "60", "--record", rec, "--set", "length=4", scene)
  test.ok(test.read(rec):find("\ntune length 4\n", 1, true), test.read(rec):sub(1, 200))
  test.ok(test.read(rec):find("\ntune gravity 0x1.8p+1\n", 1, true))
  os.remove(scene .. ".tuned")
  replays_to(rec, scene, out)
  os.remove(rec); os.remove(scene)
end)

test("a 3D recording of format 1 replays at its recorded size only: its pointer is in pixels", function()
  local scene = test.write("local scene = { world = { is_3d = true } }\n" ..
    "function scene.load(world) world:particle{ position = {0, 0, 0} } end\nreturn scene\n", ".lua")
  local rec = test.recording(scene, { "size 1280 720" }, 10)
  local status, out = test.taut("--headless", "--size", "640x360", "--replay", rec, scene)
  test.eq(status, 1, out)
  test.eq(out, ("taut: %s:9: recorded in a 1280x720 window by a taut of format 1, which held a 3D pointer " ..
    "in pixels: this replay needs --size 1280x720\n"):format(rec))
  status, out = test.taut("--headless", "--size", "1280x720", "--replay", rec, scene)
  test.eq(status, 0, out)
  os.remove(rec); os.remove(scene)
end)

test("a replay that diverges from its recording says where", function()
  local scene = copy("rope.lua")
  local rec = test.tmpname(".rec")
  test.taut("--headless", "--frames", "120", "--record", rec, scene)
  local text = test.read(rec)
  local line = select(2, text:sub(1, text:find("\nhash 60 ")):gsub("\n", "")) + 1
  test.save(rec, (text:gsub("\nhash 60 %x+", "\nhash 60 0123456789abcdef")))
  local status, out = replay(rec, scene)
  test.eq(status, 1, out)
  local expected = "%s:%d: the replay diverged after step 60: world hash %%x+, recorded 0123456789abcdef"
  test.ok(out:find(expected:format(rec, line)), out)
  os.remove(rec); os.remove(scene)
end)

-- Recordings as input: whatever the file, an error naming file and line.
local function bad_replay(name, text, expected, scene)
  test("a recording " .. name .. " is an error naming the file and line", function()
    scene = scene or "examples/rope.lua"
    local rec = test.write(text, ".rec")
    local status, out = test.taut("--headless", "--replay", rec, scene)
    test.eq(status, 1, out)
    test.eq(out, ("taut: %s:%s\n"):format(rec, expected))
    os.remove(rec)
  end)
end

local ROPE = test.read("examples/rope.lua")
local HEAD = ("taut recording 1\nscene examples/rope.lua\nroot /x\nfile 0 examples/rope.lua %d\n%s\n")
  :format(#ROPE, ROPE)
local LINES = select(2, HEAD:gsub("\n", ""))
bad_replay("cut inside a file's text (truncated)", HEAD:sub(1, 400),
  ("4: truncated: the text of examples/rope.lua needs %d bytes, %d are left"):format(#ROPE, 400 - #HEAD + #ROPE))
bad_replay("cut at the end of a line (truncated)", HEAD .. "input 3 3 1 0 0 0x0p+0 0x0p+0 0 0 0x1p+6 -\n",
  ("%d: the recording ends without its 'end' line (truncated?)"):format(LINES + 1))
bad_replay("cut inside a line (truncated)", HEAD .. "input 3 3 1 0 0 0x0p+0",
  ("%d: the last line is cut short (truncated?)"):format(LINES + 1))
bad_replay("of garbage bytes", "\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\n",
  "1: not a recording entry (binary data)")
bad_replay("of other text", "hello, world\nsecond line\n",
  "1: not a taut recording (the first line should be 'taut recording 2')")
bad_replay("with a garbage entry", HEAD .. "input 3 3 1 0 0 0x0p+0 0x0p+0 0 0 0x1p+6 -\nwibble 4 5 6\nend 9\n",
  ("%d: not a recording entry: 'wibble 4 5 6'"):format(LINES + 2))
bad_replay("with a bad number", HEAD .. "input 3 3 1 0 0 zero 0x0p+0 0 0 0x1p+6 -\nend 9\n",
  ("%d: bad input entry (expected: input step kind button ctrl shift x y sx sy scale key)"):format(LINES + 1))
bad_replay("with steps out of order", HEAD .. "hash 9 00\nhash 3 00\nend 9\n",
  ("%d: step 3 comes after step 9"):format(LINES + 2))
bad_replay("claiming a huge file text", HEAD .. "file 1 examples/rope.lua 99999999999\nend 2\n",
  ("%d: a file text of 99999999999 bytes: more than a scene can hold (16 MiB)"):format(LINES + 1))
bad_replay("of another scene", HEAD .. "end 5\n", "2: recorded with the scene rope.lua, not vine.lua",
  "examples/vine.lua")
bad_replay("of a format to come", "taut recording 7\n", "1: a recording of format 7; this taut reads formats 1 to 2")

test("a recording larger than a recording can be is an error naming the line", function()
  local rec = test.tmpname(".rec")
  local f = assert(io.open(rec, "wb"))
  f:write(HEAD)
  local line = ("input 1 5 0 0 0 0x0p+0 0x0p+0 0 0 0x1p+6 -\n")
  local block = line:rep(1 << 14)
  local size, lines = #HEAD, LINES
  while size <= (64 << 20) do
    f:write(block)
    size, lines = size + #block, lines + (1 << 14)
  end
  f:close()
  local full = (64 << 20) - #HEAD
  local status, out = test.taut("--headless", "--replay", rec, "examples/rope.lua")
  test.eq(status, 1, out)
  test.eq(out, ("taut: %s:%d: the recording goes on past 64 MiB: more than a recording holds\n")
    :format(rec, LINES + full // #line + 1))
  os.remove(rec)
end)

test("--set is checked against the tune table before load: type and declared range", function()
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
  os.remove(png)
  local refused = {
    { "gust=1", "the scene has no tune value 'gust'" },
    { "length=abc", "tune.length takes a number, not 'abc'" },
    { "length=500", "500 is outside tune.length's range 1..20 (widen it in the scene's tune table)" },
    { "length=0.5", "0.5 is outside tune.length's range 1..20 (widen it in the scene's tune table)" },
    { "length=nan", "tune.length takes a number, not 'nan'" },
    { "length=1e999", "tune.length takes a number, not '1e999'" },
  }
  for _, r in ipairs(refused) do
    status, out = test.taut("--headless", "--set", r[1], "examples/rope.lua")
    test.eq(status, 2, out)
    test.eq(out, ("taut: --set %s: %s\n"):format(r[1], r[2]))
  end
  status, out = test.taut("--headless", "--set", "gust", "examples/rope.lua")
  test.eq(status, 2, out)
end)

test("--set keeps Lua's types: an integer stays one, a boolean takes true or false", function()
  local scene = test.write([[
local scene = { tune = { n = {8, 1, 20}, on = false } }
function scene.load(world, tune)
  print(("load: n=%s (%s) on=%s"):format(tune.n, math.type(tune.n), tostring(tune.on)))
end
return scene
]], ".lua")
  local status, out = test.taut("--headless", "--frames", "0", "--set", "n=12", "--set", "on=true", scene)
  test.eq(status, 0, out)
  test.eq(out, "load: n=12 (integer) on=true\n")
  status, out = test.taut("--headless", "--set", "on=1", scene)
  test.eq(status, 2, out)
  test.eq(out, "taut: --set on=1: tune.on takes true or false, not '1'\n")
  os.remove(scene)
end)

test("the panel draws a slider per tune value, the knob where the value sits", function()
  local png = test.tmpname(".png")
  local layout = test.layout("--frames", "0", "--set", "length=10", "--screenshot", png,
    "examples/rope.lua")
  test.eq(layout.panel.w, 320, "the panel column at 1280 x 720 (160 units of 2 px)")
  local img = taut.image(png)
  -- rows sorted: angle, compliance, gravity, length, mass, segments
  local function knob_at(row) return test.knob_at(img, layout, row) end
  local x0, w = test.slider_track(layout, 1)
  local knob = 3.5 * layout.scale
  -- length 10 in [1, 20]: (10 - 1) / 19 of the track
  test.near(knob_at(4), x0 + w * 9 / 19 - knob, 2, "length knob's left edge")
  test.near(knob_at(2), x0 - knob, 2, "compliance 0 at the left end")
  test.near(knob_at(3), x0 + w * 9.81 / 30 - knob, 2, "gravity 9.81 of 30")
  test.near(knob_at(1), x0 + w * 50 / 90 - knob, 2, "angle 50 of 90")
  os.remove(png)
end)
