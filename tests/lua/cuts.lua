-- Cuts from Lua: rope:cut, spring:cut, world:cut, cut_near, cutters,
-- tearing, culling, the "cut" event, and the errors they raise.
local taut = require "taut"
local test = require "test"

local function hanging(w, x, segments)
  x = x or 0
  return w:rope{ from = {x, 0}, to = {x, -5}, segments = segments or 20 }
end

test("rope:cut keeps the spool part in the old handle", function()
  local w = taut.world{}
  local r = hanging(w)
  local seg = r:segment(11)
  local lower = r:cut(11, 0.5)
  test.eq(#r, 12)
  test.eq(#lower, 11)
  test.near(r.length, 2.625, 1e-5, "10.5 segments of 0.25 m")
  test.near(lower.length, 2.375, 1e-5)
  test.eq(r.tethers, "start")
  test.eq(lower.tethers, "none", "a free fragment has no tethers")
  test.eq(r.first.pinned, true)
  test.near(r.last.y, -2.625, 1e-5)
  test.near(lower.first.y, -2.625, 1e-5)
  test.ok(r.last ~= lower.first, "the two sides share no particle")
  test.eq(tostring(seg), "spring#11 (destroyed)")
  test.error(function() return seg.length end,
    "cannot read 'length' (spring was destroyed)")
end)

-- The spool part's arrays keep, past its last segment, the id of a spring
-- the cut gave the end part: destroying or culling the spool part must not
-- take it (issue 20).
test("the spool part goes, the end part stays whole", function()
  local w = taut.world{ gravity = {0, 0} }
  w.min_fragment = 2
  local anchor = w:particle{ position = {0, 0}, pinned = true }
  local r = w:rope{ start = anchor, to = {0, -3}, segments = 6 }
  local lower = r:cut(3, 0.5)
  local springs = w.spring_count
  r:destroy()
  test.eq(#lower, 5)
  for i = 1, #lower - 1 do test.eq(tostring(lower:segment(i)):find("destroyed"), nil) end
  test.eq(w.spring_count, springs - 5, "only the spool part's 3 segments and 2 tethers")
  lower.length = 1.5
  test.near(lower.length, 1.5, 1e-6, "the end part still reels")
  local free = w:rope{ from = {2, 0}, to = {4, 0}, segments = 8, pin_start = false }
  local rest = free:cut(1, 0.5)                  -- the 1-segment piece is culled
  test.eq(tostring(free):find("destroyed") ~= nil, true)
  test.eq(#rest, 9)
  for i = 1, #rest - 1 do test.eq(tostring(rest:segment(i)):find("destroyed"), nil) end
end)

test("a cut is reported after the step, with its cause and parts", function()
  local w = taut.world{}
  local r = hanging(w)
  local seen = {}
  w:on("cut", function(e) seen[#seen + 1] = e end)
  local lower = r:cut(5, 0.25)
  test.eq(#seen, 0, "not before the step")
  w:step()
  test.eq(#seen, 1)
  local e = seen[1]
  test.eq(e.cause, "script")
  test.near(e.value, 0.25, 1e-7)
  test.eq(e.rope, r)
  test.eq(e.other_rope, lower)
  test.eq(e.particle, r.last)
  test.eq(e.other, lower.first)
  test.near(e.point[2], -1.0625, 1e-5, "4.25 segments down")
  w:step()
  test.eq(#seen, 1, "reported once")
end)

test("world:cut severs what the segment crosses; cut_near near a point", function()
  local w = taut.world{}
  for k = 0, 4 do hanging(w, k) end
  local cuts = {}
  w:on("cut", function(e) cuts[#cuts + 1] = e.cause end)
  test.eq(w:cut({-1, -2.1}, {5, -2.1}), 5)
  test.eq(w:cut_near({2, -4.1}, 0.05), 1)
  w:step()
  test.eq(#cuts, 6)
  test.eq(cuts[1], "swipe")
end)

test("a cutter cuts what it swept since the last step", function()
  local w = taut.world{}
  local ropes = {}
  for k = 1, 20 do ropes[k] = hanging(w, 0.2 * k) end
  local c = w:cutter{ position = {-1, -2.6} }
  c.position = {5, -2.6}
  test.eq(c.cuts, 0, "nothing before the step")
  w:step()
  test.eq(c.cuts, 20)
  test.near(c.position[1], 5, 0)
  for k = 1, 20 do test.eq(#ropes[k], 12) end
  c:destroy()
  test.error(function() c.position = {0, 0} end,
    "cannot set 'position' (cutter was destroyed)")
end)

test("strain tears a rope; short free pieces are culled", function()
  local w = taut.world{ gravity = {0, 0} }
  local r = w:rope{ from = {0, 0}, to = {2, 0}, segments = 4, compliance = 1e-3,
                    pin_end = true, tethers = "none", max_strain = 0.02 }
  test.near(r:segment(1).max_strain, 0.02, 1e-9)
  local causes = {}
  w:on("cut", function(e) causes[#causes + 1] = e.cause end)
  for i = 1, 60 do
    r.last:move_to{2 + i * 0.01, 0}
    w:step()
    if #causes > 0 then break end
  end
  test.ok(#causes >= 1, "tore")
  test.eq(causes[1], "strain")
  local v = taut.world{}
  v.min_fragment = 3
  test.eq(v.min_fragment, 3)
  local culled = {}
  v:on("cull", function(e) culled[#culled + 1] = e.value end)
  local h = hanging(v, 0, 10)
  test.eq(h:cut(10, 0.5), nil, "a 1-segment free piece is culled at once")
  v:step()
  test.eq(culled[1], 1)
end)

test("cut errors name what is wrong", function()
  local w = taut.world{}
  local r = hanging(w, 0, 4)
  test.error(function() r:cut(5, 0.5) end,
    "bad argument #1 to 'cut' (index out of range 1..4)")
  test.error(function() r:cut(1, 1.5) end,
    "bad argument #2 to 'cut' (cut fraction must be a number in [0, 1])")
  test.error(function() r:segment(1):cut(0 / 0) end,
    "bad argument #1 to 'cut' (finite number expected)")
  test.error(function() w:cut({0, 0}, "x") end,
    "bad argument #2 to 'cut' ({x, y} or {x, y, z} of finite numbers expected, got string)")
  test.error(function() w:cut_near({0, 0}, -1) end,
    "bad argument #2 to 'cut_near' (radius must be a finite number >= 0)")
  test.error(function() w:cutter{ pos = {0, 0} } end,
    "bad argument #1 to 'cutter' (unknown option 'pos' (expected position))")
  test.error(function() w.min_fragment = -1 end,
    "cannot set 'min_fragment' (min_fragment must be an integer >= 0)")
  local tether
  for _, s in ipairs(w:springs()) do
    if s.kind == "tether" then tether = s end
  end
  test.error(function() tether:cut(0.5) end,
    "bad argument #1 to 'cut' (a rope's tether cannot be cut (cut a segment))")
end)

-- Yellow flash pixels (255, 230, 90) in a headless screenshot of a scene
-- that cuts its rope at step 3: none before the cut, some after.
local function flash_pixels(frames)
  local scene = test.tmpname(".lua")
  local f = assert(io.open(scene, "w"))
  f:write([[
    local s = { view = { {-3, -6}, {3, 1} } }
    function s.load(world) s.rope = world:rope{ from = {0, 0}, to = {0, -5} } end
    function s.update(world) if world.step_count == 3 then s.rope:cut(10, 0.5) end end
    return s]])
  f:close()
  local png = test.tmpname(".png")
  local status, out = test.taut("--headless", "--frames", tostring(frames), "--size",
    "320x180", "--screenshot", png, scene)
  test.eq(status, 0, out)
  local img, count = taut.image(png), 0
  for y = 0, img.height - 1 do
    for x = 0, img.width - 1 do
      local r, g, b = img:pixel(x, y)
      if r > 230 and g > 210 and b < 140 then count = count + 1 end
    end
  end
  return count
end

test("a cut point flashes in the view", function()
  test.eq(flash_pixels(3), 0, "no flash before the cut")
  local after = flash_pixels(5)
  test.ok(after > 20, "flash pixels after the cut: " .. after)
  print(("    %d flash pixels after the cut"):format(after))
end)
