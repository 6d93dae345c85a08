-- tunefile: find the literals of a scene's `tune` table in its source, and
-- rewrite them in place (Ctrl+S in the viewport).
--
--   local t = tunefile.scan(text)  -- { start, stop, entries = { name = {s, e} } }
--   tunefile.rewrite(text, { gust = 7.5 }) -> new text (or nil, why)
--
-- The table is the one scripts/regions.lua finds (the scene's `tune = {`,
-- by Lua's tokens, so comments and strings are never mistaken for it);
-- each `name = <number|bool>` or `name = {<number|bool>, ...}` at its top
-- level names the byte range of its value literal. Every other byte of
-- the file is left as it was.
local regions = require "regions"
local tunefile = {}

-- The value literal starting at token k: its first and last byte, or nil.
local function literal(t, k)
  local tok = t[k]
  if not tok then return nil end
  if tok.text == "-" and t[k + 1] and t[k + 1].kind == "number" then return tok.s, t[k + 1].e end
  if tok.kind == "number" or tok.text == "true" or tok.text == "false" then return tok.s, tok.e end
  return nil
end

-- Read one `name = value` entry at token k of the tune table.
local function entry(t, k, entries)
  if t[k].kind ~= "name" or not t[k + 1] or t[k + 1].text ~= "=" then return end
  local v = k + 2
  if t[v] and t[v].text == "{" then v = v + 1 end
  local s, e = literal(t, v)
  if s then entries[t[k].text] = { s, e } end
end

function tunefile.scan(text)
  local r = regions.of(text)
  if not r.tune then return nil end
  local t, depth, entries = r.tokens, 0, {}
  for j = r.tune.open, r.tune.close do
    if depth == 1 then entry(t, j, entries) end
    if t[j].kind == "op" and t[j].text == "{" then depth = depth + 1 end
    if t[j].kind == "op" and t[j].text == "}" then depth = depth - 1 end
  end
  return { start = t[r.tune.first].s, stop = t[r.tune.last].e, entries = entries }
end

-- The shortest text that reads back as exactly v, of v's type: an
-- integer as one, a float always with a point (or an exponent).
function tunefile.format(v)
  if type(v) == "boolean" then return tostring(v) end
  if math.type(v) == "integer" then return ("%d"):format(v) end
  if v == math.floor(v) and math.abs(v) < 2^53 then return ("%d.0"):format(v) end
  for digits = 1, 17 do
    local s = ("%." .. digits .. "g"):format(v)
    if tonumber(s) == v then return s:find("[.eni]") and s or s .. ".0" end
  end
end

-- text with the literals of values rewritten; nil and why when a name has
-- no literal in the tune table.
function tunefile.rewrite(text, values)
  local scan = tunefile.scan(text)
  if not scan then return nil, "no `tune = {` table in the file" end
  local edits = {}
  for name, v in pairs(values) do
    local range = scan.entries[name]
    if not range then return nil, ("tune.%s has no literal to rewrite"):format(name) end
    edits[#edits + 1] = { range[1], range[2], tunefile.format(v) }
  end
  table.sort(edits, function(a, b) return a[1] > b[1] end)
  for _, e in ipairs(edits) do text = text:sub(1, e[1] - 1) .. e[3] .. text:sub(e[2] + 1) end
  return text
end

return tunefile
