-- 3D recordings replay exactly at any window size: the pointer is held in
-- view units (its ray) and the camera's pose each time it moved, so a
-- grab or a slash made after an orbit lands where it landed. The session
-- is a format-1 script (pixels, test.recording) replayed with --record at
-- 1280x720: it orbits (a left drag on nothing), grabs a rope after the
-- orbit and slashes two; the recording it makes is format 2.
local test = require "test"

local SCENE = "tests/scenes/orbit_cuts.lua"  -- examples/orbit.lua, counting its cuts

-- "step kind button sx sy" (3 press, 4 release, 5 move; pixels at 1280x720)
local SESSION = {
  "10 3 1 60 60", "11 5 0 120 80", "12 5 0 200 100", "13 4 1 200 100",   -- orbit
  "40 3 1 462 350", "41 5 0 400 330", "42 5 0 300 300", "60 4 1 300 300", -- grab the left rope
  "90 3 3 560 240", "91 5 0 640 245", "92 5 0 720 250", "93 4 3 720 250", -- slash the others
}
local STEPS = 150

local function script(scene)
  local entries = {}
  for _, i in ipairs(SESSION) do
    local step, kind, button, sx, sy = i:match("(%d+) (%d) (%d) (%d+) (%d+)")
    entries[#entries + 1] = ("input %s %s %s 0 0 0 0 %s %s 1 -"):format(step, kind, button, sx, sy)
  end
  return test.recording(scene, entries, STEPS, { "scripts/vec.lua" })
end

-- A headless run: status, output, world hash, camera line, cuts.
local function run(...)
  local status, out = test.taut("--headless", ...)
  return status, out, out:match("world hash (%x+) after " .. STEPS .. " steps"),
    out:match("taut: camera ([^\n]+)"), tonumber(out:match("cuts (%d+)"))
end

test("a 3D session (orbit, grab, slash) replays to its hash, camera and picture at any size", function()
  local scene = SCENE
  local inputs, rec = script(scene), test.tmpname(".rec")
  local shot, again = test.tmpname(".png"), test.tmpname(".png")
  local status, out, hash, camera, cuts = run("--size", "1280x720", "--replay", inputs, "--record", rec,
    "--screenshot", shot, scene)
  test.eq(status, 0, out)
  test.eq(cuts, 2, "the slash after the orbit cut both ropes")
  local text = test.read(rec)
  test.eq(text:match("^taut recording (%d+)\n"), "2")
  local poses = {}
  for yaw in text:gmatch("\ncamera %d+ %S+ %S+ %S+ (%S+) ") do poses[#poses + 1] = yaw end
  test.eq(#poses, 3, "the framing and two steps of the orbit")
  test.ok(math.abs(tonumber(poses[3]) - tonumber(poses[1])) > 1, "it turned: yaw " .. poses[1] .. " to " .. poses[3])
  test.eq(camera, ("target %s yaw %s pitch %s distance %s fov %s"):format(
    text:match("\ncamera %d+ (%S+ %S+ %S+) (%S+) (%S+) (%S+) (%S+)\n[^\n]*\ninput 13 ")), "the last pose is the run's")
  -- the grab took the rope: no camera moved between its press and release
  test.ok(not text:match("\ninput 40 3 1 [^\n]*\n.-\ncamera 4%d "), "the press at step 40 grabbed")
  for _, size in ipairs { "1280x720", "640x360", "900x900" } do
    local s, o, h, c, n = run("--size", size, "--replay", rec, "--screenshot", again, scene)
    test.eq(s, 0, o)
    test.eq(h, hash, "world hash at " .. size)
    test.eq(c, camera, "camera at " .. size)
    test.eq(n, 2, "cuts at " .. size)
    if size == "1280x720" then
      test.eq(test.read(again) == test.read(shot), true, "the replay's last frame is the session's, byte for byte")
    end
  end
  -- the old script, pixels with the camera of the window it plays in,
  -- lands elsewhere at another size; so does the new one without its camera
  local _, _, h, _, n = run("--size", "640x360", "--replay", inputs, scene)
  test.ok(h ~= hash and n == 0, ("a pixel script at 640x360: %s, %s cuts"):format(h, n))
  local blind = test.write((text:gsub("\ncamera [^\n]*", "")), ".rec")
  local s, o = run("--replay", blind, scene)
  test.eq(s, 1, o)
  test.ok(o:find(blind .. ":%d+: the replay diverged after step 60: world hash %x+, recorded %x+\n"), o)
  for _, f in ipairs { inputs, rec, shot, again, blind } do os.remove(f) end
end)

-- A damaged camera entry, or one in a format-1 file: the file and line.
local HEAD = "taut recording %d\nscene examples/orbit.lua\nroot /x\n"
local function refused(name, text, expected)
  test("a recording " .. name .. " is refused naming the file and line", function()
    local rec = test.write(text, ".rec")
    local status, out = test.taut("--headless", "--replay", rec, "examples/orbit.lua")
    test.eq(status, 1, out)
    test.eq(out, ("taut: %s:%s\n"):format(rec, expected))
    os.remove(rec)
  end)
end
refused("with a camera entry short of a field", HEAD:format(2) .. "camera 0 0x0p+0 0x0p+0 0x0p+0 0x0p+0 0x0p+0 0x1p+0\nend 1\n",
  "4: bad camera entry (expected: camera step x y z yaw pitch distance fov)")
refused("with a camera entry not a number", HEAD:format(2) .. "camera 0 0 0 0 0 0 far 1\nend 1\n",
  "4: bad camera entry (expected: camera step x y z yaw pitch distance fov)")
refused("of format 1 with a camera entry", HEAD:format(1) .. "camera 0 0 0 0 0 0 1 1\nend 1\n",
  "4: a camera entry in a recording of format 1 (the camera is held from format 2 on)")
refused("with a camera entry out of step order", HEAD:format(2) .. "hash 5 00\ncamera 3 0 0 0 0 0 1 1\nend 9\n",
  "5: step 3 comes after step 5")

