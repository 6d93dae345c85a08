-- The 2D examples reach the very state they reached before 3D colliders
-- and frames came in (issue 12): their world hashes after 300 steps, as
-- recorded on main before that work. A change that is meant to alter 2D
-- physics updates these figures, and says so in its commit: issue 10's
-- (rope damping and bend, soft grab, roots, speed limit, symmetry kicks,
-- the examples' bend and banner) changed all but wind.lua's; with issue
-- 13's rule for a segment crossing a vertex (contact_spring.c) it changed
-- colliders.lua's once more. Issue 17 changed rope.lua's, slice.lua's and
-- vine.lua's: a rope's segments now take the chain solve alone (in float
-- when its masses are alike, by cyclic reduction), no general pass first;
-- and again (chaincost): the rope damping's sums in four lanes, and the
-- chain solve's rows scaled rather than normalised; and again (chain): the
-- system solved by parallel cyclic reduction and Thomas' elimination (the
-- same solution, other rounding).
-- Its self-collision work (selfcost) changed colliders.lua's (the scene with particle
-- collision): pairs solved in index order, the second round of collider
-- contacts only for what the pairs moved.
-- Its rounding work (round) changed colliders.lua's, slice.lua's and
-- wind.lua's (their springs outside a rope's chain solve): a rod's
-- projection rounds the same algebra in other steps, one square root and
-- one division for a rigid rod where it took two and three (solver.c).
local test = require "test"

local recorded = {
  colliders = "bb6e45d4782499db",
  grapple = "4cc8261d0357de83",
  rope = "5c1929599b2b6208",
  slice = "9ea4867282bb4ad7",
  vine = "ed201d2b539c152b",
  wind = "caf4a2a7ba5bc4d1",
}

for _, example in ipairs{ "colliders", "grapple", "rope", "slice", "vine", "wind" } do
  test(example .. ".lua reaches its recorded 2D state", function()
    local log = test.tmpname(".rec")
    local status, out = test.taut("--headless", "--untuned", "--frames", "300", "--record", log,
      "examples/" .. example .. ".lua")
    os.remove(log)
    test.eq(status, 0, out)
    test.eq(out:match("world hash (%x+) after 300 steps"), recorded[example])
  end)
end
