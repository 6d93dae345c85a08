-- examples/orbit.lua, counting its cuts (printed each frame it draws): the
-- 3D session of tests/lua/replay3d.lua and tests/lua/window.lua.
local scene = dofile("examples/orbit.lua")
local draw = scene.draw
scene.cuts = 0
function scene.cut() scene.cuts = scene.cuts + 1 end
function scene.draw(g) draw(g); print("cuts " .. scene.cuts) end
return scene
