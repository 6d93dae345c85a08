-- 3D colliders and frames from Lua: shapes made and read back, resting and
-- raycasts in 3D, a frame dancing with pinned strands, and the errors the
-- names of the other dimension and bad rotations get.
local taut = require "taut"
local test = require "test"
local vec = require "vec"

local function world3() return taut.world{ is_3d = true } end

test("every 3D shape can be made and read back", function()
  local w = world3()
  local q = vec.axis_angle({0, 1, 0}, 0.5)
  local s = w:collider{ shape = "sphere", center = {1, 2, 3}, radius = 0.5 }
  local k = w:collider{ shape = "capsule", radius = 0.2, length = 1, rotation = q }
  local b = w:collider{ shape = "box", size = {1, 2, 3}, rotation = {2, 0, 0, 0},
                        angular_velocity = {0, 1, 0} }
  local h = w:collider{ shape = "hull", points = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                                 {0, 0, 1}} }
  local f = w:collider{ shape = "plane", center = {0, -1, 0}, normal = {0, 0, 2} }
  test.eq(s.shape .. k.shape .. b.shape .. h.shape .. f.shape,
    "spherecapsuleboxhullplane")
  test.eq(#s.position, 3)
  test.eq(s.position[3], 3)
  test.near(k.rotation[1], q[1], 1e-6)
  test.near(k.rotation[3], q[3], 1e-6)
  test.eq(b.rotation[1], 1)  -- made unit
  test.eq(b.angular_velocity[2], 1)
  -- the plane's local +y was turned onto its normal, +z
  test.near(vec.rotate(f.rotation, {0, 1, 0})[3], 1, 1e-6)
  b.rotation = vec.axis_angle({1, 0, 0}, 1)
  test.near(b.rotation[2], math.sin(0.5), 1e-6)
end)

test("a particle rests on a turned 3D box, the hull and a sphere", function()
  local w = world3()
  local box = w:collider{ shape = "box", center = {0, 0, 0}, size = {4, 1, 4},
                          rotation = vec.axis_angle({0, 1, 0}, 0.7), friction = 1 }
  local ball = w:collider{ shape = "sphere", center = {5, 0, 0}, radius = 0.5 }
  local p = w:particle{ position = {0.3, 1, 0.2}, radius = 0.1 }
  local q = w:particle{ position = {5, 1, 0}, radius = 0.1 }
  w:step(120)
  test.near(p.position[2], 0.6, 1e-4)
  test.near(vec.distance(q.position, {5, 0, 0}), 0.6, 1e-4)
  test.eq(#w:overlap({5, 0.55, 0}, 0.1), 1)
  local hit = w:raycast({5, 0, 5}, {0, 0, -1}, 10, "colliders")
  test.eq(hit.collider, ball)
  test.near(hit.point[3], 0.5, 1e-5)
  test.near(hit.normal[3], 1, 1e-5)
  test.eq(box.shape, "box")
end)

test("a frame's dance carries pinned particles exactly, strands hanging", function()
  local w = world3()
  local head = w:frame{ position = {0, 1.7, 0} }
  test.eq(tostring(head), "frame#1")
  local roots = {}
  for i = 1, 6 do
    local a = 2 * math.pi * i / 6
    local root = w:particle{ position = {0.1 * math.cos(a), 1.8, 0.1 * math.sin(a)} }
    root:pin_to(head)  -- where it is
    test.eq(root.pinned_to, head)
    local strand = w:rope{ start = root, to = {0.1 * math.cos(a), 1.3, 0.1 * math.sin(a)},
                           segments = 5 }
    roots[i] = { p = root, at = head:to_local(root.position), tip = strand.last }
  end
  local worst = 0
  local axis = {1, 1, 0.5}
  for k = 1, 90 do
    local t = k / 60
    local turn = vec.axis_angle(axis, math.pi / 2 * math.min(t, 1))
    local place = {t, 1.7 + 0.2 * math.sin(2 * math.pi * t), 0}
    if k == 90 then place = vec.add(place, {0, 0.5, 0}) end  -- a jump
    head:move_to(place, turn)
    w:step()
    for _, r in ipairs(roots) do
      worst = math.max(worst, vec.distance(r.p.position, head:to_world(r.at)))
    end
  end
  test.near(worst, 0, 1e-4, "worst gap from the offsets")
  test.ok(roots[1].tip.position[2] < roots[1].p.position[2], "the strands hang")
  local p = roots[1].p
  head:destroy()
  test.eq(p.pinned_to, nil)
  test.eq(p.pinned, true)
  test.error(function() p:pin_to(head) end,
    "bad argument #1 to 'pin_to' (frame was destroyed)")
  test.error(function() return head.position end,
    "cannot read 'position' (frame was destroyed)")
end)

test("a collider's 3D move_to carries a particle pinned at a 3D offset", function()
  local w = world3()
  local c = w:collider{ shape = "capsule", radius = 0.1, length = 1 }
  local p = w:particle{ position = {0, 0, 0} }
  p:pin_to(c, {0.5, 0.2, 0.1})
  c:move_to({1, 2, 3}, vec.axis_angle({0, 0, 1}, math.pi / 2))
  w:step()
  local x = p.position  -- (0.5, 0.2, 0.1) turned a quarter about z
  test.near(x[1], 1 - 0.2, 1e-5)
  test.near(x[2], 2 + 0.5, 1e-5)
  test.near(x[3], 3 + 0.1, 1e-5)
end)

test("the names of the other dimension say what to use", function()
  local w2, w3 = taut.world{}, world3()
  test.error(function() w2:collider{ shape = "sphere" } end,
    "bad argument #1 to 'collider' (shape 'sphere' is 3D: in a 2D world use 'circle')")
  test.error(function() w2:collider{ shape = "hull" } end,
    "bad argument #1 to 'collider' (shape 'hull' is 3D: in a 2D world use 'polygon')")
  test.error(function() w3:collider{ shape = "circle" } end,
    "bad argument #1 to 'collider' (shape 'circle' is 2D: in a 3D world use 'sphere')")
  test.error(function() w3:collider{ shape = "polygon" } end,
    "bad argument #1 to 'collider' (shape 'polygon' is 2D: in a 3D world use 'hull')")
  test.error(function() w3:collider{ shape = "cube" } end,
    "bad argument #1 to 'collider' (unknown shape 'cube' (expected sphere, " ..
    "capsule, box, plane, hull))")
  test.error(function() w2:collider{ rotation = {1, 0, 0, 0} } end,
    "bad argument #1 to 'collider' (rotation is 3D: in a 2D world use angle)")
  test.error(function() w3:collider{ angle = 1 } end,
    "bad argument #1 to 'collider' (angle is 2D: in a 3D world use rotation = " ..
    "{w, x, y, z})")
  local c2, c3 = w2:collider{}, w3:collider{}
  test.error(function() c2:move_to({0, 0}, {1, 0, 0, 0}) end,
    "bad argument #2 to 'move_to' (rotation is 3D: in a 2D world use angle)")
  test.error(function() c3:move_to({0, 0, 0}, 0.5) end,
    "bad argument #2 to 'move_to' (angle is 2D: in a 3D world use rotation = " ..
    "{w, x, y, z})")
  test.error(function() return c3.angle end,
    "cannot read 'angle' (angle is 2D: in a 3D world use rotation = {w, x, y, z})")
  test.error(function() c2.rotation = {1, 0, 0, 0} end,
    "cannot set 'rotation' (rotation is 3D: in a 2D world use angle)")
  test.error(function() w2:frame{} end,
    "a frame needs a 3D world (taut.world{is_3d = true}); in 2D pin to a collider")
  test.error(function() w3:collider{ shape = "hull", points = {{0, 0, 0}, {1, 0, 0},
                                                             {0, 1, 0}, {1, 1, 0}} } end,
    "bad argument #1 to 'collider' (a hull needs 4 to 32 points that span a volume)")
  test.error(function() w3:collider{ shape = "hull", points = {{0, 0, 0}} } end,
    "bad argument #1 to 'collider' (points: a table of 4 to 32 {x, y, z} expected)")
end)

test("bad rotations get clear errors", function()
  local w = world3()
  test.error(function() w:collider{ rotation = {0, 0, 0, 0} } end,
    "bad argument #1 to 'collider' (rotation: {0, 0, 0, 0} is no rotation " ..
    "(a quaternion's length must not be 0))")
  test.error(function() w:collider{ rotation = {0 / 0, 0, 0, 1} } end,
    "bad argument #1 to 'collider' (rotation: {w, x, y, z} of finite numbers " ..
    "expected, got table)")
  test.error(function() w:frame{ rotation = 1 } end,
    "bad argument #1 to 'frame' (rotation: {w, x, y, z} of finite numbers " ..
    "expected, got number)")
  local f = w:frame{}
  test.error(function() f:move_to({0, 0, 0}, {0, 0, 0, 0}) end,
    "bad argument #2 to 'move_to' ({0, 0, 0, 0} is no rotation (a quaternion's " ..
    "length must not be 0))")
  test.error(function() f.rotation = {1, 0, math.huge, 0} end,
    "cannot set 'rotation' ({w, x, y, z} of finite numbers expected, got table)")
  local c = w:collider{ shape = "sphere" }
  test.error(function() c:move_to({0, 0, 0}, {1, 2, 3}) end,
    "bad argument #2 to 'move_to' ({w, x, y, z} of finite numbers expected, " ..
    "got table)")
end)
