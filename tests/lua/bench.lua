-- The benchmarks' own checks (they time nothing here): the honest limit
-- does the core's work, bit for bit when it rounds as the core does, at
-- every vector width and in both its schedules; the bulk-positions bench
-- leaves its worlds as it found them.
local test = require "test"

-- The figures KEY on each output line starting with LINE.
local function values(out, line, key)
  local found = {}
  for l in out:gmatch("[^\n]+") do
    if l:sub(1, #line) == line then
      found[#found + 1] = l:match(" " .. key .. "=(%S+)")
    end
  end
  return found
end

-- ropes x segments: many ropes (one lane a rope), one rope whose half is a
-- single vector (its odd rods read into the other half), odd counts.
local shapes = { {20, 10}, {1, 31}, {1, 100}, {3, 1}, {7, 33} }

test("with --exact 1 the limit ends where the core ends, bit for bit", function()
  for _, s in ipairs(shapes) do
    for _, extra in ipairs{ {}, {"--iterations", "2"} } do
      local status, out = test.taut("bench", "rope", "--ropes", s[1], "--segments",
        s[2], "--steps", "61", "--exact", "1", table.unpack(extra))
      local what = s[1] .. "x" .. s[2] .. " " .. table.concat(extra, " ")
      test.eq(status, 0, what)
      test.eq(out:find("WARNING"), nil, what .. ": " .. out)
      local core, limit = values(out, "RESULT", "tip_x")[1], values(out, "LIMIT", "tip_x")
      test.eq(#limit, 2, "native and SSE2")
      test.eq(limit[1], core, what)
      test.eq(limit[2], core, what)
    end
  end
end)

test("the limit's own maths carries the core's stretch", function()
  local status, out = test.taut("bench", "rope", "--ropes", "20", "--segments", "10",
    "--steps", "240")
  test.eq(status, 0)
  test.eq(out:find("WARNING"), nil, out)
  local core = tonumber(values(out, "RESULT", "stretch_avg")[1])
  for _, v in ipairs(values(out, "LIMIT", "stretch_avg")) do
    test.near(tonumber(v), core, 0.3 * (core - 1) + 1e-5)
  end
end)

test("reading and writing every node from Lua leaves the world as it was", function()
  local status, out = test.taut("bench", "lua", "--ropes", "4", "--segments", "10",
    "--steps", "30")
  test.eq(status, 0)
  test.eq(out:find("WARNING"), nil, out)
  test.eq(#values(out, "LUA", "overhead_pct"), 6, "C, buffer and table, two worlds")
end)

-- examples/rope.lua changed under the reload bench once, and it copied
-- from a NULL strstr (a segfault that stopped make bench).
test("the reload bench reloads each kind it names, on the rope example as it is", function()
  local status, out = test.taut("bench", "reload", "--saves", "2")
  test.eq(status, 0, out)
  local kinds = {}
  for kind in out:gmatch("RESULT kind=(%a+) median_ms=[%d.]+") do kinds[#kinds + 1] = kind end
  test.eq(table.concat(kinds, " "), "tune swap rebuild")
  test.ok(not out:find("WARNING"), out)
end)
