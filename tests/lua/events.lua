-- Events arrive after the step, once each, to world:on handlers and to
-- the scene callback of the same name.
local taut = require "taut"
local test = require "test"

-- A feather pushed by a force that overflows its velocity, on a spring
-- to a neighbour: the guard resets it (not the neighbour: nothing spreads)
-- and reports the reset as a "nonfinite" event.
local function overflowing(w)
  local a = w:particle{ position = {-1, 0}, mass = 1e-30 }
  local b = w:particle{ position = {1, 0} }
  w:spring{ a = a, b = b }
  a:apply_force{3e38, 0}
  return a, b
end

test("a non-finite reset is reported after the step, with the particle", function()
  local w = taut.world{ substeps = 1 }
  local a, b = overflowing(w)
  local seen, during = {}, nil
  w:on("nonfinite", function(event, world)
    seen[#seen + 1] = event.particle
    test.eq(world, w)
    during = world.step_count
  end)
  w:step()
  test.eq(#seen, 1, "one event per particle reset")
  test.eq(seen[1], a)
  test.eq(during, 1, "handled after the step had finished")
  test.eq(#w:events(), 1)
  test.eq(w:events()[1].kind, "nonfinite")
  test.eq(a.x, -1, "reset to where it was")
  test.eq(a.velocity[1], 0, "at rest")
  test.ok(b.x == 1 and b.y < 0, "its neighbour only fell: " .. b.x .. ", " .. b.y)
end)

test("a quiet step has no events", function()
  local w = taut.world{}
  w:particle{}
  w:step()
  test.eq(#w:events(), 0)
end)

test("world:on names the kinds it knows", function()
  local w = taut.world{}
  test.error(function() w:on("bang", print) end,
    "bad argument #1 to 'on' (unknown event 'bang' (expected nonfinite, break, contact_begin, contact_end, cut, cull, grab_limit, tear_limit))")
end)

test("a scene callback named after the kind gets the event", function()
  local path = test.write([[
local scene = {}
function scene.load(world)
  world.substeps = 1
  local a = world:particle{ position = {-1, 0}, mass = 1e-30 }
  local b = world:particle{ position = {1, 0} }
  world:spring{ a = a, b = b }
  a:apply_force{3e38, 0}
end
function scene.nonfinite(event, world)
  error("got " .. event.kind .. " at step " .. world.step_count)
end
return scene
]], ".lua")
  local status, out = test.taut("--headless", "--frames", "3", path)
  test.eq(status, 1, out)
  test.ok(out:find("an event handler failed: " .. path .. ":10: got nonfinite at step 1", 1, true), out)
  os.remove(path)
end)
