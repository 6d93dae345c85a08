-- A recording made in a real window replays to the recorded hash at any
-- window size, headless or not, after the scene file changed and with
-- another sidecar beside it. The window is on an X server of the test's
-- own (Xvfb, on a free display), driven by xdotool (tests/window/session.sh):
-- a slider dragged, the rope grabbed and slashed, two saves of the file,
-- and a sidecar present at the start.
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

-- An X server on a display no one uses; its name and pid.
local function start_x()
  local out, pid = test.tmpname(".display"), test.tmpname(".pid")
  sh(("Xvfb -displayfd 1 -screen 0 1280x720x24 -nolisten tcp > %s 2>/dev/null & echo $! > %s")
    :format(out, pid))
  for _ = 1, 100 do
    local n = test.read(out):match("%d+")
    if n then
      local id = test.read(pid):match("%d+")
      os.remove(out); os.remove(pid)
      return ":" .. n, id
    end
    sh("sleep 0.1")
  end
  error("Xvfb did not start")
end

local function session(display, dir)
  assert(os.execute(("mkdir -p '%s'"):format(dir)))
  test.save(dir .. "/rope.lua", test.read("examples/rope.lua"))
  test.save(dir .. "/rope.lua.tuned", "length=7 (from 6)\n")
  local status, log = sh(("%s DISPLAY=%s tests/window/session.sh '%s' '%s'")
    :format(WINDOW_ENV, display, taut.executable, dir))
  local out = test.read(dir .. "/out.txt")
  test.eq(status, 0, log .. out)
  local hash, steps = out:match("world hash (%x+) after (%d+) steps")
  test.ok(hash, out)
  local rec = test.read(dir .. "/rec.txt")
  test.ok(rec:find("\ntune length 7\n", 1, true), "the sidecar's value is a start value")
  test.ok(rec:find("\npanel %d+ gravity "), "the slider drag is in the recording")
  test.ok(rec:find("\nreload %d+ tune\n") and rec:find("\nreload %d+ swap\n"), "both saves")
  -- after the session: the file saved again, another sidecar
  test.save(dir .. "/rope.lua", (test.read(dir .. "/rope.lua"):gsub("{9.81, 0, 30}", "{2, 0, 30}")))
  test.save(dir .. "/rope.lua.tuned", "segments=50 (from 30)\n")
  local scene, recording = dir .. "/rope.lua", dir .. "/rec.txt"
  for _, size in ipairs { "640x360", "1280x720" } do
    local s, o = test.taut("--headless", "--size", size, "--replay", recording, scene)
    test.eq(s, 0, o)
    test.eq(o:match("world hash (%x+) after " .. steps .. " steps"), hash, "headless " .. size)
    s, o = sh(("%s DISPLAY=%s '%s' --size %s --frames %d --replay '%s' '%s'")
      :format(WINDOW_ENV, display, taut.executable, size, steps + 120, recording, scene))
    test.eq(s, 0, o)
    test.ok(o:find(("the replay reached the recorded state (world hash %s after %s steps)")
      :format(hash, steps), 1, true), "window " .. size .. ": " .. o)
  end
  test.eq(test.read(dir .. "/rope.lua.tuned"), "segments=50 (from 30)\n", "replays write no sidecar")
end

test("a window session with a slider drag, two saves and a sidecar replays exactly, 4 ways", function()
  test.eq((sh("command -v Xvfb && command -v xdotool")), 0, "this test needs Xvfb and xdotool")
  local display, xpid = start_x()
  local dir = test.tmpname("-window")
  local ok, err = xpcall(session, debug.traceback, display, dir)
  sh("kill " .. xpid)
  os.execute(("rm -rf '%s'"):format(dir))
  if not ok then error(err, 0) end
end)
