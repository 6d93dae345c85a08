-- Reading and writing the properties of worlds, particles and springs.
local taut = require "taut"
local test = require "test"

local function vec_eq(v, expected, message)
  test.eq(#v, #expected, message)
  for i = 1, #expected do test.near(v[i], expected[i], 1e-6, message) end
end

test("a world's settings read back as set", function()
  local w = taut.world{ gravity = {0, -3}, dt = 1 / 120, substeps = 4, iterations = 2 }
  vec_eq(w.gravity, {0, -3})
  test.near(w.dt, 1 / 120, 1e-9)
  test.eq(w.substeps, 4)
  test.eq(w.iterations, 2)
  test.eq(w.is_3d, false)
  w.gravity = {1, 2}
  w.substeps = 16
  w.max_speed = 50
  vec_eq(w.gravity, {1, 2})
  test.eq(w.substeps, 16)
  test.eq(w.max_speed, 50)
  local w3 = taut.world{ is_3d = true, gravity = {0, 0, -9.81} }
  vec_eq(w3.gravity, {0, 0, -9.81})
end)

test("a particle's properties read back as set", function()
  local w = taut.world{}
  local p = w:particle{ position = {1, 2}, velocity = {3, 4}, mass = 2, radius = 0.25 }
  vec_eq(p.position, {1, 2})
  vec_eq(p.velocity, {3, 4})
  test.eq(p.x, 1); test.eq(p.y, 2); test.eq(p.z, 0)
  test.eq(p.mass, 2); test.eq(p.radius, 0.25); test.eq(p.pinned, false)
  p.position = {-5, 6}
  p.velocity = {0, 0}
  p.mass = 4
  p.radius = 0.5
  vec_eq(p.position, {-5, 6})
  test.eq(p.mass, 4); test.eq(p.radius, 0.5)
  p.pinned = true
  test.eq(p.pinned, true)
  test.eq(p.mass, 4, "pinning keeps the mass")
  w:step(10)
  vec_eq(p.position, {-5, 6}, "a pinned particle stays put")
  p.pinned = false
  w:step(10)
  test.ok(p.y < 6, "unpinned, it falls")
  test.eq(p.world, w, "p.world is the same world userdata")
  test.eq(w.particle_count, 1)
end)

test("a 2D world holds z at 0", function()
  local w = taut.world{}
  local p = w:particle{ position = {1, 2, 3}, velocity = {0, 0, 5} }
  test.eq(p.z, 0)
  w:step()
  test.eq(p.z, 0)
end)

test("a particle falls with g", function()
  local w = taut.world{}
  local p = w:particle{ position = {0, 0} }
  w:step(60)
  -- exact for the substep integrator: y = -g h^2 n (n + 1) / 2, n = 480
  local h, n = 1 / 480, 480
  test.near(p.y, -9.81 * h * h * n * (n + 1) / 2, 1e-4)
  test.near(p.velocity[2], -9.81, 1e-3)
end)

test("a spring's properties read back as set", function()
  local w = taut.world{}
  local a = w:particle{ position = {0, 0}, pinned = true }
  local b = w:particle{ position = {2, 0} }
  local s = w:spring{ a = a, b = b, compliance = 1e-3, stretch_damping = 0.5, kind = "tether" }
  test.eq(s.a, a); test.eq(s.b, b)
  test.near(s.rest_length, 2, 1e-6)
  test.near(s.length, 2, 1e-6)
  test.near(s.strain, 0, 1e-6)
  test.near(s.compliance, 1e-3, 1e-9)
  test.near(s.stretch_damping, 0.5, 1e-9)
  test.eq(s.kind, "tether")
  s.kind = "rod"; s.rest_length = 1; s.compliance = 0; s.stretch_damping = 0
  test.eq(s.kind, "rod"); test.eq(s.rest_length, 1); test.eq(s.compliance, 0)
  b.position = {1, 0}
  w:step(30)
  test.near(s.length, 1, 1e-4, "a rod holds its new rest length as it swings")
  test.ok(b.y < -0.1, "and it swings")
  test.eq(w.spring_count, 1)
end)

test("handles are unique, comparable, usable as table keys", function()
  local w = taut.world{}
  local p = w:particle{}
  local q = w:particle{ position = {1, 0} }
  local s = w:spring{ a = p, b = q }
  local seen = { [p] = "p" }
  test.eq(seen[s.a], "p", "s.a is the same userdata as p")
  test.ok(s.a == p and s.b ~= p)
  test.eq(#w:particles(), 2)
  test.eq(w:springs()[1], s)
  test.eq(w:nearest({0.9, 0}), q)
  test.eq(w:nearest({5, 5}, 1), nil)
  test.ok(tostring(p):match("^particle#%d+$"), tostring(p))
end)

test("destroying a particle takes its springs and keeps the others", function()
  local w = taut.world{}
  local ps = {}
  for i = 1, 5 do ps[i] = w:particle{ position = {i, 0} } end
  for i = 1, 4 do w:spring{ a = ps[i], b = ps[i + 1] } end
  ps[3]:destroy()
  test.eq(w.particle_count, 4)
  test.eq(w.spring_count, 2)
  for _, i in ipairs{1, 2, 4, 5} do test.eq(ps[i].x, i, "particle " .. i .. " unmoved") end
end)

test("two identical runs give the same hash", function()
  local function run()
    local w = taut.world{}
    local prev = w:particle{ pinned = true }
    for i = 1, 20 do
      local p = w:particle{ position = {0.3 * i, 0} }
      w:spring{ a = prev, b = p, stretch_damping = 0.1 }
      prev = p
    end
    w:step(120)
    return w:hash()
  end
  test.eq(run(), run())
end)
