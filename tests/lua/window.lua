-- A recording made in a real window replays to the recorded hash at any
-- window size, headless or not, after the scene file changed and with
-- another sidecar beside it. The window is on an X server of the test's
-- own (Xvfb, on a free display), driven by xdotool (tests/window/session.sh):
-- a slider dragged, a pause with a click that inspects, the rope grabbed
-- and slashed, two saves of the file, and a sidecar present at the start;
-- and a 3D session with every camera move, a grab and a slash after them.
local taut = require "taut"
local test = require "test"

local function sh(cmd)
  local p = assert(io.popen(cmd .. " 2>&1"))
  local out = p:read("a")
  local _, _, status = p:close()
  return status, out
end

-- SDL's window drivers (libdbus, the X11 libraries it loads) leave a few
-- allocations at exit that LeakSanitizer reports in `make test SAN=1`; the
-- leak check of taut's own code is in the headless runs.
local WINDOW_ENV = "ASAN_OPTIONS=detect_leaks=0"

local function session(display, dir)
  test.save(dir .. "/rope.lua", test.read("examples/rope.lua"))
  test.save(dir .. "/rope.lua.tuned", "length=7 (from 6)\n")
  -- where the window docks the panel (its HUD holds the sidecar's note):
  -- the gravity slider's track (row 3: angle, compliance, gravity)
  local status, log = sh(("%s DISPLAY=%s '%s' --frames 30 --layout '%s/layout.txt' '%s/rope.lua'")
    :format(WINDOW_ENV, display, taut.executable, dir, dir))
  test.eq(status, 0, log)
  local layout = { scale = tonumber(test.read(dir .. "/layout.txt"):match("scale (%d+)")) }
  local px, py, pw = test.read(dir .. "/layout.txt"):match("panel (%S+) (%S+) (%S+)")
  layout.panel = { x = tonumber(px), y = tonumber(py), w = tonumber(pw) }
  local x0, w, y = test.slider_track(layout, 3)
  -- and the pin at (0, 0): scene.view {-7, -7.5}..{7, 1.5} with a 20% margin
  local sx, sy, sw, sh_ = test.read(dir .. "/layout.txt"):match("scene (%S+) (%S+) (%S+) (%S+)")
  local scale = math.min(sw / (14 * 1.2), sh_ / (9 * 1.2))
  local pin_x, pin_y = sx + sw / 2, sy + sh_ / 2 - 3 * scale
  status, log = sh(("%s DISPLAY=%s tests/window/session.sh '%s' '%s' %d %d %d %d")
    :format(WINDOW_ENV, display, taut.executable, dir, math.floor(x0 + w * 9.81 / 30), math.floor(y),
      math.floor(pin_x + 0.5), math.floor(pin_y + 0.5)))
  local out = test.read(dir .. "/out.txt")
  test.eq(status, 0, log .. out)
  local hash, steps = out:match("world hash (%x+) after (%d+) steps")
  test.ok(hash, out)
  local rec = test.read(dir .. "/rec.txt")
  test.ok(rec:find("\ntune length 7\n", 1, true), "the sidecar's value is a start value")
  test.ok(rec:find("\npanel %d+ gravity "), "the slider drag is in the recording")
  test.ok(rec:find("\nreload %d+ tune\n") and rec:find("\nreload %d+ swap\n"), "both saves")
  -- P, a click and P again at one step: the click inspected, it grabbed nothing
  local paused_at = rec:match("\ninput (%d+) 1 0 0 0 [^\n]* p\n")
  test.ok(paused_at, "the pause key is in the recording")
  test.ok(rec:find("\ninput " .. paused_at .. " 3 1 "), "the click came while paused")
  test.ok(out:find("\ntaut: inspect particle#1 ", 1, true), "and inspected the pin: " .. out)
  -- after the session: the file saved again, another sidecar
  test.save(dir .. "/rope.lua", (test.read(dir .. "/rope.lua"):gsub("{9.81, 0, 30}", "{2, 0, 30}")))
  test.save(dir .. "/rope.lua.tuned", "segments=50 (from 30)\n")
  local scene, recording = dir .. "/rope.lua", dir .. "/rec.txt"
  for _, size in ipairs { "640x360", "1280x720" } do
    local s, o = test.taut("--headless", "--size", size, "--replay", recording, scene)
    test.eq(s, 0, o)
    test.eq(o:match("world hash (%x+) after " .. steps .. " steps"), hash, "headless " .. size)
    test.ok(o:find("taut: inspect particle#1 ", 1, true), "headless, the recorded pause and click act: " .. o)
    s, o = sh(("%s DISPLAY=%s '%s' --size %s --frames %d --replay '%s' '%s'")
      :format(WINDOW_ENV, display, taut.executable, size, steps + 120, recording, scene))
    test.eq(s, 0, o)
    test.ok(o:find(("the replay reached the recorded state (world hash %s after %s steps)")
      :format(hash, steps), 1, true), "window " .. size .. ": " .. o)
    test.ok(not o:find("taut: inspect ", 1, true), "in a window, pause and inspection are the viewer's")
  end
  test.eq(test.read(dir .. "/rope.lua.tuned"), "segments=50 (from 30)\n", "replays write no sidecar")
end

-- A test of session(display, dir) on an X server of its own.
local function in_x(name, session)
  test(name, function()
    test.eq((sh("command -v Xvfb && command -v xdotool")), 0, "this test needs Xvfb and xdotool")
    local display, xpid = test.start_x()
    local dir = test.tmpname("-window")
    assert(os.execute(("mkdir -p '%s'"):format(dir)))
    local ok, err = xpcall(session, debug.traceback, display, dir)
    sh("kill " .. xpid)
    os.execute(("rm -rf '%s'"):format(dir))
    if not ok then error(err, 0) end
  end)
end

in_x("a window session with a slider drag, two saves and a sidecar replays exactly, 4 ways", session)

-- A 3D session (tests/window/orbit.sh): the camera orbited both ways,
-- panned and dollied, then a grab and a slash where it shows the ropes;
-- replayed headless at two sizes to the session's hash and camera.
local function orbit_session(display, dir)
  local scene = "tests/scenes/orbit_cuts.lua"
  local status, log = sh(("%s DISPLAY=%s tests/window/orbit.sh '%s' '%s' '%s'")
    :format(WINDOW_ENV, display, taut.executable, dir, scene))
  local out = test.read(dir .. "/out.txt") or ""
  test.eq(status, 0, log .. out)
  local hash, steps = out:match("world hash (%x+) after (%d+) steps")
  local camera = out:match("taut: camera ([^\n]+)")
  test.ok(hash and camera, out)
  local cuts = 0  -- as the last frame drew it
  for n in out:gmatch("cuts (%d+)") do cuts = tonumber(n) end
  test.ok(cuts >= 1, "the slash after the camera moves cut: " .. cuts)
  local rec = test.read(dir .. "/rec.txt")
  local distances = {}
  for d in rec:gmatch("\ncamera %d+ %S+ %S+ %S+ %S+ %S+ (%S+) ") do distances[d] = true end
  test.ok(next(distances, next(distances)), "the wheel dollied: distances in the recording")
  local press = rec:match("\ninput (%d+) 3 1 %S+ %S+ %S+ %S+ 0x1%.93p%+8 ")
  test.ok(press, "the press on the rope (403 px) is in the recording")
  test.ok(not rec:find("\ninput " .. press .. " 3 1 [^\n]*\n[^\n]*\ncamera "), "and grabbed: no orbit after it")
  for _, size in ipairs { "1280x720", "640x360" } do
    local s, o = test.taut("--headless", "--size", size, "--replay", dir .. "/rec.txt", scene)
    test.eq(s, 0, o)
    test.eq(o:match("world hash (%x+) after " .. steps .. " steps"), hash, "hash at " .. size)
    test.eq(o:match("taut: camera ([^\n]+)"), camera, "camera at " .. size)
  end
end

in_x("a 3D window session with every camera move, a grab and a slash replays exactly at two sizes", orbit_session)
