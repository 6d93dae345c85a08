-- taut.so: `require "taut"` from a plain lua5.4 (make module builds it in
-- build/module): the same physics, to the same bits, without the window.
local taut = require "taut"
local test = require "test"
local api = require "taut_api"

local SO = os.getenv("TAUT_MODULE") or "build/module/taut.so"
local CPATH = "LUA_CPATH=" .. SO:gsub("[^/]*$", "?.so")

-- Run Lua source with a plain lua5.4 that finds taut.so; status, output.
local function lua(source)
  return test.command({ "lua5.4", "-e", source }, { CPATH })
end

local ROPE = [[
local taut = require "taut"
local w = taut.world{}
local rope = w:rope{ from = {0, 0}, to = {5, 0}, segments = 30 }
rope.last.mass = 2
w:collider{ shape = "circle", center = {2, -3}, radius = 1 }
w:step(180)
return ("%d %.9g %.9g"):format(w:hash(), rope.last.position[1], rope.last.position[2])
]]

test("a rope stepped under lua5.4 ends at the hash taut test gives", function()
  test.ok(io.open(SO), SO .. " is missing (make module builds it)")
  local here = assert(load(ROPE))()
  local status, out = lua("print((function() " .. ROPE .. " end)())")
  test.eq(status, 0, out)
  test.eq(out, here .. "\n")
end)

test("the module holds what the description gives taut.so, and nothing of the window", function()
  local want = {}
  for _, f in ipairs(api.module.taut.functions) do if not f.program then want[#want + 1] = f.name end end
  for _, f in ipairs(api.module.taut.fields) do if not f.program then want[#want + 1] = f.name end end
  table.sort(want)
  local status, out = lua([[local t = {} for k in pairs(require "taut") do t[#t + 1] = k end
    table.sort(t) print(table.concat(t, " "))]])
  test.eq(status, 0, out)
  test.eq(out, table.concat(want, " ") .. "\n")
  local _, linked = test.command({ "sh", "-c", 'ldd "$1" | grep -ci sdl', "sh", SO })
  test.eq(linked, "0\n", "taut.so links no SDL")
end)

test("objects, events and errors behave as in the program", function()
  local status, out = lua([[
local taut = require "taut"
local w = taut.world{}
local cuts = 0
w:on("cut", function(e) cuts = cuts + 1 end)
local rope = w:rope{ segments = 4 }
rope:cut(2, 0.5)
w:step()
local ok, err = pcall(function() return w:particle{ mas = 1 } end)
print(cuts, #w:ropes(), getmetatable(rope), taut.version, (err:gsub("^[^:]*:%d+: ", "")))]])
  test.eq(status, 0, out)
  test.eq(out, ("1\t2\trope\t%s\tbad argument #1 to 'particle' (unknown option 'mas' (expected position, "
    .. "velocity, mass, radius, pinned, drag, gravity_scale, group, mask, damping))\n"):format(taut.version))
end)

test("the rockspec builds the module with make", function()
  local spec = {}
  local chunk = assert(loadfile("taut-" .. taut.version .. "-1.rockspec", "t", spec))
  chunk()
  test.eq(spec.package, "taut")
  test.eq(spec.version, taut.version .. "-1")
  test.eq(spec.build.type, "make")
  test.eq(spec.build.build_target, "module")
  test.eq(spec.build.install_target, "install-module")
  local makefile = test.read("Makefile")
  test.ok(makefile:find("\nmodule: ", 1, true) and makefile:find("\ninstall-module: ", 1, true), "the targets")
end)
