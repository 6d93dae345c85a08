-- Soft bodies from Lua: world:softbody{...}, its settings and measures,
-- filters, friction, tearing, the errors bad input gets, and how they are
-- drawn (filled, strain-coloured, the monitor of the grabbed one).
local taut = require "taut"
local test = require "test"

local function floor_world()
  local w = taut.world{}
  w:collider{ shape = "plane", center = {0, 0} }
  return w
end

test("a ring is made from its options and reads them back", function()
  local w = taut.world{}
  local b = w:softbody{ ring = {center = {1, 2}, radius = 0.5, segments = 16},
    mass = 2, pressure = 1.5, friction = 0.8, restitution = 0.25, damping = 3,
    shape_matching = 0.4, group = 4, mask = 6, max_strain = 0.5, node_radius = 0.03 }
  test.eq(b.kind, "ring")
  test.eq(#b, 16)
  test.eq(#b:nodes(), 16)
  test.eq(#b:springs(), 16)
  test.near(b.rest_area, 16 / 2 * 0.25 * math.sin(2 * math.pi / 16), 1e-5,
    "a regular 16-gon of radius 0.5")
  test.near(b.area, b.rest_area, 1e-6)
  test.near(b.center[1], 1, 1e-5)
  test.near(b.center[2], 2, 1e-5)
  test.near(b.pressure, 1.5, 1e-6)
  test.near(b.friction, 0.8, 1e-6)
  test.near(b.restitution, 0.25, 1e-6)
  test.near(b.damping, 3, 1e-6)
  test.near(b.shape_matching, 0.4, 1e-6)
  test.eq(b.group, 4)
  test.eq(b.mask, 6)
  local p = b:particle(1)
  test.near(p.mass, 2 / 16, 1e-6)
  test.near(p.radius, 0.03, 1e-6)
  test.eq(p.group, 4)
  test.eq(p.softbody, b)
  test.eq(w:particle{ position = {5, 5} }.softbody, nil)
  test.near(b:springs()[1].max_strain, 0.5, 1e-6)
  test.eq(w:softbodies()[1], b)
  test.eq(b.torn, false)
  test.near(b.shape_error, 0, 1e-6)
end)

test("a grid lays out nodes row by row and pins a side", function()
  local w = taut.world{}
  local g = w:softbody{ grid = {4, 2}, size = 0.5, center = {0, 3}, pin = "top",
    shear = false, bend = 1e-3 }
  test.eq(g.kind, "grid")
  test.eq(#g, 5 * 3)
  test.eq(#g:springs(), 4 * 3 + 5 * 2 + 3 * 3 + 5 * 1, "structural and bend, no shear")
  test.near(g:particle(1).x, -1, 1e-6)
  test.near(g:particle(1).y, 2.5, 1e-6)
  test.eq(g:particle(11).pinned, true, "the top row")
  test.eq(g:particle(10).pinned, false)
  test.near(g.rest_area, 2 * 1, 1e-5)
  test.eq(g.pressure, 0, "a grid has no pressure unless asked")
  local star = w:softbody{ points = {{0, 0}, {2, 0}, {2, 2}, {1, 0.5}, {0, 2}} }
  test.eq(star.kind, "points")
  test.near(star.rest_area, 4 - 0.5 * 2 * 1.5, 1e-5, "a concave pentagon")
end)

test("pressure changes live: inflate, deflate, pop", function()
  local w = floor_world()
  local b = w:softbody{ ring = {center = {0, 0.6}, radius = 0.5, segments = 24},
    compliance = 1e-4 }
  w:step(120)
  test.near(b.area / b.rest_area, 1, 0.02)
  b.pressure = 2
  w:step(15)
  local ramp = b.area / b.rest_area
  test.ok(ramp > 1.3 and ramp < 1.7, "inflating at 2 rest areas per second: " .. ramp)
  w:step(165)
  test.near(b.area / b.rest_area, 2, 0.04)
  b.pressure = 0.5
  w:step(180)
  test.near(b.area / b.rest_area, 0.5, 0.02)
  b.pressure = 0
  w:step(300)
  test.ok(b.area / b.rest_area < 0.2, "popped: " .. b.area / b.rest_area)
end)

test("bodies collide unless their groups and masks say not", function()
  local function drop(mask)
    local w = taut.world{}  -- the floor and walls in groups 1 and 4
    w:collider{ shape = "plane", center = {0, 0}, group = 5 }
    w:collider{ shape = "box", center = {-0.66, 2}, size = {0.2, 4}, group = 5 }
    w:collider{ shape = "box", center = {0.66, 2}, size = {0.2, 4}, group = 5 }
    local low = w:softbody{ ring = {center = {0, 0.55}, radius = 0.5, segments = 20} }
    local high = w:softbody{ ring = {center = {0, 2}, radius = 0.5, segments = 20},
      group = 2, mask = mask }
    w:step(240)
    return high.center[2] - low.center[2]
  end
  test.ok(drop(0xffffffff) > 0.8, "stacked")
  test.ok(math.abs(drop(0xfffffffe)) < 0.2, "passed through: high ignores group 1")
end)

test("a body's friction mixes with the slope's", function()
  local function slide(friction)
    local w = taut.world{}
    w:collider{ shape = "box", center = {0, 0}, size = {20, 1}, angle = -0.3, friction = 1 }
    local b = w:softbody{ grid = {2, 2}, size = 0.25, center = {0, 0.9},
      shape_matching = 1, friction = friction }
    w:step(30)
    local x = b.center[1]
    w:step(60)
    return b.center[1] - x
  end
  local slips, grips = slide(0), slide(1)
  test.ok(slips > 0.5, "slides: " .. slips)
  test.ok(math.abs(grips) < 0.1, "holds: " .. grips)
end)

test("restitution bounces the whole body: peaks at e^2 of the drop", function()
  local function bounce(kind, e)
    local w = floor_world()
    local b = kind == "ring"
      and w:softbody{ ring = {center = {0, 2}, radius = 0.3, segments = 20}, restitution = e }
      or w:softbody{ grid = {2, 2}, size = 0.2, center = {0, 2}, shape_matching = 1,
                     restitution = e }
    local rest, peak, fell = kind == "ring" and 0.325 or 0.25, 0, false
    for _ = 1, 120 do
      w:step(1)
      local y = b.center[2]
      fell = fell or y < rest + 0.1
      if fell then peak = math.max(peak, y) end
    end
    return (peak - rest) / (2 - rest)
  end
  test.near(bounce("grid", 0.8), 0.64, 0.05, "a rigid block")
  test.near(bounce("ring", 0.8), 0.64, 0.05, "a balloon")
  test.near(bounce("ring", 1), 1, 0.05)
  -- with e = 0 only the body's own give bounces it: a rigid block's
  -- contacts and shape matching return a tenth of the drop
  test.ok(bounce("grid", 0) < 0.15, "nearly dead: " .. bounce("grid", 0))
end)

test("a body torn past max_strain loses its pressure and slumps", function()
  local w = floor_world()
  local b = w:softbody{ ring = {center = {0, 0.6}, radius = 0.5, segments = 16},
    compliance = 1e-3, max_strain = 0.15 }
  w:step(30)
  test.eq(b.torn, false)
  b.pressure = 1.5  -- edges stretch by sqrt(1.5) - 1 = 22% on the way there
  local steps = 0
  while not b.torn and steps < 120 do
    w:step(1)
    steps = steps + 1
  end
  test.eq(b.torn, true, "tore")
  test.ok(b.area / b.rest_area > 1.1, "while inflating: " .. b.area / b.rest_area)
  -- without the tearing floor (no piece lighter or shorter than a world
  -- limit) the light pieces a tear leaves whip and tear again, so this
  -- test lets only the first tear happen
  for _, s in ipairs(w:springs()) do s.max_strain = 0 end
  w:step(180)
  test.ok(b.area / b.rest_area < 0.5, "slumped: " .. b.area / b.rest_area)
end)

test("bad soft-body input is named", function()
  local w = taut.world{}
  test.error(function() w:softbody{} end,
    "bad argument #1 to 'softbody' (a softbody needs one of ring, points or grid)")
  test.error(function() w:softbody{ ring = {}, grid = {2, 2} } end,
    "bad argument #1 to 'softbody' (give one of ring, points, grid)")
  test.error(function() w:softbody{ ring = {}, colour = 1 } end,
    "bad argument #1 to 'softbody' (unknown option 'colour' (expected ring, points, grid, "
    .. "size, center, pin, mass, node_radius, compliance, shear, bend, damping, pressure, "
    .. "area_compliance, shape_matching, friction, restitution, group, mask, max_strain, drag))")
  test.error(function() w:softbody{ ring = {segments = 2} } end,
    "bad argument #1 to 'softbody' (a ring needs a radius > 0 and 3 to 1024 segments)")
  test.error(function() w:softbody{ ring = {rad = 1} } end,
    "bad argument #1 to 'softbody' (ring: unknown option 'rad' (expected center, radius, segments))")
  test.error(function() w:softbody{ ring = {radius = "big"} } end,
    "bad argument #1 to 'softbody' (ring.radius: finite number expected, got string)")
  test.error(function() w:softbody{ points = {{0, 0}, {1, 1}, {1, 0}, {0, 1}} } end,
    "bad argument #1 to 'softbody' (points must be 3 to 1024 finite points making a simple polygon of area > 0)")
  test.error(function() w:softbody{ points = {{0, 0}, {1, 0}, "x"} } end,
    "bad argument #1 to 'softbody' (points[3]: {x, y} expected)")
  test.error(function() w:softbody{ grid = {2} } end,
    "bad argument #1 to 'softbody' (grid: {w, h} (cells, integers) expected)")
  test.error(function() w:softbody{ grid = {2, 2}, pin = "middle" } end,
    "bad argument #1 to 'softbody' (unknown pin 'middle' (expected none, top, bottom, left, right))")
  test.error(function() w:softbody{ ring = {}, pin = "top" } end,
    "bad argument #1 to 'softbody' ('pin' is for grids (a ring has ring.center))")
  test.error(function() w:softbody{ ring = {}, shape_matching = 2 } end,
    "bad argument #1 to 'softbody' (shape_matching must be in [0, 1])")
  local b = w:softbody{ ring = {} }
  test.error(function() b.pressure = -1 end,
    "cannot set 'pressure' (pressure must be a finite number >= 0)")
  test.error(function() b.area = 1 end, "cannot set 'area' (read-only)")
  test.error(function() b:particle(25) end,
    "bad argument #1 to 'particle' (index out of range 1..24)")
  b:destroy()
  test.eq(w.particle_count, 0)
  test.error(function() return b.area end, "cannot read 'area' (softbody was destroyed)")
  test.eq(tostring(b):match("%(destroyed%)$"), "(destroyed)")
end)

test("destroying a world's bodies gives every byte back", function()
  collectgarbage("collect")  -- worlds of earlier tests go first
  local before = taut.core_bytes()
  local w = floor_world()
  for k = 1, 5 do
    w:softbody{ ring = {center = {k, 1}}, max_strain = 0.2 }
    w:softbody{ grid = {3, 3}, center = {k, 3}, shape_matching = 0.5 }
  end
  w:step(60)
  w:destroy()
  test.eq(taut.core_bytes(), before)
end)

-- ---- drawing ------------------------------------------------------------

local function scene_file(text)
  return test.write(text, ".lua")
end

local ring_scene = [[
local scene = { title = "ring" }
scene.view = { {-2, -2}, {2, 2} }
function scene.load(world)
  world.gravity = {0, 0}
  world:softbody{ ring = {center = {0, 0}, radius = 1, segments = 32} }
end
return scene
]]

-- Run a scene headless for frames steps with the given input lines; the
-- screenshot.
local function shot(scene, frames, inputs)
  local path, png = scene_file(scene), test.tmpname(".png")
  local args = { "--headless", "--frames", tostring(frames), "--screenshot", png }
  local replay
  if inputs then
    replay = test.recording(path, inputs, frames)
    args[#args + 1] = "--replay"
    args[#args + 1] = replay
  end
  args[#args + 1] = path
  local status, out = test.taut(table.unpack(args))
  test.eq(status, 0, out)
  os.remove(path)
  if replay then os.remove(replay) end
  local img = taut.image(png)
  os.remove(png)
  return img
end

local function rgb(img, x, y)
  return ("%d,%d,%d"):format(img:pixel(x, y))
end

test("a ring is drawn filled, outlined, and strain-coloured on F1's strain layer", function()
  -- 1280 x 720, the view 4 m high: 720 / 4.8 = 150 px/m, centre at (640, 360)
  local img = shot(ring_scene, 1)
  test.eq(rgb(img, 640, 360), "236,112,140", "the fill: the first body's colour")
  test.eq(rgb(img, 640 + 100, 360), "236,112,140")
  test.eq(rgb(img, 640 + 150, 360), "245,183,197", "the outline, lighter")
  test.eq(rgb(img, 640 + 200, 380), "24,26,32", "background beyond")
  -- F1 three times: wind, contacts, normals, then strain
  local f1 = "input 0 1 0 0 0 0x0p+0 0x0p+0 0 0 1 f1"
  local contacts = shot(ring_scene, 1, { f1 })
  test.eq(rgb(contacts, 640, 360), "236,112,140", "the contact layer leaves the fill as it is")
  local strain = shot(ring_scene, 1, { f1, f1, f1 })
  test.eq(rgb(strain, 640, 360), "235,235,235", "a cell at its rest area is white")
end)

test("grabbing a body selects it: its outline marked, its monitor drawn", function()
  local img = shot(ring_scene, 30, {
    ("input 1 3 1 0 0 %a %a 790 360 150 -"):format(1, 0),
    ("input 20 4 1 0 0 %a %a 790 360 150 -"):format(1, 0),
  })
  test.eq(rgb(img, 640 + 150, 361), "255,224,96", "the selected outline")
  local backing, text = 0, 0
  for x = 10, 500, 2 do
    for y = 560, 712, 2 do
      local r, g, b = img:pixel(x, y)
      if r == 225 and g == 228 and b == 232 then text = text + 1 end
      if r < 20 and g < 20 and b < 25 then backing = backing + 1 end
    end
  end
  test.ok(text > 100, "monitor text at the bottom left: " .. text)
  test.ok(backing > 1000, "on its dim backing: " .. backing)
end)
