-- Cloth from Lua (issue 16): world:cloth{...} from a grid or a mesh, its
-- pins, triangles and normals, live settings, reset, teleports and
-- tearing; the render binding (the seed's vectors through Lua, fallbacks,
-- the mesh it drives); drawing (a textured flag in 2D, a bound skin in
-- 3D, the debug layer's red fallbacks); and the errors bad input gets.
local taut = require "taut"
local test = require "test"
local cloth = require "cloth"

local function world3() return taut.world{ is_3d = true } end

test("a grid lays out its nodes row by row from the top left", function()
  local w = world3()
  local c = w:cloth{ grid = {4, 2}, size = {2, 1}, origin = {1, 3, 0.5}, pin = "top" }
  test.eq(c.kind, "grid")
  test.eq(#c, 5 * 3)
  test.eq(c.laid, 15)
  test.eq(c.cols, 4)
  test.eq(c.rows, 2)
  test.eq(c.triangle_count, 16)
  test.eq(c.standing, 16)
  local first, last = c:particle(1).position, c:particle(15).position
  test.near(first[1], 1, 1e-6); test.near(first[2], 3, 1e-6)
  test.near(last[1], 3, 1e-6); test.near(last[2], 2, 1e-6)
  test.near(last[3], 0.5, 1e-6)
  test.eq(c:particle(3).pinned, true, "the top row")
  test.eq(c:particle(6).pinned, false)
  test.near(c.mass, 0.2 * 2, 1e-5, "mass_per_area times the area")
  test.eq(c:particle(7).cloth, c)
  test.eq(w:particle{ position = {9, 9, 9} }.cloth, nil)
  test.eq(w:cloths()[1], c)
  local a, b, d, standing = c:triangle(1)
  test.eq(standing, true)
  test.eq(a, 1); test.eq(b, 6); test.eq(d, 7)
  for _, n in ipairs(c.normals) do
    test.near(n[3], 1, 1e-6, "a flat grid faces +z")
  end
  test.eq(c.tethers, 2 * (15 - 5), "each free node tied to two pins")
end)

test("pins by name, corner and index, to a frame", function()
  local w = world3()
  local f = w:frame{ position = {0, 2, 0} }
  local c = w:cloth{ grid = {4, 4}, origin = {-0.5, 2, 0}, pin = {"top_left", "bottom_right", 13},
                     pin_to = f }
  local pinned = {}
  for i = 1, #c do if c:particle(i).pinned then pinned[#pinned + 1] = i end end
  test.eq(table.concat(pinned, " "), "1 13 25")
  test.eq(c:particle(1).pinned_to, f)
  f:move_to({1, 2, 0})
  w:step()
  test.near(c:particle(1).position[1], 0.5, 1e-5, "a pin rides its frame")
end)

test("a mesh cloth takes its triangles, edges and bends", function()
  local w = world3()
  local sheet = taut.mesh{ vertices = {{0, 0}, {1, 0}, {1, 1}, {0, 1}},
                           triangles = {{1, 2, 3}, {1, 3, 4}},
                           uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}} }
  local c = w:cloth{ mesh = sheet, pin = "top" }
  test.eq(c.kind, "mesh")
  test.eq(#c, 4)
  test.eq(c.triangle_count, 2)
  test.eq(#c:springs(), 5 + 1, "five edges, one bend across the diagonal")
  test.eq(c:particle(3).pinned and c:particle(4).pinned, true)
  test.near(c.mass, 0.2, 1e-6)
end)

test("settings read back and change live", function()
  local w = world3()
  local c = w:cloth{ grid = {2, 2}, stretch = 1e-4, shear = 0.2, bend = 0.3, damping = 0.5,
                     drag = 0.8, lift = 0.2, air_density = 1.1, max_strain = 0.5,
                     thickness = 0.02, teleport = "reset", teleport_distance = 2,
                     teleport_angle = 1, visible = false, self_collision = true, group = 4, mask = 6 }
  for k, v in pairs{ stretch = 1e-4, shear = 0.2, bend = 0.3, damping = 0.5, drag = 0.8,
                     lift = 0.2, air_density = 1.1, max_strain = 0.5, thickness = 0.02,
                     teleport_distance = 2, teleport_angle = 1 } do
    test.near(c[k], v, 1e-6, k)
  end
  test.eq(c.teleport, "reset")
  test.eq(c.visible, false)
  test.eq(c.self_collision, true)
  test.eq(c.group, 4); test.eq(c.mask, 6)
  test.near(c:particle(1).radius, 0.02, 1e-6, "thickness is each node's radius")
  c.thickness = 0.03
  test.near(c:particle(5).radius, 0.03, 1e-6)
  c.shear = 0.05
  c.visible = true
  test.eq(c.visible, true)
  c.teleport = "keep"
  test.eq(c.teleport, "keep")
end)

test("bad options and values say what is wrong", function()
  local w = world3()
  test.error(function() w:cloth{ grid = {2, 2}, colour = 1 } end,
    "bad argument #1 to 'cloth' (unknown option 'colour' (expected grid, size, mesh, "
    .. "origin, orientation, mass_per_area, thickness, stretch, shear, bend, damping, drag, "
    .. "lift, air_density, max_strain, tethers, pin, pin_to, teleport_distance, "
    .. "teleport_angle, teleport, self_collision, visible, group, mask))")
  test.error(function() w:cloth{} end,
    "bad argument #1 to 'cloth' (give one of grid = {w, h} or mesh = a taut.mesh)")
  test.error(function() w:cloth{ grid = {0, 2} } end,
    "bad argument #1 to 'cloth' (a cloth grid needs 1 to 256 cells each way and a width and height > 0)")
  test.error(function() w:cloth{ grid = {2, 2}, pin = "middle" } end,
    "bad argument #1 to 'cloth' (pin: unknown 'middle' (expected top, bottom, left, right, "
    .. "top_left, top_right, bottom_left, bottom_right or node indices))")
  test.error(function() w:cloth{ grid = {2, 2}, pin = {10} } end,
    "bad argument #1 to 'cloth' (a pin names a node the cloth does not have)")
  test.error(function() w:cloth{ grid = {2, 2}, pin_to = 3 } end,
    "bad argument #1 to 'cloth' (pin_to: a frame or a collider expected, got number)")
  test.error(function() w:cloth{ grid = {2, 2}, mass_per_area = 0 } end,
    "bad argument #1 to 'cloth' (mass_per_area must be a finite number > 0 (kg/m^2))")
  test.error(function() w:cloth{ mesh = taut.mesh{ vertices = {{0, 0}, {1, 0}, {2, 0}},
                                                   triangles = {{1, 2, 3}} } } end,
    "bad argument #1 to 'cloth' (a cloth mesh needs triangles of three different vertices "
    .. "of it, at most 2^20 vertices, and no triangle of zero area)")
  local c = w:cloth{ grid = {2, 2} }
  test.error(function() c.drag = -1 end,
    "cannot set 'drag' (drag, lift and air_density must be finite numbers >= 0)")
  test.error(function() c.visible = 1 end, "cannot set 'visible' (boolean expected, got number)")
  test.error(function() c.standing = 3 end, "cannot set 'standing' (read-only)")
  test.error(function() c:triangle(9) end,
    "bad argument #1 to 'triangle' (index out of range 1..8)")
  c:destroy()
  test.error(function() return c.drag end, "cannot read 'drag' (cloth was destroyed)")
  test.error(function() return #c end, "cannot read '#' (cloth was destroyed)")
end)

test("reset puts it back in its rest pose on the root, at rest", function()
  local w = world3()
  local f = w:frame{ position = {0, 2, 0} }
  local c = w:cloth{ grid = {6, 6}, origin = {-0.5, 2, 0}, pin = "top", pin_to = f }
  f:move_to({0.5, 2, 0}, {math.cos(0.3), 0, math.sin(0.3), 0})
  for _ = 1, 30 do w:step() end
  c:reset()
  local worst = 0
  for i = 1, c.laid do
    local p, r = c:particle(i).position, c:rest_position(i)
    for k = 1, 3 do worst = math.max(worst, math.abs(p[k] - r[k])) end
    local v = c:particle(i).velocity
    test.eq(v[1] + v[2] + v[3] == 0, true)
  end
  test.near(worst, 0, 1e-5, "every node on its rest position as the frame carries it")
end)

test("a root set 50 m away carries the cloth with no speed added", function()
  local w = world3()
  local f = w:frame{ position = {0, 2, 0} }
  local c = w:cloth{ grid = {6, 6}, origin = {-0.5, 2, 0}, pin = "top", pin_to = f }
  for _ = 1, 20 do w:step() end
  local before = c:particle(30).position
  f.position = {50, 2, 0}
  w:step()
  local after, top = c:particle(30).position, 0
  for _, p in ipairs(c:nodes()) do
    local v = p.velocity
    top = math.max(top, math.sqrt(v[1] ^ 2 + v[2] ^ 2 + v[3] ^ 2))
  end
  test.eq(c.teleports, 1)
  test.near(after[1] - before[1], 50, 0.05)
  test.ok(top < 2, ("top speed %.3f m/s"):format(top))
  -- a move_to across the level within one step is a jump too
  f:move_to({-50, 2, 0})
  w:step()
  test.eq(c.teleports, 2)
  test.near(c:particle(1).position[1], -50.5, 1e-4)
  c:translate{0, 10, 0}
  test.near(c:particle(30).position[2] - after[2], 10, 1.0)
end)

test("a tearing cloth reports strain cuts and takes their pieces in", function()
  local w = world3()
  w.min_cut_mass = 1e-5
  local c = w:cloth{ grid = {8, 8}, origin = {0, 3, 0}, pin = "top", max_strain = 0.2,
                     stretch = 1e-2 }
  for i = 73, 81 do c:particle(i).mass = 0.3 end
  local cuts = 0
  w:on("cut", function(e) if e.cause == "strain" then cuts = cuts + 1 end end)
  for _ = 1, 120 do w:step() end
  test.ok(cuts > 0, "cuts by strain")
  test.eq(#c, 81 + 2 * cuts, "two new nodes a tear")
  test.eq(c.torn, true)
  test.ok(c.standing < c.triangle_count)
  test.eq(w.particle_count, #c)
  test.ok(c:particle(77).position[2] < 0, "the hem fell away")
end)

test("the binding places the seed's vertex and falls back when the triangle flips", function()
  local w = world3()
  local tri = taut.mesh{ vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, triangles = {{1, 2, 3}} }
  local c = w:cloth{ mesh = tri }
  local skin = taut.mesh{ vertices = {{0.3, 0.5, 0.01}}, triangles = {{1, 1, 1}} }
  local b = c:bind(skin)
  local t, u, v, ww, d = b:vertex(1)
  test.eq(t, 1)
  test.near(u, 0.2, 1e-6); test.near(v, 0.3, 1e-6); test.near(ww, 0.5, 1e-6)
  test.near(d, 0.01, 1e-6)
  test.eq(#b, 1)
  test.eq(b.mesh, skin)
  test.eq(b.cloth, c)
  test.eq(b:update(), 0)
  c:particle(2).position, c:particle(3).position = {0, 1, 0}, {1, 0, 0}
  test.eq(b:update(), 1, "flipped: one fallback")
  test.eq(b.fallbacks, 1)
  local x = skin:vertex(1)
  test.near(x[3], 0.01, 1e-6, "the skinned position")
  test.near(b.min_area, 0.01, 1e-6)
  test.error(function() b.min_area = 0.7 end,
    "cannot set 'min_area' (min_area must be a finite number in [0, 0.5))")
  c:destroy()
  test.error(function() b:update() end, "calling 'update' on bad self (cloth was destroyed)")
  test.error(function() return b.fallbacks end,
    "cannot read 'fallbacks' (cloth was destroyed)")
end)

test("a dense skin follows its proxy to a millionth at rest", function()
  local w = world3()
  local def = { grid = {6, 8}, size = {0.6, 0.8}, origin = {0, 2, 0} }
  local c = w:cloth(def)
  local skin = cloth.skin(def, 24, 32, 0.004)
  local rest = {}
  for i = 1, #skin do rest[i] = skin:vertex(i) end
  local b = c:bind(skin)
  b:update()
  local worst = 0
  for i = 1, #skin do
    local p = skin:vertex(i)
    for k = 1, 3 do worst = math.max(worst, math.abs(p[k] - rest[i][k])) end
  end
  test.ok(worst < 1e-6, ("worst %.2g m"):format(worst))
  test.eq(#b, 25 * 33)
end)

local shoot = test.shoot

test("a 2D flag is drawn with its texture", function()
  local status, out, img = shoot([[
local taut = require "taut"
local scene = { view = { {-1, -1}, {3, 2} } }
function scene.load(world)
  world.gravity = {0, 0}
  scene.flag = world:cloth{ grid = {8, 4}, size = {2, 1}, origin = {0, 1}, pin = "left",
                            visible = false }
  scene.tex = taut.texture("examples/flag.png")
end
function scene.draw(g) g:mesh(scene.flag, scene.tex) end
return scene]], "--frames", "2")
  test.eq(status, 0, out)
  -- the flag spans x 0..2, y 0..1 of a view framing -1..3 by -1..2: its
  -- yellow disc (texture 30/96 across, middle) and its red bottom band
  local function world_pixel(x, y)
    local w, h = 1280, 720
    local scale = math.min(w / 4, h / 3) * 0.9
    return math.floor(w / 2 + (x - 1) * scale), math.floor(h / 2 - (y - 0.5) * scale)
  end
  local r, g, b = img:pixel(world_pixel(30 / 96 * 2, 0.5))
  test.ok(r > 200 and g > 150 and b < 100, ("yellow disc: %d %d %d"):format(r, g, b))
  r, g, b = img:pixel(world_pixel(1.5, 0.12))
  test.ok(r > 150 and g < 80 and b < 80, ("red band: %d %d %d"):format(r, g, b))
end)

test("the debug layer shows fallback vertices in red", function()
  local scene = [[
local taut = require "taut"
local scene = { world = { is_3d = true, gravity = {0, 0, 0} } }
scene.view = { eye = {0.5, 0.5, 3}, target = {0.5, 0.5, 0} }
function scene.load(world)
  local tri = taut.mesh{ vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, triangles = {{1, 2, 3}} }
  scene.c = world:cloth{ mesh = tri, visible = false }
  scene.skin = taut.mesh{ vertices = {{0.3, 0.5, 0.01}, {0.2, 0.2, 0.01}, {0.5, 0.2, 0.01}},
                          triangles = {{1, 2, 3}} }
  scene.b = scene.c:bind(scene.skin)
  FLIP
end
function scene.draw(g) g:binding(scene.b) end
return scene]]
  local function reds(img)  -- round the triangle (the gizmo's x is red too)
    local n = 0
    for y = 150, 570, 2 do
      for x = 400, 880, 2 do
        local r, g, b = img:pixel(x, y)
        if r > 200 and g < 90 and b < 90 then n = n + 1 end
      end
    end
    return n
  end
  local _, out1, whole = shoot(scene:gsub("FLIP", ""), "--frames", "1")
  local _, out2, flipped = shoot(scene:gsub("FLIP", "scene.c:particle(2).position = {0, 1, 0}; " ..
                                            "scene.c:particle(3).position = {1, 0, 0}"), "--frames", "1")
  test.ok(whole and flipped, out1 .. out2)
  test.eq(reds(whole), 0)
  test.ok(reds(flipped) > 24, ("%d red pixels, every other one looked at"):format(reds(flipped)))
end)

test("cape.lua walks its cape round without tearing or losing it", function()
  local rt = taut.runtime("examples/cape.lua")
  rt:step(300)
  local w = rt:world()
  local c = w:cloths()[1]
  test.eq(c.laid, 13 * 17)
  test.eq(c.visible, false)
  test.eq(c.standing, c.triangle_count)
  local top = c:particle(1).position
  local far = 0
  for _, p in ipairs(c:nodes()) do
    local x = p.position
    far = math.max(far, math.sqrt((x[1] - top[1]) ^ 2 + (x[2] - top[2]) ^ 2 + (x[3] - top[3]) ^ 2))
  end
  test.ok(far < 1.3, ("every node within %.2f m of a shoulder pin"):format(far))
  rt:close()
end)

test("flag.lua torn by a gale runs the same twice", function()
  local function run()
    local log = test.tmpname(".rec")
    local status, out = test.taut("--headless", "--frames", "180", "--set", "wind=40",
                                  "--record", log, "examples/flag.lua")
    os.remove(log)
    test.eq(status, 0, out)
    return out:match("world hash (%x+) after 180 steps")
  end
  local first, second = run(), run()
  test.ok(first, "a hash was printed")
  test.eq(first, second)
  local rt = taut.runtime("examples/flag.lua")
  rt:set("wind", 40)
  rt:step(180)
  local flag = rt:world():cloths()[1]
  test.ok(flag.torn and flag.tethers < 200, ("torn: %d tethers left"):format(flag.tethers))
  rt:close()
end)

test("a world teleport carries a cloth pinned to a frame as one, adding no speed", function()
  local w = world3()
  local f = w:frame{ position = {0, 2, 0} }
  local c = w:cloth{ grid = {6, 6}, size = {1, 1}, origin = {-0.5, 2, 0}, pin = "top", pin_to = f }
  for _ = 1, 60 do w:step() end
  local before = c.teleports
  w:teleport{ 5, 0, 0 }
  w:step()
  local fastest = 0
  for _, p in ipairs(c:nodes()) do
    local v = p.velocity
    fastest = math.max(fastest, math.sqrt(v[1]^2 + v[2]^2 + v[3]^2))
  end
  test.eq(c.teleports, before, "not read as a root jump")
  test.ok(fastest < 0.01, "fastest node " .. fastest .. " m/s")
end)
