-- Error messages name the right argument and the real reason (issue 20):
-- doubles past float range, the argument numbers of reel and move_to,
-- property setters (never Lua's 'newindex'), mass_per_metre, objects of
-- another world.
local taut = require "taut"
local test = require "test"

local RANGE = "number out of float range (|x| > 3.4e38)"

local function scene()
  local w = taut.world{}
  local p = w:particle{ position = {0, 0}, pinned = true }
  local q = w:particle{ position = {1, 0} }
  return w, {
    world = w, particle = p, spring = w:spring{ a = p, b = q },
    rope = w:rope{ from = {2, 0}, to = {2, -1}, segments = 2 },
    wind = w:wind{ kind = "uniform", direction = {1, 0} },
    collider = w:collider{ shape = "circle", center = {0, -3}, radius = 1 },
    cutter = w:cutter{ position = {5, 5} },
    angle = w:angle{ a = p, b = q, c = w:particle{ position = {2, 1} } },
    grab = w:grab{ particle = q },
  }
end

test("a double past float range is named, in options, properties and arguments", function()
  local w, o = scene()
  test.error(function() w:particle{ gravity_scale = 1e39 } end,
    "bad argument #1 to 'particle' (gravity_scale: " .. RANGE .. ")")
  test.error(function() o.particle.gravity_scale = 1e39 end,
    "cannot set 'gravity_scale' (" .. RANGE .. ")")
  test.error(function() o.particle.mass = -1e39 end, "cannot set 'mass' (" .. RANGE .. ")")
  test.error(function() taut.world{ dt = 1e39 } end,
    "bad argument #1 to 'world' (dt: " .. RANGE .. ")")
  test.error(function() o.particle.position = {1e39, 0} end,
    "cannot set 'position' ({x, y} or {x, y, z} of finite numbers expected, "
    .. "got 1e+39 (out of float range))")
  test.error(function() o.particle:apply_force{0, -1e39} end,
    "bad argument #1 to 'apply_force' ({x, y} or {x, y, z} of finite numbers "
    .. "expected, got -1e+39 (out of float range))")
  test.error(function() w:particle{ position = {0, 1e39} } end,
    "bad argument #1 to 'particle' (position: {x, y} or {x, y, z} expected, "
    .. "got 1e+39 (out of float range))")
  test.eq(o.particle.gravity_scale, 1, "nothing was set")
end)

test("reel and move_to blame the argument that is wrong", function()
  local _, o = scene()
  test.error(function() o.rope:reel(1, 1e39) end,
    "bad argument #2 to 'reel' (" .. RANGE .. ")")
  test.error(function() o.rope:reel(1e39) end,
    "bad argument #1 to 'reel' (" .. RANGE .. ")")
  test.error(function() o.rope:reel(1, 0 / 0) end,
    "bad argument #2 to 'reel' (finite number expected)")
  test.error(function() o.collider:move_to({0, 0}, 1e39) end,
    "bad argument #2 to 'move_to' (" .. RANGE .. ")")
  test.error(function() o.collider:move_to({1e39, 0}) end,
    "bad argument #1 to 'move_to' ({x, y} or {x, y, z} of finite numbers "
    .. "expected, got 1e+39 (out of float range))")
end)

test("setters say what they expected", function()
  local w, o = scene()
  test.error(function() o.wind.region = {} end,
    "cannot set 'region' (string expected, got table)")
  test.error(function() o.wind.region = "cube" end,
    "cannot set 'region' (unknown region 'cube' (expected none, circle, box))")
  test.error(function() w:rope{ from = {0, 0}, to = {1, 0}, mass_per_metre = 0 } end,
    "bad argument #1 to 'rope' (mass_per_metre must be a finite number > 0)")
  test.error(function() w:rope{ from = {0, 0}, to = {1, 0}, segment_length = -1 } end,
    "bad argument #1 to 'rope' (segment_length must be a finite number >= 0 (0: use segments))")
end)

test("an object of another world is not called destroyed", function()
  local w, o = scene()
  local other = taut.world{}
  local p2 = other:particle{}
  local c2 = other:collider{ shape = "circle", center = {0, -3}, radius = 1 }
  test.error(function() o.particle:pin_to(c2) end,
    "bad argument #1 to 'pin_to' (collider belongs to another world)")
  test.error(function() w:rope{ start = p2, to = {1, 0} } end,
    "bad argument #1 to 'rope' (start: particle belongs to another world)")
  test.error(function() w:spring{ a = o.particle, b = p2 } end,
    "bad argument #1 to 'spring' (b: particle belongs to another world)")
  p2:destroy()
  test.error(function() w:spring{ a = p2, b = o.particle } end,
    "bad argument #1 to 'spring' (a: particle was destroyed)")
end)

-- Every property of every object, set to values of every wrong kind: an
-- error (if any) starts "cannot set '<name>' (" with a reason, and never
-- names Lua's internals ('newindex', '?').
test("every property setter names itself in its errors", function()
  local _, o = scene()
  local values = { {}, "x", true, 1e39, -1e39, 0 / 0, math.huge, -1, 0, print,
    { 1e39, 0 }, { "a", "b" } }
  local tried, refused = 0, 0
  for name, obj in pairs(o) do
    local _, props = debug.getupvalue(debug.getmetatable(obj).__index, 2)
    test.eq(type(props), "table", name)
    for key in pairs(props) do
      if key ~= "fn" then             -- a wind's fn takes any function
        for _, value in ipairs(values) do
          local ok, message = pcall(function() obj[key] = value end)
          tried = tried + 1
          if not ok then
            refused = refused + 1
            local text = tostring(message):gsub("^[^:]+:%d+: ", "")
            local what = ("%s.%s = %s"):format(name, key, tostring(value))
            test.ok(text:find("cannot set '" .. key .. "' (", 1, true) == 1, what .. ": " .. text)
            test.ok(not text:find("newindex", 1, true) and not text:find("'?'", 1, true),
              what .. ": " .. text)
          end
        end
      end
    end
  end
  test.ok(refused > 300, refused .. " of " .. tried .. " refused")
  print(("note messages.lua: %d of %d settings refused"):format(refused, tried))
end)
