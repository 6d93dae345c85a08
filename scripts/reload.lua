-- reload: the Lua half of hot reload (DESIGN.md §3), run inside a scene's
-- own Lua state by lua/runtime.c and lua/reload.c.
--
-- A scene file is cut into regions: the `tune` table (found by tunefile),
-- the source lines of each function in the scene table (debug.getinfo line
-- ranges), and the rest. Comparing the regions of the old and the new text
-- says what kind of reload a save needs:
--   the rest, `load`, or a required project module changed -> "rebuild";
--   another callback changed                               -> "swap";
--   only tune values changed                               -> "tune";
-- Source text (not string.dump) is compared so that a line added above a
-- function does not count as a change of that function.
local tunefile = require "tunefile"
local reload = {}
-- The host's own: --safe narrows the scene's io, os and debug after this
-- module is loaded (lua/safe.c), and reload keeps what it needs.
local io, os, debug, searchpath = io, os, debug, package.searchpath

local modules = {}  -- file -> text of each project module the scene required
local root = package.path:match(";([^;]*)/scripts/%?%.lua") or "."
local real_require = require

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

-- require, noting each project module's file and text so a save of it is seen.
function require(name)  -- luacheck: ignore
  local result, extra = real_require(name)
  local file = searchpath(name, package.path)
  if file and not modules[file] then modules[file] = read(file) end
  return result, extra
end

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

local function line_starts(text)
  local starts = { 1 }
  for pos in text:gmatch("\n()") do starts[#starts + 1] = pos end
  return starts
end

-- Regions of text: tune, each function of the scene table, and the rest.
local function regions(path, text, scene)
  local starts, cuts, out = line_starts(text), {}, { fn = {} }
  local tune = tunefile.scan(text)
  if tune then cuts[#cuts + 1] = { tune.start, tune.stop } end
  for name, f in pairs(scene) do
    if type(f) == "function" then
      local d = debug.getinfo(f, "S")
      if d.source == "@" .. path and d.linedefined > 0 then
        local s = starts[d.linedefined]
        local e = (starts[d.lastlinedefined + 1] or #text + 1) - 1
        out.fn[name] = text:sub(s, e)
        cuts[#cuts + 1] = { s, e }
      else
        out.fn[name] = d.source .. ":" .. d.linedefined
      end
    end
  end
  table.sort(cuts, function(a, b) return a[1] < b[1] end)
  local rest, at = {}, 1
  for _, c in ipairs(cuts) do
    if c[1] > at then rest[#rest + 1] = text:sub(at, c[1] - 1) end
    at = math.max(at, c[2] + 1)
  end
  rest[#rest + 1] = text:sub(at)
  out.rest = table.concat(rest, "\0")
  return out
end

-- Run the scene file; returns the scene table, its tune values and what
-- reload.check compares against later. Errors carry file:line.
function reload.open(path)
  local text = read(path)
  if not text then error("cannot open " .. path, 0) end
  local chunk, err = load(text, "@" .. path, "t")
  if not chunk then error(err, 0) end
  local scene = chunk()
  if type(scene) ~= "table" then
    error(("%s: the scene must return a table of callbacks (it returned %s)"):format(
      path, type(scene)), 0)
  end
  local values = reload.tune_values(path, scene.tune)
  local info = regions(path, text, scene)
  info.values = reload.tune_values(path, scene.tune)  -- a copy: overrides go into values
  return scene, values, info
end

local function module_changed()
  for file, text in pairs(modules) do
    if read(file) ~= text then return file end
  end
end

local function differs(a, b)
  for k, v in pairs(a) do if b[k] ~= v then return true end end
  for k in pairs(b) do if a[k] == nil then return true end end
  return false
end

-- The kind of reload the file on disk needs against the running scene.
local function classify(old, new)
  if module_changed() or old.rest ~= new.rest or old.fn.load ~= new.fn.load then
    return "rebuild"
  end
  for name in pairs(old.values) do
    if new.values[name] == nil then return "rebuild" end
  end
  return differs(old.fn, new.fn) and "swap" or "tune"
end

-- Names whose value in the file changed, sorted.
local function changed_values(old, new)
  local changed = {}
  for name, v in pairs(new) do
    if old[name] ~= v then changed[#changed + 1] = name end
  end
  table.sort(changed)
  return changed
end

-- New callbacks into the running table; its data fields stay.
local function swap(scene, new)
  for name, f in pairs(scene) do
    if type(f) == "function" and new[name] == nil then scene[name] = nil end
  end
  for name, v in pairs(new) do
    if type(v) == "function" or name == "title" or name == "view" or name == "tune" then
      scene[name] = v
    end
  end
end

-- Compare the file on disk with the running scene and apply what needs no
-- rebuild. Returns kind ("tune", "swap", "rebuild", "same"), the names of
-- changed tune values, and the new info (nil for "rebuild").
function reload.check(path, scene, tune, old)
  local new_scene, values, info = reload.open(path)
  local kind = classify(old, info)
  local changed = changed_values(old.values, values)
  if kind == "rebuild" then return kind, changed end
  if kind == "swap" then swap(scene, new_scene) else scene.tune = new_scene.tune end
  for _, name in ipairs(changed) do tune[name] = values[name] end
  if kind == "tune" and #changed == 0 then kind = "same" end
  return kind, changed, info
end

-- Files a save of which should reload the scene: itself and its modules
-- from the project (scripts/ or the scene's folder), sorted.
function reload.files(path)
  local files = { path }
  for file in pairs(modules) do files[#files + 1] = file end
  table.sort(files, function(a, b) return a < b end)
  return files
end

-- Write the values into the tune table's literals, every other byte kept.
function reload.save(path, values)
  local text = read(path)
  if not text then return nil, "cannot open " .. path end
  local new, err = tunefile.rewrite(text, values)
  if not new then return nil, err end
  local tmp = path .. ".taut-save"
  local f, why = io.open(tmp, "wb")
  if not f then return nil, why end
  f:write(new)
  f:close()
  return os.rename(tmp, path)
end

reload.root = root
return reload
