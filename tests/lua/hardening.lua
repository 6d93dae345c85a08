-- Issue 19: what used to crash or hang taut from a few lines of Lua, each
-- now an exact error or a documented behaviour, and the next step runs.
local taut = require "taut"
local test = require "test"

local MIB = 1 << 20

local function rope(w, segments)
  return w:rope{ from = {0, 0}, to = {10, 0}, segments = segments or 10, pin_start = true }
end

-- A runtime on a scene written from text; its error with the "<what>
-- failed: <path>:<line>: " prefix and the traceback taken off.
local function run(text, options)
  local path = test.write(text, ".lua")
  local rt = taut.runtime(path, options)
  return rt, path
end

local function message(rt)
  local e = rt:error()
  return e and e:match("^[^:]*: [^:\n]+:%d+: ([^\n]*)") or e
end

test("an empty world with particle_collision steps, and after its last particle goes", function()
  local w = taut.world{ particle_collision = true }
  w:step()
  local p = w:particle{}
  w:step()
  p:destroy()
  w:step()
  test.eq(w.step_count, 3)
  test.eq(w.particle_count, 0)
end)

test("rope:cut of a destroyed segment, or of one whose node went, names it", function()
  local w = taut.world{}
  local r = rope(w)
  r:segment(3):destroy()
  test.error(function() r:cut(3, 0.5) end,
    "bad argument #1 to 'cut' (rope lost a particle (it was destroyed or cut))")
  local r2 = w:rope{ from = {0, -2}, to = {10, -2}, segments = 10 }
  r2:particle(5):destroy()
  test.error(function() r2:cut(4, 0.5) end,
    "bad argument #1 to 'cut' (rope lost a particle (it was destroyed or cut))")
  w:step()
  test.eq(w.step_count, 1)
  test.eq(#r, 11)
end)

test("world:step from a wind function is an error naming it; the destroyed wind is forgotten", function()
  local w = taut.world{}
  w:particle{ drag = 1 }
  local b, fills = nil, 0
  w:wind{ fn = function()
    fills = fills + 1
    if b then b:destroy(); b = nil; w:step() end
    return 1, 0
  end, lo = {-1, -1}, hi = {1, 1}, cells = {1, 1} }
  b = w:wind{ fn = function() return 0, 0 end, lo = {-1, -1}, hi = {1, 1}, cells = {1, 1} }
  test.error(function() w:step() end,
    "world:step called from a wind function (a world cannot step inside its own step)")
  test.eq(w.wind_count, 1)
  fills = 0
  w:step()
  test.eq(fills, 4, "the 2 x 2 lattice points of the one wind left")
  test.eq(w.step_count, 1)
end)

test("a wind function may destroy its own wind, or the world", function()
  local w = taut.world{}
  local calls, own = 0, nil
  own = w:wind{ fn = function() calls = calls + 1; own:destroy(); return 0, 0 end,
                lo = {-1, -1}, hi = {1, 1}, cells = {2, 2} }
  w:step()
  test.eq(calls, 1, "the fill stops with its wind")
  test.eq(w.wind_count, 0)
  w:wind{ fn = function() w:destroy(); return 0, 0 end, lo = {-1, -1}, hi = {1, 1} }
  w:step()
  test.error(function() w:step() end, "calling 'step' on bad self (world was destroyed)")
end)

test("binary chunks are refused: load, loadfile, dofile, require", function()
  local dump = string.dump(function() return 1 end)
  local patched = dump:sub(1, 20) .. "\255\255\255\255" .. dump:sub(25)
  for _, chunk in ipairs({ dump, patched }) do
    local f, err = load(chunk)
    test.eq(f, nil)
    test.eq(err, "attempt to load a binary chunk (mode is 't')")
    test.eq(select(2, load(chunk, "=x", "b")), "attempt to load a binary chunk (mode is 't')")
  end
  local dir = test.tmpname("")
  os.execute("mkdir -p '" .. dir .. "'")
  local file = io.open(dir .. "/binmod.lua", "wb")
  file:write(dump)
  file:close()
  test.eq(select(2, loadfile(dir .. "/binmod.lua")), "attempt to load a binary chunk (mode is 't')")
  test.error(function() dofile(dir .. "/binmod.lua") end, "attempt to load a binary chunk (mode is 't')")
  local path = package.path
  package.path = dir .. "/?.lua"
  local ok, err = pcall(require, "binmod")
  package.path = path
  test.eq(ok, false)
  test.ok(err:find("error loading module 'binmod' from file '" .. dir .. "/binmod.lua':\n\t" ..
    "attempt to load a binary chunk (mode is 't')", 1, true), err)
  test.eq(load("return 7")(), 7, "text still loads")
end)

-- Each step reports the one cut the handler made after the last one.
test("a handler's own events come after its dispatch, once each", function()
  local w = taut.world{}
  local r = rope(w, 40)
  local per_step, left = {}, 5
  w:on("cut", function(e)
    per_step[w.step_count] = (per_step[w.step_count] or 0) + 1
    if left > 0 then left = left - 1; r:cut(1, 0.5) end
    test.eq(e.cause, "script")
  end)
  r:cut(20, 0.5)
  for _ = 1, 7 do w:step() end
  test.eq(table.concat(per_step, ","), "1,1,1,1,1,1", "one cut event per step, then none")
  test.eq(#w:events(), 0)
end)

test("a cut handler that cuts near every cut lets the step return; the cascade ends", function()
  local rt = run([[
local scene = {}
function scene.load(world)
  scene.rope = world:rope{ from = {0, 0}, to = {10, 0}, segments = 20, pin_start = true }
  world:on("cut", function(e, w) w:cut_near(e.point, 0.3) end)
  scene.rope:cut(10, 0.5)
end
return scene
]], { budget = 0.5 })
  test.eq(rt:step(), true, "the first step returns")
  test.eq(rt:world().spring_count, 33, "the one cut's handler cut 4 springs, after the step")
  test.eq(#rt:world():events(), 5, "the step's cut, and the 4 its handler made (delivered after the next step)")
  for _ = 2, 12 do test.eq(rt:step(), true, rt:error()) end
  test.eq(rt:world().spring_count, 71, "the cut floor (min_cut_length) ends the cascade")
  test.eq(#rt:world():events(), 0)
end)

test("world:step from a handler or a scene callback names it", function()
  local w = taut.world{}
  local r = rope(w)
  local once = true
  w:on("cut", function() if once then once = false; w:step() end end)
  r:cut(5, 0.5)
  test.error(function() w:step() end,
    "world:step called from a 'cut' handler (a world cannot step inside its own step)")
  w:step()
  test.eq(w.step_count, 2, "the lock went with the error")
  local rt = run([[
local scene = {}
function scene.load(world) world:rope{ from = {0, 0}, to = {4, 0}, segments = 4 }:cut(2, 0.5) end
function scene.cut(e, world) world:step() end
return scene
]])
  test.eq(rt:step(), false)
  test.eq(message(rt), "world:step called from scene.cut (a world cannot step inside its own step)")
end)

test("a handler may destroy what its event names, and the world", function()
  local w = taut.world{}
  local a, b = rope(w), w:rope{ from = {0, -1}, to = {10, -1}, segments = 10 }
  local seen = 0
  w:on("cut", function(e)
    seen = seen + 1
    e.particle:destroy()
    e.rope:destroy()
    if e.other_rope then e.other_rope:destroy() end
  end)
  w:on("cut", function() w:destroy() end)
  a:cut(5, 0.5)
  b:cut(5, 0.5)
  w:step()
  test.eq(seen, 1, "the second cut is not delivered: its world is gone")
  test.error(function() w:step() end, "calling 'step' on bad self (world was destroyed)")
end)

test("debug.sethook is not the scripts'", function()
  test.error(function() debug.sethook() end,
    "debug.sethook is not available to scripts (the time budget is taut's)")
end)

test("os.exit ends the scene, not taut; a recording keeps its inputs", function()
  local rt = run("local scene = {}\nfunction scene.update()\n  os.exit(0)\nend\nreturn scene\n")
  test.eq(rt:step(), false)
  test.eq(message(rt), "os.exit ends the scene, not taut")
  test.ok(rt:error():find("^scene.update failed: "), rt:error())
  local path = test.write("local scene = {}\nfunction scene.update(world)\n" ..
    "  if world.step_count == 3 then os.exit(0) end\nend\nreturn scene\n", ".lua")
  local log = test.tmpname(".txt")
  local status, out = test.taut("--headless", "--trust", "--frames", "10", "--record", log, path)
  test.eq(status, 1, out)
  test.ok(out:find("scene.update failed: " .. path .. ":3: os.exit ends the scene, not taut", 1, true), out)
  test.ok(out:find("world hash %x+ after 4 steps"), out)
  test.ok(io.open(log) ~= nil, "the recording was written")
end)

test("a loop that catches the runaway error with pcall is stopped too", function()
  local rt = run("local scene = {}\nfunction scene.load()\n" ..
    "  while true do pcall(function() while true do end end) end\nend\nreturn scene\n",
    { budget = 0.3 })
  test.eq(message(rt), "script ran for more than 0.3 s without returning (an endless loop?)")
end)

test("time in C counts: world:step(1e9), a huge step, a runtime made to outlast the budget", function()
  local rt = run("local scene = {}\nfunction scene.load(world)\n" ..
    "  world:rope{ from = {0, 0}, to = {1, 0}, segments = 10 }\n  world:step(1e9)\nend\nreturn scene\n",
    { budget = 0.3 })
  test.eq(message(rt), "script ran for more than 0.3 s without returning (an endless loop?)")
  test.eq(rt:error():match("^[^\n]*:(%d+): script"), "4", "the line of the call")
  rt = run([[
local scene = {}
function scene.load(world)
  world.substeps, world.iterations = 1000, 1000
  world:rope{ from = {0, 0}, to = {10, 0}, segments = 2000, pin_start = true }
end
return scene
]], { budget = 0.3 })
  test.eq(rt:step(), false)
  test.eq(rt:error(), "the world's step failed: the step ran for more than 0.3 s " ..
    "(too many substeps, iterations or springs?)")
  test.eq(rt:world().step_count, 1, "the step ended early, the world is whole")
  local inner = test.write("return {}\n", ".lua")
  rt = run(([[
local taut = require "taut"
local scene = {}
function scene.load()
  taut.runtime(%q, { budget = 100 }):step(1e9)
end
return scene
]]):format(inner), { budget = 0.3 })
  test.eq(message(rt), "script ran for more than 0.3 s without returning (an endless loop?)")
end)

test("a world's memory is capped: max_bytes refuses with its name, the world steps on", function()
  local w = taut.world{ max_bytes = 2 * MIB }
  test.eq(w.max_bytes, 2 * MIB)
  local made = 0
  local ok, err = pcall(function()
    while true do
      w:rope{ from = {0, made}, to = {10, made}, segments = 1000 }
      made = made + 1
    end
  end)
  test.eq(ok, false)
  test.eq(err:gsub("^[^:]+:%d+: ", ""), "bad argument #1 to 'rope' (the world's memory limit was reached (max_bytes))")
  test.ok(made >= 1 and w.bytes <= 2 * MIB, ("%d ropes, %d bytes"):format(made, w.bytes))
  w:step()
  test.eq(w.step_count, 1)
  test.error(function() taut.world{ max_bytes = 0 } end,
    "bad argument #1 to 'world' (max_bytes must be a number of bytes > 0)")
  test.error(function() w.max_bytes = -1 end, "cannot set 'max_bytes' (integer >= 1 expected, got number)")
  w.max_bytes = 64 * MIB
  w:rope{ from = {0, -1}, to = {10, -1}, segments = 1000 }
  test.error(function() w:rope{ segments = 1e9 } end,
    "bad argument #1 to 'rope' (a rope needs 1 to 100000 segments)")
  local bytes = taut.core_bytes()
  w:destroy()
  test.ok(taut.core_bytes() < bytes - 2 * MIB, "the world gave its bytes back")
end)
