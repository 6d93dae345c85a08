-- --safe: a shared scene cannot reach outside its folder. Each refused
-- capability is named in its error; a scene in a folder still reads its
-- own files and requires its own modules.
local taut = require "taut"
local test = require "test"

-- A fresh folder with these files (name -> text); its path.
local function folder(files)
  local dir = test.tmpname("")
  os.execute("mkdir -p '" .. dir .. "'")
  for name, text in pairs(files) do
    local f = assert(io.open(dir .. "/" .. name, "wb"))
    f:write(text)
    f:close()
  end
  return dir
end

-- The error a --safe scene gets for doing `code` in load, without the
-- "scene.load failed: <path>:3: " prefix and the traceback; its folder;
-- the whole error.
local function refused(code)
  local dir = folder({ ["scene.lua"] = "local taut = require 'taut'\nlocal scene = {}\n" ..
    "function scene.load(world) " .. code .. " end\nreturn scene\n" })
  local rt = taut.runtime(dir .. "/scene.lua", { safe = true })
  local e = rt:error() or "(no error)"
  local text = e:gsub("^scene%.load failed: ", ""):gsub("^[^\n]-:3: ", ""):gsub("\n.*", "")
  return text, dir, e
end

test("each refused capability is named", function()
  local cases = {
    { "os.execute('true')", "os.execute is not available in --safe mode" },
    { "os.exit(0)", "os.exit is not available in --safe mode" },
    { "os.remove('x')", "os.remove is not available in --safe mode" },
    { "os.rename('a', 'b')", "os.rename is not available in --safe mode" },
    { "os.getenv('HOME')", "os.getenv is not available in --safe mode" },
    { "os.tmpname()", "os.tmpname is not available in --safe mode" },
    { "os.setlocale('C')", "os.setlocale is not available in --safe mode" },
    { "io.popen('ls')", "io.popen is not available in --safe mode" },
    { "io.read()", "io.read is not available in --safe mode" },
    { "io.output('x')", "io.output is not available in --safe mode" },
    { "io.tmpfile()", "io.tmpfile is not available in --safe mode" },
    { "package.loadlib('libc.so.6', 'system')", "package.loadlib is not available in --safe mode" },
    { "package.searchpath('x', '/?')", "package.searchpath is not available in --safe mode" },
    { "debug.sethook()", "debug.sethook is not available in --safe mode" },
    { "debug.setmetatable(world, {})", "debug.setmetatable is not available in --safe mode" },
    { "debug.getregistry()", "debug.getregistry is not available in --safe mode" },
    { "debug.getinfo(1)", "debug.getinfo is not available in --safe mode" },
    { "debug.getupvalue(print, 1)", "debug.getupvalue is not available in --safe mode" },
    { "assert(load(string.dump(function() end)))", "attempt to load a binary chunk (mode is 't')" },
    { "dofile('/etc/passwd')",
      "bad argument #1 to 'dofile' (/etc/passwd is outside the scene's folder and taut's scripts/ (--safe))" },
    { "assert(loadfile('/etc/passwd'))",
      "bad argument #1 to 'loadfile' (/etc/passwd is outside the scene's folder and taut's scripts/ (--safe))" },
    { "io.open('/etc/passwd')",
      "bad argument #1 to 'open' (/etc/passwd is outside the scene's folder and taut's scripts/ (--safe))" },
    { "io.open('../x.lua')",
      "bad argument #1 to 'open' (../x.lua is outside the scene's folder and taut's scripts/ (--safe))" },
    { "io.open('mine.txt', 'w')", "bad argument #2 to 'open' (files open for reading only (--safe))" },
    { "io.lines('/etc/passwd')",
      "bad argument #1 to 'lines' (/etc/passwd is outside the scene's folder and taut's scripts/ (--safe))" },
    { "taut.image('/etc/passwd')",
      "bad argument #1 to 'image' (/etc/passwd is outside the scene's folder and taut's scripts/ (--safe))" },
    { "taut.texture('/etc/passwd')",
      "bad argument #1 to 'texture' (/etc/passwd is outside the scene's folder and taut's scripts/ (--safe))" },
    { "taut.mesh('/etc/passwd')",
      "bad argument #1 to 'mesh' (/etc/passwd is outside the scene's folder and taut's scripts/ (--safe))" },
    { "taut.runtime('/etc/passwd')",
      "bad argument #1 to 'runtime' (/etc/passwd is outside the scene's folder and taut's scripts/ (--safe))" },
    { "taut.canvas{ width = 16, height = 16 }:save('/tmp/taut-safe.png')",
      "bad argument #1 to 'save' (/tmp/taut-safe.png is outside the scene's folder (--safe))" },
    { "getmetatable('').__index = {}", "the string metatable is read-only in --safe mode" },
    { "getmetatable('').__index.rep = nil", "string is read-only in --safe mode" },
    { "string.format = nil", "string is read-only in --safe mode" },
    { "require 'reload'", "module 'reload' (taut's own) is not available in --safe mode" },
    { "require('io').popen('ls')", "io.popen is not available in --safe mode" },
    { "setmetatable({}, { __gc = print })",
      "bad argument #2 to 'setmetatable' (__gc metamethods are not available in --safe mode " ..
      "(finalizers run outside the time budget))" },
    { "require 'experiment'.new{}",
      "experiments are not available in --safe mode (they run taut again and write files; --trust runs this one)" },
  }
  for _, case in ipairs(cases) do
    test.eq(refused(case[1]), case[2], case[1])
  end
  test.eq(io.open("/tmp/taut-safe.png"), nil, "nothing was written outside")
  local scripts = assert(io.popen("cd scripts && pwd -P")):read("l")
  for _, call in ipairs({ "save", "quit" }) do
    test.eq(refused("taut.runtime('" .. scripts .. "/vec.lua'):" .. call .. "()"),
      scripts .. "/vec.lua is outside the scene's folder: its tuned values stay unsaved (--safe)",
      "rt:" .. call .. " writes the scene's file or its sidecar")
  end
end)

test("require finds no C module and no file outside, whatever package.path says", function()
  local text = refused("package.path = '/etc/?'; require 'socket'")
  test.ok(text:find("module 'socket' not found:", 1, true), text)
  local _, dir = refused("")
  local rt = taut.runtime(dir .. "/scene.lua", { safe = true })
  test.eq(rt:error(), nil)
  local _, _, err = refused("package.path = '/etc/?.lua;/etc/?'; require 'passwd'")
  test.ok(err:find("module 'passwd' not found:", 1, true), err)
  test.ok(not err:find("root:", 1, true), "nothing of the file shows: " .. err)
  _, _, err = refused("require 'socket'")
  test.ok(err:find("no C module 'socket' (C modules are not available in --safe mode)", 1, true), err)
end)

test("a link in the folder cannot lead out of it", function()
  local dir = folder({ ["scene.lua"] = "local scene = {}\nfunction scene.load() io.open('link') end\nreturn scene\n" })
  os.execute("ln -s /etc/passwd '" .. dir .. "/link'")
  local rt = taut.runtime(dir .. "/scene.lua", { safe = true })
  test.ok(rt:error():find("bad argument #1 to 'open' (link is outside the scene's folder", 1, true), rt:error())
end)

test("a scene in a folder reads its own files and requires its own modules", function()
  local dir = folder({
    ["helper.lua"] = "return { count = 3 }\n",
    ["more.lua"] = "return 2\n",
    ["data.txt"] = "4\n5\n",
    ["tri.obj"] = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
    ["scene.lua"] = [[
local taut = require "taut"
local scene = {}
function scene.load(world)
  local n = require("helper").count + dofile("more.lua") + assert(loadfile("more.lua"))()
  for line in io.lines("data.txt") do n = n + tonumber(line) end
  local f = assert(io.open("data.txt", "rb"))
  n = n + #f:read("a")
  f:close()
  assert(require("vec"), "taut's scripts/ too")
  for _ = 1, n do world:particle{} end
  taut.canvas{ width = 16, height = 16 }:save("shot.png")
  scene.image = taut.image("shot.png").width
  assert(taut.texture("shot.png").width == 16, "its own texture")
  assert(taut.mesh("tri.obj").triangle_count == 1, "its own OBJ mesh")
  scene.safe = taut.safe
end
return scene
]],
  })
  local rt = taut.runtime(dir .. "/scene.lua", { safe = true })
  test.eq(rt:error(), nil)
  test.eq(rt:world().particle_count, 3 + 2 + 2 + 4 + 5 + 4, "helper, more twice, the lines, the bytes")
  test.ok(io.open(dir .. "/shot.png") ~= nil, "the canvas was saved in the folder")
  test.eq(rt:step(), true)
end)

test("the command line: a scene from outside runs --safe, --trust and --safe choose", function()
  local dir = folder({ ["scene.lua"] =
    "local scene = {}\nfunction scene.load() os.execute('true') end\nreturn scene\n" })
  local status, out = test.taut("--headless", dir .. "/scene.lua")
  test.eq(status, 1, out)
  test.eq(out:find("taut: scene.load failed: " .. dir .. "/scene.lua:2: " ..
    "os.execute is not available in --safe mode\n", 1, true), 1, out)
  status, out = test.taut("--headless", "--trust", dir .. "/scene.lua")
  test.eq(status, 0, out)
  status, out = test.taut("--headless", "--safe", "examples/rope.lua")
  test.eq(status, 0, out)
  test.eq(out, "", "no note when asked for")
  status, out = test.taut("--headless", "--safe", "--trust", "examples/rope.lua")
  test.eq(status, 2)
  test.eq(out, "taut: --safe or --trust, not both (see taut --help)\n")
end)

test("taut itself still reloads a --safe scene and saves its tuned values", function()
  local dir = folder({ ["scene.lua"] = "local scene = {}\nscene.tune = { length = {4, 1, 8} }\n" ..
    "function scene.load(world, tune) world:particle{ position = {tune.length, 0} } end\n" ..
    "function scene.tuned() end\nreturn scene\n" })
  local rt = taut.runtime(dir .. "/scene.lua", { safe = true })
  rt:set("length", 3)
  rt:save()
  local f = assert(io.open(dir .. "/scene.lua"))
  local text = f:read("a")
  f:close()
  test.ok(text:find("length = {3, 1, 8}", 1, true), text)
  f = assert(io.open(dir .. "/scene.lua", "wb"))
  f:write((text:gsub("tune.length, 0", "tune.length, 1")))
  f:close()
  test.eq(rt:reload(), "rebuild")
  test.eq(rt:world():particles()[1].position[2], 1)
end)

test("the examples that find their textures next to them run --safe from a copy in another folder", function()
  for _, name in ipairs({ "flag", "cape", "orbit" }) do
    local dir = test.tmpname("")
    assert(os.execute("mkdir -p '" .. dir .. "' && cp examples/" .. name .. ".lua examples/*.png '" .. dir .. "'"))
    local rt = taut.runtime(dir .. "/" .. name .. ".lua", { safe = true })
    test.eq(rt:error(), nil, name)
    test.eq(rt:step(10), true, name)
    test.ok(rt:world().particle_count > 0, name)
    rt:close()
    os.execute("rm -rf '" .. dir .. "'")
  end
end)
