-- The window's layout: the HUD and the panel docked, the scene framed in
-- the space they leave, text scaled with the window, --hud. Every example
-- (examples/*.lua, whatever is there) at three sizes.
local taut = require "taut"
local test = require "test"

local SIZES = { "640x480", "1280x720", "1920x1080" }
local SCALE = { ["640x480"] = 1, ["1280x720"] = 2, ["1920x1080"] = 3 }
local BACKGROUND = { 24, 26, 32 }

local function examples()
  local list = {}
  for path in io.popen("ls examples/*.lua"):lines() do list[#list + 1] = path end
  return list
end

-- The rectangles --layout wrote: scene, hud, text, panel {x, y, w, h},
-- and the text scale.
local function read_layout(path)
  local layout = {}
  for line in io.lines(path) do
    local name, rest = line:match("^(%a+) (.*)$")
    local v = {}
    for n in rest:gmatch("%S+") do v[#v + 1] = tonumber(n) end
    layout[name] = #v == 4 and { x = v[1], y = v[2], w = v[3], h = v[4] } or v[1]
  end
  return layout
end

-- Run a scene headless with --layout and --screenshot: layout, image.
local function shot(scene, size, hud, frames)
  local png, layout = test.tmpname(".png"), test.tmpname(".txt")
  local status, out = test.taut("--headless", "--size", size, "--hud", hud, "--frames",
    tostring(frames), "--layout", layout, "--screenshot", png, scene)
  test.eq(status, 0, scene .. ": " .. out)
  local result, img = read_layout(layout), taut.image(png)
  os.remove(png); os.remove(layout)
  return result, img
end

test("no scene pixel lies under the HUD or the panel, in every example at every size", function()
  test.ok(#examples() >= 6, "the examples are found")
  for _, scene in ipairs(examples()) do
    for _, size in ipairs(SIZES) do
      -- blank: the docks are laid out as with the HUD on, but left empty,
      -- so whatever is in them the scene drew
      local layout, img = shot(scene, size, "blank", 60)
      local where = ("%s at %s"):format(scene, size)
      test.ok(layout.hud.h > 0 and layout.panel.w > 0, where .. ": both docks laid out")
      for _, dock in ipairs({ "hud", "panel" }) do
        local r = layout[dock]
        local n, x, y = img:differing(r.x, r.y, r.w, r.h, table.unpack(BACKGROUND))
        test.eq(n, 0, ("%s: scene pixels under the %s, the first at (%s, %s)"):format(
          where, dock, x, y))
      end
      local s = layout.scene
      test.ok(img:differing(s.x, s.y, s.w, s.h, table.unpack(BACKGROUND)) > 500,
        where .. ": the scene is drawn in its area")
    end
  end
end)

test("the HUD's text fits its strip at every size, and the docks tile the window", function()
  for _, scene in ipairs(examples()) do
    for _, size in ipairs(SIZES) do
      local layout, img = shot(scene, size, "on", 0)
      local where = ("%s at %s"):format(scene, size)
      local w, h = size:match("(%d+)x(%d+)")
      w, h = tonumber(w), tonumber(h)
      local hud, text, panel, area = layout.hud, layout.text, layout.panel, layout.scene
      test.eq(layout.scale, SCALE[size], where .. ": text scale")
      test.eq(hud.w, w, where .. ": the HUD spans the window")
      test.ok(text.x >= hud.x and text.x + text.w <= hud.x + hud.w - 2 * layout.scale,
        ("%s: text x %g..%g inside the strip 0..%g"):format(where, text.x, text.x + text.w, hud.w))
      test.ok(text.y + text.h <= hud.y + hud.h, where .. ": text inside the strip's height")
      test.ok(hud.h <= h / 4, ("%s: the HUD takes %g of %d px"):format(where, hud.h, h))
      test.eq(panel.y, hud.h, where .. ": the panel starts under the HUD")
      test.eq(panel.x + panel.w, w, where .. ": the panel at the right edge")
      test.eq(area.x + area.w, panel.x, where .. ": the scene ends where the panel starts")
      test.eq(area.y, hud.h, where .. ": the scene starts under the HUD")
      -- right of the text the strip is its backing alone: no line ran on
      local bx, by = hud.x + hud.w - 1, hud.y + 1
      local r, g, b = img:pixel(bx, by)
      local right = text.x + text.w + 1
      test.eq(img:differing(right, hud.y, hud.w - right, hud.h - 1, r, g, b), 0,
        where .. ": nothing drawn right of the HUD's text")
    end
  end
end)

test("the camera frames scene.view in the space the docks leave", function()
  for _, size in ipairs(SIZES) do
    local layout, img = shot("examples/rope.lua", size, "on", 0)
    local a = layout.scene
    -- rope.lua frames {-7, -7.5}..{7, 1.5} (centre (0, -3)) with a 1.2 margin
    local s = math.min(a.w / (14 * 1.2), a.h / (9 * 1.2))
    local px, py = a.x + a.w / 2, a.y + a.h / 2 - 3 * s
    local r, g, b = img:pixel(math.floor(px), math.floor(py))
    test.eq(("%d,%d,%d"):format(r, g, b), "250,170,40", size .. ": the pin where the fit puts it")
    test.ok(py - 8 > a.y, size .. ": the pin below the HUD")
  end
end)

test("headless, the HUD is off unless --hud on asks for it", function()
  local layout = shot("examples/grapple.lua", "1280x720", "off", 0)
  test.eq(layout.hud.h, 0, "--hud off: no strip")
  test.eq(layout.panel.w, 0, "--hud off: no panel")
  test.eq(layout.scene.w .. "x" .. layout.scene.h, "1280x720", "the scene has the window")
  local path = test.tmpname(".txt")
  local status, out = test.taut("--headless", "--frames", "0", "--layout", path,
    "examples/grapple.lua")
  test.eq(status, 0, out)
  test.eq(read_layout(path).hud.h, 0, "off by default headless")
  os.remove(path)
end)

-- Rows the view gives items (two spaces apart) wrapped to width at scale.
local function rows(items, width, scale)
  local c = taut.canvas{ width = 16, height = 16 }
  local gap = c:text_size("  ", scale)
  local n, at = 1, 0
  for _, item in ipairs(items) do
    local w = c:text_size(item, scale)
    if at > 0 and at + gap + w > width then n, at = n + 1, w
    else at = at + (at > 0 and gap or 0) + w end
  end
  c:close()
  return n
end

test("a scene's controls are listed in the HUD, and it grows to fit them", function()
  local body = "scene.view = {{-1, -1}, {1, 1}}\nreturn scene\n"
  local bare = test.write("local scene = {}\n" .. body, ".lua")
  local many, items = {}, {}
  for i = 1, 12 do
    many[#many + 1] = ('{"key %d", "does thing number %d"}'):format(i, i)
    items[#items + 1] = ("key %d: does thing number %d"):format(i, i)
  end
  local listed = test.write("local scene = {}\nscene.controls = {" .. table.concat(many, ", ")
    .. "}\n" .. body, ".lua")
  local plain = shot(bare, "1280x720", "on", 0)
  local tall = shot(listed, "1280x720", "on", 0)
  local mouse = { "left: grab", "right: slash", "middle: pan", "wheel: zoom" }
  local with = table.move(mouse, 1, #mouse, #items + 1, table.move(items, 1, #items, 1, {}))
  local more = rows(with, 1280 - 16, 2) - rows(mouse, 1280 - 16, 2)
  test.ok(more >= 3, more .. " rows more")
  test.eq(tall.hud.h - plain.hud.h, more * 24, "the strip grew by the rows the controls take")
  os.remove(bare); os.remove(listed)
end)
