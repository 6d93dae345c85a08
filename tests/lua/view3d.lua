-- The 3D viewport and drawing between steps, headless: pixels of
-- screenshots, positions printed by scenes, inputs replayed.
local taut = require "taut"
local test = require "test"

local shoot = test.shoot

local function brightness(img, x, y)
  local r, g, b = img:pixel(math.floor(x + 0.5), math.floor(y + 0.5))
  return r + g + b, r, g, b
end

-- A 3D scene looking down -z from (0, 0, 5) at the origin: a point at the
-- origin is at pixel (640, 360); focal length 360 / tan(25 deg) px.
local FOCAL = 360 / math.tan(math.rad(25))
local head = [[
local taut = require "taut"
local scene = { world = { is_3d = true, gravity = {0, 0, 0} } }
scene.view = { eye = {0, 0, 5}, target = {0, 0, 0} }
]]

test("a lit sphere is brighter at its centre than all round its rim", function()
  local status, out, img = shoot(head .. [[
function scene.draw(g)
  g:solid{ shape = "sphere", center = {0, 0, 0}, radius = 1 }
end
return scene]], "--frames", "1")
  test.eq(status, 0, out)
  -- radius on screen: the tangent cone of a unit sphere seen from 5 m
  local r = FOCAL * math.tan(math.asin(1 / 5))
  local centre, cr, cg, cb = brightness(img, 640, 360)
  test.ok(cr == cg and cg == cb and cr > 200, ("white, lit: %d %d %d"):format(cr, cg, cb))
  local brightest_rim = 0
  for k = 0, 7 do
    local a = k * math.pi / 4
    local rim = brightness(img, 640 + 0.93 * r * math.cos(a), 360 + 0.93 * r * math.sin(a))
    test.ok(rim > 60, "the rim is drawn (not the background) at angle " .. k)
    brightest_rim = math.max(brightest_rim, rim)
  end
  test.ok(centre > brightest_rim + 60,
    ("centre %d, brightest rim point %d"):format(centre, brightest_rim))
  local outside = brightness(img, 640 + 0.8 * r, 360 - 0.8 * r)  -- beyond the rim
  test.ok(outside < 100, "the background just outside the rim: " .. outside)
end)

test("a face seen from behind is tinted, from the front it is not", function()
  local status, out, img = shoot(head .. [[
function scene.load()
  -- two unit quads at x -1.5 and +1.5: the left one faces the camera (+z),
  -- the right one faces away (its corners wound the other way)
  scene.front = taut.mesh{ vertices = {{-2, -0.5, 0}, {-1, -0.5, 0}, {-1, 0.5, 0}, {-2, 0.5, 0}},
    triangles = {{1, 2, 3}, {1, 3, 4}} }
  scene.back = taut.mesh{ vertices = {{1, -0.5, 0}, {2, -0.5, 0}, {2, 0.5, 0}, {1, 0.5, 0}},
    triangles = {{1, 3, 2}, {1, 4, 3}} }
end
function scene.draw(g) g:mesh(scene.front) g:mesh(scene.back) end
return scene]], "--frames", "1")
  test.eq(status, 0, out)
  local _, fr, fg, fb = brightness(img, 640 - 1.5 * FOCAL / 5, 360)
  local _, br, bg, bb = brightness(img, 640 + 1.5 * FOCAL / 5, 360)
  test.ok(fr == fg and fg == fb and fr > 200, ("front grey: %d %d %d"):format(fr, fg, fb))
  test.ok(br - bg > 30 and bb - bg > 20, ("back tinted: %d %d %d"):format(br, bg, bb))
end)

-- A 16x16 PNG: red top left, green top right, blue bottom left, yellow
-- bottom right; its path.
local function quadrants()
  local png = test.tmpname(".png")
  local c = taut.canvas{ width = 16, height = 16 }
  c:rect(0, 0, 8, 8, 1, 0, 0)
  c:rect(8, 0, 8, 8, 0, 1, 0)
  c:rect(0, 8, 8, 8, 0, 0, 1)
  c:rect(8, 8, 8, 8, 1, 1, 0)
  c:save(png)
  c:close()
  return png
end


-- A screenshot of the quad textured with quadrants(), after the scene
-- text `before` (which must define a scene table).
local function textured_quad(before)
  local png = quadrants()
  local status, out, img = shoot(before .. ([[
function scene.load()
  scene.tex = taut.texture(%q)
  scene.quad = taut.mesh{ vertices = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}},
    uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, triangles = {{1, 2, 3}, {1, 3, 4}} }
end
function scene.draw(g) g:mesh(scene.quad, scene.tex) end
return scene]]):format(png), "--frames", "1")
  os.remove(png)
  test.eq(status, 0, out)
  return img
end

-- Colour of each quadrant (1: full, 0: none): top left red, top right
-- green, bottom left blue, bottom right yellow; x, y the side of the middle.
local want = { { -1, -1, 1, 0, 0 }, { 1, -1, 0, 1, 0 }, { -1, 1, 0, 0, 1 },
               { 1, 1, 1, 1, 0 } }

test("a textured quad shows the image's colours where they belong (2D)", function()
  local img = textured_quad([[
local taut = require "taut"
local scene = { view = { {-2, -2}, {2, 2} } }
]])
  -- the box 4 m x 1.2 in 720 px: 150 px/m; quadrant centres +-75 px
  for _, w in ipairs(want) do
    local _, r, g, b = brightness(img, 640 + 75 * w[1], 360 + 75 * w[2])
    test.eq(("%d %d %d"):format(r, g, b), ("%d %d %d"):format(255 * w[3], 255 * w[4], 255 * w[5]))
  end
end)

test("a textured quad facing a 3D camera shows its colours, lit", function()
  local img = textured_quad(head)
  local d = 0.5 * FOCAL / 5  -- quadrant centres, 0.5 m from the middle
  for _, w in ipairs(want) do
    local _, r, g, b = brightness(img, 640 + d * w[1], 360 + d * w[2])
    local got = { r, g, b }
    for c = 1, 3 do
      if w[c + 2] == 1 then test.ok(got[c] > 200, "lit channel " .. got[c])
      else test.eq(got[c], 0) end
    end
  end
end)

-- A particle moving at 6 m/s along x, no gravity: 0.1 m per 1/60 s step.
-- draw and update print where they see it.
local mover = [[
local scene = { view = { {-1, -1}, {1, 1} } }
function scene.load(world)
  world.gravity = {0, 0}
  scene.p = world:particle{ position = {0, 0}, velocity = {6, 0}, radius = 0.05 }
end
function scene.update() print(("update %.6f"):format(scene.p.position[1])) end
function scene.draw() print(("draw %.6f"):format(scene.p.position[1])) end
return scene]]

-- The mean x of the particle's pixels on row 360 (grey 180, 190, 200).
local function disc_x(img)
  local sum, n = 0, 0
  for x = 560, 760 do
    local r, g, b = img:pixel(x, 360)
    if r == 180 and g == 190 and b == 200 then sum, n = sum + x, n + 1 end
  end
  return n > 0 and sum / n or -1
end

test("a frame at fraction 0.5 draws the midpoint of the last two steps", function()
  local xs = {}
  for _, f in ipairs({ "0", "0.5", "1" }) do
    local status, out, img = shoot(mover, "--frames", "2", "--fraction", f)
    test.eq(status, 0, out)
    local drawn = tonumber(out:match("draw (%S+)"))
    local updates = {}
    for u in out:gmatch("update (%S+)") do updates[#updates + 1] = tonumber(u) end
    -- outside draw, the simulated state: before steps 1 and 2
    test.near(updates[1], 0.0, 1e-6)
    test.near(updates[2], 0.1, 1e-6)
    test.near(drawn, 0.1 + 0.1 * tonumber(f), 1e-5, "p.position inside draw")
    xs[#xs + 1] = disc_x(img)
  end
  -- 300 px per metre (2 m x 1.2 in 720 px): 0.1 m is 30 px
  test.near(xs[1], 640 + 30, 0.6)
  test.near(xs[2], 640 + 45, 0.6)
  test.near(xs[3], 640 + 60, 0.6)
end)

test("drawing between steps leaves the simulated state as it was", function()
  local hashes = {}
  for _, f in ipairs({ "0.5", "1" }) do
    local log = test.tmpname(".log")
    local status, out = shoot(mover, "--frames", "7", "--fraction", f, "--record", log)
    os.remove(log)
    test.eq(status, 0, out)
    hashes[#hashes + 1] = out:match("world hash (%x+)")
  end
  test.ok(hashes[1] and hashes[1] == hashes[2], tostring(hashes[1]) .. " vs " .. tostring(hashes[2]))
end)

local replayed = test.replayed

test("a 3D grab takes the particle nearest the eye under the pointer and drags it facing the camera", function()
  local status, out = replayed(head .. [[
function scene.load(world)
  scene.front = world:particle{ position = {0, 0, 0}, mass = 1 }
  scene.back = world:particle{ position = {0, 0, -2}, mass = 1 }
end
function scene.draw()
  local f, b = scene.front.position, scene.back.position
  print(("front %.4f %.4f %.4f back %.4f %.4f %.4f"):format(f[1], f[2], f[3], b[1], b[2], b[3]))
end
return scene]], { "0 3 1 640 360", "1 5 0 740 360" }, 60)
  test.eq(status, 0, out)
  local f = { out:match("front (%S+) (%S+) (%S+)") }
  local b = { out:match("back (%S+) (%S+) (%S+)") }
  -- 100 px right of the centre on the plane z = 0: 100 / focal * 5 m
  test.near(tonumber(f[1]), 100 / FOCAL * 5, 0.005)
  test.near(tonumber(f[2]), 0, 0.005)
  test.near(tonumber(f[3]), 0, 0.005)
  test.eq(b[1] .. " " .. b[2] .. " " .. b[3], "0.0000 0.0000 -2.0000")
end)

test("a 3D slash cuts what its stroke sweeps from the eye, far or near", function()
  -- a stroke from 100 px left to 100 px right of the centre, through y = 0:
  -- on the plane z = 0 it spans x = +-0.65; at z = -3 (8 m from the eye)
  -- +-1.04, at z = 3 (2 m) +-0.26
  local status, out = replayed(head .. [[
local function rope(world, x, z)
  local top = world:particle{ position = {x, 1, z}, pinned = true }
  local bottom = world:particle{ position = {x, -1, z}, mass = 1 }
  world:spring{ a = top, b = bottom }
end
function scene.load(world)
  rope(world, 0.9, -3)  -- far: in the sheet, outside the stroke on screen's plane
  rope(world, 0.5, 3)   -- near: outside the sheet
end
function scene.cut(e)
  print(("cut at %.3f %.3f %.3f"):format(e.point[1], e.point[2], e.point[3]))
end
return scene]], { "0 3 3 540 360", "1 5 0 740 360", "2 4 3 740 360" }, 5)
  test.eq(status, 0, out)
  local cuts = {}
  for x, y, z in out:gmatch("cut at (%S+) (%S+) (%S+)") do cuts[#cuts + 1] = { x, y, z } end
  test.eq(#cuts, 1, out)
  test.eq(table.concat(cuts[1] or {}, " "), "0.900 0.000 -3.000")
end)

test("a triangle with corners far off screen is still drawn (clipped to a guard band)", function()
  -- 100 m each way at 300 px/m: corners 30 000 px out, which SDL's
  -- software rasteriser alone drops
  local status, out, img = shoot([[
local taut = require "taut"
local scene = { view = { {-1, -1}, {1, 1} } }
function scene.load()
  scene.m = taut.mesh{ vertices = {{-100, -100}, {100, -90}, {0.1, 100}}, triangles = {{1, 2, 3}} }
end
function scene.draw(g) g:mesh(scene.m) end
return scene]], "--frames", "1")
  test.eq(status, 0, out)
  for _, at in ipairs{ { 640, 360 }, { 1270, 10 }, { 10, 710 } } do
    local _, r, g, b = brightness(img, at[1], at[2])
    test.eq(("%d %d %d"):format(r, g, b), "255 255 255", "at " .. at[1] .. ", " .. at[2])
  end
end)

-- The debug view's 3D colliders: lit solids in the depth sort.
local collider_scene = head .. [[
function scene.load(world)
  world:collider{ shape = "sphere", center = {0, 0, 0}, radius = 1 }
  world:collider{ shape = "sphere", center = {2.5, 0, 0}, radius = 0.5, enabled = false }
end
return scene]]

test("a 3D collider sphere is drawn lit: its centre brighter than all round its rim", function()
  local status, out, img = shoot(collider_scene, "--frames", "1")
  test.eq(status, 0, out)
  local r = FOCAL * math.tan(math.asin(1 / 5))
  local centre, cr, cg, cb = brightness(img, 640, 360)
  test.ok(cb > cg and cg > cr and cb > 150, ("slate blue, lit: %d %d %d"):format(cr, cg, cb))
  local brightest_rim = 0
  for k = 0, 7 do
    local a = k * math.pi / 4
    local rim = brightness(img, 640 + 0.9 * r * math.cos(a), 360 + 0.9 * r * math.sin(a))
    test.ok(rim > 82 + 100, "the rim (background: 82) is drawn (not the background) at angle " .. k)
    brightest_rim = math.max(brightest_rim, rim)
  end
  -- lit from 17.5 degrees off the view axis: the centre 8% brighter
  test.ok(centre > brightest_rim + 25, ("centre %d, brightest rim point %d"):format(centre, brightest_rim))
  -- the disabled one is drawn, dim and grey
  local dim, dr, dg, db = brightness(img, 640 + 2.5 * FOCAL / 5, 360)
  test.ok(dim > 3 * 40 and dim < centre / 2, ("disabled centre %d vs %d"):format(dim, centre))
  test.ok(db - dr < 20, ("grey: %d %d %d"):format(dr, dg, db))
end)

test("a particle resting on a 3D plane is drawn over the floor", function()
  local status, out, img = shoot([[
local scene = { world = { is_3d = true } }
scene.view = { eye = {0, 3, 4}, target = {0, 0, 0} }
function scene.load(world)
  world:collider{ shape = "plane", center = {0, -0.001, 0} }
  world:particle{ position = {0, 0.2, 0}, radius = 0.2, mass = 1 }
end
return scene]], "--frames", "60")
  test.eq(status, 0, out)
  -- the particle at rest on the plane: its centre (0, 0.2, 0) on screen
  local d = math.sqrt(9 + 16)
  local up = (0.2 * 4 / d) / ((d - 0.2 * 3 / d)) * FOCAL  -- along the view's up
  local _, r, g, b = brightness(img, 640, 360 - up)
  test.eq(("%d %d %d"):format(r, g, b), "180 190 200", "the particle's grey")
  -- the floor near the camera, below the particle: drawn, not background
  local floor, fr, fg, fb = brightness(img, 300, 650)
  test.ok(fb > fr and floor > 3 * 32 and floor < 3 * 120, ("floor %d %d %d"):format(fr, fg, fb))
end)

-- The scene text in a real window (an X server of the test's own) with
-- the viewer's keys pressed, then F12: the screenshot it saved.
local function window_shot(text, title, ...)
  local display, xpid = test.start_x()
  local dir = test.tmpname("-keys")
  assert(os.execute(("mkdir '%s'"):format(dir)))
  test.save(dir .. "/scene.lua", text)
  local words = { "tests/window/keys.sh", taut.executable, dir, "scene.lua", title, ... }
  local status, out = test.command(words, { "DISPLAY=" .. display, "ASAN_OPTIONS=detect_leaks=0" })
  local ok, img = pcall(taut.image, dir .. "/screenshots/scene-1.png")
  os.execute("kill " .. xpid)
  os.execute(("rm -r '%s'"):format(dir))
  test.eq(status, 0, out)
  test.ok(ok, "a screenshot was saved")
  return img
end

test("F1 shows a 3D contact: its point and its normal, over what touches", function()
  -- a particle resting on top of a unit sphere: the contact at (0, 1, 0)
  local scene = head:gsub("gravity = {0, 0, 0}", "gravity = {0, -9.81, 0}") .. [[
scene.title = "Contact"
function scene.load(world)
  world:collider{ shape = "sphere", center = {0, 0, 0}, radius = 1 }
  world:particle{ position = {0, 1.1, 0}, radius = 0.1, mass = 1 }
end
return scene]]
  -- H: the scene gets the whole window, framed as headless; F1 twice:
  -- the contacts, then their normals with them
  local img = window_shot(scene, "Contact", "h", "F1", "F1")
  local _, _, plain = shoot(scene, "--frames", "30")
  local y = 360 - FOCAL / 5  -- the contact point on screen
  local _, r, g, b = brightness(img, 640, y)
  test.eq(("%d %d %d"):format(r, g, b), "250 80 80", "the contact's red dot")
  local yellow = 0  -- 18 px of normal, straight up, 1.5 px wide
  for x = 638, 642 do
    _, r, g, b = brightness(img, x, y - 10)
    yellow = yellow + ((r == 250 and g == 220 and b == 80) and 1 or 0)
  end
  test.ok(yellow >= 1, "the normal's yellow, 10 px above the point")
  _, r, g, b = brightness(plain, 640, y - 10)
  test.eq(("%d %d %d"):format(r, g, b), "180 190 200", "without F1: the particle")
end)

-- The mean x of the pixels on row y whose blue is above `blue`, in [x0, x1].
local function span_middle(img, y, x0, x1, blue)
  local first, last
  for x = x0, x1 do
    local _, _, b = img:pixel(x, y)
    if b > blue then first, last = first or x, x end
  end
  return first and (first + last) / 2 or -1
end

-- A collider sent 0.3 m along x each step (update moves it before each);
-- draw prints where it sees it. 2D and 3D alike.
local function moving_collider(world_head, shape)
  return world_head .. ([[
function scene.load(world)
  scene.c = world:collider{ shape = %q, center = {0, 0, 0}, radius = %s }
  scene.steps = 0
end
function scene.update()
  scene.steps = scene.steps + 1
  scene.c:move_to({0.3 * scene.steps, 0, 0})
end
function scene.draw() print(("draw %%.6f"):format(scene.c.position[1])) end
return scene]]):format(shape, shape == "sphere" and "0.3" or "0.2")
end

test("a moving collider at fraction 0.5 is drawn at the midpoint of its two steps", function()
  local flat = "local scene = { view = { {-1, -1}, {1, 1} } }\n"
  local cases = {
    -- 3D: row 340 crosses the sphere above the edge-on ground grid;
    -- 0.3 m at 5 m is 0.3 * FOCAL / 5 px
    { head, "sphere", 340, 0.3 * FOCAL / 5, 70 },
    -- 2D: 300 px per metre, the circle filled (blue 82) and outlined
    { flat, "circle", 360, 0.3 * 300, 80 },
  }
  for _, c in ipairs(cases) do
    for _, f in ipairs({ 0, 0.5, 1 }) do
      local status, out, img = shoot(moving_collider(c[1], c[2]), "--frames", "2",
        "--fraction", tostring(f))
      test.eq(status, 0, out)
      test.near(tonumber(out:match("draw (%S+)")), 0.3 + 0.3 * f, 1e-5, c[2] .. ".position inside draw")
      -- after two steps it went 0.3 -> 0.6: drawn at 0.3 + 0.3 f
      test.near(span_middle(img, c[3], 560, 1200, c[5]), 640 + c[4] * (1 + f), 1.0,
        ("%s drawn at fraction %g"):format(c[2], f))
    end
  end
end)

test("a texture drawn onto a 3D box collider's face shows over the solid, seen aslant", function()
  local png = quadrants()
  local status, out, img = shoot(head .. ([[
local vec = require "vec"
local q = vec.quat_mul(vec.axis_angle({1, 0, 0}, 0.5), vec.axis_angle({0, 1, 0}, 0.6))
function scene.load(world)
  world:collider{ shape = "box", center = {0, 0, 0}, size = {2, 2, 2}, rotation = q }
  scene.tex = taut.texture(%q)
  local corners = {}
  for i, c in ipairs{ {-1, -1}, {1, -1}, {1, 1}, {-1, 1} } do
    corners[i] = vec.rotate(q, {c[1], c[2], 1.001})  -- the front face, 1 mm out
  end
  -- split along the other diagonal than the box's own faces may be
  scene.decal = taut.mesh{ vertices = corners, uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}},
    triangles = {{1, 2, 4}, {2, 3, 4}} }
end
function scene.draw(g) g:mesh(scene.decal, scene.tex) end
return scene]]):format(png), "--frames", "1")
  os.remove(png)
  test.eq(status, 0, out)
  local vec = require "vec"
  local q = vec.quat_mul(vec.axis_angle({1, 0, 0}, 0.5), vec.axis_angle({0, 1, 0}, 0.6))
  for _, w in ipairs(want) do
    -- the quadrant's middle on the face, on screen (the eye at z = 5)
    local p = vec.rotate(q, { 0.5 * w[1], -0.5 * w[2], 1 })
    local k = FOCAL / (5 - p[3])
    local _, r, g, b = brightness(img, 640 + k * p[1], 360 - k * p[2])
    local got = { r, g, b }
    for c = 1, 3 do
      if w[c + 2] == 1 then test.ok(got[c] > 100, "lit channel " .. got[c])
      else test.eq(got[c], 0, ("quadrant %d %d: %d %d %d"):format(w[1], w[2], r, g, b)) end
    end
  end
end)

test("a 3D plane is drawn from its open side only, as a solid's back faces are not", function()
  local colours = {}
  for _, eye in ipairs{ "{0, 3, 4}", "{0, -3, 4}" } do
    local status, out, img = shoot(([[
local scene = { world = { is_3d = true, gravity = {0, 0, 0} } }
scene.view = { eye = %s, target = {0, 0, 0} }
function scene.load(world) world:collider{ shape = "plane", center = {0, 0, 0} } end
return scene]]):format(eye), "--frames", "1")
    test.eq(status, 0, out)
    local _, r, g, b = brightness(img, 300, 600)  -- off the grid's lines
    colours[#colours + 1] = ("%d %d %d"):format(r, g, b)
  end
  test.ok(colours[1] ~= "24 26 32", "from above: the floor, " .. colours[1])
  test.eq(colours[2], "24 26 32", "from below: the background")
end)

test("the 3D ground grid's x axis runs right across the screen", function()
  -- looking at the origin from (0, 5, 5): the x axis (y = 0, z = 0) is
  -- the middle row; it reaches past the near plane's clip at both sides
  local status, out, img = shoot([[
local scene = { world = { is_3d = true } }
scene.view = { eye = {0, 5, 5}, target = {0, 0, 0} }
return scene]], "--frames", "1")
  test.eq(status, 0, out)
  for _, x in ipairs{ 2, 300, 640, 1000, 1277 } do
    local found = false
    for y = 357, 363 do
      local r, g, b = img:pixel(x, y)
      found = found or (r == 110 and g == 56 and b == 56)
    end
    test.ok(found, "the x axis's red at x = " .. x)
  end
end)
