-- Hot reload (DESIGN.md §3) driven headless through taut.runtime: a test
-- rewrites the scene file and polls, as the viewport does once per frame.
local taut = require "taut"
local test = require "test"

local SCENE = [[
local scene = { title = "reload test" }
scene.tune = {
  wind = {0, -10, 10},   -- m/s^2 sideways
  mass = 1,
}

function scene.load(world, tune)
  world.gravity = {tune.wind, -9.81}
  local pin = world:particle{ position = {0, 0}, pinned = true }
  scene.bob = world:particle{ position = {2, 0}, mass = tune.mass }
  world:spring{ a = pin, b = scene.bob }
end

function scene.tuned(world, tune, changed)
  world.gravity = {tune.wind, -9.81}
end

function scene.update(world, dt, tune)
end

return scene
]]

local function scene_file(text)
  local path = test.tmpname(".lua")
  test.save(path, text or SCENE)
  return path
end

local function bob(world)
  return world:particles()[2].position
end

test("a tune edit applies on the next frame; the world until then is an uninterrupted run's", function()
  local path = scene_file()
  local plain = taut.runtime(path)
  plain:step(30)
  local hash30, x30 = plain:world():hash(), bob(plain:world())[1]
  plain:step(30)
  local plain_x60 = bob(plain:world())[1]
  local rt = taut.runtime(path)
  rt:step(30)
  test.eq(rt:world():hash(), hash30, "same state as the uninterrupted run at frame 30")
  test.save(path, test.edit(SCENE, "wind = {0,", "wind = {3,"))
  test.eq(rt:poll(), "tune")
  test.eq(rt:world():hash(), hash30, "the reload kept the world bit for bit")
  test.eq(bob(rt:world())[1], x30)
  test.eq(rt:world().gravity[1], 3, "scene.tuned applied the new value")
  test.eq(rt:tune().wind, 3)
  rt:step(30)
  test.ok(bob(rt:world())[1] > plain_x60 + 0.05, ("the wind pushed the bob: %.4f vs %.4f")
    :format(bob(rt:world())[1], plain_x60))
  test.eq(rt:poll(), "none", "no second reload without a save")
  rt:close(); plain:close(); os.remove(path)
end)

test("a changed callback is swapped in and the world kept", function()
  local path = scene_file()
  local rt = taut.runtime(path)
  rt:step(20)
  local hash, world = rt:world():hash(), rt:world()
  test.save(path, test.edit(SCENE, "function scene.update(world, dt, tune)\n",
    "function scene.update(world, dt, tune)\n  world.gravity = {0, -20}\n"))
  test.eq(rt:poll(), "swap")
  test.eq(rt:world(), world, "same world")
  test.eq(rt:world():hash(), hash, "world kept bit for bit")
  rt:step(1)
  test.eq(rt:world().gravity[2], -20, "the new update runs")
  rt:close(); os.remove(path)
end)

test("a changed load rebuilds the world and keeps tuned values", function()
  local path = scene_file()
  local rt = taut.runtime(path)
  rt:set("wind", 2)
  rt:step(20)
  local old = rt:world()
  test.save(path, test.edit(SCENE, "position = {2, 0}", "position = {3, 0}"))
  test.eq(rt:poll(), "rebuild")
  test.error(function() return old.step_count end,
    "cannot read 'step_count' (world was destroyed)")
  test.eq(rt:world().step_count, 0)
  test.eq(bob(rt:world())[1], 3, "built by the new load")
  test.eq(rt:tune().wind, 2, "the tuned value survived the rebuild")
  test.eq(rt:world().gravity[1], 2, "and load saw it")
  test.eq(rt:rebuild(), "rebuild", "R rebuilds too")
  test.eq(rt:tune().wind, 2)
  rt:close(); os.remove(path)
end)

test("a syntax error keeps the last good scene running; the next good save recovers", function()
  local path = scene_file()
  local rt = taut.runtime(path)
  rt:step(5)
  local world = rt:world()
  test.save(path, test.edit(SCENE, "function scene.update(world, dt, tune)\n", "function scene.update(world, dt, tune\n"))
  test.eq(rt:poll(), "error")
  local err = rt:error()
  test.ok(err:find(path .. ":19: ')' expected near 'end'", 1, true), err)
  test.ok(rt:step(10), "the last good scene still steps")
  test.eq(world.step_count, 15)
  test.save(path, SCENE)
  test.eq(rt:poll(), "same", "the last good text again")
  test.eq(rt:error(), nil, "recovered without a restart")
  test.save(path, test.edit(SCENE, "wind = {0,", "wind = {1,"))
  test.eq(rt:poll(), "tune")
  test.eq(rt:world(), world, "the same world throughout")
  rt:close(); os.remove(path)
end)

test("an error in update halts with file:line; fixing it resumes the same world", function()
  local path = scene_file()
  local rt = taut.runtime(path)
  rt:step(3)
  test.save(path, test.edit(SCENE, "function scene.update(world, dt, tune)\n",
    "function scene.update(world, dt, tune)\n  local x = nil\n  x.y = 1\n"))
  test.eq(rt:poll(), "swap")
  test.eq(rt:step(1), false, "halted")
  test.ok(rt:error():find("scene.update failed: " .. path .. ":20: attempt to index a nil value", 1, true), rt:error())
  test.ok(rt:error():find("stack traceback:", 1, true))
  test.save(path, SCENE)
  test.eq(rt:poll(), "swap")
  test.eq(rt:step(1), true, "running again")
  test.eq(rt:world().step_count, 4)
  rt:close(); os.remove(path)
end)

test("an error in a new load keeps the old world running", function()
  local path = scene_file()
  local rt = taut.runtime(path)
  local world = rt:world()
  test.save(path, test.edit(SCENE, "  world:spring{", "  error('no rope today')\n  world:spring{"))
  test.eq(rt:poll(), "error")
  test.ok(rt:error():find("scene.load failed: " .. path .. ":11: no rope today", 1, true), rt:error())
  test.eq(rt:world(), world)
  test.ok(rt:step(2))
  test.eq(world.step_count, 2)
  rt:close(); os.remove(path)
end)

test("a save by rename over the file (vim, VS Code) is seen", function()
  local path = scene_file()
  local rt = taut.runtime(path)
  local tmp = path .. ".swp"
  test.save(tmp, test.edit(SCENE, "wind = {0,", "wind = {-4,"))
  assert(os.rename(tmp, path))
  test.eq(rt:poll(), "tune")
  test.eq(rt:tune().wind, -4)
  rt:close(); os.remove(path)
end)

test("a change to a required module of the scene's folder rebuilds", function()
  local path = scene_file()
  local name = path:match("([^/]+)%.lua$") .. "_mod"
  local module = path:gsub("[^/]+$", name .. ".lua")
  test.save(module, "return { x = 2 }\n")
  local text = test.edit(SCENE, "position = {2, 0}", "position = {require(%q).x, 0}")
  test.save(path, text:format(name))
  local rt = taut.runtime(path)
  test.eq(bob(rt:world())[1], 2)
  test.save(module, "return { x = 5 }\n")
  test.eq(rt:poll(), "rebuild")
  test.eq(bob(rt:world())[1], 5)
  rt:close(); os.remove(path); os.remove(module)
end)

test("Ctrl+S rewrites only the tuned literals; a restart starts with them", function()
  local path = scene_file()
  local rt = taut.runtime(path)
  rt:set("wind", 2.5)
  rt:set("mass", 0.125)
  test.eq(rt:unsaved(), 2)
  rt:save()
  test.eq(rt:unsaved(), 0)
  local expected = test.edit(test.edit(SCENE, "wind = {0,", "wind = {2.5,"), "mass = 1,", "mass = 0.125,")
  test.eq(test.read(path), expected, "every other byte kept")
  test.eq(rt:poll(), "tune", "its own save reads back as a tune reload")
  test.eq(rt:tune().wind, 2.5)
  rt:close()
  local again = taut.runtime(path)
  test.eq(again:tune().wind, 2.5)
  test.eq(again:tune().mass, 0.125)
  test.eq(again:world().gravity[1], 2.5)
  again:close(); os.remove(path)
end)

test("sliders get {value, min, max} ranges, or one inferred from a plain number", function()
  local path = scene_file()
  local rt = taut.runtime(path)
  local values, ranges = rt:tune()
  test.eq(values.wind, 0)
  test.eq(ranges.wind[1], -10); test.eq(ranges.wind[2], 10)
  test.eq(ranges.mass[1], 0); test.eq(ranges.mass[2], 2)
  test.error(function() rt:set("gust", 1) end,
    "bad argument #1 to 'set' (the scene has no tune value 'gust')")
  rt:close()
  test.error(function() rt:step() end, "calling 'step' on bad self (runtime was closed)")
  os.remove(path)
end)

test("1000 reloads of each kind leave the core and Lua byte counters at their baseline", function()
  local path = scene_file()
  local rt = taut.runtime(path)
  rt:rebuild()
  collectgarbage()
  local core, lua = taut.core_bytes(), rt:lua_bytes()
  for i = 1, 1000 do rt:rebuild() end
  test.eq(taut.core_bytes(), core, "core bytes after 1000 rebuilds")
  test.eq(rt:lua_bytes(), lua, "Lua bytes after 1000 rebuilds")
  local a, b = test.edit(SCENE, "wind = {0,", "wind = {1,"), SCENE
  test.save(path, a); rt:poll(); test.save(path, b); rt:poll()
  local tuned = rt:lua_bytes()
  for i = 1, 500 do
    test.save(path, a); test.eq(rt:poll(), "tune")
    test.save(path, b); test.eq(rt:poll(), "tune")
  end
  test.eq(taut.core_bytes(), core, "core bytes after 1000 tune reloads")
  test.eq(rt:lua_bytes(), tuned, "Lua bytes after 1000 tune reloads")
  rt:close(); os.remove(path)
end)
