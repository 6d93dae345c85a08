-- tunefile: find the literals of a scene's `tune` table in its source, and
-- rewrite them in place (Ctrl+S in the viewport).
--
--   local t = tunefile.scan(text)  -- { start, stop, entries = { name = {s, e} } }
--   tunefile.rewrite(text, { gust = 7.5 }) -> new text (or nil, why)
--
-- A small tokenizer, enough to skip comments and strings: the first
-- `tune = {` of the file is the table; each `name = <number|bool>` or
-- `name = {<number|bool>, ...}` at its top level names the byte range of
-- its value literal. Every other byte of the file is left as it was.
local tunefile = {}

local function long_bracket(text, i)
  local eq = text:match("^%[(=*)%[", i)
  if not eq then return nil end
  local _, stop = text:find("]" .. eq .. "]", i, true)
  return stop or #text
end

-- Next token from position i: kind, first byte, last byte.
local function token(text, i)
  i = text:find("%S", i)
  if not i then return nil end
  local c = text:sub(i, i)
  if text:sub(i, i + 1) == "--" then
    local stop = long_bracket(text, i + 2) or (text:find("\n", i, true) or #text)
    return "space", i, stop
  end
  if c == "'" or c == '"' then
    local j = i + 1
    while j <= #text and text:sub(j, j) ~= c do
      j = j + (text:sub(j, j) == "\\" and 2 or 1)
    end
    return "string", i, j
  end
  if c == "[" and long_bracket(text, i) then return "string", i, long_bracket(text, i) end
  local s, e = text:find("^0[xX][%x%.]+", i)
  if not s then s, e = text:find("^%d*%.?%d+[eE][%+%-]?%d+", i) end
  if not s then s, e = text:find("^%d+%.?%d*", i) end
  if not s then s, e = text:find("^%.%d+", i) end
  if s then return "number", s, e end
  s, e = text:find("^[%a_][%w_]*", i)
  if s then return "name", s, e end
  return "punct", i, i
end

-- All tokens but comments, as { kind, s, e, text }.
local function tokens(text)
  local list, i = {}, 1
  while true do
    local kind, s, e = token(text, i)
    if not kind then return list end
    if kind ~= "space" then list[#list + 1] = { kind, s, e, text:sub(s, e) } end
    i = e + 1
  end
end

-- The value literal starting at token k: its byte range, or nil.
local function literal(t, k)
  local tok = t[k]
  if not tok then return nil end
  if tok[4] == "-" and t[k + 1] and t[k + 1][1] == "number" then return tok[2], t[k + 1][3] end
  if tok[1] == "number" or tok[4] == "true" or tok[4] == "false" then return tok[2], tok[3] end
  return nil
end

-- Read one `name = value` entry at token k of the tune table.
local function entry(t, k, entries)
  if t[k][1] ~= "name" or not t[k + 1] or t[k + 1][4] ~= "=" then return end
  local v = k + 2
  if t[v] and t[v][4] == "{" then v = v + 1 end
  local s, e = literal(t, v)
  if s then entries[t[k][4]] = { s, e } end
end

function tunefile.scan(text)
  local t = tokens(text)
  for k = 1, #t - 2 do
    if t[k][4] == "tune" and t[k + 1][4] == "=" and t[k + 2][4] == "{" then
      local depth, entries = 0, {}
      for j = k + 2, #t do
        local p = t[j][4]
        if depth == 1 then entry(t, j, entries) end
        if t[j][1] == "punct" and p == "{" then depth = depth + 1 end
        if t[j][1] == "punct" and p == "}" then depth = depth - 1 end
        if depth == 0 then return { start = t[k][2], stop = t[j][3], entries = entries } end
      end
      return nil
    end
  end
  return nil
end

-- The shortest text that reads back as exactly v.
function tunefile.format(v)
  if type(v) == "boolean" then return tostring(v) end
  if v == math.floor(v) and math.abs(v) < 2^53 then return ("%d"):format(v) end
  for digits = 1, 17 do
    local s = ("%." .. digits .. "g"):format(v)
    if tonumber(s) == v then return s end
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
