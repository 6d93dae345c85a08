-- taut_api.test: scripts/test.lua, the runner of `taut test`.
local function s(name, doc) return { name = name, type = "string", doc = doc } end
local entries = { name = "entries", type = "string[]|string", doc = "recording lines (test.key_at's, or lua/record.c's \"input ...\")" }
local msg = { name = "message", type = "string", optional = true, doc = "said before the failure" }

return {
  modules = {
    { name = "test",
      doc = "The Lua test runner of `taut test` and its assertions; every test runs even when one fails, and the last line is \"N passed, N failed\".",
      more = "Call the module to declare a test: `test(name, fn)`. Failures say what was expected and what came.",
      example = [[local taut = require "taut"
local test = require "test"
test("a dropped particle falls with g", function()
  local w = taut.world{}
  local p = w:particle{}
  w:step(60)
  test.near(p.velocity[2], -9.81, 1e-3)
end)]],
      call = { params = { s("name"), { name = "fn", type = "function" } } },
      functions = {
        { name = "ok", doc = "Fail unless value is true; returns it.", params = { { name = "value", type = "any" }, msg }, returns = { { type = "any" } } },
        { name = "eq", doc = "Fail unless actual == expected.", params = { { name = "actual", type = "any" }, { name = "expected", type = "any" }, msg } },
        { name = "near", doc = "Fail unless actual is a number within tolerance of expected.",
          params = { { name = "actual", type = "number" }, { name = "expected", type = "number" }, { name = "tolerance", type = "number" }, msg } },
        { name = "error", doc = "Fail unless fn raises exactly expected (without its \"file:line: \"); returns the whole message.",
          params = { { name = "fn", type = "function" }, s("expected") }, returns = { { type = "string" } } },
        { name = "command", doc = "Run a command (a list of words) through the shell, with NAME=value settings in front; its exit status and output (stdout and stderr).",
          params = { { name = "words", type = "string[]" }, { name = "env", type = "string[]", optional = true } },
          returns = { { name = "status", type = "integer" }, { name = "output", type = "string" } } },
        { name = "taut", doc = "Run the taut program with arguments; its exit status and output.",
          params = { { name = "...", type = "string" } },
          returns = { { name = "status", type = "integer" }, { name = "output", type = "string" } } },
        { name = "tmpname", doc = "A fresh temporary file name with the given ending.", params = { s("ending") }, returns = { { type = "string" } } },
        { name = "read", doc = "The whole of a file; nil when there is none.", params = { s("path") }, returns = { { type = "string|nil" } } },
        { name = "save", doc = "Write text over the file at path.", params = { s("path"), s("text") } },
        { name = "write", doc = "Write text to a fresh temporary file with the given ending; its name.", params = { s("text"), s("ending") }, returns = { { type = "string" } } },
        { name = "recording", doc = "A --replay recording made by hand: the scene's text and its modules' (paths from the root, as \"scripts/vec.lua\"), the entries (a list of lines, or lines in one string), the end after steps; its path.",
          params = { s("scene"), entries, { name = "steps", type = "integer" },
            { name = "modules", type = "string[]", optional = true } }, returns = { { type = "string" } } },
        { name = "recorded", doc = "The same on the start of a recording taut made of the scene (headless, no step), so it holds every module the scene reads.",
          params = { s("scene"), entries, { name = "steps", type = "integer" } }, returns = { { type = "string" } } },
        { name = "key_at", doc = "A recording's entry line: the key (LÖVE's name) pressed before step step, Ctrl held when ctrl.",
          params = { { name = "step", type = "integer" }, s("key"), { name = "ctrl", type = "boolean", optional = true } },
          returns = { { type = "string" } } },
        { name = "layout", doc = "Where taut lays out its window with the HUD on (--layout): run headless with the arguments given.",
          params = { { name = "...", type = "string" } }, returns = { { type = "test.layout" } } },
        { name = "slider_track", doc = "The tuning panel's row (1-based) in a layout: its track's left end, length and centre height (view/panel.c's geometry).",
          params = { { name = "layout", type = "test.layout" }, { name = "row", type = "integer" } },
          returns = { { name = "x", type = "number", unit = "px" }, { name = "length", type = "number", unit = "px" }, { name = "y", type = "number", unit = "px" } } },
        { name = "knob_at", doc = "The left edge of the knob (its first white pixel) on the panel's row in a screenshot; nil when none.",
          params = { { name = "img", type = "taut.image" }, { name = "layout", type = "test.layout" }, { name = "row", type = "integer" } },
          returns = { { type = "integer?", unit = "px" } } },
        { name = "examples", doc = "The names of the shipped scenes, examples/*.lua without \".lua\".", returns = { { type = "string[]" } } },
        { name = "copy_example", doc = "A copy of examples/NAME.lua with the given text in a fresh folder, with the images of examples/ beside it: its path and the folder, to remove when done.",
          params = { s("name"), s("text") }, returns = { { name = "path", type = "string" }, { name = "dir", type = "string" } } },
        { name = "shoot", doc = "Run a scene given as text headless at 1280x720 with a screenshot, the extra arguments before it: exit status, output and the screenshot (nil when none was saved).",
          params = { s("text"), { name = "...", type = "string" } },
          returns = { { name = "status", type = "integer" }, { name = "output", type = "string" }, { name = "image", type = "taut.image|nil" } } },
        { name = "replayed", doc = "The same, replaying inputs \"step kind button sx sy\" (kinds 3 press, 4 release, 5 move; pixels) as a recording of steps steps would hold them, with the modules the scene requires.",
          params = { s("text"), { name = "inputs", type = "string[]" }, { name = "steps", type = "integer" }, { name = "modules", type = "string[]", optional = true } },
          returns = { { name = "status", type = "integer" }, { name = "output", type = "string" }, { name = "image", type = "taut.image|nil" } } },
        { name = "start_x", doc = "An X server of the test's own (Xvfb, on a display no one uses): its name (\":N\") and pid, to kill when done.",
          returns = { { name = "display", type = "string" }, { name = "pid", type = "integer" } } },
        { name = "edit", doc = "text with the first from (plain text, which must be there) made to.", params = { s("text"), s("from"), s("to") }, returns = { { type = "string" } } },
        { name = "run", doc = "Run the test files; prints each result and the summary, returns the failures.",
          params = { { name = "files", type = "string[]" } }, returns = { { type = "integer" } } },
      } },
  },
  records = {
    { type = "test.layout", doc = "Where the last frame put things, in pixels from the top left (view/layout.c).",
      fields = {
        { name = "scene", type = "test.rect", doc = "what the camera frames" },
        { name = "hud", type = "test.rect", doc = "the HUD's strip across the top" },
        { name = "text", type = "test.rect", doc = "the HUD's text" },
        { name = "panel", type = "test.rect", doc = "the tuning panel at the right" },
        { name = "scale", type = "integer", doc = "the text scale (whole pixels)" },
      } },
    { type = "test.rect", doc = "A rectangle in pixels.",
      fields = { { name = "x", type = "number" }, { name = "y", type = "number" }, { name = "w", type = "number" }, { name = "h", type = "number" } } },
  },
}
