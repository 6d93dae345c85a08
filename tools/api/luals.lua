-- api.luals: LuaLS annotations (the language server of VS Code's Lua
-- extension and of Neovim): types/taut.lua, the meta file of the taut
-- module, and the blocks the scripts/ modules carry in place (annotate.lua).
local text = require "api.text"
local luals = {}

local function doc_lines(out, doc, more)
  if doc then out[#out + 1] = "--- " .. text.wrap(doc, 96, "--- ") end
  if more then
    out[#out + 1] = "---"
    for line in (more .. "\n"):gmatch("(.-)\n") do
      out[#out + 1] = line == "" and "---" or "--- " .. line
    end
  end
end

-- The words after a field's or parameter's type: "(m/s) what it is
-- (default 6)".
local function describe(x, prefix)
  local parts = {}
  if prefix then parts[#parts + 1] = prefix end
  if x.unit then parts[#parts + 1] = "(" .. x.unit .. ")" end
  if x.doc then parts[#parts + 1] = x.doc end
  local d = x.default ~= nil and text.lua_value(x.default) or x.default_doc
  if d then parts[#parts + 1] = ("(default %s)"):format(d) end
  return #parts > 0 and " " .. table.concat(parts, " ") or ""
end

function luals.field(out, f, optional, prefix)
  local name = f.name .. (optional and "?" or "")
  local why = f.deprecated and ("deprecated: use " .. f.deprecated) or nil
  out[#out + 1] = ("---@field %s %s%s"):format(name, f.type or "any",
    describe(f, why or prefix))
end

local function signature(params)
  local parts = {}
  for i, p in ipairs(params or {}) do
    parts[i] = p.name == "..." and "..." or p.name .. (p.optional and "?" or "") .. ": " .. (p.type or "any")
  end
  return table.concat(parts, ", ")
end

local function fun_type(c)
  local rets = {}
  for i, r in ipairs(c.returns or {}) do rets[i] = r.type end
  local s = "fun(" .. signature(c.params) .. ")"
  return #rets > 0 and s .. ": " .. table.concat(rets, ", ") or s
end
luals.fun_type = fun_type

-- The annotation lines of a function (without its `function` line).
function luals.function_block(f)
  local out = {}
  doc_lines(out, f.doc, f.more)
  for _, p in ipairs(f.params or {}) do
    local name = p.name == "..." and "..." or p.name .. (p.optional and "?" or "")
    out[#out + 1] = ("---@param %s %s%s"):format(name, p.type or "any", describe(p))
  end
  for _, r in ipairs(f.returns or {}) do
    local d = describe(r)
    out[#out + 1] = ("---@return %s%s%s"):format(r.type or "any", r.name and " " .. r.name or "",
      d ~= "" and " #" .. d or "")
  end
  return out
end

function luals.options_block(o)
  local out = {}
  doc_lines(out, o.doc .. (o.of and (" (" .. o.of .. ")") or ""))
  out[#out + 1] = ("---@class (exact) %s"):format(o.type)
  for _, k in ipairs(o.keys) do luals.field(out, k, not k.required) end
  return out
end

function luals.record_block(r)
  local out = {}
  doc_lines(out, r.doc)
  out[#out + 1] = ("---@class %s"):format(r.type)
  for _, f in ipairs(r.fields) do
    local optional = f.type and f.type:sub(-1) == "?"
    luals.field(out, { name = f.name, type = optional and f.type:sub(1, -2) or f.type,
      unit = f.unit, doc = f.doc }, optional)
  end
  return out
end

local function class_block(class)
  local out = {}
  doc_lines(out, class.doc, class.more)
  out[#out + 1] = ("---@class %s"):format(class.type)
  for _, f in ipairs(class.properties) do
    if not f.internal then
      luals.field(out, f, false, f.access == "r" and class.module == nil and "(read-only)" or nil)
    end
  end
  if class.len then out[#out + 1] = "---@operator len: integer" end
  if class.index then out[#out + 1] = "---@field [integer] number " .. class.index end
  return out
end
luals.class_block = class_block

local function append(out, lines)
  for _, l in ipairs(lines) do out[#out + 1] = l end
end

local function functions(out, owner, list, sep)
  for _, f in ipairs(list) do
    out[#out + 1] = ""
    append(out, luals.function_block(f))
    out[#out + 1] = ("function %s%s%s(%s) end"):format(owner, sep, f.name, text.param_list(f.params))
  end
end

local function scene_block(api)
  local out = { "", "--- What a scene file returns: its fields and its callbacks (all optional).",
    "--- Annotate a scene's table with `---@type taut.scene` to have it checked.",
    "---@class taut.scene" }
  for _, f in ipairs(api.scene_fields) do luals.field(out, f, true) end
  for _, c in ipairs(api.callbacks) do
    luals.field(out, { name = c.name, type = fun_type(c), doc = c.doc }, true)
  end
  for _, e in ipairs(api.events) do
    luals.field(out, { name = e.name, type = "fun(event: taut.event, world: taut.world)",
      doc = "event: " .. e.doc }, true)
  end
  out[#out + 1] = "---@field [string] any a scene keeps its own state in its table too"
  return out
end

local function event_alias(api)
  local names = {}
  for i, e in ipairs(api.events) do names[i] = ("%q"):format(e.name) end
  return { "", "--- What world:on and the scene's event callbacks take.",
    "---@alias taut.event_kind " .. table.concat(names, "|") }
end

--- types/taut.lua: the whole taut module, for `require "taut"` in an editor.
function luals.meta(api)
  local out = { "---@meta taut",
    "-- The taut module for LuaLS (VS Code's Lua extension, Neovim's lua_ls):",
    "-- autocomplete and diagnostics for scenes. Generated from scripts/taut_api",
    "-- by tools/api/gen.lua (make docs): do not edit. .luarc.json points here." }
  for _, a in ipairs(api.aliases) do
    out[#out + 1] = ""
    out[#out + 1] = "--- " .. a.doc
    out[#out + 1] = ("---@alias %s %s"):format(a.name, a.type)
  end
  append(out, event_alias(api))
  -- the shapes of the taut module (a Lua module's stand in its own file)
  for _, list in ipairs({ { api.records, luals.record_block }, { api.options, luals.options_block } }) do
    for _, shape in ipairs(list[1]) do
      if shape.type:match("^taut%.") then
        out[#out + 1] = ""
        append(out, list[2](shape))
      end
    end
  end
  for _, class in ipairs(text.classes(api, nil)) do
    out[#out + 1] = ""
    append(out, class_block(class))
    local name = text.local_name(class.type)
    out[#out + 1] = ("local %s = {}"):format(name)
    functions(out, name, class.methods, ":")
  end
  append(out, scene_block(api))
  local m = api.module.taut
  out[#out + 1] = ""
  doc_lines(out, m.doc, m.more)
  out[#out + 1] = "---@class taut"
  for _, f in ipairs(m.fields) do luals.field(out, f, false, f.program and "(taut program only)" or nil) end
  out[#out + 1] = "local taut = {}"
  functions(out, "taut", m.functions, ".")
  out[#out + 1] = ""
  out[#out + 1] = "return taut"
  return table.concat(out, "\n") .. "\n"
end

return luals
