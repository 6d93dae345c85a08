-- A scene's error shows the user's frames and taut's API, never the
-- runtime's own scripts (scripts/reload.lua and what it uses).
local taut = require "taut"
local test = require "test"

local function run(text, ...)
  local path = test.write(text, ".lua")
  local args = { "--headless", ... }
  args[#args + 1] = path
  local status, out = test.taut(table.unpack(args))
  os.remove(path)
  return status, out, path
end

local function no_internals(out)
  for _, internal in ipairs { "reload.lua", "regions.lua", "lex.lua", "tunefile.lua", "in ?" } do
    test.ok(not out:find(internal, 1, true), internal .. " in:\n" .. out)
  end
end

test("a missing scene file: the message alone", function()
  local status, out = test.taut("--headless", "no/such/scene.lua")
  test.eq(status, 1)
  test.eq(out, "taut: cannot open no/such/scene.lua\n")
end)

test("a syntax error: file and line, no runtime frames", function()
  local status, out, path = run("local scene = {}\nfunction scene.load(world)\n  world:step(\nend\nreturn scene\n")
  test.eq(status, 1)
  test.eq(out, "taut: " .. path .. ":4: unexpected symbol near 'end'\n")
end)

test("an error in the file's main chunk: its frame only", function()
  local status, out, path = run("local scene = {}\nlocal x = nil\nlocal y = x.field\nreturn scene\n")
  test.eq(status, 1)
  test.eq(out, ("taut: %s:3: attempt to index a nil value (local 'x')\nstack traceback:\n" ..
    "\t%s:3: in main chunk\n"):format(path, path))
end)

test("an error inside a taut call from load: the call and the user's frames", function()
  local status, out, path = run("local scene = {}\nlocal function make(world)\n" ..
    "  return world:particle{ mass = 'heavy' }\nend\nfunction scene.load(world)\n  make(world)\nend\nreturn scene\n")
  test.eq(status, 1)
  test.eq(out, ("taut: scene.load failed: %s:3: bad argument #1 to 'particle' " ..
    "(mass: finite number expected, got string)\n" ..
    "stack traceback:\n\t[C]: in method 'particle'\n\t%s:3: in upvalue 'make'\n\t%s:6: in function <%s:5>\n")
    :format(path, path, path, path))
end)

test("an error while a save is reloaded: the new file's frames", function()
  local path = test.write("local scene = {}\nfunction scene.load(world) end\nreturn scene\n", ".lua")
  local rt = taut.runtime(path)
  test.save(path, "local scene = {}\nerror('not today')\nfunction scene.load(world) end\nreturn scene\n")
  test.eq(rt:reload(), "error")
  test.eq(rt:error(), ("%s:2: not today\nstack traceback:\n\t[C]: in function 'error'\n\t%s:2: in main chunk")
    :format(path, path))
  no_internals(rt:error())
  rt:close(); os.remove(path)
end)

test("an error in a module the scene requires: the module's frames too", function()
  local dir = test.tmpname("-tb")
  assert(os.execute(("mkdir -p '%s'"):format(dir)))
  test.save(dir .. "/helper.lua", "local m = {}\nfunction m.go() return nil + 1 end\nreturn m\n")
  test.save(dir .. "/scene.lua", "local helper = require 'helper'\nlocal scene = {}\n" ..
    "function scene.load(world) helper.go() end\nreturn scene\n")
  local status, out = test.taut("--headless", dir .. "/scene.lua")
  test.eq(status, 1, out)
  test.ok(out:find(dir .. "/helper.lua:2: in function 'helper.go'", 1, true), out)
  test.ok(out:find(dir .. "/scene.lua:3: in function <", 1, true), out)
  no_internals(out)
  os.execute(("rm -rf '%s'"):format(dir))
end)
