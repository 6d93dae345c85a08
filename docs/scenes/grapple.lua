-- The grapple example, its hook fired at the ceiling on the second step
-- and reeled in, for the screenshot of docs/grapple.md (make docs).
local scene = dofile("examples/grapple.lua")
local update = scene.update
local steps = 0

function scene.update(world, dt, tune)
  steps = steps + 1
  if steps == 2 then scene.hook:fire{-7, 16.4} end
  if steps == 45 then scene.hook:reel(true) end
  update(world, dt, tune)
end

return scene
