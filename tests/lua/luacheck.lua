-- luacheck over the examples, the modules scenes require and the tools,
-- with taut's configuration (.luacheckrc, generated from the description:
-- the argument names of callbacks may go unused): zero warnings.
local test = require "test"

test("luacheck finds nothing in examples/, scripts/ and tools/", function()
  local found = test.command({ "sh", "-c", "command -v luacheck" })
  test.eq(found, 0, "luacheck is not installed (make deps installs lua-check)")
  local status, out = test.command({ "luacheck", "--no-color", "--formatter", "plain", "examples", "scripts", "tools" })
  test.eq(out, "", "luacheck's warnings")
  test.eq(status, 0, out)
end)

test("luacheck reads taut's configuration and would see a slip", function()
  local path = test.write("local scene = {}\nfunction scene.load(world, tune) local unused = 1 end\n"
    .. "return scene\n", ".lua")
  -- read as if it were a scene in examples/, where the configuration says
  -- callbacks' arguments may go unused
  local status, out = test.command({ "sh", "-c",
    'luacheck --no-color --formatter plain --filename examples/slip.lua - < "$1"', "sh", path })
  test.eq(status, 1, out)
  test.ok(out:find("examples/slip.lua:2:40: unused variable 'unused'", 1, true), out)
  test.ok(not out:find("'tune'", 1, true), "a callback's argument may go unused: " .. out)
  os.remove(path)
end)
