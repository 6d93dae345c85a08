-- Every shipped example, edited the way a user edits a callback body while
-- it runs: a comment (same), a respelt constant (same value, another token:
-- a swap), a real constant change in draw, a new local; saved by each of
-- the editors' sequences in turn. The world after 60 steps must be the one
-- a run that never reloaded reaches, and no callback may fail.
local taut = require "taut"
local test = require "test"

local examples = test.examples()

-- The callbacks the file defines as `function scene.name(`, but load.
local function callbacks(text)
  local names = {}
  for name in text:gmatch("\nfunction scene[.:]([%w_]+)%(") do
    if name ~= "load" then names[#names + 1] = name end
  end
  return names
end

-- Byte range of callback name's body: after its header line, up to the
-- `end` that closes it at the start of a line.
local function body(text, name)
  local s = select(2, text:find("\nfunction scene[.:]" .. name .. "%([^\n]*\n"))
  local e = text:find("\nend\n", s, true)
  return s + 1, e
end

-- The first number literal of the body respelt with the same value: an
-- integer in hex, a decimal with one more trailing zero.
local function respell(text, name)
  local s, e = body(text, name)
  local chunk = text:sub(s, e)
  local at, lit = chunk:match("()[^%w_.](%d+%.?%d*)[^%w_.x]")
  if not at then return nil end
  at = s + at  -- first byte of the literal
  local new = lit:find(".", 1, true) and lit .. "0" or ("0x%x"):format(tonumber(lit))
  return text:sub(1, at - 1) .. new .. text:sub(at + #lit)
end

local function insert(text, name, line)
  local s = body(text, name)
  return text:sub(1, s - 1) .. line .. "\n" .. text:sub(s)
end

-- A real change of a constant where the world cannot see it: the first
-- colour of draw.
local function recolour(text)
  local s, e = text:find("g:color%(%d[%d.]*")
  if not s then return nil end
  return text:sub(1, s - 1) .. "g:color(0.25" .. text:sub(e + 1)
end

local function edits(text)
  local list = {}
  for _, name in ipairs(callbacks(text)) do
    list[#list + 1] = { name .. ": a comment", insert(text, name, "  -- tried a thing here"), "same" }
    list[#list + 1] = { name .. ": a new local", insert(text, name, "  local edited = 1"), "swap" }
    local respelt = respell(text, name)
    if respelt then list[#list + 1] = { name .. ": a respelt constant", respelt, "swap" } end
  end
  local coloured = recolour(text)
  if coloured then list[#list + 1] = { "draw: a changed colour", coloured, "swap" } end
  return list
end

-- Editors' save sequences, done by this process one after the other.
local SAVES = {
  { "in place", function(path, text) test.save(path, text) end },
  { "temp file + rename", function(path, text)
    test.save(path .. ".swp", text)
    assert(os.rename(path .. ".swp", path))
  end },
  { "truncate, then write", function(path, text)
    assert(io.open(path, "wb")):close()
    test.save(path, text)
  end },
  { "delete, then write again", function(path, text)
    assert(os.remove(path))
    test.save(path, text)
  end },
}

for _, example in ipairs(examples) do
  local original = test.read("examples/" .. example .. ".lua")
  local plain = taut.runtime("examples/" .. example .. ".lua")
  plain:step(60)
  local expected = plain:world():hash()
  plain:close()
  for i, e in ipairs(edits(original)) do
    local save = SAVES[(i - 1) % #SAVES + 1]
    test(("%s.lua, %s (%s): %s, the world as if never reloaded"):format(example, e[1], save[1], e[3]), function()
      local path, dir = test.copy_example(example, original)
      local rt = taut.runtime(path)
      test.eq(rt:error(), nil)
      rt:step(20)
      save[2](path, e[2])
      test.eq(rt:poll(), e[3], rt:error())
      test.eq(rt:step(40), true, rt:error())
      test.eq(rt:error(), nil)
      test.eq(rt:world():hash(), expected, "hash after 60 steps")
      -- and the edit undone is a swap (or same) back, still running
      save[2](path, original)
      test.eq(rt:poll(), e[3])
      test.eq(rt:step(10), true, rt:error())
      rt:close()
      os.execute(("rm -r '%s'"):format(dir))
    end)
  end
end
