-- Every example, run twice headless for 2 s, reaches bit-identical state
-- (the world hash --record prints), whatever it uses: ropes, colliders,
-- wind, cuts, the grapple.
local test = require "test"

local examples = { "rope", "grapple", "vine", "colliders", "wind", "slice", "orbit" }

local function hash(example)
  local log = test.tmpname(".rec")
  local status, out = test.taut("--headless", "--frames", "120", "--record", log,
    "examples/" .. example .. ".lua")
  os.remove(log)
  test.eq(status, 0, out)
  return out:match("world hash (%x+) after 120 steps")
end

for _, example in ipairs(examples) do
  test(example .. ".lua runs the same twice", function()
    local first, second = hash(example), hash(example)
    test.ok(first, "a hash was printed")
    test.eq(first, second)
  end)
end
