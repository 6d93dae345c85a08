-- A swap is made against the running scene: the new callbacks see the
-- scene table load filled and the top-level locals with their running
-- values (README, "what survives a swap").
local taut = require "taut"
local test = require "test"

local SCENE = [[
local scene = {}
local count = 0

local function push(world)
  world.gravity = {scene.k, -1}
end

function scene.load(world, tune)
  world:particle{ position = {0, 0} }
  scene.k = 7
  scene.extra = function() return "made by load" end
end

function scene.update(world, dt, tune)
  count = count + 1
  world.gravity = {count, 0}
end

function scene.keypressed(key)
  return key == "x"
end

return scene
]]

test("a swapped update keeps counting in the running local; the change is said once", function()
  local path = test.write(SCENE, ".lua")
  local rt = taut.runtime(path)
  rt:step(10)
  test.eq(rt:world().gravity[1], 10)
  test.save(path, test.edit(SCENE, "count = count + 1", "count = count + 2"))
  test.eq(rt:reload(), "swap")
  test.eq(rt:notice():gsub("\n", " "), "swap: scene.update uses the top-level local 'count': " ..
    "it keeps its running value 10 (the file starts it at 0)")
  rt:step(5)
  test.eq(rt:world().gravity[1], 20, "10 + 5 * 2: the running count, the new code")
  test.save(path, test.edit(SCENE, "count = count + 1", "count = count + 3"))
  test.eq(rt:reload(), "swap")
  test.eq(rt:notice(), "", "said once")
  rt:step(1)
  test.eq(rt:world().gravity[1], 23)
  rt:close(); os.remove(path)
end)

test("a helper no running code used reaches the live scene table through the swap", function()
  local path = test.write(SCENE, ".lua")
  local rt = taut.runtime(path)
  rt:step(2)
  test.save(path, test.edit(SCENE, "  world.gravity = {count, 0}\n", "  push(world)\n"))
  test.eq(rt:reload(), "swap")
  test.eq(rt:step(1), true, rt:error())
  test.eq(rt:world().gravity[1], 7, "scene.k, set by load, read by the new helper")
  rt:close(); os.remove(path)
end)

test("what load put in the scene table stays; a removed callback goes", function()
  local path = test.write(SCENE .. "", ".lua")
  local rt = taut.runtime(path)
  local text = test.edit(SCENE, "function scene.keypressed(key)\n  return key == \"x\"\nend\n", "")
  text = test.edit(text, "  world.gravity = {count, 0}\n", "  world.gravity = {count, 0}\n" ..
    "  assert(scene.extra() == 'made by load')\n  assert(scene.keypressed == nil)\n")
  test.save(path, text)
  test.eq(rt:reload(), "swap")
  test.eq(select(3, rt:last_reload()), "changed update; removed keypressed")
  test.eq(rt:step(3), true, rt:error())
  rt:close(); os.remove(path)
end)

test("after a comment-only edit (same) an error names the line the file has now", function()
  local text = test.edit(SCENE, "  count = count + 1\n", "  count = count + 1\n  if tune.boom then error('boom') end\n")
  text = test.edit(text, "local scene = {}\n", "local scene = {}\nscene.tune = { boom = false }\n")
  local path = test.write(text, ".lua")
  local rt = taut.runtime(path)
  rt:step(1)
  test.save(path, test.edit(text, "function scene.update", "-- one\n-- two\nfunction scene.update"))
  test.eq(rt:reload(), "same")
  rt:set("boom", true)
  test.eq(rt:step(1), false)
  test.ok(rt:error():find("scene.update failed: " .. path .. ":19: boom", 1, true), rt:error())
  rt:close(); os.remove(path)
end)
