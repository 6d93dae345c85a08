-- regions: a scene file cut into the parts hot reload compares (DESIGN.md
-- §3), by tokens (scripts/lex.lua), so blank lines, comments and spacing
-- never count as a change:
--   callbacks  each `function scene.name` / `scene.name = function` / field
--              `name = function` of the scene's table constructor;
--   tune       the scene's `tune = { ... }` table;
--   rest       every other token of the file.
-- "scene" is the local the file returns (`return scene`), or the table
-- constructor it returns. The parse also lists the top-level locals and
-- where each function created by the main chunk is written, which the
-- swap (scripts/reload.lua) needs to join new functions to the running
-- scene's variables.
--
--   local r = regions.of(text)
--   r.tokens, r.scene, r.callbacks[name] = {first, last, key},
--   r.tune = {first, last, open, close}, r.rest = {index, ...} (of tokens),
--   r.locals[name] = true, regions.top_level(r, f) -> is f a top-level function
--   regions.callback_changes(old, new) -> names changed, added, removed
local lex = require "lex"
local regions = {}
local getinfo = debug.getinfo

local openers = { ["function"] = true, ["do"] = true, ["if"] = true, ["repeat"] = true }
local closers = { ["end"] = true, ["until"] = true }
local brackets = { ["{"] = "}", ["("] = ")", ["["] = "]" }

local function is(t, k, text)
  return t[k] ~= nil and t[k].text == text and t[k].kind ~= "string"
end

local function name_at(t, k)
  return t[k] ~= nil and t[k].kind == "name"
end

-- Index of the token closing the block or bracket opened at k.
local function close_of(t, k)
  local open = t[k].text
  local shut, depth = brackets[open], 0
  for j = k, #t do
    local tok = t[j]
    if tok.kind == "keyword" and not shut then
      depth = depth + (openers[tok.text] and 1 or closers[tok.text] and -1 or 0)
    elseif tok.kind == "op" and shut then
      depth = depth + (tok.text == open and 1 or tok.text == shut and -1 or 0)
    end
    if depth == 0 then return j end
  end
  return #t
end

-- The name the file returns, or the index of the `{` it returns.
local function returned(t)
  local k, last = 1, nil
  while k <= #t do
    local tok = t[k]
    if (tok.kind == "keyword" and openers[tok.text]) or (tok.kind == "op" and brackets[tok.text]) then
      k = close_of(t, k)
    elseif is(t, k, "return") then
      last = k
    end
    k = k + 1
  end
  if not last then return nil end
  local tail = #t == last + 1 or (#t == last + 2 and is(t, last + 2, ";"))
  if name_at(t, last + 1) and tail then return t[last + 1].text end
  if is(t, last + 1, "{") and close_of(t, last + 1) >= #t - 1 then return nil, last + 1 end
  return nil
end

local function key(t, first, last)
  local parts = {}
  for j = first, last do parts[#parts + 1] = #t[j].text .. ":" .. t[j].text end
  return table.concat(parts, " ")
end

-- Record the function written at k (a `function` token) and skip it:
-- returns the index of its `end`.
local function def(r, k)
  local t, stop = r.tokens, close_of(r.tokens, k)
  local paren = k
  while paren < stop and not is(t, paren, "(") do paren = paren + 1 end
  local list = r.defs[t[stop].line] or {}
  list[#list + 1] = { t[k].line, t[paren].line }
  r.defs[t[stop].line] = list
  return stop
end

local function callback(r, name, first, last)
  local t = r.tokens
  if is(t, last + 1, ",") or is(t, last + 1, ";") then last = last + 1 end
  r.callbacks[name] = { first = first, last = last, key = key(t, first, last) }
  return last
end

local function tune_region(r, first, open)
  local t = r.tokens
  local close = close_of(t, open)
  local last = close
  if is(t, last + 1, ",") or is(t, last + 1, ";") then last = last + 1 end
  r.tune = r.tune or { first = first, last = last, open = open, close = close }
  return last
end

-- Every function token from k to stop is a closure the main chunk makes.
local function defs_in(r, k, stop)
  while k <= stop do
    if is(r.tokens, k, "function") then k = def(r, k) end
    k = k + 1
  end
end

-- The fields of the scene's table constructor opened at open.
local function constructor(r, open)
  local t, close = r.tokens, close_of(r.tokens, open)
  local k = open + 1
  while k < close do
    if name_at(t, k) and is(t, k + 1, "=") and is(t, k + 2, "function") then
      k = callback(r, t[k].text, k, def(r, k + 2))
    elseif is(t, k, "tune") and is(t, k + 1, "=") and is(t, k + 2, "{") then
      k = tune_region(r, k, k + 2)
    elseif brackets[t[k].text] and t[k].kind == "op" then
      local stop = close_of(t, k)
      defs_in(r, k, stop)
      k = stop
    elseif is(t, k, "function") then
      k = def(r, k)
    end
    k = k + 1
  end
  return close
end

-- `local a <const>, b = ...`: the names, and the index after them.
local function local_names(r, k)
  local t = r.tokens
  repeat
    k = k + 1
    if name_at(t, k) then r.locals[t[k].text] = true end
    k = k + 1
    if is(t, k, "<") then k = k + 3 end
  until not is(t, k, ",")
  return k
end

-- One top-level statement start at k; returns the index to go on from.
local function statement(r, k)
  local t, s = r.tokens, r.scene
  if is(t, k, "local") and is(t, k + 1, "function") and name_at(t, k + 2) then
    r.locals[t[k + 2].text] = true
    return def(r, k + 1) + 1
  elseif is(t, k, "local") then
    local after = local_names(r, k)
    if s and is(t, k + 1, s) and is(t, k + 2, "=") and is(t, k + 3, "{") then
      return constructor(r, k + 3) + 1
    end
    return after
  elseif is(t, k, "function") and s and is(t, k + 1, s) and (is(t, k + 2, ".") or is(t, k + 2, ":"))
      and name_at(t, k + 3) and is(t, k + 4, "(") then
    return callback(r, t[k + 3].text, k, def(r, k)) + 1
  elseif s and is(t, k, s) and is(t, k + 1, ".") and name_at(t, k + 2) and is(t, k + 3, "=") then
    if is(t, k + 4, "function") then return callback(r, t[k + 2].text, k, def(r, k + 4)) + 1 end
    if is(t, k + 2, "tune") and is(t, k + 4, "{") then return tune_region(r, k, k + 4) + 1 end
  end
  return nil
end

function regions.of(text)
  local t = lex.tokens(text)
  local r = { tokens = t, callbacks = {}, locals = {}, defs = {} }
  local ret
  r.scene, ret = returned(t)
  local k, taken = 1, {}
  while k <= #t do
    local next_k = statement(r, k)
    if next_k then
      k = next_k
    elseif ret and k == ret then
      k = constructor(r, k) + 1
    elseif is(t, k, "function") or (t[k].kind == "op" and brackets[t[k].text]) or
        (t[k].kind == "keyword" and openers[t[k].text]) then
      local stop = close_of(t, k)
      if is(t, k, "function") or t[k].kind == "op" then defs_in(r, k, stop) end
      k = stop + 1
    else
      k = k + 1
    end
  end
  if not r.tune then  -- a table kept elsewhere: the first `tune = {` of the file
    for j = 1, #t - 2 do
      if is(t, j, "tune") and is(t, j + 1, "=") and is(t, j + 2, "{") then
        tune_region(r, j, j + 2)
        break
      end
    end
  end
  for _, c in pairs(r.callbacks) do
    for j = c.first, c.last do taken[j] = true end
  end
  if r.tune then for j = r.tune.first, r.tune.last do taken[j] = true end end
  r.rest = {}
  for j = 1, #t do
    -- a separator left before `}` by a cut-out field is no difference
    local dangling = (is(t, j, ",") or is(t, j, ";")) and is(t, j + 1, "}")
    if not taken[j] and not dangling then r.rest[#r.rest + 1] = j end
  end
  return r
end

-- Is f (a function of this file) one the main chunk created at its top
-- level? Lua gives the line of its `function` keyword or of its `(` as
-- linedefined, and the line of its `end` as lastlinedefined.
function regions.top_level(r, f)
  local d = getinfo(f, "S")
  for _, span in ipairs(r.defs[d.lastlinedefined] or {}) do
    if span[1] <= d.linedefined and d.linedefined <= span[2] then return true end
  end
  return false
end

-- Callback names changed, added and removed between old and new (sorted).
function regions.callback_changes(old, new)
  local changed, added, removed = {}, {}, {}
  for name, c in pairs(new.callbacks) do
    local o = old.callbacks[name]
    if not o then added[#added + 1] = name elseif o.key ~= c.key then changed[#changed + 1] = name end
  end
  for name in pairs(old.callbacks) do
    if not new.callbacks[name] then removed[#removed + 1] = name end
  end
  table.sort(changed); table.sort(added); table.sort(removed)
  return changed, added, removed
end

return regions
