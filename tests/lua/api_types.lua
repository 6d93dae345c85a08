-- types/taut.lua, the LuaLS meta file of the taut module: it parses and runs
-- as Lua, and its classes, fields, functions and parameters are exactly the
-- description's (LuaLS itself is not packaged for Debian 12, so this reads
-- the annotations the way it would).
local test = require "test"
local api = require "taut_api"

local META = "types/taut.lua"

-- The annotations: classes with their fields, and functions with the
-- names of their @param lines and of their parameters.
local function parse(path)
  local classes, functions, aliases = {}, {}, {}
  local class, params = nil, {}
  for line in io.lines(path) do
    local name = line:match("^%-%-%-@class %(exact%) ([%w_.]+)") or line:match("^%-%-%-@class ([%w_.]+)")
    if name then
      class = { fields = {}, optional = {} }
      classes[name] = class
    end
    local field, opt = line:match("^%-%-%-@field ([%w_]+)(%??) ")
    if field and class then
      class.fields[field] = true
      class.optional[field] = opt == "?"
    end
    local alias = line:match("^%-%-%-@alias ([%w_.]+) ")
    if alias then aliases[alias] = true end
    local param = line:match("^%-%-%-@param ([%w_.]+)%??")
    if param then params[#params + 1] = param end
    local owner, fn, args = line:match("^function ([%w_]+)[.:]([%w_]+)%((.-)%) end$")
    if owner then
      functions[owner .. "." .. fn] = { args = args, params = table.concat(params, ", ") }
      params = {}
    end
    if line == "" then params = {} end
  end
  return classes, functions, aliases
end

local classes, functions, aliases = parse(META)

local function names(list)
  local out = {}
  for i, p in ipairs(list or {}) do out[i] = p.name end
  return table.concat(out, ", ")
end

local function expect_fields(type, list, optional)
  local c = classes[type]
  test.ok(c, "no ---@class " .. type)
  local want = {}
  for _, f in ipairs(list) do
    if not f.internal then
      want[f.name] = true
      test.ok(c.fields[f.name], type .. " has no ---@field " .. f.name)
      if optional then test.eq(c.optional[f.name], optional(f), type .. "." .. f.name .. " optional") end
    end
  end
  for f in pairs(c.fields) do test.ok(want[f], type .. " has a field the description lacks: " .. f) end
end

local function expect_functions(owner, list)
  for _, f in ipairs(list) do
    local got = functions[owner .. "." .. f.name]
    test.ok(got, ("no function %s.%s"):format(owner, f.name))
    test.eq(got.args, names(f.params), owner .. "." .. f.name .. " parameters")
    test.eq(got.params, names(f.params), owner .. "." .. f.name .. " @param lines")
  end
end

test("the meta file parses and runs as Lua, returning the module's functions", function()
  local chunk = assert(loadfile(META))
  local taut = chunk()
  for _, f in ipairs(api.module.taut.functions) do
    test.eq(type(taut[f.name]), "function", "taut." .. f.name)
  end
end)

test("every class of the bindings is a class of the meta file, with its fields and methods", function()
  for _, class in ipairs(api.classes) do
    if not class.module then
      local fields = {}
      for _, f in ipairs(class.properties) do fields[#fields + 1] = f end
      expect_fields(class.type, fields)
      expect_functions(class.type:gsub("^taut%.", ""), class.methods)
    end
  end
  local module = api.module.taut
  expect_fields("taut", module.fields)
  expect_functions("taut", module.functions)
end)

test("every option table is an exact class whose keys are optional unless required", function()
  for _, o in ipairs(api.options) do
    if o.type:match("^taut%.") then
      expect_fields(o.type, o.keys, function(k) return not k.required end)
    end
  end
end)

test("aliases, returned tables and the scene are declared", function()
  for _, a in ipairs(api.aliases) do test.ok(aliases[a.name], a.name) end
  test.ok(aliases["taut.event_kind"], "taut.event_kind")
  for _, r in ipairs(api.records) do
    if r.type:match("^taut%.") then expect_fields(r.type, r.fields) end
  end
  local scene = {}
  for _, f in ipairs(api.scene_fields) do scene[#scene + 1] = f end
  for _, c in ipairs(api.callbacks) do scene[#scene + 1] = c end
  for _, e in ipairs(api.events) do scene[#scene + 1] = e end
  expect_fields("taut.scene", scene, function() return true end)
end)
