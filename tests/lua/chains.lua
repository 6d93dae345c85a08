-- Dynamic-bone chains from Lua (issue 15): world:chain and its live
-- fields, curves, presets, colliders inside and out, teleports, LOD, the
-- hair module, grabbing a node, the drawing, and the errors' exact text.
local taut = require "taut"
local test = require "test"
local hair = require "hair"

local function world3(gravity)
  return taut.world{ is_3d = true, gravity = gravity }
end

local function strand(w, opts)
  local head = w:frame{ position = {0, 2, 0} }
  opts = opts or {}
  opts.root = opts.root or head
  opts.from, opts.direction = opts.from or {0, 0, 0}, opts.direction or {1, 0, 0}
  opts.segments, opts.length = opts.segments or 10, opts.length or 1
  return w:chain(opts), head
end

local function distance(a, b)
  local x, y, z = a[1] - b[1], a[2] - b[2], (a[3] or 0) - (b[3] or 0)
  return math.sqrt(x * x + y * y + z * z)
end

test("a chain from from, direction, segments and length: its nodes are pinned particles on the root", function()
  local w = world3()
  local c, head = strand(w, { segments = 4, length = 0.8 })
  test.eq(#c, 5)
  test.eq(c.root, head)
  test.eq(c:node(1).pinned, true, "kinematic to the world")
  test.near(c:node(5).position[1], 0.8, 1e-6)
  test.near(c.points[3][1], 0.4, 1e-6)
  test.eq(#c:nodes(), 5)
  test.eq(c.tip, nil, "no virtual tip without end_length")
  c.end_length = 0.5
  test.near(c:rest(6)[1], 0.9, 1e-6, "the tip half a segment beyond")
  w:step()
  test.ok(c.tip, "the virtual tip moves once it is on")
  test.eq(tostring(c):match("^chain#%d+$") ~= nil, true)
end)

test("knobs read back as given: a number, {root, tip}, {depth, value} points; writes act at the next step", function()
  local w = world3()
  local c = strand(w, { stiffness = {0.8, 0.1}, damping = 0.25, segments = 4 })
  test.eq(c.damping, 0.25)
  test.near(c.stiffness[1], 0.8, 1e-6)
  test.near(c.stiffness[2], 0.1, 1e-6)
  test.near(c:value("stiffness", 3), 0.45, 1e-6, "the middle node")
  c.elasticity = {{0, 0.2}, {0.5, 0.6}, {1, 0}}
  test.near(c.elasticity[2][2], 0.6, 1e-6)
  test.near(c:value("elasticity", 2), 0.4, 1e-6, "a quarter of the way")
  local before = c:node(5).position
  c.gravity = {0, 0, 0}
  c.elasticity, c.stiffness = 1, 1
  w:step(30)
  test.near(distance(c:node(5).position, c:rest(5)), 0, 1e-4, "held in pose")
  test.ok(before[2] <= c:node(5).position[2] + 1e-6)
end)

test("presets: listed, applied at creation and live, gravity a share of the world's", function()
  test.eq(table.concat(taut.chain_presets(), " "), "soft bouncy stiff floaty")
  local w = world3({0, -10, 0})
  local c = strand(w, { preset = "floaty" })
  test.near(c.gravity[2], 1.5, 1e-5, "floaty: 15% of gravity, up")
  test.near(c.damping[1], 0.08, 1e-6)
  c:apply("stiff")
  test.near(c.stiffness[1], 0.8, 1e-6)
  test.near(c.gravity[2], -3, 1e-5)
  w:step(120)
  test.ok(c:node(11).position[2] > 2 - 0.6, "stiff holds most of its level pose")
end)

test("anti-gravity floats a chain above its root", function()
  local w = world3()
  local c = strand(w, { gravity = {0, 9.81, 0}, elasticity = 0.02, direction = {1, -1, 0} })
  w:step(300)
  local lowest = math.huge
  for i = 2, #c do lowest = math.min(lowest, c:node(i).position[2]) end
  test.ok(lowest > 2, ("every node above the root: lowest %.3f"):format(lowest))
end)

test("colliders: a sphere from outside, a box from inside, and only the listed ones", function()
  local w = world3()
  local ball = w:collider{ shape = "sphere", center = {0.5, 1.6, 0}, radius = 0.3 }
  local cage = w:collider{ shape = "box", center = {0, 2, 0}, size = {2, 1, 2} }
  local floor = w:collider{ shape = "plane", center = {0, 1.2, 0} }
  local draped = strand(w, { colliders = {ball, {cage, inside = true}}, radius = 0.02 })
  test.eq(#draped.colliders, 2)
  test.eq(draped.colliders[2].inside, true)
  w:step(240)
  local inside_ball, outside_cage, below_floor = 0, 0, 0
  for i = 2, #draped do
    local p = draped:node(i).position
    inside_ball = math.max(inside_ball, 0.32 - distance(p, {0.5, 1.6, 0}))
    outside_cage = math.max(outside_cage, 1.52 - p[2])  -- the cage's floor
    below_floor = math.max(below_floor, 1.2 - p[2])
  end
  test.ok(inside_ball < 1e-4, "not into the ball: " .. inside_ball)
  test.ok(outside_cage < 1e-4, "kept in the cage: " .. outside_cage)
  test.eq(below_floor, 0, "the floor is not in its list and the cage holds it above")
  -- with no list it meets every collider: the floor too, from outside
  local loose = strand(w, { radius = 0.02, from = {0, 0, 1} })
  w:step(240)
  local lowest = math.huge
  for i = 2, #loose do lowest = math.min(lowest, loose:node(i).position[2]) end
  test.ok(lowest > 1.22 - 1e-4, "on the floor: " .. lowest)
  -- or what its group and mask let through: not the floor (group 4)
  floor.group = 4
  local through = strand(w, { radius = 0.02, from = {0, 0, -1}, mask = 3, direction = {0, -1, 0} })
  w:step(60)
  test.ok(through:node(11).position[2] < 1.2, "through the floor it does not meet")
  -- a capsule from outside, and another keeping a tail within
  local w2 = world3()
  local bar = w2:collider{ shape = "capsule", center = {0.5, 1.8, 0}, length = 1, radius = 0.1,
                           rotation = {0.7071068, 0, 0.7071068, 0} }
  local tube = w2:collider{ shape = "capsule", center = {0, 2, 1}, length = 1.6, radius = 0.15 }
  local over = strand(w2, { colliders = {bar}, radius = 0.01 })
  local tail = strand(w2, { colliders = {{tube, inside = true}}, radius = 0.01, from = {0, 0, 1} })
  w2:step(240)
  local into_bar, out_of_tube = -1, -1
  for i = 2, #over do
    local p, q = over:node(i).position, tail:node(i).position
    into_bar = math.max(into_bar, 0.11 - math.sqrt((p[2] - 1.8) ^ 2 + (p[1] - 0.5) ^ 2))
    out_of_tube = math.max(out_of_tube, math.sqrt((q[2] - 2) ^ 2 + (q[3] - 1) ^ 2) - 0.14)
  end
  test.ok(into_bar < 1e-4, "draped over the bar: " .. into_bar)
  test.ok(out_of_tube < 1e-4, "kept in the tube: " .. out_of_tube)
end)

test("teleports: keep moves the chain along with its speeds, reset puts it in pose", function()
  local w = world3()
  local c, head = strand(w, { teleport_distance = 5 })
  w:step(20)
  local v = c:velocity(11)
  head.position = {20, 2, 0}
  w:step()
  local after = c:velocity(11)
  test.ok(math.abs(after[2] - v[2]) < 0.3, "one step of gravity, no jump")
  test.ok(math.abs(after[1] - v[1]) < 0.05)
  c.teleport = "reset"
  w:step(10)
  head.position = {0, 2, 0}
  w:step()
  test.near(distance(c:node(11).position, c:rest(11)), 0, 1e-5, "in pose")
  c:reset()
  test.near(distance(c:position(11), c:rest(11)), 0, 1e-6)
end)

test("world:teleport moves ropes, particles and chains at once, no speed added", function()
  local w = world3()
  local c = strand(w)
  local rope = w:rope{ from = {2, 2, 0}, to = {3, 2, 0}, segments = 5 }
  w:step(30)
  local speeds = { c:velocity(11), rope.last.velocity }
  local at = c:node(11).position
  w:teleport{100, 0, -50}
  test.near(c:node(11).position[1], at[1] + 100, 1e-4)
  test.eq(c:velocity(11)[2], speeds[1][2], "chain speed kept")
  test.eq(rope.last.velocity[2], speeds[2][2], "rope speed kept")
  test.error(function() w:teleport{0 / 0, 0, 0} end,
    "bad argument #1 to 'teleport' ({x, y} or {x, y, z} of finite numbers expected, got table)")
end)

test("LOD from the world's point: full near, a lower rate, frozen beyond cull", function()
  local w = world3()
  local c = strand(w, { lod = {near = 5, far = 10, cull = 20} })
  test.eq(c.lod.cull, 20)
  test.eq(c.lod.rate, 20, "the default lower rate")
  local function run(at)
    w.lod_point = at
    local before = c.node_updates
    w:step(60)
    return c.level, c.node_updates - before
  end
  local level, updates = run({0, 2, 0})
  test.eq(level, "full")
  test.eq(updates, 600)
  level, updates = run({0, 2, 12})
  test.eq(level, "low")
  test.eq(updates, 200, "20 Hz beyond far")
  level, updates = run({0, 2, 40})
  test.eq(level, "culled")
  test.eq(updates, 0, "costs no update")
  test.near(distance(c:node(11).position, c:rest(11)), 0, 1e-6, "shown in pose")
  c.lod = nil
  test.eq(c.lod, nil)
  test.eq(run({0, 2, 40}), "full")
end)

test("hair.scalp combs strands over a head and none goes in", function()
  local w = world3()
  local head = w:collider{ shape = "sphere", center = {0, 1.6, 0}, radius = 0.1 }
  local strands = hair.scalp(w, { root = head, radius = 0.1, rows = 3, per_row = 8,
                                  length = 0.2, segments = 5, knobs = { radius = 0.005 } })
  test.eq(#strands, 14, "rings of 1, 5 and 8 roots")
  hair.set(strands, "stiffness", {0.5, 0.1})
  test.near(strands[1].stiffness[1], 0.5, 1e-6)
  local deepest = -1
  for k = 1, 90 do
    head:move_to({0.3 * math.sin(k / 10), 1.6, 0}, {math.cos(k / 5), 0, math.sin(k / 5), 0})
    w:step()
    hair.each(strands, function(c)
      for i = 2, #c do
        deepest = math.max(deepest, 0.105 - distance(c:node(i).position, head.position))
      end
    end)
  end
  test.ok(deepest < 1e-4, "deepest node in the head: " .. deepest)
end)

test("errors name the option or field and say what is wrong", function()
  local w = world3()
  local c, head = strand(w)
  test.error(function() w:chain{ points = {{0, 0, 0}, {1, 0, 0}} } end,
    "bad argument #1 to 'chain' (root: a frame or a collider expected, got nil)")
  test.error(function() w:chain{ root = head, stiffness = 1.5 } end,
    "bad argument #1 to 'chain' (stiffness: value must be a number in [0, 1])")
  test.error(function() w:chain{ root = head, radius = -1 } end,
    "bad argument #1 to 'chain' (radius: value must be a finite number >= 0)")
  test.error(function() w:chain{ root = head, preset = "wet" } end,
    "bad argument #1 to 'chain' (unknown preset 'wet' (expected soft, bouncy, stiff, floaty))")
  test.error(function() w:chain{ root = head, points = {{0, 0, 0}, {0, 0, 0}} } end,
    "bad argument #1 to 'chain' (a chain needs 2 to 1024 points, each apart from the one before)")
  test.error(function() w:chain{ root = head, points = {{0, 0, 0}, "x"} } end,
    "bad argument #1 to 'chain' (points[2]: {x, y, z} of numbers expected)")
  test.error(function() w:chain{ root = head, colliders = {head} } end,
    "bad argument #1 to 'chain' (colliders[1]: a collider or {collider, inside = true} expected)")
  test.error(function() w:chain{ root = head, lod = {near = 5, far = 1, cull = 9} } end,
    "bad argument #1 to 'chain' (lod needs 0 <= near <= far <= cull and a rate > 0)")
  test.error(function() w:chain{ root = head, teleport = "fade" } end,
    "bad argument #1 to 'chain' (unknown teleport 'fade' (expected keep, reset))")
  test.error(function() w:chain{ root = head, rate = -1 } end,
    "bad argument #1 to 'chain' (rate must be 0 (once a step) or a finite number of Hz > 0)")
  test.error(function() w:chain{ root = head, stiffnes = 1 } end,
    "bad argument #1 to 'chain' (unknown option 'stiffnes' (expected root, points, from, " ..
    "direction, segments, length, preset, damping, elasticity, stiffness, inertia, " ..
    "radius, max_stretch, gravity, force, end_length, mass, rate, lod, " ..
    "teleport_distance, teleport_angle, teleport, colliders, group, mask))")
  test.error(function() c.stiffness = {{0.5, 1}, {0.2, 1}} end,
    "cannot set 'stiffness' (a curve is a number, {root, tip} or 1 to 8 {depth, value} " ..
    "points at rising depths in [0, 1])")
  test.error(function() c.damping = "much" end,
    "cannot set 'damping' (a number, {root, tip} or {{depth, value}, ...} expected)")
  test.error(function() c.points = {{0, 0, 0}, {1, 0, 0}} end,
    "cannot set 'points' (a chain needs 2 to 1024 points, each apart from the one before)")
  test.error(function() c.teleport = "fade" end, "cannot set 'teleport' (expected keep, reset)")
  test.error(function() c.mass = 2 end, "cannot set 'mass' (read-only)")
  test.error(function() c:value("stifness", 1) end, "bad argument #1 to 'value' " ..
    "(damping, elasticity, stiffness, inertia, radius or max_stretch expected)")
  test.error(function() c:node(12) end, "bad argument #1 to 'node' (index out of range 1..11)")
  local elsewhere = taut.world{ is_3d = true }:collider{ shape = "sphere", radius = 1 }
  test.error(function() w:chain{ root = w:collider{ shape = "sphere", radius = 1 },
                                 colliders = {elsewhere} } end,
    "bad argument #1 to 'chain' (a chain takes up to 16 colliders of its world)")
  c:destroy()
  test.error(function() return c.damping end, "cannot read 'damping' (chain was destroyed)")
  test.error(function() c:reset() end, "calling 'reset' on bad self (chain was destroyed)")
end)

test("a 2D chain on a collider stays in the plane", function()
  local w = taut.world{}
  local body = w:collider{ shape = "box", center = {0, 1}, size = {0.5, 0.5} }
  local tail = w:chain{ root = body, from = {-0.25, 0}, direction = {-1, 0}, segments = 6, length = 0.6 }
  for k = 1, 60 do body:move_to({k / 20, 1 + 0.2 * math.sin(k / 6)}, 0.1 * math.sin(k / 8)); w:step() end
  test.eq(#tail:node(7).position, 2, "a 2D vector")
  test.ok(tail:node(7).position[1] < body.position[1] - 0.3, "it trails")
  test.error(function() w:chain{ root = w:frame{} } end,
    "a frame needs a 3D world (taut.world{is_3d = true}); in 2D pin to a collider")
end)

local head = [[
local scene = { world = { is_3d = true } }
scene.view = { eye = {0, 2, 5}, target = {0, 2, 0} }
]]

-- A level strand 1 m long from the centre of the screen to the right.
local level = head .. [[
function scene.load(world)
  local f = world:frame{ position = {0, 2, 0} }
  scene.c = world:chain{ root = f, from = {0, 0, 0}, direction = {1, 0, 0},
                         segments = 10, length = 1, lod = {cull = CULL} }
end
return scene]]

local function gold(r, g, b) return r > 200 and g > 150 and g < 220 and b < 150 end
local function grey(r, _, b) return math.abs(r - 130) < 12 and math.abs(b - 140) < 12 end

test("drawn: a culled chain in grey in its animated pose, a full one in gold hanging", function()
  local status, out, img = test.shoot(level:gsub("CULL", "3"), "--frames", "60")
  test.eq(status, 0, out)
  local x, y = 640 + math.floor(0.5 * 360 / math.tan(math.rad(25)) / 5), 360
  test.ok(grey(img:pixel(x, y)), ("grey at the level pose: %d %d %d"):format(img:pixel(x, y)))
  status, out, img = test.shoot(level:gsub("CULL", "30"), "--frames", "60")
  test.eq(status, 0, out)
  test.ok(not gold(img:pixel(x, y)), "the full one has left the level pose")
  local found = false
  for py = 380, 520, 2 do
    for px = 600, 760, 2 do if gold(img:pixel(px, py)) then found = true end end
  end
  test.ok(found, "gold hair hangs below the root")
end)

test("a left drag grabs a chain's node: the chain follows it, out to its reach", function()
  local text = [[
local scene = { world = { is_3d = true, gravity = {0, 0, 0} } }
scene.view = { eye = {0, 0, 5}, target = {0, 0, 0} }
function scene.load(world)
  local f = world:frame{ position = {0, 0.5, 0} }
  scene.c = world:chain{ root = f, from = {0, 0, 0}, direction = {0, -1, 0},
                         segments = 3, length = 0.75, gravity = {0, 0, 0} }
end
function scene.draw()
  local p, q = scene.c:node(3).position, scene.c:node(4).position
  print(("node %.4f %.4f %.4f next %.4f"):format(p[1], p[2], p[3], q[1]))
end
return scene]]
  -- press at the centre (node 3, at the origin), move 100 px right
  local status, out = test.replayed(text, { "0 3 1 640 360", "1 5 0 740 360" }, 60)
  test.eq(status, 0, out)
  local x, y, z, nx = out:match("node (%S+) (%S+) (%S+) next (%S+)")
  x, y, z, nx = tonumber(x), tonumber(y), tonumber(z), tonumber(nx)
  -- the pointer is 100 px right on the plane z = 0, 0.82 m from the root:
  -- past the node's reach (0.5 m), which it stops at, pointing there
  local px = 100 / (360 / math.tan(math.rad(25))) * 5
  test.near(distance({x, y, z}, {0, 0.5, 0}), 0.5, 2e-3, "at its reach")
  test.near(x / (0.5 - y), px / 0.5, 0.02, "towards the pointer")
  test.ok(nx > x, "the node below it came along: " .. nx)
end)

-- The mean height of a world's particles (the examples' are mostly hair).
local function mean_height(w)
  local sum, all = 0, w:particles()
  for _, p in ipairs(all) do sum = sum + p.position[2] end
  return sum / #all
end

test("the examples: hair.lua's sliders reach every strand live, tail.lua's tail trails the runner", function()
  local function hair_after(anti)
    local rt = taut.runtime("examples/hair.lua")
    rt:step(30)
    rt:set("anti_gravity", anti)
    rt:step(120)
    local h = mean_height(rt:world())
    rt:close()
    return h
  end
  local sinks, floats = hair_after(0), hair_after(2)
  test.ok(floats > sinks + 0.05, ("anti-gravity 2 lifts the hair: %.3f m over %.3f m"):format(floats, sinks))
  local rt = taut.runtime("examples/tail.lua")
  rt:step(90)
  local w = rt:world()
  test.eq(w.particle_count, 20, "a tail of 11 nodes and a scarf of 9")
  rt:close()
  for _, name in ipairs{ "hair", "tail" } do
    local status, out = test.taut("--headless", "--frames", "120", "examples/" .. name .. ".lua")
    test.eq(status, 0, out)
  end
end)
