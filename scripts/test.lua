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

-- Run a command (a list of words) through the shell, with environment
-- settings ("NAME=value" strings) in front; returns exit status and output
-- (stdout and stderr together).
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
function test.taut(...)
  return test.command({ require("taut").executable, ... })
end

-- A fresh temporary file name with the given ending.
function test.tmpname(ending)
  local name = os.tmpname()
  os.remove(name)
  return name .. (ending or "")
end

-- The whole of a file; nil when there is none.
function test.read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

-- Write text over the file at path (a save, for the reload tests).
function test.save(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- Write text to a fresh temporary file with the given ending; its name.
function test.write(text, ending)
  local path = test.tmpname(ending)
  test.save(path, text)
  return path
end

-- A recording for --replay made by hand (lua/record.c): the header, the
-- text of the scene file, the entries (lines) and the end after steps.
-- Its path.
function test.recording(scene, entries, steps)
  local text = assert(test.read(scene), scene)
  local lines = { "taut recording 1", "scene " .. scene, "root /elsewhere",
    ("file 0 %s %d\n%s"):format(scene, #text, text) }
  table.move(entries, 1, #entries, #lines + 1, lines)
  lines[#lines + 1] = "end " .. steps
  return test.write(table.concat(lines, "\n") .. "\n", ".rec")
end

-- The names of the shipped scenes, examples/*.lua without ".lua".
function test.examples()
  local names, p = {}, assert(io.popen("ls examples/*.lua"))
  for file in p:lines() do names[#names + 1] = file:match("([^/]+)%.lua$") end
  p:close()
  return names
end

-- text with the first from (plain text, which must be there) made to.
function test.edit(text, from, to)
  local s, e = text:find(from, 1, true)
  if not s then fail("no '" .. from .. "' to edit") end
  return text:sub(1, s - 1) .. to .. text:sub(e + 1)
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
