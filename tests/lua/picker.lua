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
  -- three cards of 320 px a row from x = 20, 20 px apart: a title too long
  -- for its card (hair.lua's) is cut, none runs past the third card
  local past = 0
  for y = 260, 300 do
    for x = 1024, 1279 do
      local r, g, b = pick:pixel(x, y)
      if r == 240 and g == 242 and b == 246 then past = past + 1 end
    end
  end
  test.eq(past, 0, "title pixels right of the cards")
  os.execute("rm -rf " .. quote(cache)); os.remove(png)
end)

-- A scene's recording as taut makes it, for nesting in a session.
local function scene_part(scene, entries, steps)
  local path = test.recorded(scene, entries, steps)
  local text = test.read(path)
  os.remove(path)
  return text
end

-- A picker session (lua/record.c): the picker's inputs and the recordings
-- of the scenes it opened, in order, then its end after frames.
local function session(parts, frames)
  local root = io.popen("pwd"):read("l")
  return test.write("taut recording 1\npicker examples\nroot " .. root .. "\n"
    .. table.concat(parts) .. "end " .. frames .. "\n", ".rec")
end

test("recorded input chooses a scene in the picker and runs it", function()
  local cache = new_cache()
  local want = examples()
  local chosen = want[3].file
  -- picker frames 0 and 1: Right, Right (the third card), frame 2: Enter
  local part = scene_part("examples/" .. chosen, "", 30)
  local rec = session({ test.key_at(0, "right"), test.key_at(1, "right"),
    test.key_at(2, "return"), part }, 3)
  local status, out = taut_cached(cache, "--headless", "--replay", rec, "examples")
  test.eq(status, 0, out)
  test.ok(out:find("taut: open [^\n]*examples/" .. chosen:gsub("%.", "%%.")), out)
  local hash = out:match("world hash (%x+) after 30 steps")
  test.ok(hash, out)
  local alone = test.write(part, ".rec")
  local s2, direct = test.taut("--headless", "--replay", alone, "examples/" .. chosen)
  test.eq(s2, 0, direct)
  test.eq(hash, direct:match("world hash (%x+) after 30 steps"),
    chosen .. " run from the picker as on its own")
  -- the session is the picker's: a scene's replay refuses it
  s2, direct = test.taut("--headless", "--replay", rec, "examples/" .. chosen)
  test.eq(s2, 1, direct)
  test.ok(direct:find(rec .. ":2: expected 'scene <file>': a picker session", 1, true), direct)
  os.remove(rec); os.remove(alone); os.execute("rm -rf " .. quote(cache))
end)

test("Backspace in a scene opened from the picker comes back to it", function()
  local cache = new_cache()
  local want = examples()
  -- Enter at picker frame 0 opens the first scene; Backspace before its
  -- step 6 returns; Right and Enter at picker frames 1 and 2 open the second
  local rec = session({ test.key_at(0, "return"),
    scene_part("examples/" .. want[1].file, test.key_at(5, "backspace"), 5),
    test.key_at(1, "right"), test.key_at(2, "return"),
    scene_part("examples/" .. want[2].file, "", 20) }, 3)
  local status, out = taut_cached(cache, "--headless", "--replay", rec, "examples")
  test.eq(status, 0, out)
  local first, second = out:find("open [^\n]*" .. want[1].file, 1), out:find("open [^\n]*" .. want[2].file, 1)
  test.ok(first and second and first < second, out)
  test.ok(out:find("after 5 steps", 1, true), "the first scene left at step 5: " .. out)
  test.ok(out:find("after 20 steps", 1, true), "the second ran its 20: " .. out)
  -- a session whose scene part is another scene's is refused, by line
  local wrong = session({ test.key_at(0, "return"),
    scene_part("examples/" .. want[2].file, "", 5) }, 1)
  status, out = taut_cached(cache, "--headless", "--replay", wrong, "examples")
  test.eq(status, 1, out)
  test.ok(out:find(wrong .. ":6: recorded with the scene " .. want[2].file .. ", not "
    .. want[1].file, 1, true), out)
  os.remove(rec); os.remove(wrong); os.execute("rm -rf " .. quote(cache))
end)

test("scrolled to the last row, the rows above it are not drawn over the header", function()
  local cache, png = new_cache(), test.tmpname(".png")
  local downs = {}
  for f = 0, 5 do downs[#downs + 1] = test.key_at(f, "down") end
  local rec = session(downs, 7)
  local status, out = taut_cached(cache, "--headless", "--replay", rec, "--screenshot", png, "examples")
  test.eq(status, 0, out)
  local img, card = taut.image(png), 0
  for y = 0, 75 do  -- the header's two lines; the first row starts at y = 80
    for x = 0, 1279, 2 do
      local r, g, b = img:pixel(x, y)
      if r == 36 and g == 39 and b == 47 then card = card + 1 end
    end
  end
  test.eq(card, 0, "card pixels in the header")
  test.ok(img:differing(20, 80, 320, 240, 24, 26, 32) > 1000, "a card in the first row drawn")
  os.remove(rec); os.remove(png); os.execute("rm -rf " .. quote(cache))
end)

test("a folder without scenes says so; experiments are not listed", function()
  local cache = new_cache()
  local status, out = taut_cached(cache, "--headless", "examples/experiments")
  test.eq(status, 0, out)
  test.ok(out:find("taut: 0 scenes in examples/experiments\n", 1, true), out)
  os.execute("rm -rf " .. quote(cache))
end)
