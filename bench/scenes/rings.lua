-- Bench: 50 pressure rings of 32 nodes dropped in a heap on a floor (no
-- walls), for `taut bench scene`: the step of a pile of soft bodies in
-- contact with each other and the floor.
local scene = { title = "bench: 50 pressure rings" }
function scene.load(world)
  world:collider{ shape = "plane", center = {0, 0} }
  for k = 0, 49 do
    local col, row = k % 10, k // 10
    world:softbody{ ring = {center = {-4.5 + col + 0.1 * (row % 2), 0.6 + row * 1.05},
                            radius = 0.48, segments = 32} }
  end
end
return scene
