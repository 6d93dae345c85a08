-- Captures: F12 writes screenshots/<scene>-<n>.png next to the scene, F9
-- records an animated GIF there (through giflib), both said in a toast.
local taut = require "taut"
local test = require "test"

local function quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

-- A copy of examples/rope.lua in a folder of its own; the folder and path.
local function scene_copy()
  local dir = test.tmpname("")
  os.execute("mkdir -p " .. quote(dir))
  local path = dir .. "/rope.lua"
  assert(io.open(path, "w")):write(assert(io.open("examples/rope.lua")):read("a")):close()
  return dir, path
end

local key_at = test.key_at

-- Replay inputs (entry lines) for frames steps of scene (a headless
-- replay acts on the viewer's keys where they were recorded).
local function run(scene, frames, inputs, ...)
  local path = test.recording(scene, inputs, frames)
  local status, out = test.taut("--headless", "--replay", path, ...)
  os.remove(path)
  return status, out
end

-- The frames of a GIF file: {width, height, frames, delay (1/100 s)},
-- walking its blocks (GIF89a: header, screen, extensions, images).
local function gif_info(path)
  local data = assert(io.open(path, "rb")):read("a")
  local function u16(at) return data:byte(at) + 256 * data:byte(at + 1) end
  local info = { magic = data:sub(1, 6), width = u16(7), height = u16(9), frames = 0, delay = 0 }
  local at = 14
  if data:byte(11) & 0x80 ~= 0 then at = at + 3 * 2 ^ ((data:byte(11) & 7) + 1) end
  local function skip_blocks()
    while data:byte(at) ~= 0 do at = at + data:byte(at) + 1 end
    at = at + 1
  end
  while at <= #data and data:byte(at) ~= 0x3B do
    local kind = data:byte(at)
    if kind == 0x21 then
      if data:byte(at + 1) == 0xF9 then info.delay = info.delay + u16(at + 4) end
      at = at + 2
      skip_blocks()
    elseif kind == 0x2C then
      info.frames = info.frames + 1
      local flags = data:byte(at + 9)
      at = at + 10
      if flags & 0x80 ~= 0 then at = at + 3 * 2 ^ ((flags & 7) + 1) end
      at = at + 1  -- LZW minimum code size
      skip_blocks()
    else
      error(("%s: unknown block 0x%02x at %d"):format(path, kind, at))
    end
  end
  info.ends = data:byte(at) == 0x3B
  return info
end

test("F12 writes screenshots/<scene>-<n>.png next to the scene, numbered, and says so", function()
  local dir, scene = scene_copy()
  local status, out = run(scene, 10, key_at(3, "f12") .. key_at(6, "f12"), "--hud", "on", scene)
  test.eq(status, 0, out)
  for n = 1, 2 do
    local png = ("%s/screenshots/rope-%d.png"):format(dir, n)
    test.ok(out:find("taut: saved " .. png, 1, true), out)
    local img = taut.image(png)
    test.eq(img.width .. "x" .. img.height, "1280x720")
  end
  -- the two were taken at steps 3 and 6: the rope had moved between them
  local a = taut.image(dir .. "/screenshots/rope-1.png")
  local b = taut.image(dir .. "/screenshots/rope-2.png")
  local moved = 0
  for y = 200, 700, 4 do
    for x = 0, 950, 4 do
      local r1, g1, b1 = a:pixel(x, y)
      local r2, g2, b2 = b:pixel(x, y)
      if r1 ~= r2 or g1 ~= g2 or b1 ~= b2 then moved = moved + 1 end
    end
  end
  test.ok(moved > 10, moved .. " pixels changed between the shots")
  os.execute("rm -rf " .. quote(dir))
end)

test("F9 records an animated GIF at 30 frames a second until F9 again", function()
  local dir, scene = scene_copy()
  -- 40 steps of 1/60 s recorded: a frame every other step
  local status, out = run(scene, 60, key_at(0, "f9") .. key_at(40, "f9"), "--size", "320x240", scene)
  test.eq(status, 0, out)
  local gif = dir .. "/screenshots/rope-1.gif"
  test.ok(out:find("taut: recording " .. gif, 1, true), out)
  test.ok(out:find("taut: saved " .. gif .. " (20 frames)", 1, true), out)
  local info = gif_info(gif)
  test.eq(info.magic, "GIF89a")
  test.eq(info.width .. "x" .. info.height, "320x240")
  test.eq(info.frames, 20)
  test.near(info.delay, 40 / 60 * 100, 1, "the film lasts as long as the 40 steps")
  test.ok(info.ends, "the GIF is finished (trailer)")
  -- its first frame shows the rope: stb_image reads a GIF's first frame
  local first = taut.image(gif)
  test.ok(first:differing(0, 0, 320, 240, 24, 26, 32) > 100, "the frame has the scene")
  os.execute("rm -rf " .. quote(dir))
end)

test("a GIF still recording when the run ends is finished, not lost", function()
  local dir, scene = scene_copy()
  local status, out = run(scene, 9, key_at(0, "f9"), "--size", "160x120", scene)
  test.eq(status, 0, out)
  local info = gif_info(dir .. "/screenshots/rope-1.gif")
  test.eq(info.frames, 5, "steps 1, 3, 5, 7, 9")
  test.ok(info.ends)
  os.execute("rm -rf " .. quote(dir))
end)

test("a capture that cannot be written says why", function()
  local dir, scene = scene_copy()
  assert(io.open(dir .. "/screenshots", "w")):close()  -- a file where the folder goes
  local status, out = run(scene, 5, key_at(1, "f12"), scene)
  test.eq(status, 0, out)
  test.ok(out:find("taut: cannot make " .. dir .. "/screenshots (", 1, true), out)
  os.execute("rm -rf " .. quote(dir))
end)
