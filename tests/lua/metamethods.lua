-- Metamethods and methods called directly with a wrong self (issue 20).
-- debug.getmetatable reaches the real metatables, so every function in
-- them, and every method, must check its first argument: each call below
-- is a Lua error naming the expected type and the one given, never a read
-- of memory that is not an object of the kind (run under SAN=1 too).
-- Scripts without debug cannot reach them at all: getmetatable gives the
-- name.
local taut = require "taut"
local test = require "test"

-- Every userdata type taut registers, by metatable name.
local names = { "world", "particle", "spring", "rope", "wind", "collider",
  "cutter", "graphics", "image", "canvas", "runtime", "mesh", "texture", "frame",
  "buffer", "softbody", "angle", "grab", "chain", "cloth", "binding" }

local function make_objects()
  local w = taut.world{}
  local p = w:particle{ position = {0, 0}, pinned = true }
  local q = w:particle{ position = {1, 0} }
  local o = {
    world = w, particle = p, spring = w:spring{ a = p, b = q },
    rope = w:rope{ from = {2, 0}, to = {2, -1}, segments = 2 },
    wind = w:wind{ kind = "uniform", direction = {1, 0} },
    collider = w:collider{ shape = "circle", center = {0, -3}, radius = 1 },
    cutter = w:cutter{ position = {5, 5} },
    image = taut.image("examples/rope.png"),
    canvas = taut.canvas{ width = 16, height = 16 },
    runtime = taut.runtime("examples/rope.lua"),
    mesh = taut.mesh{ vertices = {{0, 0}, {1, 0}, {0, 1}}, triangles = {{1, 2, 3}} },
    texture = taut.texture("examples/rope.png"),
    frame = taut.world{ is_3d = true }:frame{ position = {0, 1, 0} },
    buffer = taut.buffer(4),
    softbody = w:softbody{ ring = {center = {0, 5}, radius = 1, segments = 8} },
    angle = w:angle{ a = p, b = q, c = w:particle{ position = {2, 1} } },
    grab = w:grab{ particle = q },
    cloth = w:cloth{ grid = {2, 2} },
    binding = w:cloth{ grid = {2, 2} }:bind(taut.mesh{ vertices = {{0, 0}, {1, 0}, {0, -1}},
                                                      triangles = {{1, 2, 3}} }),
  }
  o.chain = w:chain{ root = o.collider, segments = 3 }
  return o
end

local objects = make_objects()

-- What each type's wrong selves are: plain values, Lua's own userdata,
-- a table wearing the type's metatable, and every other taut object.
local function wrong_selves(name)
  local selves = { { value = nil, got = "nil" } }
  local plain = { false, 0, 2.5, "x", {}, print, function() end,
    coroutine.create(function() end) }
  for _, v in ipairs(plain) do selves[#selves + 1] = { value = v, got = type(v) } end
  selves[#selves + 1] = { value = io.stdout, got = "FILE*" }
  selves[#selves + 1] = { value = setmetatable({}, debug.getregistry()[name]),
    got = "table" }
  for _, other in ipairs(names) do
    if other ~= name and objects[other] then
      selves[#selves + 1] = { value = objects[other], got = other }
    end
  end
  return selves
end

-- The methods table behind __index: a table, or the class closure's
-- first upvalue.
local function methods_of(mt)
  if type(mt.__index) == "table" then return mt.__index end
  if type(mt.__index) == "function" then
    local _, methods = debug.getupvalue(mt.__index, 1)
    if type(methods) == "table" then return methods end
  end
  return {}
end

-- Every function reachable from the metatable: its fields and methods.
local function functions_of(mt)
  local fns = {}
  local function add(from)
    for k, v in pairs(from) do
      if type(v) == "function" then fns[#fns + 1] = { name = k, fn = v } end
    end
  end
  add(mt)
  add(methods_of(mt))
  return fns
end

-- The keys and values each function is tried with after its self.
local extras = { {}, { "position" }, { "length", 1 }, { "x", {} }, { 1, 2, 3 },
  { "nope", "nope" } }

test("getmetatable gives the type's name, never its metatable", function()
  for _, name in ipairs(names) do
    local obj = objects[name]
    if obj then test.eq(getmetatable(obj), name) end
    local mt = debug.getregistry()[name]
    test.eq(type(mt), "table", name)
    test.eq(mt.__metatable, name)
    test.eq(mt.__index == mt, false, name .. ": __index is not the metatable")
  end
  test.eq(objects.canvas.__index, nil, "a box's methods hold no metamethods")
  test.eq(objects.canvas.__gc, nil)
end)

test("the list of types is complete", function()
  local known = { ["FILE*"] = true, ["_UBOX*"] = true }  -- Lua's own
  for _, name in ipairs(names) do known[name] = true end
  for key, value in pairs(debug.getregistry()) do
    if type(key) == "string" and type(value) == "table" and value.__name == key then
      test.ok(known[key], "a taut type the fuzz does not know: " .. key)
    end
  end
end)

test("every metamethod and method refuses every wrong self", function()
  local calls = 0
  for _, name in ipairs(names) do
    local mt = debug.getregistry()[name]
    local methods = methods_of(mt)
    for _, f in ipairs(functions_of(mt)) do
      for _, self in ipairs(wrong_selves(name)) do
        for _, extra in ipairs(extras) do
          local ok, message = pcall(f.fn, self.value, table.unpack(extra))
          calls = calls + 1
          local what = ("%s.%s(%s)"):format(name, f.name, self.got)
          local method = f.name == "__index" and methods[extra[1]]
          if method then
            -- a class's __index hands out a method without a look at
            -- self (a loop over objects pays for the check once, in the
            -- method): the method read nothing, and refuses this self
            -- when called (its own rows here)
            test.eq(message, method, what)
          else
            test.eq(ok, false, what)
            local expected = ("(%s expected, got %s)"):format(name, self.got)
            test.ok(tostring(message):find(expected, 1, true), what .. ": " .. tostring(message))
          end
        end
      end
    end
  end
  test.ok(calls > 3000, calls .. " calls")
  print(("note metamethods.lua: %d direct calls with a wrong self"):format(calls))
end)

test("a metamethod's error names it, its type and what it got", function()
  local p, w = objects.particle, objects.world
  local pm = debug.getmetatable(p)
  test.error(function() return pm.__index(nil, "position") end,
    "bad argument #1 to '__index' (particle expected, got nil)")
  test.error(function() return pm.__index(w, "position") end,
    "bad argument #1 to '__index' (particle expected, got world)")
  test.error(function() pm.__newindex({}, "mass", 1) end,
    "bad argument #1 to '__newindex' (particle expected, got table)")
  test.error(function() return pm.__tostring({}) end,
    "bad argument #1 to '__tostring' (particle expected, got table)")
  test.error(function() return pm.__eq("a", "b") end,
    "bad argument #1 to '__eq' (particle expected, got string)")
  test.error(function() debug.getmetatable(w).__gc("x") end,
    "bad argument #1 to '__gc' (world expected, got string)")
  test.error(function() return debug.getmetatable(objects.rope).__len(p) end,
    "bad argument #1 to '__len' (rope expected, got particle)")
  test.error(function() debug.getmetatable(objects.image).__gc(p) end,
    "bad argument #1 to '__gc' (image expected, got particle)")
  test.error(function() debug.getmetatable(objects.canvas).__gc(objects.runtime) end,
    "bad argument #1 to '__gc' (canvas expected, got runtime)")
end)

test("__eq with one object of the class compares, the other may be anything", function()
  local p, s = objects.particle, objects.spring
  local eq = debug.getmetatable(p).__eq
  test.eq(eq(p, p), true)
  test.eq(eq(p, s), false)
  test.eq(eq(s, p), false)
  test.eq(eq(p, io.stdout), false)
  test.eq(p == s, false)
  test.eq(p == objects.image, false)
  test.eq(objects.image == p, false)
end)

test("a collected or closed object is an error on use", function()
  local o = make_objects()
  local p = o.particle
  debug.getmetatable(o.world).__gc(o.world)
  test.error(function() o.world:step() end, "calling 'step' on bad self (world was destroyed)")
  test.error(function() return p.position end, "cannot read 'position' (particle was destroyed)")
  debug.getmetatable(o.world).__gc(o.world)          -- a second time does nothing
  local img, pixel = o.image, o.image.pixel
  debug.getmetatable(img).__gc(img)
  test.error(function() return img.width end, "cannot read 'width' (image was collected)")
  test.error(function() local r = pixel(img, 0, 0) return r end,
    "bad argument #1 to 'pixel' (image was collected)")
  debug.getmetatable(o.canvas).__gc(o.canvas)
  test.error(function() o.canvas:line(0, 0, 1, 1) end, "calling 'line' on bad self (canvas was closed)")
  debug.getmetatable(o.runtime).__gc(o.runtime)
  test.error(function() o.runtime:step() end, "calling 'step' on bad self (runtime was closed)")
  debug.getmetatable(o.mesh).__gc(o.mesh)
  test.error(function() return o.mesh.vertex_count end, "cannot read 'vertex_count' (mesh was closed)")
  test.error(function() return #o.mesh end, "cannot read '#' (mesh was closed)")
  test.error(function() return #o.rope end, "cannot read '#' (rope was destroyed)")
  debug.getmetatable(o.texture).__gc(o.texture)
  test.error(function() return o.texture.width end, "cannot read 'width' (texture was closed)")
end)

-- The draw list reads a mesh after scene.draw returns: one its script
-- closed in between is not drawn (it was freed), never read.
test("a mesh closed after it was drawn is skipped, not read", function()
  local function red_pixels(close)
    local scene = test.write(([[
local taut = require "taut"
local scene = { view = { {-1, -1}, {2, 2} } }
function scene.load() scene.m = taut.mesh{ vertices = {{0, 0}, {1, 0}, {0, 1}}, triangles = {{1, 2, 3}} } end
function scene.draw(g)
  g:color(1, 0, 0)
  g:mesh(scene.m)
  if %s then debug.getmetatable(scene.m).__gc(scene.m) end
end
return scene
]]):format(tostring(close)), ".lua")
    local shot = test.tmpname(".png")
    local status, out = test.taut("--headless", "--trust", "--frames", "2", "--screenshot", shot, scene)
    os.remove(scene)
    test.eq(status, 0, out)
    local img = taut.image(shot)
    os.remove(shot)
    local red = 0
    for y = 0, img.height - 1, 2 do
      for x = 0, img.width - 1, 2 do
        local r, g, b = img:pixel(x, y)
        if r > 200 and g < 60 and b < 60 then red = red + 1 end
      end
    end
    return red
  end
  test.ok(red_pixels(false) > 1000, "the mesh is drawn")
  test.eq(red_pixels(true), 0, "the closed mesh is not")
end)

-- A finalizer runs after the objects it reaches were finalized when they
-- die together (Lua finalizes in the reverse order of marking): the image
-- made after the table is freed first, and the table's finalizer then
-- uses it.
test("a finalizer reaching an image collected before it gets an error", function()
  local seen
  do
    local holder = setmetatable({}, { __gc = function(t)
      seen = select(2, pcall(function() return t.img:pixel(0, 0) end))
    end })
    holder.img = taut.image("examples/rope.png")
  end
  collectgarbage()
  collectgarbage()
  test.ok(seen, "the finalizer ran")
  test.eq(tostring(seen):gsub("^[^:]+:%d+: ", ""), "cannot read 'pixel' (image was collected)")
end)
