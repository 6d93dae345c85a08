-- taut export scene.lua --format json: a scene's tune values (with their
-- ranges and units) and every object's physical parameters, as JSON an
-- engine-side importer reads (docs/export.md). Parsed here by a strict
-- JSON reader of its own, so "valid JSON" is checked, not assumed.
local test = require "test"

---------------------------------------------------------------- JSON reader

local json = {}

local function fail(s, i, what) error(("JSON: %s at byte %d: %q"):format(what, i, s:sub(i, i + 20)), 0) end

local function space(s, i) return s:find("[^ \t\r\n]", i) or #s + 1 end

local value

local function string_at(s, i)
  local out, j = {}, i + 1
  while true do
    local c = s:sub(j, j)
    if c == "" then fail(s, j, "unfinished string") end
    if c == '"' then return table.concat(out), j + 1 end
    if c:byte() < 32 then fail(s, j, "control character in a string") end
    if c == "\\" then
      local e = s:sub(j + 1, j + 1)
      local simple = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n", r = "\r", t = "\t" }
      if simple[e] then out[#out + 1], j = simple[e], j + 2
      elseif e == "u" and s:sub(j + 2, j + 5):match("^%x%x%x%x$") then
        out[#out + 1], j = utf8.char(tonumber(s:sub(j + 2, j + 5), 16)), j + 6
      else fail(s, j, "bad escape") end
    else
      out[#out + 1], j = c, j + 1
    end
  end
end

local function number_at(s, i)
  local n = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", i)
  if not n or not n:match("^-?0[%.eE]") and n:match("^-?0%d") or n:match("%.$") or n:match("[eE][-+]?$") then
    fail(s, i, "bad number")
  end
  return tonumber(n), i + #n
end

local function list_at(s, i, close, item)
  local out, j = {}, space(s, i + 1)
  if s:sub(j, j) == close then return out, j + 1 end
  while true do
    j = item(out, j)
    j = space(s, j)
    local c = s:sub(j, j)
    if c == close then return out, j + 1 end
    if c ~= "," then fail(s, j, "expected , or " .. close) end
    j = space(s, j + 1)
  end
end

function value(s, i)
  i = space(s, i)
  local c = s:sub(i, i)
  if c == "{" then
    local obj = {}
    local _, after = list_at(s, i, "}", function(_, j)
      if s:sub(j, j) ~= '"' then fail(s, j, "expected a key") end
      local k, n = string_at(s, j)
      n = space(s, n)
      if s:sub(n, n) ~= ":" then fail(s, n, "expected :") end
      if obj[k] ~= nil then fail(s, j, "a key twice") end
      obj[k], n = value(s, n + 1)
      return n
    end)
    return obj, after
  end
  if c == "[" then
    return list_at(s, i, "]", function(out, j)
      local v, n = value(s, j)
      out[#out + 1] = v
      return n
    end)
  end
  if c == '"' then return string_at(s, i) end
  if s:sub(i, i + 3) == "true" then return true, i + 4 end
  if s:sub(i, i + 4) == "false" then return false, i + 5 end
  if s:sub(i, i + 3) == "null" then return json.null, i + 4 end
  return number_at(s, i)
end

json.null = setmetatable({}, { __name = "null" })

function json.decode(s)
  local v, i = value(s, 1)
  if space(s, i) <= #s then fail(s, i, "text after the value") end
  return v
end

---------------------------------------------------------------- tests

local function export(...)
  local status, out = test.taut("export", ...)
  return status, out
end

test("the JSON reader is strict", function()
  for _, bad in ipairs({ "{", "[1,]", '{"a":1,}', "01", "1.", "nan", '"\\x"', "[1] 2", '{"a":1,"a":2}' }) do
    test.ok(not pcall(json.decode, bad), bad)
  end
  local v = json.decode(' {"a": [1, -2.5e3, true, null, "x\\n\\u0041"], "b": {}} ')
  test.eq(v.a[2], -2500)
  test.eq(v.a[4], json.null)
  test.eq(v.a[5], "x\nA")
end)

test("the grapple export is valid JSON with every tune key, value, range and unit", function()
  local status, out = export("examples/grapple.lua", "--format", "json")
  test.eq(status, 0, out)
  local doc = json.decode(out)
  test.eq(doc.format, "taut-export")
  test.eq(doc.version, 1)
  test.eq(doc.scene, "examples/grapple.lua")
  local want = {
    { "reel_speed", 6, 0, 20, "m/s" }, { "hook_speed", 40, 5, 120, "m/s" },
    { "pump", 12, 0, 40, "m/s^2" }, { "player_mass", 70, 1, 200, "kg" },
  }
  test.eq(#doc.tune, #want)
  for i, w in ipairs(want) do
    local t = doc.tune[i]
    test.eq(t.name, w[1])
    test.eq(t.value, w[2], w[1])
    test.eq(t.file, w[2], w[1])
    test.eq(t.min, w[3], w[1])
    test.eq(t.max, w[4], w[1])
    test.eq(t.unit, w[5], w[1])
  end
  test.eq(doc.tune[3].note, "m/s^2 while A or D is held")
  test.eq(doc.world.substeps, 8)
  test.near(doc.world.gravity[2], -9.81, 1e-6)
  test.eq(doc.units.world.gravity, "m/s^2")
  test.eq(#doc.objects.colliders, 8)
  local floor = doc.objects.colliders[1]
  test.eq(floor.shape, "box")
  test.eq(floor.size[1], 44)
  test.eq(floor.position[2], -1)
  test.eq(floor.radius, nil, "a box has no radius")
  test.eq(doc.objects.particles[1].mass, 70, "the player")
  test.eq(doc.units.particles.mass, "kg")
end)

test("ropes, soft bodies and winds export their parameters with units", function()
  local _, out = export("examples/rope.lua")
  local rope = json.decode(out).objects.ropes[1]
  test.eq(rope.segments, 30)
  test.near(rope.length, 6, 1e-5)
  test.eq(rope.kind, "rod")
  test.eq(rope.pin_start, true)
  _, out = export("examples/jelly.lua")
  local doc = json.decode(out)
  test.eq(#doc.objects.softbodies, 7)
  test.eq(doc.objects.softbodies[1].kind, "ring")
  test.eq(doc.units.softbodies.mass, "kg")
  test.eq(#doc.objects.winds, 1)
  test.eq(doc.objects.winds[1].kind, "noise")
  test.eq(doc.units.winds.strength, "m/s")
end)

test("a spring's ends say where they are written", function()
  local _, out = export("examples/ragdoll.lua")
  local doc = json.decode(out)
  local skull = doc.objects.springs[1]
  test.eq(skull.a.particles, 2, "the neck")
  test.eq(skull.b.particles, 1, "the head")
  test.eq(doc.objects.particles[1].mass, 5, "the head's mass")
end)

test("--set and --out: the value asked for, in the file asked for", function()
  local path = test.tmpname(".json")
  local status, out = export("examples/rope.lua", "--set", "length=9", "--out", path)
  test.eq(status, 0, out)
  test.eq(out, "")
  local doc = json.decode(test.read(path))
  os.remove(path)
  test.eq(doc.tune[2].name, "length")
  test.eq(doc.tune[2].value, 9)
  test.eq(doc.tune[2].file, 6)
  test.near(doc.objects.ropes[1].length, 9, 1e-5)
end)

test("a scene with kept tune values exports them, its note on stderr, the JSON alone on stdout", function()
  local scene = test.write(test.read("examples/rope.lua"), "-rope.lua")
  test.save(scene .. ".tuned", "length=9 (from 6)\n")
  local err = test.tmpname(".txt")
  local pipe = assert(io.popen(("'%s' export '%s' 2>'%s'"):format(require("taut").executable, scene, err)))
  local out = pipe:read("a")
  local ok = pipe:close()
  test.ok(ok, out)
  local doc = json.decode(out)
  test.eq(doc.tune[2].name, "length")
  test.eq(doc.tune[2].value, 9)
  test.eq(doc.tune[2].file, 6)
  test.ok(test.read(err):find("taut: applied 1 tuned value kept in", 1, true), test.read(err))
  os.remove(err); os.remove(scene .. ".tuned"); os.remove(scene)
end)

test("bad usage exits 2 and says why; a broken scene exits 1", function()
  local status, out = export("examples/rope.lua", "--format", "xml")
  test.eq(status, 2)
  test.eq(out, "taut export: unknown format 'xml' (expected json) (see taut --help)\n")
  status, out = export()
  test.eq(status, 2)
  test.eq(out, "taut export: no scene given (see taut --help)\n")
  status, out = export("examples/rope.lua", "--set", "nope=1")
  test.eq(status, 2, out)
  test.ok(out:find("--set nope=1: ", 1, true), out)
  local scene = test.write("local scene = {}\nfunction scene.load(world) error('boom') end\nreturn scene\n", ".lua")
  status, out = export(scene)
  test.eq(status, 1, out)
  test.ok(out:find(scene .. ":2: boom", 1, true), out)
  os.remove(scene)
end)

test("chains export their knobs, rest pose and units; their nodes are theirs", function()
  local _, out = export("examples/hair.lua")
  local doc = json.decode(out)
  test.eq(#doc.objects.chains, 70)
  test.eq(#doc.objects.particles, 0, "a chain's nodes are not free particles")
  local strand = doc.objects.chains[1]
  test.eq(#strand.elasticity, 2, "a {root, tip} curve")
  test.ok(#strand.points >= 2, "the rest pose")
  test.eq(doc.units.chains.teleport_distance, "m")
end)
