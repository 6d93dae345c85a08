-- Particles pinned to a moving collider (hair on a moving head).
local taut = require "taut"
local test = require "test"

test("a particle pinned to a moving, turning collider rides at its offset", function()
  local w = taut.world{}
  local head = w:collider{ shape = "circle", center = {0, 0}, radius = 0.5 }
  local root = w:particle{ position = {0, 0.5} }
  root:pin_to(head)  -- where it is: the top of the head
  test.eq(root.pinned_to, head)
  test.eq(root.pinned, true)
  local worst = 0
  for i = 1, 120 do
    local t = i / 60
    head:move_to({2 * math.sin(t), 0.5 * t}, t)  -- sway, rise, turn 1 rad/s
    w:step()
    -- the offset (0, 0.5) turned by the head's angle, from its centre
    local c = head.position
    local ex, ey = c[1] - 0.5 * math.sin(t), c[2] + 0.5 * math.cos(t)
    worst = math.max(worst, math.abs(root.x - ex), math.abs(root.y - ey))
  end
  test.near(worst, 0, 1e-4, "worst gap from the offset on the head")
end)

test("hair pinned to a head follows it and swings behind it", function()
  local w = taut.world{}
  local head = w:collider{ shape = "circle", center = {0, 0}, radius = 0.5 }
  -- rooted on the head's left side, hanging down beside it
  local hair = w:rope{ from = {-0.52, 0}, to = {-0.52, -2}, segments = 10, radius = 0.02 }
  hair.first:pin_to(head)
  for i = 1, 60 do
    head:move_to({3 * i / 60, 0})  -- 3 m/s to the right for 1 s
    w:step()
  end
  test.near(hair.first.x, 3 - 0.52, 1e-4, "the root came with the head")
  test.ok(hair.last.x < 3 - 0.52 - 0.2, ("the tip trails behind: %.2f"):format(hair.last.x))
  test.ok(hair.last.x > 1.5, ("but it follows: %.2f"):format(hair.last.x))
end)

test("letting go, and a destroyed collider, leave the particle in place", function()
  local w = taut.world{}
  local plate = w:collider{ shape = "box", center = {0, 0}, size = {2, 0.2} }
  local p = w:particle{ position = {0.5, 0.2}, mass = 1 }
  p:pin_to(plate, {0.5, 0.2})
  plate:move_to{1, 0}
  w:step()
  test.near(p.x, 1.5, 1e-5)
  p.pinned = false
  test.eq(p.pinned_to, nil)
  local q = w:particle{ position = {0, 1} }
  q:pin_to(plate)
  plate:destroy()
  test.eq(q.pinned_to, nil)
  test.eq(q.pinned, true, "still pinned where it was")
  test.error(function() q:pin_to(plate) end,
    "bad argument #1 to 'pin_to' (collider was destroyed)")
end)
