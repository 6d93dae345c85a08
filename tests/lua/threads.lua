-- taut.world{threads = N, simd = ...} changes how fast a step comes, never
-- what it computes (issue 17): a world of ropes, a hanging sheet and a box
-- to land on reaches the same hash solved one spring at a time or in
-- vector lanes, on 1, 2 or 3 threads; bad counts are refused by name.
local taut = require "taut"
local test = require "test"

local function scene(options)
  local w = taut.world(options)
  w:collider{ shape = "box", center = {4, -9}, size = {30, 1} }
  for r = 0, 5 do
    w:rope{ from = {r * 1.5, 0}, to = {r * 1.5 + 3, -2}, segments = 30 + 11 * r }
  end
  local cols, rows, nodes = 30, 20, {}
  for r = 0, rows - 1 do
    for c = 0, cols - 1 do
      nodes[r * cols + c] = w:particle{ position = {12 + c * 0.2, -r * 0.2},
        mass = (r == 0 and c % 5 == 0) and 0 or 0.3 }
    end
  end
  for r = 0, rows - 1 do
    for c = 0, cols - 1 do
      local i = r * cols + c
      if c + 1 < cols then w:spring{ a = nodes[i], b = nodes[i + 1] } end
      if r + 1 < rows then w:spring{ a = nodes[i], b = nodes[i + cols], kind = "tether" } end
      if c + 1 < cols and r + 1 < rows then
        w:spring{ a = nodes[i], b = nodes[i + cols + 1], kind = "spring", compliance = 1e-3 }
      end
    end
  end
  w:step(90)
  return w:hash()
end

test("one spring at a time, in lanes, on 1, 2 or 3 threads: one hash", function()
  local reference = scene{ threads = 1, simd = false }
  for _, simd in ipairs{ false, true } do
    for threads = 1, 3 do
      test.eq(scene{ threads = threads, simd = simd }, reference,
        ("threads %d, simd %s"):format(threads, tostring(simd)))
    end
  end
end)

test("threads default to one per core and can change", function()
  local w = taut.world{}
  test.eq(w.threads, 0)
  test.eq(w.simd, true)
  w.threads = 2
  test.eq(w.threads, 2)
end)

test("a bad thread count is refused by name", function()
  local ok, err = pcall(taut.world, { threads = 65 })
  test.eq(ok, false)
  test.ok(err:find("threads must be an integer from 0 (one per core) to 64", 1, true), err)
  ok, err = pcall(function() taut.world{}.threads = -1 end)
  test.ok(err:find("cannot set 'threads'", 1, true), err)
end)
