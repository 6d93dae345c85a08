-- api.usage: the text of `taut --help`, as lua/usage.h (included by
-- lua/main.c), from the same description as the man page: the command
-- line (cli.lua) and the keys (keys.lua).
local text = require "api.text"
local usage = {}

local COLUMN = 21  -- where an option's words start

local function option_lines(out, list)
  for _, o in ipairs(list) do
    local head = "  " .. o.name .. (o.arg and (" " .. o.arg) or "")
    local pad = #head < COLUMN - 1 and (" "):rep(COLUMN - #head) or "\n" .. (" "):rep(COLUMN)
    out[#out + 1] = head .. pad .. text.wrap(o.doc, 78 - COLUMN, (" "):rep(COLUMN))
  end
end

--- The help text, line by line.
function usage.text(api)
  local cli, out = api.cli, {}
  for i, s in ipairs(cli.synopsis) do
    out[#out + 1] = (i == 1 and "usage: taut " or "       taut ") .. s
  end
  out[#out + 1] = "options:"
  option_lines(out, cli.options)
  out[#out + 1] = "scene browser: " .. cli.browser_usage
  out[#out + 1] = "  " .. text.wrap(cli.browser_doc, 76, "  ")
  out[#out + 1] = "commands:"
  for _, c in ipairs(cli.commands) do
    local head = "  " .. c.name
    out[#out + 1] = head .. (" "):rep(COLUMN - #head) .. text.wrap(c.doc, 78 - COLUMN, (" "):rep(COLUMN))
  end
  out[#out + 1] = "experiments: " .. cli.experiment_usage
  out[#out + 1] = "  " .. text.wrap(cli.experiment_doc, 76, "  ")
  option_lines(out, cli.experiment)
  out[#out + 1] = "keys and mouse (Esc, F-keys, Home and Ctrl chords are taut's; a scene that"
  out[#out + 1] = "handles any other key in keypressed takes it; * replayed from a recording):"
  local keys = {}
  for _, k in ipairs(api.keys) do
    keys[#keys + 1] = { name = k.key, doc = k.doc .. (k.replayed and " *" or "") }
  end
  option_lines(out, keys)
  local exits = {}
  for _, e in ipairs(cli.exit) do exits[#exits + 1] = ("%d %s"):format(e.code, e.doc) end
  out[#out + 1] = "exit status: " .. table.concat(exits, ", ")
  out[#out + 1] = "see also: " .. text.wrap(cli.see_also, 68, "  ")
  return table.concat(out, "\n") .. "\n"
end

local function c_string(line)
  return '"' .. line:gsub('[\\"]', "\\%0") .. '\\n"'
end

--- lua/usage.h
function usage.header(api)
  local out = { "/* Generated from scripts/taut_api (cli.lua, keys.lua) by tools/api/gen.lua (make docs):",
    " * do not edit. The text of taut --help; the man page taut.1 is made from",
    " * the same description. */", "static const char usage[] =" }
  local lines = {}
  for line in usage.text(api):gmatch("(.-)\n") do lines[#lines + 1] = "\t" .. c_string(line) end
  lines[#lines] = lines[#lines] .. ";"
  for _, l in ipairs(lines) do out[#out + 1] = l end
  return table.concat(out, "\n") .. "\n"
end

return usage
