-- What the description generates is what the tree holds (make docs wrote
-- it last): types/taut.lua, docs/API.md, taut.1, lua/usage.h (the --help
-- text, compiled into taut), .luacheckrc and the annotations in scripts/.
package.path = "tools/?.lua;" .. package.path
local test = require "test"
local api = require "taut_api"
local render = require "api.render"
local usage = require "api.usage"

-- The first line where two texts part, for the failure message.
local function first_difference(a, b)
  local n = 1
  local la, lb = a:gmatch("([^\n]*)\n?"), b:gmatch("([^\n]*)\n?")
  while true do
    local x, y = la(), lb()
    if x ~= y then return n, x, y end
    if not x then return nil end
    n = n + 1
  end
end

test("every generated file is current (else: make docs)", function()
  local stale = {}
  for _, file in ipairs(render(api)) do
    local path, text = file[1], file[2]
    local on_disk = test.read(path) or ""
    if on_disk ~= text then
      local line, has, wants = first_difference(on_disk, text)
      stale[#stale + 1] = ("%s:%d has\n      %s\n    make docs writes\n      %s"):format(path, line,
        tostring(has), tostring(wants))
    end
  end
  if #stale > 0 then error("stale (run make docs):\n    " .. table.concat(stale, "\n    "), 0) end
end)

test("taut --help prints the text the description gives", function()
  local status, out = test.taut("--help")
  test.eq(status, 0)
  test.eq(out, usage.text(api))
  test.ok(out:find("  --frames N         run N fixed steps", 1, true), out)
  test.ok(out:find("  export             write the scene's tune values", 1, true), out)
end)

test("the man page names every option and command of the description", function()
  local page = test.read("taut.1")
  for _, o in ipairs(api.cli.options) do
    test.ok(page:find((o.name:gsub("%-", "\\-")), 1, true), o.name)
  end
  for _, c in ipairs(api.cli.commands) do test.ok(page:find(".B " .. c.name, 1, true), c.name) end
  test.ok(page:find('.TH TAUT 1 "" "taut ' .. require("taut").version .. '"', 1, true), "the version")
end)

test("docs/API.md has a section for every object, callback, event and key", function()
  local doc = test.read("docs/API.md")
  for _, c in ipairs(api.classes) do
    local id = c.module and c.module .. "-object" or c.type:lower():gsub("[^%w]+", "-")
    test.ok(doc:find(('<a id="%s"></a>'):format(id), 1, true), c.name)
  end
  for _, c in ipairs(api.callbacks) do test.ok(doc:find("`scene." .. c.name .. "(", 1, true), c.name) end
  for _, e in ipairs(api.events) do test.ok(doc:find("| `" .. e.name .. "` |", 1, true), e.name) end
  for _, k in ipairs(api.keys) do test.ok(doc:find("| " .. k.key .. " |", 1, true), k.key) end
  test.ok(doc:find("| `reel_speed` | `number` | m/s | `6` | reeling in |", 1, true), "grapple's options")
end)

test("the README links the reference", function()
  test.ok(test.read("README.md"):find("(docs/API.md)", 1, true))
end)

-- docs/shots run into a fresh folder: the names of the pictures it drew.
local function draw_shots(dir)
  local status, out = test.command({ "docs/shots", require("taut").executable, dir })
  test.eq(status, 0, out)
  local drawn = {}
  for name in out:gmatch("/([%w_]+)%.png\n") do drawn[#drawn + 1] = name end
  return drawn
end

test("docs/shots draws the pictures byte for byte as committed (make docs leaves them alone)", function()
  local dir = test.tmpname("-shots")
  assert(os.execute("mkdir " .. dir))
  local drawn = draw_shots(dir)
  test.ok(#drawn >= 11, "pictures drawn: " .. #drawn)
  local stale = {}
  for _, name in ipairs(drawn) do
    local now, committed = test.read(dir .. "/" .. name .. ".png"), test.read("docs/img/" .. name .. ".png")
    if not now or now ~= committed then stale[#stale + 1] = name end
    os.remove(dir .. "/" .. name .. ".png")
  end
  os.remove(dir)
  test.eq(table.concat(stale, " "), "", "docs/img pictures not as docs/shots draws them (run make docs)")
end)

test("the topic pages' pictures are drawn by docs/shots and their links lead somewhere", function()
  local shots = test.read("docs/shots")
  local api_md = test.read("docs/API.md")
  local p = io.popen("ls docs/*.md")
  local pages = 0
  for page in p:lines() do
    pages = pages + 1
    local text = test.read(page)
    for img in text:gmatch("%]%(img/([%w_]+)%.png%)") do
      test.ok(io.open("docs/img/" .. img .. ".png"), page .. ": docs/img/" .. img .. ".png is missing")
      test.ok(shots:find("$out/" .. img, 1, true) or shots:find("shot " .. img .. " ", 1, true),
        page .. ": docs/shots does not draw " .. img)
    end
    for file, id in text:gmatch("%]%(([%w_]+%.md)#?([%w%-]*)%)") do
      test.ok(io.open("docs/" .. file), page .. " links docs/" .. file .. ", which is missing")
      if file == "API.md" and id ~= "" then
        test.ok(api_md:find(('<a id="%s"></a>'):format(id), 1, true),
          page .. " links API.md#" .. id .. ", which is not there")
      end
    end
  end
  p:close()
  test.ok(pages >= 11, "the topic pages: " .. pages)
end)
