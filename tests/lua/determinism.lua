-- Every example, run twice headless for 2 s, reaches bit-identical state
-- (the world hash --record prints), whatever it uses: ropes, colliders,
-- wind, cuts, the grapple, soft bodies, ragdolls, cloth. So does the churn scene
-- (ropes built, reeled, cut, culled), also when the allocator reuses memory
-- in another order: a state that read memory never written would differ
-- there (issue 20).
local test = require "test"

local examples = { "rope", "grapple", "vine", "colliders", "wind", "slice",
                   "jelly", "ragdoll", "orbit", "hair", "tail", "cape", "flag" }

local function hash(scene, env, frames)
  local log = test.tmpname(".rec")
  frames = frames or 120
  local status, out = test.command({ require("taut").executable, "--headless",
    "--frames", tostring(frames), "--record", log, scene }, env)
  os.remove(log)
  test.eq(status, 0, out)
  return out:match("world hash (%x+) after " .. frames .. " steps")
end

for _, example in ipairs(examples) do
  test(example .. ".lua runs the same twice", function()
    local path = "examples/" .. example .. ".lua"
    local first, second = hash(path), hash(path)
    test.ok(first, "a hash was printed")
    test.eq(first, second)
  end)
end

-- glibc's tunables change which freed blocks come back (other allocators
-- ignore them, and the runs must agree all the more).
local reuse = {
  {}, { "GLIBC_TUNABLES=glibc.malloc.tcache_count=0" },
  { "GLIBC_TUNABLES=glibc.malloc.tcache_count=1" },
  { "GLIBC_TUNABLES=glibc.malloc.mxfast=0" },
}

test("the churn scene runs the same twice and whatever memory it reuses", function()
  local churn = "tests/scenes/churn.lua"
  local first = hash(churn, nil, 600)
  test.ok(first, "a hash was printed")
  for _, env in ipairs(reuse) do
    test.eq(hash(churn, env, 600), first, env[1])
  end
end)
