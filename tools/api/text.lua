-- api.text: what the generators share: wrapping, names, defaults shown as
-- Lua, and the walk over a description in the order the docs read.
local text = {}

-- The whole of a file; nil when there is none.
function text.read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

-- The prose section of that name (markdown).
function text.prose(api, name)
  for _, p in ipairs(api.prose) do
    if p.name == name then return p.doc end
  end
end

-- words of s in lines of at most width (a word longer than that stands
-- alone), each line after the first with indent in front.
function text.wrap(s, width, indent)
  local lines, line = {}, ""
  for word in s:gmatch("%S+") do
    if line ~= "" and #line + 1 + #word > width then
      lines[#lines + 1] = line
      line = word
    else
      line = line == "" and word or line .. " " .. word
    end
  end
  lines[#lines + 1] = line
  return table.concat(lines, "\n" .. (indent or ""))
end

-- A default as Lua writes it: {0, -9.81}, "rod", math.huge, true.
function text.lua_value(v)
  if type(v) == "table" then
    local parts = {}
    for i = 1, #v do parts[i] = text.lua_value(v[i]) end
    return "{" .. table.concat(parts, ", ") .. "}"
  end
  if v == math.huge then return "math.huge" end
  if v == -math.huge then return "-math.huge" end
  if v == math.pi then return "math.pi" end
  if v == -math.pi then return "-math.pi" end
  if type(v) == "string" then return ("%q"):format(v) end
  if math.type(v) == "float" and v == 1 / 60 then return "1/60" end
  if math.type(v) == "integer" and v >= 0xffff then return ("0x%x"):format(v) end
  return tostring(v)
end

-- What a default is, in a sentence: the constant or its words.
function text.default(k)
  if k.default ~= nil then return text.lua_value(k.default) end
  return k.default_doc
end

-- A class's name as scripts write it before ':' (the metatable name).
function text.short(class)
  return class.name
end

-- The local a generated meta file declares for a type: taut.rope -> rope.
function text.local_name(type)
  return (type:gsub("^taut%.", ""):gsub("[^%w_]", "_"))
end

-- "name, name2" of a function's parameters (an optional one as in LuaLS).
function text.param_list(params)
  local names = {}
  for i, p in ipairs(params or {}) do names[i] = p.name end
  return table.concat(names, ", ")
end

-- Options shapes, by the type a parameter names.
function text.options_of(api, f)
  local out = {}
  for _, p in ipairs(f.params or {}) do
    local o = api.option[p.type]
    if o then out[#out + 1] = o end
  end
  return out
end

-- "m/s" -> " (m/s)", nil -> "".
function text.unit(u)
  return u and (" (%s)"):format(u) or ""
end

-- The modules in scripts/ the description covers (every one but taut).
function text.script_modules(api)
  local list = {}
  for _, m in ipairs(api.modules) do
    if m.name ~= "taut" then list[#list + 1] = m end
  end
  return list
end

-- The C classes (those of no Lua module), and the classes of a module.
function text.classes(api, module)
  local list = {}
  for _, c in ipairs(api.classes) do
    if c.module == module then list[#list + 1] = c end
  end
  return list
end

-- The options and records a Lua module's file declares: those whose type
-- is "<module>." something.
function text.module_types(api, module)
  local options, records = {}, {}
  local prefix = "^" .. module.name:gsub("%p", "%%%0") .. "%."
  for _, o in ipairs(api.options) do
    if o.type:match(prefix) then options[#options + 1] = o end
  end
  for _, r in ipairs(api.records) do
    if r.type:match(prefix) then records[#records + 1] = r end
  end
  return options, records
end

return text
