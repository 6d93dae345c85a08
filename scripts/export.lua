-- export: `taut export scene.lua --format json`, a scene's parameters for
-- an engine-side importer (the format: docs/export.md).
--
-- The scene is loaded as a run would load it (its sidecar of kept tune
-- values applied, then --set), and the document holds:
--   tune     every tune entry in file order: value, the file's value, min,
--            max, and the unit and note of the comment that ends its line
--   world    the world's settings
--   objects  per kind, every object's physical parameters
--   units    per kind, the unit of each parameter
-- What is written is table-driven: every class of the description
-- (scripts/taut_api) with `export = { list = ... }` is listed through that
-- world method, and its properties marked `export = true` are written with
-- their units. A parameter no property holds (a rope's segment count) is
-- read in export.adjust below, named after its constructor's option key so
-- it takes that key's unit. A new object exports once its description says
-- so (and, when it has parts, an adjust line reads them).
local taut = require "taut"
local api = require "taut_api"
local tunefile = require "tunefile"
local export = {}

---------------------------------------------------------------- JSON

-- The shortest decimal that reads back as the same float32 (the core's
-- numbers) or, for a tune value, the same double.
local function number(x, double)
  if x ~= x or x == math.huge or x == -math.huge then return "null" end
  if x == math.floor(x) and math.abs(x) < 1e15 then return ("%d"):format(x) end
  local function same(s)
    local y = tonumber(s)
    if double then return y == x end
    return string.unpack("f", string.pack("f", y)) == string.unpack("f", string.pack("f", x))
  end
  for digits = 1, 17 do
    local s = ("%." .. digits .. "g"):format(x)
    if same(s) then return s end
  end
  return ("%.17g"):format(x)
end

local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    local named = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\t"] = "\\t" }
    return named[c] or ("\\u%04x"):format(c:byte())
  end) .. '"'
end

-- An object whose keys come out in this order (JSON objects are unordered;
-- a reader of the file is not).
local function ordered(keys, values)
  return setmetatable(values, { __keys = keys })
end

local function keys_of(t)
  local mt = getmetatable(t)
  if mt and mt.__keys then return mt.__keys end
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

local encode

local function encode_table(t, indent, double)
  local inner = indent .. "  "
  local parts = {}
  if #t > 0 or next(t) == nil and not getmetatable(t) then
    for i = 1, #t do parts[i] = encode(t[i], inner, double) end
    if #parts == 0 then return "[]" end
    local flat = "[" .. table.concat(parts, ", ") .. "]"
    if #flat < 72 and not flat:find("\n") then return flat end
    return "[\n" .. inner .. table.concat(parts, ",\n" .. inner) .. "\n" .. indent .. "]"
  end
  for _, k in ipairs(keys_of(t)) do
    if t[k] ~= nil then
      parts[#parts + 1] = quote(k) .. ": " .. encode(t[k], inner, double or k == "tune")
    end
  end
  if #parts == 0 then return "{}" end
  return "{\n" .. inner .. table.concat(parts, ",\n" .. inner) .. "\n" .. indent .. "}"
end

function encode(v, indent, double)
  local t = type(v)
  if t == "table" then return encode_table(v, indent or "", double) end
  if t == "number" then return number(v, double) end
  if t == "string" then return quote(v) end
  if t == "boolean" then return tostring(v) end
  return "null"
end
export.encode = encode

---------------------------------------------------------------- tune

-- A unit: symbols of units joined by /, *, ^, digits, spaces inside
-- parentheses: "m/s^2", "1/s", "kg/(m s)".
local SYMBOLS = { m = true, kg = true, s = true, N = true, Hz = true, rad = true,
  J = true, W = true, Pa = true, g = true, cm = true, mm = true, ms = true,
  deg = true, px = true, ["%"] = true }

local function unit_of(note)
  local word = note:match("^(%b())") or note:match("^([^%s,;:]*%b())") or note:match("^([^%s,;:]+)")
  if not word or word == "" then return nil end
  local ok = true
  for piece in word:gsub("[()]", " "):gmatch("[^/%*%^%s%d%.%-]+") do ok = ok and SYMBOLS[piece] end
  return ok and word or nil
end
export.unit_of = unit_of

-- The tune entries of the file in their order, each with the comment that
-- ends its line.
local function tune_entries(text)
  local scan = text and tunefile.scan(text)
  local list = {}
  for name, range in pairs(scan and scan.entries or {}) do
    local line_end = text:find("\n", range[2], true) or #text + 1
    local rest = text:sub(range[2] + 1, line_end - 1)
    list[#list + 1] = { name = name, at = range[1], literal = text:sub(range[1], range[2]),
      note = rest:match("%-%-%s*(.-)%s*$") }
  end
  table.sort(list, function(a, b) return a.at < b.at end)
  return list
end

local function literal_value(s)
  if s == "true" then return true end
  if s == "false" then return false end
  return tonumber(s)
end

local function tune_of(rt, text)
  local values, ranges = rt:tune()
  local out = {}
  for _, e in ipairs(tune_entries(text)) do
    local range = ranges[e.name] or {}
    local boolean = type(values[e.name]) == "boolean"
    out[#out + 1] = ordered({ "name", "value", "file", "min", "max", "unit", "note" }, {
      name = e.name, value = values[e.name], file = literal_value(e.literal),
      min = not boolean and range[1] or nil, max = not boolean and range[2] or nil,
      unit = e.note and unit_of(e.note), note = e.note ~= "" and e.note or nil,
    })
  end
  return out
end

---------------------------------------------------------------- objects

local function mass_of(nodes)
  local m = 0
  for _, p in ipairs(nodes) do m = m + p.mass end
  return m
end

-- What the geometry of each collider shape has (the others are defaults
-- it never reads).
local GEOMETRY = { circle = { radius = true }, sphere = { radius = true },
  capsule = { radius = true, length = true }, box = { size = true },
  plane = {}, polygon = { points = true }, hull = { points = true } }

-- Per class: parameters read through its parts (named as its options'
-- keys), and what an object of it does not use; false leaves the object
-- out. params is what its properties gave; at[particle] says where a
-- particle is written: {particles = i}, or {ropes = k, node = i} (and the
-- same for soft bodies) for the nodes of a composite, listed with it.
export.adjust = {
  rope = function(r, params)
    -- a middle node has the rope's own mass (an end may be a weight or a player)
    local seg, node = r:segment(1), r:particle(math.max(2, #r // 2))
    params.from, params.to, params.segments = r.first.position, r.last.position, #r - 1
    params.mass_per_metre = node.mass / r.segment_length
    params.radius, params.pin_start, params.pin_end = node.radius, r.first.pinned, r.last.pinned
    params.compliance, params.stretch_damping = seg.compliance, seg.stretch_damping
    params.kind, params.max_strain = seg.kind, seg.max_strain
  end,
  softbody = function(b, params)
    local nodes, springs = b:nodes(), b:springs()
    params.nodes, params.mass = #b, mass_of(nodes)
    params.node_radius, params.drag = nodes[1] and nodes[1].radius, nodes[1] and nodes[1].drag
    params.compliance = springs[1] and springs[1].compliance
  end,
  collider = function(c, params)
    for key in pairs({ radius = true, length = true, size = true, points = true }) do
      if not GEOMETRY[c.shape][key] then params[key] = nil end
    end
  end,
  particle = function(p, _, at, count)
    if at[p] then return false end
    at[p] = { particles = count + 1 }
  end,
  -- a spring joining two nodes of composites is theirs (segments, tethers)
  spring = function(s, params, at)
    local a, b = at[s.a], at[s.b]
    if a and b and not a.particles and not b.particles then return false end
    params.a, params.b = a, b
  end,
}

-- The options a class is made from (their keys name derived parameters).
local function options_of(class)
  for _, o in ipairs(api.options) do
    if o.makes == class.name then return o end
  end
end

-- The unit of each parameter the items have: a property's, else its
-- constructor's option key of that name.
local function units_of(class, items)
  local all, units = {}, {}
  for _, k in ipairs((options_of(class) or {}).keys or {}) do all[k.name] = k.unit end
  for _, f in ipairs(class.properties) do
    if f.export then all[f.name] = f.unit end
  end
  for _, item in ipairs(items) do
    for k in pairs(item) do units[k] = all[k] end
  end
  return setmetatable(units, {})  -- an object, even when empty
end

-- Every exported parameter of obj, in the description's order (a property
-- that cannot be read here, such as a 2D collider's rotation, is left out);
-- nil when the class's adjust leaves the object out.
local function params_of(class, obj, at, count)
  local out, keys = {}, {}
  for _, f in ipairs(class.properties) do
    if f.export then
      local ok, v = pcall(function() return obj[f.name] end)
      if ok then out[f.name] = v end
      keys[#keys + 1] = f.name
    end
  end
  local adjust = export.adjust[class.name]
  if adjust and adjust(obj, out, at, count) == false then return nil end
  local seen, extra = {}, {}
  for _, k in ipairs(keys) do seen[k] = true end
  for k in pairs(out) do
    if not seen[k] then extra[#extra + 1] = k end
  end
  table.sort(extra)
  table.move(extra, 1, #extra, #keys + 1, keys)
  return ordered(keys, out)
end

-- Where the nodes of composites (every exported class with a nodes
-- method: ropes, soft bodies, chains) are written: with them.
local function nodes_at(world)
  local at = {}
  for _, class in ipairs(api.classes) do
    local list = class.export and class.export.list
    local composite = false
    for _, m in ipairs(class.methods) do composite = composite or m.name == "nodes" end
    if composite and list ~= "world" then
      for k, obj in ipairs(world[list](world)) do
        for i, p in ipairs(obj:nodes()) do at[p] = { [list] = k, node = i } end
      end
    end
  end
  return at
end

local function objects_of(world)
  local objects, units, kinds, at = {}, {}, {}, nodes_at(world)
  for _, class in ipairs(api.classes) do
    local list = class.export and class.export.list
    if list and list ~= "world" then
      local items = {}
      for _, obj in ipairs(world[list](world)) do
        items[#items + 1] = params_of(class, obj, at, #items)
      end
      objects[list], units[list] = items, units_of(class, items)
      kinds[#kinds + 1] = list
    elseif list == "world" then
      units.world = units_of(class, { params_of(class, world, {}, 0) })
    end
  end
  return ordered(kinds, objects), setmetatable(units, {})
end

---------------------------------------------------------------- document

--- The export of the scene a runtime runs (its file's text gives the
--- tune table's order, units and notes).
function export.document(rt, path, text)
  local world = rt:world()
  local objects, units = objects_of(world)
  return ordered({ "format", "version", "taut", "scene", "tune", "world", "objects", "units" }, {
    format = "taut-export", version = 1, taut = taut.version, scene = path,
    tune = tune_of(rt, text),
    world = params_of(api.class.world, world, {}, 0),
    objects = objects, units = units,
  })
end

local function parse(args)
  local opt, i = { sets = {} }, 1
  while i <= #args do
    local a = args[i]
    if a == "--format" then opt.format = args[i + 1]; i = i + 1
    elseif a == "--out" then opt.out = args[i + 1]; i = i + 1
    elseif a == "--set" then opt.sets[#opt.sets + 1] = args[i + 1] or ""; i = i + 1
    elseif a:sub(1, 2) == "--" then return nil, ("unknown option '%s'"):format(a)
    elseif opt.file then return nil, ("one scene at a time ('%s')"):format(a)
    else opt.file = a end
    i = i + 1
  end
  if not opt.file then return nil, "no scene given" end
  if (opt.format or "json") ~= "json" then return nil, ("unknown format '%s' (expected json)"):format(opt.format) end
  return opt
end

-- --set name=value, read as Lua reads it, then the world rebuilt with it.
local function apply_sets(rt, sets)
  for _, s in ipairs(sets) do
    local name, text = s:match("^([^=]+)=(.*)$")
    local chunk = name and load("return " .. text, "=--set", "t", {})
    local ok, value = pcall(chunk or error)
    if not name or not ok or (type(value) ~= "number" and type(value) ~= "boolean") then
      return nil, ("--set needs name=<number or boolean>, not '%s'"):format(s)
    end
    local set_ok, err = pcall(rt.set, rt, name, value)
    if not set_ok then
      local why = tostring(err):gsub("^bad argument #%d+ to '%w+' %((.*)%)$", "%1")
      return nil, ("--set %s: %s"):format(s, why)
    end
  end
  if #sets > 0 then rt:rebuild() end
  return true
end

local function fail(status, message)
  io.stderr:write("taut export: ", message, "\n")
  return status
end

--- `taut export scene.lua [--format json] [--out FILE] [--set name=value]`:
--- the exit status (0, 1 a script error, 2 bad usage).
function export.main(args)
  local opt, why = parse(args)
  if not opt then return fail(2, why .. " (see taut --help)") end
  local file = io.open(opt.file, "rb")
  if not file then return fail(1, ("cannot read '%s'"):format(opt.file)) end
  local text = file:read("a")
  file:close()
  local rt = taut.runtime(opt.file, { keep = true })
  if rt:error() then return fail(1, rt:error()) end
  local ok, err = apply_sets(rt, opt.sets)
  if not ok then return fail(2, err) end
  local json = encode(export.document(rt, opt.file, text)) .. "\n"
  rt:close()
  if not opt.out then
    io.write(json)
    return 0
  end
  local f, open_err = io.open(opt.out, "wb")
  if not f then return fail(1, open_err) end
  f:write(json)
  f:close()
  return 0
end

return export
