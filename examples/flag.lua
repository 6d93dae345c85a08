-- Flag: a textured flag on a pole in gusty wind. Push the wind slider up
-- and the flag tears past its strain limit (the tear slider), into pieces
-- that blow away; R hangs a new one. Left drag on the flag grabs it
-- (yank it); left drag on nothing orbits; right drag slashes it. F1 shows
-- its triangles and springs.
local taut = require "taut"

local scene = { title = "Flag", world = { is_3d = true, substeps = 12 } }
scene.view = { eye = {1.4, 2.7, 4.6}, target = {1.1, 2.4, 0} }

scene.tune = {
  wind = {8, 0, 40},         -- m/s, the mean of the gusts
  gusts = {0.4, 0, 1},       -- their size, a share of the wind
  tear = {0.8, 0.2, 2},      -- the strain the flag's threads tear at
}

-- This file's folder, so the texture is found from anywhere.
local here = debug.getinfo(1, "S").source:match("^@(.*[/\\])") or ""

local POLE = {0, 0, 0}     -- its foot
local TOP = 3.2            -- m, where the flag's top edge is
local FAR = 30             -- m: pieces blown farther are taken away

function scene.load(world, tune)
  -- a thread of this flag weighs half a gram: the cut floor goes below it
  world.min_cut_mass = 1e-5
  world:collider{ shape = "plane", center = {0, 0, 0}, friction = 0.6 }
  world:collider{ shape = "capsule", center = {POLE[1], TOP / 2, POLE[3]},
                  rotation = {math.cos(math.pi / 4), 0, 0, math.sin(math.pi / 4)},
                  length = TOP, radius = 0.04 }
  -- along the pole, just off it: the hoist side pinned where it is
  scene.flag = world:cloth{ grid = {32, 20}, size = {1.6, 1.0},
                            origin = {0.06, TOP, 0}, pin = "left",
                            stretch = 2e-4, shear = 0.1, max_strain = tune.tear,
                            visible = false }
  scene.gust = world:wind{ kind = "noise", direction = {1, 0, 0.15},
                           strength = tune.wind, turbulence = tune.gusts,
                           scale = 3, speed = 1.2 }
  scene.texture = taut.texture(here .. "flag.png")
end

function scene.tuned(_, tune)
  scene.gust.strength = tune.wind
  scene.gust.turbulence = tune.gusts
  scene.flag.max_strain = tune.tear
end

-- Pieces blown far off are taken away (looked for once a second), so the
-- world stays small.
function scene.update()
  scene.steps = (scene.steps or 0) + 1
  if scene.steps % 60 ~= 0 then return end
  for _, p in ipairs(scene.flag:nodes()) do
    local x = p.position
    if math.abs(x[1]) > FAR or math.abs(x[3]) > FAR then p:destroy() end
  end
end

function scene.draw(g)
  g:color(0.55, 0.55, 0.6)
  g:solid{ shape = "capsule", center = {POLE[1], TOP / 2 + 0.1, POLE[3]},
           rotation = {math.cos(math.pi / 4), 0, 0, math.sin(math.pi / 4)},
           length = TOP + 0.2, radius = 0.04 }
  g:solid{ shape = "sphere", center = {POLE[1], TOP + 0.26, POLE[3]}, radius = 0.07 }
  g:color(1, 1, 1)
  g:mesh(scene.flag, scene.texture)
  g:color(1, 1, 1)
  g:text({0.3, 0.4, 0}, ("%d of %d triangles standing"):format(
    scene.flag.standing, scene.flag.triangle_count))
end

return scene
