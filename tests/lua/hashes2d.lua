-- The 2D examples reach the very state they reached before 3D colliders
-- and frames came in (issue 12): their world hashes after 300 steps, as
-- recorded on main before that work. A change that is meant to alter 2D
-- physics updates these figures, and says so in its commit.
local test = require "test"

local recorded = {
  colliders = "6ac4909615be091b",  -- the particle hash's new pair order (issue 17)
  grapple = "be5f46649c0c93b2",
  rope = "a33a06ccae1f2596",
  slice = "f991d89dbd121441",
  vine = "15eeb2f2e52726e7",
  wind = "9cfa4be784270a91",
}

for _, example in ipairs{ "colliders", "grapple", "rope", "slice", "vine", "wind" } do
  test(example .. ".lua reaches its recorded 2D state", function()
    local log = test.tmpname(".rec")
    local status, out = test.taut("--headless", "--frames", "300", "--record", log,
      "examples/" .. example .. ".lua")
    os.remove(log)
    test.eq(status, 0, out)
    test.eq(out:match("world hash (%x+) after 300 steps"), recorded[example])
  end)
end
