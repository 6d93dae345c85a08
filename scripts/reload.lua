-- reload: the Lua half of hot reload (DESIGN.md §3), run inside a scene's
-- own Lua state by lua/runtime.c and lua/reload.c.
--
-- Files come through reload.source(path), which the runtime sets
-- (lua/source.c): the scene and every project module it requires are read
-- once per save, and a recording holds their text, so a replay needs none
-- of the files that changed since.
--
-- A saved scene is compared with the running one region by region
-- (scripts/regions.lua, by tokens): the text outside the callbacks, `load`,
-- a tune key's removal or type -> "rebuild"; another callback changed,
-- added or removed -> "swap"; tune values or ranges -> "tune"; nothing but
-- comments or spacing -> "same". Every kind but "rebuild" keeps the world.
--
-- A swap is made against the running scene, not beside it: each function
-- the new file defines for the scene is joined (debug.upvaluejoin) to the
-- variables the running scene's functions use, so `scene` in the new code
-- is the live table that load filled, and a top-level local keeps its
-- running value. The new chunk's own fresh variables are dropped.
local regions = require "regions"
local tunefile = require "tunefile"
local reload = {}
-- taken now, before a scene runs: the swap needs them whatever it does,
-- and saves need io and os (--safe narrows the scene's after this module
-- is loaded, lua/safe.c)
local getupvalue, upvaluejoin, upvalueid, getinfo =
  debug.getupvalue, debug.upvaluejoin, debug.upvalueid, debug.getinfo
local io, os = io, os

local root = package.path:match(";([^;]*)/scripts/%?%.lua") or "."
local top = setmetatable({}, { __mode = "k" })  -- functions a main chunk made at its top level
local warned = {}                                -- top-level locals already warned about

-- Project modules are found and read through reload.source too.
local function search(name)
  local tried, file = {}, name:gsub("%.", "/")
  for template in package.path:gmatch("[^;]+") do
    local path = template:gsub("%?", (file:gsub("%%", "%%%%")))
    local text = reload.source(path)
    if text then
      local chunk, err = load(text, "@" .. path, "t")
      if not chunk then
        error(("error loading module '%s' from file '%s':\n\t%s"):format(name, path, err), 0)
      end
      return chunk, path
    end
    tried[#tried + 1] = "no file '" .. path .. "'"
  end
  return table.concat(tried, "\n\t")
end
package.searchers[2] = search

-- tune = { name = number | boolean | {value, min, max} } -> name -> value.
function reload.tune_values(path, spec)
  local values = {}
  if spec == nil then return values end
  if type(spec) ~= "table" then error(path .. ": tune must be a table", 0) end
  for name, v in pairs(spec) do
    if type(v) == "table" then v = v[1] end
    if type(name) ~= "string" or (type(v) ~= "number" and type(v) ~= "boolean") then
      error(("%s: tune.%s must be a number, a boolean or {value, min, max}"):format(
        path, tostring(name)), 0)
    end
    values[name] = v
  end
  return values
end

local function ranges(spec)
  local out = {}
  for name, v in pairs(type(spec) == "table" and spec or {}) do
    if type(v) == "table" then out[name] = tostring(v[2]) .. ".." .. tostring(v[3]) end
  end
  return out
end

-- Mark the functions reachable from the scene table that this file's main
-- chunk made at its top level (their upvalues are top-level locals).
local function mark(scene, info, path)
  local function visit(f)
    if type(f) ~= "function" or top[f] ~= nil then return end
    local d = getinfo(f, "S")
    top[f] = d.source == "@" .. path and regions.top_level(info, f)
    if not top[f] then return end
    for i = 1, math.huge do
      local name, value = getupvalue(f, i)
      if not name then break end
      if info.locals[name] then visit(value) end
    end
  end
  for _, v in pairs(scene) do visit(v) end
end

-- Run the scene file; returns the scene table, its tune values and what
-- reload.check compares against later. Errors carry file:line.
function reload.open(path)
  local text = reload.source(path)
  if not text then error("cannot open " .. path, 0) end
  local chunk, err = load(text, "@" .. path, "t")
  if not chunk then error(err, 0) end
  local scene = chunk()
  if type(scene) ~= "table" then
    error(("%s: the scene must return a table of callbacks (it returned %s)"):format(
      path, type(scene)), 0)
  end
  local values = reload.tune_values(path, scene.tune)
  local info = regions.of(text)
  mark(scene, info, path)
  info.values = reload.tune_values(path, scene.tune)  -- a copy: overrides go into values
  info.ranges = ranges(scene.tune)
  info.rest_text, info.rest_line = {}, {}
  for i, k in ipairs(info.rest) do
    info.rest_text[i], info.rest_line[i] = info.tokens[k].text, info.tokens[k].line
  end
  info.tokens, info.rest = nil, nil  -- what is kept of a text is what is compared
  return scene, values, info
end

-- The line of the new file where the text outside the callbacks first
-- differs from the running one's, or nil.
local function rest_change(old, new)
  for i = 1, math.max(#old.rest_text, #new.rest_text) do
    if old.rest_text[i] ~= new.rest_text[i] then
      return new.rest_line[i] or new.rest_line[#new.rest_line] or 1
    end
  end
  return nil
end

local function same_value(a, b)
  return a == b and math.type(a) == math.type(b)
end

-- Names whose value (or slider range) differs between old and new, sorted.
local function changed_names(old, new)
  local names, seen = {}, {}
  for _, t in ipairs { new, old } do
    for name in pairs(t) do
      if not seen[name] and not same_value(old[name], new[name]) then names[#names + 1] = name end
      seen[name] = true
    end
  end
  table.sort(names)
  return names
end

-- Why a rebuild is needed, or nil.
local function rebuild_reason(old, new)
  local line = rest_change(old, new)
  if line then return ("line %d changed, outside the callbacks"):format(line) end
  local a, b = old.callbacks.load, new.callbacks.load
  if (a and a.key) ~= (b and b.key) then
    return "load " .. (not a and "added" or not b and "removed" or "changed")
  end
  local names = {}
  for name in pairs(old.values) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    local v, w = old.values[name], new.values[name]
    if w == nil then return ("tune key '%s' removed"):format(name) end
    if type(w) ~= type(v) then
      return ("tune value '%s' changed from %s to %s"):format(name, type(v), type(w))
    end
  end
  return nil
end

local function list(prefix, names)
  return #names > 0 and prefix .. table.concat(names, ", ") or nil
end

-- The kind of reload new needs against the running old, why, and the
-- callbacks it changes or adds (their new code is what a swap warns of).
local function classify(old, new)
  local why = rebuild_reason(old, new)
  if why then return "rebuild", why, {} end
  local changed, added, removed = regions.callback_changes(old, new)
  local values = changed_names(old.values, new.values)
  local spans = changed_names(old.ranges, new.ranges)
  local parts = {}
  parts[#parts + 1] = list("changed ", changed)
  parts[#parts + 1] = list("added ", added)
  parts[#parts + 1] = list("removed ", removed)
  parts[#parts + 1] = list("tune ", values)
  parts[#parts + 1] = list("range of ", spans)
  local kind = (#changed + #added + #removed > 0 and "swap") or
    (#values + #spans > 0 and "tune") or "same"
  local reason = #parts > 0 and table.concat(parts, "; ") or "nothing but comments or spacing"
  table.move(added, 1, #added, #changed + 1, changed)
  return kind, reason, changed
end

-- The variables (upvalues) the running scene's functions use, by the
-- top-level local they are: name -> {function, index}. A name two
-- variables answer to (a local declared twice) is ambiguous, never joined.
local function cells_of(scene, info)
  local cells, ambiguous, seen = {}, {}, {}
  local function visit(f)
    if not top[f] or seen[f] then return end
    seen[f] = true
    for i = 1, math.huge do
      local name, value = getupvalue(f, i)
      if not name then break end
      if info.locals[name] then
        local c = cells[name]
        if c and upvalueid(c[1], c[2]) ~= upvalueid(f, i) then ambiguous[name] = true end
        cells[name] = c or { f, i }
        visit(value)
      end
    end
  end
  for _, v in pairs(scene) do visit(v) end
  return cells, ambiguous
end

-- Equal as far as a swap is concerned: the same primitive, functions (the
-- code outside the callbacks did not change), tables equal field by field.
local function alike(a, b, depth)
  if rawequal(a, b) or type(a) == "function" and type(b) == "function" then return true end
  if type(a) ~= "table" or type(b) ~= "table" then
    return a == b and math.type(a) == math.type(b)
  end
  if depth > 4 then return true end
  for k, v in pairs(a) do if not alike(v, rawget(b, k), depth + 1) then return false end end
  for k in pairs(b) do if rawget(a, k) == nil then return false end end
  return true
end

local function show(v)
  if type(v) == "string" then return ("%q"):format(#v > 24 and v:sub(1, 21) .. "..." or v) end
  if type(v) == "table" then return "a table" end
  return tostring(v)
end

-- Join f's variables to the running ones; fresh top-level functions it
-- reaches are joined in turn. notes gets a warning when a function of
-- changed (the new code) uses a top-level local whose running value is
-- not the one the file starts it with.
local function join(f, j)
  if j.done[f] then return end
  j.done[f] = true
  for i = 1, math.huge do
    local name, value = getupvalue(f, i)
    if not name then break end
    local cell = not j.ambiguous[name] and j.cells[name]
    if cell then
      local _, running = getupvalue(cell[1], cell[2])
      if j.changed[f] and name ~= j.scene_name and not warned[name] and not alike(running, value, 1) then
        warned[name] = true
        j.notes[#j.notes + 1] = ("%s uses the top-level local '%s': it keeps its running value %s "
          .. "(the file starts it at %s)"):format(j.changed[f], name, show(running), show(value))
      end
      upvaluejoin(f, i, cell[1], cell[2])
    elseif top[value] then
      join(value, j)
    end
  end
end

-- The new file's functions into the running table, joined to its
-- variables; its data fields stay. Returns the warnings.
local function swap(scene, new, old_info, info, changed)
  local cells, ambiguous = cells_of(scene, old_info)
  if info.scene and not cells[info.scene] then
    local live = scene
    cells[info.scene] = { function() return live end, 1 }
  end
  local j = { cells = cells, ambiguous = ambiguous, done = {}, notes = {}, changed = {},
    scene_name = info.scene }
  for _, name in ipairs(changed) do
    if type(new[name]) == "function" then j.changed[new[name]] = "scene." .. name end
  end
  for name in pairs(old_info.callbacks) do
    if not info.callbacks[name] then scene[name] = nil end
  end
  for name in pairs(info.callbacks) do
    if top[new[name]] then
      join(new[name], j)
      scene[name] = new[name]
    end
  end
  scene.title, scene.view, scene.tune = new.title, new.view, new.tune
  return j.notes
end

-- Compare the scene file with the running scene and apply what needs no
-- rebuild. Returns kind ("tune", "swap", "rebuild", "same"), the names of
-- changed tune values, the new info (nil for "rebuild"), why, and the
-- warnings of the swap.
function reload.check(path, scene, tune, old)
  local new_scene, values, info = reload.open(path)
  local kind, reason, changed = classify(old, info)
  local names = changed_names(old.values, values)
  if kind == "rebuild" then return kind, names, nil, reason, {} end
  -- every kind swaps: same code joined the same way, and errors name the
  -- lines the file has now
  local notes = swap(scene, new_scene, old, info, changed)
  for _, name in ipairs(names) do tune[name] = values[name] end
  return kind, names, info, reason, notes
end

-- Write the values into the tune table's literals, every other byte kept.
function reload.save(path, values)
  local f = io.open(path, "rb")
  if not f then return nil, "cannot open " .. path end
  local text = f:read("a")
  f:close()
  local new, err = tunefile.rewrite(text, values)
  if not new then return nil, err end
  local tmp = path .. ".taut-save"
  local out, why = io.open(tmp, "wb")
  if not out then return nil, why end
  out:write(new)
  out:close()
  return os.rename(tmp, path)
end

reload.root = root
return reload
