-- The soak: tests/soak/scene.lua for SOAK_STEPS steps (default 4800),
-- rebuilt (a fresh Lua state and world, as a save of load does) every
-- REBUILD cycles. After each cycle it samples the core's byte counter and
-- the process's resident memory: the last rebuild period's mean is within
-- 5% of an early one's, and closing the runtime gives the core back all
-- it took.
-- `make test` runs it as it is; `make soak` (tests/soak/run) for 100k
-- steps on the sanitizer build, then 5k under valgrind.
local taut = require "taut"
local test = require "test"

local PERIOD, REBUILD = 600, 4

local function rss()
  local f = io.open("/proc/self/statm")
  if not f then return 0 end
  local pages = f:read("n") and f:read("n")
  f:close()
  return (pages or 0) * 4096
end

local function spread(list, from)
  local lo, hi = math.huge, 0
  for i = from, #list do lo, hi = math.min(lo, list[i]), math.max(hi, list[i]) end
  return lo, hi
end

local function mean(list, from, to)
  local sum = 0
  for i = from, to do sum = sum + list[i] end
  return sum / (to - from + 1)
end

-- The last rebuild period's mean over an early one's (the second, when
-- there are three or more: the first has arrays growing to their working
-- size). Periods are alike (the same work each cycle, a fresh world each
-- period), so this is 1 when nothing grows.
local function growth(list)
  local periods = #list // REBUILD
  local early = periods >= 3 and 2 or 1
  return mean(list, (periods - 1) * REBUILD + 1, periods * REBUILD) /
    mean(list, (early - 1) * REBUILD + 1, early * REBUILD)
end

test("the soak scene's memory is flat: core bytes and RSS within 5%", function()
  local steps = tonumber(os.getenv("SOAK_STEPS")) or 4800
  local before = taut.core_bytes()  -- other tests' worlds (api_contract keeps one)
  local rt = taut.runtime("tests/soak/scene.lua")
  test.eq(rt:error(), nil)
  local bytes, resident, cycles = {}, {}, -(-steps // PERIOD)
  local seen = { script = 0, strain = 0, cull = 0 }
  for c = 1, cycles do
    for _ = 1, PERIOD do
      test.eq(rt:step(), true, rt:error())
      for _, e in ipairs(rt:world():events()) do
        local k = e.kind == "cut" and e.cause or e.kind
        seen[k] = (seen[k] or 0) + 1
      end
    end
    bytes[c], resident[c] = taut.core_bytes(), rss()
    if os.getenv("SOAK_VERBOSE") then print(c, bytes[c], resident[c]) end
    if c % REBUILD == 0 then test.eq(rt:rebuild(), "rebuild") end
  end
  print(("    %d cuts by the script, %d tears, %d culls"):format(seen.script, seen.strain, seen.cull))
  test.ok(seen.script > cycles * 10 and seen.strain > cycles and seen.cull > cycles,
    "every cycle cuts, tears and culls")
  local blo, bhi = spread(bytes, 1)
  local rlo, rhi = spread(resident, 1)
  local bg, rg = growth(bytes), growth(resident)
  print(("    %d steps: core %d..%d bytes (last period / early %.3f), RSS %.1f..%.1f MiB (%.3f)"):format(
    cycles * PERIOD, blo, bhi, bg, rlo / 2^20, rhi / 2^20, rg))
  test.ok(bg <= 1.05, ("core bytes grew %.3f times"):format(bg))
  if os.getenv("SOAK_RSS") ~= "0" and not taut.sanitized then  -- valgrind's, ASan's
    test.ok(rg <= 1.05, ("RSS grew %.3f times"):format(rg))
  end
  local base = taut.core_bytes()
  rt:close()
  test.ok(taut.core_bytes() < base, "closing the runtime freed its world")
  test.eq(taut.core_bytes(), before, "and the core holds nothing more of it")
end)
