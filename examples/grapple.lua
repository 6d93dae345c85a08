-- Grappling hook playground (the default scene).
-- Click to fire the hook at the pointer (a click while hooked re-aims);
-- keep the button held and the rope reels in once the hook bites;
-- A / D pump the swing; Space lets go; R rebuilds.
local grapple = require "grapple"

---@type taut.scene
local scene = { title = "Grappling hook" }
scene.view = { {-22, -2}, {22, 25} }
scene.controls = {
  {"click", "fire the hook"}, {"hold", "reel in"}, {"A / D", "pump"},
  {"Space", "let go"},
}

scene.tune = {
  reel_speed = {6, 0, 20},     -- m/s
  hook_speed = {40, 5, 120},   -- m/s
  pump = {12, 0, 40},          -- m/s^2 while A or D is held
  player_mass = {70, 1, 200},  -- kg
}

local level = {
  -- floor, ceilings at two heights, walls, and a few things to hook
  { shape = "box", center = {0, -1}, size = {44, 2} },
  { shape = "box", center = {-11, 17}, size = {20, 1} },
  { shape = "box", center = {11, 19}, size = {20, 1} },
  { shape = "box", center = {-21.5, 9}, size = {1, 20} },
  { shape = "box", center = {21.5, 9}, size = {1, 20} },
  { shape = "circle", center = {0, 12}, radius = 1 },
  { shape = "box", center = {-8, 6}, size = {4, 0.5}, angle = 0.3 },
  { shape = "capsule", center = {9, 8}, length = 5, radius = 0.3, angle = -0.2 },
}

function scene.load(world, tune)
  world.gravity = {0, -9.81}
  for _, c in ipairs(level) do world:collider(c) end
  scene.player = world:particle{ position = {0, 0.5}, mass = tune.player_mass, radius = 0.4 }
  scene.hook = grapple.new(world, { from = scene.player })
  scene.push = { a = 0, d = 0 }
  scene.held = false
  scene.tuned(world, tune)
end

function scene.tuned(world, tune)
  scene.hook.reel_speed = tune.reel_speed
  scene.hook.hook_speed = tune.hook_speed
  scene.hook.pump_accel = tune.pump
  scene.player.mass = tune.player_mass
end

function scene.update(world, dt, tune)
  scene.hook:pump(scene.push.d - scene.push.a)
  scene.hook:update(dt)
  -- the button still held from the firing click reels in once it bites
  if scene.held and scene.hook.state == "attached" then scene.hook:reel(true) end
end

function scene.mousepressed(x, y, button)
  if button ~= 1 then return false end
  scene.hook:fire{x, y}  -- hooked or not, a click aims afresh
  scene.held = true
  return true  -- the click is the hook's, not a grab
end

function scene.mousereleased(x, y, button)
  if button ~= 1 then return false end
  scene.held = false
  scene.hook:reel(false)
  return true
end

function scene.keypressed(key)
  if scene.push[key] then scene.push[key] = 1; return true end
  if key == "space" then scene.hook:release(); return true end
end

function scene.keyreleased(key)
  if scene.push[key] then scene.push[key] = 0; return true end
end

function scene.draw(g)
  local p, hook = scene.player, scene.hook
  hook:draw(g)
  g:color(0.35, 0.8, 1)
  g:circle(p.x, p.y, 0.4)
  if hook.hit then
    g:color(1, 0.75, 0.2)
    g:circle(hook.hit.point[1], hook.hit.point[2], 0.25, "line")
  end
  g:color(1, 1, 1)
  g:text(p.x + 0.6, p.y + 1.2, ("%s  %.1f m  %.0f N"):format(
    hook.state, hook:length(), hook:tension()))
end

return scene
