-- The scene browser: `taut` with no scene or a folder lists its scenes with
-- their titles and thumbnails (cached), and recorded input chooses one.
local taut = require "taut"
local test = require "test"

local function quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

-- Run taut with a cache folder of its own: status and output.
local function taut_cached(cache, ...)
  local words = { "XDG_CACHE_HOME=" .. quote(cache), quote(taut.executable) }
  for _, a in ipairs({ ... }) do words[#words + 1] = quote(a) end
  local pipe = io.popen(table.concat(words, " ") .. " 2>&1")
  local out = pipe:read("a")
  local _, _, status = pipe:close()
  return status, out
end

local function examples()
  local list = {}
  for path in io.popen("ls examples/*.lua"):lines() do
    list[#list + 1] = { file = path:match("[^/]+$"), title = dofile(path).title }
  end
  return list
end

local function new_cache()
  local dir = test.tmpname("")
  os.execute("mkdir -p " .. quote(dir))
  return dir
end

local function thumbnails(cache)
  local list = {}
  for f in io.popen("ls " .. quote(cache .. "/taut/thumbnails") .. " 2>/dev/null"):lines() do
    list[#list + 1] = cache .. "/taut/thumbnails/" .. f
  end
  return list
end

test("the picker lists every example with its title, and draws each a cached thumbnail", function()
  local cache, png = new_cache(), test.tmpname(".png")
  local status, out = taut_cached(cache, "--headless", "--screenshot", png)
  test.eq(status, 0, out)
  local want = examples()
  test.ok(out:find(("taut: %d scenes in [^\n]*/examples\n"):format(#want)), out)
  for _, e in ipairs(want) do
    test.ok(out:find(("\n  %-20s %s\n"):format(e.file, e.title), 1, true),
      e.file .. " listed as '" .. e.title .. "': " .. out)
  end
  local thumbs = thumbnails(cache)
  test.eq(#thumbs, #want, "a thumbnail per scene")
  local img = taut.image(thumbs[1])
  test.eq(img.width .. "x" .. img.height, "320x180")
  test.ok(img:differing(0, 0, 320, 180, 24, 26, 32) > 200, "the thumbnail shows its scene")
  -- a second run draws none again: the cached files are kept as they are
  local before = io.popen("ls -l --time-style=+%s%N " .. quote(cache .. "/taut/thumbnails")):read("a")
  status, out = taut_cached(cache, "--headless", "examples/")
  test.eq(status, 0, out)
  test.eq(io.popen("ls -l --time-style=+%s%N " .. quote(cache .. "/taut/thumbnails")):read("a"),
    before, "thumbnails reused from the cache")
  local pick = taut.image(png)
  test.eq(pick.width .. "x" .. pick.height, "1280x720")
  os.execute("rm -rf " .. quote(cache)); os.remove(png)
end)

test("recorded input chooses a scene in the picker and runs it", function()
  local cache = new_cache()
  local want = examples()
  -- picker frames 0 and 1: Right, Right (the third card), frame 2: Enter
  local inputs = test.write("0 1 0 0 0 0x0p+0 0x0p+0 0 0 right\n1 1 0 0 0 0x0p+0 0x0p+0 0 0 right\n"
    .. "2 1 0 0 0 0x0p+0 0x0p+0 0 0 return\n", ".txt")
  local status, out = taut_cached(cache, "--headless", "--frames", "30", "--replay", inputs,
    "examples")
  test.eq(status, 0, out)
  local chosen = want[3].file
  test.ok(out:find("taut: open [^\n]*examples/" .. chosen:gsub("%.", "%%.")), out)
  local hash = out:match("world hash (%x+) after 30 steps")
  test.ok(hash, out)
  local empty = test.write("", ".txt")
  local s2, direct = test.taut("--headless", "--frames", "30", "--replay", empty,
    "examples/" .. chosen)
  test.eq(s2, 0, direct)
  test.eq(hash, direct:match("world hash (%x+) after 30 steps"),
    chosen .. " run from the picker as on its own")
  os.remove(inputs); os.remove(empty); os.execute("rm -rf " .. quote(cache))
end)

test("Backspace in a scene opened from the picker comes back to it", function()
  local cache = new_cache()
  -- Enter at picker frame 0 opens the first scene; Backspace before its
  -- step 5 returns; Right and Enter at picker frames 1 and 2 open the second
  local inputs = test.write(table.concat({
    "0 1 0 0 0 0x0p+0 0x0p+0 0 0 return",
    "5 1 0 0 0 0x0p+0 0x0p+0 0 0 backspace",
    "1 1 0 0 0 0x0p+0 0x0p+0 0 0 right",
    "2 1 0 0 0 0x0p+0 0x0p+0 0 0 return", "" }, "\n"), ".txt")
  local status, out = taut_cached(cache, "--headless", "--frames", "20", "--replay", inputs,
    "examples")
  test.eq(status, 0, out)
  local want = examples()
  local first, second = out:find("open [^\n]*" .. want[1].file, 1), out:find("open [^\n]*" .. want[2].file, 1)
  test.ok(first and second and first < second, out)
  test.ok(out:find("after 5 steps", 1, true), "the first scene left at step 5: " .. out)
  test.ok(out:find("after 20 steps", 1, true), "the second ran its 20: " .. out)
  os.remove(inputs); os.execute("rm -rf " .. quote(cache))
end)

test("a folder without scenes says so; experiments are not listed", function()
  local cache = new_cache()
  local status, out = taut_cached(cache, "--headless", "examples/experiments")
  test.eq(status, 0, out)
  test.ok(out:find("taut: 0 scenes in examples/experiments\n", 1, true), out)
  os.execute("rm -rf " .. quote(cache))
end)
