-- The API contract: scripts/taut_api describes exactly what the bindings
-- bind (every metatable's methods and properties, every module's functions,
-- the option keys and enum values constructors take, their defaults, the
-- events, the error texts, the command line). When this fails its message
-- is the list of what to paste into which file of scripts/taut_api.
package.path = "tools/?.lua;" .. package.path
local test = require "test"
local api = require "taut_api"
local contract = require "api.contract"

test("the description and the bindings agree", function()
  local report = contract.check(api)
  if #report > 0 then error(contract.format(report), 0) end
end)

-- Remove list[i] (a described entry) while fn runs; the report it gives.
local function without(list, name, fn)
  for i, item in ipairs(list) do
    if item.name == name then
      table.remove(list, i)
      local ok, report = pcall(fn)
      table.insert(list, i, item)
      assert(ok, report)
      return report
    end
  end
  error("no entry " .. name)
end

local function has_line(text, line)
  test.ok(text:find(line, 1, true), "no line\n  " .. line .. "\nin\n" .. text)
end

-- The report, formatted, of a check of the description as change makes
-- it (undo puts it back).
local function report_while(change, undo)
  change()
  local ok, report = pcall(contract.check, api)
  undo()
  assert(ok, report)
  return contract.format(report)
end

-- The report, formatted, with list's entry name left out.
local function report_without(list, name)
  return contract.format(without(list, name, function() return contract.check(api) end))
end

test("a property missing from the description is reported, ready to paste", function()
  local text = report_without(api.class.particle.properties, "mass")
  has_line(text, "api contract: 1 difference(s) between scripts/taut_api and the bindings")
  has_line(text, "scripts/taut_api/particle.lua: class particle, properties: bound, not described: paste")
  has_line(text, '    { name = "mass", type = "number", access = "rw", doc = "TODO" },')
end)

test("a method, an option key and an event missing are reported where they belong", function()
  local report
  without(api.class.world.methods, "rope", function()
    without(api.option["taut.rope_options"].keys, "bend", function()
      without(api.events, "cull", function() report = contract.format(contract.check(api)) end)
    end)
  end)
  has_line(report, "scripts/taut_api/world.lua: class world, methods (a new object's: under extend in its part): "
    .. "bound, not described: paste")
  has_line(report, '    { name = "rope", doc = "TODO", params = {}, returns = {} },')
  has_line(report, "scripts/taut_api/rope.lua: options taut.rope_options, keys: bound, not described: paste")
  has_line(report, '    { name = "bend", type = "TODO", doc = "TODO" },')
  has_line(report, "scripts/taut_api/events.lua: events: bound, not described: paste")
  has_line(report, '    { name = "cull", doc = "TODO", fields = {} },')
end)

test("a described entry the bindings lack, and an error text that differs, are reported", function()
  local props = api.class.rope.properties
  local errors = api.module.taut.functions[1].errors
  local saved = errors[1].message
  local text = report_while(function()
    props[#props + 1] = { name = "colour", type = "string", access = "rw", doc = "no such thing", part = "rope" }
    errors[1].message = "something else"
  end, function()
    props[#props] = nil
    errors[1].message = saved
  end)
  has_line(text, "scripts/taut_api/rope.lua: class rope, properties: described, not bound: remove (or bind)")
  has_line(text, "    'colour'")
  has_line(text, "scripts/taut_api/taut.lua: taut.world errors: text differs: set (the real one)")
  has_line(text, [[    { code = "taut.world{ substeps = 0 }", message = "bad argument #1 to 'world' ]]
    .. [[(substeps must be an integer in [1, 1000])" },]])
end)

test("a wrong access, default or enum value is reported with the real one", function()
  local mass
  for _, f in ipairs(api.class.particle.properties) do if f.name == "mass" then mass = f end end
  local key
  for _, k in ipairs(api.option["taut.world_options"].keys) do if k.name == "substeps" then key = k end end
  local kind
  for _, k in ipairs(api.option["taut.spring_options"].keys) do if k.name == "kind" then kind = k end end
  local text = report_while(function() mass.access, key.default, kind.values[3] = "r", 4, "bungee" end,
    function() mass.access, key.default, kind.values[3] = "rw", 8, "spring" end)
  has_line(text, 'mass: access = "rw"')
  has_line(text, "scripts/taut_api/world.lua: options taut.world_options, key substeps: default differs: set")
  has_line(text, "    default = 8,")
  has_line(text, 'values = { "rod", "spring", "tether" },')
end)

test("a core status text no described error shows is reported", function()
  local text = report_without(api.unshown, "out of memory")
  has_line(text, "scripts/taut_api/basics.lua: core/status.c texts: in no described error: add an error that shows it")
  has_line(text, '    "out of memory"  (or { name = "out of memory", doc = "why no script sees it" } in unshown)')
end)

test("a method of a hand-written __index (image, texture, mesh) missing is reported", function()
  local text = report_without(api.class.image.methods, "differing")
  has_line(text, "api contract: 1 difference(s) between scripts/taut_api and the bindings")
  has_line(text, "scripts/taut_api/image.lua: class image, methods: bound, not described: paste")
  has_line(text, '    { name = "differing", doc = "TODO", params = {}, returns = {} },')
  text = report_without(api.class.mesh.properties, "has_uv")
  has_line(text, "scripts/taut_api/mesh.lua: class mesh, properties: bound, not described: paste")
  has_line(text, '    { name = "has_uv", type = "boolean", access = "TODO: r or rw", doc = "TODO" },')
end)

-- The entry of keys.lua whose label is key, and its index.
local function key_entry(label)
  for i, k in ipairs(api.keys) do
    if k.key == label then return k, i end
  end
  error("no key " .. label)
end

test("a key of lua/keys.c missing from keys.lua, or told otherwise, is reported", function()
  local f9, at = key_entry("F9")
  local r = key_entry("R")
  local text = report_while(function()
    table.remove(api.keys, at)
    r.replayed, r.hud = nil, "reload"
  end, function()
    table.insert(api.keys, at, f9)
    r.replayed, r.hud = true, "rebuild"
  end)
  has_line(text, "api contract: 2 difference(s) between scripts/taut_api and the bindings")
  has_line(text, "scripts/taut_api/keys.lua: lua/keys.c keys: bound, not described: paste")
  has_line(text, '    { key = "F9", hud = "GIF", doc = "TODO" },')
  has_line(text, "scripts/taut_api/keys.lua: lua/keys.c keys: differs: set")
  has_line(text, '    { key = "R", hud = "rebuild", replayed = true, doc = "TODO" },')
end)

test("an object a snippet made outlives a full collection (its fixture world is kept)", function()
  local ok, blade = contract.run("return w:cutter{}")
  test.ok(ok, tostring(blade))
  collectgarbage()
  collectgarbage()
  test.eq(tostring(blade), "cutter#1", "the cutter's world was collected")
  test.eq(blade.position[1], 0)
end)
