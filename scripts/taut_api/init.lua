-- taut_api: the one description of taut's Lua API, read by everything that
-- says what the API is, so nothing of it is written by hand twice:
--   tools/api/gen.lua (make docs)  types/taut.lua (LuaLS), docs/API.md, the
--                                  man page taut.1, lua/usage.h (--help),
--                                  .luacheckrc
--   tests/lua/api_contract.lua     walks the real bindings and fails on
--                                  anything bound and not described, described
--                                  and not bound, or an error text that differs
--   scripts/export.lua             which properties are physical parameters,
--                                  and their units
--
--   local api = require "taut_api"
--   api.classes, api.modules, api.options, api.events, api.callbacks,
--   api.scene_fields, api.keys, api.cli, api.aliases, api.prose, api.records
--   (lists, in order)
--   api.class[name], api.module[name], api.option[type]  (by name)
--
-- Each part (one file per object: rope.lua holds the rope class, the options
-- of world:rope and, under extend, the world methods that make and list
-- ropes) returns a table of lists. To describe a new object, add a part and
-- its name to the list below; the contract test prints the entries still
-- missing, ready to paste. The entries' fields are described in schema.lua.
local parts = {
  "basics", "taut", "world", "particle", "spring", "rope", "angle", "grab",
  "softbody", "collider", "frame", "chain", "cloth", "wind", "cut", "queries", "events",
  "positions", "mesh", "image", "texture", "graphics", "canvas", "runtime",
  "scene", "keys", "cli", "vec", "grapple", "ragdoll", "hair", "experiment", "plot",
  "test", "internal",
}

local schema = require "taut_api.schema"

-- The top-level lists and the kind of their entries; the lists inside an
-- entry and the kind of theirs.
local lists = { aliases = "alias", modules = "module", classes = "class",
  options = "options", events = "event", callbacks = "callback",
  scene_fields = "scene_field", keys = "key_binding", internal = "internal",
  prose = "prose", records = "record", unshown = "unshown" }
local order = { "prose", "aliases", "modules", "classes", "options", "records", "events",
  "callbacks", "scene_fields", "keys", "internal", "unshown" }
local inner = { functions = "function", fields = "field", methods = "function",
  properties = "field", params = "param", returns = "value", errors = "error",
  keys = "key" }

local named = { module = true, class = true, ["function"] = true, param = true,
  field = true, key = true, event = true, callback = true, scene_field = true,
  alias = true, internal = true, prose = true, unshown = true }

local function check(entry, kind, where)
  local fields = schema[kind]
  for k, v in pairs(entry) do
    local expected = fields[k]
    if not expected and k ~= "part" then
      error(("%s: %s has no field '%s' (see taut_api/schema.lua)"):format(where, kind, k), 0)
    end
    if expected == "list" and inner[k] then
      for i, item in ipairs(v) do
        check(item, inner[k], ("%s.%s[%d]"):format(where, k, i))
      end
    end
  end
  if named[kind] and entry.name == nil then
    error(("%s: %s without a name"):format(where, kind), 0)
  end
end

local api = { parts = parts }
for _, list in ipairs(order) do api[list] = {} end

local function append(list, items, part)
  for _, item in ipairs(items or {}) do
    item.part = part
    list[#list + 1] = item
  end
end

local function by(list, key)
  local index = {}
  for _, item in ipairs(list) do index[item[key]] = item end
  return index
end

-- part.extend = { { class = "world", methods = {...}, properties = {...} },
-- { module = "taut", functions = {...} } } adds to a class or a module
-- another part describes, in the order the parts come.
local function extend(extensions, part)
  for i, e in ipairs(extensions) do
    check(e, "extend", ("taut_api.%s.extend[%d]"):format(part, i))
    local target = e.class and api.class[e.class] or api.module[e.module]
    assert(target, ("taut_api.%s extends unknown %s '%s'"):format(part,
      e.class and "class" or "module", e.class or e.module))
    for _, list in ipairs({ "methods", "properties", "functions", "fields" }) do
      if e[list] then
        target[list] = target[list] or {}
        append(target[list], e[list], part)
      end
    end
  end
end

local pending = {}
for _, name in ipairs(parts) do
  local part = require("taut_api." .. name)
  for _, list in ipairs(order) do
    for i, entry in ipairs(part[list] or {}) do
      check(entry, lists[list], ("taut_api.%s.%s[%d]"):format(name, list, i))
    end
    append(api[list], part[list], name)
  end
  if part.cli then api.cli = part.cli end
  if part.extend then pending[#pending + 1] = { part.extend, name } end
end
api.class = by(api.classes, "name")
api.module = by(api.modules, "name")
api.option = by(api.options, "type")
api.record = by(api.records, "type")
for _, e in ipairs(pending) do extend(e[1], e[2]) end
for _, class in ipairs(api.classes) do
  class.type = class.type or "taut." .. class.name
  class.methods = class.methods or {}
  class.properties = class.properties or {}
end
for _, module in ipairs(api.modules) do
  module.type = module.type or module.name
  module.functions = module.functions or {}
  module.fields = module.fields or {}
end

return api
