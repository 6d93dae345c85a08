-- api.markdown: docs/API.md, the reference a user reads top to bottom.
local text = require "api.text"
local md = {}

-- Text in a table cell: on one line, its | escaped.
local function flat(s)
  return (tostring(s or ""):gsub("|", "\\|"):gsub("\n", " "))
end

-- Prose in a cell: a <name> (as in screenshots/<scene>-<n>.png) escaped
-- outside `code`, or a renderer takes it for a tag and drops it.
local function cell(s)
  local out, inside = {}, false
  for piece in (flat(s) .. "`"):gmatch("([^`]*)`") do
    out[#out + 1] = inside and piece or (piece:gsub("<", "\\<"))
    inside = not inside
  end
  return table.concat(out, "`")
end

local function code(s)
  if not s or s == "" then return "" end
  return "`" .. flat(s) .. "`"
end

local function anchor(s)
  return (s:lower():gsub("[^%w]+", "-"):gsub("^%-+", ""):gsub("%-+$", ""))
end
md.anchor = anchor

local function heading(out, level, title, id)
  out[#out + 1] = ""
  out[#out + 1] = ('<a id="%s"></a>'):format(id or anchor(title))
  out[#out + 1] = ("%s %s"):format(("#"):rep(level), title)
  out[#out + 1] = ""
end

local function para(out, s)
  if s and s ~= "" then
    out[#out + 1] = s
    out[#out + 1] = ""
  end
end

local function lua_block(out, s)
  if s then
    out[#out + 1] = "```lua"
    out[#out + 1] = s
    out[#out + 1] = "```"
    out[#out + 1] = ""
  end
end

local function table_rows(out, header, rows)
  if #rows == 0 then return end
  out[#out + 1] = "| " .. table.concat(header, " | ") .. " |"
  local rule = {}
  for i = 1, #header do rule[i] = "---" end
  out[#out + 1] = "| " .. table.concat(rule, " | ") .. " |"
  for _, r in ipairs(rows) do out[#out + 1] = "| " .. table.concat(r, " | ") .. " |" end
  out[#out + 1] = ""
end

-- A type, linked when the description says what it is.
local function type_of(api, t)
  if not t then return "" end
  local s = flat(t)
  local target = api.option[t] or api.record[t]
  if target then return ("[`%s`](#%s)"):format(s, anchor(t)) end
  return "`" .. s .. "`"
end

local function field_rows(api, fields, prefix)
  local rows = {}
  for _, f in ipairs(fields) do
    rows[#rows + 1] = { code((prefix or "") .. f.name), type_of(api, f.type), cell(f.unit), cell(f.doc) }
  end
  return rows
end

-- The prose the description gives a section of its own.
local SECTIONS = { Scenes = true, Events = true, ["Keys and mouse"] = true }

local function options_table(out, api, o)
  heading(out, 4, "Options: " .. o.type, anchor(o.type))
  para(out, o.doc .. (o.of and (" Taken by `%s`."):format(o.of) or ""))
  para(out, o.more)
  local rows = {}
  for _, k in ipairs(o.keys) do
    local values = k.values and ((k.doc and ". " or "") .. "One of " .. table.concat(k.values, ", ") .. ".") or ""
    local default = k.required and "required"
      or k.default ~= nil and code(text.lua_value(k.default)) or cell(k.default_doc)
    rows[#rows + 1] = { code(k.name), type_of(api, k.type), cell(k.unit), default,
      cell((k.doc or "") .. values) }
  end
  table_rows(out, { "key", "type", "unit", "default", "" }, rows)
end

local function errors(out, list)
  if not list or #list == 0 then return end
  out[#out + 1] = "Errors, for example (`w` a 2D world, `w3` a 3D one, `p`, `q`, `o` particles of `w`):"
  out[#out + 1] = ""
  for _, e in ipairs(list) do
    out[#out + 1] = ("- `%s` raises `%s`"):format(e.code, e.message)
  end
  out[#out + 1] = ""
end

-- "`name` `type` (unit), default d: doc" for a parameter or a value.
local function item(api, x, optional)
  local parts = {}
  if x.name then parts[#parts + 1] = code(x.name) end
  parts[#parts + 1] = type_of(api, x.type)
  if optional then parts[#parts + 1] = "*optional*" end
  local line = table.concat(parts, " ")
  if x.unit then line = line .. " (" .. cell(x.unit) .. ")" end
  local words = {}
  if x.default ~= nil then words[#words + 1] = "default " .. code(text.lua_value(x.default)) end
  if x.doc then words[#words + 1] = cell(x.doc) end
  line = line .. (#words > 0 and ": " .. table.concat(words, "; ") or "")
  return (line:gsub("\\|", "|"))  -- a list item, not a table cell
end

local function says(x) return x.doc or x.unit or x.default ~= nil end

local function function_doc(out, api, owner, sep, f)
  local args, rets = {}, {}
  for i, p in ipairs(f.params or {}) do args[i] = p.name .. (p.optional and "?" or "") end
  for _, r in ipairs(f.returns or {}) do rets[#rets + 1] = r.type end
  local title = ("%s%s%s(%s)"):format(owner, sep, f.name, table.concat(args, ", "))
  if #rets > 0 then title = title .. " → " .. table.concat(rets, ", ") end
  heading(out, 4, "`" .. title .. "`", "fn-" .. anchor(owner .. "-" .. f.name))
  para(out, f.doc .. (f.program and " *(taut program only, not in taut.so)*" or ""))
  para(out, f.more)
  local lines = {}
  for _, p in ipairs(f.params or {}) do
    if says(p) or api.option[p.type] then lines[#lines + 1] = "- " .. item(api, p, p.optional) end
  end
  for _, r in ipairs(f.returns or {}) do
    if says(r) or r.name then lines[#lines + 1] = "- returns " .. item(api, r) end
  end
  if #lines > 0 then
    for _, l in ipairs(lines) do out[#out + 1] = l end
    out[#out + 1] = ""
  end
  lua_block(out, f.example)
  for _, o in ipairs(text.options_of(api, f)) do  -- a module's are under it
    if not o.makes and o.type:match("^taut%.") then options_table(out, api, o) end
  end
  errors(out, f.errors)
end

local function properties(out, api, class)
  local rows, errs = {}, {}
  for _, f in ipairs(class.properties) do
    if not f.internal then
      local access = class.module and "" or (f.access == "rw" and "read, write" or "read")
      local d = f.doc or ""
      if f.deprecated then d = ("deprecated: use `%s`; %s"):format(f.deprecated, d) end
      rows[#rows + 1] = { code(f.name), type_of(api, f.type), cell(f.unit), access, cell(d) }
      for _, e in ipairs(f.errors or {}) do errs[#errs + 1] = e end
    end
  end
  table_rows(out, { "property", "type", "unit", "access", "" }, rows)
  errors(out, errs)
end

local function class_doc(out, api, class, level)
  heading(out, level, class.name, anchor(class.type))
  para(out, class.doc)
  para(out, class.more)
  if class.made_by then para(out, "Made by `" .. class.made_by .. "`.") end
  lua_block(out, class.example)
  local extras = {}
  if class.len then extras[#extras + 1] = "`#" .. class.name .. "` is " .. class.len .. "." end
  if class.index then extras[#extras + 1] = "`" .. class.index .. "`." end
  para(out, table.concat(extras, " "))
  for _, o in ipairs(api.options) do
    if o.makes == class.name then options_table(out, api, o) end
  end
  properties(out, api, class)
  for _, f in ipairs(class.methods) do
    function_doc(out, api, class.module and class.name or class.name, f.static and "." or ":", f)
  end
end

local function contents(out, api)
  local objects = {}
  for _, c in ipairs(text.classes(api, nil)) do
    objects[#objects + 1] = ("[%s](#%s)"):format(c.name, anchor(c.type))
  end
  local modules = {}
  for _, m in ipairs(text.script_modules(api)) do
    modules[#modules + 1] = ("[%s](#module-%s)"):format(m.name, m.name)
  end
  out[#out + 1] = "- [Conventions](#conventions) · [Types](#types) · [Scenes](#scenes)"
  out[#out + 1] = "- [The taut module](#the-taut-module)"
  out[#out + 1] = "- Objects: " .. table.concat(objects, " · ")
  out[#out + 1] = "- [Returned tables](#returned-tables) · [Events](#events) · [Keys and mouse](#keys-and-mouse) · "
    .. "[Command line](#command-line)"
  out[#out + 1] = "- Modules of scripts/: " .. table.concat(modules, " · ")
  out[#out + 1] = ""
end

local function scenes(out, api)
  heading(out, 2, "Scenes")
  para(out, text.prose(api, "Scenes"))
  local rows = {}
  for _, f in ipairs(api.scene_fields) do
    local example = f.example and (" " .. code(f.example)) or ""
    rows[#rows + 1] = { code("scene." .. f.name), type_of(api, f.type), cell(f.doc) .. example }
  end
  table_rows(out, { "field", "type", "" }, rows)
  rows = {}
  for _, c in ipairs(api.callbacks) do
    local params = {}
    for i, p in ipairs(c.params or {}) do params[i] = p.name end
    local ret = c.returns and c.returns[1] and (" Return " .. c.returns[1].doc .. ".") or ""
    rows[#rows + 1] = { code(("scene.%s(%s)"):format(c.name, table.concat(params, ", "))), cell(c.doc .. ret) }
  end
  rows[#rows + 1] = { code("scene.<event>(event, world)"),
    "An event of the last step (see [Events](#events)), after the world:on handlers." }
  table_rows(out, { "callback", "" }, rows)
  rows = {}
  local seen = {}
  for _, c in ipairs(api.callbacks) do
    for _, p in ipairs(c.params or {}) do
      if p.doc and not seen[p.name] then
        seen[p.name] = true
        rows[#rows + 1] = { code(p.name), type_of(api, p.type), cell(p.unit), cell(p.doc) }
      end
    end
  end
  table_rows(out, { "argument", "type", "unit", "" }, rows)
end

local function record_doc(out, api, r, level)
  heading(out, level, "`" .. r.type .. "`", anchor(r.type))
  para(out, r.doc)
  table_rows(out, { "field", "type", "unit", "" }, field_rows(api, r.fields))
end

local function records(out, api, prefix)
  for _, r in ipairs(api.records) do
    if r.type:match(prefix) then record_doc(out, api, r, 3) end
  end
end

local function events(out, api)
  heading(out, 2, "Events")
  para(out, text.prose(api, "Events"))
  local rows = {}
  for _, e in ipairs(api.events) do
    local fields = {}
    for _, f in ipairs(e.fields or {}) do
      fields[#fields + 1] = code(f.name) .. (f.doc and (": " .. cell(f.doc)) or "")
    end
    rows[#rows + 1] = { code(e.name), cell(e.doc), table.concat(fields, "; ") }
  end
  table_rows(out, { "kind", "when", "fields" }, rows)
end

local function keys(out, api)
  heading(out, 2, "Keys and mouse")
  para(out, text.prose(api, "Keys and mouse"))
  local rows = {}
  for _, k in ipairs(api.keys) do
    rows[#rows + 1] = { cell(k.key), cell(k.doc) .. (k.replayed and " *(replayed)*" or "") }
  end
  table_rows(out, { "input", "" }, rows)
end

local function option_rows(list)
  local rows = {}
  for _, o in ipairs(list or {}) do
    rows[#rows + 1] = { code(o.name .. (o.arg and (" " .. o.arg) or "")), cell(o.doc) }
  end
  return rows
end

local function command_line(out, api)
  local cli = api.cli
  heading(out, 2, "Command line")
  para(out, cli.more)
  out[#out + 1] = "```"
  for _, s in ipairs(cli.synopsis) do out[#out + 1] = "taut " .. s end
  out[#out + 1] = "```"
  out[#out + 1] = ""
  table_rows(out, { "option", "" }, option_rows(cli.options))
  heading(out, 3, "Scene browser", "command-browser")
  para(out, ("`%s`: %s."):format(cli.browser_usage, cli.browser_doc))
  for _, c in ipairs(cli.commands) do
    heading(out, 3, "taut " .. c.name, "command-" .. c.name)
    para(out, ("`taut %s %s`: %s."):format(c.name, c.args, c.doc))
    table_rows(out, { "option", "" }, option_rows(c.options))
  end
  heading(out, 3, "Experiments", "command-experiments")
  para(out, ("`%s`: %s (see [experiment](#module-experiment))."):format(cli.experiment_usage,
    cli.experiment_doc:gsub("require%b()%.new%b{}", "`%0`")))
  table_rows(out, { "option", "" }, option_rows(cli.experiment))
  local exits = {}
  for _, e in ipairs(cli.exit) do exits[#exits + 1] = ("%d %s"):format(e.code, e.doc) end
  para(out, "Exit status: " .. table.concat(exits, ", ") .. ".")
  local rows = {}
  for _, e in ipairs(cli.environment) do rows[#rows + 1] = { code(e.name), cell(e.doc) } end
  table_rows(out, { "environment", "" }, rows)
  rows = {}
  for _, f in ipairs(cli.files) do rows[#rows + 1] = { code(f.name), cell(f.doc) } end
  table_rows(out, { "file", "" }, rows)
end

local function module_doc(out, api, m)
  heading(out, 3, m.name, "module-" .. m.name)
  para(out, ("`local %s = require \"%s\"` (scripts/%s.lua): %s"):format(m.name, m.name, m.name, m.doc))
  para(out, m.more)
  lua_block(out, m.example)
  table_rows(out, { "field", "type", "unit", "" }, field_rows(api, m.fields, m.name .. "."))
  if m.call then
    para(out, ("`%s(%s)` declares a test."):format(m.name, text.param_list(m.call.params)))
  end
  for _, f in ipairs(m.functions) do function_doc(out, api, m.name, ".", f) end
  local options = text.module_types(api, m)
  for _, o in ipairs(options) do options_table(out, api, o) end
  for _, class in ipairs(text.classes(api, m.name)) do
    heading(out, 4, "A " .. class.name .. "'s fields and methods", anchor(m.name .. "-object"))
    para(out, class.doc)
    properties(out, api, class)
    for _, f in ipairs(class.methods) do function_doc(out, api, m.name, ":", f) end
  end
  local _, recs = text.module_types(api, m)
  for _, r in ipairs(recs) do record_doc(out, api, r, 4) end
end

--- docs/API.md
function md.reference(api)
  local out = { "# taut Lua API", "",
    "<!-- Generated from scripts/taut_api by tools/api/gen.lua (make docs): do not edit. -->", "",
    "Everything a scene, a test or an experiment can call, with units, defaults and the errors it",
    "raises. The topic pages say how the pieces fit: [ropes](ropes.md), [grapple](grapple.md),",
    "[colliders](colliders.md), [wind](wind.md), [cuts](cuts.md), [soft bodies](softbodies.md),",
    "[3D](3d.md), [hair](hair.md), [live iteration](live.md), [experiments](experiments.md),",
    "[export](export.md).",
    "Editors: `types/taut.lua` (LuaLS) gives autocomplete and diagnostics from the same description;",
    "`.luarc.json` at the root of the tree points VS Code and Neovim at it.", "" }
  contents(out, api)
  for _, p in ipairs(api.prose) do
    if not SECTIONS[p.name] then
      heading(out, 2, p.name)
      para(out, p.doc)
    end
  end
  heading(out, 2, "Types")
  local rows = {}
  for _, a in ipairs(api.aliases) do rows[#rows + 1] = { code(a.name), code(a.type), cell(a.doc) } end
  table_rows(out, { "type", "is", "" }, rows)
  scenes(out, api)
  local m = api.module.taut
  heading(out, 2, "The taut module")
  para(out, m.doc)
  para(out, m.more)
  lua_block(out, m.example)
  rows = {}
  for _, f in ipairs(m.fields) do
    local only = f.program and " (taut program only)" or ""
    rows[#rows + 1] = { code("taut." .. f.name), type_of(api, f.type), cell(f.doc) .. only }
  end
  table_rows(out, { "field", "type", "" }, rows)
  for _, f in ipairs(m.functions) do function_doc(out, api, "taut", ".", f) end
  heading(out, 2, "Objects")
  for _, class in ipairs(text.classes(api, nil)) do class_doc(out, api, class, 3) end
  heading(out, 2, "Returned tables")
  records(out, api, "^taut%.")
  events(out, api)
  keys(out, api)
  command_line(out, api)
  heading(out, 2, "Modules of scripts/", "modules")
  para(out, "Lua modules scenes `require` (taut puts scripts/ first on the path).")
  for _, mod in ipairs(text.script_modules(api)) do module_doc(out, api, mod) end
  heading(out, 3, "Internal modules")
  rows = {}
  for _, i in ipairs(api.internal) do rows[#rows + 1] = { code(i.name), cell(i.doc) } end
  table_rows(out, { "module", "" }, rows)
  while out[#out] == "" do out[#out] = nil end
  return table.concat(out, "\n") .. "\n"
end

return md
