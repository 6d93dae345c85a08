-- api.man: the man page taut.1 (troff, man macros), from the description's
-- command line, keys and scene callbacks.
local text = require "api.text"
local man = {}

-- Text as troff reads it: backslashes and hyphens escaped, no line
-- starting with a control character.
local function esc(s)
  s = s:gsub("\\", "\\e"):gsub("%-", "\\-")
  return (s:gsub("\n([.'])", "\n\\&%1"):gsub("^([.'])", "\\&%1"))
end

local function section(out, name)
  out[#out + 1] = ".SH " .. name
end

local function item(out, head, body)
  out[#out + 1] = ".TP"
  out[#out + 1] = head
  out[#out + 1] = esc(body)
end

local function options(out, list)
  for _, o in ipairs(list) do
    local head = o.arg and ('.BI "%s " "%s"'):format(esc(o.name), esc(o.arg)) or ".B " .. esc(o.name)
    item(out, head, o.doc)
  end
end

--- taut.1
function man.page(api)
  local cli = api.cli
  local out = { '.\\" Generated from scripts/taut_api by tools/api/gen.lua (make docs): do not edit.',
    ('.TH TAUT 1 "" "taut %s" "User Commands"'):format(api.version or ""),
  }
  section(out, "NAME")
  out[#out + 1] = "taut \\- " .. esc(cli.summary)
  section(out, "SYNOPSIS")
  for i, s in ipairs(cli.synopsis) do
    if i > 1 then out[#out + 1] = ".br" end
    out[#out + 1] = ".B taut"
    out[#out + 1] = esc(s)
  end
  section(out, "DESCRIPTION")
  out[#out + 1] = esc(cli.more)
  out[#out + 1] = ".PP"
  out[#out + 1] = esc("A scene's callbacks (all optional): ")
  local names = {}
  for _, c in ipairs(api.callbacks) do names[#names + 1] = c.name end
  out[#out + 1] = esc(table.concat(names, ", ") .. ", and one per event kind.")
  section(out, "OPTIONS")
  options(out, cli.options)
  section(out, "SCENE BROWSER")
  out[#out + 1] = esc(cli.browser_usage)
  out[#out + 1] = ".PP"
  out[#out + 1] = esc(cli.browser_doc:gsub("^%l", string.upper) .. ".")
  section(out, "COMMANDS")
  for _, c in ipairs(cli.commands) do
    item(out, ".B " .. esc(c.name) .. " " .. esc(c.args), c.doc)
    if c.options then
      out[#out + 1] = ".RS"
      options(out, c.options)
      out[#out + 1] = ".RE"
    end
  end
  section(out, "EXPERIMENTS")
  out[#out + 1] = esc(cli.experiment_usage)
  options(out, cli.experiment)
  section(out, "KEYS")
  out[#out + 1] = esc(text.prose(api, "Keys and mouse"):gsub("[`*]", ""))
  for _, k in ipairs(api.keys) do
    item(out, ".B " .. esc(k.key), k.doc .. (k.replayed and " (replayed)" or ""))
  end
  section(out, "EXIT STATUS")
  for _, e in ipairs(cli.exit) do item(out, ".B " .. e.code, e.doc) end
  section(out, "ENVIRONMENT")
  for _, e in ipairs(cli.environment) do item(out, ".B " .. esc(e.name), e.doc) end
  section(out, "FILES")
  for _, f in ipairs(cli.files) do item(out, ".I " .. esc(f.name), f.doc) end
  section(out, "SEE ALSO")
  out[#out + 1] = esc(cli.see_also)
  return table.concat(out, "\n") .. "\n"
end

return man
