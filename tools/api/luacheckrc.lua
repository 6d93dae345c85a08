-- api.luacheckrc: .luacheckrc, luacheck's configuration, with the argument
-- names of taut's callbacks (a scene need not use every one it is given).
local luacheckrc = {}

function luacheckrc.text(api)
  local names, seen = {}, {}
  local function add(n)
    if not seen[n] then seen[n] = true; names[#names + 1] = n end
  end
  for _, c in ipairs(api.callbacks) do
    for _, p in ipairs(c.params or {}) do add(p.name) end
  end
  add("event")
  for _, m in ipairs(api.modules) do
    for _, o in ipairs(api.options) do
      if o.of == m.name .. ".new" then
        for _, k in ipairs(o.keys) do
          if k.type and k.type:match("^fun%(") then
            for arg in k.type:match("^fun%((.-)%)"):gmatch("([%w_]+):") do add(arg) end
          end
        end
      end
    end
  end
  local ignore = {}
  for i, n in ipairs(names) do ignore[i] = ('"212/%s"'):format(n) end
  return table.concat({
    "-- luacheck's configuration (make test runs `luacheck examples scripts tools`).",
    "-- Generated from scripts/taut_api by tools/api/gen.lua (make docs): do not edit.",
    'std = "lua54"',
    "max_line_length = 120",
    "-- the arguments taut passes to callbacks may go unused",
    "files[\"examples\"] = { ignore = { " .. table.concat(ignore, ", ") .. " } }",
    "-- the description is data: a one-line doc may be long; so may the",
    "-- annotations generated from it",
    'files["scripts/taut_api"] = { max_line_length = false }',
    'files["scripts"] = { max_comment_line_length = false }',
    "-- the meta file of the taut module declares functions with empty bodies",
    'exclude_files = { "types/" }',
  }, "\n") .. "\n"
end

return luacheckrc
