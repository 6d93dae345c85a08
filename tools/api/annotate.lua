-- api.annotate: the LuaLS annotations of the modules in scripts/, written
-- in place from the description (so a module's docs are not written twice):
-- above `local <module> = {}`, its option shapes, records and its class;
-- above each `function <module>.name(` or `function <module>:name(`, that
-- function's. A block is the run of `---` lines right above such a line,
-- replaced whole; every other line of the file is left as it was.
local luals = require "api.luals"
local text = require "api.text"
local annotate = {}

local function module_block(api, module)
  local options, records = text.module_types(api, module)
  local out = {}
  for _, o in ipairs(options) do
    for _, l in ipairs(luals.options_block(o)) do out[#out + 1] = l end
  end
  for _, r in ipairs(records) do
    for _, l in ipairs(luals.record_block(r)) do out[#out + 1] = l end
  end
  -- a module holding a class is that class: its table is the metatable
  out[#out + 1] = "--- " .. text.wrap(module.doc, 96, "--- ")
  out[#out + 1] = "---@class " .. module.type
  for _, class in ipairs(text.classes(api, module.name)) do
    for _, f in ipairs(class.properties) do luals.field(out, f, false) end
  end
  for _, f in ipairs(module.fields) do luals.field(out, f, false) end
  if module.call then
    out[#out + 1] = "---@overload " .. luals.fun_type(module.call)
  end
  return out
end

-- Every block of the file, by the line it stands above.
local function blocks(api, module)
  local by_line = { ["local " .. module.name .. " = {}"] = module_block(api, module) }
  for _, f in ipairs(module.functions) do
    by_line[("function %s.%s("):format(module.name, f.name)] = luals.function_block(f)
  end
  for _, class in ipairs(text.classes(api, module.name)) do
    for _, f in ipairs(class.methods) do
      local sep = f.static and "." or ":"
      by_line[("function %s%s%s("):format(module.name, sep, f.name)] = luals.function_block(f)
    end
  end
  return by_line
end

local function key_of(line, by_line)
  if by_line[line] then return line end
  local head = line:match("^(function [%w_]+[.:][%w_]+%()")
  return head and by_line[head] and head or nil
end

--- The text of scripts/<module>.lua with its blocks as the description
--- says; and the names of the blocks no line of the file stands for.
function annotate.file(api, module, source)
  local by_line, used = blocks(api, module), {}
  local lines = {}
  for line in (source .. (source:sub(-1) == "\n" and "" or "\n")):gmatch("(.-)\n") do
    local key = key_of(line, by_line)
    if key then
      while lines[#lines] and lines[#lines]:match("^%-%-%-") do lines[#lines] = nil end
      for _, l in ipairs(by_line[key]) do lines[#lines + 1] = l end
      used[key] = true
    end
    lines[#lines + 1] = line
  end
  local missing = {}
  for key in pairs(by_line) do
    if not used[key] then missing[#missing + 1] = key end
  end
  table.sort(missing)
  return table.concat(lines, "\n") .. "\n", missing
end

return annotate
