-- Wind from Lua: the function field's sample count and its equality with
-- the C uniform field, live changes, forces, and the exact error texts.
local taut = require "taut"
local test = require "test"

-- A 10-node rope along +x with drag on every segment.
local function streamer(w)
  local prev = w:particle{ position = {0, 0}, pinned = true }
  for k = 1, 10 do
    local p = w:particle{ position = {0.3 * k, 0}, mass = 0.2 }
    w:spring{ a = prev, b = p, drag = 0.5 }
    prev = p
  end
  return prev
end

test("a function wind is sampled (cells + 1) per axis once per step", function()
  local w = taut.world{}
  local calls, last_t = 0, nil
  local wind = w:wind{ fn = function(x, y, z, t)
    calls = calls + 1
    last_t = t
    return 1, 0
  end, lo = {-4, -2}, hi = {4, 2}, cells = {4, 2} }
  streamer(w)
  test.eq(wind.kind, "function")
  test.eq(wind.samples, 15)
  w:step(3)
  test.eq(calls, 45, "5 x 3 lattice points, 3 steps")
  test.near(last_t, 2 / 60, 1e-6)
  wind.enabled = false
  w:step()
  test.eq(calls, 45, "a disabled function wind is not sampled")
end)

test("a uniform function blows exactly as the uniform wind", function()
  local a, b = taut.world{}, taut.world{}
  local tip_a, tip_b = streamer(a), streamer(b)
  local uniform = a:wind{ strength = 3, direction = {0.6, 0.8} }
  local v = uniform:sample{0, 0}
  b:wind{ fn = function() return v[1], v[2] end, lo = {-1, -5}, hi = {5, 1},
          cells = {3, 3} }
  a:step(120)
  b:step(120)
  test.ok(tip_a.x ~= 3, "the rope moved")
  test.eq(a:hash(), b:hash())
  test.eq(tip_a.x, tip_b.x)
end)

test("fields change live and add up; regions cut them off", function()
  local w = taut.world{ gravity = {0, 0} }
  local gust = w:wind{ kind = "noise", strength = 2, seed = 5 }
  local spin = w:wind{ kind = "vortex", center = {0, 0}, radius = 1,
                       strength = 3, region = "circle", region_size = 2 }
  test.eq(w.wind_count, 2)
  gust.enabled = false
  test.near(spin:sample{1, 0}[2], 3, 1e-6)
  test.eq(spin:sample{3, 0}[2], 0)
  spin.strength = 5
  test.near(spin:sample{1, 0}[2], 5, 1e-6)
  test.eq(spin.region, "circle")
  test.eq(spin.region_size[1], 2)
  local p = w:particle{ position = {1, 0}, drag = 1 }
  w:step(30)
  test.ok(p.velocity[2] > 1.5, "the vortex carries a dragged particle round")
  spin:destroy()
  test.eq(w.wind_count, 1)
end)

test("forces, impulses and anti-gravity", function()
  local w = taut.world{}
  local hair = w:particle{ gravity_scale = -1 }
  local ball = w:particle{ position = {5, 0}, mass = 2, gravity_scale = 0 }
  ball:apply_impulse{4, 0}
  test.eq(ball.velocity[1], 2)
  ball:apply_force{0, 120}
  w:step(60)
  test.near(hair.velocity[2], 9.81, 1e-3)
  test.near(ball.velocity[2], 1, 1e-6)
  w:apply_force{0, -60}
  w:step()
  test.near(ball.velocity[2], 0.5, 1e-6)
end)

test("bad wind input is named", function()
  local w = taut.world{}
  test.error(function() w:wind{ kind = "tornado" } end,
    "bad argument #1 to 'wind' (unknown kind 'tornado' (expected uniform, noise, vortex, radial, function))")
  test.error(function() w:wind{ gust = 3 } end,
    "bad argument #1 to 'wind' (unknown option 'gust' (expected kind, enabled, strength, direction, center, axis, radius, scale, speed, turbulence, seed, region, region_center, region_size, edge, fn, lo, hi, cells))")
  test.error(function() w:wind{ direction = {0, 0} } end,
    "bad argument #1 to 'wind' (direction must be a non-zero vector)")
  test.error(function() w:wind{ kind = "function" } end,
    "bad argument #1 to 'wind' (a \"function\" wind needs fn, and only it)")
  test.error(function() w:wind{ fn = function() end, cells = {100, 2} } end,
    "bad argument #1 to 'wind' (grid needs 1 to 64 cells per axis and a box with lo < hi)")
  local wind = w:wind{ strength = 2 }
  test.error(function() wind.radius = -1 end,
    "cannot set 'radius' (radius must be a finite number > 0)")
  test.error(function() wind.region = "blob" end,
    "cannot set 'region' (unknown region 'blob' (expected none, circle, box))")
  test.error(function() w:particle{}.drag = -1 end,
    "cannot set 'drag' (drag must be a finite number >= 0)")
  wind:destroy()
  test.error(function() return wind.strength end,
    "cannot read 'strength' (wind was destroyed)")
  test.error(function() wind:sample{0, 0} end,
    "calling 'sample' on bad self (wind was destroyed)")
  w:wind{ fn = function() return "east" end }
  w:particle{ drag = 1 }
  test.error(function() w:step() end,
    "wind function must return finite numbers vx, vy[, vz] (got string, nil, nil at (-1.0, -1.0))")
end)

-- A headless screenshot of a scene with one uniform wind `dir`.
local function wind_shot(dir)
  local scene = test.write(([[
local scene = { view = { {-5, -5}, {5, 5} } }
function scene.load(world)
  world:particle{ position = {0, 0}, pinned = true }
  %s
end
return scene]]):format(dir and ("world:wind{ direction = {%d, %d}, strength = 3 }"):format(dir[1], dir[2]) or ""), ".lua")
  local png = test.tmpname(".png")
  local status, out = test.taut("--headless", "--frames", "0", "--screenshot", png, scene)
  test.eq(status, 0, out)
  return taut.image(png)
end

-- An arrow-coloured pixel at (x, y) or next to it (lines are 1.5 px).
local function cyan(img, x, y)
  for dy = -1, 1 do
    for dx = -1, 1 do
      local r, g, b = img:pixel(x + dx, y + dy)
      if b > 200 and g > 180 and r < 160 then return true end
    end
  end
  return false
end

test("the wind layer draws an arrow per cell along the air's velocity", function()
  -- arrow cell (21, 12) is centred at pixel (1032, 600); arrows span 85%
  -- of the 48 px cell, centred on it
  local east, north, none = wind_shot{1, 0}, wind_shot{0, 1}, wind_shot(nil)
  test.ok(cyan(east, 1032 - 12, 600) and cyan(east, 1032 + 12, 600),
    "horizontal arrow across the cell centre")
  test.ok(not cyan(east, 1032, 600 - 12), "nothing above a horizontal arrow")
  test.ok(cyan(north, 1032, 600 - 12) and cyan(north, 1032, 600 + 12),
    "vertical arrow for a northerly wind")
  test.ok(not cyan(north, 1032 - 12, 600), "nothing beside a vertical arrow")
  test.ok(not cyan(none, 1032 - 12, 600) and not cyan(none, 1032, 600 - 12),
    "no arrows without wind")
end)

test("in 3D the wind's arrows are faint: shown, never in the 2D layer's full colour", function()
  local status, out, img = test.shoot([[
local scene = { world = { is_3d = true } }
scene.view = { eye = {0, 0, 6}, target = {0, 0, 0} }
function scene.load(world)
  world.gravity = {0, 0, 0}
  world:wind{ direction = {1, 0, 0}, strength = 3 }
end
return scene]], "--frames", "0")
  test.eq(status, 0, out)
  local opaque, shown = 0, 0
  for y = 0, img.height - 1, 2 do
    for x = 0, img.width - 1, 2 do
      local r, g, b = img:pixel(x, y)
      if b > 200 and g > 180 and r < 160 then opaque = opaque + 1 end
      if b - r > 30 then shown = shown + 1 end
    end
  end
  test.eq(opaque, 0, "arrow pixels in full colour")
  test.ok(shown > 500, "arrow pixels: " .. shown)
end)
