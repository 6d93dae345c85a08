-- The taut program as a user runs it: exit status, messages, screenshots.
local taut = require "taut"
local test = require "test"

-- Run a scene written from text headless (extra arguments first); its
-- exit status, output and path. The file is removed.
local function run_scene(text, ...)
  local path = test.write(text, ".lua")
  local args = { ... }
  args[#args + 1] = path
  local status, out = test.taut("--headless", table.unpack(args))
  os.remove(path)
  return status, out, path
end

local function near_white(img, x, y)
  for dy = -1, 1 do
    for dx = -1, 1 do
      local r, g, b = img:pixel(x + dx, y + dy)
      if r > 200 and g > 200 and b > 200 then return true end
    end
  end
  return false
end

test("the rope example draws the rope where it hangs, background elsewhere", function()
  local png = test.tmpname(".png")
  local status, out = test.taut("--headless", "--frames", "0", "--size", "1280x720",
    "--screenshot", png, "examples/rope.lua")
  test.eq(status, 0, out)
  local img = taut.image(png)
  test.eq(img.width, 1280)
  test.eq(img.height, 720)
  -- examples/rope.lua frames {-7, -7.5}..{7, 1.5}; the box fills 1/1.2 of
  -- the view: 66.67 px/m, centre (0, -3) at pixel (640, 360). The rope
  -- starts at the pin (0, 0) and runs 6 m at 50 degrees from straight down.
  local s, angle = 720 / (9 * 1.2), math.rad(50)
  local on, off = 0, 0
  for t = 0.25, 5.75, 0.25 do
    local x, y = t * math.sin(angle), -t * math.cos(angle)
    if near_white(img, math.floor(640 + x * s + 0.5), math.floor(360 - (y + 3) * s + 0.5)) then
      on = on + 1
    end
    -- 1.5 m to the side of the rope: background or faint grid only
    local r, g, b = img:pixel(math.floor(640 + (x - 1.5) * s), math.floor(360 - (y + 3) * s))
    if math.max(r, g, b) < 60 then off = off + 1 end
  end
  test.eq(on, 23, "rope pixels found along the rope")
  test.eq(off, 23, "background pixels beside the rope")
  local r, g, b = img:pixel(1200, 700)
  test.eq(("%d,%d,%d"):format(r, g, b), "24,26,32", "corner is background")
  os.remove(png)
end)

test("a syntax error exits 1 and names file:line", function()
  local status, out, path = run_scene("local scene = {}\nfunction scene.load(world)\n  world:step(\nend\nreturn scene\n")
  test.eq(status, 1, out)
  test.ok(out:find(path .. ":4:", 1, true), out)
end)

test("an error in a callback exits 1 with the line and a traceback", function()
  local status, out, path = run_scene("local scene = {}\nfunction scene.update(world)\n  local x = nil\n  return x.y\nend\nreturn scene\n",
    "--frames", "3")
  test.eq(status, 1, out)
  test.ok(out:find("scene.update failed: " .. path .. ":4: attempt to index a nil value", 1, true), out)
  test.ok(out:find("stack traceback:", 1, true), out)
end)

test("a scene that does not return a table is refused", function()
  local status, out, path = run_scene("return 42\n")
  test.eq(status, 1, out)
  test.ok(out:find(path .. ": the scene must return a table of callbacks (it returned number)", 1, true), out)
end)

test("a missing scene file exits 1 and says so", function()
  local status, out = test.taut("--headless", "no/such/scene.lua")
  test.eq(status, 1, out)
  test.ok(out:find("cannot open no/such/scene.lua", 1, true), out)
end)

test("bad usage exits 2", function()
  local status, out = test.taut("--headless", "--fly", "examples/rope.lua")
  test.eq(status, 2, out)
  test.ok(out:find("unknown option or missing value '--fly'", 1, true), out)
  status, out = test.taut("--frames", "many", "examples/rope.lua")
  test.eq(status, 2, out)
  status, out = test.taut("--hud", "maybe", "examples/rope.lua")
  test.eq(status, 2, out)
  test.ok(out:find("--hud needs on, off or blank, not 'maybe'", 1, true), out)
end)

test("--version and --help exit 0", function()
  local status, out = test.taut("--version")
  test.eq(status, 0)
  test.eq(out, "taut " .. taut.version .. "\n")
  status, out = test.taut("--help")
  test.eq(status, 0)
  test.ok(out:find("--screenshot FILE", 1, true), out)
end)

test("a script that loops forever is stopped with its line", function()
  local status, out, path = run_scene("local scene = {}\nfunction scene.load(world)\n  while true do end\nend\nreturn scene\n")
  test.eq(status, 1, out)
  test.ok(out:find(path .. ":3: script ran for more than 5 s without returning (an endless loop?)", 1, true), out)
end)

test("a script that allocates without end is stopped", function()
  local status, out = run_scene("local scene = {}\nfunction scene.load()\n  local t = {}\n  while true do t[#t + 1] = ('x'):rep(1 << 20) .. #t end\nend\nreturn scene\n")
  test.eq(status, 1, out)
  test.ok(out:find("script used more than 1024 MiB (memory limit)", 1, true), out)
end)

test("a screenshot that cannot be written exits 1 and names the file", function()
  local status, out = test.taut("--headless", "--screenshot", "/no/such/dir/x.png", "examples/rope.lua")
  test.eq(status, 1, out)
  test.ok(out:find("taut: cannot write '/no/such/dir/x.png'", 1, true), out)
end)

test("a window with no display to open it on is an error, not an unseen run", function()
  local taut_exe = require("taut").executable
  local pipe = assert(io.popen(("env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER " ..
    "timeout 30 '%s' examples/rope.lua 2>&1"):format(taut_exe)))
  local out = pipe:read("a")
  local _, _, status = pipe:close()
  test.eq(status, 1, out)
  test.ok(out:find("no display to open a window on (run under X11 or Wayland, or use --headless)", 1, true), out)
end)
