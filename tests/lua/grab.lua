-- The grab (core/grab.c): world:grab{...}, and the window's left drag,
-- which is the same pull (the replayed drag below reaches the same world
-- hash as the script that does it with world:grab).
local taut = require "taut"
local test = require "test"

local function worst_strain(r)
  local worst = 0
  for i = 1, #r - 1 do worst = math.max(worst, r:segment(i).strain) end
  return worst
end

test("over-pulling a rope's end drags the rope, never stretches it", function()
  local w = taut.world{}
  local r = w:rope{ from = {0, 0}, to = {6, 0}, segments = 30 }
  w:step(120)
  local tip, limits = r.last, 0
  w:on("grab_limit", function(e) limits = limits + 1; test.eq(e.particle, tip) end)
  local g = w:grab{ particle = tip }
  test.near(g.body_mass, 3, 1e-5, "the rope's free nodes: 6 m of 0.5 kg/m")
  test.near(g.force_limit, 10 * 3 * 9.81, 1e-3)
  local at = tip.position
  local len = math.sqrt(at[1] ^ 2 + at[2] ^ 2)
  local worst, held = 0, false
  for k = 1, 300 do  -- out along the rope at 1 m/s, to 9 m and on
    local d = math.min(len + k / 60, 9) / len
    g.target = { at[1] * d, at[2] * d }
    w:step()
    worst = math.max(worst, worst_strain(r))
    held = held or g.at_limit
  end
  print(("  worst segment strain %.4f%% pulled to 9 m, pull %.1f N"):format(100 * worst, g.force))
  test.ok(worst < 0.05, "no segment over 5%")
  test.ok(held, "the grab reports its force limit")
  test.eq(limits, 1, "one grab_limit event when it began")
  test.near(g.force, g.force_limit, 1e-3)
end)

test("a 60 kg body and a 10 g one follow the same grab alike", function()
  local w = taut.world{ gravity = {0, 0} }
  local heavy = w:particle{ position = {0, 0}, mass = 60 }
  local light = w:particle{ position = {0, 5}, mass = 0.01 }
  local gh = w:grab{ particle = heavy, target = {1, 0} }
  local gl = w:grab{ particle = light, target = {1, 5} }
  w:step(30)
  test.near(heavy.x, light.x, 1e-3, "same frequency and damping ratio")
  test.ok(heavy.x > 0.6, "half a second at 5 Hz gets most of the way: " .. heavy.x)
  gh.stiffness = 1
  test.eq(gh.stiffness, 1)
  test.error(function() gl.stiffness = 0 end,
    "cannot set 'stiffness' (stiffness must be a finite number > 0 (Hz))")
  light:destroy()
  w:step()
  test.error(function() return gl.force end, "cannot read 'force' (grab was destroyed)")
  local pin = w:particle{ pinned = true }
  test.error(function() w:grab{ particle = pin } end,
    "bad argument #1 to 'grab' (a pinned particle cannot be grabbed (move it with move_to))")
end)

-- Drag the tip of the leftmost hair strand in examples/colliders.lua 3 m
-- toward and through the head over 1 s (after 1 s of settling), hold it
-- 0.5 s, let go; the same as a script and as a replayed mouse drag.
local HEAD, PRESS, DRAG, RELEASE, STEPS = {0, 3}, 60, 60, 90, 270

local function drag_path(start)
  local dx, dy = HEAD[1] - start[1], HEAD[2] - start[2]
  local d = math.sqrt(dx * dx + dy * dy)
  return function(s)
    local t = math.min(s / DRAG, 1)
    return { start[1] + 3 * t * dx / d, start[2] + 3 * t * dy / d }
  end
end

-- The same drag as a recording of mouse input (the pointer's pixels are
-- only drawn; 60 px a metre is the grab's reach).
local function inputs(start, path)
  local function entry(step, kind, button, p)
    return ("input %d %d %d 0 0 %a %a 300 500 60 -"):format(step, kind, button, p[1], p[2])
  end
  local lines = { entry(PRESS, 3, 1, start) }
  for s = 1, RELEASE do lines[#lines + 1] = entry(PRESS + s - 1, 5, 0, path(s)) end
  lines[#lines + 1] = entry(PRESS + RELEASE, 4, 1, path(RELEASE))
  return test.recording("examples/colliders.lua", lines, STEPS)
end

test("dragging a hair strand through the head: finite, stretched < 50%, calm again", function()
  local rt = taut.runtime("examples/colliders.lua")
  rt:step(PRESS)
  local w = rt:world()
  local tip = w:nearest{ -1.3, 1.0 }
  local start, e0 = tip.position, w.energy
  local path = drag_path(start)
  local g = w:grab{ particle = tip, target = start }
  local worst, energy_after = 0, nil
  for s = 1, STEPS - PRESS do
    if s <= RELEASE then g.target = path(s) elseif s == RELEASE + 1 then g:destroy() end
    rt:step(1)
    worst = math.max(worst, w.max_strain)
    for _, p in ipairs(w:particles()) do
      local x, y = p.x, p.y
      if not (x == x and y == y and math.abs(x) < 1e4 and math.abs(y) < 1e4) then
        test.ok(false, "a particle went to " .. x .. ", " .. y)
      end
    end
  end
  energy_after = w.energy  -- 2 s after the release
  print(("  worst strain %.1f%% over the drag, energy %.0f J at the press, %.0f J 2 s after the release")
    :format(100 * worst, e0, energy_after))
  test.ok(worst < 0.5, "max strain under 50% at every step")
  test.ok(energy_after < 10 * e0, "energy back under 10x its start")
  local log = inputs(start, path)
  local status, out = test.taut("--headless", "--frames", tostring(STEPS), "--replay", log,
    "examples/colliders.lua")
  test.eq(status, 0, out)
  test.eq(out:match("world hash (%x+)"), ("%016x"):format(w:hash()),
    "the window's drag is the same pull")
  os.remove(log)
end)
