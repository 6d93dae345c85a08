-- Churn: ropes built, reeled, cut, culled and destroyed on a fixed schedule,
-- so their node arrays grow, shift and split all the time and the memory
-- of one rope is reused by the next. The world hash must not depend on
-- what that memory held: tests/lua/determinism.lua runs it twice, and
-- tests/lua/valgrind.lua under valgrind.
local scene = { title = "Churn: ropes built, reeled, cut, culled" }
scene.view = { {-12, -22}, {12, 5} }
scene.tune = { every = 10, life = 150 }

local function spawn(world, k)
  local x = -10 + (k % 8) * 2.5
  local anchor = world:particle{ position = {x, 0}, pinned = true }
  local rope = world:rope{ start = anchor, to = {x + 0.5, -3}, segments = 6 + k % 5,
                           tethers = k % 3 == 0 and "both" or "start" }
  rope.last.mass = 0.5 + (k % 4) * 0.5
  rope:reel(6 + k % 3, 12 + k % 7)      -- out: nodes go in at the spool
  return { rope = rope, anchor = anchor, k = k, born = scene.steps }
end

-- A free rope falling: cut near its start, the short free spool part is
-- culled while the rest falls on.
local function drop(world, k)
  local x = -9 + (k % 7) * 3
  local rope = world:rope{ from = {x, -1}, to = {x + 2, -1}, segments = 8 + k % 4,
                           pin_start = false }
  rope:cut(1, 0.5)
  return { rope = rope, born = scene.steps }
end

local function alive(obj)
  return obj and not tostring(obj):find("destroyed")
end

-- One rope's life by its age in steps: reel out, cut near the end, reel
-- in, cut off a short piece (culled), then the spool part goes first.
local function age(life, tune)
  local t, rope = scene.steps - life.born, life.rope
  if t == 60 then
    life.tail = rope:cut(#rope - 4, 0.5)
    if life.k % 4 == 0 then             -- the spool part goes at once
      rope:destroy()
    end
  elseif not alive(rope) then
    -- the spool part went at the cut: nothing to reel or cut
  elseif t == 70 then
    rope:reel(-5, 2)                    -- in: nodes come out at the spool
  elseif t == 100 and #rope > 4 then
    rope:cut(#rope - 2, 0.25)           -- a 1-segment piece: culled
  elseif t == tune.life then
    rope:destroy()
  end
  if t == tune.life + 20 then
    if alive(life.tail) then life.tail:destroy() end
    life.anchor:destroy()
    return true
  end
end

function scene.load(world)
  world.gravity = {0, -9.81}
  world.min_fragment = 2
  scene.steps, scene.lives, scene.born = 0, {}, 0
end

function scene.update(world, dt, tune)
  scene.steps = scene.steps + 1
  if scene.steps % tune.every == 1 then
    scene.born = scene.born + 1
    scene.lives[#scene.lives + 1] = spawn(world, scene.born)
    if scene.born % 3 == 0 then drop(world, scene.born) end
  end
  for i = #scene.lives, 1, -1 do
    if age(scene.lives[i], tune) then table.remove(scene.lives, i) end
  end
end

return scene
