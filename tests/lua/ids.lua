-- Stored ids that outlive their objects (docs/ids.md): whoever holds one
-- finds it stale and says so, or forgets it, and the next step runs.
local test = require "test"

local function quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

-- Run scene (text) headless for steps steps at --fraction 0.5, drawing
-- every step (an F9 recording draws a frame a step); what it printed.
local function drawn(text, steps)
  local dir = test.tmpname("")
  os.execute("mkdir -p " .. quote(dir))
  local scene = dir .. "/scene.lua"
  test.save(scene, text)
  local rec = test.recording(scene, test.key_at(0, "f9"), steps)
  local status, out = test.taut("--headless", "--trust", "--fraction", "0.5",
    "--size", "160x120", "--replay", rec, scene)
  os.remove(rec)
  os.execute("rm -rf " .. quote(dir))
  test.eq(status, 0, out)
  return out
end

-- The x each draw printed ("draw <n> <x>").
local function xs(out)
  local list = {}
  for n, x in out:gmatch("draw (%d+) (%S+)") do list[tonumber(n)] = tonumber(x) end
  return list
end

-- b moves at 10 m/s from x = 5 with no gravity; scene.draw's second frame
-- runs kill (a, the thing to destroy, made by make), then prints b's x.
local function destroyed_in_draw(make, kill, what)
  return ([[
local scene = {}
local a, b, n, world
function scene.load(w)
  world = w
  world.gravity = {0, 0}
  a = %s
  b = %s
  n = 0
end
function scene.draw()
  n = n + 1
  if n == 2 then %s end
  print("draw " .. n .. " " .. b.position[1])
end
return scene
]]):format(make, what == "collider"
    and "world:collider{ shape = 'circle', radius = 0.1, center = {5, 3}, velocity = {10, 0} }"
    or "world:particle{ position = {5, 0}, velocity = {10, 0} }", kill)
end

-- Draw k (of a step each, at fraction 0.5) shows b half a step short of
-- the k-th: 5 + (k - 0.5) * 10 / 60.
local function on_its_path(out, what)
  local x = xs(out)
  test.eq(#x, 6, out)  -- a frame a step, and the last one again
  for k = 1, 5 do
    test.near(x[k], 5 + (k - 0.5) * 10 / 60, 1e-4, what .. ": draw " .. k)
  end
  test.ok(out:find("world hash %x+ after 5 steps"), out)
end

test("a particle destroyed in scene.draw takes its drawn place with it; the one moved into its slot stays on its path", function()
  local out = drawn(destroyed_in_draw("world:particle{ position = {0, 0}, pinned = true }",
    "a:destroy()", "particle"), 5)
  on_its_path(out, "destroy()")
end)

test("a rope cut in scene.draw, its short piece culled, leaves the particle after it on its path", function()
  local out = drawn(destroyed_in_draw(
    "world:rope{ from = {0, -1}, to = {2, -1}, segments = 4, pin_start = true }",
    "world.min_fragment = 3; a:cut(3, 0.5)", "particle"), 5)
  on_its_path(out, "cut and cull")
end)

test("a collider destroyed in scene.draw: the one moved into its place keeps its own pose", function()
  local out = drawn(destroyed_in_draw("world:collider{ shape = 'box', size = {1, 1}, center = {0, 0} }",
    "a:destroy()", "collider"), 5)
  on_its_path(out, "collider destroy()")
end)

test("the core's holders outlive what they name: a chain and a cloth hold still, an angle and a grab go, and the world steps on", function()
  local taut = require "taut"
  local w = taut.world{ is_3d = true }
  local c = w:collider{ shape = "sphere", radius = 0.1, center = {0, 2, 0} }
  local f = w:frame{ position = {1, 2, 0} }
  local b = w:collider{ shape = "sphere", radius = 0.2, center = {0, 1.5, 0.05} }
  local chain = w:chain{ root = c, from = {0, 0, 0}, direction = {0, -1, 0}, segments = 4,
    length = 1, colliders = {b} }
  local cloth = w:cloth{ grid = {3, 3}, pin = "top", pin_to = f }
  local p, q, o = w:particle{ position = {3, 0, 0} }, w:particle{ position = {4, 0, 0} },
    w:particle{ position = {5, 0, 0} }
  local angle = w:angle{ a = p, b = q, c = o }
  local grab = w:grab{ particle = o, target = {5, 1, 0} }
  w:step(10)
  local tip, pin = chain:node(5).position, cloth:particle(1).position
  local function xyz(v) return ("%.9g %.9g %.9g"):format(v[1], v[2], v[3]) end
  c:destroy(); f:destroy(); b:destroy(); q:destroy(); o:destroy()
  test.error(function() return angle.rest end, "cannot read 'rest' (angle was destroyed)")
  w:step(10)
  test.eq(w.step_count, 20)
  test.eq(xyz(chain:node(5).position), xyz(tip), "a chain whose root went holds where it was")
  test.eq(tostring(chain.colliders[1]), "collider#2 (destroyed)")
  chain.stiffness = 0.25  -- a knob stays writable: the dead root and collider are the ones it holds
  test.near(chain:value("stiffness", 3), 0.25, 1e-6)
  w:step(1)
  test.eq(xyz(chain:node(1).position), "0 2 0", "a chain whose root went holds where it was")
  local other = w:collider{ shape = "sphere", radius = 0.1, center = {9, 9, 0} }
  other:destroy()
  test.error(function() chain.colliders = {other} end, "cannot set 'colliders' (a chain takes up to 16 colliders of its world)")
  test.eq(xyz(cloth:particle(1).position), xyz(pin), "a cloth's pins stay where their root left them")
  test.eq(cloth:particle(1).pinned_to, nil)
  test.error(function() return grab.force end, "cannot read 'force' (grab was destroyed)")
end)
