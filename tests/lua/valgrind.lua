-- The churn scene (ropes built, reeled, cut, culled) under valgrind: no
-- read of memory never written, no invalid access (issue 20). Runs where
-- valgrind is installed (.ci/run installs it) and the binary is not the
-- sanitizer build, which valgrind cannot run (ASan checks that one).
local test = require "test"
local taut = require "taut"

local function have_valgrind()
  local status = test.command({ "sh", "-c", "command -v valgrind" })
  return status == 0
end

if taut.executable:find("build-san", 1, true) then
  print("note tests/lua/valgrind.lua: the sanitizer build runs under ASan instead")
elseif not have_valgrind() then
  print("note tests/lua/valgrind.lua: valgrind is not installed, not run")
else
  test("the churn scene is valgrind-clean", function()
    local status, out = test.command({ "valgrind", "-q", "--error-exitcode=99",
      "--track-origins=yes", taut.executable, "--headless", "--frames", "200",
      "tests/scenes/churn.lua" })
    test.eq(status, 0, out)
    test.ok(not out:find("==%d+=="), out)
  end)
end
