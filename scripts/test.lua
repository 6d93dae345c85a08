-- test: the Lua test runner and its assertions, used by `taut test`.
--
--   local test = require "test"
--   test("a pendulum swings", function()
--     test.near(period, 2.006, 0.02)
--   end)
--
-- Every test runs even when one fails; the last line printed is
-- "N passed, N failed".
local test = {}
local queue = {}

setmetatable(test, { __call = function(_, name, fn)
  queue[#queue + 1] = { name = name, fn = fn }
end })

local function fail(message, level)
  error(message, (level or 1) + 2)
end

function test.ok(value, message)
  if not value then fail(message or "expected a true value") end
  return value
end

function test.eq(actual, expected, message)
  if actual ~= expected then
    fail(("%sexpected %s, got %s"):format(message and message .. ": " or "",
      tostring(expected), tostring(actual)))
  end
end

function test.near(actual, expected, tolerance, message)
  if type(actual) ~= "number" or math.abs(actual - expected) > tolerance then
    fail(("%sexpected %s within %s, got %s"):format(
      message and message .. ": " or "", tostring(expected),
      tostring(tolerance), tostring(actual)))
  end
end

-- The message fn raises, without its "file:line: " prefix, must equal
-- expected exactly. Returns the whole message.
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

-- Run the taut program with arguments; returns exit status and output
-- (stdout and stderr together).
function test.taut(...)
  local taut = require "taut"
  local words = { quote(taut.executable) }
  for _, arg in ipairs({ ... }) do words[#words + 1] = quote(arg) end
  local pipe = assert(io.popen(table.concat(words, " ") .. " 2>&1"))
  local output = pipe:read("a")
  local _, _, status = pipe:close()
  return status, output
end

-- A fresh temporary file name with the given ending.
function test.tmpname(ending)
  local name = os.tmpname()
  os.remove(name)
  return name .. (ending or "")
end

-- Write text to a fresh temporary file with the given ending; its name.
function test.write(text, ending)
  local path = test.tmpname(ending)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
  return path
end

-- Run a scene from text headless at 1280x720 with a screenshot (extra
-- arguments go before the scene): exit status, output and the screenshot
-- (a taut.image, nil when none was saved); its files removed.
function test.shoot(text, ...)
  local taut = require "taut"
  local path, png = test.write(text, ".lua"), test.tmpname(".png")
  local args = { "--headless", "--size", "1280x720", "--screenshot", png, ... }
  args[#args + 1] = path
  local status, out = test.taut(table.unpack(args))
  local ok, img = pcall(taut.image, png)
  os.remove(path)
  os.remove(png)
  return status, out, ok and img or nil
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
