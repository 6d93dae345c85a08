-- taut_api.scene: what a scene file returns (lua/runtime.c runs it).
local world = { name = "world", type = "taut.world" }
local tune = { name = "tune", type = "table<string, number|boolean>", doc = "the tune values now, by name" }
local consumed = { { type = "boolean?", doc = "true: the viewer's own handling (grab, slash) is skipped" } }
local x = { name = "x", type = "number", unit = "m", doc = "world coordinates" }
local y = { name = "y", type = "number", unit = "m" }
local button = { name = "button", type = "integer", doc = "1 left, 2 middle, 3 right" }
local key = { name = "key", type = "string", doc = "the key's name, as LÖVE names keys (\"space\", \"a\", \"lctrl\", \"f12\", \".\")" }

return {
  prose = {
    { name = "Scenes", doc = [[
A scene file returns a table: its fields say what it is, its functions are called by the runtime
(all optional), in the manner of LÖVE. `taut scene.lua` runs it in a window, `--headless` without
one; `taut.runtime(path)` runs it from a test. Saving the file while it runs applies the change
(only tune values: `tuned`; other callbacks: swapped in, the world kept; `load`: the world
rebuilt). An input callback that returns true took the input: the viewer leaves it (see Keys and
mouse). An error shows in a bar at the bottom of the scene with file, line and traceback (Tab unfolds it),
and the last good scene keeps running.
Annotate the table with `---@type taut.scene` to have the editor check it.

```lua
local taut = require "taut"
---@type taut.scene
local scene = { title = "My scene" }
scene.tune = { length = {6, 1, 20} }          -- m: a slider from 1 to 20
function scene.load(world, tune)
  local pin = world:particle{ position = {0, 0}, pinned = true }
  local bob = world:particle{ position = {tune.length, 0}, mass = 2 }
  world:spring{ a = pin, b = bob }
end
return scene
```]] },
  },
  scene_fields = {
    { name = "title", type = "string", doc = "shown in the window's title, the HUD and the scene browser's card" },
    { name = "tune", type = "table<string, number|boolean|number[]>", doc = "live-tunable values: a number, a boolean, or {value, min, max} for a slider's range; the comment ending an entry's line gives its unit (`-- m/s`)",
      example = "scene.tune = { reel_speed = {6, 0, 20}, gust = 4, show_wind = true }" },
    { name = "view", type = "taut.vec[]|taut.view3", doc = "what the camera frames: 2D {lo, hi} corners; 3D {eye = {x, y, z}, target = {x, y, z}}",
      example = "scene.view = { {-7, -8}, {7, 2} }" },
    { name = "controls", type = "(string|string[])[]", doc = "the scene's own keys and clicks, listed in the HUD: {keys, what} each, or a string shown as it is (an entry of another shape shows what is wrong with it)",
      example = [[scene.controls = { {"click", "fire the hook"}, {"A / D", "pump"}, "Space: let go" }]] },
    { name = "world", type = "taut.world_options", doc = "the options of the world load gets (taut.world{...}): {is_3d = true} for a 3D scene" },
  },
  records = {
    { type = "taut.view3", doc = "A 3D scene's camera: where the eye is and what it looks at.",
      fields = { { name = "eye", type = "taut.vec", unit = "m" }, { name = "target", type = "taut.vec", unit = "m" } } },
  },
  callbacks = {
    { name = "load", doc = "Build the world: called at the start and at every rebuild (R, or a save that changed load).", params = { world, tune } },
    { name = "update", doc = "Gameplay, before each fixed step.", params = { world, { name = "dt", type = "number", unit = "s" }, tune } },
    { name = "tuned", doc = "A tune value changed (slider, save, --set): apply it to live objects; without it nothing is applied until a rebuild.",
      params = { world, tune, { name = "changed", type = "table<string, boolean>", doc = "the names that changed" } } },
    { name = "draw", doc = "Extra drawing over the debug view, each frame; positions read here are the drawn (interpolated) ones.",
      params = { { name = "g", type = "taut.graphics" } } },
    { name = "keypressed", doc = "A key went down.", params = { key }, returns = consumed },
    { name = "keyreleased", doc = "A key came up.", params = { key }, returns = consumed },
    { name = "mousepressed", doc = "A mouse button went down (world coordinates); a scene's own clicks come before the grab.", params = { x, y, button }, returns = consumed },
    { name = "mousereleased", doc = "A mouse button came up.", params = { x, y, button }, returns = consumed },
    { name = "mousemoved", doc = "The pointer moved.", params = { x, y }, returns = consumed },
  },
}
