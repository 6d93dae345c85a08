-- Floors under cutting from Lua: world.min_cut_mass, min_cut_length,
-- max_tears, and the tear_limit event.
local taut = require "taut"
local test = require "test"

test("the cut floors read, change and refuse bad values", function()
  local w = taut.world{}
  test.near(w.min_cut_mass, 1e-4, 1e-9)
  test.near(w.min_cut_length, 5e-3, 1e-9)
  test.eq(w.max_tears, 32)
  w.min_cut_length = 0.05
  local a, b = w:particle{ pinned = true }, w:particle{ position = {0.08, 0} }
  local s = w:spring{ a = a, b = b }
  test.error(function() s:cut(0.5) end, "bad argument #1 to 'cut' (the cut would leave "
    .. "a piece lighter than min_cut_mass or shorter than min_cut_length)")
  test.error(function() w.max_tears = -1 end, "cannot set 'max_tears' (min_cut_mass and "
    .. "min_cut_length must be finite numbers >= 0, max_tears an integer >= 0)")
end)

test("a step tears at most max_tears springs and says how many wait", function()
  local w = taut.world{ gravity = {0, 0} }
  w.max_tears = 1
  local hub = w:particle{ position = {0, 0}, mass = 1 }
  for k = 1, 3 do
    local a = 2 * math.pi * k / 3
    local rim = w:particle{ position = {math.cos(a), math.sin(a)}, pinned = true }
    w:spring{ a = hub, b = rim, max_strain = 0.1, compliance = 1 }
  end
  local waited
  w:on("tear_limit", function(e) waited = waited or e.value end)
  local cuts = 0
  w:on("cut", function() cuts = cuts + 1 end)
  hub.position = {0, 0}
  for _, s in ipairs(w:springs()) do s.rest_length = 0.5 end  -- all three past it
  w:step()
  test.eq(cuts, 1)
  test.eq(waited, 2)
end)
