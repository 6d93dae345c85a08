-- Hot reload's change classification (scripts/regions.lua): by Lua's
-- tokens, so blank lines, comments and spacing never change the kind, and
-- each kind says why (the HUD shows the reason).
local taut = require "taut"
local test = require "test"

local SCENE = [[
local scene = { title = "classify" }
local HEIGHT = 2

scene.tune = {
  wind = {0, -10, 10},
  mass = 1,
  trail = 5,
}

function scene.load(world, tune)
  world.gravity = {tune.wind, -9.81}
  local pin = world:particle{ position = {0, HEIGHT}, pinned = true }
  scene.bob = world:particle{ position = {2, HEIGHT}, mass = tune.mass }
  world:spring{ a = pin, b = scene.bob }
end

function scene.update(world, dt, tune)
  scene.steps = (scene.steps or 0) + 1
end

function scene.keypressed(key)
  return key == "x"
end

return scene
]]

local U = "function scene.update(world, dt, tune)\n"
local cases = {
  { "blank lines between callbacks", test.edit(SCENE, "\nfunction scene.update", "\n\n\nfunction scene.update"),
    "same", "nothing but comments or spacing" },
  { "a comment inside update", test.edit(SCENE, U, U .. "  -- count the steps\n"), "same" },
  { "a long comment over lines in the rest",
    test.edit(SCENE, "local HEIGHT", "--[==[ a\nnote ]==] local HEIGHT"), "same" },
  { "indentation and spacing inside load",
    test.edit(SCENE, "  world.gravity = {tune.wind, -9.81}", "world.gravity={ tune.wind,-9.81 }"), "same" },
  { "a comment at the end of a line of tune", test.edit(SCENE, "mass = 1,", "mass = 1,  -- kg"), "same" },
  { "a new callback with a blank line each side",
    test.edit(SCENE, "\nreturn scene", "\nfunction scene.draw(g)\n  g:color(1, 1, 1)\nend\n\nreturn scene"),
    "swap", "added draw" },
  { "a callback removed", test.edit(SCENE, "function scene.keypressed(key)\n  return key == \"x\"\nend\n", ""),
    "swap", "removed keypressed" },
  { "a callback body", test.edit(SCENE, "+ 1\n", "+ 2\n"), "swap", "changed update" },
  { "a constant respelt (1 -> 1.0) is a token change", test.edit(SCENE, "+ 1\n", "+ 1.0\n"), "swap", "changed update" },
  { "a callback as scene.name = function",
    test.edit(SCENE, "function scene.keypressed(key)", "scene.keypressed = function(key)"),
    "swap", "changed keypressed" },
  { "a method callback added",
    test.edit(SCENE, "\nreturn scene", "\nfunction scene:mousemoved(x, y) end\nreturn scene"),
    "swap", "added mousemoved" },
  { "a field inside load", test.edit(SCENE, "position = {0, HEIGHT}", "position = {0, HEIGHT}, group = 1"),
    "rebuild", "load changed" },
  { "load's body", test.edit(SCENE, "{2, HEIGHT}", "{3, HEIGHT}"), "rebuild", "load changed" },
  { "a top-level local", test.edit(SCENE, "HEIGHT = 2", "HEIGHT = 3"),
    "rebuild", "line 2 changed, outside the callbacks" },
  { "a tune literal", test.edit(SCENE, "wind = {0,", "wind = {4,"), "tune", "tune wind" },
  { "a tune range", test.edit(SCENE, "{0, -10, 10}", "{0, -20, 20}"), "tune", "range of wind" },
  { "a tune key added", test.edit(SCENE, "mass = 1,", "mass = 1,\n  spare = 3,"), "tune", "tune spare" },
  { "a tune key removed", test.edit(SCENE, "  trail = 5,\n", ""), "rebuild", "tune key 'trail' removed" },
  { "a tune value's type", test.edit(SCENE, "trail = 5,", "trail = true,"), "rebuild",
    "tune value 'trail' changed from number to boolean" },
  { "callbacks and tune at once", test.edit(test.edit(SCENE, "+ 1\n", "+ 2\n"), "wind = {0,", "wind = {1,"),
    "swap", "changed update; tune wind" },
}

for _, c in ipairs(cases) do
  test(("%s -> %s"):format(c[1], c[3]), function()
    local path = test.write(SCENE, ".lua")
    local rt = taut.runtime(path)
    test.eq(rt:error(), nil)
    rt:step(5)
    local world, hash = rt:world(), rt:world():hash()
    test.save(path, c[2])
    test.eq(rt:reload(), c[3], rt:error())
    local kind, _, reason = rt:last_reload()
    test.eq(kind, c[3])
    if c[4] then test.eq(reason, c[4]) end
    if c[3] ~= "rebuild" then
      test.eq(rt:world(), world, "the world kept")
      test.eq(rt:world():hash(), hash, "bit for bit")
      test.eq(rt:step(5), true, rt:error())
    end
    rt:close(); os.remove(path)
  end)
end

local TABLE = [[
local count = 0
return {
  tune = { n = 3 },
  load = function(world, tune)
    world:particle{ position = {0, 0} }
  end,
  update = function(world, dt, tune)
    count = count + 1
  end,
}
]]

test("a scene returned as a table constructor: fields are the callbacks", function()
  local path = test.write(TABLE, ".lua")
  local rt = taut.runtime(path)
  test.eq(rt:error(), nil)
  test.save(path, test.edit(TABLE, "  end,\n}", "  end,\n  draw = function(g) end,\n}"))
  test.eq(rt:reload(), "swap")
  test.eq(select(3, rt:last_reload()), "added draw")
  test.save(path, test.edit(TABLE, "n = 3", "n = 4"))
  test.eq(rt:reload(), "swap", "draw removed again, n changed")
  test.eq(select(3, rt:last_reload()), "removed draw; tune n")
  test.save(path, test.edit(TABLE, "world:particle{ position = {0, 0} }", "world:particle{ position = {1, 0} }"))
  test.eq(rt:reload(), "rebuild")
  test.eq(select(3, rt:last_reload()), "load changed")
  rt:close(); os.remove(path)
end)

test("a module change rebuilds and says which", function()
  local path = test.write("", ".lua")
  local name = path:match("([^/]+)%.lua$") .. "_part"
  local module = path:gsub("[^/]+$", name .. ".lua")
  test.save(module, "return { x = 2 }\n")
  test.save(path, test.edit(SCENE, "local HEIGHT = 2", ("local HEIGHT = require(%q).x"):format(name)))
  local rt = taut.runtime(path)
  test.eq(rt:error(), nil)
  test.save(module, "return { x = 5 }\n")
  test.eq(rt:reload(), "rebuild")
  test.eq(select(3, rt:last_reload()), "module " .. module .. " changed")
  test.eq(rt:world():particles()[1].position[2], 5)
  rt:close(); os.remove(path); os.remove(module)
end)

test("a module that fails at the first load is watched: saving its fix loads the scene", function()
  local dir = test.tmpname("-mod")
  assert(os.execute(("mkdir -p '%s'"):format(dir)))
  test.save(dir .. "/part.lua", "return { x = nil + 1 }\n")
  test.save(dir .. "/scene.lua", "local part = require 'part'\nlocal scene = {}\n" ..
    "function scene.load(world) world:particle{ position = {part.x, 0} } end\nreturn scene\n")
  local rt = taut.runtime(dir .. "/scene.lua")
  test.ok(rt:error():find(dir .. "/part.lua:1: attempt to perform arithmetic on a nil value", 1, true), rt:error())
  test.save(dir .. "/part.lua", "return { x = 4 }\n")
  test.eq(rt:poll(0.5), "rebuild")
  test.eq(rt:error(), nil)
  test.eq(rt:world():particles()[1].position[1], 4)
  rt:close()
  os.execute(("rm -rf '%s'"):format(dir))
end)
