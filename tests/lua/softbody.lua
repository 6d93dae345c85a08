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

-- A grid of 5 x 5 cells 0.1 m wide at the origin, moving right at 6 m/s
-- (0.1 m a step at 60 Hz), drawn textured with the jelly's face over the
-- debug fill; the view 2.4 m high in 720 px: 300 px/m, the origin at
-- (640, 360).
local textured = [[
local taut = require "taut"
local scene = { view = { {-1, -1}, {1, 1} } }
function scene.load(world)
  world.gravity = {0, 0}
  scene.body = world:softbody{ grid = {5, 5}, size = 0.1, center = {0, 0}, mass = 1 }
  for _, p in ipairs(scene.body:nodes()) do p.velocity = {6, 0} end
  scene.face = taut.texture("examples/jelly_face.png")
end
function scene.draw(g)
  g:color(1, 1, 1)
  g:softbody(scene.body, scene.face)
  print(("drawn at %.6f"):format(scene.body.center[1]))
end
return scene]]

-- Pixels of one colour in the box x0..x1, y0..y1: how many, mean x and y.
local function pixels_of(img, colour, x0, y0, x1, y1)
  local n, sx, sy = 0, 0, 0
  for y = y0, y1 do
    for x = x0, x1 do
      if rgb(img, x, y) == colour then n, sx, sy = n + 1, sx + x, sy + y end
    end
  end
  return n, n > 0 and sx / n or -1, n > 0 and sy / n or -1
end

local FACE, EYE, FILL = "240,160,64", "255,255,254", "236,112,140"

test("g:softbody(body, texture) fills the body's cells with the texture, upright", function()
  local status, out, img = test.shoot(textured, "--frames", "1")
  test.eq(status, 0, out)
  -- after one step the body is 0.1 m right: its 150 px square at x 595..745
  local inside = { 599, 289, 741, 431 }
  local face, fx, fy = pixels_of(img, FACE, table.unpack(inside))
  test.ok(face > 0.6 * 143 * 143, "the face's orange covers the body: " .. face)
  test.near(fx, 670, 3, "centred on the body")
  test.eq((pixels_of(img, FILL, table.unpack(inside))), 0, "the debug fill is covered")
  local eyes, _, ey = pixels_of(img, EYE, table.unpack(inside))
  test.ok(eyes > 500, "white eyes: " .. eyes)
  test.ok(ey < fy - 10, ("the eyes above the middle (image rows down): %g < %g"):format(ey, fy))
  test.eq((pixels_of(img, FACE, 540, 280, 590, 440)), 0, "nothing left of the body")
  test.eq(rgb(img, 670, 270), "24,26,32", "background above the outline")
end)

test("a soft body is drawn between steps: at fraction 0.5 midway, textured too", function()
  local xs = {}
  for _, f in ipairs({ "0", "0.5", "1" }) do
    local status, out, img = test.shoot(textured, "--frames", "2", "--fraction", f)
    test.eq(status, 0, out)
    local drawn = tonumber(out:match("drawn at (%S+)"))
    test.near(drawn, 0.1 + 0.1 * tonumber(f), 1e-5, "body.center inside draw")
    local n, x = pixels_of(img, FACE, 560, 280, 820, 440)
    test.ok(n > 12000, "textured pixels at fraction " .. f .. ": " .. n)
    xs[#xs + 1] = x
  end
  -- steps 1 and 2 put the centre at 0.1 and 0.2 m: 30 px apart
  test.near(xs[2] - xs[1], 15, 0.75, "half a step on at fraction 0.5")
  test.near(xs[3] - xs[1], 30, 0.75, "a whole step on at fraction 1")
end)

test("the jelly example wears its face", function()
  local png = test.tmpname(".png")
  local status, out = test.taut("--headless", "--frames", "1", "--screenshot", png,
    "examples/jelly.lua")
  test.eq(status, 0, out)
  local img = taut.image(png)
  os.remove(png)
  local face = pixels_of(img, FACE, 0, 0, 1279, 719)
  test.ok(face > 1500, "the face's orange on screen: " .. face)
end)

test("g:softbody names a bad texture or a destroyed body", function()
  local status, out = test.shoot([[
local scene = {}
function scene.load(world) scene.body = world:softbody{ grid = {2, 2}, size = 0.1 } end
function scene.draw(g) g:softbody(scene.body, 5) end
return scene]], "--frames", "1")
  test.eq(status, 1, out)
  test.ok(out:find(".lua:3: bad argument #2 to 'softbody' (texture expected, got number)", 1, true), out)
  status, out = test.shoot([[
local scene = {}
function scene.load(world)
  scene.body = world:softbody{ grid = {2, 2}, size = 0.1 }
  scene.body:destroy()
end
function scene.draw(g) g:softbody(scene.body) end
return scene]], "--frames", "1")
  test.eq(status, 1, out)
  test.ok(out:find(".lua:6: bad argument #1 to 'softbody' (softbody was destroyed)", 1, true), out)
end)

test("the selected body's mark is drawn where the body is drawn, between steps too", function()
  -- a ring 0.3 m across moving right at 3 m/s, grabbed at its right node
  -- for a step and let go; then drawn between steps 11 and 12
  local path = scene_file([[
local scene = { view = { {-1, -1}, {1, 1} } }
function scene.load(world)
  world.gravity = {0, 0}
  local b = world:softbody{ ring = {center = {0, 0}, radius = 0.3, segments = 24} }
  for _, p in ipairs(b:nodes()) do p.velocity = {3, 0} end
end
return scene]])
  local at = ("%a %a 745 360 300 -"):format(0.35, 0)
  local log = test.recording(path, { "input 1 3 1 0 0 " .. at, "input 2 4 1 0 0 " .. at }, 12)
  for _, f in ipairs({ "0.5", "1" }) do
    local png = test.tmpname(".png")
    local status, out = test.taut("--headless", "--frames", "12", "--fraction", f,
      "--replay", log, "--screenshot", png, path)
    test.eq(status, 0, out)
    local img = taut.image(png)
    os.remove(png)
    local marked, mx = pixels_of(img, "255,224,96", 0, 0, 1279, 719)
    local filled, fx = pixels_of(img, FILL, 0, 0, 1279, 719)
    test.ok(marked > 500 and filled > 5000, ("marked %d, filled %d"):format(marked, filled))
    test.ok(fx > 640 + 30, "the ring moved on: its middle at x " .. fx)
    test.near(mx, fx, 1, "the mark round the fill at fraction " .. f)
  end
  os.remove(path)
  os.remove(log)
end)

-- The new ends a cut leaves inside a body are its own: its edge contacts
-- once pushed them off its outline by both radii, so the 5 mm stubs of a
-- cut just above a row of nodes were held at 0.1 m (strain 19).
test("a cut through a jelly leaves its stubs at rest, not pushed off it", function()
  local w = taut.world{ gravity = {0, 0} }
  local b = w:softbody{ grid = {4, 4}, size = 0.2, center = {0, 0}, mass = 1,
                        shape_matching = 0.15 }
  test.ok(w:cut({-1, 0.001}, {1, 0.001}) > 0, "cut just above the middle row")
  test.eq(b.torn, true)
  local shortest = math.huge
  for _, s in ipairs(w:springs()) do shortest = math.min(shortest, s.rest_length) end
  test.near(shortest, 0.005, 1e-4, "a stub at the world's shortest cut piece")
  for _ = 1, 60 do w:step() end
  test.ok(w.max_strain < 0.05, "worst strain " .. w.max_strain)
end)

-- Shape matching and damping act on each part a cut leaves: matched as
-- one, the lower half of a jelly cut from its pinned top was held up in
-- the air by the whole rest shape.
test("a jelly cut from its pinned top falls away; the top keeps its shape", function()
  local w = floor_world()
  local b = w:softbody{ grid = {4, 4}, size = 0.2, center = {0, 2}, pin = "top", mass = 1,
                        shape_matching = 0.5 }
  for _ = 1, 30 do w:step() end
  test.ok(w:cut({-1, 2.1}, {1, 2.1}) > 0, "cut between the top two rows")
  for _ = 1, 120 do w:step() end
  local low, high = math.huge, -math.huge
  for _, p in ipairs(b:nodes()) do
    if p.y < 2 then high = math.max(high, p.y) end
    if p.y > 2 then low = math.min(low, p.y) end
  end
  test.ok(high < 1, string.format("the lower part's top at %.2f m", high))
  test.ok(low > 2.1, string.format("the upper part's bottom at %.2f m", low))
  test.ok(b.shape_error < 0.2, "each part near its own fit: " .. b.shape_error)
end)
