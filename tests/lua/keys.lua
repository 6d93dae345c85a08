-- taut's keys never collide with a scene's: reserved keys are taut's, any
-- other is the scene's when its keypressed takes it. The pause key is read
-- from the key table that `taut --help` prints, so the test follows it.
local test = require "test"

local function hash_of(out)
  return out:match("world hash (%x+) after (%d+) steps")
end

-- The key that pauses, as --help names it ("P" -> "p").
local function pause_key()
  local _, out = test.taut("--help")
  local label = out:match("\n  (%S+)%s+pause")
  test.ok(label, "--help lists a pause key: " .. out)
  return label:lower()
end

local key_at = test.key_at

-- A headless replay of inputs (entry lines) over frames ticks: a headless
-- replay acts on the viewer's keys (P, `.`) where they were recorded.
local function run(scene, frames, inputs)
  local path = test.recorded(scene, inputs, frames)
  local status, out = test.taut("--headless", "--replay", path, scene)
  os.remove(path)
  test.eq(status, 0, scene .. ": " .. out)
  return hash_of(out)
end

test("in every example the pause key pauses", function()
  local key = pause_key()
  test.eq(key, "p", "taut pauses on P (Space belongs to the scenes)")
  for path in io.popen("ls examples/*.lua"):lines() do
    local paused, steps = run(path, 60, key_at(10, key))
    test.eq(steps, "10", path .. ": no step after the pause")
    local ten = run(path, 10, "")
    test.eq(paused, ten, path .. ": paused at step 10 is the world of 10 steps")
    local resumed, more = run(path, 60, key_at(10, key) .. key_at(10, key))
    test.eq(more, "60", path .. ": pressed again, it runs on")
    test.eq(resumed, run(path, 60, ""), path .. ": and the pause cost nothing")
  end
end)

test("a paused world takes single steps with .", function()
  local h, steps = run("examples/rope.lua", 60, key_at(10, "p") .. key_at(10, ".") .. key_at(11, "."))
  test.eq(steps, "12")
  test.eq(h, run("examples/rope.lua", 12, ""))
end)

local GREEDY = [[
local scene = { title = "Greedy" }
function scene.load(world) world:particle{ position = {0, 0} } end
function scene.keypressed(key)
  if key ~= "p" and key ~= "space" then error("the scene saw " .. key) end
  return true
end
return scene
]]

test("reserved keys never reach the scene; a key the scene takes is the scene's", function()
  local scene = test.write(GREEDY, ".lua")
  -- F1, F5, Home, Ctrl+S, Ctrl+P: taut's; the scene's keypressed never runs
  local inputs = key_at(2, "f1") .. key_at(3, "f5") .. key_at(5, "home")
    .. key_at(6, "s", true) .. key_at(7, "p", true) .. key_at(10, "p") .. key_at(12, "space")
  local h, steps = run(scene, 30, inputs)
  test.eq(steps, "30", "P, taken by the scene, did not pause")
  test.eq(h, run(scene, 30, ""))
  os.remove(scene)
end)

test("Space is the scene's: in a scene that has no use for it, it does nothing", function()
  local h, steps = run("examples/rope.lua", 30, key_at(5, "space"))
  test.eq(steps, "30")
  test.eq(h, run("examples/rope.lua", 30, ""))
end)
