-- api.render: every file the description makes, as {path, text} in order;
-- gen.lua writes them (make docs), tests/lua/api_docs.lua checks them.
local annotate = require "api.annotate"
local luacheckrc = require "api.luacheckrc"
local luals = require "api.luals"
local man = require "api.man"
local markdown = require "api.markdown"
local text = require "api.text"
local usage = require "api.usage"

local function read(path)
  return assert(text.read(path), "cannot read " .. path)
end

-- Each output, with the file it goes to. root is the tree ("." by default).
return function(api, root)
  root = root or "."
  api.version = read(root .. "/core/taut.h"):match('#define TT_VERSION "([^"]+)"')
  local out = {
    { "types/taut.lua", luals.meta(api) },
    { "docs/API.md", markdown.reference(api) },
    { "taut.1", man.page(api) },
    { "lua/usage.h", usage.header(api) },
    { ".luacheckrc", luacheckrc.text(api) },
  }
  for _, m in ipairs(text.script_modules(api)) do
    local path = ("scripts/%s.lua"):format(m.name)
    local annotated, missing = annotate.file(api, m, read(root .. "/" .. path))
    if #missing > 0 then
      error(("%s has no line for: %s"):format(path, table.concat(missing, ", ")), 0)
    end
    out[#out + 1] = { path, annotated }
  end
  return out
end
