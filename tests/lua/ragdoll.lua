-- Ragdolls (scripts/ragdoll.lua): joint limits hold through a tumble
-- down the stairs, knees and elbows bend one way, a cut limb falls away,
-- a hung doll stays hung.
local taut = require "taut"
local test = require "test"
local ragdoll = require "ragdoll"

-- A flight of 8 steps 0.9 m deep and 0.45 m high down to the floor.
local function stairs(w)
  w:collider{ shape = "plane", center = {0, 0} }
  for k = 0, 7 do
    local h = 0.45 * (8 - k)
    w:collider{ shape = "box", center = {0.9 * (k + 0.5), h / 2}, size = {0.9, h},
                friction = 0.7 }
  end
end

local function finite(v)
  return v == v and v > -math.huge and v < math.huge
end

test("10 s down the stairs: no joint past its limit by 1 degree, all finite", function()
  local w = taut.world{ particle_collision = true }
  stairs(w)
  local dolls = {}
  for k = 1, 5 do
    dolls[k] = ragdoll.new(w, { position = {0.3 + 0.2 * k, 4.6 + 1.3 * k} })
    dolls[k]:throw{2 + k, 0}
  end
  local worst, where, all_finite = 0, "", true
  for step = 1, 600 do
    w:step(1)
    for k, d in ipairs(dolls) do
      local past, joint = d:worst_limit()
      if past > worst then worst, where = past, ("doll %d %s at step %d"):format(k, joint, step) end
      for _, p in ipairs(d:part_list()) do
        all_finite = all_finite and finite(p.x) and finite(p.y)
      end
    end
  end
  print(("      worst joint %.3f degrees past its limit (%s)"):format(math.deg(worst), where))
  test.ok(math.deg(worst) <= 1, ("%.3f degrees, %s"):format(math.deg(worst), where))
  test.ok(all_finite, "every position finite")
  test.eq(w.step_count, 600)
  for k, d in ipairs(dolls) do  -- from 6 to 11 m up, on the 3.6 m top step
    test.ok(d.parts.pelvis.y < 2.5, ("doll %d came down: %.2f m"):format(k, d.parts.pelvis.y))
  end
end)

test("a knee bends back, not forward; an elbow forward, not back", function()
  local w = taut.world{ gravity = {0, 0} }
  local d = ragdoll.new(w)
  d.parts.pelvis.pinned, d.parts.knee_l.pinned = true, true
  d.parts.foot_l.velocity = {3, 0}   -- forward: against the knee
  w:step(30)
  test.ok(d.joints.knee_l.angle <= math.rad(0.5), "held straight: " .. d.joints.knee_l.angle)
  d.parts.foot_l.velocity = {-3, 0}  -- backward: the way a knee goes
  w:step(30)
  test.ok(d.joints.knee_l.angle < -0.5, "bent: " .. d.joints.knee_l.angle)
  test.ok(d.joints.knee_l.angle >= -2.5 - math.rad(1), "to its limit at most")
  d.parts.neck.pinned, d.parts.elbow_r.pinned = true, true
  d.parts.hand_r.velocity = {-3, 0}  -- backward: against the elbow
  w:step(30)
  test.ok(d.joints.elbow_r.angle >= -math.rad(0.5), "elbow held: " .. d.joints.elbow_r.angle)
end)

test("a cut shin takes the foot; the hung doll stays hung", function()
  local w = taut.world{}
  local pin = w:particle{ position = {0, 3}, mass = 0 }
  local d = ragdoll.new(w)
  d:hang(pin, "hand_l")
  w:step(120)
  test.near(d.parts.hand_l.x, 0, 0.01, "the hand at the pin")
  test.near(d.parts.hand_l.y, 3, 0.01)
  local knee = d.parts.knee_r
  d.bones.shin_r:cut(0.5)
  w:step(60)
  local foot = d.parts.foot_r
  local dx, dy = foot.x - knee.x, foot.y - knee.y
  test.ok(math.sqrt(dx * dx + dy * dy) > 1.5, "the foot fell away")
  test.near(d.parts.hand_l.y, 3, 0.02, "the rest still hangs")
end)
