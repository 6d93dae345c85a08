-- The sidecar "<scene>.tuned": values tuned and not saved, each with the
-- file value it was tuned from; a newer save of the file wins over it.
-- taut.runtime(path, {keep = true}) and rt:quit() read and write it as the
-- program does at start and quit.
local taut = require "taut"
local test = require "test"

local SCENE = [[
local scene = { title = "sidecar" }
scene.tune = {
  gravity = {9.81, 0, 30},
  segments = {30, 2, 200},
  length = {6, 1, 20},
}
function scene.load(world, tune)
  assert(math.type(tune.segments) == "integer", "segments is a " .. math.type(tune.segments))
  world.gravity = {0, -tune.gravity}
  world:particle{ position = {0, tune.length} }
end
function scene.tuned(world, tune)
  world.gravity = {0, -tune.gravity}
end
return scene
]]

-- The HUD's notes, as one line (they are broken to fit beside the panel).
local function notice(rt)
  return (rt:notice():gsub("\n", " "))
end

-- A run of the scene at path that tunes two values and quits.
local function tune_and_quit(path)
  local rt = taut.runtime(path, { keep = true })
  test.eq(rt:error(), nil)
  rt:set("gravity", 21.1)
  rt:set("segments", 12)
  rt:quit()
  return rt
end

test("the sidecar holds only what was tuned, with the value it was tuned from", function()
  local path = test.write(SCENE, ".lua")
  local rt = tune_and_quit(path)
  test.eq(test.read(path .. ".tuned"), "gravity=21.1 (from 9.81)\nsegments=12 (from 30)\n")
  rt:close()
  local again = taut.runtime(path, { keep = true })
  test.eq(again:error(), nil, "segments came back an integer (load asserts it)")
  test.eq(again:tune().gravity, 21.1)
  test.eq(again:tune().segments, 12)
  test.near(again:world().gravity[2], -21.1, 1e-5)
  test.eq(again:unsaved(), 2, "still not saved: the HUD says so, the next quit keeps them")
  test.eq(notice(again), "applied 2 tuned values kept in " .. path ..
    ".tuned at the last quit (Ctrl+S writes them into the scene)")
  again:close(); os.remove(path); os.remove(path .. ".tuned")
end)

test("a file saved with a new value since wins over the sidecar, and says so", function()
  local path = test.write(SCENE, ".lua")
  tune_and_quit(path):close()
  -- saved in an editor between the two runs: gravity 12, length 9
  test.save(path, test.edit(test.edit(SCENE, "{9.81, 0, 30}", "{12, 0, 30}"), "{6, 1, 20}", "{9, 1, 20}"))
  local again = taut.runtime(path, { keep = true })
  test.eq(again:error(), nil)
  test.eq(again:tune().gravity, 12, "the file's value")
  test.eq(again:tune().length, 9, "a value never tuned is the file's")
  test.eq(again:tune().segments, 12, "the sidecar's, the file still says 30")
  test.eq(notice(again),
    path .. ".tuned: gravity=21.1 was tuned from 9.81, the scene now says 12: the scene's value wins " ..
    "applied 1 tuned value kept in " .. path .. ".tuned at the last quit (Ctrl+S writes them into the scene)")
  again:quit()
  test.eq(test.read(path .. ".tuned"), "segments=12 (from 30)\n", "what the file won is gone")
  again:close(); os.remove(path); os.remove(path .. ".tuned")
end)

test("a hot reload that changes a tuned value's literal drops it: the sidecar goes with it", function()
  local path = test.write(SCENE, ".lua")
  local rt = taut.runtime(path, { keep = true })
  rt:set("gravity", 21.1)
  test.save(path, test.edit(SCENE, "{9.81, 0, 30}", "{15, 0, 30}"))
  test.eq(rt:reload(), "tune")
  test.eq(rt:tune().gravity, 15)
  test.eq(rt:unsaved(), 0)
  test.save(path .. ".tuned", "gravity=21.1 (from 9.81)\n")  -- an old sidecar
  rt:quit()
  test.eq(test.read(path .. ".tuned"), nil, "nothing unsaved: no sidecar")
  rt:close(); os.remove(path)
end)

test("Ctrl+S writes the tuned literals (integers as integers) and the quit leaves no sidecar", function()
  local path = test.write(SCENE, ".lua")
  local rt = taut.runtime(path, { keep = true })
  rt:set("segments", 40)
  rt:set("gravity", 10)
  rt:save()
  local saved = test.edit(test.edit(SCENE, "{30, 2, 200}", "{40, 2, 200}"), "{9.81, 0, 30}", "{10.0, 0, 30}")
  test.eq(test.read(path), saved)
  rt:quit()
  test.eq(test.read(path .. ".tuned"), nil)
  rt:close()
  local again = taut.runtime(path)
  test.eq(again:error(), nil, "segments is still an integer")
  again:close(); os.remove(path)
end)

test("sidecar lines that are not name=value (from value) are said and skipped", function()
  local path = test.write(SCENE, ".lua")
  test.save(path .. ".tuned", "gravity=21.1\nlength=7 (from 6)\nsegments=abc (from 30)\n")
  local status, out = test.taut("--headless", "--frames", "0", path)
  test.eq(status, 0, out)
  test.eq(out, "taut: " .. path .. ".tuned:1: not 'name=value (from value)': ignored\n" ..
    "taut: " .. path .. ".tuned: segments=abc does not fit tune.segments (30): dropped\n" ..
    "taut: applied 1 tuned value kept in " .. path .. ".tuned at the last quit (Ctrl+S writes them into the scene)\n" ..
    "taut: 1 tuned value not saved with Ctrl+S: kept in " .. path .. ".tuned (applied at the next start)\n")
  test.eq(test.read(path .. ".tuned"), "length=7 (from 6)\n")
  os.remove(path); os.remove(path .. ".tuned")
end)

test("at start the HUD says a sidecar value was dropped; the panel shows the file's", function()
  local scene = test.write(assert(io.open("examples/rope.lua")):read("a"), "-rope.lua")
  local dropped = test.tmpname(".png")
  local plain = test.layout("--frames", "0", scene)
  test.save(scene .. ".tuned", "gravity=21.1 (from 5)\n")
  local layout = test.layout("--frames", "0", "--screenshot", dropped, scene)
  test.eq(test.read(scene .. ".tuned"), nil, "nothing left unsaved: the quit removed it")
  test.save(scene .. ".tuned", "gravity=21.1 (from 5)\n")
  local status, out = test.taut("--headless", "--frames", "0", scene)
  test.eq(status, 0, out)
  test.ok(out:find("taut: " .. scene .. ".tuned: gravity=21.1 was tuned from 5, the scene now says 9.81: " ..
    "the scene's value wins\n", 1, true), out)
  test.eq(plain.text.h, 66, "three lines of 24 px")
  test.eq(layout.text.h, 66 + 24, "and the note's, the HUD's strip grown to hold it")
  test.eq(layout.scene.y, layout.hud.h, "the scene below it")
  local x0, w = test.slider_track(layout, 3)  -- rows: angle, compliance, gravity
  test.near(test.knob_at(taut.image(dropped), layout, 3), x0 + w * 9.81 / 30 - 3.5 * layout.scale,
    2, "gravity 9.81, the file's")
  os.remove(scene); os.remove(scene .. ".tuned"); os.remove(dropped)
end)
