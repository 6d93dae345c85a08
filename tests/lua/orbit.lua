-- examples/orbit.lua, run headless as it is, wrapped by a scene that
-- measures it: the hair roots ride the dancing frame exactly, the crate
-- shows its texture over its collider, the head is drawn lit, and a rope
-- yanked hard and two slashed come to rest the same way every replay.
local test = require "test"

-- The example, its update and draw wrapped to print what they see.
local WRAPPED = [[
local scene = dofile("examples/orbit.lua")
local load, update, draw = scene.load, scene.update, scene.draw
local function xyz(v) return ("%.6f %.6f %.6f"):format(v[1], v[2], v[3]) end
function scene.load(world, tune)
  load(world, tune)
  -- the particles pinned to the frame, and where on it
  scene.roots = {}
  for _, p in ipairs(world:particles_in({-9, -9, -9}, {9, 9, 9})) do
    if p.pinned_to == scene.frame then
      scene.roots[#scene.roots + 1] = { p = p, at = scene.frame:to_local(p.position) }
    end
  end
  print("roots " .. #scene.roots)
end
function scene.update(world, dt, tune)
  -- before this step's move: where the last one left the frame
  local worst = 0
  for _, r in ipairs(scene.roots) do
    local want, got = scene.frame:to_world(r.at), r.p.position
    for k = 1, 3 do worst = math.max(worst, math.abs(got[k] - want[k])) end
  end
  scene.worst = math.max(scene.worst or 0, worst)
  scene.high = math.max(scene.high or 0, scene.frame.position[2])
  scene.energy0 = scene.energy0 or world.energy
  scene.energy, scene.strain = world.energy, world.max_strain
  scene.peak = math.max(scene.peak or 0, world.energy)
  update(world, dt, tune)
end
function scene.cut() scene.cuts = (scene.cuts or 0) + 1 end
function scene.draw(g)
  draw(g)
  print("worst " .. scene.worst .. " high " .. scene.high)
  print("head " .. xyz(scene.head.position))
  print(("cuts %d energy %.3f from %.3f peak %.3f strain %.5f"):format(scene.cuts or 0,
    scene.energy, scene.energy0, scene.peak, scene.strain))
end
return scene
]]

-- The view's camera from scene.view of the example: a point to pixels
-- (1280 x 720, 50 degrees of vertical field of view).
local EYE, TARGET = { 3.8, 2.4, 5.2 }, { 0.4, 1.5, 0 }
local function unit(v)
  local l = math.sqrt(v[1] ^ 2 + v[2] ^ 2 + v[3] ^ 2)
  return { v[1] / l, v[2] / l, v[3] / l }
end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local forward = unit{ TARGET[1] - EYE[1], TARGET[2] - EYE[2], TARGET[3] - EYE[3] }
local right = unit{ -forward[3], 0, forward[1] }
local up = { right[2] * forward[3] - right[3] * forward[2],
             right[3] * forward[1] - right[1] * forward[3],
             right[1] * forward[2] - right[2] * forward[1] }
local function screen(p)
  local d = { p[1] - EYE[1], p[2] - EYE[2], p[3] - EYE[3] }
  local k = 360 / math.tan(math.rad(25)) / dot(d, forward)
  return 640 + k * dot(d, right), 360 - k * dot(d, up)
end

-- The commonest colour of the 7 x 7 pixels about (x, y): what is there,
-- past a strand crossing it.
local function colour_at(img, x, y)
  local count, best, best_n = {}, nil, 0
  for dy = -3, 3 do
    for dx = -3, 3 do
      local r, g, b = img:pixel(math.floor(x + 0.5) + dx, math.floor(y + 0.5) + dy)
      local key = ("%d %d %d"):format(r, g, b)
      count[key] = (count[key] or 0) + 1
      if count[key] > best_n then best, best_n = key, count[key] end
    end
  end
  local r, g, b = best:match("(%d+) (%d+) (%d+)")
  return tonumber(r), tonumber(g), tonumber(b)
end

test("orbit.lua: the hair rides the dancing frame exactly; head and crate are drawn", function()
  local status, out, img = test.shoot(WRAPPED, "--frames", "300")
  test.eq(status, 0, out)
  test.eq(tonumber(out:match("roots (%d+)")), 7, "seven strands pinned to the frame")
  local worst, high = out:match("worst (%S+) high (%S+)")
  test.near(tonumber(worst), 0, 1e-4, "the roots' worst gap from their place on the frame (m)")
  test.ok(tonumber(high) > 1.0 + 0.3, "the frame hopped: its highest point " .. high)
  -- the crate's face towards the camera (turned 0.5 rad about y): wood
  local n = { math.sin(0.5), 0, math.cos(0.5) }
  local x, y = screen{ 1.7 + 0.35 * n[1], 0.35 + 0.2, -0.6 + 0.35 * n[3] }
  local r, g, b = colour_at(img, x, y)
  test.ok(r > g and g > b and r - b > 50, ("the crate's wood at %.0f, %.0f: %d %d %d"):format(x, y, r, g, b))
  -- the head, where draw saw it: the colliders' slate blue, lit
  local hx, hy, hz = out:match("head (%S+) (%S+) (%S+)")
  x, y = screen{ tonumber(hx), tonumber(hy), tonumber(hz) }
  r, g, b = colour_at(img, x, y)
  test.ok(b > g and g > r and b > 120, ("the head at %.0f, %.0f: %d %d %d"):format(x, y, r, g, b))
end)

-- Replayed inputs ("step kind button sx sy", kinds 3 press, 4 release, 5
-- move): the left rope grabbed 0.9 m below its top and flung across the
-- screen in four steps, let go, then a slash across the other two ropes.
local YANK_AND_SLASH = {
  "30 3 1 536 292", "31 5 0 400 380", "32 5 0 150 520", "34 5 0 1000 250",
  "40 4 1 1000 250",
  "100 3 3 590 392", "101 5 0 680 394", "102 5 0 780 398", "103 4 3 780 398",
}

test("orbit.lua: a rope yanked hard comes to rest, a slash cuts, a replay gives the same bits", function()
  local hashes = {}
  for k = 1, 2 do
    local status, out = test.replayed(WRAPPED, YANK_AND_SLASH, 420, { "scripts/vec.lua" })
    test.eq(status, 0, out)
    hashes[k] = out:match("world hash (%x+)")
    local cuts, energy, energy0, peak, strain =
      out:match("cuts (%d+) energy (%S+) from (%S+) peak (%S+) strain (%S+)")
    test.ok(tonumber(peak) > 1.5 * tonumber(energy0), "the yank took the rope: energy up to " .. peak)
    test.ok(tonumber(cuts) >= 2, "the slash cut both ropes: " .. cuts)
    -- 6 s after the yank (which stretches it while held): back near rest
    test.ok(tonumber(energy) < 1.5 * tonumber(energy0), ("energy %s J, %s at the start"):format(energy, energy0))
    test.ok(tonumber(strain) < 0.02, "max strain " .. strain)
  end
  test.ok(hashes[1] and hashes[1] == hashes[2], tostring(hashes[1]) .. " vs " .. tostring(hashes[2]))
end)
