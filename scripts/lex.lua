-- lex: the tokens of Lua source, cut by Lua 5.4's own lexer rules (llex.c),
-- so that what hot reload compares is what the parser sees: whitespace and
-- comments are not tokens, a string or a long bracket is one token however
-- many lines it spans.
--
--   for _, t in ipairs(lex.tokens(text)) do
--     -- t.kind: "name", "keyword", "number", "string" or "op"
--     -- t.text: the token's bytes as written; t.s, t.e: its first and last
--     -- byte; t.line: its first line (Lua's counting: \n, \r, \r\n, \n\r)
--   end
--
-- The text is expected to be one that load() accepted; on text that is not
-- Lua the tokens are still returned, cut at the same places llex would give
-- up (an unfinished string runs to the end of its line).
local lex = {}

local keywords = {}
for word in ([[and break do else elseif end false for function goto if in
  local nil not or repeat return then true until while]]):gmatch("%a+") do
  keywords[word] = true
end

local ops3 = { ["..."] = true }
local ops2 = {}
for op in ("== ~= <= >= << >> // :: .."):gmatch("%S+") do ops2[op] = true end

-- Line breaks in text[s..e]: "\n", "\r", "\r\n" and "\n\r" count once each.
local function breaks(text, s, e)
  local n, i = 0, s
  while true do
    local p = text:find("[\n\r]", i)
    if not p or p > e then return n end
    local c, d = text:byte(p, p + 1)
    if p < e and (d == 10 or d == 13) and d ~= c then p = p + 1 end
    n, i = n + 1, p + 1
  end
end

-- "[" "="* "[" at i: the last byte of the long bracket (or of the text when
-- it never closes); nil when i does not open one.
local function long_bracket(text, i)
  local eq = text:match("^%[(=*)%[", i)
  if not eq then return nil end
  local _, stop = text:find("]" .. eq .. "]", i + #eq + 2, true)
  return stop or #text
end

-- A quoted string opening at s: its last byte. A backslash takes the next
-- byte with it (a line break as a pair); \z also skips the spaces after it.
local function quoted(text, s)
  local q, j = text:byte(s), s + 1
  while j <= #text do
    local c = text:byte(j)
    if c == q then return j end
    if c == 10 or c == 13 then return j - 1 end  -- unfinished string
    if c == 92 then  -- backslash
      local d, x = text:byte(j + 1, j + 2)
      if d == 122 then  -- \z
        j = (text:find("[^ \t\n\r\f\v]", j + 2) or #text + 1) - 1
      elseif (d == 10 or d == 13) and (x == 10 or x == 13) and x ~= d then
        j = j + 2
      else
        j = j + 1
      end
    end
    j = j + 1
  end
  return #text
end

-- A numeral at s (a digit, or "." then a digit), read as llex reads it:
-- hex or decimal digits and dots, an exponent letter taking a sign.
local function numeral(text, s)
  local expo, j = "[Ee]", s
  if text:find("^0[xX]", s) then expo, j = "[Pp]", s + 2 end
  while true do
    local c = text:sub(j, j)
    if c ~= "" and c:find(expo) then
      j = j + 1
      if text:find("^[%+%-]", j) then j = j + 1 end
    elseif c ~= "" and c:find("[%x%.]") then
      j = j + 1
    else
      return j - 1
    end
  end
end

local DIGIT, ALPHA, DOT, DASH, BRACKET, QUOTE = 1, 2, 3, 4, 5, 6
local class = {}
for c = 48, 57 do class[c] = DIGIT end
for c = 65, 90 do class[c], class[c + 32] = ALPHA, ALPHA end
class[95], class[46], class[45], class[91] = ALPHA, DOT, DASH, BRACKET
class[34], class[39] = QUOTE, QUOTE

-- The token (or comment) starting at s, which is not a space: its last
-- byte and kind (nil for a comment).
local function scan(text, s)
  local c = class[text:byte(s)]
  if c == ALPHA then
    local _, e = text:find("^[%w_]*", s + 1)
    return e, keywords[text:sub(s, e)] and "keyword" or "name"
  elseif c == DIGIT or (c == DOT and class[text:byte(s + 1)] == DIGIT) then
    return numeral(text, s), "number"
  elseif c == QUOTE then
    return quoted(text, s), "string"
  elseif c == DASH and text:byte(s + 1) == 45 then
    local stop = long_bracket(text, s + 2)
    if stop then return stop, nil end
    return (text:find("[\n\r]", s + 2) or #text + 1) - 1, nil
  elseif c == BRACKET then
    local stop = long_bracket(text, s)
    if stop then return stop, "string" end
  end
  if ops3[text:sub(s, s + 2)] then return s + 2, "op" end
  if ops2[text:sub(s, s + 1)] then return s + 1, "op" end
  return s, "op"
end

function lex.tokens(text)
  local list, i, line = {}, 1, 1
  local nl = text:find("[\n\r]")  -- the next line break from i on
  while true do
    local s = text:find("[^ \t\n\r\f\v]", i)
    if not s then return list end
    if nl and nl < s then line = line + breaks(text, i, s - 1) end
    local e, kind = scan(text, s)
    if kind then
      list[#list + 1] = { kind = kind, text = text:sub(s, e), s = s, e = e, line = line }
    end
    if nl and nl <= e then line = line + breaks(text, s, e) end
    i = e + 1
    if nl and nl < i then nl = text:find("[\n\r]", i) end
  end
end

return lex
