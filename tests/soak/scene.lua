-- The soak scene: ropes made, cut, torn, reeled and culled, cycle after
-- cycle. Each cycle of PERIOD steps does the same work and ends with every
-- rope destroyed, so the world at a cycle's end is the world at its start:
-- what the core and the process hold then must not grow
-- (tests/soak/soak.lua measures it).
local scene = { title = "soak" }
local PERIOD = 600

-- A small deterministic generator: the same cuts every run.
local seed = 19
local function random(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end

local function track(rope)
  if rope then scene.ropes[#scene.ropes + 1] = rope end
end

function scene.load(world)
  world.min_fragment = 3
  world:collider{ shape = "box", center = {0, -12}, size = {80, 1} }
  scene.ropes, scene.t, scene.cuts, scene.culls = {}, 0, 0, 0
  world:on("cut", function(e)
    scene.cuts = scene.cuts + 1
    track(e.other_rope)
  end)
  world:on("cull", function() scene.culls = scene.culls + 1 end)
end

local function alive(r)
  return r and pcall(function() return #r end)
end

-- A live rope, or nil.
local function some_rope()
  local r = scene.ropes[1 + random(#scene.ropes)]
  return alive(r) and r or nil
end

local function destroy_all()
  for _, r in ipairs(scene.ropes) do pcall(r.destroy, r) end
  scene.ropes = {}
end

function scene.update(world)
  local t = scene.t % PERIOD
  scene.t = scene.t + 1
  if t == 0 then seed = 19 end  -- every cycle the same work
  if t < 200 and t % 20 == 0 then
    local x = -20 + 4 * (t // 20)
    track(world:rope{ from = {x, 8}, to = {x + 3, 2}, segments = 24,
                      max_strain = 0.05 + 0.05 * random(4) })
  end
  local r = some_rope()
  if r and t % 7 == 0 and #r > 3 then  -- a broken rope (torn) may refuse
    local ok, piece = pcall(r.cut, r, 1 + random(#r - 1), 0.5)
    track(ok and piece or nil)
  end
  if alive(r) and t % 11 < 3 then r.last.velocity = {0, -300} end  -- tears
  if alive(r) and t % 13 == 0 then r:reel(random(2) == 0 and 2 or -2, 1 + random(4)) end
  if t == PERIOD - 1 then destroy_all() end
end

return scene
