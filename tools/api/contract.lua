-- api.contract: compare the description (scripts/taut_api) with the real
-- bindings, inside `taut test` (it needs the debug library and the program's
-- module). It walks every metatable in the registry (the binding's own
-- method and property tables, reached through the __index closure's
-- upvalues: protected metatables hide them from scripts, not from
-- debug.getregistry()), every module table, the option keys and enum values
-- each constructor really takes (read from its error for an unknown key),
-- the event kinds, the defaults, the error texts, the modules in scripts/,
-- the options lua/main.c parses and taut's keys (lua/keys.c).
--
--   local report = require("api.contract")(api)   -- a list of differences
--   print(contract.format(report))                 -- ready to paste
local contract = {}

-- Where each kind of difference is, and what to do with it.
local function diff(report, part, where, verb, line)
  report[#report + 1] = { part = part, where = where, verb = verb, line = line }
end

---------------------------------------------------------------- snippets

local PRELUDE = "local taut, w, w3, p, q, o, p3, q3 = ...\n"

local function fixtures()
  local taut = require "taut"
  local w, w3 = taut.world{}, taut.world{ is_3d = true }
  return taut, w, w3, w:particle{ position = {0, 0} }, w:particle{ position = {1, 0} },
    w:particle{ position = {2, 0} }, w3:particle{ position = {0, 0, 0} },
    w3:particle{ position = {1, 0, 0} }
end

-- The message as the description gives it: without the "file:line: " a Lua
-- module or the snippet itself puts in front.
local function bare(message)
  message = tostring(message)
  return (message:gsub("^api:%d+: ", ""):gsub("^[^\n]-%.lua:%d+: ", ""))
end

-- A snippet that starts with "g:" runs inside scene.draw(g) of a headless
-- taut (a graphics object exists only there): true, or false and the error.
local DRAW_SCENE = [[
local scene = {}
function scene.draw(g)
  if scene.done then return end
  scene.done = true
  local ok, err = pcall(assert(load("local g = ...\n" .. %q, "=api")), g)
  print(ok and "CONTRACT ok" or "CONTRACT err " .. tostring(err):gsub("\n", " "))
end
return scene
]]

local function run_in_draw(code)
  local path = os.tmpname() .. ".lua"
  local f = assert(io.open(path, "w"))
  f:write(DRAW_SCENE:format(code))
  f:close()
  local exe = require("taut").executable
  local p = io.popen(("'%s' --headless --frames 1 '%s' 2>&1"):format(exe, path))
  local out = p:read("a")
  p:close()
  os.remove(path)
  local result = out:match("CONTRACT (.-)\n")
  if result == "ok" then return true end
  return false, result and bare(result:match("^err (.*)")) or "no draw: " .. out
end

-- The fixtures of every snippet run by this check: an object holds its
-- world's id, not the world, so a fixture world collected while its
-- object is still read would make that object stale (a cutter's default
-- "cannot be read back", now and then, as the collector pleased).
local kept = {}

-- Run a snippet: true and its results, or false and the bare error.
local function run(code)
  if code:match("^return g:") or code:match("^g:") then return run_in_draw(code) end
  local chunk, err = load(PRELUDE .. code, "=api", "t")
  if not chunk then return false, "does not compile: " .. err end
  local given = table.pack(fixtures())
  kept[#kept + 1] = given
  local results = table.pack(pcall(chunk, table.unpack(given, 1, given.n)))
  if not results[1] then return false, bare(results[2]) end
  return true, table.unpack(results, 2, results.n)
end
contract.run = run

---------------------------------------------------------------- helpers

local function read(path)
  return require("api.text").read(path) or ""
end

local function set(list, key)
  local s = {}
  for _, item in ipairs(list or {}) do s[key and item[key] or item] = true end
  return s
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

local function quote(s)
  return ("%q"):format(s):gsub("\\\n", "\\n")
end

local function lua_type_of(v)
  local t = type(v)
  if t == "number" then return math.type(v) == "integer" and "integer" or "number" end
  if t == "table" then return #v >= 2 and type(v[1]) == "number" and "taut.vec" or "table" end
  if t == "userdata" then
    local mt = getmetatable(v)
    return type(mt) == "string" and "taut." .. mt or "userdata"
  end
  return t
end

-- The names in a list of one error's "(expected a, b, c)".
local function expected_list(message)
  local list = tostring(message):match("'__probe' %(expected ([^)]*)%)")
  if not list then return nil end
  local names = {}
  for name in list:gmatch("[^,%s]+") do names[#names + 1] = name end
  return names
end

local function compare_names(report, part, where, bound, described, stub, one_way)
  for _, name in ipairs(sorted_keys(bound)) do
    if not described[name] then
      diff(report, part, where, "bound, not described: paste", stub(name, bound[name]))
    end
  end
  if one_way then return end
  for _, name in ipairs(sorted_keys(described)) do
    if not bound[name] then
      diff(report, part, where, "described, not bound: remove (or bind)", ("'%s'"):format(name))
    end
  end
end

local function part_file(part)
  return ("scripts/taut_api/%s.lua"):format(part)
end
contract.part_file = part_file

---------------------------------------------------------------- classes

-- A metatable's methods and properties, from the binding's own tables:
-- __index is a table of methods (boxes, graphics), or a closure whose
-- upvalue 1 holds the methods and upvalue 2 the properties (tt_bind_class,
-- taut.mesh). Nil for what it does not say (then described fields are
-- probed on a live object instead).
local function members(mt)
  local index = rawget(mt, "__index")
  if type(index) == "table" then return index, nil end
  if type(index) ~= "function" then return nil, nil end
  local _, methods = debug.getupvalue(index, 1)
  local _, props = debug.getupvalue(index, 2)
  return type(methods) == "table" and methods or nil, type(props) == "table" and props or nil
end

local function method_stub(name)
  return ("{ name = %q, doc = \"TODO\", params = {}, returns = {} },"):format(name)
end

local function property_stub(sample, dead)
  return function(name)
    local access = "TODO: r or rw"
    if dead then
      local ok, err = pcall(function() dead[name] = 0 end)
      access = not ok and tostring(err):find("(read-only)", 1, true) and "r" or "rw"
    end
    local kind = "TODO"
    if sample then
      local ok, v = pcall(function() return sample[name] end)
      if ok then kind = lua_type_of(v) end
    end
    return ("{ name = %q, type = %q, access = %q, doc = \"TODO\" },"):format(name, kind, access)
  end
end

local function instance(class, which)
  if not class[which] then return nil end
  local ok, obj = run(class[which])
  return ok and obj or nil
end

-- read-only or writable, as the binding says: a destroyed object raises
-- "(read-only)" for a property without a setter, "(... was destroyed)" else.
local function check_access(report, class, dead, props)
  for _, f in ipairs(class.properties) do
    if props[f.name] then
      local ok, err = pcall(function() dead[f.name] = 0 end)
      local real = not ok and tostring(err):find("(read-only)", 1, true) and "r" or "rw"
      if real ~= f.access then
        diff(report, f.part, "class " .. class.name .. ", access", "differs: set",
          ("%s: access = %q"):format(f.name, real))
      end
    end
  end
end

-- Described fields of an object whose binding keeps no table of them
-- (image, texture, buffer...): each must read on a live one.
local function probe_fields(report, class, sample, list)
  for _, f in ipairs(class[list]) do
    local ok, err = pcall(function() return sample[f.name] end)
    if not ok then
      diff(report, f.part, "class " .. class.name .. ", " .. list,
        "described, not bound: remove (or bind)", ("'%s' (%s)"):format(f.name, bare(err)))
    end
  end
end

-- The names a hand-written __index compares its key with (image,
-- texture, a mesh's fields): strcmp(key, "name") in the binding file that
-- defines NAME as the class's name.
local function scanned_fields(name)
  local found = {}
  local p = io.popen("ls lua/*.c")
  for path in p:lines() do
    local source = read(path)
    if source:find(('#define NAME "%s"\n'):format(name), 1, true) then
      for field in source:gmatch('strcmp%(key, "([%w_]+)"%)') do found[field] = true end
    end
  end
  p:close()
  return found
end

-- What the binding's tables do not list: read from its source, each
-- described as a method (a function on a live one) or a property.
local function check_scanned(report, class, methods, sample)
  local where = "class " .. class.name
  local scanned = scanned_fields(class.name)
  if not next(scanned) and not methods and not class.index then  -- (a buffer has only numbers)
    return diff(report, class.part, where, "members cannot be listed: bind with tt_bind_class, "
      .. "or compare the key with strcmp(key, \"name\") in the file defining NAME", class.name)
  end
  local described = set(class.methods, "name")
  for _, f in ipairs(class.properties) do described[f.name] = true end
  for _, name in ipairs(sorted_keys(scanned)) do
    if not described[name] and not (methods and methods[name]) then
      local ok, v = pcall(function() return sample and sample[name] end)
      local kind = ok and type(v) == "function" and "methods" or "properties"
      local stub = kind == "methods" and method_stub(name) or property_stub(sample, nil)(name)
      diff(report, class.part, where .. ", " .. kind, "bound, not described: paste", stub)
    end
  end
end

local function check_bound_class(report, class, mt)
  local where = "class " .. class.name
  local methods, props = members(mt)
  local sample, dead = instance(class, "sample"), instance(class, "dead")
  if class.sample and not sample then
    local _, err = run(class.sample)
    diff(report, class.part, where, "sample fails: fix", err)
  end
  if not props then check_scanned(report, class, methods, sample) end
  if methods then
    local to = class.name == "world" and where .. ", methods (a new object's: under extend in its part)"
      or where .. ", methods"
    compare_names(report, class.part, to, methods, set(class.methods, "name"), method_stub)
  elseif sample then
    probe_fields(report, class, sample, "methods")
  end
  if props then
    compare_names(report, class.part, where .. ", properties", props,
      set(class.properties, "name"), property_stub(sample, dead))
    if dead then check_access(report, class, dead, props) end
  elseif sample then
    probe_fields(report, class, sample, "properties")
  end
end

local function class_stub(name, mt, api)
  local where = ("new part %s (and %q in the parts list of scripts/taut_api/init.lua):"):format(part_file(name), name)
  for _, part in ipairs(api.parts) do
    if part == name then where = ("in %s (a part already):"):format(part_file(name)) end
  end
  local lines = { where, "return {", "  classes = {",
    ("    { name = %q, doc = \"TODO\", made_by = \"TODO\","):format(name),
    "      sample = \"return TODO (a live one)\", dead = \"TODO (a destroyed one)\",",
    "      methods = {" }
  local methods, props = members(mt)
  for _, m in ipairs(sorted_keys(methods or {})) do lines[#lines + 1] = "        " .. method_stub(m) end
  lines[#lines + 1] = "      },"
  lines[#lines + 1] = "      properties = {"
  local stub = property_stub(nil, nil)
  for _, f in ipairs(sorted_keys(props or {})) do lines[#lines + 1] = "        " .. stub(f) end
  lines[#lines + 1] = "      } },"
  lines[#lines + 1] = "  },"
  lines[#lines + 1] = "}"
  return table.concat(lines, "\n")
end

local LUA_OWN = { ["FILE*"] = true, ["_UBOX*"] = true }  -- Lua's own (io, luaL_Buffer)

local function check_classes(report, api)
  for _, class in ipairs(api.classes) do
    if class.sample then instance(class, "sample") end  -- lazy metatables
  end
  local registry = debug.getregistry()
  local bound = {}
  for name, mt in pairs(registry) do
    if type(name) == "string" and type(mt) == "table" and rawget(mt, "__name") == name
        and not LUA_OWN[name] then
      bound[name] = mt
    end
  end
  for _, name in ipairs(sorted_keys(bound)) do
    local class = api.class[name]
    if class and not class.module then
      check_bound_class(report, class, bound[name])
    else
      diff(report, name, "class " .. name, "bound, not described: paste", class_stub(name, bound[name], api))
    end
  end
  for _, class in ipairs(api.classes) do
    if not class.module and not bound[class.name] then
      diff(report, class.part, "class " .. class.name, "described, not bound: remove (or bind)",
        ("'%s' (no metatable of that name)"):format(class.name))
    end
  end
end

---------------------------------------------------------------- modules

-- A Lua function's parameter names, as written (a method's self left out).
local function lua_params(fn, method)
  local info = debug.getinfo(fn, "u")
  local names = {}
  for i = method and 2 or 1, info.nparams do names[#names + 1] = debug.getlocal(fn, i) end
  if info.isvararg then names[#names + 1] = "..." end
  return names
end

local function check_params(report, part, where, f, fn, method)
  if type(fn) ~= "function" or debug.getinfo(fn, "S").what ~= "Lua" then return end
  local real, described = lua_params(fn, method), {}
  for i, p in ipairs(f.params or {}) do described[i] = p.name end
  if table.concat(real, ", ") ~= table.concat(described, ", ") then
    diff(report, f.part or part, where .. "." .. f.name, "parameters differ: name them",
      ("(%s), not (%s)"):format(table.concat(real, ", "), table.concat(described, ", ")))
  end
end

local function check_lua_params(report, module, m, classes)
  for _, f in ipairs(module.functions) do
    check_params(report, module.part, "module " .. module.name, f, m[f.name], false)
  end
  for _, class in ipairs(classes) do
    for _, f in ipairs(class.methods) do
      check_params(report, class.part, "class " .. class.name, f, m[f.name], not f.static)
    end
  end
end

-- A module's functions and fields, and those of a Lua class it holds (its
-- methods are functions of the module table, its fields an instance's).
local function check_module(report, module, api)
  local ok, m = pcall(require, module.name)
  local where = "module " .. module.name
  if not ok then return diff(report, module.part, where, "does not load: fix", bare(m)) end
  local described = set(module.functions, "name")
  for _, f in ipairs(module.fields) do described[f.name] = true end
  local classes = {}
  for _, class in ipairs(api.classes) do
    if class.module == module.name then
      classes[#classes + 1] = class
      for _, f in ipairs(class.methods) do described[f.name] = true end
    end
  end
  local bound = {}
  for k, v in pairs(m) do
    if type(k) == "string" and not k:match("^__") then bound[k] = v end
  end
  compare_names(report, module.part, where, bound, described, function(name, v)
    if type(v) == "function" then return method_stub(name) end
    return ("{ name = %q, type = %q, access = \"r\", doc = \"TODO\" },"):format(name, lua_type_of(v))
  end)
  check_lua_params(report, module, m, classes)
  for _, class in ipairs(classes) do
    local sample = instance(class, "sample")
    if not sample then
      local err = class.sample and select(2, run(class.sample)) or "no sample"
      diff(report, class.part, "class " .. class.name, "sample fails: fix", tostring(err))
    else
      local fields = {}
      for k, v in pairs(sample) do if type(k) == "string" then fields[k] = v end end
      compare_names(report, class.part, "class " .. class.name .. ", properties", fields,
        set(class.properties, "name"), function(name, v)
          return ("{ name = %q, type = %q, doc = \"TODO\" },"):format(name, lua_type_of(v))
        end, true)  -- a Lua object's field may be nil: only the ones it has are checked
    end
  end
end

local function check_modules(report, api)
  for _, module in ipairs(api.modules) do check_module(report, module, api) end
  local known = set(api.modules, "name")
  for _, i in ipairs(api.internal) do known[i.name] = true end
  local p = io.popen("ls scripts/*.lua scripts/*/init.lua 2>/dev/null")
  for file in p:lines() do
    local name = file:match("^scripts/([^/]+)%.lua$") or file:match("^scripts/([^/]+)/init%.lua$")
    if name and not known[name] then
      diff(report, "internal", "scripts/ modules", "bound, not described: paste",
        ("{ name = %q, doc = \"TODO\" },  -- in internal (or describe it as a module)"):format(name))
    end
  end
  p:close()
end

---------------------------------------------------------------- options

local function probes(options)
  local list = options.probe
  if type(list) == "string" then list = { list } end
  return list or {}
end

local function probe_list(template, fill)
  local _, err = run("return " .. template:gsub("OPTIONS", fill))
  return expected_list(err), err
end

local function check_keys(report, options)
  local where = "options " .. options.type
  local bound, got = {}, false
  for _, template in ipairs(probes(options)) do
    local names, err = probe_list(template, "__probe = 1")
    if not names then
      diff(report, options.part, where, "probe gives no key list: fix the probe", tostring(err))
    end
    for _, name in ipairs(names or {}) do bound[name] = true; got = true end
  end
  if not got then return end
  compare_names(report, options.part, where .. ", keys", bound, set(options.keys, "name"), function(name)
    return ("{ name = %q, type = \"TODO\", doc = \"TODO\" },"):format(name)
  end)
end

local function check_values(report, options)
  for _, key in ipairs(options.keys) do
    if key.values then
      local bound = {}
      for _, template in ipairs(probes(options)) do
        local names = probe_list(template, key.name .. " = '__probe'")
        for _, name in ipairs(names or {}) do bound[name] = true end
      end
      local described = set(key.values)
      local same = true
      for name in pairs(bound) do same = same and described[name] end
      for name in pairs(described) do same = same and bound[name] end
      if not same then
        diff(report, options.part, "options " .. options.type .. ", key " .. key.name,
          "values differ: set", ("values = { %s },"):format(table.concat(
            (function() local q = {}
              for _, n in ipairs(sorted_keys(bound)) do q[#q + 1] = ("%q"):format(n) end
              return q end)(), ", ")))
      end
    end
  end
end

local function same_value(a, b)
  if a == b then return true end
  if type(a) == "number" and type(b) == "number" then
    return math.abs(a - b) <= 1e-6 * math.max(1, math.abs(b))
  end
  if type(a) == "table" and type(b) == "table" then
    if #a ~= #b then return false end
    for i = 1, #b do if not same_value(a[i], b[i]) then return false end end
    return true
  end
  return a == b
end

local function show(v)
  if type(v) == "table" then
    local parts = {}
    for i = 1, #v do parts[i] = show(v[i]) end
    return "{" .. table.concat(parts, ", ") .. "}"
  end
  if v == math.huge then return "math.huge" end
  return type(v) == "string" and ("%q"):format(v) or tostring(v)
end

-- A constant default must be what an object made without the key reads.
local function check_defaults(report, options, api)
  local class = options.makes and api.class[options.makes]
  local template = probes(options)[1]
  if not class or not template then return end
  local ok, obj = run("return " .. template:gsub(",?%s*OPTIONS", ""))
  if not ok then
    return diff(report, options.part, "options " .. options.type, "made without options fails: fix", obj)
  end
  local props = set(class.properties, "name")
  for _, key in ipairs(options.keys) do
    if key.default ~= nil and props[key.name] and key.check_default ~= false then
      local readable, value = pcall(function() return obj[key.name] end)
      if not readable then
        diff(report, options.part, "options " .. options.type .. ", key " .. key.name,
          "default cannot be read back: set check_default = false", bare(value))
      elseif not same_value(value, key.default) then
        diff(report, options.part, "options " .. options.type .. ", key " .. key.name,
          "default differs: set", ("default = %s,"):format(show(value)))
      end
    end
  end
end

local function check_options(report, api)
  for _, options in ipairs(api.options) do
    check_keys(report, options)
    check_values(report, options)
    check_defaults(report, options, api)
  end
end

---------------------------------------------------------------- errors

local function each_error(api, fn)
  local function functions(list, owner)
    for _, f in ipairs(list or {}) do
      for _, e in ipairs(f.errors or {}) do fn(e, f.part or owner.part, owner.name .. "." .. f.name) end
    end
  end
  for _, m in ipairs(api.modules) do functions(m.functions, m) end
  for _, c in ipairs(api.classes) do
    functions(c.methods, c)
    functions(c.properties, c)
  end
end

local function check_errors(report, api)
  each_error(api, function(e, part, where)
    local ok, err = run(e.code)
    if ok then
      diff(report, part, where .. " errors", "raises nothing: fix the code",
        ("{ code = %s }"):format(quote(e.code)))
    elseif err ~= e.message then
      diff(report, part, where .. " errors", "text differs: set (the real one)",
        ("{ code = %s, message = %s },"):format(quote(e.code), quote(err)))
    end
  end)
end

-- Every user-facing text of the core (core/status.c, its one list of
-- them) is shown by a described error, or the description says why not.
local function status_texts()
  local texts = {}
  local source = read("core/status.c")
  for body in source:gmatch("%[TT_[%w_]+%]%s*=%s*(.-),%s*\n") do
    local parts = {}
    for piece in body:gmatch('"(.-)"') do parts[#parts + 1] = piece end
    texts[#texts + 1] = table.concat(parts)
  end
  return texts
end

local function check_statuses(report, api)
  local shown = {}
  each_error(api, function(e) shown[#shown + 1] = e.message end)
  local all = table.concat(shown, "\n")
  local unshown, texts = set(api.unshown, "name"), {}
  for _, t in ipairs(status_texts()) do
    texts[t] = true
    if not all:find(t, 1, true) and not unshown[t] then
      diff(report, "basics", "core/status.c texts", "in no described error: add an error that shows it",
        ("%s  (or { name = %s, doc = \"why no script sees it\" } in unshown)"):format(quote(t), quote(t)))
    end
  end
  for _, u in ipairs(api.unshown) do
    if not texts[u.name] then
      diff(report, u.part, "unshown", "not in core/status.c: remove", quote(u.name))
    end
  end
end

---------------------------------------------------------------- events

local function check_events(report, api)
  local _, err = run("w:on('__probe', function() end)")
  local bound = {}
  for _, name in ipairs(expected_list(err) or {}) do bound[name] = true end
  compare_names(report, "events", "events", bound, set(api.events, "name"), function(name)
    return ("{ name = %q, doc = \"TODO\", fields = {} },"):format(name)
  end)
end

---------------------------------------------------------------- command line

-- The sources that parse the command line, and what they name: options
-- ("--name") and commands (argv[1] compared with a word) in C; the options
-- of a command written in Lua (a == "--name").
contract.cli_sources = { "lua/main.c" }
contract.cli_lua = { experiment = "scripts/experiment.lua", export = "scripts/export.lua" }


local function check_cli(report, api)
  local options, commands = {}, {}
  for _, path in ipairs(contract.cli_sources) do
    local text = read(path)
    for name in text:gmatch('"(%-%-[%w%-]+)"') do options[name] = true end
    for name in text:gmatch('strcmp%(argv%[1%], "([%w%-]+)"%)') do commands[name] = true end
  end
  local cli = api.cli or {}
  local stub = function(name)
    return ("o(%q, \"TODO: ARG or nil\", \"TODO\"),"):format(name)
  end
  compare_names(report, "cli", "command line options", options, set(cli.options, "name"), stub)
  local lists = { experiment = cli.experiment }
  for _, c in ipairs(cli.commands or {}) do lists[c.name] = c.options end
  for _, name in ipairs(sorted_keys(contract.cli_lua)) do
    local found = {}
    for o in read(contract.cli_lua[name]):gmatch('a == "(%-%-[%w%-]+)"') do found[o] = true end
    compare_names(report, "cli", name .. " options", found, set(lists[name], "name"), stub)
  end
  compare_names(report, "cli", "command line commands", commands, set(cli.commands, "name"), function(name)
    return ("{ name = %q, args = \"TODO\", doc = \"TODO\" },"):format(name)
  end)
end

---------------------------------------------------------------- keys

-- taut's own keys: the labelled lines of lua/keys.c's table
-- ({"p", 0, TT_KEY_PAUSE, "P", "pause", 1, 0}: key, ctrl, action, label,
-- HUD word, in the HUD, replayed), each described in keys.lua with its
-- label, its HUD word and whether it is replayed.
contract.keys_source = "lua/keys.c"

local function bound_keys()
  local keys = {}
  local pattern = '{"[^"]+", %d, TT_KEY_[%w_]+, "([^"]+)", "([^"]+)", %d, (%d)}'
  for label, word, replayed in read(contract.keys_source):gmatch(pattern) do
    keys[label] = { hud = word, replayed = replayed == "1" }
  end
  return keys
end

local function key_stub(label, k)
  return ("{ key = %q, hud = %q,%s doc = \"TODO\" },"):format(label, k.hud,
    k.replayed and " replayed = true," or "")
end

local function check_keys_table(report, api)
  local bound, described = bound_keys(), {}
  for _, k in ipairs(api.keys) do
    if k.hud then described[k.key] = k end
  end
  compare_names(report, "keys", contract.keys_source .. " keys", bound, described, key_stub)
  for _, label in ipairs(sorted_keys(bound)) do
    local k, d = bound[label], described[label]
    if d and (d.hud ~= k.hud or (d.replayed or false) ~= k.replayed) then
      diff(report, "keys", contract.keys_source .. " keys", "differs: set", key_stub(label, k))
    end
  end
end

---------------------------------------------------------------- report

function contract.check(api)
  local report = {}
  kept = {}
  check_classes(report, api)
  check_modules(report, api)
  check_options(report, api)
  check_errors(report, api)
  check_statuses(report, api)
  check_events(report, api)
  check_cli(report, api)
  check_keys_table(report, api)
  kept = {}
  return report
end

-- The differences grouped by file and place, each group a block to paste
-- (or a list of names to remove).
function contract.format(report)
  local groups, order = {}, {}
  for _, d in ipairs(report) do
    local key = part_file(d.part) .. ": " .. d.where .. ": " .. d.verb
    if not groups[key] then groups[key] = {}; order[#order + 1] = key end
    table.insert(groups[key], d.line)
  end
  local out = { ("api contract: %d difference(s) between scripts/taut_api and the bindings"):format(#report) }
  for _, key in ipairs(order) do
    out[#out + 1] = key
    for _, line in ipairs(groups[key]) do
      out[#out + 1] = "    " .. line:gsub("\n", "\n    ")
    end
  end
  return table.concat(out, "\n")
end

return setmetatable(contract, { __call = function(_, api) return contract.check(api) end })
