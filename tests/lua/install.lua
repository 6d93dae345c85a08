-- make install (PREFIX, DESTDIR) and make uninstall: the installed taut
-- finds its scripts in PREFIX/share/taut and runs an installed example to
-- the same world hash as the tree's binary; uninstall leaves nothing.
local taut = require "taut"
local test = require "test"

local function tmpdir()
  local status, out = test.command({ "mktemp", "-d" })
  assert(status == 0, out)
  return (out:gsub("\n$", ""))
end

-- The hash a headless run of scene prints after frames steps (--record
-- makes it say), with the working directory elsewhere.
local function hash_of(exe, scene, frames, dir)
  local record = test.tmpname(".rec")
  local status, out = test.command({ "sh", "-c", 'cd "$1" && "$2" --headless --frames "$3" --record "$4" "$5"',
    "sh", dir, exe, tostring(frames), record, scene })
  os.remove(record)
  test.eq(status, 0, out)
  return out:match("world hash (%x+) after " .. frames .. " steps"), out
end

local function make(dest, target)
  return test.command({ "make", "-s", "--no-print-directory", target, "DESTDIR=" .. dest,
    "PREFIX=/usr/local", "INSTALL_BIN=" .. taut.executable })
end

local function files_under(dir)
  local _, out = test.command({ "find", dir, "-type", "f" })
  local list = {}
  for line in out:gmatch("[^\n]+") do list[#list + 1] = line:sub(#dir + 2) end
  table.sort(list)
  return list
end

test("an installed taut runs an installed example to the tree's hash, and uninstall removes it", function()
  local dest = tmpdir()
  local status, out = make(dest, "install")
  test.eq(status, 0, out)
  local prefix = dest .. "/usr/local"
  local files = table.concat(files_under(dest), "\n")
  for _, want in ipairs({ "usr/local/bin/taut", "usr/local/share/man/man1/taut.1",
      "usr/local/share/taut/scripts/grapple.lua", "usr/local/share/taut/scripts/taut_api/init.lua",
      "usr/local/share/taut/examples/grapple.lua", "usr/local/share/taut/examples/experiments/rope_substeps.lua",
      "usr/local/share/taut/types/taut.lua" }) do
    test.ok(files:find(want, 1, true), want .. " not installed:\n" .. files)
  end
  local tree = hash_of(taut.executable, "examples/grapple.lua", 120, ".")
  local installed, said = hash_of(prefix .. "/bin/taut", prefix .. "/share/taut/examples/grapple.lua", 120, "/")
  test.ok(tree, "the tree's run said no hash")
  test.eq(installed, tree, said)
  status, out = test.command({ prefix .. "/bin/taut", "export", prefix .. "/share/taut/examples/rope.lua" })
  test.eq(status, 0, out)  -- its scripts (export, the description) are found too
  status, out = make(dest, "uninstall")
  test.eq(status, 0, out)
  test.eq(#files_under(dest), 0, table.concat(files_under(dest), "\n"))
  test.command({ "rm", "-rf", dest })
end)
