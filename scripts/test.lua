-- test: the Lua test runner and its assertions, used by `taut test`.
--
--   local test = require "test"
--   test("a pendulum swings", function()
--     test.near(period, 2.006, 0.02)
--   end)
--
-- Every test runs even when one fails; the last line printed is
-- "N passed, N failed".
--- Where the last frame put things, in pixels from the top left (view/layout.c).
---@class test.layout
---@field scene test.rect what the camera frames
---@field hud test.rect the HUD's strip across the top
---@field text test.rect the HUD's text
---@field panel test.rect the tuning panel at the right
---@field scale integer the text scale (whole pixels)
--- A rectangle in pixels.
---@class test.rect
---@field x number
---@field y number
---@field w number
---@field h number
--- The Lua test runner of `taut test` and its assertions; every test runs even when one fails, and
--- the last line is "N passed, N failed".
---@class test
---@overload fun(name: string, fn: function)
local test = {}
local queue = {}

setmetatable(test, { __call = function(_, name, fn)
  queue[#queue + 1] = { name = name, fn = fn }
end })

local function fail(message, level)
  error(message, (level or 1) + 2)
end

--- Fail unless value is true; returns it.
---@param value any
---@param message? string said before the failure
---@return any
function test.ok(value, message)
  if not value then fail(message or "expected a true value") end
  return value
end

--- Fail unless actual == expected.
---@param actual any
---@param expected any
---@param message? string said before the failure
function test.eq(actual, expected, message)
  if actual ~= expected then
    fail(("%sexpected %s, got %s"):format(message and message .. ": " or "",
      tostring(expected), tostring(actual)))
  end
end

--- Fail unless actual is a number within tolerance of expected.
---@param actual number
---@param expected number
---@param tolerance number
---@param message? string said before the failure
function test.near(actual, expected, tolerance, message)
  if type(actual) ~= "number" or math.abs(actual - expected) > tolerance then
    fail(("%sexpected %s within %s, got %s"):format(
      message and message .. ": " or "", tostring(expected),
      tostring(tolerance), tostring(actual)))
  end
end

-- The message fn raises, without its "file:line: " prefix, must equal
-- expected exactly. Returns the whole message.
--- Fail unless fn raises exactly expected (without its "file:line: "); returns the whole message.
---@param fn function
---@param expected string
---@return string
function test.error(fn, expected)
  local ok, message = pcall(fn)
  if ok then fail("expected an error: " .. expected) end
  message = tostring(message)
  local text = message:gsub("^[^\n:]+:%d+: ", "", 1)
  if text ~= expected then
    fail(("expected error\n      %s\n    got\n      %s"):format(expected, message))
  end
  return message
end

local function quote(arg)
  return "'" .. tostring(arg):gsub("'", "'\\''") .. "'"
end

-- Run a command (a list of words) through the shell, with environment
-- settings ("NAME=value" strings) in front; returns exit status and output
-- (stdout and stderr together).
--- Run a command (a list of words) through the shell, with NAME=value settings in front; its exit
--- status and output (stdout and stderr).
---@param words string[]
---@param env? string[]
---@return integer status
---@return string output
function test.command(words, env)
  local line = {}
  for _, setting in ipairs(env or {}) do line[#line + 1] = setting end
  for _, word in ipairs(words) do line[#line + 1] = quote(word) end
  local pipe = assert(io.popen(table.concat(line, " ") .. " 2>&1"))
  local output = pipe:read("a")
  local _, _, status = pipe:close()
  return status, output
end

-- Run the taut program with arguments; returns exit status and output.
--- Run the taut program with arguments; its exit status and output.
---@param ... string
---@return integer status
---@return string output
function test.taut(...)
  return test.command({ require("taut").executable, ... })
end

-- A fresh temporary file name with the given ending.
--- A fresh temporary file name with the given ending.
---@param ending string
---@return string
function test.tmpname(ending)
  local name = os.tmpname()
  os.remove(name)
  return name .. (ending or "")
end

-- The whole of a file; nil when there is none.
--- The whole of a file; nil when there is none.
---@param path string
---@return string|nil
function test.read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

-- Write text over the file at path (a save, for the reload tests).
--- Write text over the file at path.
---@param path string
---@param text string
function test.save(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- Write text to a fresh temporary file with the given ending; its name.
--- Write text to a fresh temporary file with the given ending; its name.
---@param text string
---@param ending string
---@return string
function test.write(text, ending)
  local path = test.tmpname(ending)
  test.save(path, text)
  return path
end

local function entry_lines(entries)
  if type(entries) ~= "string" then return entries end
  local list = {}  -- entry lines, each ending in "\n"
  for line in entries:gmatch("[^\n]+") do list[#list + 1] = line end
  return list
end

local function with_entries(head, entries, steps)
  local lines = { head }
  table.move(entry_lines(entries), 1, #entry_lines(entries), 2, lines)
  lines[#lines + 1] = "end " .. steps
  return test.write(table.concat(lines, "\n") .. "\n", ".rec")
end

-- A recording for --replay made by hand (lua/record.c): the header, the
-- text of the scene file and of the modules it requires (paths from the
-- root, as "scripts/vec.lua"), the entries (a list of lines, or lines in
-- one string) and the end after steps. Its path. It is of format 1, whose
-- 3D pointer is in pixels: a script a --record of it turns into format 2.
--- A --replay recording made by hand: the scene's text and its modules' (paths from the root, as
--- "scripts/vec.lua"), the entries (a list of lines, or lines in one string), the end after steps;
--- its path.
---@param scene string
---@param entries string[]|string recording lines (test.key_at's, or lua/record.c's "input ...")
---@param steps integer
---@param modules? string[]
---@return string
function test.recording(scene, entries, steps, modules)
  local text = assert(test.read(scene), scene)
  local head = { ("taut recording 1\nscene %s\nroot /elsewhere\nfile 0 %s %d\n%s")
    :format(scene, scene, #text, text) }
  for _, m in ipairs(modules or {}) do
    local code = assert(test.read(m), m)
    head[#head + 1] = ("file 0 /elsewhere/%s %d\n%s"):format(m, #code, code)
  end
  return with_entries(table.concat(head, "\n"), entries, steps)
end

-- The same, on the start of a recording taut made of scene (headless, no
-- step): with the text of every module it reads, for scenes that require.
--- The same on the start of a recording taut made of the scene (headless, no step), so it holds
--- every module the scene reads.
---@param scene string
---@param entries string[]|string recording lines (test.key_at's, or lua/record.c's "input ...")
---@param steps integer
---@return string
function test.recorded(scene, entries, steps)
  local base = test.tmpname(".rec")
  local status, out = test.taut("--headless", "--frames", "0", "--record", base, scene)
  if status ~= 0 then fail(scene .. ": " .. out) end
  local text = test.read(base)
  os.remove(base)
  return with_entries(text:gsub("\nend 0 %x+\n$", ""), entries, steps)
end

-- A recording's entry (test.recording): the key pressed before step step,
-- Ctrl held when ctrl; a line of its own.
--- A recording's entry line: the key (LÖVE's name) pressed before step step, Ctrl held when ctrl.
---@param step integer
---@param key string
---@param ctrl? boolean
---@return string
function test.key_at(step, key, ctrl)
  return ("input %d 1 0 %d 0 0x0p+0 0x0p+0 0 0 1 %s\n"):format(step, ctrl and 1 or 0, key)
end

-- Where taut lays out its window (--layout, the HUD on): the rectangles
-- scene, hud, text (the HUD's text) and panel, each {x, y, w, h}, and the
-- text scale; the rest of the arguments are taut's.
--- Where taut lays out its window with the HUD on (--layout): run headless with the arguments
--- given.
---@param ... string
---@return test.layout
function test.layout(...)
  local path = test.tmpname(".txt")
  local status, out = test.taut("--headless", "--hud", "on", "--layout", path, ...)
  if status ~= 0 then fail(out) end
  local text, layout = test.read(path), {}
  os.remove(path)
  for name, x, y, w, h in text:gmatch("(%a+) (%S+) (%S+) (%S+) (%S+)\n") do
    layout[name] = { x = tonumber(x), y = tonumber(y), w = tonumber(w), h = tonumber(h) }
  end
  layout.scale = tonumber(text:match("scale (%d+)"))
  return layout
end

-- The tuning panel's row (1-based) in a layout: its track's left end,
-- length and centre height (view/panel.c: in units of the text scale u, a
-- 6 u margin, rows 22 u tall from 4 u below the top, the track 15.5 u down).
--- The tuning panel's row (1-based) in a layout: its track's left end, length and centre height
--- (view/panel.c's geometry).
---@param layout test.layout
---@param row integer
---@return number x # (px)
---@return number length # (px)
---@return number y # (px)
function test.slider_track(layout, row)
  local p, u = layout.panel, layout.scale
  return p.x + 6 * u, p.w - 12 * u, p.y + 4 * u + 22 * u * (row - 1) + 15.5 * u
end

-- The left edge of the knob (its first white pixel) on the panel's row
-- in the screenshot img, or nil.
--- The left edge of the knob (its first white pixel) on the panel's row in a screenshot; nil when
--- none.
---@param img taut.image
---@param layout test.layout
---@param row integer
---@return integer? # (px)
function test.knob_at(img, layout, row)
  local _, _, y = test.slider_track(layout, row)
  for x = layout.panel.x, layout.panel.x + layout.panel.w - 1 do
    local r, g, b = img:pixel(x, math.floor(y))
    if r > 230 and g > 230 and b > 230 then return x end
  end
end

-- The names of the shipped scenes, examples/*.lua without ".lua".
--- The names of the shipped scenes, examples/*.lua without ".lua".
---@return string[]
function test.examples()
  local names, p = {}, assert(io.popen("ls examples/*.lua"))
  for file in p:lines() do names[#names + 1] = file:match("([^/]+)%.lua$") end
  p:close()
  return names
end

-- A copy of examples/NAME.lua with the given text in a fresh folder, with
-- the images of examples/ beside it (a texture an example loads from its
-- own folder): its path and the folder, to remove when done.
--- A copy of examples/NAME.lua with the given text in a fresh folder, with the images of examples/
--- beside it: its path and the folder, to remove when done.
---@param name string
---@param text string
---@return string path
---@return string dir
function test.copy_example(name, text)
  local dir = test.tmpname("-" .. name)
  assert(os.execute(("mkdir '%s' && cp examples/*.png '%s'"):format(dir, dir)))
  local path = dir .. "/" .. name .. ".lua"
  test.save(path, text)
  return path, dir
end

-- text with the first from (plain text, which must be there) made to.
--- text with the first from (plain text, which must be there) made to.
---@param text string
---@param from string
---@param to string
---@return string
function test.edit(text, from, to)
  local s, e = text:find(from, 1, true)
  if not s then fail("no '" .. from .. "' to edit") end
  return text:sub(1, s - 1) .. to .. text:sub(e + 1)
end

-- Run the scene file headless at 1280x720 with a screenshot, the extra
-- arguments before it: exit status, output and the screenshot (a
-- taut.image, nil when none was saved).
local function shot(path, ...)
  local taut = require "taut"
  local png = test.tmpname(".png")
  local args = { "--headless", "--size", "1280x720", "--screenshot", png, ... }
  args[#args + 1] = path
  local status, out = test.taut(table.unpack(args))
  local ok, img = pcall(taut.image, png)
  os.remove(png)
  return status, out, ok and img or nil
end

-- The same for a scene given as text; its file removed.
--- Run a scene given as text headless at 1280x720 with a screenshot, the extra arguments before it:
--- exit status, output and the screenshot (nil when none was saved).
---@param text string
---@param ... string
---@return integer status
---@return string output
---@return taut.image|nil image
function test.shoot(text, ...)
  local path = test.write(text, ".lua")
  local status, out, img = shot(path, ...)
  os.remove(path)
  return status, out, img
end

-- The same replaying inputs "step kind button sx sy" (kinds 3 press, 4
-- release, 5 move; sx, sy pixels) as a recording of `steps` steps would
-- hold them, with the modules the scene requires (test.recording).
--- The same, replaying inputs "step kind button sx sy" (kinds 3 press, 4 release, 5 move; pixels)
--- as a recording of steps steps would hold them, with the modules the scene requires.
---@param text string
---@param inputs string[]
---@param steps integer
---@param modules? string[]
---@return integer status
---@return string output
---@return taut.image|nil image
function test.replayed(text, inputs, steps, modules)
  local path = test.write(text, ".lua")
  local entries = {}
  for _, i in ipairs(inputs) do
    local step, kind, button, sx, sy = i:match("(%d+) (%d) (%d) (%d+) (%d+)")
    entries[#entries + 1] = ("input %s %s %s 0 0 0 0 %s %s 1 -"):format(step, kind, button, sx, sy)
  end
  local log = test.recording(path, entries, steps, modules)
  local status, out, img = shot(path, "--frames", steps, "--replay", log)
  os.remove(path)
  os.remove(log)
  return status, out, img
end

-- An X server of the test's own (Xvfb, on a display no one uses): its
-- name (":N") and pid, to kill when done.
--- An X server of the test's own (Xvfb, on a display no one uses): its name (":N") and pid, to kill
--- when done.
---@return string display
---@return integer pid
function test.start_x()
  local out, pid = test.tmpname(".display"), test.tmpname(".pid")
  os.execute(("Xvfb -displayfd 1 -screen 0 1280x720x24 -nolisten tcp > %s 2>/dev/null & echo $! > %s")
    :format(out, pid))
  for _ = 1, 100 do
    local n = (test.read(out) or ""):match("%d+")
    if n then
      local id = test.read(pid):match("%d+")
      os.remove(out); os.remove(pid)
      return ":" .. n, id
    end
    os.execute("sleep 0.1")
  end
  error("Xvfb did not start")
end

local function run_file(file)
  queue = {}
  local chunk, err = loadfile(file)
  if chunk then
    local ok, message = xpcall(chunk, debug.traceback)
    err = not ok and message or nil
  end
  if err then return { { name = "(loading)", fn = function() error(err, 0) end } } end
  return queue
end

--- Run the test files; prints each result and the summary, returns the failures.
---@param files string[]
---@return integer
function test.run(files)
  local passed, failed = 0, 0
  for _, file in ipairs(files) do
    for _, t in ipairs(run_file(file)) do
      local ok, message = xpcall(t.fn, debug.traceback)
      if ok then
        passed = passed + 1
        print(("ok   %s: %s"):format(file, t.name))
      else
        failed = failed + 1
        print(("FAIL %s: %s\n    %s"):format(file, t.name,
          tostring(message):gsub("\n", "\n    ")))
      end
    end
    collectgarbage()
  end
  print(("%d passed, %d failed"):format(passed, failed))
  return failed
end

return test
