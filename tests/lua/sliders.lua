-- The tuning panel's slider for a tune value given as a plain number: its
-- range is 0 to twice the file's value, whatever the value in force. It
-- was recomputed around the value after every change, so a drag moved the
-- range it was dragged in: the knob stayed in the middle and the value ran
-- away (5 dragged 30% right gave 25, then 70, in a window).
local taut = require "taut"
local test = require "test"

local SCENE = [[
local scene = { title = "plain tune" }
scene.tune = { speed = 5, size = {2, 0, 4} }
function scene.load(world, tune)
  world:particle{ position = {0, 0} }
end
function scene.tuned() end
return scene
]]

-- The knob's left edge on the speed row (rows sorted: size, speed) as a
-- share of the track, after the run taut is given.
local function knob_share(...)
  local png = test.tmpname(".png")
  local layout = test.layout("--screenshot", png, ...)
  local img = taut.image(png)
  os.remove(png)
  local x0, w = test.slider_track(layout, 2)
  local at = test.knob_at(img, layout, 2)
  return at and (at + 3.5 * layout.scale - x0) / w
end

test("a plain number's slider keeps its range from the file's value as it is set", function()
  local scene = test.write(SCENE, ".lua")
  test.near(knob_share("--frames", "0", scene), 0.5, 0.01, "5 of 0..10")
  -- the panel sets 8 (as a drag to 80% of the track does): the knob stays at 80%
  local rec = test.recording(scene, { ("panel 5 speed %a %a %a"):format(8, 0, 0) }, 10)
  test.near(knob_share("--replay", rec, scene), 0.8, 0.01, "8 of 0..10")
  -- a value beyond twice the file's widens the range to hold it
  test.near(knob_share("--frames", "0", "--set", "speed=40", scene), 1.0, 0.01, "40 of 0..40")
  os.remove(rec)
  os.remove(scene)
end)
